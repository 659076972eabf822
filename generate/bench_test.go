package generate

import (
	"context"
	"runtime"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// benchBand generates puzzles of one band, single-threaded, and reports
// puzzles per second and candidates per puzzle.
func benchBand(b *testing.B, t Target) {
	gen := newGen(b, Options{Seed: 1, Symmetry: Rot180, Target: t})
	tries := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p, err := gen.Puzzle(context.Background(), i)
		if err != nil {
			b.Fatal(err)
		}
		tries += p.Tries
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(tries)/float64(b.N), "candidates/puzzle")
}

func BenchmarkGenerateER15(b *testing.B)     { benchBand(b, Target{Rating: band(1.0, 1.5)}) }
func BenchmarkGenerateER16to25(b *testing.B) { benchBand(b, Target{Rating: band(1.6, 2.5)}) }
func BenchmarkGenerateER26to40(b *testing.B) { benchBand(b, Target{Rating: band(2.6, 4.0)}) }
func BenchmarkGenerateER41to60(b *testing.B) { benchBand(b, Target{Rating: band(4.1, 6.0)}) }
func BenchmarkGenerateER61to75(b *testing.B) { benchBand(b, Target{Rating: band(6.1, 7.5)}) }
func BenchmarkGenerateER76up(b *testing.B)   { benchBand(b, Target{Rating: band(7.6, 0)}) }

// benchVicinity finds b.N puzzles by a neighbourhood search on all cores
// and reports puzzles per second of wall time, CPU seconds per puzzle and
// candidates rated per puzzle. Hard targets take minutes: run it with
// -benchtime Nx, as in
//
//	go test ./generate -run - -bench VicinityFromHardest -benchtime 5x -timeout 0
func benchVicinity(b *testing.B, target Target, from []sudoku.Grid) {
	gen := newGen(b, Options{Seed: 1, Target: target, MaxTries: 1 << 40})
	cpu0 := cpuTime()
	var rated int64
	opt := VicinityOptions{Workers: runtime.NumCPU(), From: from, Progress: func(s VicinityStatus) { rated = s.Rated }}
	b.ResetTimer()
	st, err := gen.Vicinity(context.Background(), b.N, opt, func(Puzzle) error { return nil })
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(st.Made)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(st.Made), "cpu-s/puzzle")
	b.ReportMetric(float64(rated)/float64(st.Made), "rated/puzzle")
}

// The vicinity searches take minutes per pass (VicinityCold95to99 about 4
// minutes): they run only when -bench names them.

// From the forum's hardest list (ER 10+), new puzzles at 10.5 and up.
func BenchmarkVicinityFromHardest(b *testing.B) {
	testenv.Long(b)
	benchVicinity(b, Target{Rating: band(10.5, 0)}, testenv.Grids(b, "../testdata/puzzles/forum-hardest-1106.txt", 0))
}

// From a cold start, 9.5 to 9.9.
func BenchmarkVicinityCold95to99(b *testing.B) {
	testenv.Long(b)
	benchVicinity(b, Target{Rating: band(9.5, 9.9)}, nil)
}

// From a cold start, 10.0 and up.
func BenchmarkVicinityCold100up(b *testing.B) {
	testenv.Long(b)
	benchVicinity(b, Target{Rating: band(10.0, 0)}, nil)
}
