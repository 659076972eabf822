package sized

import (
	"fmt"
	"math/bits"
)

var wings = [4]technique{2: lookup("xy-wing"), 3: lookup("xyz-wing")}

// findXYWing returns the finder of XY-Wings (size 2) and XYZ-Wings (size
// 3): a pivot with candidates xy (or xyz) sees two bivalue wings xz and
// yz; z leaves every cell that sees both wings (and the pivot, for XYZ).
// Pivots in reading order, wings in SE's order of the pivot's peers (its
// box, row, column).
func findXYWing(size int) Finder {
	tech := wings[size]
	return func(s *State, emit Emit) bool {
		t := s.t
		for pivot, pc := range s.Cands {
			if count(pc) != size {
				continue
			}
			for _, w1 := range t.seOrder[pivot] {
				c1 := s.Cands[w1]
				if count(c1) != 2 || count(pc&^c1) != 1 {
					continue
				}
				for _, w2 := range t.seOrder[pivot] {
					c2 := s.Cands[w2]
					if count(c2) != 2 || w2 == w1 {
						continue
					}
					z := wingDigit(size, pc, c1, c2)
					if z == 0 {
						continue
					}
					see := t.peers[w1].And(t.peers[w2])
					if size == 3 {
						see = see.And(t.peers[pivot])
					}
					st := s.step(tech, tech.min)
					for w, x := range see {
						for ; x != 0; x &= x - 1 {
							c := w<<6 | bits.TrailingZeros64(x)
							if c != pivot && s.Cands[c]>>z&1 != 0 {
								st.Eliminations = append(st.Eliminations, Candidate{c, z})
							}
						}
					}
					if len(st.Eliminations) == 0 {
						continue
					}
					st.Cells, st.Digits = []int{pivot, w1, w2}, pc|c1|c2
					st.Detail = fmt.Sprintf("pivot %s (%s), wings %s (%s) and %s (%s), z=%d",
						t.shape.CellName(pivot), digitList(pc), t.shape.CellName(w1), digitList(c1),
						t.shape.CellName(w2), digitList(c2), z)
					if !emit(st) {
						return false
					}
				}
			}
		}
		return true
	}
}

// wingDigit returns the digit z of an XY-Wing (size 2) or XYZ-Wing (size
// 3) with a pivot of candidates pc and bivalue wings c1 and c2, or 0 when
// they make none: xy (or xyz), xz and yz.
func wingDigit(size int, pc, c1, c2 uint32) int {
	union, inter := pc|c1|c2, pc&c1&c2
	if count(union) != 3 || (size == 2 && inter != 0) || (size == 3 && count(inter) != 1) {
		return 0
	}
	return low(c1 & c2)
}
