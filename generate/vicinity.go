package generate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Move is a neighbourhood move {-Remove+Add}: take Remove clues away, then
// give Add empty cells (perhaps a removed one) the digits of one completion
// of what is left, so that the result still has a solution.
type Move struct{ Remove, Add int }

func (m Move) String() string { return fmt.Sprintf("{-%d+%d}", m.Remove, m.Add) }

// DiverseShare is the MaxShared of a search whose puzzles must differ, as
// sudokit generate asks for more than one: no two share more than half of
// their givens.
const DiverseShare = 0.5

// MaxSharedFor is the MaxShared of a vicinity search for count puzzles,
// as sudokit generate and the server's generate set it: DiverseShare when
// more than one puzzle is asked and diverse is on (their default), so
// that each comes from a lineage of its own and no two are near-copies;
// 0 otherwise (one puzzle, or diverse off: the near-copies one search
// finds).
func MaxSharedFor(count int, diverse bool) float64 {
	if diverse && count > 1 {
		return DiverseShare
	}
	return 0
}

// DefaultMoves are the moves Vicinity makes when VicinityOptions.Moves is
// empty: {-1+1}, {-2+2}, {-1+2} and {-2+1}, as the players' hardest-puzzle
// searches do.
var DefaultMoves = []Move{{1, 1}, {2, 2}, {1, 2}, {2, 1}}

// VicinityOptions tunes a neighbourhood search. The seed, the target and
// the clue bounds come from the Generator's Options; its Symmetry is
// ignored (moves break symmetry) and every puzzle found is minimal.
type VicinityOptions struct {
	// Workers is the number of goroutines (below 1: 1). The puzzles found,
	// and their order, do not depend on it.
	Workers int
	// From is the seed pool, such as a list of the hardest known puzzles.
	// When it holds more than PoolSize puzzles, PoolSize of them, drawn
	// with the seed, are rated and start the pool; all of them count as
	// seen: no puzzle equal to one of them (under Key) is emitted. Empty
	// From is a cold start: the pool starts as the hardest of ColdTries
	// puzzles made on ColdPatterns, or random minimal puzzles.
	From []sudoku.Grid
	// FromRatings, when it is as long as From, holds the seeds' ratings
	// (as grading them gives), which spares rating them again.
	FromRatings []grade.Ratings
	// PoolSize is how many of the hardest puzzles found so far the search
	// moves from (0: 32).
	PoolSize int
	// Moves are the moves tried, each as likely (empty: DefaultMoves).
	Moves []Move
	// Key names a puzzle for deduplication: two puzzles with the same key
	// are the same puzzle, and only the first is rated and emitted, so
	// puzzles with one key should rate the same (isomorphs do, but for SE's
	// tie-breaks by place, which can move the hardest by 0.1). The default
	// is the grid itself; a canonical form makes isomorphs one. It is
	// called from several goroutines.
	Key func(sudoku.Grid) string
	// Round is the number of moves drawn in one round (0: 32); each move
	// gives up to 4 candidates. The moves of a round start from the same
	// pool; the pool takes the round's rated candidates at its end.
	Round int
	// ColdPatterns are the clue patterns of a cold start's puzzles: puzzle
	// i is made on pattern i mod len(ColdPatterns) (with one solution, then
	// made minimal, so a clue the pattern's others make redundant goes).
	// A sparse pattern can hold far harder puzzles than random ones: on
	// HardPatterns the climb passes ER 9.5 within a minute, where from
	// random puzzles it stalls near 9.4. Empty: random minimal puzzles.
	ColdPatterns []Pattern
	// ColdTries is the number of puzzles rated to start a cold search (0:
	// PoolSize on patterns, 1,000 random ones).
	ColdTries int
	// MaxTries bounds the tries (moves drawn, puzzles or fills of a cold
	// start) since the last puzzle emitted, or since the start, before
	// Vicinity gives up with ErrGaveUp (0: the Generator's MaxTries). It is
	// checked at the end of each round.
	MaxTries int
	// MaxShared, above 0, makes the puzzles emitted differ from each
	// other: a puzzle is emitted only when, with each puzzle emitted
	// before, it shares at most this part of the givens of the one with
	// fewer (0.5: half), under the isomorphism that shares most (counted
	// by canon.SharesMore: the same digit in the same cell, after any
	// transformation and relabelling). With count above 1, each puzzle
	// then comes from a lineage of its own (see lineages): a fresh
	// start, seeded from the seed and the puzzle's index, from the seeds
	// (or cold puzzles) that differ from the puzzles emitted. A puzzle
	// that shares more still joins the pool, as a stepping stone, but
	// ranks below every puzzle that does not share more with any emitted
	// one as it stands (moves never transform a puzzle, so a pool's
	// near-copies share their ancestor's frame). 0 (or 1 and above)
	// leaves the search as it was: near-copies are emitted.
	MaxShared float64
	// Progress, when set, is called after each round.
	Progress func(VicinityStatus)
}

