package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// Errors wrapped by InputError.Err, for callers that sort problems by kind.
var (
	ErrLength    = errors.New("wrong length")
	ErrCharacter = errors.New("unexpected character")
	ErrRows      = errors.New("incomplete grid")
	ErrRowLength = errors.New("bad grid row")
	ErrText      = errors.New("unexpected text")
	ErrLineLong  = errors.New("line too long")
	ErrNoPuzzle  = errors.New("no puzzle")
	ErrTooMany   = errors.New("more than one puzzle")
	// ErrNotPuzzles ends the reading of an input that starts with no
	// puzzle but many errors, or holds binary data.
	ErrNotPuzzles = Invalidf("does not look like a puzzle file")
)

// giveUpAfter is how many errors an input may start with, before any
// puzzle, until the reader decides it is not a puzzle file.
const giveUpAfter = 5

// InputError reports a puzzle that could not be read, with where and why. The
// rest of the input can still be read after it.
type InputError struct {
	Source string // the file name, "<stdin>" or "argument N"
	Line   int    // 1-based line of the problem
	Err    error  // what is wrong; wraps one of the Err* values or a *ConflictError
}

func (e *InputError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Source, e.Line, e.Err) }

func (e *InputError) Unwrap() error { return e.Err }

// Is makes every InputError of kind ErrInvalid.
func (e *InputError) Is(target error) bool { return target == ErrInvalid }

// Puzzle is one puzzle read from an input, with where it came from.
type Puzzle struct {
	// Grid holds the digits placed: the givens, or for a candidate state,
	// every filled cell.
	Grid Grid
	// Cands holds the candidates of the empty cells when the input gives
	// them (pencil marks); nil when it gives only digits.
	Cands *[81]Digits
	// Label is the text after the cells on the same line, or a title
	// line before a grid, less the fields that carry the rules.
	Label  string
	Source string // as given to NewReader
	Line   int    // 1-based line where the puzzle starts
	// Rules are the rules of the puzzle's grid: those its label or JSON
	// row names (see label.go), else the reader's (see
	// Reader.SetRules); classic unless one of them says otherwise.
	Rules Rules
	// Board holds a puzzle of another size than 9x9 (see sized.go): its
	// shape and cells; nil for a classic 9x9 puzzle, whose digits are in
	// Grid (which a sized puzzle leaves empty).
	Board *Board
	// Alphabet is the alphabet a Board was read in (Letters or
	// FromZero), which the writers write it back in.
	Alphabet Alphabet
}

// State returns the puzzle's candidate state under its rules: its pencil
// marks when the input gave them, else the candidates its digits leave.
func (p Puzzle) State() *State {
	if !p.Rules.IsClassic() {
		return p.Rules.StateOf(p.Grid, p.Cands)
	}
	if p.Cands != nil {
		return StateOf(p.Grid, p.Cands)
	}
	return NewState(p.Grid)
}

// maxLine is the longest line the Reader accepts; longer lines are reported
// and skipped, so that a binary or corrupt file cannot exhaust memory.
const maxLine = 64 << 10

