// Package generate makes puzzles: a random complete grid from the solver
// core, clues removed in random order and symmetric groups while the puzzle
// keeps one solution, then graded with the same engine `sudokit grade` uses
// until one meets the target. Puzzle i of a seed depends only on the seed,
// i and the options, so a run is reproducible whatever the parallelism.
//
// Puzzles keep the rules of Options.Rules, classic sudoku or variants
// (x, windoku, jigsaw, anti-knight, ...): the grid is filled, and the
// solution kept unique, under those rules (solve.For), and a jigsaw takes
// a given layout or a random one per puzzle (RandomLayout).
package generate

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
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
	// Rules are the rules the puzzles keep; the zero value is classic
	// sudoku. A jigsaw's puzzles take the rules' layout, unless
	// RandomRegions.
	Rules sudoku.Rules
	// RandomRegions gives each puzzle of a jigsaw a random layout of its
	// own (RandomLayout), with the symmetry of its clues; the layout of
	// Rules is then not used (any will do, such as BoxLayout's). Without
	// BoxRegions, no region of a random layout is a plain box.
	RandomRegions, BoxRegions bool
	// Symmetry is the clue pattern's symmetry: the zero value is Rot180,
	// the command line's default; None asks for none. It must keep the
	// rules (Symmetry.Keeps): with a given jigsaw layout, only the
	// symmetries of the layout do, and Random draws among them.
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
	// Rules are the rules the puzzle keeps: Options.Rules, or with random
	// regions the jigsaw's own layout.
	Rules    sudoku.Rules
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
	solver solve.Solver // under opt.Rules; with random regions, each puzzle has its own
	orbits [Random][][]int
	// symmetries are those Random draws from: the proper ones that keep
	// the rules.
	symmetries []Symmetry
	tries      atomic.Int64
	spread     []sudoku.Rating // the ratings a spread run cycles through
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
	g := &Generator{opt: opt, grader: grader, solver: solve.For(opt.Rules)}
	if g.opt.MaxTries <= 0 {
		g.opt.MaxTries = 100_000
	}
	if err := g.checkRules(); err != nil {
		return nil, err
	}
	for s := range Random {
		g.orbits[s] = s.Orbits()
	}
	if opt.Spread {
		if g.spread = spreadRatings(&on, opt.Target.Rating, opt.Rules); len(g.spread) == 0 {
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
	return spreadRatings(cfg, band, sudoku.Rules{})
}

// spreadRatings is SpreadRatings for puzzles of a set of rules: the
// techniques that apply under them give the ratings.
func spreadRatings(cfg *config.Config, band sudoku.RatingRange, rules sudoku.Rules) []sudoku.Rating {
	top := band.Max.Tenths()
	if band.Max == 0 {
		top = SpreadTop.Tenths()
	}
	seen := map[int]bool{}
	for _, t := range techniques.Under(rules) {
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
		c, ok := g.draft(rng, pattern)
		if !ok {
			continue
		}
		grid, sol, sym, rules := c.grid, c.solution, c.sym, c.rules
		if g.opt.Minimal && !minimalUnder(c.solver, grid) {
			continue
		}
		if t.Rating.Min.Tenths() > 15 && solvedBySingles(rules, grid, false) {
			continue // cheap rejection: rated 1.5 at most
		}
		stop := t.Rating.Max
		exact := aim != 0 && try <= fallback
		if exact {
			stop = aim
		}
		res := g.grader.Grade(ctx, rules.StateOf(grid, nil), grade.Options{StopAbove: stop, Unique: true})
		if res.Status == grade.Cancelled {
			return Puzzle{Index: i, Tries: try}, ctx.Err()
		}
		if !t.accepts(res) || (exact && res.ER.Tenths() != aim.Tenths()) {
			continue
		}
		if err := c.check(); err != nil {
			return Puzzle{Index: i, Tries: try}, fmt.Errorf("puzzle %d: %w", i, err)
		}
		if g.opt.Path {
			res = g.grader.Grade(ctx, rules.StateOf(grid, nil), grade.Options{Path: true, Unique: true})
		}
		return Puzzle{Index: i, Seed: g.opt.Seed, Grid: grid, Solution: sol, Rules: rules, Result: res, Symmetry: sym, Tries: try,
			Pattern: pattern, Aimed: aim}, nil
	}
	on := ""
	if pattern >= 0 {
		on = fmt.Sprintf(" on pattern %d (%d clues)", pattern+1, g.opt.Patterns[pattern].Clues())
	}
	return Puzzle{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w%s after %d candidates; the target may be impossible or too rare",
		i, ErrGaveUp, on, g.opt.MaxTries)
}

// draft is a candidate puzzle: its grid, solution and symmetry, and the
// rules it keeps with their solver.
type draft struct {
	grid, solution sudoku.Grid
	sym            Symmetry
	rules          sudoku.Rules
	solver         solve.Solver
}

// draft makes a candidate puzzle: on the pattern numbered pattern
// (-1: none), or a random grid under the rules (with random regions, on a
// layout of its own) dug by dig. It reports false for a candidate that
// fails before grading: a pattern not filled with one solution, more clues
// than the target allows, or a random layout whose solution was not found
// within its bound.
func (g *Generator) draft(rng *rand.Rand, pattern int) (draft, bool) {
	c := draft{sym: g.opt.Symmetry, rules: g.opt.Rules, solver: g.solver}
	if c.sym == Random {
		c.sym = g.symmetries[rng.IntN(len(g.symmetries))]
	}
	if pattern >= 0 {
		c.sym = None
	}
	var ok bool
	if g.opt.RandomRegions {
		if c.rules, c.solution, ok = randomJigsaw(g.opt.Rules, LayoutOptions{Symmetry: c.sym, Boxes: g.opt.BoxRegions}, rng); !ok {
			return c, false
		}
		c.solver = solve.For(c.rules)
	}
	if pattern >= 0 {
		var unique bool
		if c.grid, unique = fillPattern(&g.opt.Patterns[pattern], c.solver, rng); !unique {
			return c, false
		}
		c.solution, _ = c.solver.Solve(c.grid)
		return c, true
	}
	if !g.opt.RandomRegions {
		c.solution = c.solver.RandomGrid(rng)
	}
	clues := g.dig(&c, rng)
	t := g.opt.Target
	return c, t.MaxClues == 0 || clues <= t.MaxClues
}

// check makes sure of a puzzle before it goes out: it has exactly one
// solution under its rules, and that solution keeps them.
func (c *draft) check() error {
	r := c.solver.Count(c.grid, 2)
	if r.Count != 1 || r.Solution != c.solution {
		return fmt.Errorf("made a puzzle with %d solutions under %s rules (a bug): %s", r.Count, c.rules, c.grid)
	}
	if err := c.rules.CheckSolution(c.grid, c.solution); err != nil {
		return fmt.Errorf("made a puzzle whose solution breaks the %s rules (a bug): %w", c.rules, err)
	}
	return nil
}

// checkRules checks the options that concern the rules: random regions
// are a jigsaw's, the symmetry keeps the rules, and Random has symmetries
// to draw from.
func (g *Generator) checkRules() error {
	r := g.opt.Rules
	if g.opt.RandomRegions || g.opt.BoxRegions {
		if !r.Has("jigsaw") {
			return sudoku.Invalidf("random regions go with the jigsaw variant only")
		}
		if !g.opt.RandomRegions {
			return sudoku.Invalidf("regions that may be boxes go with random regions only")
		}
		g.symmetries = KeptSymmetries(sudoku.Rules{}) // a random layout takes any
		return nil
	}
	g.symmetries = KeptSymmetries(r)
	sym := g.opt.Symmetry
	if len(g.opt.Patterns) > 0 || sym == None {
		return nil
	}
	if sym == Random && len(g.symmetries) == 0 {
		return sudoku.Invalidf("no symmetry keeps the rules of %s: the layout is symmetric under none of %s; ask for none", r, symmetryList(KeptSymmetries(sudoku.Rules{})))
	}
	if sym != Random && !sym.Keeps(r) {
		why := "the rules"
		if r.Has("jigsaw") {
			why = "the jigsaw's layout (its regions are not " + sym.String() + " images of each other)"
		}
		kept := "none"
		if len(g.symmetries) > 0 {
			kept = symmetryList(g.symmetries) + " or none"
		}
		return sudoku.Invalidf("symmetry %s does not keep %s; symmetries that do: %s", sym, why, kept)
	}
	return nil
}

// symmetryList names symmetries for a message: "rot180, mirror".
func symmetryList(list []Symmetry) string {
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}

// dig removes the orbits of a symmetry from a full grid in random order,
// keeping each removal only if the puzzle still has one solution (and, for
// targets rated 1.5 at most, is still solved by hidden singles; for
// variants' targets rated 2.5 at most, by hidden and naked singles, see
// singlesBound), and never going below the target's minimum of clues. It
// returns the puzzle's clues.
//
// Both conditions are monotone (a puzzle with more clues keeps them), so
// trying a run of orbits at once and halving the run when it fails gives
// exactly the puzzle that removing them one by one would, with far fewer
// uniqueness checks while the grid is still full.
func (g *Generator) dig(c *draft, rng *rand.Rand) int {
	sol := c.solution
	orbits := g.orbits[c.sym]
	order := rng.Perm(len(orbits))
	t := g.opt.Target
	bound, naked, extra := g.digPlan(rng)
	grid, clues := &c.grid, 81
	*grid = sol
	ok := func() bool {
		return c.solver.Count(*grid, 2).Count == 1 && (!bound || solvedBySingles(c.rules, *grid, naked))
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
	if extra > 0 {
		clues = g.digMore(c, rng, clues, extra)
	}
	return clues
}

// digMore removes up to extra more orbits of the symmetry from a dug
// puzzle, in random order, keeping only the solution unique, and returns
// its clues.
func (g *Generator) digMore(c *draft, rng *rand.Rand, clues, extra int) int {
	orbits, grid, t := g.orbits[c.sym], &c.grid, g.opt.Target
	for _, o := range rng.Perm(len(orbits)) {
		if extra == 0 {
			break
		}
		if grid[orbits[o][0]] == 0 || clues-len(orbits[o]) < t.MinClues {
			continue
		}
		for _, cell := range orbits[o] {
			grid[cell] = 0
		}
		if c.solver.Count(*grid, 2).Count == 1 {
			clues -= len(orbits[o])
			extra--
			continue
		}
		for _, cell := range orbits[o] {
			grid[cell] = c.solution[cell]
		}
	}
	return clues
}

// digPlan says how dig digs: whether it keeps the puzzle solved by
// singles (bound; naked: naked singles too), see singlesBound, and how
// many orbits it removes after that keeping only the solution unique
// (extra). A variant's target above 2.5 digs to the end on half the
// candidates, and on the other half stops where singles no longer solve
// the puzzle, then removes one to four orbits more (not for minimal
// puzzles, which these seldom are): random minimal
// puzzles of anti-knight or non-consecutive rate far above 6.0 almost
// always, and these fill the bands between (as the reference puzzles of
// ../shared/data/variants were made). Classic targets draw nothing here.
func (g *Generator) digPlan(rng *rand.Rand) (bound, naked bool, extra int) {
	if bound, naked = g.singlesBound(); bound || g.opt.Rules.IsClassic() {
		return bound, naked, 0
	}
	if t := g.opt.Target; t.Rating.Min.Tenths() > 25 && len(t.Require) == 0 && !g.opt.Minimal && rng.IntN(2) == 0 {
		return true, true, 1 + rng.IntN(4)
	}
	return false, false, 0
}

// singlesBound says whether dig keeps the puzzle solved by singles: for
// targets rated 1.5 at most, by hidden singles; and for a variant's target
// rated 2.5 at most that requires no technique, by hidden and naked
// singles too (naked), which rate 2.3 at most. Random minimal puzzles of
// most variants rate far above 2.5 (an anti-knight's, 12 to 14 clues,
// rate 7.7 to 10), so that digging to the end would almost never give an
// easy or medium one; classic's do often enough, and keep today's puzzles.
func (g *Generator) singlesBound() (bound, naked bool) {
	t := g.opt.Target
	top := t.Rating.Max.Tenths()
	switch {
	case t.Rating.Max == 0:
		return false, false
	case top <= 15:
		return true, false
	case top <= 25 && !g.opt.Rules.IsClassic() && len(t.Require) == 0:
		return true, true
	}
	return false, false
}

// Stats tells how a run went.
type Stats struct {
	Made    int           // puzzles emitted
	Tries   int64         // candidates graded
	Elapsed time.Duration // wall time of the run
}

// errDone ends a run that has made its puzzles.
var errDone = errors.New("done")

// MaxRepeats is how many puzzles in a row a run with Dedupe may find
// already emitted before it gives up with ErrRepeats: the options then
// allow fewer different puzzles than were asked for, and the run would
// never end.
const MaxRepeats = 1000

// ErrRepeats is wrapped by the error of a run with Dedupe whose last
// MaxRepeats puzzles all repeated ones already emitted.
var ErrRepeats = errors.New("too few different puzzles")

// RunOptions says which puzzles Run makes and how.
type RunOptions struct {
	Count   int // puzzles to make
	Workers int // goroutines (at least 1)
	// Dedupe skips a puzzle already emitted by this run; a later index
	// takes its place. Key, when not nil, says which puzzles are the same:
	// those with equal keys (the key of a puzzle's canonical form under
	// its rules, canon.GroupOf(rules).Key: the same up to isomorphism);
	// else equal grids under equal rules are (a jigsaw's layout is part of
	// its rules).
	Dedupe bool
	Key    func(sudoku.Rules, sudoku.Grid) string
	// BoardKey is Key for BoardGenerator.Run: boards with equal keys are
	// the same (canon.BoardKey: the same up to isomorphism); nil: equal
	// boards are.
	BoardKey func(sudoku.Board) string
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
	key := opt.Key
	if key == nil {
		key = func(r sudoku.Rules, g sudoku.Grid) string { return string(g[:]) + r.Label() }
	}
	st, err := runIndexed(ctx, opt, g.Puzzle, func(p Puzzle) string { return key(p.Rules, p.Grid) }, emit)
	st.Tries = g.Tries()
	return st, err
}

// runIndexed makes the puzzles of opt's indices with puzzle on
// opt.Workers goroutines and passes them to emit in index order, skipping
// with opt.Dedupe those whose key was seen, until opt.Count are emitted:
// the loop of Generator.Run and BoardGenerator.Run. Stats.Tries is the
// caller's to fill.
func runIndexed[P any](ctx context.Context, opt RunOptions, puzzle func(context.Context, int) (P, error), key func(P) string,
	emit func(P) error) (Stats, error) {
	type result struct {
		p   P
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
	repeats := 0
	start := time.Now()
	err := batch.Run(ctx, batch.Options{Workers: opt.Workers, Chunk: 1}, indices,
		func(i int) result {
			p, err := puzzle(ctx, i)
			return result{p, err}
		},
		func(r result) error {
			if r.err != nil {
				return r.err
			}
			if opt.Dedupe {
				k := key(r.p)
				if seen[k] {
					if repeats++; repeats == MaxRepeats {
						return fmt.Errorf("%w: the last %d made all repeat the %d already emitted", ErrRepeats, repeats, st.Made)
					}
					return nil
				}
				seen[k] = true
				repeats = 0
			}
			if err := emit(r.p); err != nil {
				return err
			}
			if st.Made++; st.Made == opt.Count {
				return errDone
			}
			return nil
		})
	st.Elapsed = time.Since(start)
	if errors.Is(err, errDone) || opt.Count == 0 {
		err = nil
	}
	return st, err
}

// minimal reports whether no single clue can be removed with the puzzle
// keeping one solution.
func minimal(grid sudoku.Grid) bool { return minimalUnder(solve.Solver{}, grid) }

// minimalUnder is minimal under the solver's rules.
func minimalUnder(s solve.Solver, grid sudoku.Grid) bool {
	for c, v := range grid {
		if v == 0 {
			continue
		}
		grid[c] = 0
		n := s.Count(grid, 2).Count
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

// MinimalUnder is Minimal under a set of rules.
func MinimalUnder(r sudoku.Rules, grid sudoku.Grid) bool { return minimalUnder(solve.For(r), grid) }
