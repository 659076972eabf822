package solve

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// This file is the sized solver: it solves a sudoku.Board of any shape
// (4x4 to 25x25; 9x9 too, though classic grids have the tuned solver of
// solve.go). It keeps, for each digit, the cells where it may still go as
// a bit set of up to 625 cells (10 words; 4 for 16x16, at most 3 up to
// 12x12, and its loops run over the words the shape uses), finds naked
// singles by a bit-sliced count across the digits and hidden singles per
// house, removes a digit from a box outside a line (or from a line
// outside a box) when its places in the line (the box) lie in their
// intersection, looking only at the houses where a digit lost a place,
// and branches on the first cell with the fewest digits left. Its state is fixed arrays (about 2 KB),
// copied once per guess on the goroutine stack; nothing is allocated per
// node, and no maps or interfaces are touched on the hot path.

// boardWords is the number of words of a cell set of the largest board.
const boardWords = (sudoku.MaxSize*sudoku.MaxSize + 63) / 64

// boardBits is a set of cells of a board: bit i%64 of word i/64.
type boardBits = [boardWords]uint64

// maxBoardHouses is the number of houses of the largest board: its rows,
// columns and boxes, and two diagonals with the variant x.
const maxBoardHouses = 3*sudoku.MaxSize + 2

// boardTables are what the sized solver reads of a shape.
type boardTables struct {
	n, cells, words int
	full            boardBits                 // every cell
	house           [maxBoardHouses]boardBits // each house's cells
	lo, hi          [maxBoardHouses]uint8     // the words a house spans, lo..hi
	allHouses       [2]uint64                 // every house, as bits
	peers           [][3]uint8                // per cell: its row, column and box
	see             []boardBits               // per cell: the cells that share a house (diagonals too) with it
	of              [][2]uint64               // per cell: its houses, as bits
	maxElim         int                       // the most places of a digit in a house that eliminations look at
}

// boardTablesOf caches the tables of each shape, with the diagonals as
// houses and without; they are built once.
var boardTablesOf sync.Map // tablesKey -> *boardTables

// tablesKey is what the tables depend on: the shape, and whether the
// diagonals are houses (the variant x).
type tablesKey struct {
	shape sudoku.Shape
	x     bool
}

// tablesFor returns the tables of a shape without diagonals, or nil for
// the zero Shape.
func tablesFor(s sudoku.Shape) *boardTables { return tablesOf(s, false) }

// tablesOf returns the tables of a shape, with the diagonals as houses
// when x, or nil for the zero Shape.
func tablesOf(s sudoku.Shape, x bool) *boardTables {
	key := tablesKey{s, x}
	if t, ok := boardTablesOf.Load(key); ok {
		return t.(*boardTables)
	}
	if sudoku.ShapeOf(s.N()).N() == 0 {
		return nil
	}
	t := buildTables(sudoku.Board{Shape: s, X: x}, max(s.BoxRows(), s.BoxCols()))
	v, _ := boardTablesOf.LoadOrStore(key, t)
	return v.(*boardTables)
}

// buildTables makes the tables of b's shape and houses (its diagonals
// with X, a jigsaw's regions in place of the boxes), maxElim as
// boardTables says.
func buildTables(b sudoku.Board, maxElim int) *boardTables {
	n, x := b.Shape.N(), b.X
	t := &boardTables{n: n, cells: n * n, words: (n*n + 63) / 64, maxElim: maxElim}
	t.peers = make([][3]uint8, t.cells)
	t.see = make([]boardBits, t.cells)
	t.of = make([][2]uint64, t.cells)
	for c := range t.cells {
		t.full[c>>6] |= 1 << (c & 63)
	}
	houses := 3 * n
	if x {
		houses += 2
	}
	for h := range houses {
		t.allHouses[h>>6] |= 1 << (h & 63)
		cells := b.HouseCells(h)
		t.lo[h], t.hi[h] = uint8(cells[0]>>6), uint8(cells[len(cells)-1]>>6)
		for _, c := range cells {
			t.house[h][c>>6] |= 1 << (c & 63)
			if h < 3*n {
				t.peers[c][h/n] = uint8(h)
			}
			t.of[c][h>>6] |= 1 << (h & 63)
		}
	}
	for c := range t.cells {
		for h := range houses {
			if t.of[c][h>>6]>>(h&63)&1 != 0 {
				for w := range t.words {
					t.see[c][w] |= t.house[h][w]
				}
			}
		}
		t.see[c][c>>6] &^= 1 << (c & 63)
	}
	return t
}

