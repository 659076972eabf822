package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// TestRandomSolutionWithin checks the bounded random search: it finds a
// solution that keeps the rules, the same from the same rng state; it
// settles a grid without solutions as such; it gives up, unsettled, when
// the bound comes first.
func TestRandomSolutionWithin(t *testing.T) {
	rules, err := sudoku.ParseRules("x,anti-knight", "")
	if err != nil {
		t.Fatal(err)
	}
	s := For(rules)
	sol, found, settled := s.RandomSolutionWithin(sudoku.Grid{}, rand.New(rand.NewPCG(1, 2)), 1<<20)
	if !found || !settled {
		t.Fatalf("found %v, settled %v: want a solution", found, settled)
	}
	if err := rules.CheckSolution(sudoku.Grid{}, sol); err != nil {
		t.Fatal(err)
	}
	if again, _, _ := s.RandomSolutionWithin(sudoku.Grid{}, rand.New(rand.NewPCG(1, 2)), 1<<20); again != sol {
		t.Fatal("the same rng state gave another solution")
	}
	var bad sudoku.Grid
	bad[0], bad[10] = 1, 1 // the same digit twice on diagonal 1
	if _, found, settled := s.RandomSolutionWithin(bad, rand.New(rand.NewPCG(1, 2)), 1<<20); found || !settled {
		t.Fatalf("contradictory givens: found %v, settled %v; want none, settled", found, settled)
	}
	if _, found, settled := s.RandomSolutionWithin(sudoku.Grid{}, rand.New(rand.NewPCG(1, 2)), 1); found || settled {
		t.Fatalf("a bound of one guess: found %v, settled %v; want neither", found, settled)
	}
	if _, found, settled := (Solver{}).RandomSolutionWithin(sudoku.Grid{}, rand.New(rand.NewPCG(1, 2)), 1); !found || !settled {
		t.Fatalf("classic rules: found %v, settled %v; want a solution (no bound)", found, settled)
	}
}
