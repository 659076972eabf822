package canon

import (
	"testing"

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
