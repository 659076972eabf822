package canon

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// A Group is the symmetry group of a set of rules (a classic grid, or a
// variant): the Transforms that take every puzzle under the rules to an
// equivalent puzzle under the same rules, with the same solving path up
// to the renaming. For classic rules it is every Transform. For a variant
// it is the Transforms that map each of its extra houses onto a house of
// the same kind (a diagonal onto a diagonal, a window onto a window) and
// each pair of cells its pair rules tie (a knight's move, a king's move,
// orthogonal neighbours) onto such a pair, with any relabelling of the
// digits but for non-consecutive, which keeps only the identity and d ->
// 10-d (consecutive digits stay consecutive under no other). For example
// x keeps the transposition, the rotations and mirrors, and the row and
// column shuffles that map both diagonals onto the diagonals: 96
// geometric transformations of the 3,359,232.
//
// A jigsaw's regions are the puzzle's own: a jigsaw takes the eight
// rotations and reflections of the square (those among them that keep its
// other variants), and the layout turns along (Group.RulesAfter). Its
// canonical form is that of the puzzle and its layout together.
//
// The groups of the variants are found by testing every geometric
// Transform against the rules (once per set of rules and process, in tens
// of milliseconds at most), so that they are exactly the Transforms that
// keep them.
type Group struct {
	rules sudoku.Rules
	// geo is the geometric part (Digits the identity); nil for classic
	// rules, whose group is every Transform.
	geo []Transform
	// reflect: the digits relabel only as the identity or d -> 10-d.
	reflect bool
	jigsaw  bool
}

// GroupOf returns the symmetry group of rules. It fails (an error of kind
// sudoku.ErrInvalid) for rules whose group is not known; every rule set
// that sudoku.NewRules builds has one.
func GroupOf(rules sudoku.Rules) (*Group, error) {
	if rules.IsClassic() {
		return &Group{}, nil
	}
	if g, ok := groups.Load(groupKey(rules)); ok {
		return g.(*Group).under(rules), nil
	}
	g := &Group{jigsaw: rules.Has("jigsaw"), reflect: rules.HasPair(sudoku.NonConsecutive)}
	sym := newSymmetryTest(rules)
	if g.jigsaw {
		for _, t := range squareSymmetries {
			if sym.keeps(t) {
				g.geo = append(g.geo, t)
			}
		}
	} else {
		g.geo = sym.all()
	}
	if len(g.geo) == 0 {
		return nil, sudoku.Invalidf("no symmetry group for variant %s", rules) // the identity keeps any rules
	}
	known, _ := groups.LoadOrStore(groupKey(rules), g)
	return known.(*Group).under(rules), nil
}

// groups holds the groups found so far, by groupKey.
var groups sync.Map

// groupKey names a group: a jigsaw's group does not depend on its layout.
func groupKey(rules sudoku.Rules) string { return rules.String() }

// under returns the group with the rules it is for (a jigsaw's layout).
func (g *Group) under(rules sudoku.Rules) *Group {
	out := *g
	out.rules = rules
	return &out
}

// Rules returns the rules the group keeps.
func (g *Group) Rules() sudoku.Rules { return g.rules }

// Classic reports whether the group is classic sudoku's: every Transform.
func (g *Group) Classic() bool { return g.geo == nil }

// Size returns the number of geometric transformations of the group and
// the number of relabellings of the digits: 3,359,232 and 362,880 for
// classic rules, 96 and 362,880 for x, 8 and 2 for non-consecutive.
func (g *Group) Size() (geometric, relabellings int) {
	switch {
	case g.Classic():
		return 2 * 1296 * 1296, 362880
	case g.reflect:
		return len(g.geo), 2
	}
	return len(g.geo), 362880
}

// Geometric returns the geometric transformations of the group (Digits
// the identity), the identity first; nil for classic rules, whose every
// geometric transformation keeps them.
func (g *Group) Geometric() []Transform { return slices.Clone(g.geo) }

// Contains reports whether t is in the group.
func (g *Group) Contains(t Transform) bool { return g.Check(t) == nil }

