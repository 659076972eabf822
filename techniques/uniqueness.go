package techniques

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"

	"github.com/sudokit/sudokit/sudoku"
)

// Unique rectangles and unique loops rest on the puzzle having one solution:
// cells that would hold only v1 and v2 along a loop through rows, columns
// and boxes (each unit holding two loop cells) would let v1 and v2 swap, a
// "deadly pattern". So some loop cell must hold another digit, which yields
// eliminations (types 1 to 4). Sudoku Explainer finds every loop, collects
// all steps, sorts them by rating (then type) and applies the first; this
// finder does the same.

// region kinds in Sudoku Explainer's getRegionTypes order: box, row, column.
var brcKinds = [3]int{sudoku.KindBox, sudoku.KindRow, sudoku.KindColumn}

// unitOf returns the unit of a kind holding cell.
func unitOf(cell, kind int) int {
	switch kind {
	case sudoku.KindRow:
		return int(sudoku.RowOf[cell])
	case sudoku.KindColumn:
		return 9 + int(sudoku.ColOf[cell])
	default:
		return 18 + int(sudoku.BoxOf[cell])
	}
}

// loopSearch finds the candidate loops through cells holding both v1 and v2.
type loopSearch struct {
	s      *State
	v1, v2 int
	start  int
	path   []int
	onPath [81]bool
	loops  [][]int
	// parity[u] has bit p set when the path holds a cell of unit u at an
	// index of parity p. A valid loop never has two cells of one parity in a
	// unit, so paths that would are not followed (SE validates afterwards,
	// with the same result).
	parity [27]uint8
}

// walk extends the path from cell; see the package notes for the rules,
// which follow Sudoku Explainer's search (including its sharing of the
// extra-digit set among the neighbours tried from one cell).
func (ls *loopSearch) walk(cell int, allowed int, extraIn sudoku.Digits, arrival int) {
	bit := uint8(1) << (len(ls.path) % 2)
	cu := &sudoku.CellUnits[cell]
	ls.parity[cu[0]] |= bit
	ls.parity[cu[1]] |= bit
	ls.parity[cu[2]] |= bit
	ls.path = append(ls.path, cell)
	ls.onPath[cell] = true
	ls.extend(cell, allowed, extraIn, arrival)
	ls.onPath[cell] = false
	ls.path = ls.path[:len(ls.path)-1]
	ls.parity[cu[0]] &^= bit
	ls.parity[cu[1]] &^= bit
	ls.parity[cu[2]] &^= bit
}

// extend tries every neighbour of cell, the last cell of the path.
func (ls *loopSearch) extend(cell int, allowed int, extraIn sudoku.Digits, arrival int) {
	nextBit := uint8(1) << (len(ls.path) % 2)
	extra := extraIn
	pair := sudoku.DigitSet(ls.v1, ls.v2)
	for _, kind := range brcKinds {
		if kind == arrival {
			continue
		}
		u := unitOf(cell, kind)
		for _, nb := range sudoku.Units[u] {
			n := int(nb)
			if n == ls.start && len(ls.path) >= 4 {
				ls.loops = append(ls.loops, slices.Clone(ls.path))
				continue
			}
			c := ls.s.Cands[n]
			if c&pair != pair || ls.onPath[n] {
				continue
			}
			extra |= c &^ pair
			next := allowed
			if c.Count() > 2 {
				next--
			}
			u := &sudoku.CellUnits[n]
			if (ls.parity[u[0]]|ls.parity[u[1]]|ls.parity[u[2]])&nextBit != 0 {
				continue // could only close into an invalid loop
			}
			if c.Count() == 2 || extra.Count() == 1 || allowed > 0 {
				ls.walk(n, next, extra, kind)
			}
		}
	}
}

// validLoop reports whether a loop is a deadly pattern: walking it, cells
// alternate between two classes, no unit is met twice by one class, and
// both classes meet the same units.
func validLoop(loop []int) bool {
	var seen [2]map[int]bool
	seen[0], seen[1] = map[int]bool{}, map[int]bool{}
	for i, c := range loop {
		p := i % 2
		for _, u := range sudoku.CellUnits[c] {
			if seen[p][int(u)] {
				return false
			}
			seen[p][int(u)] = true
		}
	}
	if len(seen[0]) != len(seen[1]) {
		return false
	}
	for u := range seen[0] {
		if !seen[1][u] {
			return false
		}
	}
	return true
}

