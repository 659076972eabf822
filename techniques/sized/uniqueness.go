package sized

import "fmt"

var uniqueRectangle = lookup("unique-rectangle")

// findUniqueRectangles finds unique rectangles of type 1: four cells in
// two rows, two columns and two boxes, three of them holding only the
// same two digits and the fourth those two and more. Were the fourth
// either of the two, the two could swap in the four cells and the puzzle
// would have two solutions; so it is neither. Sound for a puzzle with one
// solution, which package grade checks before it grades. Rectangles in
// the order of their first cell, then their rows and columns; rated as SE
// rates a unique rectangle of type 1 (the registry's lowest rating of the
// technique).
//
// Off under x: swapping the two digits may break a diagonal, so that the
// deadly pattern is no pattern; and off under jigsaw, as SE and the 9x9
// grader keep the uniqueness techniques off for jigsaws.
func findUniqueRectangles(s *State, emit Emit) bool {
	t := s.t
	if t.x || t.regions != nil {
		return true
	}
	n := t.n
	for r1 := range n {
		for c1 := range n {
			a := r1*n + c1
			pair := s.Cands[a]
			if count(pair) != 2 {
				continue
			}
			for r2 := r1 + 1; r2 < n; r2++ {
				for c2 := range n {
					if c2 == c1 {
						continue
					}
					// In SE's order: from the first corner, to the one in
					// its box, across, and back.
					corners := [4]int{a, r1*n + c2, r2*n + c2, r2*n + c1}
					if t.of[a][kindBox] == t.of[r2*n+c1][kindBox] {
						corners = [4]int{a, r2*n + c1, r2*n + c2, r1*n + c2}
					}
					if !twoBoxes(t, corners) {
						continue
					}
					extra, ok := -1, true
					for _, c := range corners {
						switch x := s.Cands[c]; {
						case x == pair:
						case x&pair == pair && extra < 0:
							extra = c
						default:
							ok = false
						}
					}
					if !ok || extra < 0 || c2 < c1 && s.Cands[r1*n+c2] == pair {
						// Not a type 1; or a rectangle seen already from
						// its corner to the left.
						continue
					}
					st := s.step(uniqueRectangle, uniqueRectangle.min)
					st.Name += " type 1"
					for x := pair; x != 0; x &= x - 1 {
						st.Eliminations = append(st.Eliminations, Candidate{extra, low(x)})
					}
					st.Cells, st.Digits = corners[:], pair
					st.Detail = fmt.Sprintf("%s on %s", digitList(pair), t.cellList(corners[:]))
					if !emit(st) {
						return false
					}
				}
			}
		}
	}
	return true
}

// twoBoxes reports whether the four corners of a rectangle lie in exactly
// two boxes (in four, the digits could not swap by boxes).
func twoBoxes(t *tables, corners [4]int) bool {
	b := [4]int{t.of[corners[0]][kindBox], t.of[corners[1]][kindBox], t.of[corners[2]][kindBox], t.of[corners[3]][kindBox]}
	distinct := 1
	for i := 1; i < 4; i++ {
		seen := false
		for j := range i {
			if b[j] == b[i] {
				seen = true
			}
		}
		if !seen {
			distinct++
		}
	}
	return distinct == 2
}
