package techniques

import (
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// findAlignedTripletExclusion finds aligned triplet exclusions (7.5): the
// value combinations of three cells are tested against the cells with two or
// three candidates that see all three (a cell holding only values of the
// combination would be left empty) and against each other where they see
// each other; a candidate in no allowed combination is eliminated. Base
// cells, excluders and the order of the triples follow Sudoku Explainer.
func findAlignedTripletExclusion(s *State, emit Emit) bool {
	base, excluders := alignedBases(s, 3)
	if len(base) < 3 {
		return true
	}
	isBase := [81]bool{}
	for _, c := range base {
		isBase[c] = true
	}
	return basePairs(base, func(a, b int) bool {
		var twin []int
		for _, e := range append(slices.Clone(excluders[a]), excluders[b]...) {
			if e != a && e != b && isBase[e] && !slices.Contains(twin, e) {
				twin = append(twin, e)
			}
		}
		for _, c := range twin {
			var common []int
			for _, e := range excluders[a] {
				if slices.Contains(excluders[b], e) && slices.Contains(excluders[c], e) {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				continue
			}
			cells := [3]int{a, b, c}
			elim := tripletEliminations(s, cells, common)
			if len(elim) == 0 {
				continue
			}
			if !emit(&Step{Technique: "aligned-triplet-exclusion", Name: "Aligned Triplet Exclusion", Rating: 7.5,
				Eliminations: elim, Cells: append(cells[:], common...),
				Detail: fmt.Sprintf("%s, %s and %s against %s", sudoku.CellName(a), sudoku.CellName(b),
					sudoku.CellName(c), cellList(common))}) {
				return false
			}
		}
		return true
	})
}

// tripletEliminations tests every combination of values of three cells
// (cells that see each other take different values) against the
// excluders: a combination that would leave one of them without a value is
// ruled out. It returns the candidates of the cells in no allowed
// combination.
func tripletEliminations(s *State, cells [3]int, excluders []int) []Candidate {
	a, b, c := cells[0], cells[1], cells[2]
	var ok [3]sudoku.Digits
	seeAB, seeAC, seeBC := sees(a, b), sees(a, c), sees(b, c)
	for _, x := range s.Cands[a].Slice() {
		for _, y := range s.Cands[b].Slice() {
			if seeAB && x == y {
				continue
			}
			for _, z := range s.Cands[c].Slice() {
				if (seeAC && x == z) || (seeBC && y == z) {
					continue
				}
				combo := sudoku.DigitSet(x, y, z)
				allowed := true
				for _, e := range excluders {
					if s.Cands[e]&^combo == 0 {
						allowed = false
						break
					}
				}
				if allowed {
					ok[0], ok[1], ok[2] = ok[0].With(x), ok[1].With(y), ok[2].With(z)
				}
			}
		}
	}
	var elim []Candidate
	for i, cell := range cells {
		for _, d := range (s.Cands[cell] &^ ok[i]).Slice() {
			elim = append(elim, Candidate{uint8(cell), uint8(d)})
		}
	}
	return elim
}
