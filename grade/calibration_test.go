package grade

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"sudokit/sudoku"
	"sudokit/techniques"
)

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
	for _, name := range []string{"norvig-top95.se121.txt", "qqwing-sample220.se121.txt", "hardest-se.txt"} {
		t.Run(name, func(t *testing.T) {
			type tally struct{ total, exact int }
			bands := map[string]*tally{}
			for _, p := range readSERated(t, filepath.Join("..", "testdata", "puzzles", name)) {
				r := Grade(p.grid, Options{})
				got := [3]int{techniques.RatingTenths(r.ER), techniques.RatingTenths(r.EP), techniques.RatingTenths(r.ED)}
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
// rated rather than given a rating from a cut-short search.
func TestBudget(t *testing.T) {
	g, err := sudoku.ParseGrid("........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.")
	if err != nil {
		t.Fatal(err)
	}
	res := Grade(g, Options{Budget: time.Millisecond})
	if res.Status != Budget {
		t.Fatalf("status %v with a 1 ms budget, want budget", res.Status)
	}
	if res := Grade(g, Options{StopAbove: 6.0}); res.Status != Over || res.ER <= 6.0 {
		t.Fatalf("StopAbove 6.0: status %v, ER %v", res.Status, res.ER)
	}
	// The budget also cuts a nested chain search short (this puzzle takes
	// about 25 s, with 16 steps of level-4 nested chains).
	hard, err := sudoku.ParseGrid("6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1")
	if err != nil {
		t.Fatal(err)
	}
	if res := Grade(hard, Options{Budget: 300 * time.Millisecond}); res.Status != Budget {
		t.Fatalf("status %v with a 300 ms budget on a nested-chain puzzle, want budget", res.Status)
	}
}
