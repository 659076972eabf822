package grade

import (
	"os"
	"path/filepath"
	"testing"

	"sudokit/sudoku"
)

func benchGrade(b *testing.B, path string, limit int) {
	f, err := os.Open(path)
	if err != nil {
		b.Skipf("%s: %v", path, err)
	}
	var grids []sudoku.Grid
	for p, err := range sudoku.NewReader(f, path).All() {
		if err != nil {
			b.Fatal(err)
		}
		grids = append(grids, p.Grid)
		if len(grids) == limit {
			break
		}
	}
	f.Close()
	b.ResetTimer()
	steps := 0
	for i := 0; i < b.N; i++ {
		for _, g := range grids {
			steps += Grade(g, Options{}).Steps
		}
	}
	n := float64(b.N * len(grids))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "us/puzzle")
	b.ReportMetric(float64(steps)/n, "steps/puzzle")
}

// The SE rule set up to 6.2 (puzzles needing chains stop where they do).
func BenchmarkGradeQQWing220(b *testing.B) {
	benchGrade(b, filepath.Join("..", "testdata", "puzzles", "qqwing-sample220.se121.txt"), 0)
}
func BenchmarkGradeTop95(b *testing.B) {
	benchGrade(b, filepath.Join("..", "testdata", "puzzles", "norvig-top95.txt"), 0)
}
func BenchmarkGradeRoyle17(b *testing.B) {
	benchGrade(b, filepath.Join("..", "testdata", "puzzles", "royle-17clue-2000.txt"), 500)
}
