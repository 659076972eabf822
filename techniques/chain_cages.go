package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// Cage links: a killer's cages as links of the chain engine (issue 35).
// Under rules with cages, the linker adds to the links of houses and pair
// rules what a cage's sum says, read exactly on the grid a run works on
// (the reference grid in static runs, the working copy in dynamic ones):
//
//   - "cell is d" rules out every candidate x of another cell c of its
//     cage that no way of completing the cage (distinct digits among the
//     cells' candidates, adding up to what the cage still needs) takes
//     with cell = d and c = x. This holds d out of the cage's other cells
//     (a cage's cells differ), and in a cage of two cells of sum s it
//     leaves the other cell s-d alone.
//   - "cell is not d" makes x true in a cell c of its cage (cell itself
//     included) with two candidates or more when every completion of the
//     cage without d in cell puts x in c: the cage's hidden and naked
//     singles. With two cells, "r1c1 is not d" makes the other one's
//     partner digit false, and so "r1c2 is s-d" true when it had two.
//
// Both are links of one potential to another, as SE's are, so that every
// search (forcing chains and cycles, Nishio, cell and region forcing
// chains, dynamic forcing chains) takes them like a house's: they go with
// the X links (like non-consecutive's, they may change the digit), and
// name the cage ("the 10-cage at r1c1-r1c2"). A true potential a cage
// forces in a dynamic run has as hidden parents the cage's candidates the
// run removed, as a hidden single's are its house's.
//
// Classic grids and variants without cages never reach this file
// (chainRules.cages is nil).

// causeCage is the cause of a link through a killer's cage: the cage of
// the cell the link comes from.
const causeCage = 60

// chainCage is a cage as the chain engine reads it: its sum and cells.
type chainCage struct {
	sum   int
	cells []uint8
}

// loadCages fills t's cages from r's.
func (t *chainRules) loadCages(r sudoku.Rules) {
	if !r.HasCages() {
		return
	}
	t.cages = make([]chainCage, r.NumCages())
	for i := range t.cages {
		c := r.Cage(i)
		cc := chainCage{sum: c.Sum, cells: make([]uint8, len(c.Cells))}
		for j, cell := range c.Cells {
			cc.cells[j] = uint8(cell)
		}
		t.cages[i] = cc
	}
	for c := range t.cageOf {
		t.cageOf[c] = int8(r.CageOf(c))
	}
}

// hasCages reports whether the rules t has tables of have cages (false for
// classic rules, t nil).
func (t *chainRules) hasCages() bool { return t != nil && t.cages != nil }

// cageName names the cage of cell ("the 10-cage at r1c1-r1c2").
func (t *chainRules) cageName(cell int) string {
	if cell < 0 || t.cageOf[cell] < 0 {
		return "a cage"
	}
	return t.rules.Cage(int(t.cageOf[cell])).Name()
}

// cageGrid is what a chain grid knows of its cages: per cage, the sum its
// empty cells still need and the digits placed in it (the candidates of a
// filled cell are empty, its digit is in the state's values).
type cageGrid struct {
	need   []int8
	placed []sudoku.Digits
}

// loadCages fills g's cage sums from s (under rules with cages).
func (g *chainGrid) loadCages(s *State) {
	t := g.rt
	n := len(t.cages)
	g.cg.need, g.cg.placed = g.cg.need[:0], g.cg.placed[:0]
	for k := 0; k < n; k++ {
		need, placed := t.cages[k].sum, sudoku.Digits(0)
		for _, c := range t.cages[k].cells {
			if v := int(s.Values[c]); v != 0 {
				need -= v
				placed = placed.With(v)
			}
		}
		g.cg.need = append(g.cg.need, int8(need))
		g.cg.placed = append(g.cg.placed, placed)
	}
}

// cageSolver finds which candidates of a cage's empty cells some
// completion of the cage takes: a depth-first search over the cells, with
// the digits used so far as its state (they fix the sum so far), memoised.
type cageSolver struct {
	n     int
	need  int
	cells [9]uint8
	cands [9]uint16
	sup   [9]uint16 // the digits each cell takes in some completion
	stamp uint32
	seen  [10][512]uint32 // stamp of a (cell, digits used) state visited
	ok    [10][512]bool   // whether it completes
	memo  map[cageMemoKey]cageMemoEntry
}

