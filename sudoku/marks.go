package sudoku

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Candidate states (pencil marks) are read from:
//
//   - candidate grids: 81 groups of digits separated by whitespace, with or
//     without the borders `| - + . : ' *` that Sudoku Explainer, HoDoKu,
//     Simple Sudoku and sudokit print, on 9 lines or laid out any other way
//     (one group per line is the 81-line file of one cell per line). A
//     group of one digit is a placed digit, except in sudokit's own
//     notation "(5)": an empty cell whose one candidate is 5;
//   - 729-character lines: 9 characters per cell, the digit where it is
//     still a candidate, '.' or '0' where it is not (a cell with one
//     candidate is a placed digit);
//   - OpenSudoku XML (`<opensudoku>`, `<game data="81 digits"/>`) and the
//     .sdk metadata lines (#A author, #D description, ...), which become
//     the puzzle's label.

// Errors wrapped by the errors of candidate states.
var (
	ErrGroups = errors.New("bad candidate grid")
	ErrXML    = errors.New("bad OpenSudoku XML")
)

// group is one cell of a candidate grid: its candidates, and whether a
// single digit is a placed one.
type group struct {
	cands  Digits
	placed bool
}

// groupsBlock is a candidate grid being read.
type groupsBlock struct {
	start int // line of its first group
	cells [81]group
	n     int
}

// groupTokens splits a line of a candidate grid into its groups: runs of
// digits 1-9, or "(d)", between whitespace and the borders '|'. It appends
// them to buf[:0]; when some other text is there it returns nil and the
// offset of the offending token. One pass, driven by a table: it is the
// hot loop of reading candidate grids.
func groupTokens(line []byte, buf []group) (groups []group, badAt int) {
	groups = buf[:0]
	for i := 0; ; {
		for i < len(line) && groupSeparator[line[i]] {
			i++
		}
		if i == len(line) {
			break
		}
		start := i
		var d Digits
		for ; i < len(line); i++ {
			bit := groupBit[line[i]]
			if bit == 0 {
				break
			}
			if d&bit != 0 {
				return nil, start // a digit twice
			}
			d |= bit
		}
		switch {
		case i < len(line) && !groupSeparator[line[i]]:
			if i == start && line[i] == '(' && i+2 < len(line) && groupBit[line[i+1]] != 0 && line[i+2] == ')' &&
				(i+3 == len(line) || groupSeparator[line[i+3]]) {
				groups = append(groups, group{cands: groupBit[line[i+1]]}) // "(5)"
				i += 3
				continue
			}
			return nil, start
		default:
			groups = append(groups, group{cands: d, placed: i-start == 1})
		}
	}
	if len(groups) == 0 {
		return nil, -1
	}
	return groups, -1
}

// groupBit maps a digit to its bit, and any other byte to 0.
var groupBit = func() (t [256]Digits) {
	for d := 1; d <= 9; d++ {
		t['0'+d] = 1 << d
	}
	return t
}()

// groupSeparator marks the bytes between the groups of a candidate grid:
// whitespace and '|'.
var groupSeparator = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c == '|' || isSpace(byte(c))
	}
	return t
}()

// fieldAt returns the field of line that starts at i: the bytes up to the
// next whitespace or '|'.
func fieldAt(line []byte, i int) []byte {
	_, end := nextField(line, i)
	return line[i:end]
}

// nextField returns the bounds of the first field of line[i:]: a run of
// bytes other than whitespace and '|'; start == end when there is none.
func nextField(line []byte, i int) (start, end int) {
	for i < len(line) && groupSeparator[line[i]] {
		i++
	}
	start = i
	for i < len(line) && !groupSeparator[line[i]] {
		i++
	}
	return start, i
}

