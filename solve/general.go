package solve

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokit/sudokit/sudoku"
)

// Solver solves puzzles under one set of rules. For classic rules it is
// the package's functions, the tuned solver above; for any other rules
// (variants: extra houses, jigsaw regions, pair rules) it runs the
// general solver: a candidate bit set of 81 cells per digit, propagation
// of naked and hidden singles over every house and of the pair rules
// (a placed digit leaves its knight's and king's partners, and with
// non-consecutive its neighbours lose the digits next to it), and
// branching on a cell with the fewest candidates. Its state is a few
// hundred bytes of fixed arrays, copied once per guess; nothing is
// allocated per node, and no maps or interfaces are touched on the hot
// path.
//
// The zero Solver is classic's. A Solver is safe for concurrent use.
type Solver struct {
	rules sudoku.Rules
	t     *tables      // nil: classic rules, the tuned solver
	b     *boxedTables // rules that keep the boxes: the boxed-variant solver counts
	k     *ktables     // rules with cages: the killer solver (see killerCount)
}

// For returns the solver of a set of rules: the tuned solver for
// classic, the boxed-variant solver (with the general one behind it) for
// variants that keep the boxes and have no pair rule, the killer solver
// for rules with cages (which knows their sums), the general solver
// otherwise.
func For(rules sudoku.Rules) Solver {
	if rules.IsClassic() {
		return Solver{}
	}
	if rules.HasCages() {
		return Solver{rules: rules, k: newKTables(rules)}
	}
	s := Solver{rules: rules, t: newTables(rules)}
	if useBoxed(rules) {
		s.b = newBoxedTables(rules)
	}
	return s
}

// Rules returns the solver's rules.
func (s Solver) Rules() sudoku.Rules { return s.rules }

// Count is the package's Count under the solver's rules.
func (s Solver) Count(g sudoku.Grid, limit int) Result {
	if s.k != nil {
		return s.killerCount(g, limit, nil, nil, nil)
	}
	if s.t == nil {
		return Count(g, limit)
	}
	return s.count(g, limit, nil, nil)
}

// CountState is the package's CountState under the solver's rules.
func (s Solver) CountState(st *sudoku.State, limit int) Result {
	if s.k != nil {
		return s.killerCount(st.Grid(), limit, &st.Cands, nil, nil)
	}
	if s.t == nil {
		return CountState(st, limit)
	}
	return s.count(st.Grid(), limit, &st.Cands, nil)
}

// CountStateContext is the package's CountStateContext under the solver's
// rules.
func (s Solver) CountStateContext(ctx context.Context, st *sudoku.State, limit int) Result {
	if s.k != nil {
		return s.killerCount(st.Grid(), limit, &st.Cands, ctx.Done(), nil)
	}
	if s.t == nil {
		return CountStateContext(ctx, st, limit)
	}
	return s.count(st.Grid(), limit, &st.Cands, ctx.Done())
}

// count searches g (restricted to cands when not nil, stopped when done
// is closed) with the boxed-variant solver when the rules have one, and
// with the general solver otherwise, or when the boxed search runs past
// its budget of guesses (see boxedBudget) without settling the count.
func (s Solver) count(g sudoku.Grid, limit int, cands *[81]sudoku.Digits, done <-chan struct{}) Result {
	spent := 0
	if s.b != nil {
		sr := boxedSearch{t: s.b, limit: max(limit, 1), cands: cands, done: done, budget: boxedBudget}
		r := sr.run(&g)
		if !sr.overBudget {
			return r
		}
		spent = r.Guesses
	}
	sr := general{t: s.t, limit: max(limit, 1), cands: cands, done: done}
	r := sr.run(&g)
	r.Guesses += spent
	return r
}