// BoardResult is what a search of a Board found.
type BoardResult struct {
	// Count is the number of solutions found, at most the limit asked for.
	Count int
	// Solution is the first solution found; it is meaningful when Count > 0.
	Solution sudoku.Board
	// Guesses is the number of branch points the search went through.
	Guesses int
	// Stopped says that the search was stopped (its context was done)
	// before it finished: Count is then a lower bound.
	Stopped bool
}

// CountBoard searches b for solutions under its rules (its diagonals with
// X, a jigsaw's regions, its cages), stopping once limit are found
// (limit < 1 counts as 1). A board whose givens contradict each other, or
// that is not a valid board (no shape, a wrong count of cells, a value
// over N), has no solution; Board.Validate says why. To check uniqueness,
// ask for 2.
func CountBoard(b sudoku.Board, limit int) BoardResult {
	sr := boardSearch{limit: max(limit, 1)}
	return sr.run(b)
}

// CountBoardContext is CountBoard stopped when ctx is done: the result
// then has Stopped set (its count is a lower bound). A sparse board can
// keep the search going for minutes (a 12x12 of 33 givens bunched in its
// first seven rows); a server, a batch that may be interrupted, a grader
// with a budget give it a context.
func CountBoardContext(ctx context.Context, b sudoku.Board, limit int) BoardResult {
	sr := boardSearch{limit: max(limit, 1), done: ctx.Done()}
	return sr.run(b)
}

// SolveBoard returns the first solution of b, and whether it has one.
func SolveBoard(b sudoku.Board) (sudoku.Board, bool) {
	r := CountBoard(b, 1)
	return r.Solution, r.Count > 0
}

// RandomBoardSolution returns a solution of b drawn with rng (the same rng
// state gives the same solution), and whether b has one.
func RandomBoardSolution(b sudoku.Board, rng *rand.Rand) (sudoku.Board, bool) {
	// As for the general solver: searches with a budget of guesses that
	// doubles cut the heavy tail of a randomised search's time.
	for budget := 64; ; budget *= 2 {
		sr := boardSearch{limit: 1, rng: rng, budget: budget}
		r := sr.run(b)
		if !sr.overBudget {
			return r.Solution, r.Count > 0
		}
	}
}

// RandomBoard returns a random complete board of a shape, drawn with rng;
// the zero Board for a shape sudokit does not know.
func RandomBoard(s sudoku.Shape, rng *rand.Rand) sudoku.Board {
	if tablesFor(s) == nil {
		return sudoku.Board{}
	}
	b, _ := RandomBoardSolution(sudoku.NewBoard(s), rng)
	return b
}

// boardSearch holds one search's limit and findings.
type boardSearch struct {
	t          *boardTables
	limit      int
	count      int
	guesses    int
	first      [sudoku.MaxSize * sudoku.MaxSize]uint8
	rng        *rand.Rand
	budget     int
	overBudget bool
	cages      []boardCage // a killer's, none otherwise
	// done, when not nil, stops the search once closed; it is looked at
	// every checkEvery guesses.
	done    <-chan struct{}
	stopped bool
}

func (sr *boardSearch) run(b sudoku.Board) BoardResult {
	sr.t = boardTablesFor(b)
	if sr.t == nil || len(b.Cells) != sr.t.cells {
		return BoardResult{}
	}
	if len(b.Cages) > 0 {
		if b.Shape.N() > sudoku.MaxKillerSize {
			return BoardResult{}
		}
		sr.cages = cagesOf(b)
	}
	var s bstate
	if s.init(sr.t, b.Cells) {
		sr.search(&s)
	}
	res := BoardResult{Count: sr.count, Guesses: sr.guesses, Stopped: sr.stopped}
	if sr.count > 0 {
		res.Solution = b.WithCells(append([]uint8(nil), sr.first[:sr.t.cells]...))
	}
	return res
}

