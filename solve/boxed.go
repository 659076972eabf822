package solve

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// This file is the boxed-variant solver: it counts the solutions of
// variants that keep the nine boxes and add extra houses (x, windoku,
// disjoint groups, asterisk, girandola, centre dot, and their
// combinations). Its state is the tuned solver's (one 27-bit word per
// digit and band, brought to a fixpoint of the band and stack logic, which
// finds every hidden single and locked candidate of rows, columns and
// boxes), and the extra houses are folded in as precomputed masks in the
// same band words:
//
//   - settle, the per-digit fixpoint, also clears a newly placed cell's
//     extra peers (the other cells of its extra houses) and finds the
//     hidden singles of the extra houses, and contradictions there;
//   - between digits, where a digit has two or three places left in an
//     extra house, the cells that see all of them lose it, and where its
//     places in one house of a link (an extra house and a house it shares
//     two cells or more with) are all in the other, the rest of the other
//     loses it;
//   - the triad rules, and the guesses on a digit's configuration in a band
//     or stack, hold for any rules that keep rows, columns and boxes.
//
// The state is fixed arrays, copied once per guess on the goroutine stack;
// nothing is allocated per node, and no maps or interfaces are touched in
// the loop. It counts (Count, CountState), within a budget of guesses
// (boxedBudget); Each and RandomSolution keep to the general solver (a
// seed gives the grids it gave).

// bandSet is a set of cells as the tuned solver's band words: bit i of
// word b is cell 27*b+i.
type bandSet = [3]uint32

// boxedTables are what the boxed-variant solver reads of a set of rules.
type boxedTables struct {
	houses int                       // how many: rows, columns and boxes (0..26), then the extra houses
	house  [sudoku.MaxHouses]bandSet // each house's cells
	xpeers [81]bandSet               // the other cells of a cell's extra houses
	peers  [81]bandSet               // every cell that may not share a cell's digit
	links  []link                    // pairs of houses, one of them extra, that share two cells or more (see newBoxedTables)
	hof    [81]uint64                // each cell's houses
	linked uint64                    // the houses of some link
	extras uint64                    // bit h for each extra house h
	of     [81]uint64                // each cell's extra houses
}

// link is two houses a and b that share two cells or more: a digit whose
// places in one are all in the other leaves the rest of the other.
type link struct {
	houses       uint64  // bits a and b
	aOnly, bOnly bandSet // the cells of a not in b, of b not in a
}

// useBoxed reports whether For gives the rules the boxed-variant solver:
// when they keep the boxes and have no pair rule. (Under anti-knight,
// anti-king and non-consecutive, a version of it that also took the pair
// rules needed eliminations from rows, columns and boxes to guess as
// little as the general solver, which cost it more time than the band
// logic saved: it ran 6-20% slower than the general solver there.)
func useBoxed(r sudoku.Rules) bool {
	return keepsBoxes(r) && !r.HasPair(sudoku.AntiKnight) && !r.HasPair(sudoku.AntiKing) && !r.HasPair(sudoku.NonConsecutive)
}

// keepsBoxes reports whether rules have rows, columns and boxes as their
// first 27 houses (every variant but jigsaw).
func keepsBoxes(r sudoku.Rules) bool {
	for h := range 27 {
		if r.HouseCells(h) != sudoku.Rules.HouseCells(sudoku.Rules{}, h) {
			return false
		}
	}
	return true
}

// bandSetOf converts a cell set to band words.
func bandSetOf(c sudoku.CellSet) bandSet {
	var b bandSet
	for w := range 2 {
		for x := c[w]; x != 0; x &= x - 1 {
			cell := 64*w + bits.TrailingZeros64(x)
			b[cell/27] |= 1 << (cell % 27)
		}
	}
	return b
}

