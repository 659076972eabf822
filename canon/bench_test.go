package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// benchmarkSet computes the minlex form of every puzzle of a set per
// iteration and reports puzzles per second.
func benchmarkSet(b *testing.B, set []sudoku.Grid) {
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, g := range set {
			Minlex(g)
		}
	}
	n := float64(b.N * len(set))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
}

// The speed goal is 10,000 puzzles/s per core on royle-17clue.
func BenchmarkMinlexRoyle17(b *testing.B) {
	benchmarkSet(b, loadSet(b, "royle-17clue-2000.txt"))
}

func BenchmarkMinlexMagictour(b *testing.B) {
	benchmarkSet(b, loadSet(b, "magictour-top1465.txt"))
}

// Denser puzzles: 34-35 clues.
func BenchmarkMinlexSerg(b *testing.B) {
	benchmarkSet(b, loadSet(b, "serg-multisolution-1000.txt"))
}

// Solution grids are the worst case: every column order ties on the first
// row, so the search keeps thousands of partial transformations.
func BenchmarkMinlexSolutions(b *testing.B) {
	rng := rand.New(rand.NewPCG(15, 5))
	set := make([]sudoku.Grid, 50)
	for i := range set {
		set[i] = solve.RandomGrid(rng)
	}
	benchmarkSet(b, set)
}
