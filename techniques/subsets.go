package techniques

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

var subsetNames = [5]string{"", "", "Pair", "Triplet", "Quad"}
var subsetKeys = [5]string{"", "", "pair", "triple", "quad"}

// nakedRatings and hiddenRatings are SE's ratings by subset size.
var (
	nakedRatings  = [5]sudoku.Rating{0, 0, 3.0, 3.6, 5.0}
	hiddenRatings = [5]sudoku.Rating{0, 0, 3.4, 4.0, 5.4}
	directHidden  = [5]sudoku.Rating{0, 0, 2.0, 2.5, 4.3}
)

// findNaked returns the finder of naked subsets of size k (pair 3.0, triplet
// 3.6, quad 5.0): k cells of a unit whose candidates are k digits, which
// leave the unit's other cells. Units in the order boxes, columns, rows;
// cells combined in SE's order. Like SE, a unit needs at least 2k empty
// cells (in a smaller one the complementary hidden subset does the same
// work); general drops that restriction.
func findNaked(k int, general bool) Finder {
	return func(s *State, emit Emit) bool {
		if !s.Rules.IsClassic() {
			return nakedUnder(tablesOf(s.Rules), s, k, general, emit)
		}
		for _, u := range unitsBCR {
			if empty := s.EmptyCells(u); empty < 2*k && !(general && empty > k) {
				continue
			}
			cells := &sudoku.Units[u]
			// Only cells with two or more candidates can be members; taking
			// combinations of those keeps SE's order.
			var idx [9]int
			n := 0
			for i, c := range cells {
				if s.Cands[c].Count() >= 2 {
					idx[n] = i
					n++
				}
			}
			var masks [9]uint16
			for j := 0; j < n; j++ {
				masks[j] = uint16(s.Cands[cells[idx[j]]])
			}
			ok := smallUnions(masks[:n], k, func(sub uint32, bitsUnion uint16) bool {
				union := sudoku.Digits(bitsUnion)
				var m uint32
				for x := sub; x != 0; x &= x - 1 {
					m |= 1 << idx[bits.TrailingZeros32(x)]
				}
				var elim []Candidate
				var set []int
				for i, c := range cells {
					if m>>i&1 != 0 {
						set = append(set, int(c))
						continue
					}
					for _, d := range (s.Cands[c] & union).Slice() {
						elim = append(elim, Candidate{c, uint8(d)})
					}
				}
				if len(elim) == 0 {
					return true
				}
				return emit(&Step{Technique: "naked-" + subsetKeys[k], Name: "Naked " + subsetNames[k],
					Rating: nakedRatings[k], Eliminations: elim, Cells: set, Units: []int{u}, Digits: union,
					Detail: fmt.Sprintf("%s hold only %s in %s", cellList(set), digitList(union), unitName(u))})
			})
			if !ok {
				return false
			}
		}
		return true
	}
}

// hiddenSet calls found for each hidden subset of size k in unit u: k digits
// (each with at least two places) whose places in the unit are exactly k
// cells (bit i: the unit's i-th cell).
func hiddenSet(pos *[10]uint16, k int, found func(digits sudoku.Digits, cells uint16) bool) bool {
	// Only digits with two or more places can be members; taking
	// combinations of those keeps SE's order.
	var idx [9]int
	var masks [9]uint16
	n := 0
	for d := 1; d <= 9; d++ {
		if popcount16(pos[d]) >= 2 {
			idx[n], masks[n] = d, pos[d]
			n++
		}
	}
	return smallUnions(masks[:n], k, func(sub uint32, union uint16) bool {
		var digits sudoku.Digits
		for x := sub; x != 0; x &= x - 1 {
			digits |= 1 << idx[bits.TrailingZeros32(x)]
		}
		return found(digits, union)
	})
}

// unitCells lists the cells of unit u selected by a position mask.
func unitCells(u int, mask uint16) []int {
	var out []int
	for m := mask; m != 0; m &= m - 1 {
		out = append(out, int(sudoku.Units[u][lowBit(m)]))
	}
	return out
}

