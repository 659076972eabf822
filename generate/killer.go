package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// KillerOptions configures a KillerGenerator: killers (cages with sums,
// no digit twice in a cage) made from a random solution grid, unique,
// reproducible by seed on any number of workers.
type KillerOptions struct {
	// Rules are the rules under the cages: classic (the zero value), or
	// a variant such as x (killer-x). They must have no cages.
	Rules sudoku.Rules
	Seed  uint64
	// MinCage and MaxCage bound the cells of a cage (0: 2 and 6). Cages
	// are orthogonally connected; a cage of one cell is made only when
	// MinCage is 1.
	MinCage, MaxCage int
	// Givens is how many cells hold their digit (none by default, as in
	// published killers). Givens go first where they make the solution
	// unique, the rest at random.
	Givens int
	// Rate, when not nil, rates each candidate (on Sudoku Explainer's
	// scale: the killer technique ladder plugs in here), and only
	// candidates rated within Rating are kept. An error of Rate stops the
	// run.
	Rate   func(KillerPuzzle) (sudoku.Rating, error)
	Rating sudoku.RatingRange
	// MaxTries bounds the cage layouts tried for one puzzle (0: 1,000).
	MaxTries int
}

// KillerPuzzle is a killer made by a KillerGenerator.
type KillerPuzzle struct {
	Index    int
	Seed     uint64
	Rules    sudoku.Rules // the base rules with the cages
	Grid     sudoku.Grid  // the givens (all blank without Givens)
	Solution sudoku.Grid
	Rating   sudoku.Rating // what Rate or the grader said (0 without them)
	// Result is the killer's grade when a generator of GradedKillers
	// made it (its ratings, level and status: rated, or beyond the
	// techniques); nil otherwise.
	Result  *grade.Result
	Tries   int // cage layouts tried for this puzzle
	Repairs int // local re-draws of cages that made it unique
}

// KillerGenerator makes killers. It is safe for concurrent use: each
// puzzle has its own random source.
type KillerGenerator struct {
	opt KillerOptions
	// grader, when not nil, grades each candidate (GradedKillers), and
	// those rated within opt.Rating are kept.
	grader *grade.Grader
	base   solve.Solver
	sizes  []float64 // sizes[n]: the weight of a cage of n cells
	tries  atomic.Int64
}

// killerSizeWeights are the shares of cage sizes 1-9 the generator aims
// at: those of published newspaper killers (mostly 2-3 cells, some 4, a
// few 5-6: docs/generate.md), which give 26 to 30 cages on 9x9. A cage of
// one cell weighs as little as a cage of five when MinCage allows it.
var killerSizeWeights = [10]float64{0, 0.06, 0.38, 0.34, 0.16, 0.06, 0.03, 0.01, 0.01, 0.01}

// Killers returns a generator of killers under opt.
func Killers(opt KillerOptions) (*KillerGenerator, error) {
	if opt.MinCage == 0 {
		opt.MinCage = 2
	}
	if opt.MaxCage == 0 {
		opt.MaxCage = max(6, opt.MinCage)
	}
	if opt.MaxTries <= 0 {
		opt.MaxTries = 1000
	}
	switch {
	case opt.Rules.HasCages():
		return nil, sudoku.Invalidf("killer generation makes the cages: the base rules must have none")
	case opt.Rules.Has("jigsaw"):
		return nil, sudoku.Invalidf("jigsaw killers are not made yet")
	case opt.MinCage < 1 || opt.MaxCage > 9 || opt.MinCage > opt.MaxCage:
		return nil, sudoku.Invalidf("cage sizes %d-%d: want 1 to 9 cells, the minimum at most the maximum", opt.MinCage, opt.MaxCage)
	case opt.Givens < 0 || opt.Givens > 80:
		return nil, sudoku.Invalidf("givens %d: want 0 to 80", opt.Givens)
	}
	g := &KillerGenerator{opt: opt, base: solve.For(opt.Rules), sizes: make([]float64, 10)}
	total := 0.0
	for n := opt.MinCage; n <= opt.MaxCage; n++ {
		g.sizes[n] = killerSizeWeights[n]
		total += g.sizes[n]
	}
	if total == 0 {
		for n := opt.MinCage; n <= opt.MaxCage; n++ {
			g.sizes[n] = 1
		}
	}
	return g, nil
}

// Tries returns how many cage layouts the generator has tried so far.
func (g *KillerGenerator) Tries() int64 { return g.tries.Load() }

// killerRepairs bounds the local re-draws of one layout before a new
// layout is drawn.
const killerRepairs = 40

