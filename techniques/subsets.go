package techniques

import (
	"fmt"
	"math/bits"

	"sudokit/sudoku"
)

var subsetNames = [5]string{"", "", "Pair", "Triplet", "Quad"}
var subsetKeys = [5]string{"", "", "pair", "triple", "quad"}

// nakedRatings and hiddenRatings are SE's ratings by subset size.
var (
	nakedRatings  = [5]float64{0, 0, 3.0, 3.6, 5.0}
	hiddenRatings = [5]float64{0, 0, 3.4, 4.0, 5.4}
	directHidden  = [5]float64{0, 0, 2.0, 2.5, 4.3}
)

// findNaked returns the finder of naked subsets of size k (pair 3.0, triplet
// 3.6, quad 5.0): k cells of a unit whose candidates are k digits, which
// leave the unit's other cells. Units in the order boxes, columns, rows;
// cells combined in SE's order. Like SE, a unit needs at least 2k empty
// cells (in a smaller one the complementary hidden subset does the same
// work); general drops that restriction.
func findNaked(k int, general bool) Finder {
	return func(s *State, emit Emit) bool {
		for _, u := range unitsBCR {
			if empty := s.EmptyCells(u); empty < 2*k && !(general && empty > k) {
				continue
			}
			cells := &sudoku.Units[u]
			ok := combos(9, k, func(m uint32) bool {
				var union sudoku.Digits
				for x := m; x != 0; x &= x - 1 {
					c := s.Cands[cells[bits.TrailingZeros32(x)]]
					if c.Count() < 2 {
						return true
					}
					union |= c
				}
				if union.Count() != k {
					return true
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
func hiddenSet(s *State, u, k int, found func(digits sudoku.Digits, cells uint16) bool) bool {
	pos := positionsOf(s, u)
	return combos(9, k, func(m uint32) bool {
		var union uint16
		for x := m; x != 0; x &= x - 1 {
			p := pos[bits.TrailingZeros32(x)+1]
			if popcount16(p) < 2 {
				return true
			}
			union |= p
		}
		if popcount16(union) != k {
			return true
		}
		return found(sudoku.Digits(m<<1), union)
	})
}

// positionsOf returns the position masks of every digit in unit u.
func positionsOf(s *State, u int) [10]uint16 {
	var pos [10]uint16
	for i, c := range sudoku.Units[u] {
		for x := uint16(s.Cands[c]); x != 0; x &= x - 1 {
			pos[bits.TrailingZeros16(x)] |= 1 << i
		}
	}
	return pos
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
	return func(s *State, emit Emit) bool {
		for _, u := range unitsBCR {
			if empty := s.EmptyCells(u); empty <= 2*k && !(general && empty > k) {
				continue
			}
			ok := hiddenSet(s, u, k, func(digits sudoku.Digits, cells uint16) bool {
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
		for _, u := range unitsBCR {
			if s.EmptyCells(u) <= k {
				continue
			}
			ok := hiddenSet(s, u, k, func(digits sudoku.Digits, cells uint16) bool {
				for d := 1; d <= 9; d++ {
					if digits.Has(d) {
						continue
					}
					pos := s.Positions(u, d)
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