// Reader reads puzzles one at a time from a stream. It accepts, in any mix:
//
//   - line format: 81 cells on one line, digits 1-9 and blanks as '.', '0',
//     '_', '*', '-' or 'x'; text after the cells, separated by whitespace, is
//     the puzzle's label (ratings, ids, hashes), less the fields that name
//     its rules, among them a jigsaw's layout as the second field (see
//     label.go). 81 cells separated by spaces are also accepted;
//   - grid format: 9 lines of 9 cells, with or without separators ('|', '+',
//     '-', spaces) and separator lines such as "------+-------+------" or
//     "*-----------*"; grids follow each other directly or are separated by
//     blank lines or lines such as "========"; a line of text directly
//     above a grid or a line puzzle (such as "Grid 01"; only the grid's
//     border may come between) becomes its label, and any other is
//     reported;
//   - candidate states, .sdk metadata and OpenSudoku XML (see marks.go):
//     such a puzzle comes with Cands set;
//   - sudokit's own CSV and JSON rows.
//
// Lines starting with '#' and blank lines are skipped; CRLF line ends and a
// UTF-8 byte order mark are accepted. A puzzle whose digits repeat in a row,
// column or box is reported as an *InputError wrapping a *ConflictError.
type Reader struct {
	br     *bufio.Reader
	source string
	rules  Rules // of the puzzles that do not name theirs
	// shape and alphabet of the puzzles that do not give theirs (see
	// SetShape); sb is the sized grid under way.
	shape    Shape
	alphabet Alphabet
	sb       *sizedBlock
	line     int
	fatal    error  // sticky: io.EOF, a read error, or ErrNotPuzzles
	queue    []item // items read and not yet returned, from queue[head] on
	head     int
	// good and bad count the puzzles and errors returned so far.
	good, bad int
	// csvHeader names the columns of the CSV rows that follow a header
	// line (nil before one).
	csvHeader []string
	// groups is the candidate grid under way (nil when none); meta the
	// .sdk metadata lines read for the next puzzle; xml the OpenSudoku
	// document being read.
	groups *groupsBlock
	spare  *groupsBlock // a finished block, for the next one
	meta   []string
	xml    *xmlGames
	// skipGroups skips the lines of a broken candidate grid up to a blank
	// line.
	skipGroups bool
	gbuf       []group // reused by groupTokens on the hot path

	// grid block under construction, and its lines (a candidate grid may
	// turn out to have started there)
	rows      int
	gridStart int
	grid      Grid
	gridErr   error
	gridLine  int
	gridRaw   [][]byte
	lastLine  []byte // the line being handled
	title     string
	titleLine int

	// board holds the variants of the sized puzzles of its shape that do
	// not name theirs (see SetBoardRules); nil for none.
	board *Board
}

type item struct {
	p   Puzzle
	err error
}

// NewReader returns a Reader of the puzzles in r; source names the input in
// errors and in each Puzzle.
func NewReader(r io.Reader, source string) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, maxLine), source: source}
}

// SetRules sets the rules of the puzzles that do not name their own (a
// label's variant= field, a JSON row's "variant"): classic until it is
// called. Their digits are checked against them.
func (r *Reader) SetRules(rules Rules) { r.rules = rules }

// Next returns the next puzzle. A puzzle that cannot be read is returned with
// an *InputError, and the following call goes on with the rest of the input.
// At the end of the input Next returns io.EOF; a read failure is returned
// wrapped, and every later call returns it again.
func (r *Reader) Next() (Puzzle, error) {
	for {
		if r.head < len(r.queue) {
			it := r.queue[r.head]
			r.queue[r.head] = item{}
			if r.head++; r.head == len(r.queue) {
				r.queue, r.head = r.queue[:0], 0 // reuse the array
			}
			return r.take(it)
		}
		if r.fatal != nil {
			return Puzzle{Source: r.source}, r.fatal
		}
		if r.xml != nil {
			r.nextXML()
			continue
		}
		line, err := r.readLine()
		switch {
		case err == io.EOF:
			r.endBlock()
			r.endGroups()
			r.endTitle()
			r.fatal = io.EOF
		case errors.Is(err, ErrLineLong):
			r.fail(r.line, err)
		case err != nil:
			r.endBlock()
			r.fatal = fmt.Errorf("read %s: %w", r.source, err)
		case r.good == 0 && bytes.IndexByte(line, 0) >= 0:
			r.fatal = fmt.Errorf("%s %w: binary data at line %d", r.source, ErrNotPuzzles, r.line)
		default:
			if it, ok := r.plainLine(line); ok {
				return r.take(it)
			}
			r.handle(line)
		}
	}
}

// take returns an item read, counting it: an input whose first items are
// all errors ends there (ErrNotPuzzles).
func (r *Reader) take(it item) (Puzzle, error) {
	if it.err == nil {
		r.good++
	} else if r.bad++; r.good == 0 && r.bad == giveUpAfter {
		r.queue, r.head = nil, 0
		r.fatal = fmt.Errorf("%s %w: its first %d items are errors", r.source, ErrNotPuzzles, giveUpAfter)
	}
	return it.p, it.err
}

