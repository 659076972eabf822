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
	"slices"
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
	Seed uint64
	// Symmetry is the clue pattern's symmetry: the zero value is Rot180,
	// the command line's default; None asks for none.
	Symmetry Symmetry
	// Minimal requires that no single clue can be removed while keeping one
	// solution. With a symmetry, candidates that are not minimal are
	// rejected (removing a single clue would break the symmetry).
	Minimal bool
	// Level and Rating are the common target in one call: a level of the
	// configuration ("hard") or an ER band ("2.6-4.0", "7.6+", "4.5"),
	// read as NewTarget reads them, giving the band of Target. Set at
	// most one, and not with a band in Target; NewTarget makes the full
	// target (clue bounds, required techniques).
	Level, Rating string
	Target        Target
	// MaxTries bounds the candidates tried for one puzzle (0: 100,000).
	MaxTries int
	// Patterns, when not empty, puts the clues of puzzle i exactly on
	// pattern i mod len(Patterns) (Symmetry and the target's clue bounds
	// then do nothing).
	Patterns []Pattern
	// Spread, when set, spreads the puzzles evenly over the ratings the
	// target's band holds: puzzle i aims at the i-th of them (cycling),
	// and falls back to any rating of the band when that one does not
	// come within a twentieth of MaxTries candidates.
	Spread bool
	// Path keeps each puzzle's solving path in its Result.
	Path bool
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
	// Pattern is the number of the clue pattern used (from 0; -1: none).
	Pattern int
	// Aimed is the rating a spread run aimed at (0: none); when the
	// puzzle's ER differs, that rating did not come within the tries.
	Aimed sudoku.Rating
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
	spread []sudoku.Rating // the ratings a spread run cycles through
}

// New returns a generator that grades with cfg's techniques, levels and
// budget; the techniques the target requires are switched on. The zero
// Options make puzzles of any rating with the 180-degree symmetry from
// seed 0; generate.Options{Level: "hard", Seed: 42} is the common case in
// one call.
func New(cfg *config.Config, opt Options) (*Generator, error) {
	if opt.Level != "" || opt.Rating != "" {
		if opt.Target.Rating != (sudoku.RatingRange{}) {
			return nil, sudoku.Invalidf("a level or rating and a band in Target both set the rating band: use one")
		}
		band, err := NewTarget(cfg, TargetSpec{Level: opt.Level, Rating: opt.Rating})
		if err != nil {
			return nil, err
		}
		opt.Target.Rating, opt.Target.Level = band.Rating, band.Level
	}
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
	for s := range Random {
		g.orbits[s] = s.Orbits()
	}
	if opt.Spread {
		if g.spread = SpreadRatings(&on, opt.Target.Rating); len(g.spread) == 0 {
			return nil, sudoku.Invalidf("no technique on rates within %s: nothing to spread over", opt.Target.Rating)
		}
	}
	return g, nil
}

// SpreadRatings lists the ratings within a band that the techniques on in
// cfg give their steps, from the lowest: what a spread run cycles through.
// A band open above spreads up to SpreadTop, the most random generation
// reaches (above it, puzzles come from a neighbourhood search).
func SpreadRatings(cfg *config.Config, band sudoku.RatingRange) []sudoku.Rating {
	top := band.Max.Tenths()
	if band.Max == 0 {
		top = SpreadTop.Tenths()
	}
	seen := map[int]bool{}
	for _, t := range techniques.Under(sudoku.Rules{}) { // classic puzzles
		if !cfg.TechniqueOn(t.Key, t.SE) {
			continue
		}
		hi := t.Ratings.Max.Tenths()
		if t.Ratings.Max == 0 { // chains: longer ones rate higher
			hi = top
		}
		for r := t.Ratings.Min.Tenths(); r <= min(hi, top); r++ {
			if band.Contains(sudoku.RatingOfTenths(r)) {
				seen[r] = true
			}
		}
	}
	var out []sudoku.Rating
	for _, r := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, sudoku.RatingOfTenths(r))
	}
	return out
}

