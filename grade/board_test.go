package grade

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques/sized"
)

// boardOf returns a classic grid as a 9x9 Board.
func boardOf(g sudoku.Grid) sudoku.Board {
	return sudoku.Board{Shape: sudoku.ShapeOf(9), Cells: append([]uint8(nil), g[:]...)}
}

// readGrids reads the classic puzzles of a file of testdata/puzzles.
func readGrids(tb testing.TB, name string) []sudoku.Grid {
	tb.Helper()
	path := filepath.Join("..", "testdata", "puzzles", name)
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var grids []sudoku.Grid
	for p, err := range sudoku.NewReader(f, path).All() {
		if err != nil {
			tb.Fatal(err)
		}
		grids = append(grids, p.Grid)
	}
	return grids
}

// covered reports whether the sized ladder has every technique of a
// classic path: the path's steps are all of techniques it finds (unique
// rectangles of type 1 alone).
func covered(res Result) bool {
	for _, st := range res.Path {
		if !sized.Covers(st.Technique) || st.Technique == "unique-rectangle" && st.Name != "Unique Rectangle type 1" {
			return false
		}
	}
	return true
}

// TestBoardCrossCheck grades classic puzzles both with the classic grader
// and as 9x9 Boards with the sized ladder: wherever the ladder has every
// technique of the classic path, the ratings (ER, EP and ED) must be the
// same, and so are the paths, step by step, in the same words, which
// shows the generalisation keeps SE's techniques, ratings and order. Where the classic path needs more, the ladder's result is
// counted in the log (it may find another way, rated otherwise), not
// checked.
func TestBoardCrossCheck(t *testing.T) {
	files := []string{"qqwing-sample220.se121.txt", "norvig-easy50.txt", "norvig-top95.se121.txt", "royle-17clue-2000.txt"}
	g := grader(t, 0)
	for _, name := range files {
		t.Run(name, func(t *testing.T) {
			grids := readGrids(t, name)
			if testing.Short() && len(grids) > 300 {
				grids = grids[:300]
			}
			var n, cov, same, ladderRated, ladderSame int
			for _, grid := range grids {
				classic := g.Grade(context.Background(), sudoku.NewState(grid), Options{Path: true})
				if !classic.Status.Graded() {
					continue
				}
				n++
				res, err := Board(context.Background(), boardOf(grid), Options{Path: true})
				if err != nil {
					t.Fatalf("%s: %v", grid, err)
				}
				if res.Status == Rated {
					ladderRated++
					if res.Ratings == classic.Ratings {
						ladderSame++
					}
				}
				if !covered(classic) {
					continue
				}
				cov++
				if res.Status != Rated || res.Ratings != classic.Ratings || res.Hardest != classic.Hardest {
					t.Errorf("%s: ladder %v %v (%s), classic %v (%s)", grid, res.Status, res.Ratings, res.Hardest, classic.Ratings, classic.Hardest)
					continue
				}
				same++
				if text, ctext := boardPathText(res), classicPathText(classic); text != ctext {
					t.Errorf("%s: same ratings, other paths:\n%s\nclassic:\n%s", grid, text, ctext)
				}
			}
			t.Logf("%s: %d puzzles; %d with a classic path the ladder covers, %d of them rated the same (ER/EP/ED) along the same path, step by step, in the same words; the ladder solved %d, %d of them rated as the classic grader does",
				name, n, cov, same, ladderRated, ladderSame)
		})
	}
}

// boardPathText writes a Board's path, one step a line.
func boardPathText(res BoardResult) string {
	var b strings.Builder
	for _, st := range res.Path {
		b.WriteString(st.String() + "\n")
	}
	return b.String()
}

// classicPathText writes a classic path, one step a line.
func classicPathText(res Result) string {
	var b strings.Builder
	for _, st := range res.Path {
		b.WriteString(st.String() + "\n")
	}
	return b.String()
}