// Check returns nil when t is in the group, else why not, in words that
// name the house or the pair of cells it does not keep ("it moves diagonal
// 1 onto r1c2 r2c1 ..., which is no diagonal"). The error is of kind
// sudoku.ErrInvalid.
func (g *Group) Check(t Transform) error {
	if err := t.Validate(); err != nil {
		return sudoku.Invalid(err)
	}
	if g.Classic() {
		return nil
	}
	if g.reflect && !identityDigits(t.Digits) && t.Digits != reflection {
		return sudoku.Invalidf("non-consecutive takes no relabelling of the digits but d=987654321 (d becomes 10-d, which keeps consecutive digits consecutive), not d=%s", formatDigits(t.Digits))
	}
	geo := t
	geo.Digits = Identity().Digits
	if slices.Contains(g.geo, geo) {
		return nil
	}
	if g.jigsaw && !slices.Contains(squareSymmetries, geo) {
		return sudoku.Invalidf("a jigsaw takes only the rotations, mirrors and transpositions of the whole grid (its regions turning along), not %s", geo)
	}
	if err := newSymmetryTest(g.rules).why(geo); err != nil {
		return err
	}
	return sudoku.Invalidf("%s does not keep the rules of %s", geo, g.rules) // not reached: why names the reason
}

// Random returns a Transform of the group, uniform over its geometric part
// and its relabellings. For classic rules it is Random(rng).
func (g *Group) Random(rng *rand.Rand) Transform {
	if g.Classic() {
		return Random(rng)
	}
	t := g.geo[rng.IntN(len(g.geo))]
	switch {
	case g.reflect:
		if rng.IntN(2) == 1 {
			t.Digits = reflection
		}
	default:
		for i, v := range rng.Perm(9) {
			t.Digits[i+1] = uint8(v + 1)
		}
	}
	return t
}

// RulesAfter returns the rules of a puzzle that t (a Transform of the
// group) has transformed: the group's own, but for a jigsaw, whose layout
// turns with the grid (each region keeping its id).
func (g *Group) RulesAfter(t Transform) sudoku.Rules {
	if !g.jigsaw {
		return g.rules
	}
	rules, err := sudoku.NewRules(g.rules.Variants(), turnLayout(t, g.rules.Regions(), false))
	if err != nil {
		panic(fmt.Sprintf("canon: a jigsaw's layout turned by %s is no layout: %v", t, err)) // a rotation keeps regions connected
	}
	return rules
}

// Minlex returns the canonical form of a puzzle under the group's rules:
// the lexicographically smallest grid ('0' for a blank first) over the
// group's geometric transformations, the digits relabelled as the group
// allows (in order of first appearance, or for non-consecutive the
// smaller of the identity and d -> 10-d), and one Transform t of the group
// that takes the puzzle there. For a jigsaw the form is that of the puzzle
// and its layout: the smallest puzzle, then the smallest layout with its
// regions numbered in order of first appearance; rules are the form's
// rules (the group's own for other variants). For classic rules it is
// Minlex. Two puzzles under the same variant are equivalent exactly when
// their forms and rules are equal (see Key).
func (g *Group) Minlex(grid sudoku.Grid) (form sudoku.Grid, rules sudoku.Rules, t Transform) {
	if g.Classic() {
		form, t = Minlex(grid)
		return form, g.rules, t
	}
	var best []byte
	var bestLayout string
	for _, e := range g.geo {
		h := e.Apply(grid)
		digits := relabelling(&h, g.reflect)
		for i, v := range h {
			h[i] = digits[v]
		}
		layout := ""
		if g.jigsaw {
			layout = turnLayout(e, g.rules.Regions(), true)
		}
		c := 0
		if best != nil {
			c = bytes.Compare(h[:], best)
			if c == 0 {
				c = strings.Compare(layout, bestLayout)
			}
		}
		if best == nil || c < 0 {
			best, bestLayout, form = h[:], layout, h
			t = e
			t.Digits = digits
		}
	}
	rules = g.rules
	if g.jigsaw {
		var err error
		if rules, err = sudoku.NewRules(g.rules.Variants(), bestLayout); err != nil {
			panic(fmt.Sprintf("canon: a jigsaw's canonical layout is no layout: %v", err))
		}
	}
	return form, rules, t
}

