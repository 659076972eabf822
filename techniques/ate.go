package techniques

import (
	"fmt"
	"math/bits"

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
	// The same sets as bit masks (cell c is bit c%64 of word c/64), so that
	// pairs with fewer than two common excluders, which no third cell can
	// complete, cost two ANDs.
	var isBase [2]uint64
	for _, c := range base {
		isBase[c>>6] |= 1 << (c & 63)
	}
	var exMask [81][2]uint64
	for c, ex := range excluders {
		for _, e := range ex {
			exMask[c][e>>6] |= 1 << (e & 63)
		}
	}
	var twin, common []int
	return basePairs(base, func(a, b int) bool {
		ab := [2]uint64{exMask[a][0] & exMask[b][0], exMask[a][1] & exMask[b][1]}
		if bits.OnesCount64(ab[0])+bits.OnesCount64(ab[1]) < 2 {
			return true
		}
		// The third cells: base cells among a's excluders, then b's, in
		// that order, each once.
		twin = twin[:0]
		var seen [2]uint64
		for _, list := range [2][]int{excluders[a], excluders[b]} {
			for _, e := range list {
				if e != a && e != b && isBase[e>>6]&(1<<(e&63)) != 0 && seen[e>>6]&(1<<(e&63)) == 0 {
					seen[e>>6] |= 1 << (e & 63)
					twin = append(twin, e)
				}
			}
		}
		for _, c := range twin {
			abc := [2]uint64{ab[0] & exMask[c][0], ab[1] & exMask[c][1]}
			if bits.OnesCount64(abc[0])+bits.OnesCount64(abc[1]) < 2 {
				continue
			}
			common = common[:0]
			for _, e := range excluders[a] {
				if abc[e>>6]&(1<<(e&63)) != 0 {
					common = append(common, e)
				}
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
