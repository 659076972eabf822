package solve

import (
	"os"
	"path/filepath"
	"testing"

	"sudokit/sudoku"
)

// sharedData is where the public puzzle sets live beside the project.
const sharedData = "../../shared/data"

// loadShared reads a public set from ../shared/data, skipping the test or
// benchmark with a message when the directory is absent (a user's clone).
func loadShared(tb testing.TB, name string) []sudoku.Puzzle {
	tb.Helper()
	path := filepath.Join(sharedData, name)
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("%s is absent (it ships beside the project, not in it)", path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Puzzle
	for p, err := range sudoku.NewReader(f, name).All() {
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// benchmarkSet solves a whole set with a uniqueness proof (count to 2) per
// iteration and reports puzzles per second and guesses per puzzle.
func benchmarkSet(b *testing.B, name string) {
	puzzles := loadShared(b, name)
	guesses := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range puzzles {
			r := Count(p.Grid, 2)
			guesses += r.Guesses
		}
	}
	n := float64(b.N * len(puzzles))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
}

func BenchmarkRoyle17(b *testing.B)          { benchmarkSet(b, "royle-17clue.txt") }
func BenchmarkMagictour1465(b *testing.B)    { benchmarkSet(b, "magictour-top1465.txt") }
func BenchmarkForum1905_11plus(b *testing.B) { benchmarkSet(b, "forum-hardest-1905-11plus.txt") }
func BenchmarkForum1106(b *testing.B)        { benchmarkSet(b, "forum-hardest-1106.txt") }
func BenchmarkNorvigTop95(b *testing.B)      { benchmarkSet(b, "norvig-top95.txt") }
func BenchmarkSergMulti(b *testing.B)        { benchmarkSet(b, "serg-multisolution.txt") }
