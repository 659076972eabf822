package techniques

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"

	"github.com/sudokit/sudokit/sudoku"
)

// Unique rectangles and loops under other rules, as Sukaku Explainer
// 1.18.1 finds them. A loop walks through every house of the rules, and
// is a deadly pattern only when every house it meets holds exactly two of
// its cells, one of each class (then v1 and v2 can swap along it and every
// house keeps its digits). Pair rules can break that swap: with
// anti-knight or anti-king a loop is dropped when a knight's or king's
// partner of one of its cells (outside its houses) has v1 or v2, with
// non-consecutive when an orthogonal neighbour has a digit next to v1 or
// v2. SukE's search differs from SE 1.2.1's (classic's) in three ways,
// which it has from lkSudoku: each neighbour tried from a cell gets its
// own set of extra digits; type 3 looks for subsets of every size from 2;
// and, with variant houses, a type 3 naked subset removes its digits from
// every cell that sees all of the subset's cells holding them.

// loopWalk finds the candidate loops through cells holding v1 and v2,
// under the rules of t.
type loopWalk struct {
	t      *houseTable
	s      *State
	v1, v2 int
	start  int
	path   []int
	onPath [81]bool
	loops  [][]int
	// parity[h] has bit p set when the path holds a cell of house h at an
	// index of parity p: a path that would put two cells of one parity in
	// a house closes only into invalid loops, and is not followed.
	parity [sudoku.MaxHouses]uint8
}

// walk extends the path with cell, reached through a house of type
// arrival (-1 for the start), with allowed cells with extra digits left
// and the extra digits extra so far.
func (w *loopWalk) walk(cell, allowed int, extra sudoku.Digits, arrival int) {
	t := w.t
	bit := uint8(1) << (len(w.path) % 2)
	for _, m := range t.member[cell][:t.members[cell]] {
		w.parity[m.house] |= bit
	}
	w.path = append(w.path, cell)
	w.onPath[cell] = true
	nextBit := uint8(1) << (len(w.path) % 2)
	pair := sudoku.DigitSet(w.v1, w.v2)
	for _, ty := range t.loopTypes {
		h := t.typeHouse[cell][ty]
		if h < 0 || int(ty) == arrival {
			continue
		}
		for _, nb := range t.cells[h] {
			n := int(nb)
			if n == w.start && len(w.path) >= 4 {
				w.loops = append(w.loops, slices.Clone(w.path))
				continue
			}
			c := w.s.Cands[n]
			if c&pair != pair || w.onPath[n] {
				continue
			}
			more := extra | c&^pair
			if c.Count() != 2 && more.Count() != 1 && allowed <= 0 {
				continue
			}
			if w.sameParity(n, nextBit) {
				continue // could only close into an invalid loop
			}
			next := allowed
			if c.Count() > 2 {
				next--
			}
			w.walk(n, next, more, int(ty))
		}
	}
	w.onPath[cell] = false
	w.path = w.path[:len(w.path)-1]
	for _, m := range t.member[cell][:t.members[cell]] {
		w.parity[m.house] &^= bit
	}
}

// sameParity reports whether a house of cell already holds a path cell
// of the parity bit.
func (w *loopWalk) sameParity(cell int, bit uint8) bool {
	t := w.t
	for _, m := range t.member[cell][:t.members[cell]] {
		if w.parity[m.house]&bit != 0 {
			return true
		}
	}
	return false
}

// validLoopUnder reports whether a loop is a deadly pattern under the
// rules of t: its cells alternate between two classes, no house holds
// two cells of one class, and both classes meet the same houses.
func validLoopUnder(t *houseTable, loop []int) bool {
	var seen [2]uint64
	for i, c := range loop {
		p := i % 2
		for _, m := range t.member[c][:t.members[c]] {
			bit := uint64(1) << m.house
			if seen[p]&bit != 0 {
				return false
			}
			seen[p] |= bit
		}
	}
	return seen[0] == seen[1]
}