// parseGroup reads one group: "4", "179", or "(5)".
func parseGroup(tok []byte) (group, bool) {
	if len(tok) == 3 && tok[0] == '(' && tok[2] == ')' && tok[1] >= '1' && tok[1] <= '9' {
		return group{cands: DigitSet(int(tok[1] - '0'))}, true
	}
	var d Digits
	for _, c := range tok {
		if c < '1' || c > '9' || d.Has(int(c-'0')) {
			return group{}, false
		}
		d = d.With(int(c - '0'))
	}
	return group{cands: d, placed: len(tok) == 1}, len(tok) > 0
}

// wantsGroups reports whether a line whose tokens are all groups belongs to
// a candidate grid rather than to a grid of digits: a grid is under way, or
// the line has a group of several digits or "(d)", or it is a single group
// shorter than a row (one cell per line).
func (r *Reader) wantsGroups(line []byte, groups []group) bool {
	if r.groups != nil {
		return true
	}
	if len(groups) == 1 {
		return len(line) < 9
	}
	for _, g := range groups {
		if !g.placed {
			return true
		}
	}
	return false
}

// looksLikeGroups reports whether a line reads as a row of a candidate
// grid with a mistake in it: several tokens, one of them a group of two
// digits or more.
func looksLikeGroups(line []byte) bool {
	fields, several := 0, false
	for i := 0; ; {
		start, end := nextField(line, i)
		if start == end {
			break
		}
		fields++
		if g, ok := parseGroup(line[start:end]); ok && !g.placed {
			several = true
		}
		i = end
	}
	return fields >= 2 && several
}

// addGroups adds a line's groups to the candidate grid under way, turning
// the rows of a digit grid read so far into groups when they were in fact
// its first lines (one cell per line, or rows of placed digits).
func (r *Reader) addGroups(groups []group) {
	if r.groups == nil {
		if r.spare == nil {
			r.spare = new(groupsBlock)
		}
		r.groups, r.spare = r.spare, nil
		*r.groups = groupsBlock{start: r.line}
		if r.rows > 0 && r.convertibleGrid() {
			raw, start := r.gridRaw, r.gridStart
			r.rows, r.gridRaw = 0, nil
			r.groups.start = start
			for _, l := range raw {
				gs, _ := groupTokens(l, nil)
				r.appendGroups(gs)
			}
		}
	}
	r.appendGroups(groups)
	if r.groups != nil && r.groups.n == 81 {
		r.endGroups()
	}
}

func (r *Reader) appendGroups(groups []group) {
	b := r.groups
	for _, g := range groups {
		if b.n == 81 {
			r.failGroups(b.start, fmt.Errorf("%w: more than 81 cells", ErrGroups))
			return
		}
		b.cells[b.n] = g
		b.n++
	}
}

// convertibleGrid reports whether the digit grid under way could be the
// start of a candidate grid: every row read so far is made of groups.
func (r *Reader) convertibleGrid() bool {
	for _, l := range r.gridRaw {
		if gs, _ := groupTokens(l, nil); l == nil || gs == nil {
			return false
		}
	}
	return r.rows > 0 && r.gridErr == nil
}

// failGroups drops the candidate grid under way with an error.
func (r *Reader) failGroups(line int, err error) {
	r.groups = nil
	r.fail(line, err)
}

// endGroups ends the candidate grid under way: 81 cells make a candidate
// state, which must be possible; fewer are an error.
func (r *Reader) endGroups() {
	b := r.groups
	if b == nil {
		return
	}
	r.groups, r.spare = nil, b
	if b.n != 81 {
		r.fail(b.start, fmt.Errorf("%w: found %d cells, want 81", ErrGroups, b.n))
		return
	}
	var g Grid
	var cands [81]Digits
	for i, c := range b.cells {
		if c.placed {
			g[i] = uint8(c.cands.First())
		} else {
			cands[i] = c.cands
		}
	}
	r.emitState(g, &cands, "", b.start)
}

// emitState queues a candidate state read from the input: the digits g,
// and the candidates of its empty cells.
func (r *Reader) emitState(g Grid, cands *[81]Digits, label string, line int) {
	r.emitStateRules(g, cands, label, line, nil)
}

