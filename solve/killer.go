package solve

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// Killer solves killers: puzzles under rules with cages (see
// sudoku.Rules.WithCages), where the general solver, which knows houses
// and pairs, knows nothing of sums. Its state is each cell's candidates;
// it propagates
//
//   - naked singles: a placed digit leaves its peers (houses, cage-mates,
//     pair partners), and with non-consecutive its orthogonal neighbours
//     lose the digits next to it;
//   - hidden singles in every house;
//   - cage combinations: per cage, the sets of distinct digits that make
//     the sum still open (its sum less its placed digits, over its empty
//     cells) and that its cells' candidates allow; a cell keeps only the
//     digits of those sets, and a digit every set holds that has one
//     place left in the cage goes there;
//
// over the real cages and the rule-of-45 cages found once per puzzle: the
// cells of a house outside the cages inside it hold 45 less those cages'
// sums, and the cells outside a house of the cages that cover it hold
// those cages' sums less 45, when they are few enough to see each other.
// It branches on a cell with the fewest candidates. Nothing is allocated
// per node: the state is a few hundred bytes of fixed arrays copied once
// per guess. For gives it for rules with cages.
func (s Solver) killerCount(g sudoku.Grid, limit int, cands *[81]sudoku.Digits, done <-chan struct{}, visit func(sudoku.Grid) bool) Result {
	sr := ksearch{t: s.k, limit: max(limit, 1), done: done, visit: visit}
	return sr.run(&g, cands)
}

// maxSums is the most sum constraints a killer has: its cages (81 at
// most) and the rule-of-45 ones (two per house at most).
const maxSums = 128

// ksum is a sum constraint: digits in its cells that add up to sum,
// distinct ones unless loose (the rule of 45 over several houses leaves
// cells that may repeat a digit; only bounds propagate over them).
type ksum struct {
	cells [maxLoose]uint8
	n     uint8
	sum   uint16
	loose bool
}

// maxLoose is the most cells of a loose sum constraint.
const maxLoose = 12

// ktables are what the killer solver reads of a set of rules.
type ktables struct {
	peerAt   [82]uint16 // cell c's peers are peers[peerAt[c]:peerAt[c+1]]
	peers    []uint8
	adjacent [81][4]uint8 // with non-consecutive: orthogonal neighbours, 81 past the last
	nc       bool
	houses   [][9]uint8
	sums     []ksum
	cellSums [81][2]uint64 // the sum constraints each cell is in
	cellHs   [81]uint64    // the houses each cell is in
	allSums  [2]uint64     // every sum constraint
	allHouse uint64        // every house
	// combos[comboAt[n][s]:comboAt[n][s+1]] are the digit sets (bits 1-9) of
	// n distinct digits that add up to s (kcombos, shared).
	comboAt *[10][47]uint16
	combos  []uint16
	sets    []sudoku.CellSet // the sums' cells, as sets (for addSum)
	cages   []kcage          // the real cages
}

func newKTables(r sudoku.Rules) *ktables {
	t := &ktables{}
	cages := make([]sudoku.Cage, r.NumCages())
	for i := range cages {
		cages[i] = r.Cage(i)
	}
	var peers [81]sudoku.CellSet
	for c := range peers {
		peers[c] = r.Peers(c)
	}
	t.build(r, &peers, cages)
	return t
}

