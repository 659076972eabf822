package solve

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// referenceCount counts solutions up to limit with plain backtracking on the
// most constrained cell: slow but simple, and independent of the solvers
// under test. It gives up (ok=false) after maxNodes nodes.
func referenceCount(g sudoku.Grid, limit, maxNodes int) (n int, ok bool) {
	return referenceCountUnder(sudoku.Rules{}, g, nil, limit, maxNodes)
}

// referenceCountUnder is referenceCount under any rules
// (Rules.Candidates), where an empty cell takes only the digits its marks
// hold when marks is not nil (a candidate state).
func referenceCountUnder(r sudoku.Rules, g sudoku.Grid, marks *[81]sudoku.Digits, limit, maxNodes int) (n int, ok bool) {
	if r.Check(g) != nil {
		return 0, true
	}
	nodes := 0
	var rec func() bool
	rec = func() bool {
		if nodes++; nodes > maxNodes {
			return false
		}
		cands := r.Candidates(g)
		best, bestN := -1, 10
		for i, v := range g {
			if v != 0 {
				continue
			}
			if marks != nil {
				cands[i] &= marks[i]
			}
			if cands[i].Count() < bestN {
				best, bestN = i, cands[i].Count()
			}
		}
		if best < 0 {
			n++
			return true
		}
		for _, d := range cands[best].Slice() {
			g[best] = uint8(d)
			if !rec() {
				return false
			}
			if n >= limit {
				break
			}
		}
		g[best] = 0
		return true
	}
	ok = rec()
	return n, ok
}

func mustGrid(t testing.TB, s string) sudoku.Grid {
	t.Helper()
	var g sudoku.Grid
	if len(s) != 81 {
		t.Fatalf("grid %q has %d cells", s, len(s))
	}
	for i := range s {
		if s[i] >= '1' && s[i] <= '9' {
			g[i] = s[i] - '0'
		}
	}
	return g
}

