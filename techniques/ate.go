package techniques

import (
	"context"
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
	ok, _ := alignedTriplets(s, nil, emit)
	return ok
}

// tripletsFound is a state on which aligned triplet exclusion found
// nothing: its candidates and its base cells (a cell set).
type tripletsFound struct {
	cands [81]sudoku.Digits
	base  [2]uint64
}

// firstAlignedTriplet returns the first aligned triplet exclusion of s. A
// grader's session keeps the last state on which there was none; where s
// has no candidate that state lacks (it follows from it), a triple whose
// cells were base cells there and neither they nor their common excluders
// have changed since is the same triple and still rules nothing out, so
// only the others are tested. (A triple that was not tested there, or
// tested with other excluders, has a cell that changed: one that became an
// excluder or a third cell. One that lost excluders rules out less.)
func firstAlignedTriplet(_ context.Context, s *State, sess *Session) *Step {
	var since *tripletsFound
	if sess != nil {
		since = sess.tripletsSince(s)
	}
	var first *Step
	_, base := alignedTriplets(s, since, func(st *Step) bool {
		first = st
		return false
	})
	if first == nil && sess != nil {
		sess.setTriplets(&tripletsFound{cands: s.Cands, base: base})
	}
	return first
}

// alignedTriplets emits the aligned triplet exclusions of s, in SE's
// order, leaving out, when since is given, the triples that since shows
// have nothing (see firstAlignedTriplet). It returns whether it ran to the
// end, and the base cells.
func alignedTriplets(s *State, since *tripletsFound, emit Emit) (bool, [2]uint64) {
	t := rulesOf(s)
	base, excluders, exMask := alignedBases(s, t, 3)
	// Pairs with fewer than two common excluders, which no third cell can
	// complete, cost two ANDs.
	var isBase [2]uint64
	for _, c := range base {
		isBase[c>>6] |= 1 << (c & 63)
	}
	if len(base) < 3 {
		return true, isBase
	}
	// The cells that changed since, and the triples' cells that were no
	// base cells then (all of them without since).
	var changed, newBase [2]uint64
	newBase = isBase
	if since != nil {
		for c := range s.Cands {
			if s.Cands[c] != since.cands[c] {
				changed[c>>6] |= 1 << (c & 63)
			}
		}
		newBase = [2]uint64{isBase[0] &^ since.base[0], isBase[1] &^ since.base[1]}
	}
	var twin, common []int
	ok := basePairs(base, func(a, b int) bool {
		ab := [2]uint64{exMask[a][0] & exMask[b][0], exMask[a][1] & exMask[b][1]}
		if maskCount(ab) < 2 {
			return true
		}
		var pair [2]uint64
		pair[a>>6] |= 1 << (a & 63)
		pair[b>>6] |= 1 << (b & 63)
		if since != nil && (pair[0]|ab[0])&(changed[0]|newBase[0])|(pair[1]|ab[1])&(changed[1]|newBase[1]) == 0 {
			// Only a third cell that changed or is a new base cell can
			// make a triple to test.
			thirds := [2]uint64{(exMask[a][0] | exMask[b][0]) & isBase[0] & (changed[0] | newBase[0]),
				(exMask[a][1] | exMask[b][1]) & isBase[1] & (changed[1] | newBase[1])}
			if thirds == [2]uint64{} {
				return true
			}
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
			if maskCount(abc) < 2 {
				continue
			}
			if since != nil {
				cells := pair
				cells[c>>6] |= 1 << (c & 63)
				if (cells[0]|abc[0])&changed[0]|(cells[1]|abc[1])&changed[1]|cells[0]&newBase[0]|cells[1]&newBase[1] == 0 {
					continue // the same triple as then, and nothing then
				}
			}
			see := [3]bool{seeUnder(t, a, b), seeUnder(t, a, c), seeUnder(t, b, c)}
			elim := tripletEliminations(s, [3]int{a, b, c}, abc, see)
			if len(elim) == 0 {
				continue
			}
			common = commonExcluders(common[:0], excluders[a], abc)
			st := &Step{Technique: "aligned-triplet-exclusion", Name: "Aligned Triplet Exclusion", Rating: 7.5,
				Eliminations: elim, Cells: append([]int{a, b, c}, common...), Rules: s.Rules,
				Detail: fmt.Sprintf("%s, %s and %s against %s", sudoku.CellName(a), sudoku.CellName(b),
					sudoku.CellName(c), cellList(common))}
			alignedReasons(st, 3)
			if !emit(st) {
				return false
			}
		}
		return true
	})
	return ok, isBase
}

// tripletEliminations tests every combination of values of three cells
// (cells that see each other take different values) against the
// excluders (a cell set): a combination that would leave one of them without a value is
// ruled out; see says whether a and b, a and c, b and c see each other. It returns the candidates of the cells in no allowed
// combination. For two values of the first two cells, the values of the
// third left by the excluders are all allowed at once.
func tripletEliminations(s *State, cells [3]int, excluders [2]uint64, see [3]bool) []Candidate {
	a, b, c := cells[0], cells[1], cells[2]
	ca, cb, cc := s.Cands[a], s.Cands[b], s.Cands[c]
	seeAB, seeAC, seeBC := see[0], see[1], see[2]
	// An excluder with two candidates rules out the combinations holding
	// both: partner[v] holds the values paired with v. One with three
	// rules out the combination of exactly those.
	var partner [10]sudoku.Digits
	var tripleBuf [20]sudoku.Digits
	triples := tripleBuf[:0]
	for w, word := range excluders {
		for ; word != 0; word &= word - 1 {
			cands := s.Cands[w*64+bits.TrailingZeros64(word)]
			if cands.Count() == 3 {
				triples = append(triples, cands)
				continue
			}
			p, q := cands.First(), cands.Without(cands.First()).First()
			partner[p] |= 1 << q
			partner[q] |= 1 << p
		}
	}
	var okA, okB, okC sudoku.Digits
	for xs := ca; xs != 0; xs &= xs - 1 {
		x := xs & -xs
		px := partner[bits.TrailingZeros16(uint16(x))]
		ys := cb &^ px
		if seeAB {
			ys &^= x
		}
		for ; ys != 0; ys &= ys - 1 {
			if okA&x != 0 && okB == cb && okC == cc {
				break // nothing left to learn for this value of a
			}
			y := ys & -ys
			zs := cc &^ (px | partner[bits.TrailingZeros16(uint16(y))])
			if seeAC {
				zs &^= x
			}
			if seeBC {
				zs &^= y
			}
			if x != y {
				// A three-candidate excluder holding x and y rules out
				// its third value.
				for _, t := range triples {
					if t&x != 0 && t&y != 0 {
						zs &^= t &^ (x | y)
					}
				}
			}
			if zs != 0 {
				okA, okB, okC = okA|x, okB|y, okC|zs
			}
		}
	}
	var elim []Candidate
	for i, ok := range [3]sudoku.Digits{okA, okB, okC} {
		for x := uint16(s.Cands[cells[i]] &^ ok); x != 0; x &= x - 1 {
			elim = append(elim, Candidate{uint8(cells[i]), uint8(bits.TrailingZeros16(x))})
		}
	}
	return elim
}
