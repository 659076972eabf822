package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// BoardOptions configures a BoardGenerator: puzzles of any shape (4x4 to
// 25x25), unique, symmetric, by level, minimal on request, rated by a
// function of the caller's choice.
type BoardOptions struct {
	Shape sudoku.Shape
	// X makes the puzzles of the variant x: the two main diagonals hold
	// each digit once too (every size).
	X bool
	// Jigsaw makes jigsaws: N regions of N cells replace the boxes, the
	// layout of Regions when given (each cell's region from 0, as
	// sudoku.Board.Regions holds it), else a random one per puzzle
	// (RandomRegions; none of its regions a plain box unless BoxRegions).
	Jigsaw     bool
	Regions    []uint8
	BoxRegions bool
	// Seed makes the run reproducible: puzzle i is drawn from (Seed, i).
	Seed uint64
	// Symmetry is the givens' symmetry, as for Options: the zero value is
	// Rot180, None asks for none, Random draws one per puzzle.
	Symmetry Symmetry
	// Minimal requires that no single given can be removed while keeping
	// one solution (with a symmetry, candidates that are not are
	// rejected).
	Minimal bool
	// Level is one of BoardLevels, or "" for any: see BoardLevels.
	Level string
	// MinGivens and MaxGivens bound the givens (0: no bound): digging
	// stops at MinGivens, and puzzles above MaxGivens are rejected.
	MinGivens, MaxGivens int
	// Rate, when not nil, rates each candidate (on Sudoku Explainer's
	// scale: the grader at sizes plugs in here), and only candidates
	// rated within Rating are kept. An error of Rate stops the run.
	Rate   func(sudoku.Board) (sudoku.Rating, error)
	Rating sudoku.RatingRange
	// MaxTries bounds the candidates tried for one puzzle (0: 10,000).
	MaxTries int
}

// boardLevels are the levels of sized generation, with the logic the
// puzzle is dug by and the logic that must not solve it.
var boardLevels = []struct {
	name      string
	dig, fail logic
}{
	{"easy", hiddenSingles, 0},
	{"medium", allSingles, hiddenSingles},
	{"hard", intersections, directs},
}

// BoardLevels names the levels of sized generation, easiest first. They
// are the bands of config.yaml's classic levels, reached by technique
// rather than measured: an easy puzzle is solved by full houses and
// hidden singles (ER 1.5 at most), a medium one needs naked singles (ER
// 1.6 to 2.5), a hard one needs pointing or claiming and nothing beyond
// (ER 2.6 to 2.8, in the band 2.6-4.0 of hard). Givens are removed while
// the puzzle stays solved by its level's techniques, so that the solution
// stays unique without a search. Without a level, givens are removed
// while the solution stays unique, down to a puzzle from which no
// symmetric group of givens can be removed (any rating: with Rate, the
// grader says which).
func BoardLevels() []string {
	names := make([]string, len(boardLevels))
	for i, l := range boardLevels {
		names[i] = l.name
	}
	return names
}

// BoardPuzzle is a puzzle made by a BoardGenerator.
type BoardPuzzle struct {
	Index    int
	Seed     uint64
	Board    sudoku.Board
	Solution sudoku.Board
	Symmetry Symmetry
	Level    string        // the level asked for ("" for any)
	Rating   sudoku.Rating // what Rate said (0 without Rate)
	Tries    int           // candidates tried for this puzzle
}

// BoardGenerator makes puzzles of one shape. It is safe for concurrent
// use: each puzzle has its own random source.
type BoardGenerator struct {
	opt       BoardOptions
	layout    *boardLayout
	dig, fail logic
	tries     atomic.Int64
}

// NewBoards returns a generator of puzzles of opt.Shape.
func NewBoards(opt BoardOptions) (*BoardGenerator, error) {
	if sudoku.ShapeOf(opt.Shape.N()).N() == 0 {
		return nil, sudoku.Invalidf("sized generation needs a shape (such as sudoku.ShapeOf(16))")
	}
	g := &BoardGenerator{opt: opt, layout: newBoardLayout(opt.Shape, opt.X)}
	if opt.Regions != nil {
		if !opt.Jigsaw {
			return nil, sudoku.Invalidf("a regions layout goes with Jigsaw only")
		}
		b := sudoku.NewBoard(opt.Shape)
		b.X, b.Regions = opt.X, opt.Regions
		if err := b.Validate(); err != nil {
			return nil, err
		}
		g.layout = newRulesLayout(b, g.layout)
	}
	if g.opt.MaxTries <= 0 {
		g.opt.MaxTries = 10_000
	}
	if opt.Level != "" {
		i := slices.IndexFunc(boardLevels, func(l struct {
			name      string
			dig, fail logic
		}) bool {
			return l.name == opt.Level
		})
		if i < 0 {
			return nil, sudoku.Invalidf("level %q at size %d: want %s (levels beyond these need the grader at sizes)",
				opt.Level, opt.Shape.N(), strings.Join(BoardLevels(), ", "))
		}
		g.dig, g.fail = boardLevels[i].dig, boardLevels[i].fail
	}
	cells := opt.Shape.Cells()
	switch {
	case opt.MinGivens < 0 || opt.MaxGivens < 0 || opt.MinGivens > cells || opt.MaxGivens > cells:
		return nil, sudoku.Invalidf("givens %d-%d: a %s board has %d cells", opt.MinGivens, opt.MaxGivens, opt.Shape, cells)
	case opt.MaxGivens > 0 && opt.MinGivens > opt.MaxGivens:
		return nil, sudoku.Invalidf("givens %d-%d: the minimum is above the maximum", opt.MinGivens, opt.MaxGivens)
	case opt.Symmetry > Random:
		return nil, sudoku.Invalidf("unknown symmetry %d", opt.Symmetry)
	}
	return g, nil
}

