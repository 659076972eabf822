package techniques

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// TestAlignedExclusionsMatchReference checks the bit-mask aligned pair and
// triplet exclusions against plain ones (every value combination tested
// against every excluder) at every state of SE's path through puzzles of
// two sets: the same steps, in the same order; and the first triplet
// exclusion a grader's session finds, testing only the triples that changed
// since the last state without one, against the plain first.
func TestAlignedExclusionsMatchReference(t *testing.T) {
	finders := []struct {
		name      string
		fast, ref func(*State, Emit) bool
	}{
		{"pair", findAlignedPairExclusion, referenceAlignedPairs},
		{"triplet", findAlignedTripletExclusion, referenceAlignedTriplets},
	}
	found := map[string]int{}
	states := 0
	// The reference triplets take about a millisecond a state: 40 puzzles
	// of each set (some 4,000 states) keep the test to seconds.
	for _, set := range []string{"norvig-top95.txt", "qqwing-sample220.se121.txt"} {
		limit := 40
		if testing.Short() {
			limit = 10
		}
		for _, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", set), limit) {
			s := NewState(p.Grid)
			// A grader's session, which keeps the last state without a
			// triplet exclusion from one state to the next.
			sess := NewSession(1)
			for !s.Solved() && !t.Failed() {
				states++
				for _, f := range finders {
					got, want := allSteps(s, f.fast), allSteps(s, f.ref)
					if !slices.Equal(got, want) {
						t.Fatalf("%s line %d, %s exclusion:\n got %q\nwant %q", set, p.Line, f.name, got, want)
					}
					found[f.name] += len(got)
					if f.name == "triplet" {
						var first []string
						if st := firstAlignedTriplet(context.Background(), s, sess); st != nil {
							first = append(first, fmt.Sprint(st.Eliminations, st.Cells, st.Detail))
						}
						if len(want) > 1 {
							want = want[:1]
						}
						if !slices.Equal(first, want) {
							t.Fatalf("%s line %d, first triplet exclusion with a session:\n got %q\nwant %q", set, p.Line, first, want)
						}
					}
				}
				next := seStepUpTo(s, maxUnnested)
				if next == nil {
					break
				}
				next.ApplyTo(s)
			}
		}
	}
	t.Logf("%d states; steps found: %v", states, found)
	// The comparison means something only where the finders find steps.
	if !testing.Short() && (found["pair"] < 100 || found["triplet"] < 100) {
		t.Errorf("too few steps to compare: %v", found)
	}
}

// allSteps lists what a finder emits on s: eliminations, cells and detail.
func allSteps(s *State, find func(*State, Emit) bool) []string {
	var out []string
	find(s, func(st *Step) bool {
		out = append(out, fmt.Sprint(st.Eliminations, st.Cells, st.Detail))
		return true
	})
	return out
}

// seStepUpTo returns SE's step from s among the producers rated up to
// maxMin, or nil.
func seStepUpTo(s *State, maxMin sudoku.Rating) *Step {
	for _, p := range seProducers {
		if p.Min() > maxMin {
			break
		}
		if st := p.First(context.Background(), s, nil); st != nil {
			return st
		}
	}
	return nil
}

// referenceAlignedPairs is aligned pair exclusion done plainly.
func referenceAlignedPairs(s *State, emit Emit) bool {
	base, excluders, _ := alignedBases(s, nil, 2)
	return basePairs(base, func(a, b int) bool {
		var common []int
		for _, e := range excluders[a] {
			if slices.Contains(excluders[b], e) {
				common = append(common, e)
			}
		}
		if len(common) < 2 {
			return true
		}
		var ok [2]sudoku.Digits
		for _, x := range s.Cands[a].Slice() {
			for _, y := range s.Cands[b].Slice() {
				if x == y && sees(a, b) {
					continue
				}
				if allowedValues(s, common, sudoku.DigitSet(x, y)) {
					ok[0], ok[1] = ok[0].With(x), ok[1].With(y)
				}
			}
		}
		return emitReference(s, emit, []int{a, b}, ok[:], common, "aligned-pair-exclusion", "Aligned Pair Exclusion", 6.2,
			fmt.Sprintf("%s and %s against %s", sudoku.CellName(a), sudoku.CellName(b), cellList(common)))
	})
}

// referenceAlignedTriplets is aligned triplet exclusion done plainly.
func referenceAlignedTriplets(s *State, emit Emit) bool {
	base, excluders, _ := alignedBases(s, nil, 3)
	return basePairs(base, func(a, b int) bool {
		var third []int
		for _, list := range [][]int{excluders[a], excluders[b]} {
			for _, c := range list {
				if c != a && c != b && slices.Contains(base, c) && !slices.Contains(third, c) {
					third = append(third, c)
				}
			}
		}
		for _, c := range third {
			var common []int
			for _, e := range excluders[a] {
				if slices.Contains(excluders[b], e) && slices.Contains(excluders[c], e) {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				continue
			}
			var ok [3]sudoku.Digits
			for _, x := range s.Cands[a].Slice() {
				for _, y := range s.Cands[b].Slice() {
					for _, z := range s.Cands[c].Slice() {
						if (x == y && sees(a, b)) || (x == z && sees(a, c)) || (y == z && sees(b, c)) {
							continue
						}
						if allowedValues(s, common, sudoku.DigitSet(x, y, z)) {
							ok[0], ok[1], ok[2] = ok[0].With(x), ok[1].With(y), ok[2].With(z)
						}
					}
				}
			}
			if !emitReference(s, emit, []int{a, b, c}, ok[:], common, "aligned-triplet-exclusion", "Aligned Triplet Exclusion", 7.5,
				fmt.Sprintf("%s, %s and %s against %s", sudoku.CellName(a), sudoku.CellName(b), sudoku.CellName(c), cellList(common))) {
				return false
			}
		}
		return true
	})
}

// allowedValues reports whether cells taking the values would leave every
// excluder a candidate.
func allowedValues(s *State, excluders []int, values sudoku.Digits) bool {
	for _, e := range excluders {
		if s.Cands[e]&^values == 0 {
			return false
		}
	}
	return true
}

// emitReference emits the step that removes the candidates of cells outside
// their allowed values, if any.
func emitReference(s *State, emit Emit, cells []int, ok []sudoku.Digits, common []int, key, name string, rating sudoku.Rating, detail string) bool {
	var elim []Candidate
	for i, cell := range cells {
		for _, d := range (s.Cands[cell] &^ ok[i]).Slice() {
			elim = append(elim, Candidate{uint8(cell), uint8(d)})
		}
	}
	if len(elim) == 0 {
		return true
	}
	return emit(&Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
		Cells: append(cells, common...), Detail: detail})
}