// bstate is the sized solver's candidate grid: for each digit (0..N-1 for
// 1..N) the cells where it may still go; a placed cell keeps its bit in
// its own digit's set only. done[d] marks the houses where digit d is
// placed; todo[d] marks the houses where digit d lost a place since the
// house logic last looked at them, and bit d of dirty says that todo[d]
// is not empty. (A cell that loses a digit names its three houses: the
// house logic looks at those alone, where looking at all of them, for
// each digit that lost a place anywhere, took most of the solver's time.)
type bstate struct {
	pos    [sudoku.MaxSize]boardBits
	solved boardBits
	done   [sudoku.MaxSize][2]uint64
	todo   [sudoku.MaxSize][2]uint64
	dirty  uint32
}

// init loads the cells of a board; it reports false when two givens
// share a house or a value is over N.
func (s *bstate) init(t *boardTables, cells []uint8) bool {
	for d := range t.n {
		s.pos[d] = t.full
	}
	for cell, v := range cells {
		if v == 0 {
			continue
		}
		if int(v) > t.n {
			return false
		}
		d := int(v - 1)
		if s.pos[d][cell>>6]&(1<<(cell&63)) == 0 {
			return false
		}
		s.place(t, d, cell)
	}
	return true
}

// place puts digit d in cell: the cell leaves the other digits' sets and
// the digit leaves the cell's peers. A contradiction it makes is for
// propagate to find.
func (s *bstate) place(t *boardTables, d, cell int) {
	w, m := cell>>6, uint64(1)<<(cell&63)
	of := &t.of[cell]
	for d2 := range t.n {
		if s.pos[d2][w]&m != 0 {
			s.pos[d2][w] &^= m
			s.dirty |= 1 << d2
			s.todo[d2][0] |= of[0]
			s.todo[d2][1] |= of[1]
		}
	}
	s.dirty |= 1 << d
	s.todo[d] = t.allHouses // its peers lose it
	p, see := &s.pos[d], &t.see[cell]
	for i := range t.words {
		p[i] &^= see[i]
	}
	p[w] |= m
	s.solved[w] |= m
	s.done[d][0] |= of[0]
	s.done[d][1] |= of[1]
}

