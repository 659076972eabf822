// Package solve holds sudokit's solver cores: they find solutions, count
// them up to a limit (the uniqueness check is a count to 2), and fill
// random complete grids for the generator. The package's functions solve
// classic sudoku with the tuned core described below; For(rules) gives
// the Solver of any rules, which runs the general core of general.go for
// variants (extra houses, jigsaw regions, pair rules) and this one for
// classic rules.
//
// The tuned search keeps candidates as one 27-bit word per digit and band and
// brings each digit to a fixpoint of two table lookups: rows against boxes
// inside a band, and columns against boxes inside a stack (within a band a
// digit's rows must take the three boxes in some permutation; likewise a
// stack's columns). That fixpoint finds every hidden single and every locked
// candidate, pointing and claiming, in rows and in columns. Across digits, a
// bit-sliced count finds naked singles, and triad rules (each row-box or
// column-box intersection holds exactly three digits) find contradictions
// early. A guess fixes the configuration of one digit in the band or stack
// with the fewest configurations left, as tdoku does. Each alternative but
// the last runs on a copy of the state (about 800 bytes, on the goroutine
// stack); nothing is allocated per node, and no maps or interfaces are
// touched on the hot path.
//
// All functions are safe for concurrent use: they keep no shared state.
package solve

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokit/sudokit/sudoku"
)

// Result is what a search found.
type Result struct {
	// Count is the number of solutions found, at most the limit asked for.
	Count int
	// Solution is the first solution found; it is meaningful when Count > 0.
	Solution sudoku.Grid
	// Guesses is the number of branch points the search went through.
	Guesses int
	// Stopped says that the search was stopped (its context was done)
	// before it finished: Count is then a lower bound.
	Stopped bool
}

// searcher holds one search's limit and findings; it lives on the caller's
// stack.
type searcher struct {
	// cands, when set, restricts the empty cells to these candidates.
	cands   *[81]sudoku.Digits
	limit   int
	count   int
	guesses int
	first   sudoku.Grid
	rng     *rand.Rand
	// visit, when set, sees each solution found; false stops the search.
	visit func(sudoku.Grid) bool
	// done, when not nil, stops the search once closed; it is looked at
	// every checkEvery guesses.
	done    <-chan struct{}
	stopped bool
}

// checkEvery is how many guesses pass between two looks at a search's
// context: a look costs a few nanoseconds, the guesses between two looks
// a millisecond or so.
const checkEvery = 1 << 10

// Count searches g for solutions, stopping once limit solutions are found
// (limit < 1 counts as 1). A grid whose givens contradict each other has no
// solution. To check uniqueness, ask for 2: Count is then 1 exactly when the
// solution is unique.
func Count(g sudoku.Grid, limit int) Result {
	sr := searcher{limit: max(limit, 1)}
	return sr.run(&g)
}

// CountState searches the solutions of a candidate state, stopping once
// limit solutions are found: its placed digits are givens, and a candidate
// removed from a cell is never put back. A state whose digits contradict
// each other has no solution.
func CountState(st *sudoku.State, limit int) Result {
	sr := searcher{limit: max(limit, 1), cands: &st.Cands}
	g := st.Grid()
	return sr.run(&g)
}

// Each calls visit with the solutions of g one at a time, until visit
// returns false or limit solutions have been visited (limit < 1 counts as
// 1), and returns how many it visited. The generator's neighbourhood
// search reads from them which clues would make a puzzle unique.
func Each(g sudoku.Grid, limit int, visit func(sudoku.Grid) bool) int {
	sr := searcher{limit: max(limit, 1), visit: visit}
	return sr.run(&g).Count
}

// CountStateContext is CountState stopped when ctx is done: the result
// then has Stopped set (its count is a lower bound). An adversarial
// candidate state can take a search seconds or more; a server gives it a
// deadline.
func CountStateContext(ctx context.Context, st *sudoku.State, limit int) Result {
	sr := searcher{limit: max(limit, 1), cands: &st.Cands, done: ctx.Done()}
	g := st.Grid()
	return sr.run(&g)
}