// plainLine reads the commonest line of all, 81 cell characters and
// nothing else, when nothing is under way that it could belong to (a
// grid, a candidate grid, a sized grid, a title or metadata waiting for
// their puzzle) and under classic rules: the item classify would queue
// for it, without testing the line for the other layouts first. It
// reports false, having done nothing, for any other line or state.
func (r *Reader) plainLine(line []byte) (item, bool) {
	if len(line) != 81 || !r.idle() || !r.rules.IsClassic() {
		return item{}, false
	}
	p := Puzzle{Source: r.source, Line: r.line, Rules: r.rules}
	if !parseCells(line, &p.Grid) {
		return item{}, false
	}
	if err := p.Grid.Validate(); err != nil {
		return item{p, &InputError{Source: r.source, Line: r.line, Err: err}}, true
	}
	return item{p: p}, true
}

// idle reports whether the reader is between puzzles: no block, title or
// metadata under way, no shape given for the puzzles (--size).
func (r *Reader) idle() bool {
	return r.rows == 0 && r.sb == nil && r.groups == nil && !r.skipGroups && r.title == "" &&
		len(r.meta) == 0 && r.shape.n == 0
}

// All returns an iterator over the remaining puzzles, each with its error as
// Next would return it; it stops at the end of the input or after yielding a
// read failure.
func (r *Reader) All() iter.Seq2[Puzzle, error] {
	return func(yield func(Puzzle, error) bool) {
		for {
			p, err := r.Next()
			if err == io.EOF {
				return
			}
			if !yield(p, err) {
				return
			}
			if err != nil && !isInputError(err) {
				return
			}
		}
	}
}

// isInputError reports whether err is an *InputError, after which the
// input goes on. (Apart from All, so that the target of errors.As is not
// allocated for every puzzle.)
func isInputError(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}

// readLine returns the next line without its line end. A line longer than
// maxLine is skipped and reported with ErrLineLong.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.line++
		for err == bufio.ErrBufferFull {
			_, err = r.br.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		return nil, fmt.Errorf("%w (over %d bytes)", ErrLineLong, maxLine)
	}
	if err == io.EOF && len(line) > 0 {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	r.line++
	if r.line == 1 {
		line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
	}
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	return line, nil
}

