package solve

import (
	"math/rand/v2"
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// A jigsaw's tables are the shape's with its regions as houses 2N..3N-1
// (each cell's third peer its region): the search is the same. A region
// may lie in a line for up to N cells, so the eliminations look at up to
// N places of a digit in a house. Layouts are many (a generator makes
// one per puzzle), so their tables are kept in a small cache that is
// emptied when full, where the shapes' are kept for good.

// maxJigsawTables is the most layouts whose tables are kept.
const maxJigsawTables = 64

// jigsawKey is what a jigsaw's tables depend on.
type jigsawKey struct {
	shape   sudoku.Shape
	x       bool
	regions string
}

// jigsawTables caches the tables of recent layouts.
var jigsawTables struct {
	sync.Mutex
	m map[jigsawKey]*boardTables
}

// boardTablesFor returns the tables of b's rules: its shape's (with the
// diagonals for X), or a jigsaw's; nil for a board without a known shape
// or with regions that are not a layout of it.
func boardTablesFor(b sudoku.Board) *boardTables {
	if b.Regions == nil {
		return tablesOf(b.Shape, b.X)
	}
	if sudoku.ShapeOf(b.Shape.N()).N() == 0 || len(b.Regions) != b.Shape.Cells() {
		return nil
	}
	counts := make([]int, b.Shape.N())
	for _, r := range b.Regions {
		if int(r) >= len(counts) {
			return nil
		}
		counts[r]++
	}
	for _, c := range counts {
		if c != b.Shape.N() {
			return nil
		}
	}
	key := jigsawKey{b.Shape, b.X, string(b.Regions)}
	jigsawTables.Lock()
	t := jigsawTables.m[key]
	jigsawTables.Unlock()
	if t != nil {
		return t
	}
	t = buildTables(b, b.Shape.N())
	jigsawTables.Lock()
	if len(jigsawTables.m) >= maxJigsawTables || jigsawTables.m == nil {
		jigsawTables.m = map[jigsawKey]*boardTables{}
	}
	jigsawTables.m[key] = t
	jigsawTables.Unlock()
	return t
}

// RandomBoardSolutionWithin is RandomBoardSolution with a budget: it
// gives up, reporting false, when it has made more than maxGuesses
// guesses in all, as for a jigsaw's layout that has no grid, which
// can take long to prove.
func RandomBoardSolutionWithin(b sudoku.Board, rng *rand.Rand, maxGuesses int) (sudoku.Board, bool) {
	spent := 0
	for budget := 64; spent < maxGuesses; budget *= 2 {
		sr := boardSearch{limit: 1, rng: rng, budget: min(budget, maxGuesses-spent)}
		r := sr.run(b)
		if !sr.overBudget {
			return r.Solution, r.Count > 0
		}
		spent += sr.budget
	}
	return sudoku.Board{}, false
}
