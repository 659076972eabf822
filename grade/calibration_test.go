package grade

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// grader returns a grader with the built-in configuration and the given
// time budget (0: none).
func grader(tb testing.TB, budget time.Duration) *Grader {
	tb.Helper()
	cfg := config.Default()
	cfg.Budget = budget
	g, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// seRated is a puzzle with Sudoku Explainer 1.2.1's ratings, in tenths.
type seRated struct {
	line       int
	grid       sudoku.Grid
	er, ep, ed int
}

// readSERated reads a calibration file: "<puzzle> ED=ER/EP/ED ..." or
// "<puzzle> <level> ER/EP/ED ...".
func readSERated(t *testing.T, path string) []seRated {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []seRated
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		g, err := sudoku.ParseGrid(fields[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		r := seRated{line: n, grid: g}
		for _, fl := range fields[1:] {
			var a, b, c, d, e, f2 int
			if k, _ := fmt.Sscanf(strings.TrimPrefix(fl, "ED="), "%d.%d/%d.%d/%d.%d", &a, &b, &c, &d, &e, &f2); k == 6 {
				r.er, r.ep, r.ed = a*10+b, c*10+d, e*10+f2
			}
		}
		if r.er == 0 {
			t.Fatalf("%s:%d: no ER/EP/ED", path, n)
		}
		out = append(out, r)
	}
	return out
}

// band groups ER values for the agreement report.
func band(er int) string {
	switch {
	case er <= 15:
		return "1.0-1.5"
	case er <= 25:
		return "1.6-2.5"
	case er <= 40:
		return "2.6-4.0"
	case er <= 62:
		return "4.1-6.2"
	case er <= 75:
		return "6.3-7.5"
	case er <= 90:
		return "7.6-9.0"
	case er <= 100:
		return "9.1-10.0"
	case er <= 110:
		return "10.1-11.0"
	}
	return "11.1+"
}

// bandStart is the lower end of a band name, for sorting.
func bandStart(name string) float64 {
	var f float64
	fmt.Sscanf(name, "%g", &f)
	return f
}

// TestSEAgreement grades the calibration sets and compares with Sudoku
// Explainer 1.2.1: ER, EP and ED must all equal SE's, for every puzzle, and
// the agreement is reported per ER band. hardest-se.txt holds puzzles of the
// forum's hardest list that need nested forcing chains (levels 2 to 5) and
// grade in about a second or less.
func TestSEAgreement(t *testing.T) {
	g := grader(t, 0)
	for _, name := range []string{"norvig-top95.se121.txt", "qqwing-sample220.se121.txt", "hardest-se.txt"} {
		t.Run(name, func(t *testing.T) {
			type tally struct{ total, exact int }
			bands := map[string]*tally{}
			for _, p := range readSERated(t, filepath.Join("..", "testdata", "puzzles", name)) {
				r := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{})
				got := [3]int{r.ER.Tenths(), r.EP.Tenths(), r.ED.Tenths()}
				want := [3]int{p.er, p.ep, p.ed}
				b := bands[band(p.er)]
				if b == nil {
					b = &tally{}
					bands[band(p.er)] = b
				}
				b.total++
				if r.Status != Rated || got != want {
					t.Errorf("line %d %s: got %v %v, SE %v", p.line, p.grid, r.Status, got, want)
					continue
				}
				b.exact++
			}
			var keys []string
			for k := range bands {
				keys = append(keys, k)
			}
			sort.Slice(keys, func(i, j int) bool { return bandStart(keys[i]) < bandStart(keys[j]) })
			for _, k := range keys {
				t.Logf("ER %-8s %3d puzzles, %3d exact ER/EP/ED", k, bands[k].total, bands[k].exact)
			}
		})
	}
}

// TestBudget checks that a puzzle over the time budget is reported as not
// rated rather than given a rating from a cut-short search, and that a
// cancelled context stops the grading as promptly.
func TestBudget(t *testing.T) {
	ctx := context.Background()
	g, err := sudoku.ParseGrid("........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.")
	if err != nil {
		t.Fatal(err)
	}
	if res := grader(t, time.Millisecond).Grade(ctx, sudoku.NewState(g), Options{}); res.Status != Budget {
		t.Fatalf("status %v with a 1 ms budget, want budget", res.Status)
	}
	if res := grader(t, 0).Grade(ctx, sudoku.NewState(g), Options{StopAbove: 6.0}); res.Status != Over || res.ER <= 6.0 {
		t.Fatalf("StopAbove 6.0: status %v, ER %v", res.Status, res.ER)
	}
	// The budget also cuts a nested chain search short (this puzzle takes
	// about 25 s, with 16 steps of level-4 nested chains).
	hard, err := sudoku.ParseGrid("6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if res := grader(t, 300*time.Millisecond).Grade(ctx, sudoku.NewState(hard), Options{}); res.Status != Budget {
		t.Fatalf("status %v with a 300 ms budget on a nested-chain puzzle, want budget", res.Status)
	}
	t.Logf("a 300 ms budget stopped the nested search after %v", time.Since(start))
	// Cancelling the caller's context stops it too, and says so.
	cctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if res := grader(t, 0).Grade(cctx, sudoku.NewState(hard), Options{}); res.Status != Cancelled {
		t.Fatalf("status %v when the caller's context is done, want cancelled", res.Status)
	}
}

// TestSERatings checks SE's batch codes: a puzzle beyond the rules is
// 20.0, also for EP and ED not reached, and a puzzle not rated is 0.0.
func TestSERatings(t *testing.T) {
	tests := []struct {
		res  Result
		want string
	}{
		{Result{Status: Rated, Ratings: Ratings{2.6, 1.2, 1.2}}, "2.6/1.2/1.2"},
		{Result{Status: Beyond, Ratings: Ratings{7.1, 0, 1.2}}, "20.0/20.0/1.2"},
		{Result{Status: Beyond, Ratings: Ratings{9.0, 9.0, 2.3}}, "20.0/9.0/2.3"},
		{Result{Status: Multiple}, "0.0/0.0/0.0"},
		{Result{Status: Budget, Ratings: Ratings{ER: 5}}, "0.0/0.0/0.0"},
	}
	for _, tt := range tests {
		if got := tt.res.SE().String(); got != tt.want {
			t.Errorf("%v %v: SE() = %s, want %s", tt.res.Status, tt.res.Ratings, got, tt.want)
		}
	}
	if r, ok := RatingsFromLabel("x ED=20.0/1.2/1.2 y"); !ok || r.String() != "20.0/1.2/1.2" {
		t.Errorf("RatingsFromLabel: %v, %v", r, ok)
	}
}
