package sudoku

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Puzzles of other sizes than 9x9 go through the Reader with classic
// ones, in any mix. Such a puzzle comes with Puzzle.Board set (its shape
// and cells) and Puzzle.Alphabet (the one it was read in, which the
// writers write it back in); its Grid stays empty. How the Reader knows
// one:
//
//   - a line whose first field has the cells of a size other than 9x9
//     (16, 36, 64, 100, 144, 256 or 625 characters, 1-9 then A-Z, '.' or
//     '0' blank, or 0-F as ParseBoard detects it) is a line puzzle of
//     that size with its usual box;
//   - label fields, anywhere in the label, give the size, the box and the
//     alphabet: size=N, box=RxC (when not the usual one), alphabet=0-F;
//     sudokit writes them in the label of every sized row ("size=16",
//     "size=6 box=3x2"), so that its rows read back in any mix;
//   - a grid of N rows is read as one when its size is known: a title
//     line above it with size=N (as sudokit writes), or Reader.SetShape
//     (--size). Its rows hold N cells, separated or not by spaces and
//     '|', or N numbers 1..N separated by spaces ('.' or 0 blank, as
//     --symbols numbers writes 10x10 and up);
//   - a JSON row's "size" (and "box", "alphabet"), a CSV row's label.
//
// A sized puzzle takes the variants jigsaw, x and killer (see
// boardrules.go), in its label (variant=, regions=, cages=), its JSON row
// ("variant", "regions", "cages"), or the
// reader's rules (SetRules); another variant is reported.

// The label fields of a sized puzzle.
const (
	sizeField     = "size="
	boxField      = "box="
	alphabetField = "alphabet="
)

// SizeLabel returns the label fields that carry a sized puzzle's shape
// and alphabet: "size=16", "size=6 box=3x2", "size=16 alphabet=0-F"; ""
// for the zero Shape and for 9x9.
func SizeLabel(s Shape, a Alphabet) string {
	if s.n == 0 || s.n == 9 {
		return ""
	}
	l := sizeField + strconv.Itoa(s.N())
	if !s.IsUsual() {
		l += " " + boxField + s.Box()
	}
	if a == FromZero {
		l += " " + alphabetField + a.String()
	}
	return l
}

// sizeFromLabel takes the size=, box= and alphabet= fields out of a
// label: found is false when it has none of them, and rest is the label
// without them. A box= without size= is a box of the size of cells
// cells (0: unknown, an error).
func sizeFromLabel(label string, cells int) (shape Shape, a Alphabet, rest string, found bool, err error) {
	if !strings.Contains(label, sizeField) && !strings.Contains(label, boxField) && !strings.Contains(label, alphabetField) {
		return Shape{}, AutoAlphabet, label, false, nil
	}
	var size, box, alpha string
	var kept []string
	for _, f := range strings.Fields(label) {
		var v *string
		switch {
		case strings.HasPrefix(f, sizeField):
			v = &size
		case strings.HasPrefix(f, boxField):
			v = &box
		case strings.HasPrefix(f, alphabetField):
			v = &alpha
		default:
			kept = append(kept, f)
			continue
		}
		name, value, _ := strings.Cut(f, "=")
		if *v != "" {
			return Shape{}, a, label, true, Invalidf("the label has two %s fields", name)
		}
		if value == "" {
			return Shape{}, a, label, true, Invalidf("the label's %s field is empty", name)
		}
		*v = value
	}
	rest = strings.Join(kept, " ")
	if a, err = ParseAlphabet(alpha); err != nil {
		return Shape{}, a, label, true, err
	}
	if size == "" && box != "" {
		if size = strconv.Itoa(shapeOfCells(cells).N()); size == "0" {
			return Shape{}, a, label, true, Invalidf("the label has a box= field but no size=")
		}
	}
	if size == "" {
		return Shape{}, a, rest, true, nil
	}
	shape, err = ParseShape(size, box)
	return shape, a, rest, true, err
}

// SetShape sets the shape and the alphabet of the puzzles that do not
// give their own (see the top of sized.go): the zero Shape or 9x9 for
// classic puzzles (the default), AutoAlphabet to detect it per puzzle.
// With a shape of N other than 9, a line of N cells (or numbers) is a row
// of an N-row grid.
func (r *Reader) SetShape(s Shape, a Alphabet) {
	if s.n == 9 {
		s = Shape{}
	}
	r.shape, r.alphabet = s, a
}

