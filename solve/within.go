package solve

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/sudoku"
)

// RandomSolutionWithin is RandomSolution bounded by a number of guesses:
// the searches, restarted with a doubling budget as RandomSolution's are,
// stop once they have made about maxGuesses guesses in all. It returns the
// solution found and true, or false with settled true when g has no
// solution, or false with settled false when the bound came first (the
// generator then draws another jigsaw layout instead of proving that one
// has no solution, which can take minutes). Like RandomSolution it is
// reproducible: the same rng state gives the same outcome.
func (s Solver) RandomSolutionWithin(g sudoku.Grid, rng *rand.Rand, maxGuesses int) (sol sudoku.Grid, found, settled bool) {
	if s.t == nil {
		sol, found = s.RandomSolution(g, rng)
		return sol, found, true
	}
	spent := 0
	for budget := 64; spent < maxGuesses; budget *= 2 {
		budget = min(budget, maxGuesses-spent)
		sr := general{t: s.t, limit: 1, rng: rng, budget: budget}
		r := sr.run(&g)
		if !sr.overBudget {
			return r.Solution, r.Count > 0, true
		}
		spent += budget
	}
	return sudoku.Grid{}, false, false
}
