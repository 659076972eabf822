package techniques

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// The states the chain tests run on.

// moreGiven returns g with more cells of its solution given, one grid per
// count in more (the cells drawn from rng).
func moreGiven(t *testing.T, g sudoku.Grid, rng *rand.Rand, more ...int) []sudoku.Grid {
	t.Helper()
	sol, ok := solve.Solve(g)
	if !ok {
		t.Fatalf("%v: no solution", g)
	}
	out := make([]sudoku.Grid, len(more))
	for i, n := range more {
		out[i] = g
		for _, cell := range rng.Perm(81)[:n] {
			out[i][cell] = sol[cell]
		}
	}
	return out
}

// filledGrid is a valid filled grid.
func filledGrid() sudoku.Grid {
	var g sudoku.Grid
	for i := range g {
		r, c := i/9, i%9
		g[i] = uint8((r*3+r/3+c)%9 + 1)
	}
	return g
}

// denseStates returns n candidate states around filledGrid: each cell holds
// its digit and up to maxPer-1 others (drawn from rng), so that some cells
// hold one candidate.
func denseStates(rng *rand.Rand, n, maxPer int) []*State {
	var out []*State
	for range n {
		s := &State{}
		for i, v := range filledGrid() {
			d := sudoku.DigitSet(int(v))
			for want := rng.IntN(maxPer) + 1; d.Count() < want; {
				d |= sudoku.DigitSet(1 + rng.IntN(9))
			}
			s.Cands[i] = d
		}
		out = append(out, s)
	}
	return out
}

// unnestedPath returns the states along SE's path from s, as far as it
// goes without nested chains, s first.
func unnestedPath(s *State) []*State {
	s = s.Clone()
	var out []*State
	for !s.Solved() {
		out = append(out, s.Clone())
		next := seStepUpTo(s, maxUnnested)
		if next == nil {
			break
		}
		next.ApplyTo(s)
	}
	return out
}