func (cs *cageSolver) dfs(k int, used uint16, sum int) bool {
	if k == cs.n {
		return sum == cs.need
	}
	key := used >> 1
	if cs.seen[k][key] == cs.stamp {
		return cs.ok[k][key]
	}
	rest := cs.n - k - 1 // cells after this one
	lo, hi := rest*(rest+1)/2, rest*(19-rest)/2
	res := false
	for x := cs.cands[k] &^ used; x != 0; x &= x - 1 {
		d := bits.TrailingZeros16(x)
		s := sum + d
		if s+lo > cs.need {
			break
		}
		if s+hi < cs.need {
			continue
		}
		if cs.dfs(k+1, used|1<<d, s) {
			cs.sup[k] |= 1 << d
			res = true
		}
	}
	cs.seen[k][key], cs.ok[k][key] = cs.stamp, res
	return res
}

// cageEmpty reports whether cell is an empty cell of a cage under the
// chain grid's state: one with candidates in the reference grid.
func (g *chainGrid) cageEmpty(cell int) bool { return g.ref[cell] != 0 }

// solveCage runs the solver on the cage of cell (which must have one) over
// the empty cells of the reference grid, with candidates from grid and
// cell's own restricted to fix. What a cage's cells can take depends only
// on their candidates and the sum they need: the answers are kept by those
// (cageMemo), since runs meet the same cages again and again.
func (l *linker) solveCage(grid *[81]sudoku.Digits, cell int, fix sudoku.Digits) (*cageSolver, bool) {
	g := l.g
	t := g.rt
	if l.cs == nil {
		l.cs = &cageSolver{memo: make(map[cageMemoKey]cageMemoEntry)}
	}
	cs := l.cs
	k := int(t.cageOf[cell])
	cs.n, cs.need = 0, int(g.cg.need[k])
	if cs.need < 0 || cs.need > 45 {
		cs.need = 63 // (a broken state: no sum of digits reaches it)
	}
	placed := uint16(g.cg.placed[k])
	key := cageMemoKey{hi: uint64(cs.need) << 32}
	for _, c := range t.cages[k].cells {
		if !g.cageEmpty(int(c)) {
			continue
		}
		cands := uint16(grid[c])
		if int(c) == cell {
			cands &= uint16(fix)
		}
		cands &^= placed
		cs.cells[cs.n], cs.cands[cs.n] = c, cands
		cs.sup[cs.n] = 0
		if cs.n < 7 {
			key.lo |= uint64(cands>>1) << (9 * cs.n)
		} else {
			key.hi |= uint64(cands>>1) << (9 * (cs.n - 7))
		}
		cs.n++
	}
	key.hi |= uint64(cs.n) << 40
	if e, ok := cs.memo[key]; ok {
		cs.sup = e.sup
		return cs, e.ok
	}
	cs.stamp++
	if cs.stamp == 0 {
		cs.seen = [10][512]uint32{}
		cs.stamp = 1
	}
	ok := cs.dfs(0, 0, 0)
	if len(cs.memo) >= maxCageMemo {
		clear(cs.memo)
	}
	cs.memo[key] = cageMemoEntry{sup: cs.sup, ok: ok}
	return cs, ok
}

// cageMemoKey is a cage's empty cells' candidates (9 bits each, in order:
// seven in lo, two in hi), the sum they need (hi's bits 32-37) and their
// number (bits 40-43); cageMemoEntry what they can take.
type cageMemoKey struct{ lo, hi uint64 }

type cageMemoEntry struct {
	sup [9]uint16
	ok  bool
}

// maxCageMemo bounds a solver's memo (about 40 bytes an entry).
const maxCageMemo = 1 << 16

// cageOnOff appends to dst, as candidate ids, what "cell is d" rules out in
// the other cells of its cage on grid: each candidate no completion of the
// cage with cell = d takes.
func (l *linker) cageOnOff(dst []int16, grid *[81]sudoku.Digits, cell, d int) []int16 {
	if l.g.rt.cageOf[cell] < 0 {
		return dst
	}
	cs, _ := l.solveCage(grid, cell, sudoku.DigitSet(d))
	for i := 0; i < cs.n; i++ {
		c := int(cs.cells[i])
		if c == cell {
			continue
		}
		for x := uint16(grid[c]) &^ cs.sup[i]; x != 0; x &= x - 1 {
			dst = append(dst, int16(candID(c, bits.TrailingZeros16(x))))
		}
	}
	return dst
}

