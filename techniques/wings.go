package techniques

import (
	"fmt"

	"github.com/sudokit/sudokit/sudoku"
)

// findXYWing returns the finder of XY-Wings (size 2, 4.2) and XYZ-Wings
// (size 3, 4.4). A pivot with candidates xy (or xyz) sees two bivalue wings
// xz and yz; z leaves every cell that sees both wings (and the pivot, for
// XYZ). Pivots in reading order, wings in SE's house order (box, row,
// column).
func findXYWing(size int) Finder {
	key, name, rating := "xy-wing", "XY-Wing", sudoku.Rating(4.2)
	if size == 3 {
		key, name, rating = "xyz-wing", "XYZ-Wing", 4.4
	}
	return func(s *State, emit Emit) bool {
		if !s.Rules.IsClassic() {
			return xyWingUnder(tablesOf(s.Rules), s, size, key, name, rating, emit)
		}
		for pivot := 0; pivot < 81; pivot++ {
			pc := s.Cands[pivot]
			if pc.Count() != size {
				continue
			}
			for _, w1 := range houseCells[pivot] {
				c1 := s.Cands[w1]
				if c1.Count() != 2 || (pc&^c1).Count() != 1 {
					continue
				}
				for _, w2 := range houseCells[pivot] {
					c2 := s.Cands[w2]
					if c2.Count() != 2 || w2 == w1 {
						continue
					}
					z := wingDigit(size, pc, c1, c2)
					if z == 0 {
						continue
					}
					elim := wingEliminations(s, size, pivot, int(w1), int(w2), z)
					if len(elim) == 0 {
						continue
					}
					cells := []int{pivot, int(w1), int(w2)}
					if !emit(&Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
						Cells: cells, Digits: pc | c1 | c2,
						Detail: fmt.Sprintf("pivot %s (%s), wings %s (%s) and %s (%s), z=%d",
							sudoku.CellName(pivot), digitList(pc), sudoku.CellName(int(w1)), digitList(c1),
							sudoku.CellName(int(w2)), digitList(c2), z)}) {
						return false
					}
				}
			}
		}
		return true
	}
}

// wingDigit returns the digit z of an XY-Wing (size 2) or XYZ-Wing (size 3)
// with a pivot of candidates pc and bivalue wings c1 and c2, or 0 when they
// make none: xy (or xyz), xz and yz.
func wingDigit(size int, pc, c1, c2 sudoku.Digits) int {
	union, inter := pc|c1|c2, pc&c1&c2
	if union.Count() != 3 || (size == 2 && inter != 0) || (size == 3 && inter.Count() != 1) {
		return 0
	}
	return (c1 & c2).First()
}

// wingEliminations lists the cells other than the pivot and the wings that
// hold z and see both wings (and the pivot, for an XYZ-Wing).
func wingEliminations(s *State, size, pivot, w1, w2, z int) []Candidate {
	var elim []Candidate
	for c := 0; c < 81; c++ {
		if c == pivot || c == w1 || c == w2 || !s.Cands[c].Has(z) {
			continue
		}
		if sees(c, w1) && sees(c, w2) && (size == 2 || sees(c, pivot)) {
			elim = append(elim, Candidate{uint8(c), uint8(z)})
		}
	}
	return elim
}

// xyWingUnder is findXYWing under other rules: the wings are the pivot's
// peers under the rules (its houses and its knight's and king's moves) in
// Sukaku Explainer's order (t.visible), and z leaves the cells that see
// both wings (and the pivot) under the rules.
func xyWingUnder(t *houseTable, s *State, size int, key, name string, rating sudoku.Rating, emit Emit) bool {
	for pivot := 0; pivot < 81; pivot++ {
		pc := s.Cands[pivot]
		if pc.Count() != size {
			continue
		}
		for _, w1 := range t.visible[pivot] {
			c1 := s.Cands[w1]
			if c1.Count() != 2 || (pc&^c1).Count() != 1 {
				continue
			}
			for _, w2 := range t.visible[pivot] {
				c2 := s.Cands[w2]
				if c2.Count() != 2 || w2 == w1 {
					continue
				}
				z := wingDigit(size, pc, c1, c2)
				if z == 0 {
					continue
				}
				see := t.peers[w1].Intersect(t.peers[w2])
				if size == 3 {
					see = see.Intersect(t.peers[pivot])
				}
				var elim []Candidate
				for c := range see.All() {
					if c != pivot && s.Cands[c].Has(z) {
						elim = append(elim, Candidate{uint8(c), uint8(z)})
					}
				}
				if len(elim) == 0 {
					continue
				}
				st := &Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
					Cells: []int{pivot, int(w1), int(w2)}, Digits: pc | c1 | c2, Rules: s.Rules,
					Detail: fmt.Sprintf("pivot %s (%s), wings %s (%s) and %s (%s), z=%d",
						sudoku.CellName(pivot), digitList(pc), sudoku.CellName(int(w1)), digitList(c1),
						sudoku.CellName(int(w2)), digitList(c2), z)}
				seeReasons(st, heldBy(s, st.Cells)) // the wings, and an XYZ-wing's pivot
				if !emit(st) {
					return false
				}
			}
		}
	}
	return true
}

// findWWing finds W-wings (an extra beyond SE's rule set): two cells with
// the same two candidates x and y that do not see each other, joined by a
// unit where x has exactly two places, one seeing each cell. One of the two
// cells holds y, so y leaves every cell seeing both.
func findWWing(s *State, emit Emit) bool {
	for a := 0; a < 81; a++ {
		if s.Cands[a].Count() != 2 {
			continue
		}
		for b := a + 1; b < 81; b++ {
			if s.Cands[b] != s.Cands[a] || sees(a, b) {
				continue
			}
			ds := s.Cands[a].Slice()
			for _, link := range [2]int{0, 1} {
				x, y := ds[link], ds[1-link]
				for u := 0; u < 27; u++ {
					e1, e2, ok := conjugate(s, u, x)
					if !ok || e1 == a || e1 == b || e2 == a || e2 == b {
						continue
					}
					if !(sees(e1, a) && sees(e2, b)) && !(sees(e1, b) && sees(e2, a)) {
						continue
					}
					if sees(e2, a) && sees(e1, b) && !(sees(e1, a) && sees(e2, b)) {
						e1, e2 = e2, e1
					}
					elim := seenByBoth(s, y, a, b)
					if len(elim) == 0 {
						continue
					}
					if !emit(&Step{Technique: "w-wing", Name: "W-Wing", Rating: 6.6, Eliminations: elim,
						Cells: []int{a, e1, e2, b}, Units: []int{u}, Digits: s.Cands[a],
						Detail: fmt.Sprintf("%s and %s (%s), linked by %d in %s (%s,%s)", sudoku.CellName(a), sudoku.CellName(b),
							digitList(s.Cands[a]), x, unitName(u), sudoku.CellName(e1), sudoku.CellName(e2))}) {
						return false
					}
				}
			}
		}
	}
	return true
}
