package solve

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// sizeSets are the benchmark sets of testdata/puzzles/sizes: per shape,
// how many puzzles and the givens the digging stops at (0: it digs to a
// minimal puzzle).
var sizeSets = []struct {
	size, box string
	count     int
	floor     int
}{
	{"4", "", 300, 0}, {"6", "", 300, 0}, {"6", "3x2", 300, 0}, {"8", "", 300, 0},
	{"9", "", 300, 0}, {"10", "", 300, 0}, {"12", "", 300, 0},
	{"16", "", 300, 110}, {"16", "", 200, 0}, {"25", "", 100, 360},
}

// sizeSetName is the file of a set.
func sizeSetName(s sudoku.Shape, floor int) string {
	name := fmt.Sprintf("%dx%d", s.N(), s.N())
	if !s.IsUsual() {
		name += "-" + s.Box()
	}
	if floor > 0 {
		name += fmt.Sprintf("-%d", floor)
	} else {
		name += "-minimal"
	}
	return name + ".txt"
}

// digUnique makes a unique puzzle: a random solution, then its cells
// emptied in a random order as long as the puzzle stays unique, until
// floor givens are left or no cell can go (a minimal puzzle).
func digUnique(s sudoku.Shape, rng *rand.Rand, floor int) sudoku.Board {
	b := RandomBoard(s, rng)
	givens := s.Cells()
	for _, i := range rng.Perm(s.Cells()) {
		if givens <= floor {
			break
		}
		v := b.Cells[i]
		b.Cells[i] = 0
		if CountBoard(b, 2).Count != 1 {
			b.Cells[i] = v
			continue
		}
		givens--
	}
	return b
}

// TestMakeSizeSets writes the sets of testdata/puzzles/sizes when
// SUDOKIT_MAKE_SIZES=1 (reproducible: each set has its own seed); else it
// checks that every set's puzzles are unique by the reference counter.
func TestMakeSizeSets(t *testing.T) {
	dir := filepath.Join("..", "testdata", "puzzles", "sizes")
	for _, set := range sizeSets {
		s, err := sudoku.ParseShape(set.size, set.box)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, sizeSetName(s, set.floor))
		if os.Getenv("SUDOKIT_MAKE_SIZES") == "1" {
			rng := rand.New(rand.NewPCG(uint64(s.N()), uint64(100*s.BoxRows()+set.floor)))
			var out strings.Builder
			fmt.Fprintf(&out, "# %d unique %s puzzles made by solve's TestMakeSizeSets (random solution, cells emptied while unique, ", set.count, s)
			if set.floor > 0 {
				fmt.Fprintf(&out, "down to %d givens)\n", set.floor)
			} else {
				fmt.Fprintf(&out, "down to a minimal puzzle)\n")
			}
			for range set.count {
				fmt.Fprintln(&out, digUnique(s, rng, set.floor))
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		boards := loadBoards(t, path, s)
		// The plain reference takes seconds to minutes on some minimal
		// 16x16 puzzles: it checks a sample of the big sizes, none of
		// the minimal 16x16 (their uniqueness rests on the solver,
		// checked against the reference above on easier boards).
		switch {
		case s.N() == 16 && set.floor == 0:
			boards = nil
		case s.N() >= 16 || testing.Short():
			boards = boards[:min(len(boards), 10)]
		}
		for _, b := range boards {
			if n, _ := refCount(s.N(), s.BoxRows(), s.BoxCols(), b.Cells, 2); n != 1 {
				t.Fatalf("%s: %v has %d solutions by the reference", path, b, n)
			}
		}
	}
}

// loadBoards reads a set of boards, one a line ('#' starts a comment).
func loadBoards(tb testing.TB, path string, s sudoku.Shape) []sudoku.Board {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var boards []sudoku.Board
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		b, _, err := sudoku.ParseBoard(text, s, sudoku.AutoAlphabet)
		if err != nil {
			tb.Fatalf("%s:%d: %v", path, line, err)
		}
		boards = append(boards, b)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return boards
}

// BenchmarkSizes solves each set of testdata/puzzles/sizes with a
// uniqueness proof (count to 2) per puzzle, and reports puzzles per
// second, microseconds and guesses per puzzle.
func BenchmarkSizes(b *testing.B) {
	for _, set := range sizeSets {
		s, _ := sudoku.ParseShape(set.size, set.box)
		name := strings.TrimSuffix(sizeSetName(s, set.floor), ".txt")
		b.Run(name, func(b *testing.B) {
			boards := loadBoards(b, filepath.Join("..", "testdata", "puzzles", "sizes", sizeSetName(s, set.floor)), s)
			guesses, givens := 0, 0
			for _, p := range boards {
				givens += p.Givens()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				for _, p := range boards {
					guesses += CountBoard(p, 2).Guesses
				}
			}
			n := float64(b.N * len(boards))
			b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "µs/puzzle")
			b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
			b.ReportMetric(float64(givens)/float64(len(boards)), "givens")
		})
	}
}
