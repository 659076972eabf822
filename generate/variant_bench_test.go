package generate

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// benchVariants are the variants BenchmarkGenerateVariant makes puzzles
// of: each alone, jigsaw on a random layout per puzzle.
var benchVariants = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
	"anti-knight", "anti-king", "non-consecutive", "jigsaw"}

// variantOptions returns the options that make puzzles of a variant at a
// level: jigsaw takes random regions.
func variantOptions(tb testing.TB, variant, level string) Options {
	tb.Helper()
	opt := Options{Seed: 1, Level: level}
	regions := ""
	if variant == "jigsaw" {
		l := BoxLayout()
		regions = l.String()
		opt.RandomRegions = true
	}
	var err error
	if opt.Rules, err = sudoku.ParseRules(variant, regions); err != nil {
		tb.Fatal(err)
	}
	return opt
}

// BenchmarkGenerateVariant makes puzzles of each variant at the levels that
// need few techniques, one at a time, and reports puzzles per second (of
// one core) and candidates per puzzle. The target: 10 puzzles/s
// per core at easy and medium.
func BenchmarkGenerateVariant(b *testing.B) {
	for _, v := range benchVariants {
		for _, level := range []string{"easy", "medium"} {
			b.Run(v+"/"+level, func(b *testing.B) {
				gen := newGen(b, variantOptions(b, v, level))
				tries := 0
				i := 0
				for b.Loop() {
					p, err := gen.Puzzle(context.Background(), i)
					if err != nil {
						b.Fatal(err)
					}
					tries += p.Tries
					i++
				}
				b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(tries)/float64(i), "candidates/puzzle")
			})
		}
	}
}