// cellValue returns the value of a cell character: 1..9 for a digit, 0 for a
// blank, and ok=false for anything else.
func cellValue(c byte) (v uint8, ok bool) {
	switch {
	case c >= '1' && c <= '9':
		return c - '0', true
	case c == '.' || c == '0' || c == '_' || c == '*' || c == '-' || c == 'x' || c == 'X':
		return 0, true
	}
	return 0, false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' }

// trimSpace returns b without its leading and trailing whitespace.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// fieldEnd returns the length of the first field of a line that starts
// with one: the index of its first whitespace, or len(b).
func fieldEnd(b []byte) int {
	for i, c := range b {
		if isSpace(c) {
			return i
		}
	}
	return len(b)
}

// handle acts on one line. A title line labels only the puzzle that
// starts on the next line (separator lines drawing the grid's border may
// come between): when the line after it starts none, the title is reported
// before whatever that line gave.
func (r *Reader) handle(raw []byte) {
	if r.title == "" {
		r.classify(raw)
		return
	}
	queued, title := len(r.queue), r.titleLine
	r.classify(raw)
	if r.title == "" || r.titleLine != title || r.rows > 0 || r.groups != nil || r.sb != nil {
		return // used, replaced by a new title, or labelling the block under way
	}
	if line := trimSpace(raw); len(line) > 0 && isSeparator(line) {
		return
	}
	rest := slices.Clone(r.queue[queued:])
	r.queue = r.queue[:queued]
	r.endTitle()
	r.queue = append(r.queue, rest...)
}

// classify classifies one line and acts on it: each step below takes the
// line or leaves it to the next.
func (r *Reader) classify(raw []byte) {
	line := trimSpace(raw)
	r.lastLine = line
	if len(line) == 0 {
		r.endBlock()
		r.endGroups()
		r.skipGroups = false
		return
	}
	if r.groupLine(line) || r.tagged(line) {
		return
	}
	if (r.sb != nil || r.shape.n != 0 || r.title != "") && r.sizedGridLine(line) {
		return
	}
	// A first field of 81 cells: cell characters hold no whitespace, so
	// the field ends where they do.
	var g Grid
	if len(line) >= 81 && (len(line) == 81 || isSpace(line[81])) && parseCells(line[:81], &g) {
		r.endBlock()
		r.endGroups()
		r.emit(g, string(trimSpace(line[81:])))
		return
	}
	end := fieldEnd(line)
	first := line[:end]
	if isArrowLine(first) {
		r.killerLine(line, end)
		return
	}
	if len(first) != 81 && r.sizedLine(first, line[end:]) {
		return
	}
	if isSeparator(line) || r.startGroups(line) {
		return
	}
	if len(first) > 9 && allCells(first) {
		r.endBlock()
		r.fail(r.line, fmt.Errorf("%w: found %d cells, want 81", ErrLength, len(first)))
		return
	}
	r.gridRow(raw, line, end)
}

// groupLine takes a line that goes on a candidate grid under way (the fast
// path through one), or the rest of a broken one.
func (r *Reader) groupLine(line []byte) bool {
	if r.skipGroups {
		if gs, _ := groupTokens(line, r.gbuf); gs != nil || isSeparator(line) || looksLikeGroups(line) {
			return true
		}
		r.skipGroups = false
	}
	if r.groups == nil {
		return false
	}
	if gs, _ := groupTokens(line, r.gbuf); gs != nil {
		r.gbuf = gs
		r.addGroups(gs)
		return true
	}
	return isSeparator(line)
}

// tagged takes the lines that say what they are by their first
// characters or length: a 729-character line, '#' metadata and comments,
// OpenSudoku XML, a JSON row, a CSV row.
func (r *Reader) tagged(line []byte) bool {
	switch {
	case isPM729(line) && (len(line) == 729 || isSpace(line[729])):
		r.endBlock()
		r.endGroups()
		r.pm729(line[:729], string(trimSpace(line[729:])))
	case line[0] == '#':
		r.metadata(line)
	case bytes.HasPrefix(line, []byte("<?xml")) || bytes.HasPrefix(line, []byte("<opensudoku")):
		r.startXML(line)
	case line[0] == '{':
		r.endBlock()
		r.endGroups()
		r.jsonRow(line)
	case isPSLine(line):
		r.killerLine(line, fieldEnd(line))
	default:
		return bytes.IndexByte(line, ',') >= 0 && r.csvRow(line)
	}
	return true
}

// startGroups takes a line made of candidate groups that starts (or goes
// on) a candidate grid, or the line of a candidate grid that has a bad
// group: that error names the cell, and the rest of the grid is skipped.
func (r *Reader) startGroups(line []byte) bool {
	groups, badAt := groupTokens(line, r.gbuf)
	if groups != nil && r.wantsGroups(line, groups) {
		r.gbuf = groups
		if r.rows > 0 && !r.convertibleGrid() {
			r.endBlock()
		}
		r.addGroups(groups)
		return true
	}
	if r.groups == nil && (r.rows != 0 || !looksLikeGroups(line)) {
		return false
	}
	n := 0
	if r.groups != nil {
		n = r.groups.n
	}
	badAt = max(badAt, 0)
	if gs, _ := groupTokens(line[:badAt], nil); gs != nil {
		n += len(gs)
	}
	r.failGroups(r.line, fmt.Errorf("%w %q in the candidates of %s", ErrCharacter, fieldAt(line, badAt), CellName(min(n, 80))))
	r.skipGroups = true
	return true
}

// gridRow reads a line of cells: a row of a grid, 81 cells with
// separators, a title line before a grid, or an error. end is where the
// line's first field ends.
func (r *Reader) gridRow(raw, line []byte, end int) {
	var cells [81]uint8
	n := 0
	badCol := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if isSpace(c) || c == '|' {
			continue
		}
		v, ok := cellValue(c)
		if !ok {
			badCol = i + 1 + (len(raw) - len(bytes.TrimLeft(raw, " \t\v\f")))
			break
		}
		if n < len(cells) {
			cells[n] = v
		}
		n++
	}
	if badCol != 0 {
		if isTitle(line) && end != 81 {
			r.endBlock()
			r.endTitle()
			r.title, r.titleLine = string(line), r.line
			return
		}
		ch, _ := utf8.DecodeRune(raw[badCol-1:])
		err := fmt.Errorf("%w %q at column %d", ErrCharacter, ch, badCol)
		if r.rows > 0 {
			r.addRow(cells, err)
		} else {
			r.fail(r.line, err)
		}
		return
	}
	separated := end < len(line) || bytes.IndexByte(line, '|') >= 0
	switch {
	case n == 9:
		r.addRow(cells, nil)
	case n == 81:
		r.endBlock()
		r.emit(Grid(cells), "")
	case r.rows > 0:
		r.addRow(cells, fmt.Errorf("%w: found %d cells, want 9", ErrRowLength, n))
	case !separated || n > 9:
		r.fail(r.line, fmt.Errorf("%w: found %d cells, want 81", ErrLength, n))
	default:
		r.addRow(cells, fmt.Errorf("%w: found %d cells, want 9", ErrRowLength, n))
	}
}

