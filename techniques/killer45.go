package techniques

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sudokit/sudokit/sudoku"
)

// The rule of 45: every house holds 1 to 9, which add up to 45, so a set
// of k houses that do not overlap holds 45k. Take the cages wholly inside
// them: the cells left inside (the innies) add up to 45k less those
// cages' sums; and when every innie is in a cage, the cells of the cages
// crossing the houses that lie outside (the outies) add up to those
// cages' sums less the innies'. A sum over a few cells rules out the
// digits with which the cells cannot make it.

// maxSumCells bounds the cells of one equation of the rule of 45: larger
// ones rule out little and read badly.
const maxSumCells = 4

// area is a set of houses that do not overlap, named for people.
type area struct {
	houses []int
	cells  sudoku.CellSet
	name   string
	// inside and crossing are the sums of the cages inside the area and
	// of those crossing it; innies are its cells outside the cages inside
	// it, outies the cells of the crossing cages outside it, set when
	// every innie is in a cage (covered).
	inside, crossing int
	innies, outies   sudoku.CellSet
	covered          bool
}

// areas returns the single houses of the rules (k 1) or the unions of 2 or
// 3 adjacent rows, columns, or boxes in one band or stack (k 2, 3; boxes
// only when they are a classic grid's).
func areas(r sudoku.Rules, union bool) []area {
	var out []area
	if !union {
		for h := range r.NumHouses() {
			out = append(out, area{houses: []int{h}, cells: r.HouseCells(h), name: r.House(h).Name()})
		}
		return out
	}
	add := func(houses []int, name string) {
		a := area{houses: houses, name: name}
		for _, h := range houses {
			a.cells = a.cells.Union(r.HouseCells(h))
		}
		out = append(out, a)
	}
	for k := 2; k <= 3; k++ {
		for _, kind := range []struct {
			base  int
			words string
		}{{0, "rows"}, {9, "columns"}} {
			for i := 0; i+k <= 9; i++ {
				hs := make([]int, k)
				for j := range hs {
					hs[j] = kind.base + i + j
				}
				add(hs, fmt.Sprintf("%s %d-%d", kind.words, i+1, i+k))
			}
		}
		if r.Has("jigsaw") {
			continue
		}
		for band := range 3 {
			for i := 0; i+k <= 3; i++ {
				across, down := make([]int, k), make([]int, k)
				for j := range k {
					across[j] = 18 + band*3 + i + j
					down[j] = 18 + band + (i+j)*3
				}
				add(across, blockNames(across))
				add(down, blockNames(down))
			}
		}
	}
	return out
}

// blockNames names boxes: "blocks 1, 2 and 3".
func blockNames(houses []int) string {
	nums := make([]string, len(houses))
	for i, h := range houses {
		nums[i] = fmt.Sprint(h - 17)
	}
	return "blocks " + joinWords(nums)
}

