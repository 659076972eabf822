package sudoku

import (
	"fmt"
	"strconv"
	"strings"
)

// Two text formats of killer cages are in public use, and sudokit reads
// and writes both (docs/formats.md names their sources):
//
//   - the arrow format ("short killer format" of the enjoysudoku forum): 81
//     characters, one a cell in reading order. The cage's head holds its
//     sum in one character, 0-9, A-Z for 10-35, a-j for 36-45; every other
//     cell of the cage holds an arrow to a neighbour of the same cage, <
//     left, > right, ^ up, v down, ` up-left, ' up-right, , down-left, .
//     down-right, and following arrows leads to the head. sudokit writes
//     the head in the cage's first cell, in reading order, and a cell in
//     no cage as a head of sum 0, which no arrow may point at.
//   - the PS format of Perfect Sudoku, SumoCue and the Assassin killers of
//     the sudocue.net forum: "3x3:" then "d" for killer-x or nothing, ":k:",
//     then 81 fields separated by ':', each sum*256+id, where the cells of
//     one cage share the id (0-255, an opaque label; sudokit writes the
//     index of the cage's first cell) and a field under 256 (sum 0) is a
//     cell in no cage.
//
// Neither holds givens. In a line of sudokit's, the cages go in the label
// as "cages=" and the arrow format, beside "variant=killer", after the
// givens: "......... variant=killer cages=R<<<M<<<U^M...".

// arrowSteps are the arrows and the steps (rows, columns) they point.
var arrowSteps = map[byte][2]int{
	'<': {0, -1}, '>': {0, 1}, '^': {-1, 0}, 'v': {1, 0},
	'`': {-1, -1}, '\'': {-1, 1}, ',': {1, -1}, '.': {1, 1},
}

// sumChar is the arrow format's character for a sum 0-45.
func sumChar(sum int) byte {
	switch {
	case sum < 10:
		return byte('0' + sum)
	case sum < 36:
		return byte('A' + sum - 10)
	}
	return byte('a' + sum - 36)
}

// charSum reads the arrow format's sum character; ok is false for any
// other.
func charSum(c byte) (sum int, ok bool) {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0'), true
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10, true
	case c >= 'a' && c <= 'j':
		return int(c-'a') + 36, true
	}
	return 0, false
}

// isArrowLine reports whether an 81-character field looks like the arrow
// format: only its characters, and some arrows that no puzzle line holds.
func isArrowLine(b []byte) bool {
	if len(b) != 81 {
		return false
	}
	arrows := 0
	for _, c := range b {
		if _, ok := charSum(c); ok {
			continue
		}
		if _, ok := arrowSteps[c]; !ok {
			return false
		}
		if c == '<' || c == '>' || c == '^' || c == 'v' {
			arrows++
		}
	}
	return arrows >= 2
}

// ParseArrows reads a killer's cages in the arrow format (see above), in
// the order of their first cells. An arrow that points off the grid or at
// a cell of no cage, arrows that go round in a circle, or a cage whose
// sum its size cannot make is an error of kind ErrInvalid naming the
// cell.
func ParseArrows(s string) ([]Cage, error) { return ShapeOf(9).ParseArrows(s) }