func TestCount(t *testing.T) {
	const (
		solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
		// The first of serg-multisolution.txt: several solutions.
		multi = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	)
	tests := []struct {
		name  string
		grid  string
		limit int
		want  int
	}{
		{"solved grid", solved, 2, 1},
		{"one cell missing", "." + solved[1:], 2, 1},
		{"top95 #1", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", 2, 1},
		{"norvig hardest #2", "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", 2, 1},
		{"forum hardest 1106 #1", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", 2, 1},
		{"multiple solutions", multi, 2, 2},
		{"multiple solutions, limit 10", multi, 10, 10},
		{"50 blanks", solved[:31] + strings.Repeat(".", 50), 2, 2},
		{"empty grid stops at the limit", "", 2, 2},
		{"empty grid, limit 1", "", 1, 1},
		{"limit below 1 counts as 1", "", 0, 1},
		{"empty grid, limit 1000", "", 1000, 1000},
		{"givens conflict", "11" + strings.Repeat(".", 79), 2, 0},
		// Valid givens, no solution: row 1 leaves only 9 for r1c9, and box 3
		// already has its 9 at r2c7.
		{"cell without candidate", "12345678." + "......9.." + strings.Repeat(".", 63), 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grid := tt.grid
			if grid == "" {
				grid = "................................................................................."
			}
			g := mustGrid(t, grid)
			r := Count(g, tt.limit)
			if r.Count != tt.want {
				t.Fatalf("Count = %d, want %d", r.Count, tt.want)
			}
			if r.Count > 0 {
				if err := sudoku.CheckSolution(g, r.Solution); err != nil {
					t.Fatalf("solution %s: %v", r.Solution, err)
				}
			}
			if ref, ok := referenceCount(g, min(max(tt.limit, 1), 2), 1e6); ok && ref != min(tt.want, 2) {
				t.Errorf("reference count %d disagrees with the table's %d", ref, tt.want)
			}
		})
	}
}

// checkSet solves every puzzle of a set with a count to 2 and checks each
// solution against the rules and the count against want.
func checkSet(t *testing.T, name string, puzzles []sudoku.Puzzle, want int) {
	bad := 0
	for _, p := range puzzles {
		r := Count(p.Grid, 2)
		err := error(nil)
		if r.Count > 0 {
			err = sudoku.CheckSolution(p.Grid, r.Solution)
		}
		if r.Count != want || err != nil {
			bad++
			if bad <= 5 {
				t.Errorf("%s line %d: count %d (want %d), solution check: %v", name, p.Line, r.Count, want, err)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d puzzles wrong", name, bad, len(puzzles))
	}
}

func TestTestdataSets(t *testing.T) {
	sets := []struct {
		file string
		want int
	}{
		{"norvig-easy50.txt", 1},
		{"norvig-top95.txt", 1},
		{"norvig-hardest.txt", 1},
		{"magictour-top1465.txt", 1},
		{"forum-hardest-1106.txt", 1},
		{"norvig-top95.se121.txt", 1},
		{"qqwing-sample220.se121.txt", 1},
		{"royle-17clue-2000.txt", 1},
		{"forum-hardest-1905-11plus-1000.txt", 1},
		{"serg-multisolution-1000.txt", 2},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			t.Parallel()
			checkSet(t, s.file, testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", s.file), 0), s.want)
		})
	}
}

// TestSharedSets runs the full public sets; it skips in a user's clone,
// where ../shared is absent, and runs in CI.
func TestSharedSets(t *testing.T) {
	if testing.Short() {
		t.Skip("full public sets are skipped in -short mode")
	}
	sets := []struct {
		file string
		want int
	}{
		{"royle-17clue.txt", 1},
		{"forum-hardest-1905-11plus.txt", 1},
		{"serg-multisolution.txt", 2},
	}
	for _, s := range sets {
		t.Run(s.file, func(t *testing.T) {
			checkSet(t, s.file, loadShared(t, s.file), s.want)
		})
	}
}

// TestAgainstReference cross-checks counts with the reference counter on
// puzzles derived from real ones by removing or adding givens, which gives
// a mix of unique, multiple and unsolvable grids.
func TestAgainstReference(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "norvig-top95.txt"), 0)
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[int]int{}
	for i := 0; i < 300; i++ {
		g := puzzles[rng.IntN(len(puzzles))].Grid
		for k := rng.IntN(6); k > 0; k-- { // drop a few givens
			g[rng.IntN(81)] = 0
		}
		for k := rng.IntN(4); k > 0; k-- { // add a few digits, not always right
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		ref, ok := referenceCount(g, 2, 2e6)
		if !ok {
			continue
		}
		r := Count(g, 2)
		counts[r.Count]++
		if r.Count != ref {
			t.Fatalf("grid %s: Count = %d, reference = %d", g, r.Count, ref)
		}
		if r.Count > 0 {
			if err := sudoku.CheckSolution(g, r.Solution); err != nil {
				t.Fatalf("grid %s: %v", g, err)
			}
		}
	}
	for _, c := range []int{0, 1, 2} {
		if counts[c] == 0 {
			t.Errorf("no grid with %d solutions among the cases (%v): the test lost its power", c, counts)
		}
	}
}

func TestRandomGrid(t *testing.T) {
	seen := map[sudoku.Grid]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		g := RandomGrid(rand.New(rand.NewPCG(seed, 7)))
		if err := sudoku.CheckSolution(sudoku.Grid{}, g); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, g, err)
		}
		again := RandomGrid(rand.New(rand.NewPCG(seed, 7)))
		if again != g {
			t.Fatalf("seed %d: not reproducible: %s then %s", seed, g, again)
		}
		seen[g] = true
	}
	if len(seen) < 50 {
		t.Errorf("50 seeds gave only %d distinct grids", len(seen))
	}
	// Digit frequencies at r1c1 should not be stuck on one value.
	var first [10]int
	for seed := uint64(0); seed < 900; seed++ {
		first[RandomGrid(rand.New(rand.NewPCG(seed, 1)))[0]]++
	}
	for d := 1; d <= 9; d++ {
		if first[d] < 50 || first[d] > 150 {
			t.Errorf("digit %d at r1c1 in %d of 900 grids, want about 100: %v", d, first[d], first[1:])
		}
	}
}

func TestRandomSolutionKeepsGivens(t *testing.T) {
	g := mustGrid(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")
	seen := map[sudoku.Grid]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		s, ok := RandomSolution(g, rand.New(rand.NewPCG(seed, 3)))
		if !ok {
			t.Fatal("no solution")
		}
		if err := sudoku.CheckSolution(g, s); err != nil {
			t.Fatal(err)
		}
		seen[s] = true
	}
	if len(seen) < 2 {
		t.Errorf("40 seeds found %d distinct solutions of a multi-solution puzzle", len(seen))
	}
	if _, ok := RandomSolution(mustGrid(t, "11"+strings.Repeat(".", 79)), rand.New(rand.NewPCG(1, 1))); ok {
		t.Error("conflicting givens reported solvable")
	}
}

