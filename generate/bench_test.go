package generate

import (
	"context"
	"testing"
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