// emitStateRules is emitState for a row that names its rules (own, when
// not nil).
func (r *Reader) emitStateRules(g Grid, cands *[81]Digits, label string, line int, own *Rules) {
	p := Puzzle{Grid: g, Label: label, Source: r.source, Line: line}
	r.labelPending(&p)
	err := r.attachRules(&p, own)
	var st *State
	switch {
	case err != nil:
		st = StateOf(g, cands)
	case p.Rules.IsClassic():
		st, err = checkedStateOf(g, cands)
	default:
		st = p.Rules.StateOf(g, cands)
		err = p.Rules.CheckState(st)
	}
	p.Cands = &st.Cands
	if err != nil {
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: line, Err: err}})
		return
	}
	r.queue = append(r.queue, item{p: p})
}

// pm729Bits maps the character at place k of a cell's nine to what it
// says: the candidate bit of k+1 for the digit k+1, none for '.' or '0',
// and pm729Bad for anything else. A table keeps the hot loop free of
// branches.
var pm729Bits = func() (t [9][256]Digits) {
	for k := range 9 {
		for c := range 256 {
			switch {
			case c == '.' || c == '0':
			case c == '1'+k:
				t[k][c] = 2 << k
			default:
				t[k][c] = pm729Bad
			}
		}
	}
	return t
}()

// pm729Bad marks a character that has no place in a 729-character line.
const pm729Bad Digits = 1 << 15

// pm729 reads a 729-character line: for each cell, 9 characters, the
// digit k+1 at place k where it is a candidate, '.' or '0' where not.
func (r *Reader) pm729(first []byte, label string) {
	var g Grid
	var cands [81]Digits
	for i := range 81 {
		cell := first[9*i : 9*i+9 : 9*i+9]
		d := pm729Bits[0][cell[0]] | pm729Bits[1][cell[1]] | pm729Bits[2][cell[2]] |
			pm729Bits[3][cell[3]] | pm729Bits[4][cell[4]] | pm729Bits[5][cell[5]] |
			pm729Bits[6][cell[6]] | pm729Bits[7][cell[7]] | pm729Bits[8][cell[8]]
		if d&pm729Bad != 0 {
			for k, c := range cell {
				if pm729Bits[k][c] == pm729Bad {
					r.fail(r.line, fmt.Errorf("%w %q at column %d: %s takes %d, '.' or '0' there",
						ErrCharacter, rune(c), 9*i+k+1, CellName(i), k+1))
					return
				}
			}
		}
		if d&(d-1) == 0 && d != 0 {
			g[i] = uint8(d.First())
		} else {
			cands[i] = d
		}
	}
	r.emitState(g, &cands, label, r.line)
}

// isPM729 reports whether a line starts as a 729-character candidate line:
// 729 characters or more, the first a digit or '.'; pm729 checks the rest.
func isPM729(line []byte) bool {
	return len(line) >= 729 && (line[0] >= '0' && line[0] <= '9' || line[0] == '.')
}

// sdkMeta names the metadata lines of the .sdk format (SadMan Sudoku,
// SudoCue): "#ARuud" is the author.
var sdkMeta = map[byte]string{'A': "author", 'D': "description", 'C': "comment", 'B': "date", 'S': "source", 'L': "level", 'U': "url"}

// metadata keeps a .sdk metadata line for the label of the next puzzle; it
// reports false for another comment.
func (r *Reader) metadata(line []byte) bool {
	if len(line) < 3 || line[0] != '#' {
		return false
	}
	name, ok := sdkMeta[line[1]]
	if !ok || isSpace(line[2]) {
		return false
	}
	r.meta = append(r.meta, name+": "+string(bytes.TrimSpace(line[2:])))
	return true
}