// ParseArrows reads a killer's cages in the arrow format at the shape's
// size: N×N characters, one a cell (see above and boardrules.go).
func (sh Shape) ParseArrows(s string) ([]Cage, error) {
	n, cells := sh.N(), sh.Cells()
	if len(s) != cells {
		return nil, Invalidf("arrow format: %d characters, want %d", len(s), cells)
	}
	head := make([]int, cells)
	isHead := make([]bool, cells)
	for i := range cells {
		c := s[i]
		if _, ok := charSum(c); ok {
			isHead[i] = true
			continue
		}
		step, ok := arrowSteps[c]
		if !ok {
			return nil, Invalidf("arrow format: unexpected %q at %s, want a sum (0-9, A-Z, a-j) or an arrow (< > ^ v ` ' , .)", c, sh.CellName(i))
		}
		r, col := i/n+step[0], i%n+step[1]
		if r < 0 || r >= n || col < 0 || col >= n {
			return nil, Invalidf("arrow format: the arrow %q at %s points off the grid", c, sh.CellName(i))
		}
	}
	for i := range cells {
		at := i
		for k := 0; !isHead[at]; k++ {
			if k > cells {
				return nil, Invalidf("arrow format: the arrows from %s go round in a circle and reach no sum", sh.CellName(i))
			}
			step := arrowSteps[s[at]]
			at = (at/n+step[0])*n + at%n + step[1]
		}
		if sum, _ := charSum(s[at]); sum == 0 && at != i {
			return nil, Invalidf("arrow format: the arrows from %s lead to %s, which holds 0: a cell in no cage", sh.CellName(i), sh.CellName(at))
		}
		head[i] = at
	}
	var cages []Cage
	index := map[int]int{}
	for i := range cells {
		h := head[i]
		sum, _ := charSum(s[h])
		if sum == 0 {
			continue
		}
		k, ok := index[h]
		if !ok {
			k = len(cages)
			index[h] = k
			cages = append(cages, Cage{Sum: sum})
		}
		cages[k].Cells = append(cages[k].Cells, i)
	}
	return cages, nil
}

// FormatArrows writes the cages of killer rules in the arrow format: each
// head in its cage's first cell, each other cell an arrow on a path to it
// (orthogonal steps wherever they do), a cell in no cage "0".
func FormatArrows(r Rules) (string, error) {
	if !r.HasCages() {
		return "", Invalidf("arrow format: the rules have no cages")
	}
	return ShapeOf(9).FormatArrows(r.set().cages), nil
}

// FormatArrows writes cages of the shape's size in the arrow format, as
// FormatArrows does for 9x9's.
func (sh Shape) FormatArrows(cages []Cage) string {
	out := []byte(strings.Repeat("0", sh.Cells()))
	for _, c := range cages {
		sh.writeArrows(out, c)
	}
	return string(out)
}

// writeArrows writes one cage: its head, then arrows that each point at a
// cell nearer the head, found by a search from the head that takes
// orthogonal steps and, only when none is left, one diagonal step.
func (sh Shape) writeArrows(out []byte, c Cage) {
	in := map[int]bool{}
	for _, cell := range c.Cells {
		in[cell] = true
	}
	head := c.Cells[0]
	out[head] = sumChar(c.Sum)
	reached := map[int]bool{head: true}
	queue := []int{head}
	link := func(nb, at int) {
		reached[nb] = true
		queue = append(queue, nb)
		out[nb] = sh.arrowTo(nb, at)
	}
	for len(queue) < len(c.Cells) {
		for i := 0; i < len(queue); i++ {
			at := queue[i]
			for _, nb := range sh.steps(at, rookSteps) {
				if in[nb] && !reached[nb] {
					link(nb, at)
				}
			}
		}
		diagonal := false
		for i := 0; i < len(queue) && !diagonal; i++ {
			at := queue[i]
			for _, nb := range sh.steps(at, kingSteps) {
				if in[nb] && !reached[nb] {
					link(nb, at)
					diagonal = true
					break
				}
			}
		}
		if !diagonal && len(queue) < len(c.Cells) {
			return // cannot happen: a cage is connected
		}
	}
}

// arrowTo is the arrow in cell from that points at its neighbour to.
func (sh Shape) arrowTo(from, to int) byte {
	n := sh.N()
	dr, dc := to/n-from/n, to%n-from%n
	for c, step := range arrowSteps {
		if step == [2]int{dr, dc} {
			return c
		}
	}
	return '?'
}

// psPrefix and psPrefixX start the PS format's lines for killer and
// killer-x.
const (
	psPrefix  = "3x3::k:"
	psPrefixX = "3x3:d:k:"
)

// isPSLine reports whether a line is in the PS format.
func isPSLine(b []byte) bool {
	return len(b) > 5 && string(b[:4]) == "3x3:" && (b[4] == ':' || b[4] == 'd')
}