// Key returns the canonical form of a puzzle under the group's rules as
// one string: the 81 characters of Key(grid) for classic rules, and for a
// variant those of its form followed by the form's rules as a puzzle's
// label carries them ("... variant=x", "... variant=jigsaw regions=..."),
// so that two puzzles are equivalent exactly when their keys are equal.
func (g *Group) Key(grid sudoku.Grid) string {
	form, rules, _ := g.Minlex(grid)
	if rules.IsClassic() {
		return Format(form)
	}
	return Format(form) + " " + rules.Label()
}

// relabelling returns the relabelling of the digits that makes h smallest:
// in order of first appearance, or with reflect the smaller of the
// identity and d -> 10-d.
func relabelling(h *sudoku.Grid, reflect bool) [10]uint8 {
	if reflect {
		for _, v := range h {
			if v != 0 && v != 5 {
				if reflection[v] < v {
					return reflection
				}
				break
			}
		}
		return Identity().Digits
	}
	var d [10]uint8
	next := uint8(1)
	for _, v := range h {
		if v != 0 && d[v] == 0 {
			d[v] = next
			next++
		}
	}
	for v := 1; v <= 9; v++ { // digits the puzzle lacks take the labels left, in order
		if d[v] == 0 {
			d[v] = next
			next++
		}
	}
	return d
}

// reflection is the relabelling d -> 10-d.
var reflection = [10]uint8{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}

func identityDigits(d [10]uint8) bool { return d == Identity().Digits }

// turnLayout returns a jigsaw's layout turned by t's geometric part: the
// region of each cell of the result is that of its source cell; with
// renumber, the regions are numbered in order of first appearance.
func turnLayout(t Transform, layout string, renumber bool) string {
	src := sources(t)
	var out [81]byte
	var ids [10]byte
	next := byte('1')
	for i := range 81 {
		id := layout[src[i]]
		if renumber {
			if ids[id-'0'] == 0 {
				ids[id-'0'] = next
				next++
			}
			id = ids[id-'0']
		}
		out[i] = id
	}
	return string(out[:])
}

// sources returns, for each cell of t's result, the cell of the input it
// comes from.
func sources(t Transform) [81]uint8 {
	var src [81]uint8
	for r := range 9 {
		for c := range 9 {
			if t.Transpose {
				src[r*9+c] = t.Cols[c]%9*9 + t.Rows[r]%9
			} else {
				src[r*9+c] = t.Rows[r]%9*9 + t.Cols[c]%9
			}
		}
	}
	return src
}

// squareSymmetries are the eight rotations and reflections of the square,
// the identity first.
var squareSymmetries = func() []Transform {
	var out []Transform
	for _, spec := range []string{"identity", "rot90", "rot180", "rot270", "mirror", "flip", "transpose", "transpose,rot180"} {
		t, err := ParseTransform(spec)
		if err != nil {
			panic(err)
		}
		out = append(out, t)
	}
	return out
}()

// symmetryTest tests geometric Transforms against a set of rules: its
// extra houses (beyond rows, columns and boxes or regions), by kind, and
// its pair rules.
type symmetryTest struct {
	rules  sudoku.Rules
	houses []sudoku.House
	sets   map[sudoku.HouseKind][]sudoku.CellSet
	union  map[sudoku.HouseKind]sudoku.CellSet // the cells of the houses of a kind
	// kindSets[i]: the houses of the kind of houses[i].
	kindSets   [][]sudoku.CellSet
	unionFirst sudoku.CellSet // the cells of the houses of the first one's kind
	pairs      []sudoku.PairRule
}

