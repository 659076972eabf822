package solve

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// boardCases is how many random boards TestBoardAgainstReference makes
// per size (fewer with -short).
func boardCases(n int, short bool) int {
	k := map[int]int{4: 3000, 6: 3000, 8: 2000, 9: 2000, 10: 1500, 12: 1000, 16: 300, 25: 40}[n]
	if short {
		k /= 10
	}
	return max(k, 20)
}

// checkBoardSolution fails t unless sol is a complete valid board keeping the
// givens of b.
func checkBoardSolution(t *testing.T, b, sol sudoku.Board) {
	t.Helper()
	if sol.Shape != b.Shape || len(sol.Cells) != len(b.Cells) {
		t.Fatalf("solution %v of shape %v for %v", sol, sol.Shape, b.Shape)
	}
	for i, v := range sol.Cells {
		if v == 0 || (b.Cells[i] != 0 && b.Cells[i] != v) {
			t.Fatalf("solution %v does not complete %v at cell %d", sol, b, i)
		}
	}
	if err := sol.Validate(); err != nil {
		t.Fatalf("solution %v: %v", sol, err)
	}
}

// randomCase makes a board to test from a random solution: some clues
// removed (from a few to most), and now and then a given changed (often
// no solution; a repeated digit in a house: none at all).
func randomCase(rng *rand.Rand, s sudoku.Shape) sudoku.Board {
	b := RandomBoard(s, rng)
	cells := s.Cells()
	var keep int
	switch k := rng.IntN(4); {
	case k == 0 && s.N() >= 16:
		// Sparse boards of the big sizes send the plain reference into
		// long dead ends; these have two solutions or more (every cell of
		// two digits empty: the two swap) and are dense elsewhere.
		a, c := uint8(1+rng.IntN(s.N())), uint8(1+rng.IntN(s.N()))
		for i, v := range b.Cells {
			if v == a || v == c {
				b.Cells[i] = 0
			}
		}
		keep = cells * 3 / 5
	case k == 0: // many solutions likely
		keep = rng.IntN(cells/4 + 1)
	case k == 1 && s.N() >= 16:
		keep = cells/2 + rng.IntN(cells/5)
	case k == 1: // near uniqueness
		keep = cells/3 + rng.IntN(cells/3+1)
	default:
		keep = cells/2 + rng.IntN(cells/2)
	}
	for _, i := range rng.Perm(cells)[keep:] {
		b.Cells[i] = 0
	}
	if rng.IntN(5) == 0 {
		b.Cells[rng.IntN(cells)] = uint8(1 + rng.IntN(s.N()))
	}
	return b
}

// TestBoardAgainstReference compares the sized solver's counts (to 2, and
// exactly to 50 on small boards) and solutions with refCount's on random
// boards of every shape: unique, multi-solution, unsolvable and invalid.
func TestBoardAgainstReference(t *testing.T) {
	for _, s := range sudoku.Shapes() {
		t.Run(fmt.Sprintf("%dx%d-%s", s.N(), s.N(), s.Box()), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(s.N()), uint64(s.BoxRows())))
			var kinds [3]int // 0, 1, 2+ solutions
			for range boardCases(s.N(), testing.Short()) {
				b := randomCase(rng, s)
				limit := 2
				if s.N() <= 6 {
					limit = 50
				}
				got := CountBoard(b, limit)
				want, wantSol := refCount(s.N(), s.BoxRows(), s.BoxCols(), b.Cells, limit)
				if got.Count != want {
					t.Fatalf("%v: count %d, reference %d", b, got.Count, want)
				}
				kinds[min(want, 2)]++
				if want == 0 {
					continue
				}
				checkBoardSolution(t, b, got.Solution)
				if want == 1 && !slices.Equal(got.Solution.Cells, wantSol) {
					t.Fatalf("%v: solution %v, reference %v", b, got.Solution, wantSol)
				}
			}
			for k, c := range kinds {
				if c == 0 {
					t.Errorf("no case with %d solutions (cases: %v)", k, kinds)
				}
			}
		})
	}
}

// TestBoardClassic compares the sized solver on 9x9 boards with the
// tuned classic solver, on the multi-solution set (counts to 2) and hard
// puzzles.
func TestBoardClassic(t *testing.T) {
	s9 := sudoku.ShapeOf(9)
	for _, name := range []string{"serg-multisolution-1000.txt", "forum-hardest-1106.txt"} {
		for _, p := range loadTestdata(t, name) {
			b := sudoku.Board{Shape: s9, Cells: p.Grid[:]}
			got, want := CountBoard(b, 2), Count(p.Grid, 2)
			if got.Count != want.Count {
				t.Fatalf("%s: count %d, classic %d", p.Grid, got.Count, want.Count)
			}
			if want.Count == 1 && !slices.Equal(got.Solution.Cells, want.Solution[:]) {
				t.Fatalf("%s: solution %v, classic %v", p.Grid, got.Solution, want.Solution)
			}
		}
	}
}