// restricted reports whether the pair rules of t can break the swap of v1
// and v2 along a loop (or a BUG's cells): a cell's knight's or king's
// partner outside its houses has v1 or v2, or, with non-consecutive, an
// orthogonal neighbour has a digit next to v1 or v2.
func restricted(t *houseTable, s *State, cells []int, v1, v2 int) bool {
	pair := sudoku.DigitSet(v1, v2)
	next := (pair<<1 | pair>>1) & sudoku.AllDigits
	for _, c := range cells {
		if t.hasAnti {
			for p := range t.anti[c].All() {
				if s.Cands[p]&pair != 0 {
					return true
				}
			}
		}
		if t.hasNC {
			for p := range t.nc[c].All() {
				if s.Cands[p]&next != 0 {
					return true
				}
			}
		}
	}
	return false
}

// uniqueLoopsUnder is findUniqueLoops under other rules.
func uniqueLoopsUnder(t *houseTable, s *State, emit Emit) bool {
	var hints []*urHint
	add := func(h *urHint) { hints = addNewLoopHint(hints, h) }
	for start := 0; start < 81; start++ {
		if s.Cands[start].Count() != 2 {
			continue
		}
		ds := s.Cands[start].Slice()
		w := &loopWalk{t: t, s: s, v1: ds[0], v2: ds[1], start: start}
		w.walk(start, 2, 0, -1)
		for _, loop := range w.loops {
			if !validLoopUnder(t, loop) || (t.hasAnti || t.hasNC) && restricted(t, s, loop, w.v1, w.v2) {
				continue
			}
			loopHintsUnder(t, s, loop, w.v1, w.v2, add)
		}
	}
	sort.SliceStable(hints, func(i, j int) bool {
		if hints[i].step.Rating != hints[j].step.Rating {
			return hints[i].step.Rating < hints[j].step.Rating
		}
		return hints[i].typ < hints[j].typ
	})
	for _, h := range hints {
		if !emit(h.step) {
			return false
		}
	}
	return true
}

// loopHintsUnder builds the steps of one valid loop under the rules of t.
func loopHintsUnder(t *houseTable, s *State, loop []int, v1, v2 int, add func(*urHint)) {
	pair := sudoku.DigitSet(v1, v2)
	var extras []int
	for _, c := range loop {
		if s.Cands[c].Count() > 2 {
			extras = append(extras, c)
		}
	}
	sorted := slices.Sorted(slices.Values(loop))
	base := loopRating(len(loop))
	key := "unique-rectangle"
	if len(loop) > 4 {
		key = "unique-loop"
	}
	mk := func(typ int, rating sudoku.Rating, elim []Candidate, detail string) *urHint {
		return &urHint{typ: typ, cells: sorted, step: &Step{
			Technique: key, Name: loopName(len(loop), typ), Rating: rating, Eliminations: elim,
			Cells: slices.Clone(loop), Digits: pair, Rules: s.Rules,
			Detail: fmt.Sprintf("%s on %s%s", digitList(pair), cellList(loop), detail)}}
	}
	switch {
	case len(extras) == 1:
		var elim []Candidate
		for _, d := range (s.Cands[extras[0]] & pair).Slice() {
			elim = append(elim, Candidate{uint8(extras[0]), uint8(d)})
		}
		add(mk(1, base, elim, ""))
	case len(extras) > 2:
		add(loopType2Under(t, s, extras, pair, base, mk))
	case len(extras) == 2:
		c1, c2 := extras[0], extras[1]
		extra := (s.Cands[c1] | s.Cands[c2]) &^ pair
		if extra.Count() == 1 {
			add(loopType2Under(t, s, extras, pair, base, mk))
		} else if extra.Count() >= 2 {
			loopType3Under(t, s, c1, c2, v1, v2, extra, base, mk, add)
		}
		if h := loopType4Under(t, s, c1, c2, v1, v2, base, mk); h != nil {
			add(h)
		}
	}
}

// loopType2Under: the extra cells share one extra digit z, which leaves
// every cell that sees all of them under the rules.
func loopType2Under(t *houseTable, s *State, extras []int, pair sudoku.Digits, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint) *urHint {
	z := (s.Cands[extras[0]] &^ pair).First()
	see := t.peers[extras[0]]
	for _, x := range extras[1:] {
		see = see.Intersect(t.peers[x])
	}
	var elim []Candidate
	for c := range see.All() {
		if !slices.Contains(extras, c) && s.Cands[c].Has(z) {
			elim = append(elim, Candidate{uint8(c), uint8(z)})
		}
	}
	h := mk(2, base, elim, fmt.Sprintf(", extra %d in %s", z, cellList(extras)))
	seeReasons(h.step, func(int) []int { return extras }) // every extra cell holds z
	return h
}