// findHidden returns the finder of hidden subsets of size k (pair 3.4,
// triplet 4.0, quad 5.4): k digits confined to k cells of a unit, which lose
// their other candidates. Like SE, a unit needs more than 2k empty cells
// (smaller ones hold the complementary naked subset); general drops that
// restriction.
func findHidden(k int, general bool) Finder {
	classic := withPositions(hiddenWith(k, general))
	return func(s *State, emit Emit) bool {
		if !s.Rules.IsClassic() {
			return hiddenUnder(tablesOf(s.Rules), s, k, general, false, emit)
		}
		return classic(s, emit)
	}
}

// hiddenWith is findHidden on a state's position table.
func hiddenWith(k int, general bool) posFinder {
	return func(s *State, pos *posTable, emit Emit) bool {
		for _, u := range unitsBCR {
			if empty := s.EmptyCells(u); empty <= 2*k && !(general && empty > k) {
				continue
			}
			ok := hiddenSet(&pos[u], k, func(digits sudoku.Digits, cells uint16) bool {
				set := unitCells(u, cells)
				var elim []Candidate
				for _, c := range set {
					for _, d := range (s.Cands[c] &^ digits).Slice() {
						elim = append(elim, Candidate{uint8(c), uint8(d)})
					}
				}
				if len(elim) == 0 {
					return true
				}
				return emit(&Step{Technique: "hidden-" + subsetKeys[k], Name: "Hidden " + subsetNames[k],
					Rating: hiddenRatings[k], Eliminations: elim, Cells: set, Units: []int{u}, Digits: digits,
					Detail: fmt.Sprintf("%s only in %s of %s", digitList(digits), cellList(set), unitName(u))})
			})
			if !ok {
				return false
			}
		}
		return true
	}
}

// findDirectHidden returns the finder of direct hidden pairs (2.0) and
// triplets (2.5): a hidden subset whose cells, taken out of the unit, leave
// another digit a single place. Like Sudoku Explainer, only that placement
// is applied.
func findDirectHidden(k int) Finder {
	return func(s *State, emit Emit) bool {
		if !s.Rules.IsClassic() {
			return hiddenUnder(tablesOf(s.Rules), s, k, false, true, emit)
		}
		var table posTable
		fillPositions(s, &table)
		for _, u := range unitsBCR {
			if s.EmptyCells(u) <= k {
				continue
			}
			ok := hiddenSet(&table[u], k, func(digits sudoku.Digits, cells uint16) bool {
				for d := 1; d <= 9; d++ {
					if digits.Has(d) {
						continue
					}
					pos := table[u][d]
					if popcount16(pos) < 2 || popcount16(pos&^cells) != 1 {
						continue
					}
					cell := int(sudoku.Units[u][lowBit(pos&^cells)])
					set := unitCells(u, cells)
					return emit(&Step{Technique: "direct-hidden-" + subsetKeys[k], Name: "Direct Hidden " + subsetNames[k],
						Rating: directHidden[k], Placements: []Candidate{{uint8(cell), uint8(d)}},
						Cells: set, Units: []int{u}, Digits: digits,
						Detail: fmt.Sprintf("%s only in %s of %s, so %d goes to %s",
							digitList(digits), cellList(set), unitName(u), d, sudoku.CellName(cell))})
				}
				return true
			})
			if !ok {
				return false
			}
		}
		return true
	}
}