// SetBoardRules sets the variants of the puzzles of b's shape (another
// than 9x9) that do not name theirs: b's jigsaw regions, x and cages (its
// cells are ignored), as the rules of SetRules are for 9x9. A puzzle is
// read under them, so that a jigsaw's digits are checked against its
// regions and not against the boxes they replace. A puzzle of another
// shape, or one whose label or row names its own, is read as before; nil
// sets none.
func (r *Reader) SetBoardRules(b *Board) {
	r.board = nil
	if b != nil && !b.IsClassic() {
		r.board = &Board{Shape: b.Shape, X: b.X, Regions: slices.Clone(b.Regions), Cages: b.Cages}
	}
}

// sizedBlock is a grid of another size than 9x9 under way.
type sizedBlock struct {
	shape   Shape
	rows    []string // the cells of each row, as characters of Letters when numbers
	numbers bool     // a row was written in numbers
	start   int
	err     error
	errLine int
}

// titleShape returns the shape a title line names with size= (zero when
// it names none, or 9x9).
func titleShape(title string) Shape {
	if !strings.Contains(title, sizeField) {
		return Shape{}
	}
	s, _, _, _, err := sizeFromLabel(title, 0)
	if err != nil || s.n == 9 {
		return Shape{}
	}
	return s
}

// sizedGridLine takes a line of a sized grid under way, or one that
// starts a grid whose size is known (from the title above it or
// SetShape).
func (r *Reader) sizedGridLine(line []byte) bool {
	shape, titled := r.shape, false
	switch {
	case r.sb != nil:
		shape = r.sb.shape
	case r.title != "":
		if s := titleShape(r.title); s.n != 0 {
			shape, titled = s, true
		}
	}
	if shape.n == 0 {
		return false
	}
	if isSeparator(line) {
		return r.sb != nil
	}
	cells, numbers, ok := sizedRow(line, shape.N())
	if !ok && r.sb == nil && (!titled || shapeOfCells(len(cells)).n != 0) {
		return false // a line puzzle, a title, ...: not a row
	}
	if r.sb == nil {
		r.endBlock()
		r.endGroups()
		r.sb = &sizedBlock{shape: shape, start: r.line}
	}
	sb := r.sb
	if !ok && sb.err == nil {
		sb.err, sb.errLine = fmt.Errorf("%w: found %d cells, want %d for %s", ErrRowLength, len(cells), shape.N(), shape), r.line
	}
	sb.rows = append(sb.rows, cells)
	sb.numbers = sb.numbers || numbers
	if len(sb.rows) == shape.N() {
		r.endSized()
	}
	return true
}

// sizedRow reads a row of n cells: characters, with spaces and '|'
// between them or not, or n numbers separated by spaces. It returns the
// cells as characters (numbers as Letters' symbols), and ok false when
// the row has not n of them (cells then holds the characters read).
func sizedRow(line []byte, n int) (cells string, numbers, ok bool) {
	fields := bytes.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '|' })
	joined := string(bytes.Join(fields, nil))
	if len(joined) == n {
		return joined, false, true
	}
	if len(fields) != n {
		return joined, false, false
	}
	out := make([]byte, n)
	for i, f := range fields {
		if len(f) == 1 && f[0] == '.' {
			out[i] = '.'
			continue
		}
		v, err := strconv.Atoi(string(f))
		if err != nil || v < 0 || v > n {
			return joined, false, false
		}
		out[i] = Letters.Symbol(v)
	}
	return string(out), true, true
}

// endSized finishes the sized grid under way, if any.
func (r *Reader) endSized() {
	sb := r.sb
	if sb == nil {
		return
	}
	r.sb = nil
	p := Puzzle{Source: r.source, Line: sb.start}
	r.labelPending(&p)
	switch {
	case sb.err != nil:
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: sb.errLine, Err: sb.err}})
	case len(sb.rows) < sb.shape.N():
		r.queue = append(r.queue, item{p, &InputError{Source: r.source, Line: sb.start,
			Err: fmt.Errorf("%w: found %d rows, want %d for %s", ErrRows, len(sb.rows), sb.shape.N(), sb.shape)}})
	default:
		r.queue = append(r.queue, r.finishBoard(p, strings.Join(sb.rows, ""), sb.shape, sb.numbers, nil))
	}
}

