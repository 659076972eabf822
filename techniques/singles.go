package techniques

import (
	"fmt"

	"github.com/sudokit/sudokit/sudoku"
)

// findHiddenSingles finds full houses (1.0: the last empty cell of a unit)
// and hidden singles (1.2 in a box, 1.5 in a row or column). Like Sudoku
// Explainer it first scans every unit for a full house, then for hidden
// singles; units in the order boxes, columns, rows; digits 1 to 9.
func findHiddenSingles(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return hiddenSinglesUnder(tablesOf(s.Rules), s, emit)
	}
	// Per unit: the digits with exactly one place, and the empty cells.
	var once [27]sudoku.Digits
	var empty [27]int
	for u := range sudoku.Units {
		var one, more sudoku.Digits
		for _, c := range sudoku.Units[u] {
			x := s.Cands[c]
			more |= one & x
			one |= x
			if s.Values[c] == 0 {
				empty[u]++
			}
		}
		once[u] = one &^ more
	}
	for pass := 0; pass < 2; pass++ {
		for _, u := range unitsBCR {
			if (empty[u] == 1) != (pass == 0) {
				continue
			}
			for ds := once[u]; ds != 0; ds &= ds - 1 {
				d := ds.First()
				cell := 0
				for _, c := range sudoku.Units[u] {
					if s.Cands[c].Has(d) {
						cell = int(c)
						break
					}
				}
				st := &Step{Technique: "hidden-single", Name: "Hidden Single", Rating: 1.5,
					Placements: []Candidate{{uint8(cell), uint8(d)}},
					Cells:      []int{cell}, Units: []int{u}, Digits: sudoku.DigitSet(d),
					Detail: fmt.Sprintf("%d in %s", d, unitName(u))}
				switch {
				case pass == 0:
					st.Technique, st.Name, st.Rating = "full-house", "Full House", 1.0
				case sudoku.UnitKind(u) == sudoku.KindBox:
					st.Rating = 1.2
				}
				if !emit(st) {
					return false
				}
			}
		}
	}
	return true
}

// findNakedSingles finds cells with one candidate left (2.3), in reading
// order.
func findNakedSingles(s *State, emit Emit) bool {
	for cell, c := range s.Cands {
		if d := c.Single(); d != 0 {
			st := &Step{Technique: "naked-single", Name: "Naked Single", Rating: 2.3,
				Placements: []Candidate{{uint8(cell), uint8(d)}},
				Cells:      []int{cell}, Digits: c,
				Detail: fmt.Sprintf("%s can only be %d", sudoku.CellName(cell), d)}
			if !emit(st) {
				return false
			}
		}
	}
	return true
}

// hiddenSinglesUnder is findHiddenSingles under other rules, as Sukaku
// Explainer scans them: full houses first, then hidden singles; houses in
// the order of t.singles (boxes or regions, columns, rows, then the
// variants' houses); digits 1 to 9. A single in a box or a jigsaw's
// region rates 1.2, in any other house 1.5.
func hiddenSinglesUnder(t *houseTable, s *State, emit Emit) bool {
	var pos housePositions
	t.fill(s, &pos)
	for pass := 0; pass < 2; pass++ {
		for _, h := range t.singles {
			if (t.emptyCells(s, int(h)) == 1) != (pass == 0) {
				continue
			}
			for d := 1; d <= 9; d++ {
				p := pos[h][d]
				if popcount16(p) != 1 {
					continue
				}
				cell := int(t.cells[h][lowBit(p)])
				st := &Step{Technique: "hidden-single", Name: "Hidden Single", Rating: 1.5,
					Placements: []Candidate{{uint8(cell), uint8(d)}},
					Cells:      []int{cell}, Units: []int{int(h)}, Digits: sudoku.DigitSet(d), Rules: s.Rules,
					Detail: fmt.Sprintf("%d in %s", d, t.name(int(h)))}
				switch {
				case pass == 0:
					st.Technique, st.Name, st.Rating = "full-house", "Full House", 1.0
				case t.typ[h] == typeBox:
					st.Rating = 1.2
				}
				if !emit(st) {
					return false
				}
			}
		}
	}
	return true
}