// build fills t for rules r whose cells see peers (the cage-mates
// included) and whose cages are cages, reusing t's slices.
func (t *ktables) build(r sudoku.Rules, peers *[81]sudoku.CellSet, cages []sudoku.Cage) {
	*t = ktables{nc: r.HasPair(sudoku.NonConsecutive), comboAt: &kcomboAt, combos: kcombos,
		peers: t.peers[:0], houses: t.houses[:0], sums: t.sums[:0], sets: t.sets[:0], cages: t.cages[:0]}
	for c := range 81 {
		t.peerAt[c] = uint16(len(t.peers))
		for p := range peers[c].All() {
			t.peers = append(t.peers, uint8(p))
		}
		n := 0
		for i := range t.adjacent[c] {
			t.adjacent[c][i] = 81
		}
		if t.nc {
			for p := range r.Partners(sudoku.NonConsecutive, c).All() {
				t.adjacent[c][n] = uint8(p)
				n++
			}
		}
	}
	t.peerAt[81] = uint16(len(t.peers))
	t.allHouse = ^uint64(0) >> (64 - r.NumHouses())
	for h := range r.NumHouses() {
		t.houses = append(t.houses, r.House(h).Cells)
		for _, c := range r.House(h).Cells {
			t.cellHs[c] |= 1 << h
		}
	}
	if t.sums == nil {
		t.sums = make([]ksum, 0, maxSums)
		t.sets = make([]sudoku.CellSet, 0, maxSums)
	}
	for _, c := range cages {
		k := kcage{set: sudoku.CellSetOf(c.Cells...), sum: c.Sum, rowLo: 8, colLo: 8}
		for _, cell := range c.Cells {
			row, col := uint8(cell/9), uint8(cell%9)
			k.rowLo, k.rowHi = min(k.rowLo, row), max(k.rowHi, row)
			k.colLo, k.colHi = min(k.colLo, col), max(k.colHi, col)
		}
		t.cages = append(t.cages, k)
		t.addSum(k.set, c.Sum, false)
	}
	t.addRuleOf45(r, peers)
	for i, s := range t.sums {
		t.allSums[i>>6] |= 1 << (i & 63)
		for _, c := range s.cells[:s.n] {
			t.cellSums[c][i>>6] |= 1 << (i & 63)
		}
	}
}

// kcombos[kcomboAt[n][s]:kcomboAt[n][s+1]] are the digit sets (bits 1-9)
// of n distinct digits that add up to s: the same for every killer, built
// once.
var kcomboAt, kcombos = func() (at [10][47]uint16, combos []uint16) {
	for n := 1; n <= 9; n++ {
		for s := range 47 {
			at[n][s] = uint16(len(combos))
			for _, m := range sudoku.CageCombinations(n, s) {
				combos = append(combos, uint16(m))
			}
		}
	}
	return at, combos
}()

// kcage is a cage as build reads it: its cells as a set, its sum, the
// rows and columns it spans.
type kcage struct {
	set          sudoku.CellSet
	sum          int
	rowLo, rowHi uint8
	colLo, colHi uint8
}

// addSum adds a sum constraint on cells, unless there is one on the same
// cells already or no room is left.
func (t *ktables) addSum(cells sudoku.CellSet, sum int, loose bool) {
	if len(t.sums) == maxSums || cells.Empty() || cells.Count() > 9 || loose && cells.Count() > maxLoose {
		return
	}
	for _, o := range t.sets {
		if o == cells {
			return
		}
	}
	s := ksum{sum: uint16(sum), loose: loose}
	for c := range cells.All() {
		s.cells[s.n] = uint8(c)
		s.n++
	}
	t.sums = append(t.sums, s)
	t.sets = append(t.sets, cells)
}