// SDKMetadata writes a label as .sdk metadata lines: the label the Reader
// makes of them ("author: Ruud; level: Easy") back as "#ARuud" and "#LEasy",
// and any other label as a description, "#D...".
func SDKMetadata(label string) string {
	if label == "" {
		return ""
	}
	var b strings.Builder
	for part := range strings.SplitSeq(label, "; ") {
		name, value, _ := strings.Cut(part, ": ")
		letter := byte(0)
		for l, n := range sdkMeta {
			if n == name {
				letter = l
			}
		}
		if letter == 0 || value == "" || strings.Contains(value, "\n") {
			return "#D" + strings.Join(strings.Fields(label), " ") + "\n"
		}
		b.WriteString("#" + string(letter) + value + "\n")
	}
	return b.String()
}

// labelPending gives a puzzle without a label of its own the title or the
// metadata read before it, and clears them.
func (r *Reader) labelPending(p *Puzzle) {
	switch {
	case p.Label != "":
	case r.title != "":
		p.Label = r.title
	case len(r.meta) > 0:
		p.Label = joinMetadata(r.meta)
	}
	r.title, r.meta = "", nil
}

// xmlGames reads the games of an OpenSudoku document: version 1 (a <name>
// and <game data="..."/> elements) and version 2 (<folder name="..."> around
// the games).
type xmlGames struct {
	dec  *xml.Decoder
	base int    // the line before the document's first line
	name string // the collection's or folder's name, the games' label
	text *strings.Builder
}

// startXML reads the rest of the input as an OpenSudoku document, from its
// first line.
func (r *Reader) startXML(first []byte) {
	r.endBlock()
	r.endGroups()
	head := append([]byte(nil), first...)
	if _, err := r.br.Peek(1); err == nil {
		head = append(head, '\n') // the line ended with one: keep the line count
	}
	in := io.MultiReader(bytes.NewReader(head), r.br)
	r.xml = &xmlGames{dec: xml.NewDecoder(in), base: r.line - 1}
}

// nextXML queues the next game of the document, or an error; at the end of
// the document, it ends the input.
func (r *Reader) nextXML() {
	x := r.xml
	for {
		tok, err := x.dec.Token()
		line, _ := x.dec.InputPos()
		line += x.base
		if err == io.EOF {
			r.xml, r.fatal = nil, io.EOF
			r.line = line
			return
		}
		if err != nil {
			// The rest of the input cannot be read after broken XML.
			r.xml, r.fatal = nil, io.EOF
			r.fail(line, fmt.Errorf("%w: %v", ErrXML, err))
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "name":
				x.text = &strings.Builder{}
			case "folder":
				x.name = attr(t, "name")
			case "game":
				r.xmlGame(t, line, x.name)
				return
			}
		case xml.CharData:
			if x.text != nil {
				x.text.Write(t)
			}
		case xml.EndElement:
			if t.Name.Local == "name" && x.text != nil {
				x.name, x.text = strings.TrimSpace(x.text.String()), nil
			}
		}
	}
}

// xmlGame queues the puzzle of a <game> element: its data attribute holds
// 81 digits, 0 for an empty cell; its note may name the puzzle's rules
// (variant=..., regions=...), as sudokit writes them there.
func (r *Reader) xmlGame(t xml.StartElement, line int, label string) {
	data := attr(t, "data")
	if len(data) != 81 || strings.Trim(data, "0123456789") != "" {
		r.fail(line, fmt.Errorf("%w: a game's data is not 81 digits: %.30q", ErrXML, data))
		return
	}
	var g Grid
	for i := range 81 {
		g[i] = data[i] - '0'
	}
	p := Puzzle{Grid: g, Label: label, Source: r.source, Line: line}
	rules, _, found, err := rulesFromLabel(attr(t, "note"))
	switch {
	case err != nil:
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: line, Err: err}})
	case found:
		r.queue = append(r.queue, r.finishRules(p, &rules))
	default:
		r.queue = append(r.queue, r.finish(p))
	}
}

// attr returns an attribute of an element.
func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}
