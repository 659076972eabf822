package sized

import (
	"fmt"
	"math/bits"
)

var (
	naked        = [5]technique{2: lookup("naked-pair"), 3: lookup("naked-triple"), 4: lookup("naked-quad")}
	hidden       = [5]technique{2: lookup("hidden-pair"), 3: lookup("hidden-triple"), 4: lookup("hidden-quad")}
	directHidden = [4]technique{2: lookup("direct-hidden-pair"), 3: lookup("direct-hidden-triple")}
)

// smallUnions calls found for every choice of k of the masks whose union
// has exactly k bits, in SE's order (the choices ordered by the mask of
// their members, the largest member outermost); sub is the choice as a
// mask of indexes. It returns false when found does.
func smallUnions(masks []uint32, k int, found func(sub, union uint32) bool) bool {
	var rec func(left, below int, sub, union uint32) bool
	rec = func(left, below int, sub, union uint32) bool {
		if left == 0 {
			return count(union) != k || found(sub, union)
		}
		for m := left - 1; m < below; m++ {
			u := union | masks[m]
			if count(u) > k {
				continue
			}
			if !rec(left-1, m, sub|1<<m, u) {
				return false
			}
		}
		return true
	}
	if k <= 0 || k > len(masks) {
		return true
	}
	return rec(k, len(masks), 0, 0)
}

// findNaked returns the finder of naked subsets of size k: k cells of a
// house whose candidates are k digits, which leave the house's other
// cells. Houses boxes, columns, rows. As SE, a house needs at least 2k
// empty cells (in a smaller one the complementary hidden subset does the
// same work).
func findNaked(k int) Finder {
	tech := naked[k]
	return func(s *State, emit Emit) bool {
		t := s.t
		var idx [32]int
		var masks [32]uint32
		for _, h := range t.bcr {
			if s.empty(h) < 2*k {
				continue
			}
			cells := t.houses[h]
			n := 0
			for i, c := range cells {
				if count(s.Cands[c]) >= 2 {
					idx[n], masks[n] = i, s.Cands[c]
					n++
				}
			}
			ok := smallUnions(masks[:n], k, func(sub, union uint32) bool {
				var m uint32
				for x := sub; x != 0; x &= x - 1 {
					m |= 1 << idx[low(x)]
				}
				st := s.step(tech, tech.min)
				for i, c := range cells {
					if m>>i&1 != 0 {
						st.Cells = append(st.Cells, c)
						continue
					}
					for x := s.Cands[c] & union; x != 0; x &= x - 1 {
						st.Eliminations = append(st.Eliminations, Candidate{c, low(x)})
					}
				}
				if len(st.Eliminations) == 0 {
					return true
				}
				st.Houses, st.Digits = []int{h}, union
				st.Detail = fmt.Sprintf("%s hold only %s in %s", t.cellList(st.Cells), digitList(union), t.houseName(h))
				return emit(st)
			})
			if !ok {
				return false
			}
		}
		return true
	}
}

// hiddenSet calls found for each hidden subset of size k in a house with
// positions pos: k digits (each with two places or more) whose places are
// exactly k cells.
func hiddenSet(pos *[26]uint32, n, k int, found func(digits, cells uint32) bool) bool {
	var idx [32]int
	var masks [32]uint32
	m := 0
	for d := 1; d <= n; d++ {
		if count(pos[d]) >= 2 {
			idx[m], masks[m] = d, pos[d]
			m++
		}
	}
	return smallUnions(masks[:m], k, func(sub, union uint32) bool {
		var digits uint32
		for x := sub; x != 0; x &= x - 1 {
			digits |= 1 << idx[bits.TrailingZeros32(x)]
		}
		return found(digits, union)
	})
}

// findHidden returns the finder of hidden subsets of size k: k digits
// confined to k cells of a house, which lose their other candidates. As
// SE, a house needs more than 2k empty cells.
func findHidden(k int) Finder {
	tech := hidden[k]
	return func(s *State, emit Emit) bool {
		t := s.t
		pos := s.positions()
		for _, h := range t.bcr {
			if s.empty(h) <= 2*k {
				continue
			}
			ok := hiddenSet(&pos[h], t.n, k, func(digits, cells uint32) bool {
				st := s.step(tech, tech.min)
				st.Cells = t.cellsOf(h, cells)
				for _, c := range st.Cells {
					for x := s.Cands[c] &^ digits; x != 0; x &= x - 1 {
						st.Eliminations = append(st.Eliminations, Candidate{c, low(x)})
					}
				}
				if len(st.Eliminations) == 0 {
					return true
				}
				st.Houses, st.Digits = []int{h}, digits
				st.Detail = fmt.Sprintf("%s only in %s of %s", digitList(digits), t.cellList(st.Cells), t.houseName(h))
				return emit(st)
			})
			if !ok {
				return false
			}
		}
		return true
	}
}

// findDirectHidden returns the finder of direct hidden pairs and triplets:
// a hidden subset whose cells, taken out of the house, leave another digit
// one place. As SE, only that placement is applied.
func findDirectHidden(k int) Finder {
	tech := directHidden[k]
	return func(s *State, emit Emit) bool {
		t := s.t
		pos := s.positions()
		for _, h := range t.bcr {
			if s.empty(h) <= k {
				continue
			}
			ok := hiddenSet(&pos[h], t.n, k, func(digits, cells uint32) bool {
				for d := 1; d <= t.n; d++ {
					p := pos[h][d]
					if digits>>d&1 != 0 || count(p) < 2 || count(p&^cells) != 1 {
						continue
					}
					cell := t.houses[h][low(p&^cells)]
					st := s.step(tech, tech.min)
					st.Placements = []Candidate{{cell, d}}
					st.Cells, st.Houses, st.Digits = t.cellsOf(h, cells), []int{h}, digits
					st.Detail = fmt.Sprintf("%s only in %s of %s, so %d goes to %s", digitList(digits),
						t.cellList(st.Cells), t.houseName(h), d, t.shape.CellName(cell))
					return emit(st)
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