// sizedLine takes a line whose first field is a line puzzle of another
// size than 9x9: rest is the label after it.
func (r *Reader) sizedLine(first, rest []byte) bool {
	s := shapeOfCells(len(first))
	if s.n == 0 || s.n == 9 || !boardChars(first) {
		return false
	}
	if s.n == 4 && !bytes.ContainsAny(first, ".0") && digitCount(first) < 8 {
		// 16 characters, no blank and few digits: a word, not a 4x4
		// puzzle, unless it reads as one
		if _, _, err := ParseBoard(string(first), s, r.alphabet); err != nil {
			return false
		}
	}
	r.endBlock()
	r.endGroups()
	p := Puzzle{Label: string(trimSpace(rest)), Source: r.source, Line: r.line}
	r.labelPending(&p)
	r.queue = append(r.queue, r.finishBoard(p, string(first), Shape{}, false, nil))
	return true
}

// boardChars reports whether a field holds only characters of a line
// puzzle of any size: digits, letters and '.'.
func boardChars(b []byte) bool {
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '.') {
			return false
		}
	}
	return true
}

// digitCount counts the digits 1-9 of a field.
func digitCount(b []byte) int {
	n := 0
	for _, c := range b {
		if '1' <= c && c <= '9' {
			n++
		}
	}
	return n
}

// finishBoard reads the cells of a sized puzzle (text, one character a
// cell) under the shape and alphabet its label gives, else shape (zero:
// from the count of cells) and the reader's alphabet, and validates it.
// numbers says that the cells were written as numbers (Letters' symbols
// in text).
// jcages is a JSON row's "cages", or nil.
func (r *Reader) finishBoard(p Puzzle, text string, shape Shape, numbers bool, jcages any) item {
	bad := func(err error) item { return item{p, &InputError{Source: r.source, Line: p.Line, Err: err}} }
	ls, a, rest, found, err := sizeFromLabel(p.Label, len(text))
	if err != nil {
		return bad(err)
	}
	p.Label = rest
	switch {
	case ls.n != 0:
		shape = ls
	case shape.n == 0 && r.shape.n != 0 && len(text) == r.shape.Cells():
		shape = r.shape // its box
	}
	if !found || a == AutoAlphabet {
		a = r.alphabet
	}
	keep := a // numbers are no alphabet's: the rows keep the one named
	if numbers {
		a = Letters
	}
	b, a, err := ParseBoard(text, shape, a)
	if err != nil {
		return bad(err)
	}
	if p.Label, err = r.boardRules(&b, p.Label, jcages); err != nil {
		return bad(err)
	}
	if numbers && keep == FromZero {
		a = keep
	}
	p.Board, p.Alphabet = &b, a
	if err := b.Validate(); err != nil {
		return bad(err)
	}
	return item{p: p}
}

// jsonBoard reads the puzzle of a JSON row that has a "size" or another
// count of cells than 81.
func (r *Reader) jsonBoard(obj map[string]any, puzzle, label string) {
	fields := []string{label}
	if v, ok := obj["size"]; ok {
		n, ok := v.(float64)
		if !ok {
			r.fail(r.line, Invalidf("the row's \"size\" is not a number"))
			return
		}
		fields = append(fields, sizeField+strconv.Itoa(int(n)))
	}
	for _, k := range []string{"box", "alphabet"} {
		if v, ok := obj[k]; ok {
			s, ok := v.(string)
			if !ok {
				r.fail(r.line, Invalidf("the row's %q is not a string", k))
				return
			}
			fields = append(fields, k+"="+s)
		}
	}
	switch v := obj["variant"].(type) {
	case nil:
	case string:
		fields = append(fields, variantField+v)
	case []any:
		var names []string
		for _, n := range v {
			name, ok := n.(string)
			if !ok {
				r.fail(r.line, Invalidf("the row's \"variant\" holds %v, not a name", n))
				return
			}
			names = append(names, name)
		}
		fields = append(fields, variantField+strings.Join(names, ","))
	default:
		r.fail(r.line, Invalidf("the row's \"variant\" is not a list of names"))
		return
	}
	if v, ok := obj["regions"]; ok {
		layout, ok := v.(string)
		if !ok {
			r.fail(r.line, Invalidf("the row's \"regions\" is not a string of region ids"))
			return
		}
		fields = append(fields, regionsField+layoutText(layout))
	}
	if _, ok := obj["candidates"]; ok {
		r.fail(r.line, Invalidf("candidates are for 9x9 puzzles only"))
		return
	}
	p := Puzzle{Label: strings.TrimSpace(strings.Join(fields, " ")), Source: r.source, Line: r.line}
	r.queue = append(r.queue, r.finishBoard(p, puzzle, Shape{}, false, obj["cages"]))
}