// Each is the package's Each under the solver's rules. (It runs the
// general solver for every variant: a boxed search that handed over to it
// past its budget would visit some solutions twice.)
func (s Solver) Each(g sudoku.Grid, limit int, visit func(sudoku.Grid) bool) int {
	if s.k != nil {
		return s.killerCount(g, limit, nil, nil, visit).Count
	}
	if s.t == nil {
		return Each(g, limit, visit)
	}
	sr := general{t: s.t, limit: max(limit, 1), visit: visit}
	return sr.run(&g).Count
}

// Solve is the package's Solve under the solver's rules.
func (s Solver) Solve(g sudoku.Grid) (sudoku.Grid, bool) {
	r := s.Count(g, 1)
	return r.Solution, r.Count > 0
}

// RandomSolution is the package's RandomSolution under the solver's rules.
// Under cages it is the killer solver's first solution, not a random one
// (a killer's cages are drawn from a solution grid, not filled).
func (s Solver) RandomSolution(g sudoku.Grid, rng *rand.Rand) (sudoku.Grid, bool) {
	if s.k != nil {
		return s.Solve(g)
	}
	if s.t == nil {
		return RandomSolution(g, rng)
	}
	// A randomised search's time is heavy-tailed: now and then a bad
	// early guess costs it a million nodes. Searches with a budget of
	// guesses that doubles, each going on with the rng, cut the tail.
	for budget := 64; ; budget *= 2 {
		sr := general{t: s.t, limit: 1, rng: rng, budget: budget}
		r := sr.run(&g)
		if !sr.overBudget {
			return r.Solution, r.Count > 0
		}
	}
}

// RandomGrid returns a random complete grid under the solver's rules,
// drawn with rng (reproducible: the same rng state gives the same grid).
func (s Solver) RandomGrid(rng *rand.Rand) sudoku.Grid {
	if s.t == nil && s.k == nil {
		return RandomGrid(rng)
	}
	g, _ := s.RandomSolution(sudoku.Grid{}, rng)
	return g
}

// Check is the package's Check under the solver's rules.
func (s Solver) Check(st *sudoku.State, limit int) Report {
	rep, _ := s.CheckContext(context.Background(), st, limit)
	return rep
}

// CheckContext is the package's CheckContext under the solver's rules:
// the digits are checked against them, and so is the solution found.
func (s Solver) CheckContext(ctx context.Context, st *sudoku.State, limit int) (Report, error) {
	return check(ctx, s.rules, st, limit, s.CountStateContext)
}

// tables are what the general solver reads of a set of rules, in fixed
// arrays.
type tables struct {
	houses   int                        // how many
	allH     uint64                     // bit h for each house h
	house    [sudoku.MaxHouses]cellBits // each house's cells
	of       [81]uint64                 // each cell's houses
	peers    [81]cellBits               // cells that may not share a cell's digit
	adjacent [81]cellBits               // orthogonal neighbours, with non-consecutive; else none
	nc       bool                       // non-consecutive
	maxElim  int                        // the most places of a digit in a house that eliminations look at (see elimLimit)
	ofByte   [11][256]uint64            // ofByte[k][v]: the houses of the cells of byte k of a cell set when it is v
}

// cellBits is a set of cells, as sudoku.CellSet: bit i%64 of word i/64.
type cellBits = [2]uint64

// full81 is the set of all 81 cells.
var full81 = cellBits{^uint64(0), 1<<17 - 1}

func newTables(r sudoku.Rules) *tables {
	t := &tables{houses: r.NumHouses(), nc: r.HasPair(sudoku.NonConsecutive)}
	t.allH = 1<<t.houses - 1
	for h := range t.houses {
		t.house[h] = r.HouseCells(h)
	}
	t.maxElim = elimLimit(r)
	for c := range 81 {
		t.of[c] = r.HousesOf(c)
		t.peers[c] = r.Peers(c)
		t.adjacent[c] = r.Partners(sudoku.NonConsecutive, c)
	}
	for k := range t.ofByte {
		for v := 1; v < 256; v++ {
			if c := 8*k + bits.TrailingZeros(uint(v)); c < 81 {
				t.ofByte[k][v] = t.ofByte[k][v&(v-1)] | t.of[c]
			}
		}
	}
	return t
}