// VicinityStatus tells how a neighbourhood search is going.
type VicinityStatus struct {
	Round   int           // rounds done (the cold start or the seeds' rating is round 0)
	Pool    int           // puzzles in the pool
	Best    sudoku.Rating // the highest ER in the pool (a lower bound for puzzles over the target)
	Tries   int64         // moves drawn, and random puzzles or pattern fills of a cold start
	Unique  int64         // candidates the moves gave, each with one solution
	Minimal int64         // of those, reduced to minimal: new, in the clue bounds, not solved by singles when the target is harder
	Rated   int64         // candidates rated (the minimal ones not seen before)
	Near    int64         // of those, in the target but not emitted: they share more than MaxShared with a puzzle emitted
	Made    int           // puzzles emitted
	Elapsed time.Duration // since the start
}

// member is a puzzle of the pool.
type member struct {
	grid sudoku.Grid
	er   sudoku.Rating
	// weight ranks puzzles of one rating: the more steps of the hard
	// chains (8.5 and up) their path takes, the closer they seem to a
	// harder puzzle.
	weight int
	seq    int64 // order of arrival: among equal ratings and weights, the newest ranks first
	// near: the puzzle shares more than MaxShared of its givens, as it
	// stands, with a puzzle emitted (then it ranks below every other).
	near bool
	root int // the cold puzzle it descends from (from 1; 0: none)
}

// hardSteps weighs a graded path by its steps rated 8.5 and up: each
// counts its technique's lowest rating above 8.0, in tenths.
func hardSteps(res grade.Result) int {
	w := 0
	for key, u := range res.Usage {
		t, ok := techniques.Lookup(key)
		if !ok || t.Ratings.Min.Tenths() < 85 {
			continue
		}
		w += u.Steps * (t.Ratings.Min.Tenths() - 80)
	}
	return w
}

// candidate is a neighbour built from the pool, or a random puzzle of a
// cold start.
type candidate struct {
	ok       bool
	grid     sudoku.Grid
	solution sudoku.Grid
	key      string
	root     int // the cold puzzle it is or descends from (from 1; 0: none)
}

// rated is a candidate with its grade.
type rated struct {
	candidate
	res grade.Result
}

// vicinity is the state of one Vicinity run; only its driver goroutine
// touches it, workers see the pool snapshot of their round.
type vicinity struct {
	g       *Generator
	opt     VicinityOptions
	count   int
	emit    func(Puzzle) error
	pool    []member
	seen    map[string]bool // keys of seeds and of every candidate rated
	seq     int64
	tries   atomic.Int64
	unique  atomic.Int64
	minimal atomic.Int64
	rated   int64
	near    int64 // candidates in the target not emitted: near-copies
	made    int
	since   int64 // tries at the last puzzle emitted
	start   time.Time
	round   int
	stopMax sudoku.Rating
	emitted []sudoku.Grid // the puzzles emitted, when MaxShared is set
	// seed draws the search's random numbers: the Generator's seed, or
	// with MaxShared the current lineage's (lineageSeed).
	seed uint64
	// Lineages of a cold search share their cold puzzles: roots numbers
	// those made so far, reservoir keeps them (rated) for the next
	// lineages, retired marks the roots of puzzles emitted.
	roots     int
	reservoir []reserved
	retired   map[int]bool
	// seedChecks are the seeds of From checked against the puzzles
	// emitted (only near and checked are used).
	seedChecks []reserved
}

