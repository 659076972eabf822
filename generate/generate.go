// Package generate makes puzzles: a random complete grid from the solver
// core, clues removed in random order and symmetric groups while the puzzle
// keeps one solution, then graded with the same engine `sudokit grade` uses
// until one meets the target. Puzzle i of a seed depends only on the seed,
// i and the options, so a run is reproducible whatever the parallelism.
package generate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Options configures a Generator.
type Options struct {
	Seed     uint64
	Symmetry Symmetry
	// Minimal requires that no single clue can be removed while keeping one
	// solution. With a symmetry, candidates that are not minimal are
	// rejected (removing a single clue would break the symmetry).
	Minimal bool
	Target  Target
	// MaxTries bounds the candidates tried for one puzzle (0: 100,000).
	MaxTries int
}

// Puzzle is a generated puzzle with how it was found.
type Puzzle struct {
	Index    int
	Seed     uint64
	Grid     sudoku.Grid
	Solution sudoku.Grid
	Result   grade.Result
	Symmetry Symmetry
	Tries    int // candidates tried for this puzzle
}

// ErrGaveUp is wrapped by the error of a puzzle not found within MaxTries.
var ErrGaveUp = errors.New("no puzzle meets the target")

// Generator makes puzzles for one set of options. It is safe for concurrent
// use: each puzzle has its own random source.
type Generator struct {
	opt    Options
	grader *grade.Grader
	orbits [Random][][]int
	tries  atomic.Int64
}

// New returns a generator that grades with cfg's techniques, levels and
// budget; the techniques the target requires are switched on.
func New(cfg *config.Config, opt Options) (*Generator, error) {
	on := *cfg
	on.Techniques = maps.Clone(cfg.Techniques)
	for _, r := range opt.Target.Require {
		on.Techniques[r] = true
	}
	grader, err := grade.New(&on)
	if err != nil {
		return nil, err
	}
	g := &Generator{opt: opt, grader: grader}
	if g.opt.MaxTries <= 0 {
		g.opt.MaxTries = 100_000
	}
	for s := None; s < Random; s++ {
		g.orbits[s] = s.Orbits()
	}
	return g, nil
}

// Tries returns how many candidates the generator has graded so far.
func (g *Generator) Tries() int64 { return g.tries.Load() }

// Puzzle returns puzzle i. It fails with ErrGaveUp after MaxTries
// candidates, or with ctx's error.
func (g *Generator) Puzzle(ctx context.Context, i int) (Puzzle, error) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, uint64(i)))
	t := g.opt.Target
	for try := 1; try <= g.opt.MaxTries; try++ {
		g.tries.Add(1)
		if try%16 == 0 && ctx.Err() != nil {
			return Puzzle{Index: i, Tries: try}, ctx.Err()
		}
		sym := g.opt.Symmetry
		if sym == Random {
			sym = Symmetry(1 + rng.IntN(int(Random)-1))
		}
		sol := solve.RandomGrid(rng)
		grid, clues := g.dig(sol, sym, rng)
		if t.MaxClues > 0 && clues > t.MaxClues {
			continue
		}
		if g.opt.Minimal && !minimal(grid) {
			continue
		}
		if t.Rating.Min.Tenths() > 15 && techniques.SolvedBySingles(grid) {
			continue // cheap rejection: rated 1.5 at most
		}
		res := g.grader.Grade(ctx, sudoku.NewState(grid), grade.Options{StopAbove: t.Rating.Max, Unique: true})
		if res.Status == grade.Cancelled {
			return Puzzle{Index: i, Tries: try}, ctx.Err()
		}
		if !t.accepts(res) {
			continue
		}
		return Puzzle{Index: i, Seed: g.opt.Seed, Grid: grid, Solution: sol, Result: res, Symmetry: sym, Tries: try}, nil
	}
	return Puzzle{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w after %d candidates; the target may be impossible or too rare (raise --max-tries or widen it)",
		i, ErrGaveUp, g.opt.MaxTries)
}