// addRuleOf45 adds the rule of 45's innies and outies, per house and per
// band of 2 to 8 adjacent rows or columns (whose digits add up to 45 per
// line): the cells of the area outside the cages wholly inside it hold
// 45 per line less those cages' sums; the cells outside the area of the
// cages that meet it, when they cover it, hold those cages' sums less 45
// per line. Cells that see each other hold distinct digits; others make a
// loose constraint.
func (t *ktables) addRuleOf45(r sudoku.Rules, peers *[81]sudoku.CellSet) {
	add := func(area sudoku.CellSet, lines int, inner sudoku.CellSet, innerSum int, outer sudoku.CellSet, outerSum int) {
		total := 45 * lines
		if rest := area.Minus(inner); !inner.Empty() && !rest.Empty() {
			t.addSum(rest, total-innerSum, !seeEachOther(peers, rest))
		}
		if area.Minus(outer).Empty() {
			if out := outer.Minus(area); !out.Empty() {
				t.addSum(out, outerSum-total, !seeEachOther(peers, out))
			}
		}
	}
	// A band of rows first-last holds the cages whose rows are within it,
	// and meets all but those wholly above or below it (columns alike):
	// the cages of each span of lines, summed over the spans in the band,
	// and the cages before line i and after it, make every band's innies
	// and outies at once; a row or a column is a band of one line, the
	// other houses are read cage by cage.
	var all sudoku.CellSet
	allSum := 0
	for _, c := range t.cages {
		all, allSum = all.Union(c.set), allSum+c.sum
	}
	var bands [2]bandTables
	for d, cols := range []bool{false, true} {
		b := &bands[d]
		for _, c := range t.cages {
			lo, hi := c.rowLo, c.rowHi
			if cols {
				lo, hi = c.colLo, c.colHi
			}
			b.in[lo][hi], b.inSum[lo][hi] = b.in[lo][hi].Union(c.set), b.inSum[lo][hi]+c.sum
			for i := int(hi) + 1; i < 9; i++ {
				b.above[i], b.aboveSum[i] = b.above[i].Union(c.set), b.aboveSum[i]+c.sum
			}
			for i := range int(lo) {
				b.below[i], b.belowSum[i] = b.below[i].Union(c.set), b.belowSum[i]+c.sum
			}
		}
		for n := 1; n < 9; n++ { // spans of n+1 lines, from spans of n
			for f := 0; f+n < 9; f++ {
				l := f + n
				b.in[f][l] = b.in[f][l].Union(b.in[f+1][l]).Union(b.in[f][l-1])
				// in[l][f] (n = 1) is empty: no cage spans backwards.
				b.inSum[f][l] += b.inSum[f+1][l] + b.inSum[f][l-1] - b.inSum[f+1][l-1]
			}
		}
	}
	for h := range r.NumHouses() {
		area := r.HouseCells(h)
		if h < 18 { // a row or a column: a band of one line
			b, i := &bands[h/9], h%9
			add(area, 1, b.in[i][i], b.inSum[i][i], all.Minus(b.above[i]).Minus(b.below[i]), allSum-b.aboveSum[i]-b.belowSum[i])
			continue
		}
		inner, innerSum := sudoku.CellSet{}, 0
		outer, outerSum := sudoku.CellSet{}, 0
		for _, c := range t.cages {
			switch meet := c.set.Intersect(area); {
			case meet == c.set:
				inner, innerSum = inner.Union(c.set), innerSum+c.sum
				outer, outerSum = outer.Union(c.set), outerSum+c.sum
			case !meet.Empty():
				outer, outerSum = outer.Union(c.set), outerSum+c.sum
			}
		}
		add(area, 1, inner, innerSum, outer, outerSum)
	}
	for first := range 9 {
		rows, cols := r.HouseCells(first), r.HouseCells(9+first)
		for last := first + 1; last < 9 && last-first < 8; last++ {
			rows, cols = rows.Union(r.HouseCells(last)), cols.Union(r.HouseCells(9+last))
			for d, area := range [2]sudoku.CellSet{rows, cols} {
				b := &bands[d]
				outer := all.Minus(b.above[first]).Minus(b.below[last])
				add(area, last-first+1, b.in[first][last], b.inSum[first][last], outer, allSum-b.aboveSum[first]-b.belowSum[last])
			}
		}
	}
}

// bandTables are the cages that bands of rows (or columns) hold and
// meet, for addRuleOf45: in[f][l] the cages within lines f-l (f <= l),
// above[i] those wholly before line i, below[i] those wholly after it,
// and their sums.
type bandTables struct {
	in                 [9][9]sudoku.CellSet
	inSum              [9][9]int
	above, below       [9]sudoku.CellSet
	aboveSum, belowSum [9]int
}

// seeEachOther reports whether every two cells of a set see each other.
func seeEachOther(peers *[81]sudoku.CellSet, cells sudoku.CellSet) bool {
	for a := range cells.All() {
		if cells.Minus(peers[a]).Count() != 1 {
			return false
		}
	}
	return true
}