// onlyDigits reports whether a line holds only digits 1-9, whitespace and
// '|': a row of placed digits, which may belong to a candidate grid.
func onlyDigits(b []byte) bool {
	for _, c := range b {
		if (c < '1' || c > '9') && c != '|' && !isSpace(c) {
			return false
		}
	}
	return len(b) > 0
}

func allCells(b []byte) bool {
	for _, c := range b {
		if cellValues[c] == notCell {
			return false
		}
	}
	return true
}

// notCell marks the characters that are no cell in cellValues.
const notCell = 0xFF

// cellValues is cellValue as a table: the value of each cell character,
// notCell for the others.
var cellValues = func() (t [256]uint8) {
	for c := range t {
		v, ok := cellValue(byte(c))
		if !ok {
			v = notCell
		}
		t[c] = v
	}
	return t
}()

// parseCells reads 81 cell characters into g, in one pass; it reports
// false when one of them is no cell character (g is then undefined).
func parseCells(b []byte, g *Grid) bool {
	if len(b) != len(g) {
		return false
	}
	var bad uint8
	for i := range g {
		v := cellValues[b[i]]
		bad |= v & 0x80
		g[i] = v
	}
	return bad == 0
}

// isSeparator reports whether a line only draws lines: no digit or blank
// other than '-' and '*', and not a row of nine '-' or '*' blanks; or a
// border with corners, ".-------.-------." or "'-------'-------'".
func isSeparator(line []byte) bool {
	dashes, marks, corners := 0, 0, 0
	for _, c := range line {
		switch {
		case c == '-' || c == '*':
			dashes++
		case c == '+' || c == '=' || c == '~' || c == ':':
			marks++
		case c == '.' || c == '\'':
			corners++ // the corners of HoDoKu's and SE's borders: .---.  '---'
		case c == '|' || isSpace(c):
		default:
			return false
		}
	}
	if corners > 0 {
		return bytes.Contains(line, []byte("---"))
	}
	return marks > 0 || dashes != 9
}