// Puzzle returns killer i: the same seed, i and options give the same
// killer. It draws a solution grid under the base rules, covers it with
// connected cages, and while the cages allow a second solution, re-draws
// the cages over the cells where the two solutions differ (or, while
// Givens allows, gives one of those cells). It fails with ErrGaveUp after
// MaxTries layouts, with Rate's error, or with ctx's.
func (g *KillerGenerator) Puzzle(ctx context.Context, i int) (KillerPuzzle, error) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, uint64(i)))
	for try := 1; try <= g.opt.MaxTries; try++ {
		g.tries.Add(1)
		if ctx.Err() != nil {
			return KillerPuzzle{Index: i, Tries: try}, ctx.Err()
		}
		sol := g.base.RandomGrid(rng)
		l := killerLayout{sol: &sol}
		if !g.cover(&l, rng, everyCell()) {
			continue
		}
		p, ok, err := g.unique(ctx, &l, rng)
		if err != nil {
			return KillerPuzzle{Index: i, Tries: try}, fmt.Errorf("puzzle %d: %w", i, err)
		}
		if !ok {
			continue
		}
		p.Index, p.Seed, p.Tries = i, g.opt.Seed, try
		if g.grader != nil {
			res, r, graded := g.grade(ctx, p)
			if err := ctx.Err(); err != nil {
				return KillerPuzzle{Index: i, Tries: try}, err
			}
			if !graded || !g.opt.Rating.Contains(r) {
				continue
			}
			p.Rating, p.Result = r, &res
		} else if g.opt.Rate != nil {
			r, err := g.opt.Rate(p)
			if err != nil {
				return KillerPuzzle{Index: i, Tries: try}, fmt.Errorf("puzzle %d: rating: %w", i, err)
			}
			if !g.opt.Rating.Contains(r) {
				continue
			}
			p.Rating = r
		}
		return p, nil
	}
	return KillerPuzzle{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w after %d cage layouts", i, ErrGaveUp, g.opt.MaxTries)
}

// KillerTarget is the band of ratings killers are made in: Level, a level
// of the configuration's killer levels (config.Config.ForKiller:
// config.yaml's killer.levels), or Rating, a band as
// sudoku.ParseRatingRange reads it ("2.8-3.0", "4.5+", "3.2"). Set at
// most one; the zero value keeps every killer, ungraded.
type KillerTarget struct {
	Level, Rating string
}

// KillerBand returns the band of ratings of target under cfg's killer
// levels ({0, 0} for the zero target), and the error of a level that cfg
// does not define or of a bad rating.
func KillerBand(cfg *config.Config, target KillerTarget) (sudoku.RatingRange, error) {
	switch {
	case target.Level != "" && target.Rating != "":
		return sudoku.RatingRange{}, sudoku.Invalidf("a level and a rating both set a rating band: use one")
	case target.Level != "":
		k := cfg.ForKiller()
		band, ok := k.LevelRange(target.Level)
		if !ok {
			return band, sudoku.Invalidf("no such killer level %q (config.yaml's are %s)", target.Level, strings.Join(k.LevelNames(), ", "))
		}
		return band, nil
	case target.Rating != "":
		return sudoku.ParseRatingRange(target.Rating)
	}
	return sudoku.RatingRange{}, nil
}

// GradedKillers returns a generator of killers under opt that keeps those
// of target's band, graded with cfg's techniques (grade.Grader, whose
// killer techniques rate the cages) and named by cfg's killer levels: the
// one entry point of `generate --variant killer --level/--rating` and of
// the assistant's generate. A candidate's grading stops at its first step
// above the band, so a killer too hard costs only its steps up to there,
// and it stops when the context of Puzzle or Run is done. Each killer
// kept carries its grade (KillerPuzzle.Result). With the zero target it is
// Killers(opt). opt.Rate and opt.Rating must be unset: the target sets
// the band.
func GradedKillers(cfg *config.Config, opt KillerOptions, target KillerTarget) (*KillerGenerator, error) {
	if opt.Rate != nil || opt.Rating != (sudoku.RatingRange{}) {
		return nil, sudoku.Invalidf("a killer target and KillerOptions.Rate or Rating both rate killers: use one")
	}
	band, err := KillerBand(cfg, target)
	if err != nil {
		return nil, err
	}
	if target == (KillerTarget{}) {
		return Killers(opt)
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return nil, err
	}
	opt.Rating = band
	g, err := Killers(opt)
	if err != nil {
		return nil, err
	}
	g.grader = grader
	return g, nil
}