// TestBoardErrors checks the errors of boards that cannot be graded.
func TestBoardErrors(t *testing.T) {
	four := sudoku.ShapeOf(4)
	cases := []struct {
		name  string
		board sudoku.Board
		want  error
	}{
		{"no shape", sudoku.Board{}, sudoku.ErrInvalid},
		{"repeat", sudoku.Board{Shape: four, Cells: []uint8{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, sudoku.ErrInvalid},
		{"several", sudoku.NewBoard(four), ErrNotRated},
		{"none", sudoku.Board{Shape: four, Cells: []uint8{1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3}}, ErrNotRated},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Board(context.Background(), tc.board, Options{})
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := sizedPuzzles(t, "4x4-minimal.txt")[0]
	if res, err := Board(ctx, b, Options{}); !errors.Is(err, context.Canceled) || res.Status != Cancelled {
		t.Errorf("cancelled: %v %v", res.Status, err)
	}
}

// TestGradeBoardStatus checks the statuses GradeBoard gives, in Grade's
// terms, the boards that Board grades or refuses: the writers of graded
// rows read them as they read a 9x9 puzzle's.
func TestGradeBoardStatus(t *testing.T) {
	g, err := New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	four := sudoku.ShapeOf(4)
	eight := sizedPuzzles(t, "8x8-minimal.txt")
	beyond := slices.IndexFunc(eight, func(b sudoku.Board) bool {
		return b.Format(sudoku.Letters) == ".........734..1.5.2..4.7....352...5.....2..6.3..3....74.74.5...6" // line 18
	})
	cases := []struct {
		name  string
		board sudoku.Board
		want  Status
		er    sudoku.Rating
		level string // from the size's levels in config.yaml
	}{
		{"rated", sizedPuzzles(t, "4x4-minimal.txt")[0], Rated, 1.2, "easy"},
		{"6x6 hard", sizedPuzzles(t, "6x6-minimal.txt")[11], Rated, 6.6, "hard"}, // line 12: 6x6's last level
		{"12x12 hard", sizedPuzzles(t, "12x12-minimal.txt")[11], Rated, 3.0, "hard"},
		{"12x12 diabolical from 4.1", sizedPuzzles(t, "12x12-minimal.txt")[23], Rated, 4.5, "diabolical"},
		{"beyond", eight[beyond], Beyond, 6.6, "diabolical"},
		{"repeat", sudoku.Board{Shape: four, Cells: []uint8{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}, Invalid, 0, ""},
		{"several", sudoku.NewBoard(four), Multiple, 0, ""},
		{"none", sudoku.Board{Shape: four, Cells: []uint8{1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3}}, Unsolvable, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, br := g.GradeBoard(context.Background(), tc.board, Options{Path: true})
			if res.Status != tc.want || res.ER != tc.er || res.Level != tc.level {
				t.Fatalf("status %v ER %v level %q, want %v ER %v level %q", res.Status, res.ER, res.Level, tc.want, tc.er, tc.level)
			}
			if tc.want == Invalid && res.Err == nil {
				t.Error("an invalid board without its error")
			}
			if tc.want.Graded() && len(br.Path) != res.Steps {
				t.Errorf("path of %d steps, %d counted", len(br.Path), res.Steps)
			}
			if tc.want == Beyond && res.SE().ER != sudoku.RatingBeyond {
				t.Errorf("beyond board written %v, want SE's 20.0", res.SE())
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, _ := g.GradeBoard(ctx, eight[0], Options{}); res.Status != Cancelled {
		t.Errorf("cancelled: %v", res.Status)
	}
}

// sizedPuzzles reads the boards of a file of testdata/puzzles/sizes; a
// file named for a box ("6x6-3x2-") holds boards of that box.
func sizedPuzzles(tb testing.TB, name string) []sudoku.Board {
	tb.Helper()
	var shape sudoku.Shape
	if strings.HasPrefix(name, "6x6-3x2-") {
		shape, _ = sudoku.ParseShape("6", "3x2")
	}
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "sizes", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Board
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		b, _, err := sudoku.ParseBoard(line, shape, sudoku.AutoAlphabet)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// sizedSets are the puzzle sets of testdata/puzzles/sizes, one per shape.
var sizedSets = []string{"4x4-minimal.txt", "6x6-minimal.txt", "6x6-3x2-minimal.txt", "8x8-minimal.txt",
	"9x9-minimal.txt", "10x10-minimal.txt", "12x12-minimal.txt", "16x16-110.txt", "16x16-minimal.txt", "25x25-360.txt"}

// TestBoardSets grades the sized sets: every rated path ends at the
// solution, every step of it is true of the solution, the ratings are in
// order, and a board beyond the ladder says so in its rating.
func TestBoardSets(t *testing.T) {
	for _, name := range sizedSets {
		t.Run(name, func(t *testing.T) {
			boards := sizedPuzzles(t, name)
			// Boards over 9x9 that need chains take a tenth of a second
			// each: a sample of them.
			switch {
			case testing.Short() && len(boards) > 20:
				boards = boards[:20]
			case boards[0].Shape.N() > 9 && len(boards) > 30:
				boards = boards[:30]
			}
			levels := map[string]int{}
			for _, b := range boards {
				// The sets are unique (solve's TestMakeSizeSets checks them):
				// proving it again for a minimal 16x16 is the solver's slow
				// part, not the grader's.
				res, err := Board(context.Background(), b, Options{Path: true, Unique: true})
				if err != nil {
					t.Fatalf("%s: %v", b, err)
				}
				res.Solution, _ = solve.SolveBoard(b)
				checkBoardPath(t, b, res)
				if res.Status == Beyond {
					levels["beyond"]++
				} else {
					levels[res.ER.String()]++
				}
			}
			t.Logf("%s: ER of the rated boards, and how many are beyond the ladder: %v", name, levels)
		})
	}
}

// checkBoardPath checks a graded board's path against its solution.
func checkBoardPath(t *testing.T, b sudoku.Board, res BoardResult) {
	t.Helper()
	sol := res.Solution
	s, err := sized.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Path {
		for _, p := range st.Placements {
			if int(sol.Cells[p.Cell]) != p.Digit {
				t.Fatalf("%s: %s places a wrong digit", b, st.String())
			}
		}
		for _, e := range st.Eliminations {
			if int(sol.Cells[e.Cell]) == e.Digit {
				t.Fatalf("%s: %s removes the solution's digit", b, st.String())
			}
		}
		st.ApplyTo(s)
	}
	if res.ER < res.EP || (res.EP != 0 && res.EP < res.ED) {
		t.Fatalf("%s: ER %v, EP %v, ED %v out of order", b, res.ER, res.EP, res.ED)
	}
	switch res.Status {
	case Rated:
		if got := s.Board().String(); got != sol.String() {
			t.Fatalf("%s: rated, but the path ends at %s", b, got)
		}
	case Beyond:
		if !strings.Contains(res.Rating(), "beyond what sudokit grades at "+b.Shape.String()) {
			t.Fatalf("%s: beyond, rating %q", b, res.Rating())
		}
	default:
		t.Fatalf("%s: status %v", b, res.Status)
	}
	total := 0
	for _, u := range res.Usage {
		total += u.Steps
	}
	if total != len(res.Path) || res.Steps != len(res.Path) {
		t.Fatalf("%s: usage counts %d steps, path has %d, Steps says %d", b, total, len(res.Path), res.Steps)
	}
}

// TestNextBoard checks the hint at the start of a 16x16, and after a
// wrong elimination.
func TestNextBoard(t *testing.T) {
	b := sizedPuzzles(t, "16x16-110.txt")[0]
	s, err := sized.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	res, err := NextBoard(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Path) != 1 || res.Status != Rated {
		t.Fatalf("hint: %v, %d steps", res.Status, len(res.Path))
	}
	want := "Hidden Single: 3 in block 2 ==> r3c5=3"
	if got := res.Path[0].String(); got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
	// Take the solution's digit from an empty cell: the hint names it.
	sol, _ := solve.SolveBoard(b)
	cell := strings.IndexByte(b.String(), '.')
	s.Eliminate(cell, int(sol.Cells[cell]))
	if _, err := NextBoard(context.Background(), s); err == nil || !strings.Contains(err.Error(), b.Shape.CellName(cell)) {
		t.Errorf("hint after a wrong elimination: %v", err)
	}
}

// TestBoardStopAbove checks that a bound stops grading at the first rung
// or step above it.
func TestBoardStopAbove(t *testing.T) {
	b := sizedPuzzles(t, "16x16-110.txt")[2]
	res, err := Board(context.Background(), b, Options{StopAbove: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Over || res.ER.Tenths() <= 15 {
		t.Errorf("status %v, ER %v: want over 1.5", res.Status, res.ER)
	}
}

// FuzzBoard grades boards cut from a solution of a fuzzed shape (a fuzzed
// bit mask chooses the givens), each within a deadline, and checks the
// path of each one with a unique solution; a board with several or none
// gives an error, never a panic, and so does one whose search or grading
// passes the deadline (a sparse board can keep the solver searching for
// minutes: the fourth seed is a 12x12 of 33 givens bunched in its first
// seven rows).
func FuzzBoard(f *testing.F) {
	f.Add(uint8(0), uint64(1), []byte{0xff, 0x0f})
	f.Add(uint8(3), uint64(2), []byte{0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x01})
	f.Add(uint8(9), uint64(3), []byte{0x13, 0x57, 0x9b, 0xdf, 0x24, 0x68, 0xac, 0xe0, 0x11, 0x22, 0x33, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add(uint8(7), uint64(160), []byte("100170,0SS1"))
	shapes := sudoku.Shapes()
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, mask []byte) {
		shape := shapes[int(which)%len(shapes)]
		if shape.N() == 25 {
			// 25x25's steps are checked by TestBoardSets and
			// techniques/sized's TestSoundness.
			shape = shapes[int(which)%3]
		}
		sol := solve.RandomBoard(shape, rand.New(rand.NewPCG(seed, 0)))
		b := sudoku.NewBoard(shape)
		for i := range b.Cells {
			if i/8 < len(mask) && mask[i/8]>>(i%8)&1 == 1 {
				b.Cells[i] = sol.Cells[i]
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		res, err := Board(ctx, b, Options{Path: true})
		if err != nil {
			if !errors.Is(err, ErrNotRated) && !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("%s: %v", b, err)
			}
			return
		}
		if res.Solution.String() != sol.String() {
			t.Fatalf("%s: solution %s, cut from %s", b, res.Solution, sol)
		}
		checkBoardPath(t, b, res)
	})
}

// BenchmarkGradeSizes grades the sized sets of testdata/puzzles/sizes (the
// first 50 boards of each), one sub-benchmark per set; it reports the time and the process's CPU
// time per puzzle (less disturbed by a shared machine's other loads), and
// the steps per puzzle. The
// uniqueness check is left out (Options.Unique: the sets are unique), as
// it measures the sized solver (solve's BenchmarkSizes), not the
// techniques.
func BenchmarkGradeSizes(b *testing.B) {
	for _, name := range sizedSets {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			boards := sizedPuzzles(b, name)
			if len(boards) > 50 {
				boards = boards[:50] // chains and cycles make a big board's grading a tenth of a second
			}
			steps := 0
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, bd := range boards {
					res, err := Board(context.Background(), bd, Options{Unique: true})
					if err != nil {
						b.Fatal(err)
					}
					steps += res.Steps
				}
			}
			n := float64(b.N * len(boards))
			b.ReportMetric(b.Elapsed().Seconds()*1e3/n, "ms/puzzle")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(cpu.Seconds()*1e3/n, "cpu-ms/puzzle")
			}
			b.ReportMetric(float64(steps)/n, "steps/puzzle")
		})
	}
}

// ExampleBoard grades a 16x16 (the 23rd of
// testdata/puzzles/sizes/16x16-110.txt) and shows its hardest step.
func ExampleBoard() {
	const puzzle = "..9.7.B.......8..A.G86.....4E...E.1......2...A...7.BC.E....A49D.9.7.4...AD5..8.G.C...B..G..2.........C7A861..E..G1.6..9..B.3..2D7.492.....3.....6..25G.C4...8B.9.8.F..49.7..3.6C15C.A.8..E......3.87.1.ED9.....5.4.E.2A.15C.B.98A..CF.........G452B194G83.F....."
	b, _, err := sudoku.ParseBoard(puzzle, sudoku.Shape{}, sudoku.AutoAlphabet)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := Board(context.Background(), b, Options{Path: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Shape, res.Status, res.Ratings, res.Rating())
	for _, st := range res.Path {
		if st.Rating == res.ER {
			fmt.Println(st.String())
			break
		}
	}
	// Output:
	// 16x16 rated 3.2/1.2/1.2 3.2 (X-Wing)
	// X-Wing: 13 in r1,r14 c1,c8 ==> r2c1<>13, r2c8<>13, r15c8<>13
}

// within runs f and fails t when it has not returned 20 s after a
// deadline of 100ms (the slow board searches for over a minute unstopped).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: still searching 20 s past a deadline of 100ms", what)
	}
}

// TestBoardStops: the uniqueness check of a sparse 12x12 that keeps the
// sized solver searching for over a minute stops when the context is
// done (Board: Cancelled, ctx's error), at the grader's budget
// (GradeBoard, NextBoard, BoardSolution: Budget), and when the caller's
// context ends within the budget (Cancelled).
func TestBoardStops(t *testing.T) {
	slow := sizedPuzzles(t, "12x12-slow.txt")[0]
	within(t, "Board", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		res, err := Board(ctx, slow, Options{})
		if res.Status != Cancelled || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Board past its deadline: %v, %v", res.Status, err)
		}
	})
	g := grader(t, 100*time.Millisecond)
	within(t, "GradeBoard", func() {
		if res, _ := g.GradeBoard(context.Background(), slow, Options{}); res.Status != Budget {
			t.Errorf("GradeBoard past the budget: %v", res.Status)
		}
	})
	within(t, "NextBoard", func() {
		st, err := sized.NewState(slow)
		if err != nil {
			t.Fatal(err)
		}
		if res, err := g.NextBoard(context.Background(), st); res.Status != Budget || err == nil {
			t.Errorf("NextBoard past the budget: %v, %v", res.Status, err)
		}
	})
	within(t, "BoardSolution", func() {
		if _, err := g.BoardSolution(context.Background(), slow); !errors.Is(err, ErrNotRated) || !strings.Contains(err.Error(), "budget") {
			t.Errorf("BoardSolution past the budget: %v", err)
		}
	})
	within(t, "BoardSolution cancelled", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		if _, err := grader(t, time.Minute).BoardSolution(ctx, slow); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("BoardSolution past its context's deadline: %v", err)
		}
	})
	// A board with one solution, none, several, or that breaks the rules.
	ok := sizedPuzzles(t, "12x12-minimal.txt")[0]
	if sol, err := g.BoardSolution(context.Background(), ok); err != nil || !slices.Equal(sol.Cells, solve.CountBoard(ok, 1).Solution.Cells) {
		t.Errorf("BoardSolution of a unique 12x12: %v, %v", sol, err)
	}
	empty := sudoku.NewBoard(ok.Shape)
	if _, err := g.BoardSolution(context.Background(), empty); !errors.Is(err, ErrNotRated) || !strings.Contains(err.Error(), "several") {
		t.Errorf("BoardSolution of an empty board: %v", err)
	}
	empty.Cells[0], empty.Cells[1] = 1, 1
	if _, err := g.BoardSolution(context.Background(), empty); !errors.Is(err, sudoku.ErrInvalid) {
		t.Errorf("BoardSolution of a repeated digit: %v", err)
	}
}