// Tries returns how many candidates the generator has tried so far.
func (g *BoardGenerator) Tries() int64 { return g.tries.Load() }

// Puzzle returns puzzle i: the same seed, i and options give the same
// puzzle. It fails with ErrGaveUp after MaxTries candidates, with Rate's
// error, or with ctx's.
func (g *BoardGenerator) Puzzle(ctx context.Context, i int) (BoardPuzzle, error) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, uint64(i)))
	layout := g.layout
	st := newLogicState(layout)
	for try := 1; try <= g.opt.MaxTries; try++ {
		g.tries.Add(1)
		if ctx.Err() != nil {
			return BoardPuzzle{Index: i, Tries: try}, ctx.Err()
		}
		sym := g.opt.Symmetry
		if sym == Random {
			sym = Symmetry(rng.IntN(int(None)))
		}
		empty := sudoku.NewBoard(g.opt.Shape)
		empty.X = g.opt.X
		var sol sudoku.Board
		if g.opt.Jigsaw {
			empty.Regions = g.opt.Regions
			if empty.Regions == nil {
				empty.Regions = RandomRegions(g.opt.Shape, rng, g.opt.BoxRegions)
				layout = newRulesLayout(empty, g.layout)
				st = newLogicState(layout)
			}
			var ok bool
			if sol, ok = solve.RandomBoardSolutionWithin(empty, rng, jigsawGridGuesses); !ok {
				continue // a layout without a grid, or slow to give one
			}
		} else {
			sol, _ = solve.RandomBoardSolution(empty, rng)
		}
		b := g.digBoard(ctx, sol, sym, rng, st)
		if ctx.Err() != nil {
			return BoardPuzzle{Index: i, Tries: try}, ctx.Err()
		}
		givens := b.Givens()
		if g.opt.MaxGivens > 0 && givens > g.opt.MaxGivens {
			continue
		}
		if g.fail != 0 && st.solves(b.Cells, g.fail) {
			continue // easier than the level
		}
		if g.opt.Minimal {
			minimal, err := MinimalBoardContext(ctx, b)
			if err != nil {
				return BoardPuzzle{Index: i, Tries: try}, err
			}
			if !minimal {
				continue
			}
		}
		var rating sudoku.Rating
		if g.opt.Rate != nil {
			r, err := g.opt.Rate(b)
			if err != nil {
				return BoardPuzzle{Index: i, Tries: try}, fmt.Errorf("puzzle %d: rating: %w", i, err)
			}
			if !g.opt.Rating.Contains(r) {
				continue
			}
			rating = r
		}
		r := solve.CountBoardContext(ctx, b, 2)
		if r.Stopped {
			return BoardPuzzle{Index: i, Tries: try}, ctx.Err()
		}
		if r.Count != 1 || !slices.Equal(r.Solution.Cells, sol.Cells) {
			return BoardPuzzle{Index: i, Tries: try}, fmt.Errorf("puzzle %d: made a puzzle with %d solutions (a bug): %s", i, r.Count, b)
		}
		return BoardPuzzle{Index: i, Seed: g.opt.Seed, Board: b, Solution: sol, Symmetry: sym, Level: g.opt.Level,
			Rating: rating, Tries: try}, nil
	}
	return BoardPuzzle{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w after %d candidates; the target may be impossible or too rare",
		i, ErrGaveUp, g.opt.MaxTries)
}

// digBoard removes the orbits of a symmetry from a full board in random
// order. With a level, it keeps each removal only while the level's
// techniques still solve the puzzle (so it stays unique without a
// search). Without one, it first digs so, by intersections, then tries
// each orbit left once more, keeping its removal when the solver finds
// the solution still unique: the puzzle that comes out has no orbit whose
// removal keeps one solution. It never goes below MinGivens. When ctx
// ends, it stops trying (the board is then for nothing).
func (g *BoardGenerator) digBoard(ctx context.Context, sol sudoku.Board, sym Symmetry, rng *rand.Rand, st *logicState) sudoku.Board {
	b := sol.Clone()
	orbits := st.l.orbits[sym]
	order := rng.Perm(len(orbits))
	by := g.dig
	if by == 0 {
		by = intersections
	}
	givens := len(b.Cells)
	order, givens = digOrbits(b, sol, orbits, order, givens, g.opt.MinGivens, 16, func() bool { return ctx.Err() == nil && st.solves(b.Cells, by) })
	if g.dig == 0 {
		digOrbits(b, sol, orbits, order, givens, g.opt.MinGivens, 1, func() bool { return uniqueWithin(ctx, b) })
	}
	return b
}

