package sized

import "fmt"

var (
	directPointing = lookup("direct-pointing")
	directClaiming = lookup("direct-claiming")
	pointing       = lookup("pointing")
	claiming       = lookup("claiming")
)

// lockPasses are the (first, second) house kinds of the locked-candidates
// scan, in SE's order: a digit confined, within the first house, to the
// cells it shares with the second. Box to line (pointing) comes first.
var lockPasses = [4][2]int{
	{kindBox, kindColumn},
	{kindBox, kindRow},
	{kindColumn, kindBox},
	{kindRow, kindBox},
}

// lockedCandidates runs the pointing/claiming scan and calls found for
// each digit d confined within house h1 to its intersection with house
// h2; it returns false when found does. Houses of a kind in order, the
// crossing houses in increasing order, digits inner.
func lockedCandidates(t *tables, pos [][26]uint32, found func(h1, h2, d int) bool) bool {
	n := t.n
	for _, pass := range lockPasses {
		for i := range n {
			h1 := pass[0]*n + i
			var few uint32 // digits with two places or more
			for d := 1; d <= n; d++ {
				if count(pos[h1][d]) >= 2 {
					few |= 1 << d
				}
			}
			if few == 0 {
				continue
			}
			for j := range n {
				h2 := pass[1]*n + j
				m := t.shared[h1][h2]
				if m == 0 {
					continue
				}
				for x := few; x != 0; x &= x - 1 {
					d := low(x)
					if pos[h1][d]&^m == 0 && !found(h1, h2, d) {
						return false
					}
				}
			}
		}
	}
	return true
}

// findLocked finds pointing (a digit of a box confined to one line) and
// claiming (a digit of a line confined to one box), which remove the
// digit from the rest of the other house.
func findLocked(s *State, emit Emit) bool {
	t := s.t
	pos := s.positions()
	return lockedCandidates(t, pos, func(h1, h2, d int) bool {
		out := pos[h2][d] &^ t.shared[h2][h1]
		if out == 0 {
			return true
		}
		tech := claiming
		if h1/t.n == kindBox {
			tech = pointing
		}
		st := s.step(tech, tech.min)
		for _, c := range t.cellsOf(h2, out) {
			st.Eliminations = append(st.Eliminations, Candidate{c, d})
		}
		st.Cells, st.Houses, st.Digits = t.cellsOf(h1, pos[h1][d]), []int{h1, h2}, 1<<d
		st.Detail = fmt.Sprintf("%d of %s only in %s", d, t.houseName(h1), t.houseName(h2))
		return emit(st)
	})
}

// findDirectLocked finds direct pointing and direct claiming: a locked
// candidate whose eliminations would leave a hidden single in a parallel
// house. As SE, it places that single; the locked eliminations themselves
// are not applied.
func findDirectLocked(s *State, emit Emit) bool {
	t := s.t
	pos := s.positions()
	return lockedCandidates(t, pos, func(h1, h2, d int) bool {
		kind := h1 / t.n
		for i := range t.n {
			h3 := kind*t.n + i
			if h3 == h1 || t.shared[h3][h2] == 0 {
				continue
			}
			p := pos[h3][d]
			out := p &^ t.shared[h3][h2]
			if count(p) < 2 || count(out) != 1 {
				continue
			}
			outside := t.houses[h3][low(out)]
			tech := directClaiming
			if kind == kindBox {
				tech = directPointing
			}
			st := s.step(tech, tech.min)
			st.Placements = []Candidate{{outside, d}}
			st.Cells, st.Houses, st.Digits = t.cellsOf(h1, pos[h1][d]), []int{h1, h2, h3}, 1<<d
			st.Detail = fmt.Sprintf("%d of %s only in %s, so %s has %d only at %s", d,
				t.houseName(h1), t.houseName(h2), t.houseName(h3), d, t.shape.CellName(outside))
			return emit(st)
		}
		return true
	})
}