// grade grades killer p, stopping above the band: its result and rating,
// and whether it was graded (rated, or beyond the techniques, rated
// sudoku.RatingBeyond).
func (g *KillerGenerator) grade(ctx context.Context, p KillerPuzzle) (grade.Result, sudoku.Rating, bool) {
	res := g.grader.Grade(ctx, p.Rules.StateOf(p.Grid, nil), grade.Options{Unique: true, StopAbove: g.opt.Rating.Max})
	switch res.Status {
	case grade.Rated:
		return res, res.ER, true
	case grade.Beyond:
		return res, sudoku.RatingBeyond, true
	}
	return res, 0, false // over the band, or out of budget
}

// unique makes the layout's killer unique by repairs, then adds the
// givens left: ok is false when the repairs ran out.
func (g *KillerGenerator) unique(ctx context.Context, l *killerLayout, rng *rand.Rand) (KillerPuzzle, bool, error) {
	var grid sudoku.Grid
	givens := 0
	counter, err := solve.NewCageCounter(g.opt.Rules)
	if err != nil {
		return KillerPuzzle{}, false, err
	}
	for repair := 0; repair <= killerRepairs; repair++ {
		if ctx.Err() != nil {
			return KillerPuzzle{}, false, ctx.Err()
		}
		cages := l.cages()
		counter.SetCages(cages)
		var other sudoku.Grid
		n := counter.Each(grid, 2, func(s sudoku.Grid) bool {
			if s != *l.sol {
				other = s
			}
			return true
		})
		if n == 0 {
			return KillerPuzzle{}, false, fmt.Errorf("cages made from a solution have none (a bug): %v", cages)
		}
		if n == 1 {
			rules, err := g.opt.Rules.WithCages(cages)
			if err != nil {
				return KillerPuzzle{}, false, fmt.Errorf("made bad cages (a bug): %w", err)
			}
			for _, c := range rng.Perm(81) {
				if givens == g.opt.Givens {
					break
				}
				if grid[c] == 0 {
					grid[c], givens = l.sol[c], givens+1
				}
			}
			if r := counter.Count(grid, 2); r.Count != 1 || r.Solution != *l.sol {
				return KillerPuzzle{}, false, fmt.Errorf("made a killer with %d solutions (a bug): %s %s", r.Count, grid, rules.Label())
			}
			return KillerPuzzle{Rules: rules, Grid: grid, Solution: *l.sol, Repairs: repair}, true, nil
		}
		var diff []int
		for c := range 81 {
			if other[c] != l.sol[c] {
				diff = append(diff, c)
			}
		}
		if givens < g.opt.Givens {
			c := diff[rng.IntN(len(diff))]
			grid[c], givens = l.sol[c], givens+1
			continue
		}
		if !g.redraw(l, rng, diff) {
			return KillerPuzzle{}, false, nil
		}
	}
	return KillerPuzzle{}, false, nil
}

// killerLayout is a cover of the grid by cages under construction.
type killerLayout struct {
	sol    *sudoku.Grid
	cageOf [81]int16 // -1: in no cage yet
	cells  [][]int   // the cages' cells; a dissolved cage is empty
}

// cages returns the layout's cages with their sums.
func (l *killerLayout) cages() []sudoku.Cage {
	out := make([]sudoku.Cage, 0, len(l.cells))
	for _, cells := range l.cells {
		if len(cells) == 0 {
			continue
		}
		sum := 0
		for _, c := range cells {
			sum += int(l.sol[c])
		}
		out = append(out, sudoku.Cage{Sum: sum, Cells: cells})
	}
	return out
}

// everyCell marks every cell.
func everyCell() (free [81]bool) {
	for c := range free {
		free[c] = true
	}
	return free
}

// orthogonal returns the orthogonal neighbours of a cell (81 past the
// last).
func orthogonal(c int) [4]int {
	n := [4]int{81, 81, 81, 81}
	r, col := c/9, c%9
	if r > 0 {
		n[0] = c - 9
	}
	if r < 8 {
		n[1] = c + 9
	}
	if col > 0 {
		n[2] = c - 1
	}
	if col < 8 {
		n[3] = c + 1
	}
	return n
}

// redraw dissolves the cages that hold a cell of diff and covers their
// cells with new cages; it reports false when the cells left cannot be
// covered.
func (g *KillerGenerator) redraw(l *killerLayout, rng *rand.Rand, diff []int) bool {
	var free [81]bool
	for _, c := range diff {
		k := l.cageOf[c]
		if k < 0 {
			continue
		}
		for _, d := range l.cells[k] {
			free[d] = true
			l.cageOf[d] = -1
		}
		l.cells[k] = nil
	}
	return g.cover(l, rng, free)
}

