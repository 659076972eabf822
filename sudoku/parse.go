package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
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
	ErrNotPuzzles = errors.New("does not look like a puzzle file")
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

// Puzzle is one puzzle read from an input, with where it came from.
type Puzzle struct {
	// Grid holds the digits placed: the givens, or for a candidate state,
	// every filled cell.
	Grid Grid
	// Cands holds the candidates of the empty cells when the input gives
	// them (pencil marks); nil when it gives only digits.
	Cands  *[81]Digits
	Label  string // text after the cells on the same line, or a title line before a grid
	Source string // as given to NewReader
	Line   int    // 1-based line where the puzzle starts
}

// State returns the puzzle's candidate state: its pencil marks when the
// input gave them, else the candidates its digits leave.
func (p Puzzle) State() *State {
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
//     the puzzle's label (ratings, ids, hashes). 81 cells separated by spaces
//     are also accepted;
//   - grid format: 9 lines of 9 cells, with or without separators ('|', '+',
//     '-', spaces) and separator lines such as "------+-------+------" or
//     "*-----------*"; grids follow each other directly or are separated by
//     blank lines or lines such as "========"; a line of text just before a
//     grid (such as "Grid 01") becomes its label.
//
// Lines starting with '#' and blank lines are skipped; CRLF line ends and a
// UTF-8 byte order mark are accepted. A puzzle whose digits repeat in a row,
// column or box is reported as an *InputError wrapping a *ConflictError.
type Reader struct {
	br     *bufio.Reader
	source string
	line   int
	fatal  error // sticky: io.EOF, a read error, or ErrNotPuzzles
	queue  []item
	// good and bad count the puzzles and errors returned so far.
	good, bad int
	// csvHeader names the columns of the CSV rows that follow a header
	// line (nil before one).
	csvHeader []string

	// grid block under construction
	rows      int
	gridStart int
	grid      Grid
	gridErr   error
	gridLine  int
	title     string
	titleLine int
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

// Next returns the next puzzle. A puzzle that cannot be read is returned with
// an *InputError, and the following call goes on with the rest of the input.
// At the end of the input Next returns io.EOF; a read failure is returned
// wrapped, and every later call returns it again.
func (r *Reader) Next() (Puzzle, error) {
	for {
		if len(r.queue) > 0 {
			it := r.queue[0]
			r.queue = r.queue[1:]
			if it.err == nil {
				r.good++
			} else if r.bad++; r.good == 0 && r.bad == giveUpAfter {
				r.queue = nil
				r.fatal = fmt.Errorf("%s %w: its first %d items are errors", r.source, ErrNotPuzzles, giveUpAfter)
			}
			return it.p, it.err
		}
		if r.fatal != nil {
			return Puzzle{Source: r.source}, r.fatal
		}
		line, err := r.readLine()
		switch {
		case err == io.EOF:
			r.endBlock()
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
			r.handle(line)
		}
	}
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
			var ie *InputError
			if err != nil && !errors.As(err, &ie) {
				return
			}
		}
	}
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
	return bytes.TrimRight(line, "\r\n"), nil
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

// handle classifies one line and acts on it.
func (r *Reader) handle(raw []byte) {
	line := bytes.TrimFunc(raw, func(c rune) bool { return c < utf8.RuneSelf && isSpace(byte(c)) })
	if len(line) == 0 {
		r.endBlock()
		return
	}
	if line[0] == '#' {
		return
	}
	if line[0] == '{' {
		r.endBlock()
		r.jsonRow(line)
		return
	}
	if bytes.IndexByte(line, ',') >= 0 && r.csvRow(line) {
		return
	}
	end := bytes.IndexFunc(line, func(c rune) bool { return c < utf8.RuneSelf && isSpace(byte(c)) })
	if end < 0 {
		end = len(line)
	}
	first := line[:end]
	if len(first) == 81 && allCells(first) {
		var g Grid
		for i, c := range first {
			g[i], _ = cellValue(c)
		}
		r.endBlock()
		r.emit(g, string(bytes.TrimSpace(line[end:])))
		return
	}
	if isSeparator(line) {
		return
	}
	if len(first) > 9 && allCells(first) {
		r.endBlock()
		r.fail(r.line, fmt.Errorf("%w: found %d cells, want 81", ErrLength, len(first)))
		return
	}

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
		if isTitle(line) && len(first) != 81 {
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

func allCells(b []byte) bool {
	for _, c := range b {
		if _, ok := cellValue(c); !ok {
			return false
		}
	}
	return true
}

// isSeparator reports whether a line only draws lines: no digit or blank
// other than '-' and '*', and not a row of nine '-' or '*' blanks.
func isSeparator(line []byte) bool {
	dashes, marks := 0, 0
	for _, c := range line {
		switch {
		case c == '-' || c == '*':
			dashes++
		case c == '+' || c == '=' || c == '~' || c == ':':
			marks++
		case c == '|' || isSpace(c):
		default:
			return false
		}
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
func (r *Reader) emit(g Grid, label string) {
	p := Puzzle{Grid: g, Label: label, Source: r.source, Line: r.line}
	if r.title != "" {
		if p.Label == "" {
			p.Label = r.title
		}
		r.title = ""
	}
	r.queue = append(r.queue, r.finish(p))
}

// finish validates a complete puzzle.
func (r *Reader) finish(p Puzzle) item {
	if err := p.Grid.Validate(); err != nil {
		return item{p, &InputError{Source: r.source, Line: p.Line, Err: err}}
	}
	return item{p: p}
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
	}
	if err != nil && r.gridErr == nil {
		r.gridErr, r.gridLine = err, r.line
	}
	copy(r.grid[r.rows*9:r.rows*9+9], cells[:9])
	r.rows++
	if r.rows == 9 {
		r.endBlock()
	}
}

// endBlock finishes the grid block under construction, if any.
func (r *Reader) endBlock() {
	if r.rows == 0 {
		return
	}
	p := Puzzle{Grid: r.grid, Label: r.title, Source: r.source, Line: r.gridStart}
	r.title = ""
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
	return p.Grid, nil
}