// isTitle reports whether a line reads as text naming the grid that follows,
// such as "Grid 01": it starts with a letter that is not a blank mark.
func isTitle(line []byte) bool {
	c := line[0]
	return (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') && c != 'x' && c != 'X'
}

// emit queues a puzzle read from one line; a pending title labels it unless
// the line has a label of its own.
func (r *Reader) emit(g Grid, label string) { r.emitRules(g, label, nil) }

// emitRules is emit for a row that names its rules (own, when not nil).
func (r *Reader) emitRules(g Grid, label string, own *Rules) {
	p := Puzzle{Grid: g, Label: label, Source: r.source, Line: r.line}
	r.labelPending(&p)
	r.queue = append(r.queue, r.finishRules(p, own))
}

// finish validates a complete puzzle under its rules.
func (r *Reader) finish(p Puzzle) item { return r.finishRules(p, nil) }

// finishRules is finish for a puzzle whose row named its rules (own, when
// not nil).
func (r *Reader) finishRules(p Puzzle, own *Rules) item {
	if err := r.attachRules(&p, own); err != nil {
		return item{p, &InputError{Source: r.source, Line: p.Line, Err: err}}
	}
	if p.Rules.Has("killer") && !p.Rules.HasCages() {
		return item{p, &InputError{Source: r.source, Line: p.Line, Err: Invalidf(
			"a killer needs its cages: a cages= field, a JSON row's \"cages\", or a line in the PS or arrow format")}}
	}
	if err := p.Rules.Check(p.Grid); err != nil {
		return item{p, &InputError{Source: r.source, Line: p.Line, Err: err}}
	}
	return item{p: p}
}

// attachRules gives a puzzle its rules: own when its row named them, else
// those its label carries (which leave the label), else the reader's.
func (r *Reader) attachRules(p *Puzzle, own *Rules) error {
	rules, rest, found, err := rulesFromLabel(p.Label)
	switch {
	case err != nil:
		return err
	case own != nil:
		p.Rules = *own
	case found:
		p.Rules = rules
	default:
		p.Rules = r.rules
	}
	p.Label = rest
	return nil
}

// fail queues an error that belongs to no puzzle block.
func (r *Reader) fail(line int, err error) {
	r.queue = append(r.queue, item{
		p:   Puzzle{Source: r.source, Line: line},
		err: &InputError{Source: r.source, Line: line, Err: err},
	})
}

// addRow adds one row (or a broken row, with its error) to the grid block.
func (r *Reader) addRow(cells [81]uint8, err error) {
	if r.rows == 0 {
		r.gridStart = r.line
		r.grid = Grid{}
		r.gridErr = nil
		r.gridRaw = r.gridRaw[:0]
	}
	if err != nil && r.gridErr == nil {
		r.gridErr, r.gridLine = err, r.line
	}
	copy(r.grid[r.rows*9:r.rows*9+9], cells[:9])
	var raw []byte // kept only when the row could belong to a candidate grid
	if onlyDigits(r.lastLine) {
		raw = bytes.Clone(r.lastLine)
	}
	r.gridRaw = append(r.gridRaw, raw)
	r.rows++
	if r.rows == 9 {
		r.endBlock()
	}
}

// endBlock finishes the grid block under construction, if any. Nine rows
// of nine distinct digits that do not make a valid grid are taken for the
// first nine cells of a file of one cell per line.
func (r *Reader) endBlock() {
	r.endSized()
	if r.rows == 0 {
		return
	}
	if r.rows == 9 && r.gridErr == nil && r.grid.Validate() != nil && r.oneGroupPerRow() {
		r.addGroups(nil)
		return
	}
	p := Puzzle{Grid: r.grid, Source: r.source, Line: r.gridStart}
	r.labelPending(&p)
	switch {
	case r.gridErr != nil:
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: r.gridLine, Err: r.gridErr}})
	case r.rows < 9:
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: r.gridStart,
			Err: fmt.Errorf("%w: found %d rows, want 9", ErrRows, r.rows)}})
	default:
		r.queue = append(r.queue, r.finish(p))
	}
	r.rows = 0
}

// oneGroupPerRow reports whether each row of the grid under way is one group
// of nine digits.
func (r *Reader) oneGroupPerRow() bool {
	for _, l := range r.gridRaw {
		if gs, _ := groupTokens(l, nil); len(gs) != 1 {
			return false
		}
	}
	return true
}

// endTitle reports a title line that no grid followed.
func (r *Reader) endTitle() {
	if r.title != "" {
		r.fail(r.titleLine, fmt.Errorf("%w %q: no puzzle follows it", ErrText, r.title))
		r.title = ""
	}
}

// ParseGrid reads exactly one puzzle from s, in any format Reader accepts.
func ParseGrid(s string) (Grid, error) {
	rd := NewReader(strings.NewReader(s), "input")
	p, err := rd.Next()
	if err == io.EOF {
		return Grid{}, ErrNoPuzzle
	}
	if err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			return Grid{}, ie.Err
		}
		return Grid{}, err
	}
	if _, err := rd.Next(); err != io.EOF {
		return Grid{}, ErrTooMany
	}
	if p.Board != nil {
		return Grid{}, fmt.Errorf("%w: a %s puzzle, want 9x9", ErrLength, p.Shape())
	}
	return p.Grid, nil
}