// ksearch holds one search's limit and findings.
type ksearch struct {
	t       *ktables
	limit   int
	count   int
	guesses int
	first   sudoku.Grid
	visit   func(sudoku.Grid) bool
	done    <-chan struct{}
	stopped bool
}

// kstate is a killer's candidate state.
type kstate struct {
	cands   [81]uint16 // bits 1-9; a placed cell's is its digit
	solved  [2]uint64  // the cells placed
	nsolved int
	dirtyS  [2]uint64 // sum constraints to look at again
	dirtyH  uint64    // houses to look at again
	queue   [81]uint8 // cells with one candidate, to place
	nqueue  int
}

const allCands = 0x3FE

func (sr *ksearch) run(g *sudoku.Grid, cands *[81]sudoku.Digits) Result {
	var s kstate
	if s.init(sr.t, g, cands) {
		sr.search(&s)
	}
	return Result{Count: sr.count, Solution: sr.first, Guesses: sr.guesses, Stopped: sr.stopped}
}

// init sets the state of a grid (and candidates, when not nil); false
// when it is plainly impossible.
func (s *kstate) init(t *ktables, g *sudoku.Grid, cands *[81]sudoku.Digits) bool {
	for c := range 81 {
		s.cands[c] = allCands
		if cands != nil && g[c] == 0 {
			s.cands[c] = uint16(cands[c]) & allCands
		}
		if v := g[c]; v != 0 {
			s.cands[c] = 1 << v
		}
		if s.cands[c] == 0 {
			return false
		}
		if s.cands[c]&(s.cands[c]-1) == 0 {
			s.push(c)
		}
	}
	s.dirtyS = t.allSums
	s.dirtyH = t.allHouse
	return true
}

func (s *kstate) push(c int) {
	s.queue[s.nqueue] = uint8(c)
	s.nqueue++
}

// set narrows a cell's candidates to m (a subset of them); false when
// none is left.
func (s *kstate) set(t *ktables, c int, m uint16) bool {
	if m == s.cands[c] {
		return true
	}
	if m == 0 {
		return false
	}
	s.cands[c] = m
	s.dirtyS[0] |= t.cellSums[c][0]
	s.dirtyS[1] |= t.cellSums[c][1]
	s.dirtyH |= t.cellHs[c]
	if m&(m-1) == 0 {
		s.push(c)
	}
	return true
}

// place places the queued cells.
func (s *kstate) place(t *ktables) bool {
	for s.nqueue > 0 {
		s.nqueue--
		c := int(s.queue[s.nqueue])
		if s.solved[c>>6]&(1<<(c&63)) != 0 {
			continue
		}
		bit := s.cands[c]
		s.solved[c>>6] |= 1 << (c & 63)
		s.nsolved++
		s.dirtyS[0] |= t.cellSums[c][0]
		s.dirtyS[1] |= t.cellSums[c][1]
		for _, p := range t.peers[t.peerAt[c]:t.peerAt[c+1]] {
			if s.cands[p]&bit != 0 && !s.set(t, int(p), s.cands[p]&^bit) {
				return false
			}
		}
		if t.nc {
			near := (bit<<1 | bit>>1) & allCands
			for _, p := range t.adjacent[c] {
				if p < 81 && s.cands[p]&near != 0 && !s.set(t, int(p), s.cands[p]&^near) {
					return false
				}
			}
		}
	}
	return true
}

// propagate applies the rules until nothing changes; false on a
// contradiction.
func (s *kstate) propagate(t *ktables) bool {
	for {
		if !s.place(t) {
			return false
		}
		switch {
		case s.dirtyS != [2]uint64{}:
			w := 0
			if s.dirtyS[0] == 0 {
				w = 1
			}
			i := w<<6 | bits.TrailingZeros64(s.dirtyS[w])
			if !s.cage(t, &t.sums[i]) {
				return false
			}
			s.dirtyS[w] &^= 1 << (i & 63) // what it narrowed needs no second look from it
		case s.dirtyH != 0:
			for s.dirtyH != 0 {
				h := bits.TrailingZeros64(s.dirtyH)
				s.dirtyH &= s.dirtyH - 1
				if !s.house(t, &t.houses[h]) {
					return false
				}
			}
		default:
			return true
		}
	}
}