// joinWords writes "a and b", "a, b and c".
func joinWords(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// equation says that the empty cells add up to total, by the rule of 45
// on an area.
type equation struct {
	area   *area
	cells  []int
	total  int
	placed int // the digits placed in the equation's cells, taken from its total
	outies bool
}

// detail writes the arithmetic of the equation, up to "so".
func (eq equation) detail() string {
	a := eq.area
	verb := "holds"
	if len(a.houses) > 1 {
		verb = "hold"
	}
	whole := 45 * len(a.houses)
	out := fmt.Sprintf("%s %s %d; the cages inside hold %d", a.name, verb, whole, a.inside)
	if eq.outies {
		out += fmt.Sprintf(", the cages crossing it %d, of which %d inside", a.crossing, whole-a.inside)
	}
	if eq.placed > 0 {
		out += fmt.Sprintf(", less %d placed", eq.placed)
	}
	return out
}

// killerAreas are the areas of one killer's rules with what its cages
// make of them, which no state changes: the single houses, then the
// unions.
type killerAreas struct{ single, union []area }

// killerTables caches the areas of the killers met so far; killerCount
// bounds it (each killer has rules of its own).
var (
	killerTables sync.Map // sudoku.Rules -> *killerAreas
	killerCount  atomic.Int32
)

// areasOf returns the areas of a killer's rules.
func areasOf(r sudoku.Rules) *killerAreas {
	if t, ok := killerTables.Load(r); ok {
		return t.(*killerAreas)
	}
	t := &killerAreas{single: areas(r, false), union: areas(r, true)}
	for _, list := range [][]area{t.single, t.union} {
		for i := range list {
			list[i].classify(r)
		}
	}
	if killerCount.Add(1) > 1024 {
		killerTables.Clear()
		killerCount.Store(1)
	}
	actual, _ := killerTables.LoadOrStore(r, t)
	return actual.(*killerAreas)
}

// classify finds the cages inside the area and those crossing it.
func (a *area) classify(r sudoku.Rules) {
	var insideCells, crossCells sudoku.CellSet
	for i := range r.NumCages() {
		c := r.Cage(i)
		set := c.Set()
		switch {
		case set.Minus(a.cells).Empty():
			a.inside += c.Sum
			insideCells = insideCells.Union(set)
		case !set.Intersect(a.cells).Empty():
			a.crossing += c.Sum
			crossCells = crossCells.Union(set)
		}
	}
	a.innies = a.cells.Minus(insideCells)
	if a.innies.Minus(crossCells).Empty() && !a.innies.Empty() {
		a.outies = crossCells.Minus(a.cells)
		a.covered = true
	}
}

// equations returns the innie and outie equations of the areas with one
// to maxSumCells empty cells.
func equations(s *State, list []area) []equation {
	// One array for the equations and one for their cells: each area
	// gives at most two equations of at most maxSumCells cells.
	out := make([]equation, 0, 2*len(list))
	buf := make([]int, 0, 2*len(list)*maxSumCells)
	eq := func(a *area, cells sudoku.CellSet, total int, outies bool) {
		if cells.Empty() {
			return
		}
		e := equation{area: a, outies: outies}
		start := len(buf)
		for c := range cells.All() {
			if v := int(s.Values[c]); v != 0 {
				e.placed += v
			} else if len(buf)-start == maxSumCells {
				buf = buf[:start]
				return
			} else {
				buf = append(buf, c)
			}
		}
		if len(buf) == start {
			return
		}
		e.cells = buf[start:len(buf):len(buf)]
		e.total = total - e.placed
		out = append(out, e)
	}
	for i := range list {
		a := &list[i]
		inTotal := 45*len(a.houses) - a.inside
		eq(a, a.innies, inTotal, false)
		if a.covered {
			eq(a, a.outies, a.crossing-inTotal, true)
		}
	}
	return out
}

// sumRule says that the cells of mask (bits index a cell list) add up to
// total.
type sumRule struct {
	mask  uint16
	total int
}

// sumSupport returns, for each of cells, the digits that some filling of
// the cells puts there, each cell taking one of its candidates, two cells
// that see each other different digits, and the cells of each rule adding
// up to its total. ok is false when there is no filling, or the search
// went past its bound (then nothing is known).
func sumSupport(s *State, cells []int, rules []sumRule) (support []sudoku.Digits, ok bool) {
	n := len(cells)
	if n > 16 || len(rules) > 4 {
		return nil, false
	}
	// The search takes the cells with the fewest candidates first: the
	// last, which a rule's total fixes, is the one with the most.
	var order [16]int
	for i := range n {
		j := i
		for ; j > 0 && s.Cands[cells[order[j-1]]].Count() > s.Cands[cells[i]].Count(); j-- {
			order[j] = order[j-1]
		}
		order[j] = i
	}
	w := sumSearch{n: n, nrules: len(rules)}
	for k, rule := range rules {
		w.rules[k].total = rule.total
		for p := range n {
			if rule.mask&(1<<order[p]) != 0 {
				w.rules[k].mask |= 1 << p
			}
		}
	}
	for p := range n {
		c := cells[order[p]]
		for q := range p {
			if s.Rules.Sees(c, cells[order[q]]) {
				w.seesBefore[p] |= 1 << q
			}
		}
		w.cands[p] = s.Cands[c]
		for x := s.Cands[c]; x != 0; x &= x - 1 {
			w.digits[p][w.count[p]] = int8(bits.TrailingZeros16(uint16(x)))
			w.count[p]++
		}
		if w.count[p] == 0 {
			return nil, false
		}
	}
	// restLo[k][p], restHi[k][p] are the least and most the cells p.. of
	// rule k can add.
	for k, rule := range w.rules[:w.nrules] {
		for p := n - 1; p >= 0; p-- {
			w.restLo[k][p], w.restHi[k][p] = w.restLo[k][p+1], w.restHi[k][p+1]
			if rule.mask&(1<<p) != 0 {
				w.restLo[k][p] += int(w.digits[p][0])
				w.restHi[k][p] += int(w.digits[p][w.count[p]-1])
			}
		}
	}
	w.walk(0)
	if w.passed || !w.found {
		return nil, false
	}
	support = make([]sudoku.Digits, n)
	for p := range n {
		support[order[p]] = w.support[p]
	}
	return support, true
}

// sumSearchNodes bounds the nodes of one search of sumSupport.
const sumSearchNodes = 100000

// sumSearch is the search of sumSupport, on the stack, in its order of
// the cells: each cell's candidates (as a set and as a list of digits), the earlier cells it
// sees, the digits placed so far, each rule's running sum and bounds, and
// the supports found.
type sumSearch struct {
	n              int
	rules          [4]sumRule // renumbered in the search's order of cells
	nrules         int
	cands          [16]sudoku.Digits
	digits         [16][9]int8
	count          [16]int
	seesBefore     [16]uint16
	vals           [16]int
	restLo, restHi [4][17]int
	sums           [4]int
	support        [16]sudoku.Digits
	// full counts the cells whose support holds all their candidates:
	// when every cell's does, nothing more can be found.
	full          int
	nodes         int
	found, passed bool
}

// walk fills cell i and the cells after it; false stops the search: the
// bound is passed, or every cell's support is full.
func (w *sumSearch) walk(i int) bool {
	if w.nodes++; w.nodes > sumSearchNodes {
		w.passed = true
		return false
	}
	for k, rule := range w.rules[:w.nrules] {
		if w.sums[k]+w.restLo[k][i] > rule.total || w.sums[k]+w.restHi[k][i] < rule.total {
			return true
		}
	}
	if i == w.n {
		w.found = true
		for j := range w.n {
			if v := w.vals[j]; !w.support[j].Has(v) {
				if w.support[j] = w.support[j].With(v); w.support[j] == w.cands[j] {
					w.full++
				}
			}
		}
		return w.full < w.n
	}
	if i == w.n-1 {
		// The last cell: a rule it is in tells its digit.
		d := 0
		for k, rule := range w.rules[:w.nrules] {
			if rule.mask&(1<<i) == 0 {
				continue
			}
			need := rule.total - w.sums[k]
			if d != 0 && need != d {
				return true
			}
			d = need
		}
		if d != 0 {
			if d < 1 || d > 9 || !w.cands[i].Has(d) {
				return true
			}
			return w.try(i, d)
		}
	}
	for _, d8 := range w.digits[i][:w.count[i]] {
		if !w.try(i, int(d8)) {
			return false
		}
	}
	return true
}

// try puts d in cell i, unless an earlier cell it sees holds d, and walks
// on.
func (w *sumSearch) try(i, d int) bool {
	for m := w.seesBefore[i]; m != 0; m &= m - 1 {
		if w.vals[bits.TrailingZeros16(m)] == d {
			return true
		}
	}
	w.vals[i] = d
	for k, rule := range w.rules[:w.nrules] {
		if rule.mask&(1<<i) != 0 {
			w.sums[k] += d
		}
	}
	ok := w.walk(i + 1)
	for k, rule := range w.rules[:w.nrules] {
		if rule.mask&(1<<i) != 0 {
			w.sums[k] -= d
		}
	}
	return ok
}

// ruleOf45Rating rates an equation of the rule of 45: on one house 1.5
// for one cell (just above the hidden single in a box, 1.2, as plain to
// see), 0.2 more for each further cell; on two houses 3.0, three 3.6,
// with the same 0.2 a cell.
func ruleOf45Rating(houses, cells int) sudoku.Rating {
	tenths := 15
	if houses > 1 {
		tenths = 30 + 6*(houses-2)
	}
	return sudoku.RatingOfTenths(tenths + 2*(cells-1))
}

// findRuleOf45 finds the steps of the rule of 45 on single houses
// (union false) or on unions of 2 or 3 (union true), cheapest first.
func findRuleOf45(union bool) Finder {
	key, name := "killer-45", "Innies and Outies"
	if union {
		key, name = "killer-45-union", "Multi-House Innies and Outies"
	}
	return func(s *State, emit Emit) bool {
		if !s.Rules.HasCages() {
			return true
		}
		var steps []*Step
		t := areasOf(s.Rules)
		list := t.single
		if union {
			list = t.union
		}
		for _, eq := range equations(s, list) {
			if isCageRest(s, eq.cells) {
				continue // the cage's own sum: Cage Combinations' business
			}
			if st := sumStep(s, key, name, eq); st != nil {
				steps = append(steps, st)
			}
		}
		slices.SortStableFunc(steps, func(a, b *Step) int { return cmp.Compare(a.Rating.Tenths(), b.Rating.Tenths()) })
		for _, st := range steps {
			if !emit(st) {
				return false
			}
		}
		return true
	}
}

// isCageRest reports whether cells are exactly the empty cells of one
// cage.
func isCageRest(s *State, cells []int) bool {
	k := s.Rules.CageOf(cells[0])
	if k < 0 {
		return false
	}
	n := 0
	for _, c := range s.Rules.Cage(k).Cells {
		if s.Values[c] == 0 {
			n++
		}
	}
	for _, c := range cells {
		if s.Rules.CageOf(c) != k {
			return false
		}
	}
	return n == len(cells)
}

// sumStep returns the step an equation gives, or nil.
func sumStep(s *State, key, name string, eq equation) *Step {
	rating := ruleOf45Rating(len(eq.area.houses), len(eq.cells))
	where := ""
	if eq.outies {
		where = " outside"
	}
	if len(eq.cells) == 1 {
		cell, d := eq.cells[0], eq.total
		if d < 1 || d > 9 || !s.Cands[cell].Has(d) {
			return nil
		}
		st := killerStep(key, name, rating, nil, eq.cells, eq.area.houses,
			fmt.Sprintf("%s, so %s%s is %d", eq.detail(), sudoku.CellName(cell), where, d))
		st.Digits = sudoku.DigitSet(d)
		st.Placements = []Candidate{{Cell: uint8(cell), Digit: uint8(d)}}
		return st
	}
	support, ok := sumSupport(s, eq.cells, []sumRule{{mask: 1<<len(eq.cells) - 1, total: eq.total}})
	if !ok {
		return nil
	}
	var elims []Candidate
	var digits sudoku.Digits
	for i, c := range eq.cells {
		digits |= support[i]
		for _, d := range (s.Cands[c] &^ support[i]).Slice() {
			elims = append(elims, Candidate{Cell: uint8(c), Digit: uint8(d)})
		}
	}
	if len(elims) == 0 {
		return nil
	}
	st := killerStep(key, name, rating, nil, eq.cells, eq.area.houses,
		fmt.Sprintf("%s, so %s%s add up to %d", eq.detail(), plusList(eq.cells), where, eq.total))
	st.Digits, st.Eliminations = digits, elims
	return st
}

// findCageSplitting finds a cage split by a known part of its sum: a
// part of its empty cells that holds a known set of digits (as many
// digits among their candidates as cells), or the cells of an equation of
// the rule of 45 on one house that lie inside it. The rest of the cage
// adds up to what is left, with digits other than the known part's, and
// keeps only the digits of those combinations. Rated 2.9: beyond claiming
// (2.8), below the naked pair (3.0), as it takes a subset or an equation
// first.
func findCageSplitting(s *State, emit Emit) bool {
	if !s.Rules.HasCages() {
		return true
	}
	views := cageViews(s)
	split := func(v cageView, part []int, partSum int, partDigits sudoku.Digits, why func() string) bool {
		var rest []int
		for _, c := range v.empty {
			if !slices.Contains(part, c) {
				rest = append(rest, c)
			}
		}
		combos := combosOf(len(rest), v.rest-partSum, v.placed|partDigits)
		var allowed sudoku.Digits
		for _, c := range combos {
			allowed |= c
		}
		if len(combos) == 0 {
			return true
		}
		elims := restrict(s, rest, allowed)
		if len(elims) == 0 {
			return true
		}
		detail := fmt.Sprintf("%s less %s (%s) leaves %s adding up to %d: %s", v.cage.Name(), cellList(part), why(),
			cellList(rest), v.rest-partSum, comboList(combos))
		st := killerStep("killer-split", "Cage Splitting", 2.9, []int{v.index}, rest, nil, detail)
		st.Digits, st.Eliminations = allowed, elims
		return emit(st)
	}
	for _, v := range views {
		n := len(v.empty)
		if n < 3 {
			continue
		}
		for mask := 1; mask < 1<<n-1; mask++ {
			k := popcount(mask)
			if k < 2 || k > 4 {
				continue
			}
			var part []int
			var ds sudoku.Digits
			for i, c := range v.empty {
				if mask&(1<<i) != 0 {
					part = append(part, c)
					ds |= s.Cands[c]
				}
			}
			if ds.Count() != k {
				continue
			}
			sum := 0
			for _, d := range ds.Slice() {
				sum += d
			}
			if !split(v, part, sum, ds, func() string { return fmt.Sprintf("%s, which add up to %d", digitList(ds), sum) }) {
				return false
			}
		}
	}
	for _, eq := range equations(s, areasOf(s.Rules).single) {
		k := s.Rules.CageOf(eq.cells[0])
		if k < 0 || isCageRest(s, eq.cells) {
			continue
		}
		inOne := true
		for _, c := range eq.cells {
			inOne = inOne && s.Rules.CageOf(c) == k
		}
		if !inOne {
			continue
		}
		why := func() string { return fmt.Sprintf("%s: %s add up to %d", eq.detail(), plusList(eq.cells), eq.total) }
		if !split(views[k], eq.cells, eq.total, 0, why) {
			return false
		}
	}
	return true
}

// popcount counts the bits of m.
func popcount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