func newBoxedTables(r sudoku.Rules) *boxedTables {
	t := &boxedTables{houses: r.NumHouses()}
	for h := range t.houses {
		t.house[h] = bandSetOf(r.HouseCells(h))
	}
	for c := range 81 {
		t.hof[c] = r.HousesOf(c)
		t.of[c] = t.hof[c] &^ (1<<27 - 1)
	}
	t.extras = (uint64(1)<<t.houses - 1) &^ (1<<27 - 1)
	for b := 27; b < t.houses; b++ {
		kind := r.House(b).Kind
		if kind == sudoku.HouseWindowGroup || kind == sudoku.HouseDisjointGroup {
			// Their links (54 for disjoint groups, 78 for windoku with its
			// windows' links to rows and columns) saved 4-7% of the guesses
			// on the variant files and cost 30-150% more time.
			continue
		}
		for a := range b {
			if kind == sudoku.HouseWindow && (a < 18 || a >= 27) {
				continue
			}
			hb, ha := r.HouseCells(b), r.HouseCells(a)
			if common := ha.Intersect(hb); common.Count() >= 2 {
				t.links = append(t.links, link{houses: 1<<a | 1<<b, aOnly: bandSetOf(ha.Minus(hb)), bOnly: bandSetOf(hb.Minus(ha))})
				t.linked |= 1<<a | 1<<b
			}
		}
	}
	for c := range 81 {
		var x sudoku.CellSet
		for hs := r.HousesOf(c) >> 27; hs != 0; hs &= hs - 1 {
			x = x.Union(r.HouseCells(27 + bits.TrailingZeros64(hs)))
		}
		x.Remove(c)
		t.xpeers[c] = bandSetOf(x)
		t.peers[c] = bandSetOf(r.Peers(c))
	}
	return t
}

// xstate is the tuned solver's state with what the extra houses need.
type xstate struct {
	state
	xdone   [9]uint64    // xdone[d]: the extra houses where digit d is placed
	checked [9][3]uint32 // each digit's words as extraEliminations last saw them
	// prev is cand as settle last brought each digit to a fixpoint:
	// propagate tracks changes by comparing words.
	prev [9][3]uint32
}

// init loads a grid as the tuned state does; the givens' extra peers are
// cleared by the first propagate.
func (s *xstate) init(g *sudoku.Grid) bool {
	s.xdone = [9]uint64{}
	s.prev = [9][3]uint32{}
	for d := range s.checked {
		s.checked[d] = bandSet{all27, all27, all27}
	}
	return s.state.init(g)
}