// Solve returns the first solution found, and false when there is none.
func Solve(g sudoku.Grid) (sudoku.Grid, bool) {
	r := Count(g, 1)
	return r.Solution, r.Count > 0
}

// RandomSolution returns a solution of g chosen at random with rng (every
// branch tries its digits in random order), and false when g has none. It is
// reproducible: the same rng state gives the same grid.
func RandomSolution(g sudoku.Grid, rng *rand.Rand) (sudoku.Grid, bool) {
	sr := searcher{limit: 1, rng: rng}
	r := sr.run(&g)
	return r.Solution, r.Count > 0
}

// RandomGrid returns a random complete grid drawn with rng. The three boxes
// on the diagonal share no unit, so each gets a random permutation of 1..9
// first; the search, randomised too, fills in the rest.
func RandomGrid(rng *rand.Rand) sudoku.Grid {
	var g sudoku.Grid
	for b := 0; b < 3; b++ {
		perm := rng.Perm(9)
		for i, d := range perm {
			g[(3*b+i/3)*9+3*b+i%3] = uint8(d + 1)
		}
	}
	g, _ = RandomSolution(g, rng)
	return g
}

func (sr *searcher) run(g *sudoku.Grid) Result {
	var s state
	if s.init(g) && (sr.cands == nil || s.restrict(g, sr.cands)) {
		sr.search(&s)
	}
	return Result{Count: sr.count, Solution: sr.first, Guesses: sr.guesses, Stopped: sr.stopped}
}

// search explores s, which it may modify. The first alternative of a branch
// runs on a copy; the last runs on s itself, by looping.
func (sr *searcher) search(s *state) {
	for {
		if !s.propagate() {
			return
		}
		if s.solved() {
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
		if unit, d, ok := s.pickConfig(); ok {
			m := s.mats[unit][d]
			n := int(permCount[m])
			order := [6]uint8{0, 1, 2, 3, 4, 5}
			if sr.rng != nil {
				sr.rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
			}
			for _, j := range order[:n-1] {
				sr.branchConfig(*s, unit, d, perms[m][j])
				if sr.count >= sr.limit {
					return
				}
			}
			s.restrictConfig(unit, d, perms[m][order[n-1]])
			continue
		}
		b, bit := s.pickCell()
		digits := s.digitsAt(b, bit)
		for bits.OnesCount32(digits) > 1 {
			d := sr.nextDigit(digits)
			digits &^= 1 << d
			sr.branch(*s, d, b, bit)
			if sr.count >= sr.limit {
				return
			}
			s.restrictDigit(d, b, ^bit)
		}
		s.place(bits.TrailingZeros32(digits), b, bit)
	}
}

// isDone reports whether the search's context is done, and if so stops
// it: a limit of 0 makes every level of the search return.
func (sr *searcher) isDone() bool {
	select {
	case <-sr.done:
		sr.stopped, sr.limit = true, 0
		return true
	default:
		return false
	}
}

// branch explores the alternative "digit d at bit of band b" on its own copy
// of the state, passed by value so that it lives on the goroutine stack.
func (sr *searcher) branch(s state, d, b int, bit uint32) {
	s.place(d, b, bit)
	sr.search(&s)
}

// branchConfig explores one configuration of a digit in a band or stack on
// its own copy of the state.
func (sr *searcher) branchConfig(s state, unit, d int, perm uint16) {
	s.restrictConfig(unit, d, perm)
	sr.search(&s)
}

// nextDigit picks the digit to try first: the smallest, or a random one when
// the search is randomised.
func (sr *searcher) nextDigit(digits uint32) int {
	if sr.rng == nil {
		return bits.TrailingZeros32(digits)
	}
	k := sr.rng.IntN(bits.OnesCount32(digits))
	for ; k > 0; k-- {
		digits &= digits - 1
	}
	return bits.TrailingZeros32(digits)
}
