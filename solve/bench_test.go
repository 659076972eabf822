package solve

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// loadShared reads a public set from ../shared/data (see testenv).
func loadShared(tb testing.TB, name string) []sudoku.Puzzle {
	tb.Helper()
	return testenv.Puzzles(tb, testenv.SharedData(tb, name), 0)
}

// loadTestdata reads a set of the project's testdata/puzzles.
func loadTestdata(tb testing.TB, name string) []sudoku.Puzzle {
	tb.Helper()
	return testenv.Puzzles(tb, filepath.Join("..", "testdata", "puzzles", name), 0)
}

// benchmarkSet solves a whole set with a uniqueness proof (count to 2) per
// iteration and reports puzzles per second and guesses per puzzle. It also
// reports puzzles per second of the thread's own CPU time (cpu-puzzles/s),
// which other processes on a loaded machine skew much less than wall time.
func benchmarkSet(b *testing.B, puzzles []sudoku.Puzzle) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	guesses := 0
	b.ResetTimer()
	startCPU := threadCPU()
	for i := 0; i < b.N; i++ {
		for _, p := range puzzles {
			r := Count(p.Grid, 2)
			guesses += r.Guesses
		}
	}
	cpu := threadCPU() - startCPU
	n := float64(b.N * len(puzzles))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(n/cpu.Seconds(), "cpu-puzzles/s")
	b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
}

// The sets of testdata/puzzles, in every clone: samples of royle-17clue
// (2,000), forum-hardest-1905-11plus (1,000) and serg-multisolution (1,000),
// and the whole magictour-top1465, forum-hardest-1106 and norvig-top95.
func BenchmarkRoyle17(b *testing.B)       { benchmarkSet(b, loadTestdata(b, "royle-17clue-2000.txt")) }
func BenchmarkMagictour1465(b *testing.B) { benchmarkSet(b, loadTestdata(b, "magictour-top1465.txt")) }
func BenchmarkForum1905_11plus(b *testing.B) {
	benchmarkSet(b, loadTestdata(b, "forum-hardest-1905-11plus-1000.txt"))
}
func BenchmarkForum1106(b *testing.B)   { benchmarkSet(b, loadTestdata(b, "forum-hardest-1106.txt")) }
func BenchmarkNorvigTop95(b *testing.B) { benchmarkSet(b, loadTestdata(b, "norvig-top95.txt")) }
func BenchmarkSergMulti(b *testing.B) {
	benchmarkSet(b, loadTestdata(b, "serg-multisolution-1000.txt"))
}

// BenchmarkShared solves the whole public sets of ../shared/data (the
// figures of docs/performance.md); it skips where they are absent.
func BenchmarkShared(b *testing.B) {
	for _, name := range []string{"royle-17clue.txt", "forum-hardest-1905-11plus.txt", "serg-multisolution.txt"} {
		b.Run(name, func(b *testing.B) { benchmarkSet(b, loadShared(b, name)) })
	}
}

// BenchmarkSolves is the solution check of CheckPuzzle's fast path on the
// 2,000 17-clue puzzles of testdata and their solutions (ns/puzzle).
func BenchmarkSolves(b *testing.B) {
	puzzles := loadTestdata(b, "royle-17clue-2000.txt")
	solutions := make([]sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		solutions[i] = Count(p.Grid, 1).Solution
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range puzzles {
			if !solves(&puzzles[j].Grid, &solutions[j]) {
				b.Fatal("a solution refused")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(puzzles)), "ns/puzzle")
}
