package generate

import (
	"context"
	"testing"
)

// benchBand generates puzzles of one band, single-threaded, and reports
// puzzles per second and candidates per puzzle.
func benchBand(b *testing.B, t Target) {
	grader, _ := testGrader(&testing.T{})
	t, err := t.Check(nil)
	if err != nil {
		b.Fatal(err)
	}
	gen := New(grader, Options{Seed: 1, Symmetry: Rot180, Target: t})
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

func BenchmarkGenerateER15(b *testing.B)     { benchBand(b, Target{MinER: 10, MaxER: 15}) }
func BenchmarkGenerateER16to25(b *testing.B) { benchBand(b, Target{MinER: 16, MaxER: 25}) }
func BenchmarkGenerateER26to40(b *testing.B) { benchBand(b, Target{MinER: 26, MaxER: 40}) }
func BenchmarkGenerateER41to60(b *testing.B) { benchBand(b, Target{MinER: 41, MaxER: 60}) }
func BenchmarkGenerateER61to75(b *testing.B) { benchBand(b, Target{MinER: 61, MaxER: 75}) }
func BenchmarkGenerateER76up(b *testing.B)   { benchBand(b, Target{MinER: 76}) }