// loopType3Under: the two extra cells, seen as one cell holding their
// extra digits, form a naked subset with other cells of a house they
// share, or v1 and v2 a hidden subset there; subsets of 2 to 7 cells,
// smallest first, houses in the order of t.loopTypes.
func loopType3Under(t *houseTable, s *State, c1, c2, v1, v2 int, extra sudoku.Digits, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint, add func(*urHint)) {
	common := extra & s.Cands[c1] & s.Cands[c2]
	for degree := 2; degree <= 7; degree++ {
		for _, ty := range t.loopTypes {
			h := int(t.typeHouse[c1][ty])
			if h < 0 || h != int(t.typeHouse[c2][ty]) {
				continue
			}
			cells := &t.cells[h]
			i1, i2 := slices.Index(cells[:], uint8(c1)), slices.Index(cells[:], uint8(c2))
			empty := t.emptyCells(s, h)
			if 2*degree <= empty && degree >= extra.Count() {
				nakedType3Under(t, s, h, c1, c2, i1, i2, degree, extra, common, base, mk, add)
			}
			if 2*degree < empty {
				hiddenType3Under(t, s, h, c1, i1, i2, v1, v2, degree, extra, base, mk, add)
			}
		}
	}
}

// nakedType3Under adds the type 3 naked subsets of degree cells in house h
// (t's order) that hold c1 (index i1, standing for both extra cells with
// their extra digits) and not c2 (index i2).
func nakedType3Under(t *houseTable, s *State, h, c1, c2, i1, i2, degree int, extra, common sudoku.Digits, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint, add func(*urHint)) {
	cells := &t.cells[h]
	combos(9, degree, func(m uint32) bool {
		if m>>i1&1 == 0 || m>>i2&1 != 0 {
			return true
		}
		union, naked := extra, common
		var set []int
		for x := m &^ (1 << i1); x != 0; x &= x - 1 {
			c := cells[bits.TrailingZeros32(x)]
			if s.Cands[c].Count() < 2 {
				return true
			}
			union |= s.Cands[c]
			naked |= s.Cands[c]
			set = append(set, int(c))
		}
		if union.Count() != degree || naked.Count() != degree {
			return true
		}
		elim := nakedType3Eliminations(t, s, h, c1, c2, set, union)
		hint := mk(3, base+sudoku.Rating(float64(degree-1)*0.1), elim,
			fmt.Sprintf(", naked %s with %s in %s", digitList(union), cellList(set), t.name(h)))
		seeReasons(hint.step, heldBy(s, slices.Concat(set, []int{c1, c2})))
		hint.region, hint.set, hint.setIdx = h, union, uint16(m)
		add(hint)
		return true
	})
}

// nakedType3Eliminations are the eliminations of a type 3 naked subset of
// digits in house h: the subset's digits leave the house's other cells;
// with variant houses or pair rules (as Sukaku Explainer has it), each
// digit leaves every cell that sees all of the subset's cells holding it
// (set, and the extra cells c1 and c2).
func nakedType3Eliminations(t *houseTable, s *State, h, c1, c2 int, set []int, digits sudoku.Digits) []Candidate {
	var elim []Candidate
	if t.plainHouses() {
		for _, c := range t.cells[h] {
			if int(c) == c1 || int(c) == c2 || slices.Contains(set, int(c)) {
				continue
			}
			for x := uint16(s.Cands[c] & digits); x != 0; x &= x - 1 {
				elim = append(elim, Candidate{c, uint8(bits.TrailingZeros16(x))})
			}
		}
		return elim
	}
	var by [81]sudoku.Digits
	var order []int
	for x := uint16(digits); x != 0; x &= x - 1 {
		d := bits.TrailingZeros16(x)
		see := sudoku.CellSet{^uint64(0), 1<<17 - 1}
		for _, c := range append(slices.Clone(set), c1, c2) {
			if s.Cands[c].Has(d) {
				see = see.Intersect(t.peers[c])
			}
		}
		for c := range see.All() {
			if s.Cands[c].Has(d) {
				if by[c] == 0 {
					order = append(order, c)
				}
				by[c] = by[c].With(d)
			}
		}
	}
	slices.Sort(order)
	for _, c := range order {
		for x := uint16(by[c]); x != 0; x &= x - 1 {
			elim = append(elim, Candidate{uint8(c), uint8(bits.TrailingZeros16(x))})
		}
	}
	return elim
}