func TestConcurrentUse(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "norvig-top95.txt"), 0)
	want := make([]sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		want[i], _ = Solve(p.Grid)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, p := range puzzles {
				if got, _ := Solve(p.Grid); got != want[i] {
					t.Errorf("puzzle %d: concurrent solve differs", i)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzCount checks the solver's invariants on arbitrary grids: a count in
// 0..2, any solution valid and keeping the givens, and agreement with the
// reference counter.
func FuzzCount(f *testing.F) {
	f.Add([]byte("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	f.Add([]byte("8.........95.......76.........426798...571243...893165......916....3.487....1.532"))
	f.Add([]byte("11"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		var g sudoku.Grid
		for i := 0; i < len(data) && i < 81; i++ {
			if c := data[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		r := Count(g, 2)
		if r.Count < 0 || r.Count > 2 {
			t.Fatalf("count %d outside 0..2", r.Count)
		}
		if r.Count > 0 {
			if err := sudoku.CheckSolution(g, r.Solution); err != nil {
				t.Fatalf("grid %s: solution %s: %v", g, r.Solution, err)
			}
		}
		if ref, ok := referenceCount(g, 2, 2e4); ok && ref != r.Count {
			t.Fatalf("grid %s: Count = %d, reference = %d", g, r.Count, ref)
		}
	})
}

// referenceCountState counts the solutions of a candidate state with plain
// backtracking: an empty cell takes only digits its marks hold.
func referenceCountState(st *sudoku.State, limit, maxNodes int) (n int, ok bool) {
	return referenceCountUnder(sudoku.Rules{}, st.Grid(), &st.Cands, limit, maxNodes)
}

// TestCountState checks solving from candidate states: a puzzle's own
// state solves as the puzzle; removing wrong candidates keeps its one
// solution; removing a right one leaves none; and random states, some of
// them from puzzles with several solutions, count as a reference counter
// that honours the marks says.
func TestCountState(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "norvig-top95.txt"), 0)
	multi := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "serg-multisolution-1000.txt"), 0)[:100]
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range puzzles[:20] {
		st := sudoku.NewState(p.Grid)
		if got, want := CountState(st, 2), Count(p.Grid, 2); got.Count != want.Count || got.Solution != want.Solution {
			t.Fatalf("%s: the puzzle's own state counts %d, the puzzle %d", p.Grid, got.Count, want.Count)
		}
		sol := Count(p.Grid, 1).Solution
		wrong := st.Clone()
		for i := range 81 {
			if wrong.Values[i] == 0 && rng.IntN(2) == 0 {
				wrong.Cands[i] = wrong.Cands[i] & (sudoku.DigitSet(int(sol[i])) | sudoku.Digits(rng.IntN(1024)&0x3FE))
			}
		}
		if r := CountState(wrong, 2); r.Count != 1 || r.Solution != sol {
			t.Fatalf("%s: with wrong candidates removed: count %d", p.Grid, r.Count)
		}
		right := st.Clone()
		for i := range 81 {
			if right.Values[i] == 0 {
				right.Cands[i] = right.Cands[i].Without(int(sol[i]))
				break
			}
		}
		if r := CountState(right, 2); r.Count != 0 {
			t.Fatalf("%s: with a solution's digit removed: count %d", p.Grid, r.Count)
		}
	}
	checked, counts := 0, map[int]int{}
	for _, p := range multi {
		// Narrow random cells towards one of the solutions: the count may
		// stay several, fall to one, or to none when a cell loses that
		// solution's digit too.
		st := sudoku.NewState(p.Grid)
		sol := Count(p.Grid, 1).Solution
		rate := 1 + rng.IntN(12)
		for i := range 81 {
			if st.Values[i] == 0 && rng.IntN(rate) == 0 {
				keep := sudoku.DigitSet(int(sol[i]), 1+rng.IntN(9))
				if rng.IntN(40) == 0 {
					keep = keep.Without(int(sol[i]))
				}
				st.Cands[i] &= keep
			}
		}
		want, ok := referenceCountState(st, 2, 2e6)
		if !ok {
			continue
		}
		checked++
		counts[want]++
		if got := CountState(st, 2); got.Count != want {
			t.Fatalf("%s with marks: count %d, reference %d", p.Grid, got.Count, want)
		}
	}
	t.Logf("%d states checked against the reference: %v by count", checked, counts)
	if checked < 50 || len(counts) < 3 {
		t.Errorf("%d states checked against the reference, counts %v: the test lost its power", checked, counts)
	}
}

// TestEach checks that Each visits distinct solutions of the puzzle, as
// many as the reference counts (up to the limit), and stops when asked.
func TestEach(t *testing.T) {
	var puzzles []sudoku.Grid
	for _, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "serg-multisolution-1000.txt"), 0)[:40] {
		puzzles = append(puzzles, p.Grid)
	}
	// Two clues off a 17-clue puzzle leave many solutions.
	g := mustGrid(t, "000000010400000000020000000000050407008000300001090000300400200050100000000806000")
	g[7], g[9] = 0, 0
	puzzles = append(puzzles, g)
	for i, p := range puzzles {
		want, ok := referenceCount(p, 50, 1_000_000)
		if !ok {
			t.Fatalf("puzzle %d: the reference gave up", i)
		}
		seen := map[sudoku.Grid]bool{}
		n := Each(p, 50, func(s sudoku.Grid) bool {
			if s.Validate() != nil || s.Givens() != 81 {
				t.Errorf("puzzle %d: visited a grid that is not a solution: %s", i, s)
			}
			for c, d := range p {
				if d != 0 && s[c] != d {
					t.Errorf("puzzle %d: solution %s changes the given at %d", i, s, c)
				}
			}
			seen[s] = true
			return true
		})
		if n != want || len(seen) != want {
			t.Errorf("puzzle %d: Each visited %d solutions (%d distinct), the reference counts %d", i, n, len(seen), want)
		}
		if want < 2 {
			continue
		}
		calls := 0
		if n := Each(p, 50, func(sudoku.Grid) bool { calls++; return calls < 2 }); n != 2 || calls != 2 {
			t.Errorf("puzzle %d: Each went on after visit said stop: %d solutions, %d calls", i, n, calls)
		}
	}
}

// TestCountStateContext checks that a search stops soon after its context
// is done, and says so: enumerating the solutions of an empty grid never
// ends by itself.
func TestCountStateContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var empty sudoku.Grid
	start := time.Now()
	r := CountStateContext(ctx, sudoku.NewState(empty), 1<<40)
	if !r.Stopped || r.Count == 0 || time.Since(start) > 5*time.Second {
		t.Errorf("stopped %v after %d solutions, %d guesses, %s", r.Stopped, r.Count, r.Guesses, time.Since(start))
	}
	rep, err := CheckContext(ctx, sudoku.NewState(empty), 1<<40)
	if err == nil || rep.Status == Multiple {
		t.Errorf("CheckContext after the deadline: %v, %v", rep.Status, err)
	}
	// A context that is not done changes nothing.
	p, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if r := CountStateContext(context.Background(), sudoku.NewState(p), 2); r.Stopped || r.Count != 1 {
		t.Errorf("a hard puzzle: %+v", r)
	}
}