// cageOffOn appends to dst, as candidate ids, what "cell is not d" makes
// true in the cells of its cage on grid: a cell with two candidates or
// more (but cell itself with two: that is a Y-link) that every completion
// of the cage without d in cell fills with the same digit.
func (l *linker) cageOffOn(dst []int16, grid *[81]sudoku.Digits, cell, d int) []int16 {
	if l.g.rt.cageOf[cell] < 0 {
		return dst
	}
	cs, ok := l.solveCage(grid, cell, grid[cell].Without(d))
	if !ok {
		return dst // "cell is d" is forced: nothing follows from its negation
	}
	for i := 0; i < cs.n; i++ {
		c := int(cs.cells[i])
		n := grid[c].Count()
		if n < 2 || (c == cell && n == 2) || bits.OnesCount16(cs.sup[i]) != 1 {
			continue
		}
		dst = append(dst, int16(candID(c, bits.TrailingZeros16(cs.sup[i]))))
	}
	return dst
}

// cageStatic adds the cage links of candidate (cell, d) to its static link
// lists: region (what "cell is d" rules out) and strong (what "cell is not
// d" makes true), leaving out the candidates the houses' links already
// hold (seen: the cells that lose d; conjugates: those where d is true).
func (l *linker) cageStatic(cell, d int, region, strong []int16, seen, conjugates *cellBoard) ([]int16, []int16) {
	g := l.g
	buf := l.cageOnOff(l.cageBuf[:0], &g.ref, cell, d)
	for _, id := range buf {
		c, x := int(id)/9, int(id)%9+1
		if x == d && seen.has(c) {
			continue
		}
		region = append(region, packLink(int(id), causeCage))
	}
	buf = l.cageOffOn(buf[:0], &g.ref, cell, d)
	for _, id := range buf {
		c, x := int(id)/9, int(id)%9+1
		if x == d && conjugates.has(c) {
			continue
		}
		strong = append(strong, packLink(int(id), causeCage))
	}
	l.cageBuf = buf
	return region, strong
}

// cageOnToOff appends to out the cage links of "cell is digit" on the
// working grid, but for the cells that lose digit through a house or a
// pair rule already (seen).
func (l *linker) cageOnToOff(out []link, cell, digit int, seen *cellBoard) []link {
	buf := l.cageOnOff(l.cageBuf[:0], &l.g.cur, cell, digit)
	for _, id := range buf {
		c, x := int(id)/9, int(id)%9+1
		if x == digit && seen.has(c) {
			continue
		}
		out = append(out, link{cell: c, digit: x, unit: causeCage})
	}
	l.cageBuf = buf
	return out
}

// cageOffToOn appends to out the cage links of "cell is not digit" on the
// working grid (before it leaves it), but for the candidates out holds.
func (l *linker) cageOffToOn(out []link, cell, digit int) []link {
	buf := l.cageOffOn(l.cageBuf[:0], &l.g.cur, cell, digit)
next:
	for _, id := range buf {
		c, x := int(id)/9, int(id)%9+1
		for _, q := range out {
			if q.cell == c && q.digit == x {
				continue next
			}
		}
		out = append(out, link{cell: c, digit: x, unit: causeCage})
	}
	l.cageBuf = buf
	return out
}

// cageParents appends to dst the run's false potentials of the candidates
// of the cage of fromCell that the reference grid has and the working grid
// lost, but (fromCell, fromDigit): the hidden parents of a true potential
// the cage forces.
func (l *linker) cageParents(dst []int32, r *chainRun, fromCell, fromDigit int) []int32 {
	g := l.g
	t := g.rt
	for _, c := range t.cages[t.cageOf[fromCell]].cells {
		for x := uint16(g.ref[c] &^ g.cur[c]); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			if int(c) == fromCell && d == fromDigit {
				continue
			}
			if n := r.offNode(candID(int(c), d)); n >= 0 {
				dst = append(dst, n)
			}
		}
	}
	return dst
}

// cageKey identifies a killer's cages for the chain tables' cache: every
// cage's sum and cells; "" without cages.
func cageKey(r sudoku.Rules) string {
	if !r.HasCages() {
		return ""
	}
	b := make([]byte, 0, 3*81)
	for _, c := range r.Cages() {
		b = append(b, byte(c.Sum), byte(len(c.Cells)))
		for _, cell := range c.Cells {
			b = append(b, byte(cell))
		}
	}
	return string(b)
}