// hiddenType3Under adds the type 3 hidden subsets of degree digits, v1,
// v2 and others that are not extra digits, in house h, c2 (index i2)
// left out.
func hiddenType3Under(t *houseTable, s *State, h, c1, i1, i2, v1, v2, degree int, extra sudoku.Digits, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint, add func(*urHint)) {
	others := (sudoku.AllDigits &^ extra &^ sudoku.DigitSet(v1, v2)).Slice()
	var pos [10]uint16
	for i, c := range t.cells[h] {
		for x := uint16(s.Cands[c]); x != 0; x &= x - 1 {
			pos[bits.TrailingZeros16(x)] |= 1 << i
		}
	}
	combos(len(others), degree-2, func(m uint32) bool {
		digits := sudoku.DigitSet(v1, v2)
		for x := m; x != 0; x &= x - 1 {
			digits = digits.With(others[bits.TrailingZeros32(x)])
		}
		var union uint16
		for x := uint16(digits); x != 0; x &= x - 1 {
			p := pos[bits.TrailingZeros16(x)] &^ (1 << i2)
			if p == 0 {
				return true
			}
			union |= p
		}
		if popcount16(union) != degree {
			return true
		}
		setMask := union &^ (1 << i1) &^ (1 << i2)
		set := t.houseCells(h, setMask)
		var elim []Candidate
		for _, c := range set {
			for x := uint16(s.Cands[c] &^ digits); x != 0; x &= x - 1 {
				elim = append(elim, Candidate{uint8(c), uint8(bits.TrailingZeros16(x))})
			}
		}
		hint := mk(3, base+sudoku.Rating(float64(len(set)-1)*0.1), elim,
			fmt.Sprintf(", hidden %s with %s in %s", digitList(digits), cellList(set), t.name(h)))
		hint.region, hint.set, hint.setIdx, hint.hidden = h, digits, setMask, true
		add(hint)
		return true
	})
}

// loopType4Under: in a house holding both extra cells, one of v1, v2 has
// no other place, so both extra cells lose the other (SukE keeps the last
// such house of v1, else the last of v2).
func loopType4Under(t *houseTable, s *State, c1, c2, v1, v2 int, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint) *urHint {
	h1, h2 := -1, -1
	for _, ty := range t.loopTypes {
		h := int(t.typeHouse[c1][ty])
		if h < 0 || h != int(t.typeHouse[c2][ty]) {
			continue
		}
		var elsewhere sudoku.Digits
		for _, c := range t.cells[h] {
			if int(c) != c1 && int(c) != c2 {
				elsewhere |= s.Cands[c]
			}
		}
		if !elsewhere.Has(v1) {
			h1 = h
		}
		if !elsewhere.Has(v2) {
			h2 = h
		}
	}
	locked, other, h := v1, v2, h1
	if h1 < 0 {
		if h2 < 0 {
			return nil
		}
		locked, other, h = v2, v1, h2
	}
	elim := []Candidate{{uint8(c1), uint8(other)}, {uint8(c2), uint8(other)}}
	return mk(4, base, elim, fmt.Sprintf(", %d only in %s,%s of %s", locked, sudoku.CellName(c1), sudoku.CellName(c2), t.name(h)))
}

// plainHouses reports whether the rules have the houses of plain sudoku
// alone (rows, columns, boxes or a jigsaw's regions) and no knight's or
// king's moves: Sukaku Explainer's type 3 and BUG type 3 subsets then
// eliminate in their house only.
func (t *houseTable) plainHouses() bool { return t.n == 27 && !t.hasAnti }