// cover covers the free cells with cages: from each free cell in random
// order, a cage of a drawn size grows by random free orthogonal
// neighbours whose digits it lacks, preferring those with fewer free
// neighbours (so that few cells are left alone); a cage that ends below
// MinCage, or a cell left alone that was to grow, joins a neighbouring
// cage that has room and lacks its digits.
// It reports false when one cannot.
func (g *KillerGenerator) cover(l *killerLayout, rng *rand.Rand, free [81]bool) bool {
	if len(l.cells) == 0 {
		for c := range l.cageOf {
			l.cageOf[c] = -1
		}
	}
	freeAround := func(c int) int {
		n := 0
		for _, d := range orthogonal(c) {
			if d < 81 && free[d] {
				n++
			}
		}
		return n
	}
	var small []int
	for _, start := range rng.Perm(81) {
		if !free[start] {
			continue
		}
		want := g.drawSize(rng)
		k := len(l.cells)
		cells := []int{start}
		free[start] = false
		used := uint16(1) << l.sol[start]
		var next []int
		for len(cells) < want {
			next = next[:0]
			for _, c := range cells {
				for _, d := range orthogonal(c) {
					if d < 81 && free[d] && used&(1<<l.sol[d]) == 0 {
						next = append(next, d)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			d := next[rng.IntN(len(next))]
			if e := next[rng.IntN(len(next))]; freeAround(e) < freeAround(d) {
				d = e
			}
			cells = append(cells, d)
			free[d] = false
			used |= 1 << l.sol[d]
		}
		for _, c := range cells {
			l.cageOf[c] = int16(k)
		}
		l.cells = append(l.cells, cells)
		if len(cells) < g.opt.MinCage || len(cells) == 1 && want > 1 {
			small = append(small, k) // too small, or a cell left alone
		}
	}
	for _, k := range small {
		if len(l.cells[k]) >= g.opt.MinCage && len(l.cells[k]) != 1 || len(l.cells[k]) == 0 {
			continue // grown by a merge
		}
		if !g.merge(l, rng, k) && len(l.cells[k]) < g.opt.MinCage {
			return false
		}
	}
	return true
}

// merge joins cage k to a random neighbouring cage that has room for it
// and none of its digits.
func (g *KillerGenerator) merge(l *killerLayout, rng *rand.Rand, k int) bool {
	digits := func(cells []int) (m uint16) {
		for _, c := range cells {
			m |= 1 << l.sol[c]
		}
		return m
	}
	mine := digits(l.cells[k])
	var options []int
	for _, c := range l.cells[k] {
		for _, d := range orthogonal(c) {
			if d == 81 {
				continue
			}
			o := int(l.cageOf[d])
			if o < 0 || o == k || len(l.cells[o])+len(l.cells[k]) > g.opt.MaxCage || digits(l.cells[o])&mine != 0 {
				continue
			}
			options = append(options, o)
		}
	}
	if len(options) == 0 {
		return false
	}
	o := options[rng.IntN(len(options))]
	for _, c := range l.cells[k] {
		l.cageOf[c] = int16(o)
	}
	l.cells[o] = append(l.cells[o], l.cells[k]...)
	l.cells[k] = nil
	return true
}

// drawSize draws the size of a new cage.
func (g *KillerGenerator) drawSize(rng *rand.Rand) int {
	total := 0.0
	for _, w := range g.sizes {
		total += w
	}
	x := rng.Float64() * total
	for n, w := range g.sizes {
		if x < w {
			return n
		}
		x -= w
	}
	return g.opt.MaxCage
}

// Run makes opt.Count killers on opt.Workers goroutines and passes them
// to emit in index order, as Generator.Run does: the same seed and
// options give the same killers whatever the number of workers. With
// Dedupe, killers with the same cages and givens count as the same (Key
// is not used).
func (g *KillerGenerator) Run(ctx context.Context, opt RunOptions, emit func(KillerPuzzle) error) (Stats, error) {
	st, err := runIndexed(ctx, opt, g.Puzzle, func(p KillerPuzzle) string { return p.Grid.String() + p.Rules.Label() }, emit)
	st.Tries = g.Tries()
	return st, err
}

// ParseCageSize reads a range of cage sizes, "MIN-MAX" or a single
// number, as KillerOptions.MinCage and MaxCage: 1 to 9 cells.
func ParseCageSize(s string) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, sudoku.Invalidf("bad range of cage sizes %q (want MIN-MAX, such as 2-5)", s)
	case lo > hi:
		return 0, 0, sudoku.Invalidf("range of cage sizes %q is empty", s)
	case lo < 1 || hi > 9:
		return 0, 0, sudoku.Invalidf("range of cage sizes %q: a cage has 1 to 9 cells", s)
	}
	return lo, hi, nil
}