// cage narrows a sum constraint's cells to the digits of the combinations
// still open, and places a digit that all of them hold and that has one
// place left.
func (s *kstate) cage(t *ktables, k *ksum) bool {
	if k.loose {
		return s.bounds(t, k)
	}
	need, used, avail := int(k.sum), uint16(0), uint16(0)
	// open: the cells not placed (a strict sum has 9 cells at most); what
	// follows narrows candidates but places nothing, so they stay open.
	var open [9]uint8
	empty := 0
	for _, c := range k.cells[:k.n] {
		m := s.cands[c]
		if s.solved[c>>6]&(1<<(c&63)) != 0 {
			need -= bits.TrailingZeros16(m)
			used |= m
		} else {
			avail |= m
			open[empty] = c
			empty++
		}
	}
	if empty == 0 {
		return need == 0
	}
	if need < 1 || need > 45 {
		return false
	}
	cells := open[:empty]
	allowed, required := uint16(0), uint16(allCands)
	for _, m := range t.combos[t.comboAt[empty][need]:t.comboAt[empty][need+1]] {
		if m&used != 0 || m&^avail != 0 || m&^allowed == 0 && required&^m == 0 {
			continue // taken, out of reach, or nothing new
		}
		fits := true
		for _, c := range cells {
			if s.cands[c]&m == 0 {
				fits = false
				break
			}
		}
		if fits {
			allowed |= m
			required &= m
		}
	}
	if allowed == 0 {
		return false
	}
	for _, c := range cells {
		if !s.set(t, int(c), s.cands[c]&allowed) {
			return false
		}
	}
	for required != 0 {
		d := required & -required
		required &^= d
		at, n := 0, 0
		for _, c := range cells {
			if s.cands[c]&d != 0 {
				at = int(c)
				n++
			}
		}
		switch n {
		case 0:
			return false
		case 1:
			if !s.set(t, at, d) {
				return false
			}
		}
	}
	return true
}

// bounds narrows the cells of a loose sum constraint to the digits that
// the others' smallest and largest digits leave in reach.
func (s *kstate) bounds(t *ktables, k *ksum) bool {
	lo, hi := 0, 0
	cells := k.cells[:k.n]
	for _, c := range cells {
		m := s.cands[c]
		lo += bits.TrailingZeros16(m)
		hi += 15 - bits.LeadingZeros16(m)
	}
	sum := int(k.sum)
	if sum < lo || sum > hi {
		return false
	}
	for _, c := range cells {
		m := s.cands[c]
		low, high := bits.TrailingZeros16(m), 15-bits.LeadingZeros16(m)
		// c's digit v must leave the others able to make sum-v.
		from, to := sum-(hi-high), sum-(lo-low)
		if from <= low && to >= high {
			continue
		}
		if !s.set(t, int(c), m&rangeMask(from, to)) {
			return false
		}
	}
	return true
}

// rangeMask returns the digits from lo to hi (bits 1-9).
func rangeMask(lo, hi int) uint16 {
	lo, hi = max(lo, 1), min(hi, 9)
	if lo > hi {
		return 0
	}
	return uint16(1<<(hi+1)-1) &^ uint16(1<<lo-1)
}

// house places the digits with one place left in a house; false when a
// digit has none.
func (s *kstate) house(t *ktables, h *[9]uint8) bool {
	var once, twice uint16
	for _, c := range h {
		m := s.cands[c]
		twice |= once & m
		once |= m
	}
	if once != allCands {
		return false
	}
	for single := once &^ twice; single != 0; single &= single - 1 {
		d := single & -single
		for _, c := range h {
			if s.cands[c]&d != 0 {
				if !s.set(t, int(c), d) {
					return false
				}
				break
			}
		}
	}
	return true
}

