package techniques

import (
	"fmt"

	"github.com/sudokit/sudokit/sudoku"
)

// findAlignedPairExclusion finds aligned pair exclusions (6.2): for two
// cells, every pair of values they could take is tested against the
// bivalue cells both see (a cell holding exactly those two values would be
// left empty) and against each other when they see each other; a candidate
// that appears in no allowed pair is eliminated. The base cells, their
// "excluders" and the pair order follow Sudoku Explainer.
func findAlignedPairExclusion(s *State, emit Emit) bool {
	base, excluders := alignedBases(s, 2)
	if len(base) < 2 {
		return true
	}
	return basePairs(base, func(a, b int) bool {
		var common []int
		for _, e := range excluders[a] {
			for _, f := range excluders[b] {
				if e == f {
					common = append(common, e)
					break
				}
			}
		}
		if len(common) < 2 {
			return true
		}
		see := sees(a, b)
		var okA, okB sudoku.Digits
		for _, x := range s.Cands[a].Slice() {
			for _, y := range s.Cands[b].Slice() {
				if x == y && see {
					continue
				}
				pair := sudoku.DigitSet(x, y)
				allowed := true
				for _, e := range common {
					if s.Cands[e]&^pair == 0 {
						allowed = false
						break
					}
				}
				if allowed {
					okA, okB = okA.With(x), okB.With(y)
				}
			}
		}
		var elim []Candidate
		for _, d := range (s.Cands[a] &^ okA).Slice() {
			elim = append(elim, Candidate{uint8(a), uint8(d)})
		}
		for _, d := range (s.Cands[b] &^ okB).Slice() {
			elim = append(elim, Candidate{uint8(b), uint8(d)})
		}
		if len(elim) == 0 {
			return true
		}
		return emit(&Step{Technique: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Rating: 6.2,
			Eliminations: elim, Cells: append([]int{a, b}, common...),
			Detail: fmt.Sprintf("%s and %s against %s", sudoku.CellName(a), sudoku.CellName(b), cellList(common))})
	})
}