// propagate places naked and hidden singles and makes eliminations until
// nothing changes; it reports false on a contradiction (a cell with no
// digit, or a digit with no place in a house).
func (s *bstate) propagate(t *boardTables) bool {
	for {
		var once, twice, single boardBits
		for d := range t.n {
			p := &s.pos[d]
			for w := range t.words {
				twice[w] |= once[w] & p[w]
				once[w] |= p[w]
			}
		}
		any := uint64(0)
		for w := range t.words {
			if once[w] != t.full[w] {
				return false
			}
			single[w] = once[w] &^ twice[w] &^ s.solved[w]
			any |= single[w]
		}
		if any != 0 {
			s.placeSingles(t, &single)
			continue
		}
		changed, ok := s.houses(t)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// placeSingles places the cells of single, each with one digit left when
// propagate found it (a cell that an earlier placement emptied is left
// for propagate to find).
func (s *bstate) placeSingles(t *boardTables, single *boardBits) {
	for w := range t.words {
		for x := single[w]; x != 0; x &= x - 1 {
			cell := 64*w + bits.TrailingZeros64(x)
			m := uint64(1) << (cell & 63)
			for d := range t.n {
				if s.pos[d][w]&m != 0 {
					s.place(t, d, cell)
					break
				}
			}
		}
	}
}

// houses looks, for each digit whose places changed since it last looked,
// at the houses where the digit is not placed: with one place left it
// goes there (a hidden single); with 2..maxElim places, the cells that see
// all of them lose it. changed says whether it placed or removed
// anything; ok is false when a digit has no place left in a house.
func (s *bstate) houses(t *boardTables) (changed, ok bool) {
	for s.dirty != 0 {
		d := bits.TrailingZeros32(s.dirty)
		s.dirty &^= 1 << d
		p := &s.pos[d]
		for hw := range 2 {
			look := s.todo[d][hw] &^ s.done[d][hw]
			s.todo[d][hw] = 0
			for ; look != 0; look &= look - 1 {
				h := 64*hw + bits.TrailingZeros64(look)
				if s.done[d][hw]&(1<<(h&63)) != 0 { // placed by this loop
					continue
				}
				hs := &t.house[h]
				lo, hi := int(t.lo[h]), int(t.hi[h])
				n, last := 0, 0
				for w := lo; w <= hi; w++ {
					if x := p[w] & hs[w]; x != 0 {
						n += bits.OnesCount64(x)
						last = 64*w + 63 - bits.LeadingZeros64(x)
					}
				}
				switch {
				case n == 0:
					return changed, false
				case n == 1:
					s.place(t, d, last)
					changed = true
				case n <= t.maxElim:
					if s.eliminate(t, d, h, last) {
						changed = true
					}
				}
			}
		}
	}
	return changed, true
}

// eliminate removes digit d from the cells that see every place it has
// left in house h (one of which is cell place), and reports whether it
// removed any. Those cells are
// outside h only when the places share a second house: a box for a row
// or a column (the box loses the digit outside h), a row or a column for
// a box (the line loses it outside the box), the box/line interactions.
func (s *bstate) eliminate(t *boardTables, d, h, place int) bool {
	p, hs := &s.pos[d], &t.house[h]
	lo, hi := int(t.lo[h]), int(t.hi[h])
	others := t.peers[place][2:3] // a line's places in one box
	if h/t.n == 2 {
		others = t.peers[place][0:2] // a box's places in one row or column
	}
	changed := false
	for _, o := range others {
		os := &t.house[o]
		inside := true
		for w := lo; w <= hi; w++ {
			if p[w]&hs[w]&^os[w] != 0 {
				inside = false
				break
			}
		}
		if !inside {
			continue
		}
		for w := int(t.lo[o]); w <= int(t.hi[o]); w++ {
			x := p[w] & os[w] &^ hs[w]
			if x == 0 {
				continue
			}
			p[w] &^= x
			changed = true
			for ; x != 0; x &= x - 1 {
				of := &t.of[64*w+bits.TrailingZeros64(x)]
				s.todo[d][0] |= of[0]
				s.todo[d][1] |= of[1]
			}
		}
	}
	if changed {
		s.dirty |= 1 << d
	}
	return changed
}

// pick chooses the cell to guess on: the first with the fewest digits
// left (two, mostly). It writes the cell's digits to alts and returns how
// many. (Taking, among those, the one whose digits are left in the most
// cells that see it makes 2.4 times fewer guesses on minimal 16x16
// puzzles, but sends some sparse boards with several solutions into
// searches of minutes where this one takes a millisecond.)
func (s *bstate) pick(t *boardTables, alts *[sudoku.MaxSize]uint8) (cell, n int) {
	var once, twice, thrice boardBits
	for d := range t.n {
		p := &s.pos[d]
		for w := range t.words {
			thrice[w] |= twice[w] & p[w]
			twice[w] |= once[w] & p[w]
			once[w] |= p[w]
		}
	}
	var choice boardBits // the cells with the fewest digits
	found := false
	for w := range t.words {
		choice[w] = twice[w] &^ thrice[w] &^ s.solved[w]
		found = found || choice[w] != 0
	}
	if !found {
		best := t.n + 1
		for w := range t.words {
			for x := t.full[w] &^ s.solved[w]; x != 0; x &= x - 1 {
				c := 64*w + bits.TrailingZeros64(x)
				k := 0
				for d := range t.n {
					k += int(s.pos[d][w] >> (c & 63) & 1)
				}
				if k < best {
					best, choice = k, boardBits{}
				}
				if k == best {
					choice[w] |= 1 << (c & 63)
				}
			}
		}
	}
	cell = -1
	for w := range t.words {
		if choice[w] != 0 {
			cell = 64*w + bits.TrailingZeros64(choice[w])
			break
		}
	}
	w, sh := cell>>6, cell&63
	for d := range t.n {
		if s.pos[d][w]>>sh&1 != 0 {
			alts[n] = uint8(d)
			n++
		}
	}
	return cell, n
}

// search explores s, which it may modify: each alternative but the last
// runs on a copy, the last on s itself, by looping.
func (sr *boardSearch) search(s *bstate) {
	t := sr.t
	for {
		if !s.propagate(t) || len(sr.cages) > 0 && !s.settleCages(t, sr.cages) {
			return
		}
		solvedAll := true
		for w := range t.words {
			if s.solved[w] != t.full[w] {
				solvedAll = false
			}
		}
		if solvedAll {
			if sr.count == 0 {
				s.fill(t, &sr.first)
			}
			sr.count++
			return
		}
		sr.guesses++
		if sr.budget != 0 && sr.guesses > sr.budget {
			sr.overBudget, sr.limit = true, 0
			return
		}
		if sr.done != nil && sr.guesses%checkEvery == 0 && sr.isDone() {
			return
		}
		var alts [sudoku.MaxSize]uint8
		cell, n := s.pick(t, &alts)
		if sr.rng != nil {
			sr.rng.Shuffle(n, func(i, j int) { alts[i], alts[j] = alts[j], alts[i] })
		}
		for _, d := range alts[:n-1] {
			sr.branch(s, int(d), cell)
			if sr.count >= sr.limit {
				return
			}
			s.pos[d][cell>>6] &^= 1 << (cell & 63)
			of := &t.of[cell]
			s.todo[d][0] |= of[0]
			s.todo[d][1] |= of[1]
			s.dirty |= 1 << d
		}
		s.place(t, int(alts[n-1]), cell)
	}
}

// isDone reports whether the search's context is done, and if so stops
// it: a limit of 0 makes every level of the search return.
func (sr *boardSearch) isDone() bool {
	select {
	case <-sr.done:
		sr.stopped, sr.limit = true, 0
		return true
	default:
		return false
	}
}

// branch explores "digit d in cell" on its own copy of the state.
func (sr *boardSearch) branch(s *bstate, d, cell int) {
	c := *s
	c.place(sr.t, d, cell)
	sr.search(&c)
}

// fill writes the digits of a solved state to out.
func (s *bstate) fill(t *boardTables, out *[sudoku.MaxSize * sudoku.MaxSize]uint8) {
	for d := range t.n {
		for w := range t.words {
			for x := s.pos[d][w]; x != 0; x &= x - 1 {
				out[64*w+bits.TrailingZeros64(x)] = uint8(d + 1)
			}
		}
	}
}

// CheckBoardContext is CheckPuzzle of a sized puzzle (its givens
// validated, its solutions counted to limit, the first one checked against
// the rules and the givens) stopped when ctx is done: it then returns
// ctx's error, and a report of what was found so far (not an answer), as
// CheckContext does.
func CheckBoardContext(ctx context.Context, b sudoku.Board, limit int) (Report, error) {
	limit = max(limit, 1)
	start := time.Now()
	rep := Report{Limit: limit}
	if err := b.Validate(); err != nil {
		rep.Status, rep.Err, rep.Elapsed = Invalid, err, time.Since(start)
		return rep, nil
	}
	r := CountBoardContext(ctx, b, limit)
	rep.Count, rep.Guesses = r.Count, r.Guesses
	if r.Stopped {
		rep.Elapsed = time.Since(start)
		return rep, ctx.Err()
	}
	switch {
	case r.Count == 0:
		rep.Status = Unsolvable
	case r.Count >= 2:
		rep.Status = Multiple
	case limit == 1:
		rep.Status = Found
	default:
		rep.Status = Unique
	}
	if r.Count > 0 {
		if err := completes(b, r.Solution); err != nil {
			rep = Report{Status: Invalid, Limit: limit, Err: fmt.Errorf("the solver's solution is refused: %w", err)}
		} else {
			rep.Board = &r.Solution
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// completes checks that sol is a complete valid board that keeps the
// givens of b.
func completes(b, sol sudoku.Board) error {
	if sol.Shape != b.Shape || len(sol.Cells) != len(b.Cells) {
		return fmt.Errorf("a %v board for a %v puzzle", sol.Shape, b.Shape)
	}
	for i, v := range sol.Cells {
		if v == 0 || b.Cells[i] != 0 && b.Cells[i] != v {
			return fmt.Errorf("cell %s", b.Shape.CellName(i))
		}
	}
	return sol.Validate()
}