// dig removes the orbits of a symmetry from a full grid in random order,
// keeping each removal only if the puzzle still has one solution (and, for
// targets rated 1.5 at most, is still solved by singles), and never going
// below the target's minimum of clues. It returns the puzzle and its clues.
//
// Both conditions are monotone (a puzzle with more clues keeps them), so
// trying a run of orbits at once and halving the run when it fails gives
// exactly the puzzle that removing them one by one would, with far fewer
// uniqueness checks while the grid is still full.
func (g *Generator) dig(sol sudoku.Grid, sym Symmetry, rng *rand.Rand) (sudoku.Grid, int) {
	orbits := g.orbits[sym]
	order := rng.Perm(len(orbits))
	t := g.opt.Target
	singlesOnly := t.Rating.Max != 0 && t.Rating.Max.Tenths() <= 15
	grid, clues := sol, 81
	ok := func() bool {
		return solve.Count(grid, 2).Count == 1 && (!singlesOnly || techniques.SolvedBySingles(grid))
	}
	run := 16
	for k := 0; k < len(order); {
		n := min(run, len(order)-k)
		removed := 0
		for _, o := range order[k : k+n] {
			removed += len(orbits[o])
		}
		if clues-removed < t.MinClues {
			n, run = 1, 1 // near the floor: one orbit at a time
			removed = len(orbits[order[k]])
			if clues-removed < t.MinClues {
				k++
				continue
			}
		}
		for _, o := range order[k : k+n] {
			for _, c := range orbits[o] {
				grid[c] = 0
			}
		}
		if ok() {
			clues -= removed
			k += n
			continue
		}
		for _, o := range order[k : k+n] {
			for _, c := range orbits[o] {
				grid[c] = sol[c]
			}
		}
		if n > 1 {
			run = n / 2
			continue
		}
		k++ // this orbit must stay
	}
	return grid, clues
}

// Stats tells how a run went.
type Stats struct {
	Made    int           // puzzles emitted
	Tries   int64         // candidates graded
	Elapsed time.Duration // wall time of the run
}

// errDone ends a run that has made its puzzles.
var errDone = errors.New("done")

// RunOptions says which puzzles Run makes and how.
type RunOptions struct {
	Count   int // puzzles to make
	Workers int // goroutines (at least 1)
	// Dedupe skips a puzzle already emitted by this run; a later index
	// takes its place.
	Dedupe bool
	// Start and Step choose the indices of the puzzles: Start, Start+Step,
	// Start+2*Step, ... (Step 0 means 1). The puzzle at an index is the
	// same in every run with the same seed and options, so runs over
	// disjoint indices are parts of one longer run (without Dedupe, which
	// sees only its own run).
	Start, Step int
}

// Run makes opt.Count puzzles on opt.Workers goroutines and passes them to
// emit in index order: the same seed and options give the same puzzles
// whatever the number of workers. Run stops at emit's first error, at
// ctx's end, or when a puzzle cannot be found (ErrGaveUp); the puzzles
// emitted before stay emitted.
func (g *Generator) Run(ctx context.Context, opt RunOptions, emit func(Puzzle) error) (Stats, error) {
	type result struct {
		p   Puzzle
		err error
	}
	step := max(opt.Step, 1)
	indices := func(yield func(int) bool) {
		for n := 0; opt.Dedupe || n < opt.Count; n++ {
			if !yield(opt.Start + n*step) {
				return
			}
		}
	}
	var st Stats
	seen := map[sudoku.Grid]bool{}
	start := time.Now()
	err := batch.Run(ctx, batch.Options{Workers: opt.Workers, Chunk: 1}, indices,
		func(i int) result {
			p, err := g.Puzzle(ctx, i)
			return result{p, err}
		},
		func(r result) error {
			if r.err != nil {
				return r.err
			}
			if opt.Dedupe {
				if seen[r.p.Grid] {
					return nil
				}
				seen[r.p.Grid] = true
			}
			if err := emit(r.p); err != nil {
				return err
			}
			if st.Made++; st.Made == opt.Count {
				return errDone
			}
			return nil
		})
	st.Tries, st.Elapsed = g.Tries(), time.Since(start)
	if errors.Is(err, errDone) || opt.Count == 0 {
		err = nil
	}
	return st, err
}

// minimal reports whether no single clue can be removed with the puzzle
// keeping one solution.
func minimal(grid sudoku.Grid) bool {
	for c, v := range grid {
		if v == 0 {
			continue
		}
		grid[c] = 0
		n := solve.Count(grid, 2).Count
		grid[c] = v
		if n == 1 {
			return false
		}
	}
	return true
}

// Minimal reports whether no single clue of a puzzle with one solution can
// be removed while keeping the solution unique.
func Minimal(grid sudoku.Grid) bool { return minimal(grid) }
