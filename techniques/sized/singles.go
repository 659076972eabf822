package sized

import "fmt"

var (
	fullHouse    = lookup("full-house")
	hiddenSingle = lookup("hidden-single")
	nakedSingle  = lookup("naked-single")
)

// findHiddenSingles finds full houses (the last empty cell of a house)
// and hidden singles (a digit with one place left in a house: the
// registry's lowest rating in a box, its highest in a row or column). As
// SE, it scans every house for a full house first, then for hidden
// singles; houses boxes, columns, rows; digits from 1.
func findHiddenSingles(s *State, emit Emit) bool {
	t := s.t
	pos := s.positions()
	for pass := range 2 {
		for _, h := range t.bcr {
			if (s.empty(h) == 1) != (pass == 0) {
				continue
			}
			for d := 1; d <= t.n; d++ {
				p := pos[h][d]
				if count(p) != 1 {
					continue
				}
				cell := t.houses[h][low(p)]
				st := s.step(hiddenSingle, hiddenSingle.max)
				switch {
				case pass == 0:
					st = s.step(fullHouse, fullHouse.min)
				case h/t.n == kindBox:
					st.Rating = hiddenSingle.min
				}
				st.Placements = []Candidate{{cell, d}}
				st.Cells, st.Houses, st.Digits = []int{cell}, []int{h}, 1<<d
				st.Detail = fmt.Sprintf("%d in %s", d, t.houseName(h))
				if !emit(st) {
					return false
				}
			}
		}
	}
	return true
}

// findNakedSingles finds cells with one candidate left, in reading order.
func findNakedSingles(s *State, emit Emit) bool {
	for cell, x := range s.Cands {
		if x == 0 || x&(x-1) != 0 {
			continue
		}
		d := low(x)
		st := s.step(nakedSingle, nakedSingle.min)
		st.Placements = []Candidate{{cell, d}}
		st.Cells, st.Digits = []int{cell}, x
		st.Detail = fmt.Sprintf("%s can only be %d", s.Shape.CellName(cell), d)
		if !emit(st) {
			return false
		}
	}
	return true
}