// boardRules gives a sized board the variants its label names (variant=,
// cages=; jcages, a JSON row's "cages", when not nil), or else the
// reader's (SetBoardRules' for a board of its shape, else the variants of
// SetRules), and returns the label without those fields.
func (r *Reader) boardRules(b *Board, label string, jcages any) (string, error) {
	var spec, regions string
	var cages []Cage
	has := strings.Contains(label, variantField) || strings.Contains(label, regionsField) || strings.Contains(label, cagesField)
	if has {
		f, err := readFields(label)
		if err != nil {
			return label, err
		}
		spec, regions, label = f.spec, f.regions, f.rest
		if f.cages != "" {
			if cages, err = b.Shape.ParseArrows(f.cages); err != nil {
				return label, Invalidf("the label's cages= field: %w", err)
			}
		}
	} else if r.board != nil && r.board.Shape == b.Shape && jcages == nil {
		b.X, b.Regions, b.Cages = r.board.X, slices.Clone(r.board.Regions), nil
		for _, c := range r.board.Cages {
			b.Cages = append(b.Cages, Cage{Sum: c.Sum, Cells: slices.Clone(c.Cells)})
		}
		return label, nil
	} else if !r.rules.IsClassic() {
		if r.rules.Regions() != "" {
			return label, Invalidf("the reader's regions are a 9x9 layout: a %s jigsaw names its own (regions=)", b.Shape)
		}
		spec = strings.Join(r.rules.Variants(), ",")
	}
	if jcages != nil {
		more, err := jsonCages(jcages, b.Shape.ParseCellName)
		if err != nil {
			return label, err
		}
		cages = append(cages, more...)
	}
	return label, b.SetRules(spec, regions, cages)
}

// Shape returns the puzzle's shape: its Board's, or 9x9 for a classic
// puzzle.
func (p Puzzle) Shape() Shape {
	if p.Board != nil {
		return p.Board.Shape
	}
	return ShapeOf(9)
}

// Cells returns the puzzle's cells in line format: its Board in its
// alphabet, or the classic grid's 81 characters.
func (p Puzzle) Cells() string {
	if p.Board != nil {
		return p.Board.Format(p.Alphabet)
	}
	return p.Grid.String()
}

// Pretty draws the board as a grid of N rows: cells separated by spaces,
// '|' between boxes, a line of '-' and '+' between bands of boxes, '.'
// for an empty cell. With numbers, each digit is written as its number
// (1..N, right-aligned in two columns; sizes over 9 only) instead of a
// symbol of the alphabet. A jigsaw's board is drawn in a frame with its
// regions' borders instead of the boxes' lines, as Rules.Pretty draws a
// 9x9 jigsaw. The Reader reads it back under a size=N title line (or
// --size).
func (b Board) Pretty(a Alphabet, numbers bool) string {
	s := b.Shape
	n, br, bc := s.N(), s.BoxRows(), s.BoxCols()
	numbers = numbers && n > 9 // below, the numbers are the usual digits
	if b.Regions != nil {
		text := make([]string, len(b.Cells))
		for i, v := range b.Cells {
			if numbers && v != 0 {
				text[i] = fmt.Sprintf("%2d", v)
			} else {
				text[i] = fmt.Sprintf("%*c", 1+boolInt(numbers), a.Symbol(int(v)))
			}
		}
		return drawRegionBorders(n, text, func(cell int) int { return int(b.Regions[cell]) })
	}
	width := 1
	if numbers {
		width = 2
	}
	var out strings.Builder
	for r := range n {
		if r > 0 && r%br == 0 {
			for c := range n / bc {
				if c > 0 {
					out.WriteString("+")
				}
				out.WriteString(strings.Repeat("-", bc*(width+1)+1-boolInt(c == 0)-boolInt(c == n/bc-1)))
			}
			out.WriteString("\n")
		}
		for c := range n {
			if c > 0 {
				out.WriteString(" ")
				if c%bc == 0 {
					out.WriteString("| ")
				}
			}
			v := int(b.Cells[r*n+c])
			switch {
			case numbers && v != 0:
				fmt.Fprintf(&out, "%*d", width, v)
			default:
				fmt.Fprintf(&out, "%*c", width, a.Symbol(v))
			}
		}
		out.WriteString("\n")
	}
	return out.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
