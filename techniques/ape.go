package techniques

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// findAlignedPairExclusion finds aligned pair exclusions (6.2): for two
// cells, every pair of values they could take is tested against the
// bivalue cells both see (a cell holding exactly those two values would be
// left empty) and against each other when they see each other; a candidate
// that appears in no allowed pair is eliminated. The base cells, their
// "excluders" and the pair order follow Sudoku Explainer.
func findAlignedPairExclusion(s *State, emit Emit) bool {
	t := rulesOf(s)
	base, excluders, exMask := alignedBases(s, t, 2)
	if len(base) < 2 {
		return true
	}
	var common []int
	return basePairs(base, func(a, b int) bool {
		ab := [2]uint64{exMask[a][0] & exMask[b][0], exMask[a][1] & exMask[b][1]}
		if maskCount(ab) < 2 {
			return true
		}
		common = commonExcluders(common[:0], excluders[a], ab)
		// Each excluder (two candidates) rules out the pair of its values:
		// partner[v] holds the values paired with v.
		var partner [10]sudoku.Digits
		for _, e := range common {
			p := s.Cands[e].First()
			q := s.Cands[e].Without(p).First()
			partner[p] |= 1 << q
			partner[q] |= 1 << p
		}
		ca, cb := s.Cands[a], s.Cands[b]
		see := seeUnder(t, a, b)
		var okA, okB sudoku.Digits
		for xs := ca; xs != 0; xs &= xs - 1 {
			x := xs & -xs
			ys := cb &^ partner[bits.TrailingZeros16(uint16(x))]
			if see {
				ys &^= x
			}
			if ys != 0 {
				okA, okB = okA|x, okB|ys
			}
		}
		if okA == ca && okB == cb {
			return true
		}
		var elim []Candidate
		for i, cell := range [2]int{a, b} {
			for x := uint16(s.Cands[cell] &^ [2]sudoku.Digits{okA, okB}[i]); x != 0; x &= x - 1 {
				elim = append(elim, Candidate{uint8(cell), uint8(bits.TrailingZeros16(x))})
			}
		}
		st := &Step{Technique: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Rating: 6.2,
			Eliminations: elim, Rules: s.Rules, Cells: append([]int{a, b}, common...),
			Detail: fmt.Sprintf("%s and %s against %s", sudoku.CellName(a), sudoku.CellName(b), cellList(common))}
		alignedReasons(st, 2)
		return emit(st)
	})
}