// SpreadTop is the highest rating an even spread aims at in a band open
// above.
const SpreadTop sudoku.Rating = 9.0

// Spread returns the ratings a spread run cycles through (nil without
// Options.Spread).
func (g *Generator) Spread() []sudoku.Rating { return g.spread }

// Tries returns how many candidates the generator has graded so far.
func (g *Generator) Tries() int64 { return g.tries.Load() }

// Puzzle returns puzzle i. It fails with ErrGaveUp after MaxTries
// candidates, or with ctx's error.
func (g *Generator) Puzzle(ctx context.Context, i int) (Puzzle, error) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, uint64(i)))
	t := g.opt.Target
	pattern, aim := -1, sudoku.Rating(0)
	if len(g.opt.Patterns) > 0 {
		pattern = i % len(g.opt.Patterns)
	}
	if len(g.spread) > 0 {
		aim = g.spread[i%len(g.spread)]
	}
	// Past fallback candidates, a spread puzzle takes any rating of the
	// band.
	fallback := max(g.opt.MaxTries/20, 1)
	for try := 1; try <= g.opt.MaxTries; try++ {
		g.tries.Add(1)
		if try%16 == 0 && ctx.Err() != nil {
			return Puzzle{Index: i, Tries: try}, ctx.Err()
		}
		sym := g.opt.Symmetry
		if sym == Random {
			sym = Symmetry(rng.IntN(int(None))) // Rot180 to Antidiagonal
		}
		var grid, sol sudoku.Grid
		if pattern >= 0 {
			sym = None
			var unique bool
			if grid, unique = fillPattern(&g.opt.Patterns[pattern], rng); !unique {
				continue
			}
			sol, _ = solve.Solve(grid)
		} else {
			var clues int
			sol = solve.RandomGrid(rng)
			grid, clues = g.dig(sol, sym, rng)
			if t.MaxClues > 0 && clues > t.MaxClues {
				continue
			}
		}
		if g.opt.Minimal && !minimal(grid) {
			continue
		}
		if t.Rating.Min.Tenths() > 15 && techniques.SolvedBySingles(grid) {
			continue // cheap rejection: rated 1.5 at most
		}
		stop := t.Rating.Max
		exact := aim != 0 && try <= fallback
		if exact {
			stop = aim
		}
		res := g.grader.Grade(ctx, sudoku.NewState(grid), grade.Options{StopAbove: stop, Unique: true})
		if res.Status == grade.Cancelled {
			return Puzzle{Index: i, Tries: try}, ctx.Err()
		}
		if !t.accepts(res) || (exact && res.ER.Tenths() != aim.Tenths()) {
			continue
		}
		if g.opt.Path {
			res = g.grader.Grade(ctx, sudoku.NewState(grid), grade.Options{Path: true, Unique: true})
		}
		return Puzzle{Index: i, Seed: g.opt.Seed, Grid: grid, Solution: sol, Result: res, Symmetry: sym, Tries: try,
			Pattern: pattern, Aimed: aim}, nil
	}
	on := ""
	if pattern >= 0 {
		on = fmt.Sprintf(" on pattern %d (%d clues)", pattern+1, g.opt.Patterns[pattern].Clues())
	}
	return Puzzle{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w%s after %d candidates; the target may be impossible or too rare",
		i, ErrGaveUp, on, g.opt.MaxTries)
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
	// takes its place. Key, when not nil, says which puzzles are the same
	// (canon.Key: the same up to isomorphism); else equal grids are.
	Dedupe bool
	Key    func(sudoku.Grid) string
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
	seen := map[string]bool{}
	key := opt.Key
	if key == nil {
		key = func(g sudoku.Grid) string { return string(g[:]) }
	}
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
				k := key(r.p.Grid)
				if seen[k] {
					return nil
				}
				seen[k] = true
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