func newSymmetryTest(rules sudoku.Rules) *symmetryTest {
	s := &symmetryTest{rules: rules, sets: map[sudoku.HouseKind][]sudoku.CellSet{}, union: map[sudoku.HouseKind]sudoku.CellSet{}}
	for h := 27; h < rules.NumHouses(); h++ {
		house := rules.House(h)
		s.houses = append(s.houses, house)
		s.sets[house.Kind] = append(s.sets[house.Kind], rules.HouseCells(h))
		s.union[house.Kind] = s.union[house.Kind].Union(rules.HouseCells(h))
	}
	for _, h := range s.houses {
		s.kindSets = append(s.kindSets, s.sets[h.Kind])
	}
	if len(s.houses) > 0 {
		s.unionFirst = s.union[s.houses[0].Kind]
	}
	for _, p := range []sudoku.PairRule{sudoku.AntiKnight, sudoku.AntiKing, sudoku.NonConsecutive} {
		if rules.HasPair(p) {
			s.pairs = append(s.pairs, p)
		}
	}
	return s
}

// keeps reports whether the geometric Transform t keeps the rules.
func (s *symmetryTest) keeps(t Transform) bool {
	_, house, pair := s.broken(t)
	return house < 0 && pair < 0
}

// broken finds what the geometric Transform t does not keep: the index in
// s.houses of an extra house it moves onto no house of the house's kind,
// or else a cell whose pair-rule partners (of s.pairs[pair]) it does not
// move onto the partners of the cell's image; -1 for none. dst says where
// each cell goes.
func (s *symmetryTest) broken(t Transform) (dst [81]uint8, house, pair int) {
	src := sources(t)
	for i, from := range src {
		dst[from] = uint8(i)
	}
	for i := range s.houses {
		if !slices.Contains(s.kindSets[i], image(&dst, s.rules.HouseCells(27+i))) {
			return dst, i, -1
		}
	}
	for i, p := range s.pairs {
		for c := range 81 {
			if image(&dst, s.rules.Partners(p, c)) != s.rules.Partners(p, int(dst[c])) {
				return dst, -1, i*81 + c
			}
		}
	}
	return dst, -1, -1
}

// image returns the cells a set goes to, dst saying where each cell goes.
func image(dst *[81]uint8, set sudoku.CellSet) sudoku.CellSet {
	var out sudoku.CellSet
	for c := range set.All() {
		out.Add(int(dst[c]))
	}
	return out
}

// why says why the geometric Transform t does not keep the rules, or nil.
func (s *symmetryTest) why(t Transform) error {
	dst, house, pair := s.broken(t)
	switch {
	case house >= 0:
		h := s.houses[house]
		return sudoku.Invalidf("%s does not keep the rules of %s: it moves %s onto %s, which is no %s",
			t, s.rules, h.Name(), cellNames(image(&dst, s.rules.HouseCells(27+house))), h.Kind)
	case pair >= 0:
		p, c := s.pairs[pair/81], pair%81
		to, want := image(&dst, s.rules.Partners(p, c)), s.rules.Partners(p, int(dst[c]))
		other := to.Minus(want).Union(want.Minus(to)).First() // a cell of the image tied one way and not the other
		var from int
		for i, d := range dst {
			if int(d) == other {
				from = i
			}
		}
		before, after := "", " not"
		if !to.Has(other) {
			before, after = "not ", ""
		}
		return sudoku.Invalidf("%s does not keep %s: %s and %s, %s%s, go to %s and %s, which are%s",
			t, p, sudoku.CellName(c), sudoku.CellName(from), before, pairWords[p], sudoku.CellName(int(dst[c])), sudoku.CellName(other), after)
	}
	return nil
}

// pairWords say how the cells a pair rule ties stand.
var pairWords = map[sudoku.PairRule]string{
	sudoku.AntiKnight:     "a knight's move apart",
	sudoku.AntiKing:       "a king's move apart",
	sudoku.NonConsecutive: "neighbours",
}