// loopRating is SE's base rating by loop length: 4 cells 4.5, 6 cells 4.6,
// 8 cells 4.7, 10 or more 5.0.
func loopRating(n int) sudoku.Rating {
	r := sudoku.Rating(4.5)
	if n >= 10 {
		r += 0.3
	}
	if n >= 8 {
		r += 0.2
	} else if n >= 6 {
		r += 0.1
	}
	return r
}

// urHint is a collected step with what SE compares to drop duplicates.
type urHint struct {
	step   *Step
	typ    int
	cells  []int // loop cells, sorted
	region int   // type 3: the region
	set    sudoku.Digits
	setIdx uint16
	hidden bool // type 3: a hidden subset (only variants' search tells them apart)
}

func (h *urHint) same(o *urHint) bool {
	if h.typ != o.typ || !slices.Equal(h.cells, o.cells) {
		return false
	}
	return h.typ != 3 || (h.region == o.region && h.set == o.set && h.setIdx == o.setIdx && h.hidden == o.hidden)
}

// findUniqueLoops finds unique rectangles and loops, types 1 to 4 (4.5 and
// up, by loop length and subset size), as Sudoku Explainer does.
func findUniqueLoops(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return uniqueLoopsUnder(tablesOf(s.Rules), s, emit)
	}
	return uniqueLoops(s, emit, false)
}

// findUniqueLoopsGeneral also finds type 3 subsets in units too small for
// SE's search (under classic rules; under others it is findUniqueLoops).
func findUniqueLoopsGeneral(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return uniqueLoopsUnder(tablesOf(s.Rules), s, emit)
	}
	return uniqueLoops(s, emit, true)
}