// ParsePS reads a killer in the PS format (see above): x is true for
// killer-x ("3x3:d:k:"), and the cages come in the order of their first
// cells. A field that is no number, a wrong count of fields, or an id
// whose cells disagree on the sum is an error of kind ErrInvalid.
func ParsePS(s string) (x bool, cages []Cage, err error) {
	s = strings.TrimSpace(s)
	var rest string
	switch {
	case strings.HasPrefix(s, psPrefix):
		rest = s[len(psPrefix):]
	case strings.HasPrefix(s, psPrefixX):
		x, rest = true, s[len(psPrefixX):]
	default:
		return false, nil, Invalidf("PS format: want a line that starts %q (or %q for killer-x)", psPrefix, psPrefixX)
	}
	fields := strings.Split(strings.TrimSuffix(rest, ":"), ":")
	if len(fields) != 81 {
		return false, nil, Invalidf("PS format: %d cell fields, want 81", len(fields))
	}
	index := map[int]int{}
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v >= 46*256 {
			return false, nil, Invalidf("PS format: the field %q of %s is no sum*256+id (sum 0-45, id 0-255)", f, CellName(i))
		}
		sum, id := v/256, v%256
		if sum == 0 {
			continue
		}
		k, ok := index[id]
		if !ok {
			k = len(cages)
			index[id] = k
			cages = append(cages, Cage{Sum: sum})
		}
		if cages[k].Sum != sum {
			return false, nil, Invalidf("PS format: %s says cage %d has sum %d, %s said %d", CellName(i), id, sum, CellName(cages[k].Cells[0]), cages[k].Sum)
		}
		cages[k].Cells = append(cages[k].Cells, i)
	}
	return x, cages, nil
}

// FormatPS writes killer rules in the PS format; only killer and
// killer-x (the variants "killer" and "x,killer") fit in it.
func FormatPS(r Rules) (string, error) {
	if !r.HasCages() {
		return "", Invalidf("PS format: the rules have no cages")
	}
	prefix := psPrefix
	switch v := r.String(); v {
	case "killer":
	case "x,killer":
		prefix = psPrefixX
	default:
		return "", Invalidf("PS format: it holds killer and killer-x only, not %s", v)
	}
	var b strings.Builder
	b.WriteString(prefix)
	s := r.set()
	for i := range 81 {
		v := 0
		if k := s.cageOf[i]; k >= 0 {
			c := s.cages[k]
			v = c.Sum*256 + c.Cells[0]
		}
		fmt.Fprintf(&b, "%d:", v)
	}
	return b.String(), nil
}

// killerLine reads a line in the PS or arrow format, whose first field
// (the cages) ends at end: a killer with no givens, under the rules its
// label names, or else the reader's (arrows) or killer (PS), with the
// cages (and, for the PS format's "d", x) added.
func (r *Reader) killerLine(line []byte, end int) {
	r.endBlock()
	r.endGroups()
	first, label := string(line[:end]), string(trimSpace(line[end:]))
	var cages []Cage
	var x bool
	var err error
	format := "arrow format"
	if isPSLine(line) {
		format = "PS format"
		x, cages, err = ParsePS(first)
	} else {
		cages, err = ParseArrows(first)
	}
	// A line's label may name its rules; an arrow line that names none is
	// under the reader's, a PS line under those its "d" names.
	base, rest, found, lerr := rulesFromLabel(label)
	if !found && format == "arrow format" {
		base = r.rules.WithoutCages()
	}
	var rules Rules
	switch {
	case err != nil:
		r.fail(r.line, err)
		return
	case lerr != nil:
		r.fail(r.line, lerr)
		return
	case len(cages) == 0:
		r.fail(r.line, Invalidf("%s: no cage (every cell's sum is 0)", format))
		return
	case x && !base.Has("x"):
		if base, err = NewRules(append(base.Variants(), "x"), base.Regions()); err != nil {
			r.fail(r.line, err)
			return
		}
	}
	if rules, err = base.WithCages(cages); err != nil {
		r.fail(r.line, fmt.Errorf("%s: %w", format, err))
		return
	}
	r.emitRules(Grid{}, rest, &rules)
}