// all returns every geometric Transform that keeps the rules, the
// identity first.
func (s *symmetryTest) all() []Transform {
	orders := lineOrders()
	if len(s.pairs) > 0 {
		orders = slices.DeleteFunc(orders, func(o [9]uint8) bool { return !s.keepsSteps(o) })
	}
	where := make([][9]uint8, len(orders)) // where each line goes
	for i, o := range orders {
		for pos, line := range o {
			where[i][line] = uint8(pos)
		}
	}
	out := []Transform{Identity()}
	for _, transpose := range []bool{false, true} {
		// The rows (columns) of the first extra house must go where the
		// rows (columns) of a house of its kind are, as many in each.
		rowsOK := s.profileKeeps(where, transpose, false)
		colsOK := s.profileKeeps(where, transpose, true)
		for i := range orders {
			if !rowsOK[i] {
				continue
			}
			for j := range orders {
				if !colsOK[j] || !s.quickKeeps(transpose, &where[i], &where[j]) {
					continue
				}
				t := Transform{Transpose: transpose, Rows: orders[i], Cols: orders[j], Digits: Identity().Digits}
				if t != out[0] && s.keeps(t) {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// profileKeeps tells, for each line order, whether it takes the rows (or
// with cols, the columns) of the first extra house to lines that hold as
// many cells of some house of its kind: a necessary condition for the
// Transforms that order the rows (columns) so, with or without transpose.
func (s *symmetryTest) profileKeeps(where [][9]uint8, transpose, cols bool) []bool {
	ok := make([]bool, len(where))
	if len(s.houses) == 0 {
		for i := range ok {
			ok[i] = true
		}
		return ok
	}
	profile := func(cells [9]uint8, byCol bool) [9]uint8 {
		var p [9]uint8
		for _, c := range cells {
			if byCol {
				p[c%9]++
			} else {
				p[c/9]++
			}
		}
		return p
	}
	h := s.houses[0]
	from := profile(h.Cells, cols != transpose) // the lines of the input the order moves
	var targets [][9]uint8
	for _, o := range s.houses {
		if o.Kind == h.Kind {
			targets = append(targets, profile(o.Cells, cols))
		}
	}
	for i, w := range where {
		var to [9]uint8
		for line, n := range from {
			to[w[line]] = n
		}
		ok[i] = slices.Contains(targets, to)
	}
	return ok
}

// quickKeeps tests a Transform, given by where it takes each row and
// column, on the first extra house alone: the cheap test that most
// Transforms fail.
func (s *symmetryTest) quickKeeps(transpose bool, rows, cols *[9]uint8) bool {
	if len(s.houses) == 0 {
		return true
	}
	h := &s.houses[0]
	union := s.unionFirst
	var to sudoku.CellSet
	for _, c := range h.Cells {
		r, col := c/9, c%9
		if transpose {
			r, col = col, r
		}
		cell := int(rows[r])*9 + int(cols[col])
		if !union.Has(cell) {
			return false // most Transforms fail at the first cell or two
		}
		to.Add(cell)
	}
	return slices.Contains(s.kindSets[0], to)
}

// keepsSteps reports whether a row (or column) order keeps neighbouring
// lines close enough for the pair rules, a necessary condition: cells a
// king's move apart, or neighbours, must stay one line apart, cells a
// knight's move apart one or two.
func (s *symmetryTest) keepsSteps(order [9]uint8) bool {
	limit := 1
	if slices.Contains(s.pairs, sudoku.AntiKnight) {
		limit = 2
	}
	var where [9]int
	for pos, line := range order {
		where[line] = pos
	}
	for r := range 8 {
		if d := where[r] - where[r+1]; d < -limit || d > limit {
			return false
		}
	}
	return true
}

// lineOrders lists the 1,296 orders of 9 lines that keep blocks whole.
func lineOrders() [][9]uint8 {
	perms := [][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	out := make([][9]uint8, 0, 1296)
	for _, blocks := range perms {
		for _, p0 := range perms {
			for _, p1 := range perms {
				for _, p2 := range perms {
					within := [3][3]uint8{p0, p1, p2}
					var order [9]uint8
					for b := range 3 {
						for i := range 3 {
							order[3*b+i] = 3*blocks[b] + within[b][i]
						}
					}
					out = append(out, order)
				}
			}
		}
	}
	return out
}

// cellNames writes a set of cells as "r1c2 r2c1 ...".
func cellNames(set sudoku.CellSet) string {
	var names []string
	for c := range set.All() {
		names = append(names, sudoku.CellName(c))
	}
	return strings.Join(names, " ")
}