func uniqueLoops(s *State, emit Emit, general bool) bool {
	var hints []*urHint
	add := func(h *urHint) { hints = addNewLoopHint(hints, h) }
	for start := 0; start < 81; start++ {
		if s.Cands[start].Count() != 2 {
			continue
		}
		ds := s.Cands[start].Slice()
		ls := &loopSearch{s: s, v1: ds[0], v2: ds[1], start: start}
		ls.walk(start, 2, 0, -1)
		for _, loop := range ls.loops {
			if !validLoop(loop) {
				continue
			}
			uniqueLoopHints(s, loop, ls.v1, ls.v2, general, false, add)
		}
	}
	if general {
		missingCandidateRectangles(s, add)
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

// loopName is SE's name: "Unique Rectangle type 1", "Unique Loop type 2"
// (six cells), "Unique Loop 8 type 3".
func loopName(n, typ int) string {
	switch {
	case n == 4:
		return fmt.Sprintf("Unique Rectangle type %d", typ)
	case n == 6:
		return fmt.Sprintf("Unique Loop type %d", typ)
	}
	return fmt.Sprintf("Unique Loop %d type %d", n, typ)
}

// uniqueLoopHints builds the steps of one valid loop.
// With missing set, a corner may lack one of v1, v2; type 3 then only looks
// for naked subsets.
func uniqueLoopHints(s *State, loop []int, v1, v2 int, general, missing bool, add func(*urHint)) {
	pair := sudoku.DigitSet(v1, v2)
	var extras []int
	for _, c := range loop {
		if s.Cands[c] != pair {
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
			Cells: slices.Clone(loop), Digits: pair,
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
		add(loopType2(s, loop, extras, pair, base, mk))
	case len(extras) == 2:
		c1, c2 := extras[0], extras[1]
		extra := (s.Cands[c1] | s.Cands[c2]) &^ pair
		if extra.Count() == 1 {
			add(loopType2(s, loop, extras, pair, base, mk))
		} else {
			loopType3(s, loop, c1, c2, v1, v2, extra, base, general, missing, mk, add)
		}
		loopType4(s, c1, c2, v1, v2, base, mk, add)
	}
}

// loopType2: the extra cells share one extra digit z, which leaves every
// cell that sees all of them.
func loopType2(s *State, loop, extras []int, pair sudoku.Digits, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint) *urHint {
	z := (s.Cands[extras[0]] &^ pair).First()
	var elim []Candidate
	for c := 0; c < 81; c++ {
		if slices.Contains(extras, c) || !s.Cands[c].Has(z) {
			continue
		}
		all := true
		for _, x := range extras {
			if !sees(c, x) {
				all = false
				break
			}
		}
		if all {
			elim = append(elim, Candidate{uint8(c), uint8(z)})
		}
	}
	return mk(2, base, elim, fmt.Sprintf(", extra %d in %s", z, cellList(extras)))
}

// loopType3: the two extra cells, seen as one cell holding their extra
// digits, form a naked subset with other cells of a shared unit, or v1 and
// v2 form a hidden subset there.
func loopType3(s *State, loop []int, c1, c2, v1, v2 int, extra sudoku.Digits, base sudoku.Rating, general, missing bool,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint, add func(*urHint)) {
	common := extra & s.Cands[c1] & s.Cands[c2]
	for degree := extra.Count(); degree <= 7; degree++ {
		for _, kind := range brcKinds {
			u := unitOf(c1, kind)
			if u != unitOf(c2, kind) {
				continue
			}
			cells := &sudoku.Units[u]
			i1, i2 := slices.Index(cells[:], uint8(c1)), slices.Index(cells[:], uint8(c2))
			empty := s.EmptyCells(u)
			if general {
				empty = 2*degree + 1 // every subset size fits
			}
			if 2*degree <= empty {
				combos(9, degree, func(m uint32) bool {
					if m>>i1&1 == 0 || m>>i2&1 != 0 {
						return true
					}
					union, unionCommon := extra, common
					for x := m &^ (1 << i1); x != 0; x &= x - 1 {
						c := s.Cands[cells[bits.TrailingZeros32(x)]]
						if c.Count() < 2 {
							return true
						}
						union |= c
						unionCommon |= c
					}
					if union.Count() != degree || unionCommon.Count() != degree {
						return true
					}
					var elim []Candidate
					var set []int
					for i, c := range cells {
						if i == i1 || i == i2 {
							continue
						}
						if m>>i&1 != 0 {
							set = append(set, int(c))
							continue
						}
						for _, d := range (s.Cands[c] & union).Slice() {
							elim = append(elim, Candidate{c, uint8(d)})
						}
					}
					h := mk(3, base+sudoku.Rating(float64(degree-1)*0.1), elim,
						fmt.Sprintf(", naked %s with %s in %s", digitList(union), cellList(set), unitName(u)))
					h.region, h.set, h.setIdx = u, union, uint16(m)
					add(h)
					return true
				})
			}
			if 2*degree < empty && !missing {
				others := sudoku.AllDigits &^ extra &^ sudoku.DigitSet(v1, v2)
				od := others.Slice()
				combos(len(od), degree-2, func(m uint32) bool {
					digits := sudoku.DigitSet(v1, v2)
					for x := m; x != 0; x &= x - 1 {
						digits = digits.With(od[bits.TrailingZeros32(x)])
					}
					var union uint16
					for _, d := range digits.Slice() {
						p := s.Positions(u, d) &^ (1 << i2)
						if p == 0 {
							return true
						}
						union |= p
					}
					if popcount16(union) != degree {
						return true
					}
					setMask := union &^ (1 << i1) &^ (1 << i2)
					set := unitCells(u, setMask)
					var elim []Candidate
					for _, c := range set {
						for _, d := range (s.Cands[c] &^ digits).Slice() {
							elim = append(elim, Candidate{uint8(c), uint8(d)})
						}
					}
					h := mk(3, base+sudoku.Rating(float64(len(set)-1)*0.1), elim,
						fmt.Sprintf(", hidden %s with %s in %s", digitList(digits), cellList(set), unitName(u)))
					h.region, h.set, h.setIdx = u, digits, setMask
					add(h)
					return true
				})
			}
		}
	}
}

// loopType4: in a unit holding both extra cells, one of v1, v2 appears in
// no other cell, so both extra cells lose the other.
func loopType4(s *State, c1, c2, v1, v2 int, base sudoku.Rating,
	mk func(int, sudoku.Rating, []Candidate, string) *urHint, add func(*urHint)) {
	// SE remembers the last unit where v1 is locked and the last where v2
	// is; v1 takes precedence.
	v1Unit, v2Unit := -1, -1
	for _, kind := range brcKinds {
		u := unitOf(c1, kind)
		if u != unitOf(c2, kind) {
			continue
		}
		for _, v := range []int{v1, v2} {
			elsewhere := false
			for _, c := range sudoku.Units[u] {
				if int(c) != c1 && int(c) != c2 && s.Cands[c].Has(v) {
					elsewhere = true
					break
				}
			}
			// The digit must be able to go in c1 or c2 (in SE's own search
			// both hold it; a rectangle with a missing candidate may not).
			if !elsewhere && (s.Cands[c1] | s.Cands[c2]).Has(v) {
				if v == v1 {
					v1Unit = u
				} else {
					v2Unit = u
				}
			}
		}
	}
	locked, other, unit := v1, v2, v1Unit
	if v1Unit < 0 {
		if v2Unit < 0 {
			return
		}
		locked, other, unit = v2, v1, v2Unit
	}
	var elim []Candidate
	for _, c := range []int{c1, c2} {
		if s.Cands[c].Has(other) {
			elim = append(elim, Candidate{uint8(c), uint8(other)})
		}
	}
	add(mk(4, base, elim, fmt.Sprintf(", %d only in %s,%s of %s", locked, sudoku.CellName(c1), sudoku.CellName(c2), unitName(unit))))
}

// missingCandidateRectangles finds unique rectangles where a corner with
// extra candidates lacks one of the two digits (HoDoKu's "uniqueness with
// missing candidates"; not in Sudoku Explainer, so only the general finder
// looks). The argument holds all the same: four unsolved cells in two rows,
// two columns and two boxes can never end as a swappable pair of digits.
func missingCandidateRectangles(s *State, add func(*urHint)) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue // one box, or four
					}
					loop := []int{r1*9 + c1, r1*9 + c2, r2*9 + c2, r2*9 + c1}
					common := sudoku.AllDigits
					for _, c := range loop {
						common &= s.Cands[c]
						if s.Values[c] != 0 {
							common = 0
						}
					}
					// At least two corners hold exactly the pair: try the
					// two-candidate corners' sets.
					var tried []sudoku.Digits
					for _, corner := range loop {
						pair := s.Cands[corner]
						if pair.Count() != 2 || slices.Contains(tried, pair) {
							continue
						}
						tried = append(tried, pair)
						ds := pair.Slice()
						v1, v2 := ds[0], ds[1]
						if common&pair == pair {
							continue // every corner has both: SE's search finds it
						}
						exact, missing := 0, false
						for _, c := range loop {
							switch {
							case s.Cands[c] == pair:
								exact++
							case s.Cands[c]&pair == 0:
								missing = true // a corner with neither digit: no pattern
							}
						}
						if missing || exact < 2 {
							continue
						}
						var extras []int
						for _, c := range loop {
							if s.Cands[c] != pair {
								extras = append(extras, c)
							}
						}
						// Types 2-4 need the two extra corners on one line.
						if len(extras) == 2 && sudoku.RowOf[extras[0]] != sudoku.RowOf[extras[1]] &&
							sudoku.ColOf[extras[0]] != sudoku.ColOf[extras[1]] {
							continue
						}
						if len(extras) > 2 {
							continue
						}
						uniqueLoopHints(s, loop, v1, v2, true, true, add)
					}
				}
			}
		}
	}
}

// addNewLoopHint appends h to hints when it eliminates something and no
// hint there is the same (the same loop is found from each of its cells).
func addNewLoopHint(hints []*urHint, h *urHint) []*urHint {
	if len(h.step.Eliminations) == 0 || slices.ContainsFunc(hints, h.same) {
		return hints
	}
	return append(hints, h)
}