// elimLimit returns the most places of a digit in a house that the
// general solver's eliminations look at: three (maxElim), or, where two
// houses share more cells than that (a jigsaw's regions and the rows and
// columns), as many as they share, so that pointing and claiming between
// them are all found. (On the jigsaw puzzles of testdata that cut the
// guesses by a fifth, 44.5 to 36 a puzzle, and the time by 12%; under
// rules whose houses share three cells at most, looking at more places
// cost 8-11% more time for 0-5% fewer guesses.)
func elimLimit(r sudoku.Rules) int {
	limit := maxElim
	for a := range r.NumHouses() {
		for b := range a {
			limit = max(limit, r.HouseCells(a).Intersect(r.HouseCells(b)).Count())
		}
	}
	return limit
}

// general holds one search's limit and findings, as searcher does for the
// tuned solver; it lives on the caller's stack.
type general struct {
	t       *tables
	cands   *[81]sudoku.Digits
	limit   int
	count   int
	guesses int
	first   sudoku.Grid
	rng     *rand.Rand
	visit   func(sudoku.Grid) bool
	done    <-chan struct{}
	stopped bool
	// budget, when not 0, is how many guesses the search may make; past
	// it the search stops, with overBudget set.
	budget     int
	overBudget bool
	// maxElim is propagate's limit: the tables' (see elimLimit), or
	// maxElim in a randomised search, so that a seed gives the grids it
	// gave before elimLimit.
	maxElim int
}

func (sr *general) run(g *sudoku.Grid) Result {
	sr.maxElim = sr.t.maxElim
	if sr.rng != nil {
		sr.maxElim = maxElim
	}
	var s gstate
	if s.init(sr.t, g) && (sr.cands == nil || s.restrict(g, sr.cands)) {
		sr.search(&s)
	}
	return Result{Count: sr.count, Solution: sr.first, Guesses: sr.guesses, Stopped: sr.stopped}
}

// search explores s, which it may modify: each alternative but the last
// runs on a copy, the last on s itself, by looping.
func (sr *general) search(s *gstate) {
	t := sr.t
	for {
		if !s.propagate(t, sr.maxElim) {
			return
		}
		if s.solved == full81 {
			if sr.count == 0 {
				sr.first = s.grid()
			}
			sr.count++
			if sr.visit != nil && !sr.visit(s.grid()) {
				sr.limit = sr.count // stop
			}
			return
		}
		sr.guesses++
		if sr.done != nil && sr.guesses%checkEvery == 0 && sr.isDone() {
			return
		}
		if sr.budget != 0 && sr.guesses > sr.budget {
			sr.overBudget, sr.limit = true, 0
			return
		}
		var alts [9]choice
		n := s.pick(t, &alts, sr.rng == nil)
		if sr.rng != nil {
			sr.rng.Shuffle(n, func(i, j int) { alts[i], alts[j] = alts[j], alts[i] })
		}
		for _, a := range alts[:n-1] {
			sr.branch(*s, int(a.d), int(a.cell))
			if sr.count >= sr.limit {
				return
			}
			s.pos[a.d][a.cell>>6] &^= 1 << (a.cell & 63)
		}
		s.place(t, int(alts[n-1].d), int(alts[n-1].cell))
	}
}

// choice is one alternative of a guess: digit d (0..8) in cell.
type choice struct{ d, cell uint8 }

// branch explores "digit d in cell" on its own copy of the state.
func (sr *general) branch(s gstate, d, cell int) {
	s.place(sr.t, d, cell)
	sr.search(&s)
}

// isDone reports whether the search's context is done, and if so stops
// it.
func (sr *general) isDone() bool {
	select {
	case <-sr.done:
		sr.stopped, sr.limit = true, 0
		return true
	default:
		return false
	}
}
