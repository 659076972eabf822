package sudoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Boards of other sizes than 9x9 take three of the variants (Rules holds
// 9x9's): jigsaw, whose regions replace the boxes (see boardregions.go),
// and x, whose two main diagonals are houses too, at every size, and
// killer, whose cages hold distinct digits that add up to their sums, on
// boards of up to 8 digits (4x4 and 6x6 killers for children). A Board
// carries them itself (Board.X and Board.Cages), so that every function
// that takes a Board takes its rules. In a line they are label fields as
// for 9x9 (see label.go): "variant=x", "variant=killer cages=ARROWS",
// "variant=x,killer cages=ARROWS", "variant=jigsaw regions=LAYOUT",
// where ARROWS is the arrow format at the board's size (N×N characters;
// see killerformat.go) and LAYOUT N×N region ids; a JSON row carries
// "variant", "regions" and "cages" beside "size". Jigsaw and killer do
// not go together at these sizes. Other variants are 9x9's
// alone: a sized puzzle that names one is reported.

// MaxKillerSize is the largest N of a Board that may have cages.
const MaxKillerSize = 8

// sizedVariants are the variants a Board may have, in the order of
// VariantNames.
var sizedVariants = []string{"jigsaw", "x", "killer"}

// NumHouses returns the number of houses of the board: 3N (rows, columns,
// boxes), and the two diagonals after them with X.
func (b Board) NumHouses() int {
	if b.X {
		return 3*b.Shape.N() + 2
	}
	return 3 * b.Shape.N()
}

// Variants returns the names of the board's variants, in the order of
// VariantNames: "jigsaw", "x", "killer", or none.
func (b Board) Variants() []string {
	var out []string
	if b.Regions != nil {
		out = append(out, "jigsaw")
	}
	if b.X {
		out = append(out, "x")
	}
	if len(b.Cages) > 0 {
		out = append(out, "killer")
	}
	return out
}

// IsClassic reports whether the board has no variant: only rows, columns
// and boxes.
func (b Board) IsClassic() bool { return !b.X && b.Regions == nil && len(b.Cages) == 0 }

// RulesLabel returns the label fields that carry the board's variants, as
// Rules.Label does for 9x9: "variant=x", "variant=killer cages=R<<...";
// "" for a board without variants.
func (b Board) RulesLabel() string {
	if b.IsClassic() {
		return ""
	}
	l := variantField + strings.Join(b.Variants(), ",")
	if b.Regions != nil {
		l += " " + regionsField + b.Shape.FormatRegions(b.Regions)
	}
	if len(b.Cages) > 0 {
		l += " " + cagesField + b.Shape.FormatArrows(b.Cages)
	}
	return l
}

// BoardVariants are the variants a Board of another size than 9x9 may
// have.
type BoardVariants struct {
	Jigsaw, X, Killer bool
}

// ParseBoardVariants reads a comma-separated list of variants for a board
// of shape s, as a command line gives them: jigsaw and x (every size) and
// killer (up to 8x8; the cages come with each puzzle; not with jigsaw).
// Another variant, killer at a larger size or with jigsaw, is an error of
// kind ErrInvalid that says which variants the size takes.
func ParseBoardVariants(spec string, s Shape) (BoardVariants, error) {
	var v BoardVariants
	for name := range strings.SplitSeq(spec, ",") {
		switch name = strings.TrimSpace(name); name {
		case "", "classic":
		case "x":
			v.X = true
		case "jigsaw":
			v.Jigsaw = true
		case "killer":
			if s.N() == 9 {
				return v, Invalidf("a 9x9 killer goes without size=9 (as a classic grid, whose rules take cages)")
			}
			if s.N() > MaxKillerSize {
				return v, Invalidf("killer is for 4x4, 6x6, 8x8 and 9x9 puzzles, not %s", s)
			}
			v.Killer = true
		default:
			if _, err := variantIndex(name); err != nil {
				return v, err
			}
			last := len(sizedVariants) - 1
			return v, Invalidf("variant %s is for 9x9 puzzles only: a %s puzzle takes %s and %s", name, s,
				strings.Join(sizedVariants[:last], ", "), sizedVariants[last])
		}
	}
	if v.Jigsaw && v.Killer {
		return v, Invalidf("jigsaw and killer together are for 9x9 puzzles only, not %s", s)
	}
	return v, nil
}

// SetVariants is SetRules without a jigsaw's regions.
func (b *Board) SetVariants(spec string, cages []Cage) error { return b.SetRules(spec, "", cages) }

// SetRules gives the board the variants a spec names ("x", "killer",
// "x,killer", "jigsaw,x"; "" or "classic" for none) with the regions
// layout of a jigsaw (see ParseRegions) and the cages of a killer: the
// board's X, Regions and Cages, checked as Validate does. A variant a
// board of its size does not take, a jigsaw without regions, regions
// without jigsaw, a killer without cages or cages without killer is an
// error of kind ErrInvalid.
func (b *Board) SetRules(spec, regions string, cages []Cage) error {
	v, err := ParseBoardVariants(spec, b.Shape)
	switch {
	case err != nil:
		return err
	case v.Jigsaw && regions == "":
		return Invalidf("a jigsaw needs its regions: a regions= field or a JSON row's \"regions\"")
	case !v.Jigsaw && regions != "":
		return Invalidf("a regions layout goes with the jigsaw variant only")
	case v.Killer && len(cages) == 0:
		return Invalidf("a killer needs its cages: a cages= field or a JSON row's \"cages\"")
	case !v.Killer && len(cages) > 0:
		return Invalidf("cages go with the killer variant only")
	}
	b.Regions = nil
	if v.Jigsaw {
		if b.Regions, err = b.Shape.ParseRegions(regions); err != nil {
			return err
		}
	}
	b.X, b.Cages = v.X, nil
	for _, c := range cages {
		cells := slices.Clone(c.Cells)
		slices.Sort(cells)
		b.Cages = append(b.Cages, Cage{Sum: c.Sum, Cells: cells})
	}
	return b.checkCageShapes()
}

// BoardCageSums returns the smallest and largest sum of k distinct digits
// 1..n.
func BoardCageSums(n, k int) (lo, hi int) { return k * (k + 1) / 2, k * (2*n + 1 - k) / 2 }

// cageWhat names cage i of a board in errors.
func (s Shape) cageWhat(i int, c Cage) string {
	if len(c.Cells) > 0 && c.Cells[0] >= 0 && c.Cells[0] < s.Cells() {
		return fmt.Sprintf("cage %d (sum %d at %s)", i+1, c.Sum, s.CellName(c.Cells[0]))
	}
	return fmt.Sprintf("cage %d (sum %d)", i+1, c.Sum)
}

// CageName names a cage of the shape for explanations: "the 7-cage at
// r1c1-r2c1".
func (s Shape) CageName(c Cage) string {
	if len(c.Cells) == 0 {
		return fmt.Sprintf("the %d-cage", c.Sum)
	}
	at := s.CellName(c.Cells[0])
	if len(c.Cells) > 1 {
		at += "-" + s.CellName(c.Cells[len(c.Cells)-1])
	}
	return fmt.Sprintf("the %d-cage at %s", c.Sum, at)
}

// checkCageShapes checks the board's cages as Rules.WithCages does for
// 9x9: each has 1 to N cells on the board, connected by orthogonal or
// diagonal steps, and a sum that many distinct digits 1..N can make; no
// two overlap.
func (b Board) checkCageShapes() error {
	s := b.Shape
	if len(b.Cages) == 0 {
		return nil
	}
	if s.N() > MaxKillerSize {
		return Invalidf("killer is for 4x4, 6x6, 8x8 and 9x9 puzzles, not %s", s)
	}
	owner := make([]int, s.Cells()) // cage index + 1 of each cell
	for i, c := range b.Cages {
		what := s.cageWhat(i, c)
		k := len(c.Cells)
		if k == 0 || k > s.N() {
			return Invalidf("%s has %d cells, want 1 to %d", what, k, s.N())
		}
		for _, cell := range c.Cells {
			if cell < 0 || cell >= s.Cells() {
				return Invalidf("%s: cell %d is off the board", what, cell)
			}
			if o := owner[cell]; o == i+1 {
				return Invalidf("%s names %s twice", what, s.CellName(cell))
			} else if o != 0 {
				return Invalidf("%s overlaps cage %d at %s", what, o, s.CellName(cell))
			}
			owner[cell] = i + 1
		}
		if lo, hi := BoardCageSums(s.N(), k); c.Sum < lo || c.Sum > hi {
			return Invalidf("%s: no %d distinct digits 1-%d add up to %d (%d to %d do)", what, k, s.N(), c.Sum, lo, hi)
		}
		if far := s.disconnected(c.Cells); far >= 0 {
			return Invalidf("%s is in pieces: %s does not join %s", what, s.CellName(far), s.CellName(c.Cells[0]))
		}
	}
	return nil
}

// disconnected returns a cell of cells that steps to orthogonal or
// diagonal neighbours inside them do not reach from the first; -1 when
// there is none.
func (s Shape) disconnected(cells []int) int {
	in := map[int]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[int]bool{cells[0]: true}
	stack := []int{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, nb := range s.steps(c, kingSteps) {
			if in[nb] && !seen[nb] {
				seen[nb] = true
				stack = append(stack, nb)
			}
		}
	}
	for _, c := range cells {
		if !seen[c] {
			return c
		}
	}
	return -1
}

// steps returns the cells a step of one of the offsets away from cell, in
// the order of the offsets.
func (s Shape) steps(cell int, offsets [][2]int) []int {
	n := s.N()
	var out []int
	r, c := cell/n, cell%n
	for _, o := range offsets {
		if rr, cc := r+o[0], c+o[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
			out = append(out, rr*n+cc)
		}
	}
	return out
}

// checkCageDigits reports the first cage whose digits break its rule: a
// repeated digit (a *CageError naming cells as CellName does for 9x9), a
// full cage off its sum, a partial one whose empty cells cannot reach it.
func (b Board) checkCageDigits() error {
	n := b.Shape.N()
	for _, c := range b.Cages {
		seen := map[uint8]int{}
		total, empty := 0, 0
		var used uint32
		for _, cell := range c.Cells {
			v := b.Cells[cell]
			if v == 0 {
				empty++
				continue
			}
			if first, ok := seen[v]; ok {
				return Invalidf("digit %d repeated in %s: %s and %s", v, b.Shape.CageName(c),
					b.Shape.CellName(first), b.Shape.CellName(cell))
			}
			seen[v] = cell
			used |= 1 << v
			total += int(v)
		}
		switch {
		case empty == 0 && total != c.Sum:
			return Invalidf("the digits of %s add up to %d", b.Shape.CageName(c), total)
		case empty > 0 && !reachableN(c.Sum-total, empty, used, n):
			return Invalidf("the digits in %s add up to %d, which its empty cells cannot bring to %d",
				b.Shape.CageName(c), total, c.Sum)
		}
	}
	return nil
}

// reachableN reports whether k distinct digits 1..n outside used (bit d
// for digit d) add up to sum.
func reachableN(sum, k int, used uint32, n int) bool {
	if k == 0 {
		return sum == 0
	}
	for d := n; d >= 1; d-- {
		if used&(1<<d) == 0 && d <= sum && reachableN(sum-d, k-1, used|(^uint32(0)<<d), n) {
			return true
		}
	}
	return false
}

// ParseCellName reads a cell's name at the shape's size, "r1c1" to
// "r16c16" (or "R1C1"), as CellName writes it.
func (s Shape) ParseCellName(name string) (int, error) {
	n := s.N()
	bad := Invalidf("%q is no cell name of %s: want r1c1 to r%dc%d", name, s, n, n)
	low := strings.ToLower(name)
	rs, cs, ok := strings.Cut(strings.TrimPrefix(low, "r"), "c")
	if !ok || !strings.HasPrefix(low, "r") {
		return 0, bad
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || r < 1 || r > n || c < 1 || c > n {
		return 0, bad
	}
	return (r-1)*n + c - 1, nil
}

// Neighbours returns the orthogonal neighbours of a cell, in reading
// order.
func (s Shape) Neighbours(cell int) []int { return s.steps(cell, rookSteps) }