// TestBoardExactCounts checks whole counts of boards with many solutions:
// the empty 4x4 has 288, the empty 6x6 (2x3 or 3x2) 28,200,960 (checked
// to a limit here), and random sparse boards agree with the reference.
func TestBoardExactCounts(t *testing.T) {
	if got := CountBoard(sudoku.NewBoard(sudoku.ShapeOf(4)), 1000).Count; got != 288 {
		t.Errorf("empty 4x4: %d solutions, want 288", got)
	}
	s6, _ := sudoku.ParseShape("6", "3x2")
	if got := CountBoard(sudoku.NewBoard(s6), 100000).Count; got != 100000 {
		t.Errorf("empty 6x6: %d solutions at limit 100000", got)
	}
	rng := rand.New(rand.NewPCG(34, 6))
	for _, s := range sudoku.Shapes()[:3] {
		for range 200 {
			b := RandomBoard(s, rng)
			for _, i := range rng.Perm(s.Cells())[s.Cells()/4:] {
				b.Cells[i] = 0
			}
			got := CountBoard(b, 1<<20).Count
			want, _ := refCount(s.N(), s.BoxRows(), s.BoxCols(), b.Cells, 1<<20)
			if got != want {
				t.Fatalf("%v: %d solutions, reference %d", b, got, want)
			}
		}
	}
}

// TestBoardBad checks that boards that are not boards have no solution
// and do not panic.
func TestBoardBad(t *testing.T) {
	s16 := sudoku.ShapeOf(16)
	for name, b := range map[string]sudoku.Board{
		"zero":           {},
		"short":          {Shape: s16, Cells: make([]uint8, 100)},
		"value over N":   {Shape: sudoku.ShapeOf(4), Cells: append(make([]uint8, 15), 5)},
		"repeated given": {Shape: s16, Cells: append([]uint8{7, 0, 0, 7}, make([]uint8, 252)...)},
	} {
		if r := CountBoard(b, 2); r.Count != 0 {
			t.Errorf("%s: %d solutions", name, r.Count)
		}
	}
	if b := RandomBoard(sudoku.Shape{}, rand.New(rand.NewPCG(1, 1))); b.Cells != nil {
		t.Errorf("RandomBoard(zero shape) = %v", b)
	}
}

// TestRandomBoard checks random boards: valid, complete, reproducible.
func TestRandomBoard(t *testing.T) {
	for _, s := range sudoku.Shapes() {
		b := RandomBoard(s, rand.New(rand.NewPCG(7, 7)))
		checkBoardSolution(t, sudoku.NewBoard(s), b)
		if c := RandomBoard(s, rand.New(rand.NewPCG(7, 7))); !slices.Equal(b.Cells, c.Cells) {
			t.Errorf("%s: RandomBoard not reproducible", s)
		}
	}
}

// slowBoard reads testdata/puzzles/sizes/12x12-slow.txt: a sparse 12x12
// that keeps the sized solver searching for over a minute.
func slowBoard(t *testing.T) sudoku.Board {
	t.Helper()
	s, _ := sudoku.ParseShape("12", "")
	boards := loadBoards(t, filepath.Join("..", "testdata", "puzzles", "sizes", "12x12-slow.txt"), s)
	if len(boards) != 1 {
		t.Fatalf("12x12-slow.txt holds %d boards, want 1", len(boards))
	}
	return boards[0]
}

// TestCountBoardContext checks that a sized search stops soon after its
// context is done, and says so: the slow board searches for over a minute
// without one.
func TestCountBoardContext(t *testing.T) {
	b := slowBoard(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	done := make(chan BoardResult, 1)
	go func() { done <- CountBoardContext(ctx, b, 2) }()
	select {
	case r := <-done:
		if !r.Stopped || r.Count >= 2 {
			t.Errorf("the slow board past its deadline: %+v", r)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the slow board's search went on 20 s past its deadline")
	}
	rep, err := CheckBoardContext(ctx, b, 2)
	if !errors.Is(err, context.DeadlineExceeded) || rep.Status == Unique || rep.Board != nil {
		t.Errorf("CheckBoardContext past the deadline: %v, %v", rep.Status, err)
	}
	// A context that is not done changes nothing.
	p := loadBoards(t, filepath.Join("..", "testdata", "puzzles", "sizes", "12x12-minimal.txt"), b.Shape)[0]
	want := CountBoard(p, 2)
	if got := CountBoardContext(context.Background(), p, 2); got.Stopped || got.Count != 1 || got.Guesses != want.Guesses ||
		!slices.Equal(got.Solution.Cells, want.Solution.Cells) {
		t.Errorf("a 12x12 with a live context: %+v, want %+v", got, want)
	}
	if rep, err := CheckBoardContext(context.Background(), p, 2); err != nil || rep.Status != Unique || rep.Board == nil {
		t.Errorf("CheckBoardContext of a 12x12: %v, %v", rep.Status, err)
	}
}