// uniqueWithin reports whether b has exactly one solution, found before
// ctx is done: once it is done, or when it stops the search, the answer
// is no (a sparse board can keep the search going for minutes).
func uniqueWithin(ctx context.Context, b sudoku.Board) bool {
	if ctx.Err() != nil {
		return false
	}
	r := solve.CountBoardContext(ctx, b, 2)
	return !r.Stopped && r.Count == 1
}

// digOrbits removes the orbits of order from b in turn, keeping a removal
// when ok says the puzzle is still good, and never going below floor
// givens. It tries runs of orbits at once, halving a run that fails (ok
// is monotone: a puzzle with more givens keeps it, so this gives the
// puzzle that one at a time would), starting with runs of run. It returns
// the orbits that stay and the givens.
func digOrbits(b, sol sudoku.Board, orbits [][]int, order []int, givens, floor, run int, ok func() bool) ([]int, int) {
	var kept []int
	set := func(k, n int, from sudoku.Board) {
		for _, o := range order[k : k+n] {
			for _, c := range orbits[o] {
				b.Cells[c] = from.Cells[c]
			}
		}
	}
	empty := sudoku.Board{Cells: make([]uint8, len(b.Cells))}
	for k := 0; k < len(order); {
		n := min(run, len(order)-k)
		removed := 0
		for _, o := range order[k : k+n] {
			removed += len(orbits[o])
		}
		if givens-removed < floor {
			n, run = 1, 1 // near the floor: one orbit at a time
			if removed = len(orbits[order[k]]); givens-removed < floor {
				kept = append(kept, order[k])
				k++
				continue
			}
		}
		set(k, n, empty)
		if ok() {
			givens -= removed
			k += n
			continue
		}
		set(k, n, sol)
		if n > 1 {
			run = n / 2
			continue
		}
		kept = append(kept, order[k])
		k++ // this orbit stays
	}
	return kept, givens
}

// jigsawGridGuesses is how many guesses the search for a jigsaw's random
// grid may make before the generator draws another layout: some layouts
// have no grid, and proving it can take long.
const jigsawGridGuesses = 2000

// MinimalBoard reports whether no single given of a board with one
// solution can be removed while keeping the solution unique.
func MinimalBoard(b sudoku.Board) bool {
	minimal, _ := MinimalBoardContext(context.Background(), b)
	return minimal
}

// MinimalBoardContext is MinimalBoard stopped when ctx is done: it then
// returns ctx's error (and no answer). A 25x25 makes hundreds of
// uniqueness checks, some of them long.
func MinimalBoardContext(ctx context.Context, b sudoku.Board) (bool, error) {
	b = b.Clone()
	for c, v := range b.Cells {
		if v == 0 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		b.Cells[c] = 0
		r := solve.CountBoardContext(ctx, b, 2)
		b.Cells[c] = v
		if r.Stopped {
			return false, ctx.Err()
		}
		if r.Count == 1 {
			return false, nil
		}
	}
	return true, nil
}

// Run makes opt.Count puzzles on opt.Workers goroutines and passes them to
// emit in index order, as Generator.Run does: the same seed and options
// give the same puzzles whatever the number of workers. With Dedupe,
// boards with equal BoardKeys count as the same, or equal boards without
// one (Key is not used).
func (g *BoardGenerator) Run(ctx context.Context, opt RunOptions, emit func(BoardPuzzle) error) (Stats, error) {
	key := func(p BoardPuzzle) string { return string(p.Board.Cells) + string(p.Board.Regions) }
	if opt.BoardKey != nil {
		key = func(p BoardPuzzle) string { return opt.BoardKey(p.Board) }
	}
	st, err := runIndexed(ctx, opt, g.Puzzle, key, emit)
	st.Tries = g.Tries()
	return st, err
}

// ParseGivens reads a range of givens for a shape, "MIN-MAX" or a single
// number, as BoardOptions.MinGivens and MaxGivens: each within the
// shape's cells.
func ParseGivens(s string, shape sudoku.Shape) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	cells := shape.Cells()
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, sudoku.Invalidf("bad range of givens %q (want MIN-MAX, such as 100-120)", s)
	case lo > hi:
		return 0, 0, sudoku.Invalidf("range of givens %q is empty", s)
	case lo < 1 || hi >= cells:
		return 0, 0, sudoku.Invalidf("range of givens %q: a %s puzzle has 1 to %d givens", s, shape, cells-1)
	}
	return lo, hi, nil
}