// reserved is a cold puzzle kept for the lineages to come, with the
// number of puzzles emitted it was checked against.
type reserved struct {
	member
	checked int
}

// Streams of the random generator, so that a cold start, the choice of
// seeds and the rounds never share numbers.
const (
	streamCold  = 1 << 62
	streamSeeds = 1<<62 + 1<<61
)

// Vicinity finds count puzzles that meet the target by a neighbourhood
// search, for targets above what random generation reaches (ER 9.0 and up):
// it keeps a pool of the hardest puzzles found, builds neighbours of them
// by the moves, keeps those with one solution that are minimal (cheap
// checks first: uniqueness, singles, minimality, the key not seen before),
// rates them with the Generator's grader, emits those that meet the target
// and puts the hardest in the pool, round after round.
//
// Each puzzle emitted has one solution, is minimal, meets the target and
// differs (by opt.Key) from every puzzle of opt.From and every puzzle
// emitted before. Puzzles come in a reproducible order: the same seed and
// options give the same puzzles whatever opt.Workers (rounds draw their
// moves from the seed and the round number, and their results are merged
// in candidate order). Vicinity stops after count puzzles, at emit's
// first error, at ctx's end, or with ErrGaveUp after opt.MaxTries
// tries without a new puzzle. Stats.Tries counts the tries; Puzzle.Tries
// those since the puzzle before.
//
// The output is reproducible as long as no grading runs out of the
// configured time budget (a budget of 0 never does): such a candidate is
// dropped, and whether it runs out depends on the machine.
func (g *Generator) Vicinity(ctx context.Context, count int, opt VicinityOptions, emit func(Puzzle) error) (Stats, error) {
	if !g.opt.Rules.IsClassic() {
		return Stats{}, sudoku.Invalidf("the vicinity search makes classic puzzles only, not %s: variants come from random generation", g.opt.Rules)
	}
	v := &vicinity{g: g, opt: opt, count: count, emit: emit, seen: map[string]bool{}, start: time.Now(), seed: g.opt.Seed}
	if v.opt.PoolSize <= 0 {
		v.opt.PoolSize = 32
	}
	if len(v.opt.Moves) == 0 {
		v.opt.Moves = DefaultMoves
	}
	for _, m := range v.opt.Moves {
		if m.Remove < 0 || m.Add < 0 || m.Remove+m.Add == 0 || m.Remove > 8 || m.Add > 8 {
			return Stats{}, sudoku.Invalidf("vicinity: bad move %v (remove and add 0 to 8 clues, not both 0)", m)
		}
	}
	if v.opt.Key == nil {
		v.opt.Key = func(g sudoku.Grid) string { return g.String() }
	}
	if v.opt.Round <= 0 {
		v.opt.Round = 32
	}
	if v.opt.ColdTries <= 0 {
		v.opt.ColdTries = 1000
		if len(v.opt.ColdPatterns) > 0 {
			v.opt.ColdTries = v.opt.PoolSize
		}
	}
	if v.opt.MaxTries <= 0 {
		v.opt.MaxTries = g.opt.MaxTries
	}
	v.stopMax = g.opt.Target.Rating.Max
	if count <= 0 {
		return v.stats(), nil
	}
	var err error
	if v.diverse() && count > 1 {
		err = v.lineages(ctx)
	} else {
		err = v.run(ctx, count)
	}
	if errors.Is(err, errDone) {
		err = nil
	}
	return v.stats(), err
}

func (v *vicinity) stats() Stats {
	return Stats{Made: v.made, Tries: v.tries.Load(), Elapsed: time.Since(v.start)}
}

func (v *vicinity) status() VicinityStatus {
	st := VicinityStatus{Round: v.round, Pool: len(v.pool), Tries: v.tries.Load(), Unique: v.unique.Load(), Minimal: v.minimal.Load(), Rated: v.rated, Near: v.near, Made: v.made, Elapsed: time.Since(v.start)}
	if len(v.pool) > 0 {
		st.Best = v.pool[0].er
	}
	return st
}