// propagate brings the state to a fixpoint of the tuned solver's logic
// and the variant's rules; it reports false on a contradiction.
func (s *xstate) propagate(t *boxedTables) bool {
	for {
		progress := false
		for d := range s.cand {
			if s.cand[d] != s.prev[d] {
				if !s.settle(t, d) {
					return false
				}
				progress = true
			}
		}
		if progress {
			continue
		}
		if s.unsolved == [3]uint32{} {
			return true
		}
		found, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if found {
			continue
		}
		if t.houses > 27 && s.extraEliminations(t) {
			continue
		}
		changed, ok := s.triadRules()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// settle brings digit d to a fixpoint of what looks at one digit and is
// cheap: the tuned solver's band and stack logic (as updateDigit, whose
// loop it repeats rather than slow the classic solver with a hook), a
// placed cell's extra peers, and the hidden singles and contradictions of
// the extra houses. Then its new placements leave the other digits. It
// reports false on a contradiction.
func (s *xstate) settle(t *boxedTables, d int) bool {
	c := &s.cand[d]
	p := &s.placed[d]
	a0, a1, a2 := c[0], c[1], c[2]
	var t0, t1, t2, m0, m1, m2 uint32
	var fresh bandSet // cells placed by this call
	for {
		for {
			// Rows against boxes, inside each band; columns against
			// boxes, inside each stack (as updateDigit).
			t0, t1, t2 = uint32(permUnion[triads(a0)]), uint32(permUnion[triads(a1)]), uint32(permUnion[triads(a2)])
			if t0 == 0 || t1 == 0 || t2 == 0 {
				return false
			}
			a0 &= bandAllowed[t0]
			a1 &= bandAllowed[t1]
			a2 &= bandAllowed[t2]
			k0, k1, k2 := columns(a0), columns(a1), columns(a2)
			m0 = uint32(permUnion[k0&7|(k1&7)<<3|(k2&7)<<6])
			m1 = uint32(permUnion[k0>>3&7|(k1>>3&7)<<3|(k2>>3&7)<<6])
			m2 = uint32(permUnion[k0>>6|(k1>>6)<<3|(k2>>6)<<6])
			if m0 == 0 || m1 == 0 || m2 == 0 {
				return false
			}
			b0 := a0 & columnsSpread[m0&7|(m1&7)<<3|(m2&7)<<6]
			b1 := a1 & columnsSpread[m0>>3&7|(m1>>3&7)<<3|(m2>>3&7)<<6]
			b2 := a2 & columnsSpread[m0>>6|(m1>>6)<<3|(m2>>6)<<6]
			if b0 == a0 && b1 == a1 && b2 == a2 {
				break
			}
			a0, a1, a2 = b0, b1, b2
		}
		a := bandSet{a0, a1, a2}
		// New placements (a row with one place left) clear their extra
		// peers.
		for b := range 3 {
			rows := uint8(singles(a[b])) &^ p[b]
			if rows == 0 {
				continue
			}
			p[b] |= rows
			cells := a[b] & rowsSpread[rows]
			fresh[b] |= cells
			for ; cells != 0; cells &= cells - 1 {
				cell := 27*b + bits.TrailingZeros32(cells)
				s.xdone[d] |= t.of[cell]
				xp := &t.xpeers[cell]
				a[0] &^= xp[0]
				a[1] &^= xp[1]
				a[2] &^= xp[2]
			}
		}
		if a == (bandSet{a0, a1, a2}) {
			if !s.extraHouses(t, d, &a) {
				return false
			}
		}
		if a == (bandSet{a0, a1, a2}) {
			break
		}
		a0, a1, a2 = a[0], a[1], a[2]
	}
	c[0], c[1], c[2] = a0, a1, a2
	mt := &s.mats
	mt[0][d], mt[1][d], mt[2][d] = t0, t1, t2
	mt[3][d], mt[4][d], mt[5][d] = m0, m1, m2
	if fresh != (bandSet{}) {
		for b := range 3 {
			s.unsolved[b] &^= fresh[b]
			for d2 := range s.cand {
				s.cand[d2][b] &^= fresh[b]
			}
			c[b] |= fresh[b]
		}
	}
	s.prev[d] = *c
	return true
}

// clearCells removes the cells of m from x, and reports whether it removed any.
func clearCells(x *[3]uint32, m *bandSet) bool {
	if x[0]&m[0]|x[1]&m[1]|x[2]&m[2] == 0 {
		return false
	}
	x[0] &^= m[0]
	x[1] &^= m[1]
	x[2] &^= m[2]
	return true
}

// extraHouses looks at digit d's places a in the extra houses where it
// is not placed: no place left is a contradiction (false), and one place
// is a hidden single (its peers lose d).
func (s *xstate) extraHouses(t *boxedTables, d int, a *bandSet) bool {
	p := &s.placed[d]
	for todo := t.extras &^ s.xdone[d]; todo != 0; todo &= todo - 1 {
		h := &t.house[bits.TrailingZeros64(todo)]
		x0, x1, x2 := a[0]&h[0], a[1]&h[1], a[2]&h[2]
		if x0|x1|x2 == 0 {
			return false
		}
		if bits.OnesCount32(x0)+bits.OnesCount32(x1)+bits.OnesCount32(x2) > 1 {
			continue
		}
		b, x := 0, x0
		if x1 != 0 {
			b, x = 1, x1
		} else if x2 != 0 {
			b, x = 2, x2
		}
		if i := bits.TrailingZeros32(x); p[b]>>(i/9)&1 == 0 {
			pc := &t.peers[27*b+i]
			a[0] &^= pc[0]
			a[1] &^= pc[1]
			a[2] &^= pc[2]
		}
	}
	return true
}

// extraEliminations looks at the extra houses of each digit whose places
// there changed since it last looked: where the digit has two or three
// places left in one, the cells that see all of them under the rules lose
// it; where its places in one house of a link are all in the other, the
// rest of the other loses it. It reports whether it removed anything.
func (s *xstate) extraEliminations(t *boxedTables) bool {
	changed := false
	for d := range s.cand {
		a := &s.cand[d]
		if *a == s.checked[d] {
			continue
		}
		// Only the houses where d lost a place since can have new places.
		var lostHouses uint64
		for b := range 3 {
			for x := s.checked[d][b] &^ a[b]; x != 0; x &= x - 1 {
				lostHouses |= t.hof[27*b+bits.TrailingZeros32(x)]
			}
		}
		s.checked[d] = *a // what this loop removes is looked at next time
		for todo := lostHouses & t.extras &^ s.xdone[d]; todo != 0; todo &= todo - 1 {
			h := &t.house[bits.TrailingZeros64(todo)]
			x0, x1, x2 := a[0]&h[0], a[1]&h[1], a[2]&h[2]
			if n := bits.OnesCount32(x0) + bits.OnesCount32(x1) + bits.OnesCount32(x2); n >= 2 && n <= maxElim {
				if seen := t.common(bandSet{x0, x1, x2}); clearCells(a, &seen) {
					changed = true
				}
			}
		}
		if lostHouses&t.linked == 0 {
			continue
		}
		for i := range t.links {
			l := &t.links[i]
			if lostHouses&l.houses == 0 {
				continue
			}
			if a[0]&l.aOnly[0]|a[1]&l.aOnly[1]|a[2]&l.aOnly[2] == 0 {
				// d's places in house a are all in house b: b's others lose it.
				if clearCells(a, &l.bOnly) {
					changed = true
				}
			} else if a[0]&l.bOnly[0]|a[1]&l.bOnly[1]|a[2]&l.bOnly[2] == 0 {
				if clearCells(a, &l.aOnly) {
					changed = true
				}
			}
		}
	}
	return changed
}

// common returns the cells that see all the cells of x under the rules.
func (t *boxedTables) common(x bandSet) bandSet {
	seen := bandSet{all27, all27, all27}
	for b := range 3 {
		for y := x[b]; y != 0; y &= y - 1 {
			pc := &t.peers[27*b+bits.TrailingZeros32(y)]
			seen[0] &= pc[0]
			seen[1] &= pc[1]
			seen[2] &= pc[2]
		}
	}
	return seen
}

// boxedSearch holds one search's limit and findings, as searcher does.
type boxedSearch struct {
	t       *boxedTables
	cands   *[81]sudoku.Digits
	limit   int
	count   int
	guesses int
	first   sudoku.Grid
	done    <-chan struct{}
	stopped bool
	// budget is how many guesses the search may make; past it the search
	// stops, with overBudget set.
	budget     int
	overBudget bool
}

// boxedBudget is the boxed search's budget of guesses. Its guesses on a
// digit's configuration in a band or stack suit puzzles (the variant
// files' hardest takes about a hundred), but on grids with few digits
// under three or more extra-house variants they can go astray for tens of
// thousands of guesses where the general solver's guesses on cells take
// tens (an empty grid under x, windoku and asterisk: 31,000 against 57);
// past the budget the count is left to the general solver.
const boxedBudget = 2000

func (sr *boxedSearch) run(g *sudoku.Grid) Result {
	var s xstate
	if s.init(g) && (sr.cands == nil || s.restrict(g, sr.cands)) {
		sr.search(&s)
	}
	return Result{Count: sr.count, Solution: sr.first, Guesses: sr.guesses, Stopped: sr.stopped}
}

// search explores s as searcher.search does, under the variant's rules.
func (sr *boxedSearch) search(s *xstate) {
	for {
		if !s.propagate(sr.t) {
			return
		}
		if s.solved() {
			if sr.count == 0 {
				sr.first = s.grid()
			}
			sr.count++
			return
		}
		sr.guesses++
		if sr.done != nil && sr.guesses%checkEvery == 0 && sr.isDone() {
			return
		}
		if sr.guesses > sr.budget {
			sr.overBudget, sr.limit = true, 0
			return
		}
		if unit, d, ok := s.pickConfig(); ok {
			m := s.mats[unit][d]
			n := int(permCount[m])
			for j := range n - 1 {
				sr.branchConfig(*s, unit, d, perms[m][j])
				if sr.count >= sr.limit {
					return
				}
			}
			s.restrictConfig(unit, d, perms[m][n-1])
			continue
		}
		b, bit := s.pickCell()
		digits := s.digitsAt(b, bit)
		for bits.OnesCount32(digits) > 1 {
			d := bits.TrailingZeros32(digits)
			digits &^= 1 << d
			sr.branch(*s, d, b, bit)
			if sr.count >= sr.limit {
				return
			}
			s.cand[d][b] &^= bit
		}
		s.place(bits.TrailingZeros32(digits), b, bit)
	}
}

// branch explores "digit d at bit of band b" on its own copy of the state.
func (sr *boxedSearch) branch(s xstate, d, b int, bit uint32) {
	s.place(d, b, bit)
	sr.search(&s)
}

// branchConfig explores one configuration of a digit in a band or stack
// on its own copy of the state.
func (sr *boxedSearch) branchConfig(s xstate, unit, d int, perm uint16) {
	s.restrictConfig(unit, d, perm)
	sr.search(&s)
}

// isDone reports whether the search's context is done, and if so stops
// it.
func (sr *boxedSearch) isDone() bool {
	select {
	case <-sr.done:
		sr.stopped, sr.limit = true, 0
		return true
	default:
		return false
	}
}