// nakedUnder is findNaked under other rules: houses in the order of
// t.subsets (boxes or regions, columns, rows, disjoint groups, windows:
// Sukaku Explainer looks for naked sets in no other variant house).
func nakedUnder(t *houseTable, s *State, k int, general bool, emit Emit) bool {
	for _, hh := range t.subsets {
		h := int(hh)
		if empty := t.emptyCells(s, h); empty < 2*k && !(general && empty > k) {
			continue
		}
		cells := &t.cells[h]
		var idx [9]int
		var masks [9]uint16
		n := 0
		for i, c := range cells {
			if s.Cands[c].Count() >= 2 {
				idx[n], masks[n] = i, uint16(s.Cands[c])
				n++
			}
		}
		ok := smallUnions(masks[:n], k, func(sub uint32, bitsUnion uint16) bool {
			union := sudoku.Digits(bitsUnion)
			var m uint32
			for x := sub; x != 0; x &= x - 1 {
				m |= 1 << idx[bits.TrailingZeros32(x)]
			}
			var elim []Candidate
			var set []int
			for i, c := range cells {
				if m>>i&1 != 0 {
					set = append(set, int(c))
					continue
				}
				for x := uint16(s.Cands[c] & union); x != 0; x &= x - 1 {
					elim = append(elim, Candidate{c, uint8(bits.TrailingZeros16(x))})
				}
			}
			if len(elim) == 0 {
				return true
			}
			return emit(&Step{Technique: "naked-" + subsetKeys[k], Name: "Naked " + subsetNames[k],
				Rating: nakedRatings[k], Eliminations: elim, Cells: set, Units: []int{h}, Digits: union, Rules: s.Rules,
				Detail: fmt.Sprintf("%s hold only %s in %s", cellList(set), digitList(union), t.name(h))})
		})
		if !ok {
			return false
		}
	}
	return true
}

// hiddenUnder is findHidden (or, with direct, findDirectHidden) under other
// rules: every house, in the order of t.singles.
func hiddenUnder(t *houseTable, s *State, k int, general, direct bool, emit Emit) bool {
	var pos housePositions
	t.fill(s, &pos)
	for _, hh := range t.singles {
		h := int(hh)
		empty := t.emptyCells(s, h)
		switch {
		case direct && empty <= k:
			continue
		case !direct && empty <= 2*k && !(general && empty > k):
			continue
		}
		ok := hiddenSet(&pos[h], k, func(digits sudoku.Digits, cells uint16) bool {
			set := t.houseCells(h, cells)
			if direct {
				return directHiddenUnder(t, s, &pos[h], h, k, digits, cells, set, emit)
			}
			var elim []Candidate
			for _, c := range set {
				for x := uint16(s.Cands[c] &^ digits); x != 0; x &= x - 1 {
					elim = append(elim, Candidate{uint8(c), uint8(bits.TrailingZeros16(x))})
				}
			}
			if len(elim) == 0 {
				return true
			}
			return emit(&Step{Technique: "hidden-" + subsetKeys[k], Name: "Hidden " + subsetNames[k],
				Rating: hiddenRatings[k], Eliminations: elim, Cells: set, Units: []int{h}, Digits: digits, Rules: s.Rules,
				Detail: fmt.Sprintf("%s only in %s of %s", digitList(digits), cellList(set), t.name(h))})
		})
		if !ok {
			return false
		}
	}
	return true
}

// directHiddenUnder emits the direct hidden subset of digits in house h, on
// the cells of the mask cells, when another digit is left one place.
func directHiddenUnder(t *houseTable, s *State, pos *[10]uint16, h, k int, digits sudoku.Digits, cells uint16, set []int,
	emit Emit) bool {
	for d := 1; d <= 9; d++ {
		if digits.Has(d) || popcount16(pos[d]) < 2 || popcount16(pos[d]&^cells) != 1 {
			continue
		}
		cell := int(t.cells[h][lowBit(pos[d]&^cells)])
		return emit(&Step{Technique: "direct-hidden-" + subsetKeys[k], Name: "Direct Hidden " + subsetNames[k],
			Rating: directHidden[k], Placements: []Candidate{{uint8(cell), uint8(d)}},
			Cells: set, Units: []int{h}, Digits: digits, Rules: s.Rules,
			Detail: fmt.Sprintf("%s only in %s of %s, so %d goes to %s",
				digitList(digits), cellList(set), t.name(h), d, sudoku.CellName(cell))})
	}
	return true
}