// lineages runs the search of puzzles that differ: puzzle i comes from
// lineage i, a search of its own from a fresh start (cold puzzles: a
// quarter of ColdTries of its own and those of the lineages before it
// that reuse allows; or seeds drawn for it, those that differ from the
// puzzles emitted first), whose random numbers come from
// lineageSeed(seed, i), and which ends at its first puzzle in the target
// that shares at most MaxShared with every puzzle emitted before. A
// search that goes on from its last puzzle finds near-copies of it for a
// long time; a fresh start is as likely to differ as two unrelated
// puzzles. Lineage 0 is the plain search's start, so the first puzzle is
// the one a run of one puzzle makes; the lineages run one after another
// (each on all workers), so the puzzles do not depend on the workers.
func (v *vicinity) lineages(ctx context.Context) error {
	total := v.count // run sets v.count to each lineage's end
	v.retired = map[int]bool{}
	for i := range total {
		v.seed = lineageSeed(v.g.opt.Seed, i)
		v.pool, v.seen, v.round, v.since = nil, map[string]bool{}, 0, v.tries.Load()
		if err := v.run(ctx, i+1); !errors.Is(err, errDone) {
			return err
		}
	}
	return errDone
}

// lineageSeed is the seed of lineage i of a search of puzzles that differ:
// the search's own for lineage 0, a mix of it and i (SplitMix64's
// finalizer) for the others.
func lineageSeed(seed uint64, i int) uint64 {
	if i == 0 {
		return seed
	}
	z := seed + uint64(i)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// run starts the pool, then runs rounds until done: until the search has
// emitted until puzzles.
func (v *vicinity) run(ctx context.Context, until int) error {
	v.count = until
	var err error
	if len(v.opt.From) > 0 {
		err = v.seeds(ctx)
	} else {
		err = v.cold(ctx)
	}
	if err != nil {
		return err
	}

	if len(v.pool) == 0 && len(v.opt.From) == 0 && len(v.opt.ColdPatterns) > 0 {
		return fmt.Errorf("vicinity: %w: no puzzle with one solution (in the clue bounds, not solved by singles) on the cold patterns within %d fills each", ErrGaveUp, coldPatternTries)
	}
	if len(v.pool) == 0 {
		return fmt.Errorf("vicinity: %w: no seed puzzle could be rated (none has one solution?)", ErrGaveUp)
	}
	for v.round = 1; ; v.round++ {
		if err := v.step(ctx); err != nil {
			return err
		}
		if v.opt.Progress != nil {
			v.opt.Progress(v.status())
		}
		if v.tries.Load()-v.since >= int64(v.opt.MaxTries) {
			return fmt.Errorf("vicinity: %w after %d tries without a new puzzle (best in the pool: %v); the target may be too far from the pool",
				ErrGaveUp, v.tries.Load()-v.since, v.pool[0].er)
		}
	}
}

// seeds rates the seed puzzles that start the pool (all of them count as
// seen).
func (v *vicinity) seeds(ctx context.Context) error {
	type seed struct {
		grid  sudoku.Grid
		known *grade.Ratings
		i     int // in From
	}
	known := len(v.opt.FromRatings) == len(v.opt.From)
	var start []seed
	for i, grid := range v.opt.From {
		k := v.opt.Key(grid)
		if v.seen[k] {
			continue
		}
		v.seen[k] = true
		sd := seed{grid: grid, i: i}
		if known {
			sd.known = &v.opt.FromRatings[i]
		}
		start = append(start, sd)
	}
	if len(start) > v.opt.PoolSize {
		rng := rand.New(rand.NewPCG(v.seed, streamSeeds))
		rng.Shuffle(len(start), func(i, j int) { start[i], start[j] = start[j], start[i] })
	}
	if len(v.emitted) > 0 {
		// A lineage after the first starts from the seeds that differ
		// from every puzzle emitted, as far as there are enough: the
		// forum's hardest are families of near-copies.
		slices.SortStableFunc(start, func(a, b seed) int {
			return cmp.Compare(b2i(v.seedNear(a.i)), b2i(v.seedNear(b.i)))
		})
	}
	start = start[:min(len(start), v.opt.PoolSize)]
	items := func(yield func(seed) bool) {
		for _, sd := range start {
			if !yield(sd) {
				return
			}
		}
	}
	err := batch.Run(ctx, batch.Options{Workers: v.opt.Workers}, items,
		func(sd seed) rated {
			res := v.g.grader.Grade(ctx, sudoku.NewState(sd.grid), grade.Options{StopAbove: v.stopMax, Known: sd.known})
			return rated{candidate{ok: true, grid: sd.grid, solution: res.Solution}, res}
		},
		func(r rated) error {
			if r.res.Status == grade.Cancelled {
				return ctx.Err()
			}
			v.admit(r)
			return nil
		})
	v.settle()
	return err
}

// seedNear reports whether seed i of From shares more than MaxShared
// with a puzzle emitted, under any isomorphism (remembering what it
// checked).
func (v *vicinity) seedNear(i int) bool {
	if v.seedChecks == nil {
		v.seedChecks = make([]reserved, len(v.opt.From))
	}
	r := &v.seedChecks[i]
	for ; r.checked < len(v.emitted) && !r.near; r.checked++ {
		e := v.emitted[r.checked]
		r.near = canon.SharesMore(v.opt.From[i], e, v.sharedBound(v.opt.From[i], e))
	}
	return r.near
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// coldPatternTries bounds the fills of a pattern for one puzzle of a cold
// start (the built-in 21-clue pattern takes about 660 on average).
const coldPatternTries = 5000

// cold starts the pool from minimal puzzles made on the cold patterns, or
// random ones; those that meet the target are emitted too.
func (v *vicinity) cold(ctx context.Context) error {
	t := v.g.opt.Target
	build := func(i int) []candidate {
		rng := rand.New(rand.NewPCG(v.seed, streamCold+uint64(i)))
		var grid, sol sudoku.Grid
		if pats := v.opt.ColdPatterns; len(pats) > 0 {
			p := &pats[i%len(pats)]
			for try := 0; ; try++ {
				if try == coldPatternTries || ctx.Err() != nil {
					return nil
				}
				v.tries.Add(1)
				v.g.tries.Add(1)
				var unique bool
				if grid, unique = fillPattern(p, solve.Solver{}, rng); unique {
					break
				}
			}
			grid = v.reduce(grid, rng)
			sol, _ = solve.Solve(grid)
		} else {
			v.tries.Add(1)
			v.g.tries.Add(1)
			d := draft{solution: solve.RandomGrid(rng), sym: None}
			v.g.dig(&d, rng)
			grid, sol = d.grid, d.solution
		}
		if clues := grid.Givens(); clues < t.MinClues || (t.MaxClues > 0 && clues > t.MaxClues) {
			return nil
		}
		if t.Rating.Min.Tenths() > 15 && techniques.SolvedBySingles(grid) {
			return nil
		}
		return []candidate{{ok: true, grid: grid, solution: sol, key: v.opt.Key(grid)}}
	}
	chunk := 8
	n := v.opt.ColdTries
	if len(v.opt.ColdPatterns) > 0 {
		chunk = 1 // a puzzle on a sparse pattern takes seconds to make
		if len(v.reservoir) > 0 {
			n = max(n/4, 1) // the lineages before made the others
		}
	}
	base := v.roots
	v.roots += n
	err := v.evaluate(ctx, n, chunk, func(i int) []candidate {
		cs := build(i)
		for j := range cs {
			cs[j].root = base + i + 1
		}
		return cs
	})
	if v.retired != nil && len(v.opt.ColdPatterns) > 0 {
		v.reuse()
	}
	return err
}

// reuse keeps the cold puzzles of a lineage's start for the lineages to
// come, and adds to the pool those that earlier lineages made, but for
// the roots of puzzles emitted and those that share more than MaxShared
// with a puzzle emitted: a puzzle on a sparse pattern takes seconds to
// make, and unrelated ones differ as much as fresh ones.
func (v *vicinity) reuse() {
	fresh := slices.Clone(v.pool)
	old := slices.DeleteFunc(v.reservoir, func(r reserved) bool { return v.retired[r.root] })
	for i := range old {
		r := &old[i]
		for ; r.checked < len(v.emitted) && !r.near; r.checked++ {
			e := v.emitted[r.checked]
			r.near = canon.SharesMore(r.grid, e, v.sharedBound(r.grid, e))
		}
		if !r.near {
			v.seq++
			m := r.member
			m.seq = v.seq
			v.pool = append(v.pool, m)
		}
	}
	old = slices.DeleteFunc(old, func(r reserved) bool { return r.near })
	for _, m := range fresh {
		if !m.near && !v.retired[m.root] {
			old = append(old, reserved{member: m, checked: len(v.emitted)})
		}
	}
	v.reservoir = old
	v.settle()
}

// step runs one round: neighbours of the pool's puzzles.
func (v *vicinity) step(ctx context.Context) error {
	pool := v.pool
	build := func(i int) []candidate {
		v.tries.Add(1)
		v.g.tries.Add(1)
		rng := rand.New(rand.NewPCG(v.seed, uint64(v.round)<<32|uint64(i)))
		// Parents near the top are drawn more often: the better of two.
		p := min(rng.IntN(len(pool)), rng.IntN(len(pool)))
		m := v.opt.Moves[rng.IntN(len(v.opt.Moves))]
		cs := v.neighbours(pool[p].grid, m, rng)
		for j := range cs {
			cs[j].root = pool[p].root
		}
		return cs
	}
	return v.evaluate(ctx, v.opt.Round, 8, build)
}

// evaluate builds n candidates in parallel (chunk at a time), keeps in
// order those that pass the cheap checks and whose key is new, rates them
// in parallel, and merges the results in order: into the pool, and to emit
// when they meet the target.
func (v *vicinity) evaluate(ctx context.Context, n, chunk int, build func(int) []candidate) error {
	var fresh []candidate
	err := batch.Run(ctx, batch.Options{Workers: v.opt.Workers, Chunk: chunk}, upTo(n), build,
		func(cs []candidate) error {
			for _, c := range cs {
				if c.ok && !v.seen[c.key] {
					v.seen[c.key] = true
					fresh = append(fresh, c)
				}
			}
			return nil
		})
	if err != nil {
		return err
	}
	items := func(yield func(candidate) bool) {
		for _, c := range fresh {
			if !yield(c) {
				return
			}
		}
	}
	err = batch.Run(ctx, batch.Options{Workers: v.opt.Workers}, items,
		func(c candidate) rated {
			res := v.g.grader.Grade(ctx, sudoku.NewState(c.grid), grade.Options{StopAbove: v.stopMax, Unique: true})
			return rated{c, res}
		},
		func(r rated) error {
			switch r.res.Status {
			case grade.Cancelled:
				return ctx.Err()
			case grade.Budget:
				return nil
			}
			v.rated++
			v.admit(r)
			if !v.g.opt.Target.accepts(r.res) {
				return nil
			}
			if v.diverse() {
				if !v.differs(r.grid) {
					v.near++
					return nil
				}
				v.noteEmitted(r.grid)
				if v.retired != nil {
					v.retired[r.root] = true
				}
			}
			p := Puzzle{Index: v.made, Seed: v.g.opt.Seed, Grid: r.grid, Solution: r.solution, Result: r.res,
				Symmetry: None, Tries: int(v.tries.Load() - v.since)}
			if err := v.emit(p); err != nil {
				return err
			}
			v.since = v.tries.Load()
			if v.made++; v.made == v.count {
				return errDone
			}
			return nil
		})
	v.settle()
	return err
}

// admit puts a graded puzzle in the pool (settle trims it).
func (v *vicinity) admit(r rated) {
	var er sudoku.Rating
	switch r.res.Status {
	case grade.Rated, grade.Over:
		er = r.res.ER
	case grade.Beyond:
		er = sudoku.RatingBeyond
	default:
		return
	}
	v.seq++
	m := member{grid: r.grid, er: er, weight: hardSteps(r.res), seq: v.seq, root: r.root}
	for _, e := range v.emitted {
		// A lineage's start (round 0: seeds, cold puzzles) is compared
		// under every isomorphism; its neighbours keep their frame.
		if v.round == 0 {
			m.near = canon.SharesMore(m.grid, e, v.sharedBound(m.grid, e))
		} else {
			m.near = canon.SameFrame(m.grid, e) > v.sharedBound(m.grid, e)
		}
		if m.near {
			break
		}
	}
	v.pool = append(v.pool, m)
}

// diverse reports whether puzzles emitted must differ (MaxShared).
func (v *vicinity) diverse() bool { return v.opt.MaxShared > 0 && v.opt.MaxShared < 1 }

// sharedBound is the most givens two puzzles may share under MaxShared.
func (v *vicinity) sharedBound(a, b sudoku.Grid) int {
	return int(v.opt.MaxShared * float64(min(a.Givens(), b.Givens())))
}

// differs reports whether a puzzle shares at most MaxShared of its givens
// with each puzzle emitted, under any isomorphism.
func (v *vicinity) differs(g sudoku.Grid) bool {
	for _, e := range v.emitted {
		if canon.SharesMore(g, e, v.sharedBound(g, e)) {
			return false
		}
	}
	return true
}

// emitted notes a puzzle emitted, and marks the pool's near-copies of it.
func (v *vicinity) noteEmitted(g sudoku.Grid) {
	v.emitted = append(v.emitted, g)
	for i := range v.pool {
		if m := &v.pool[i]; !m.near {
			m.near = canon.SameFrame(m.grid, g) > v.sharedBound(m.grid, g)
		}
	}
}

// settle keeps the PoolSize hardest puzzles of the pool: by rating, then
// weight, then the newest first; with MaxShared, the near-copies of
// puzzles emitted after all others.
func (v *vicinity) settle() {
	slices.SortFunc(v.pool, func(a, b member) int {
		if a.near != b.near {
			if a.near {
				return 1
			}
			return -1
		}
		if c := cmp.Compare(b.er.Tenths(), a.er.Tenths()); c != 0 {
			return c
		}
		if c := cmp.Compare(b.weight, a.weight); c != 0 {
			return c
		}
		return cmp.Compare(b.seq, a.seq)
	})
	if len(v.pool) > v.opt.PoolSize {
		v.pool = slices.Clip(v.pool[:v.opt.PoolSize])
	}
}

// maxCompletions bounds the solutions of a parent with its clues removed
// that a move reads: past it, the move adds clues of one solution at
// random cells and keeps the result if it happens to have one solution.
const maxCompletions = 2048

// perRemoval is how many neighbours a move draws from one removal: the
// solutions left are listed once for all of them.
const perRemoval = 4

// neighbours applies a move to a parent with rng. It removes m.Remove
// clues, lists the solutions left (up to maxCompletions), then draws up to
// perRemoval ways of adding m.Add clues that leave exactly one of them, so
// that each result has one solution by construction; clues that the new
// ones make redundant are then removed in random order, so that the
// result is minimal. It returns the results that keep the target's clue
// bounds, differ from the parent and are not solved by singles when the
// target is harder.
func (v *vicinity) neighbours(parent sudoku.Grid, m Move, rng *rand.Rand) []candidate {
	givens, ng := clueCells(parent)
	if m.Remove > ng {
		return nil
	}
	base := parent
	for i := 0; i < m.Remove; i++ { // a partial shuffle of the givens
		j := i + rng.IntN(ng-i)
		givens[i], givens[j] = givens[j], givens[i]
		base[givens[i]] = 0
	}
	var sols []sudoku.Grid
	n := solve.Each(base, maxCompletions+1, func(s sudoku.Grid) bool {
		sols = append(sols, s)
		return true
	})
	if n > maxCompletions {
		if c := v.blind(parent, base, givens[:m.Remove], m.Add, rng); c.ok {
			return []candidate{c}
		}
		return nil
	}
	var out []candidate
	alive := make([]int, 0, n)
	for range perRemoval {
		grid := base
		alive = alive[:0]
		for i := range sols {
			alive = append(alive, i)
		}
		ok := true
		for a := m.Add; a > 0 && len(alive) > 1; a-- {
			// count[c][d]: the solutions still alive with digit d at c.
			var count [81][10]int32
			for _, i := range alive {
				for c := range 81 {
					count[c][sols[i][c]]++
				}
			}
			var picks [81 * 9]int16
			np := 0
			for c := range 81 {
				if grid[c] != 0 {
					continue
				}
				for d := 1; d <= 9; d++ {
					k := int(count[c][d])
					// The last clue must leave one solution; an earlier one
					// must rule some out.
					if (a == 1 && k == 1) || (a > 1 && k > 0 && k < len(alive)) {
						picks[np] = int16(c*10 + d)
						np++
					}
				}
			}
			if np == 0 {
				ok = false
				break
			}
			pick := int(picks[rng.IntN(np)])
			c, d := pick/10, uint8(pick%10)
			grid[c] = d
			alive = slices.DeleteFunc(alive, func(i int) bool { return sols[i][c] != d })
		}
		if !ok || len(alive) != 1 {
			continue
		}
		if c := v.finish(parent, grid, sols[alive[0]], rng); c.ok && !slices.ContainsFunc(out, func(o candidate) bool { return o.grid == c.grid }) {
			out = append(out, c)
		}
	}
	return out
}

// blind adds clues of a random solution at random cells, for a move that
// leaves too many solutions to list: the result is kept when it happens to
// have one solution.
func (v *vicinity) blind(parent, grid sudoku.Grid, removed []int, add int, rng *rand.Rand) candidate {
	var cells []int
	for c, d := range parent {
		if d == 0 {
			cells = append(cells, c)
		}
	}
	cells = append(cells, removed...)
	sol, ok := solve.RandomSolution(grid, rng)
	if !ok || add > len(cells) {
		return candidate{}
	}
	for i := 0; i < add; i++ {
		j := i + rng.IntN(len(cells)-i)
		cells[i], cells[j] = cells[j], cells[i]
		grid[cells[i]] = sol[cells[i]]
	}
	if solve.Count(grid, 2).Count != 1 {
		return candidate{}
	}
	return v.finish(parent, grid, sol, rng)
}

// finish makes a neighbour with one solution minimal and checks it.
func (v *vicinity) finish(parent, grid, sol sudoku.Grid, rng *rand.Rand) candidate {
	v.unique.Add(1)
	grid = v.reduce(grid, rng)
	t := v.g.opt.Target
	clues := grid.Givens()
	if grid == parent || clues < t.MinClues || (t.MaxClues > 0 && clues > t.MaxClues) {
		return candidate{}
	}
	if t.Rating.Min.Tenths() > 15 && techniques.SolvedBySingles(grid) {
		return candidate{}
	}
	v.minimal.Add(1)
	return candidate{ok: true, grid: grid, solution: sol, key: v.opt.Key(grid)}
}

// clueCells lists the cells of a grid's clues: the first n of cells.
func clueCells(g sudoku.Grid) (cells [81]int, n int) {
	for c, d := range g {
		if d != 0 {
			cells[n] = c
			n++
		}
	}
	return cells, n
}

// reduce removes, in random order, the clues of a puzzle with one solution
// that it can do without, and returns the minimal puzzle left.
func (v *vicinity) reduce(grid sudoku.Grid, rng *rand.Rand) sudoku.Grid {
	givens, ng := clueCells(grid)
	rng.Shuffle(ng, func(i, j int) { givens[i], givens[j] = givens[j], givens[i] })
	for _, c := range givens[:ng] {
		d := grid[c]
		grid[c] = 0
		if solve.Count(grid, 2).Count != 1 {
			grid[c] = d
		}
	}
	return grid
}

// upTo yields 0, 1, ..., n-1.
func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}