// TestTriadRulesLooksAtEveryUnit checks that triadRules, which the
// boxed-variant solver calls after writing the triad matrices itself,
// looks at every band and stack whatever the classic search's record of
// changed units (s.units) says: it must find the same eliminations with
// that record empty as triadRulesIn over all six units.
func TestTriadRulesLooksAtEveryUnit(t *testing.T) {
	// settle brings every digit to its fixpoint and places the naked
	// singles, short of the triad rules.
	settle := func(s *state) bool {
		for {
			for s.dirty != 0 {
				if !s.updateDigit(bits.TrailingZeros32(s.dirty)) {
					return false
				}
			}
			found, ok := s.nakedSingles()
			if !ok {
				return false
			}
			if !found {
				return true
			}
		}
	}
	fired := 0
	for _, p := range loadTestdata(t, "forum-hardest-1106.txt") {
		var s state
		if !s.init(&p.Grid) || !s.propagate() {
			t.Fatalf("%s: no fixpoint at the root", p.Grid)
		}
		// One guess, then the state the triad rules see next.
		unit, d, ok := s.pickConfig()
		if !ok {
			continue
		}
		s.restrictConfig(unit, d, perms[s.mats[unit][d]&0x1FF][0])
		if !settle(&s) {
			continue
		}
		all := s
		changedAll, okAll := all.triadRulesIn(1<<6 - 1)
		s.units = 0
		changed, okRules := s.triadRules()
		if changed != changedAll || okRules != okAll || s.cand != all.cand {
			t.Fatalf("%s: triadRules with no unit marked found changed=%v ok=%v, all units changed=%v ok=%v", p.Grid, changed, okRules, changedAll, okAll)
		}
		if changedAll || !okAll {
			fired++
		}
	}
	if fired == 0 {
		t.Fatal("the triad rules fired on no puzzle: the test shows nothing")
	}
	t.Logf("the triad rules fired after the first guess of %d puzzles", fired)
}