// search explores s, which it may modify: each alternative but the last
// runs on a copy, the last on s itself, by looping.
func (sr *ksearch) search(s *kstate) {
	t := sr.t
	for {
		if !s.propagate(t) {
			return
		}
		if s.nsolved == 81 {
			if sr.count == 0 {
				sr.first = s.grid()
			}
			sr.count++
			if sr.visit != nil && !sr.visit(s.grid()) {
				sr.limit = sr.count
			}
			return
		}
		sr.guesses++
		if sr.done != nil && sr.guesses%checkEvery == 0 && sr.isDone() {
			return
		}
		c := s.pick()
		m := s.cands[c]
		for m&(m-1) != 0 {
			d := m & -m
			m &^= d
			next := *s
			if next.set(t, c, d) {
				sr.search(&next)
			}
			if sr.count >= sr.limit {
				return
			}
			if !s.set(t, c, s.cands[c]&^d) {
				return
			}
		}
	}
}

// pick returns an empty cell with the fewest candidates.
func (s *kstate) pick() int {
	best, bestN := -1, 10
	for c := range 81 {
		if s.solved[c>>6]&(1<<(c&63)) != 0 {
			continue
		}
		if n := bits.OnesCount16(s.cands[c]); n < bestN {
			best, bestN = c, n
			if n == 2 {
				break
			}
		}
	}
	return best
}

// isDone reports whether the search's context is done, and if so stops
// it.
func (sr *ksearch) isDone() bool {
	select {
	case <-sr.done:
		sr.stopped, sr.limit = true, 0
		return true
	default:
		return false
	}
}

// grid returns the placed digits.
func (s *kstate) grid() sudoku.Grid {
	var g sudoku.Grid
	for c := range 81 {
		if s.solved[c>>6]&(1<<(c&63)) != 0 {
			g[c] = uint8(bits.TrailingZeros16(s.cands[c]))
		}
	}
	return g
}

// CageCounter counts the solutions of killers that share their base rules
// and differ in their cages, as For(base.WithCages(cages)) does, without
// making each killer's rules: a generator that redraws a layout's cages
// many times rebuilds only the killer solver's tables, in the same
// memory. Make one with NewCageCounter; until SetCages it counts the
// base rules' solutions. It is not safe for concurrent use.
type CageCounter struct {
	base  sudoku.Rules
	peers [81]sudoku.CellSet // the base rules' peers
	all   [81]sudoku.CellSet // the base peers and the cage-mates
	t     ktables
}

// NewCageCounter returns a counter of killers over base, which must have
// no cages.
func NewCageCounter(base sudoku.Rules) (*CageCounter, error) {
	if base.HasCages() {
		return nil, sudoku.Invalidf("a cage counter's base rules have no cages")
	}
	k := &CageCounter{base: base}
	for c := range k.peers {
		k.peers[c] = base.Peers(c)
	}
	k.SetCages(nil)
	return k, nil
}

// SetCages makes the killer to count the base rules with cages. The
// cages must be valid (see sudoku.Rules.WithCages, which checks them):
// cells on the grid, in one cage at most, sums that the cells can make.
func (k *CageCounter) SetCages(cages []sudoku.Cage) {
	k.all = k.peers
	for _, cage := range cages {
		set := sudoku.CellSetOf(cage.Cells...)
		for _, c := range cage.Cells {
			k.all[c] = k.all[c].Union(set)
			k.all[c].Remove(c)
		}
	}
	k.t.build(k.base, &k.all, cages)
}

// Each is Solver.Each for the killer of the last SetCages.
func (k *CageCounter) Each(g sudoku.Grid, limit int, visit func(sudoku.Grid) bool) int {
	sr := ksearch{t: &k.t, limit: max(limit, 1), visit: visit}
	return sr.run(&g, nil).Count
}

// Count is Solver.Count for the killer of the last SetCages.
func (k *CageCounter) Count(g sudoku.Grid, limit int) Result {
	sr := ksearch{t: &k.t, limit: max(limit, 1)}
	return sr.run(&g, nil)
}
