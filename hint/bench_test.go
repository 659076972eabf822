package hint

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// BenchmarkNext asks for the next step from states of the calibration
// puzzles rated up to ER 9.0 (norvig-top95 and qqwing-sample220): the
// givens and every fifth state along each solving path, as a person at
// the puzzle would. It reports the mean (ns/op) and the p50, p99 and max
// per hint; the goal is p99 under 100 ms.
func BenchmarkNext(b *testing.B) {
	g := grader(b, false)
	var states []*sudoku.State
	for _, set := range []string{"norvig-top95.se121.txt", "qqwing-sample220.se121.txt"} {
		for _, p := range puzzles(b, set) {
			st := sudoku.NewState(p)
			res := g.Grade(context.Background(), st, grade.Options{Path: true})
			if res.ER > 9.0 {
				continue
			}
			for k, step := range res.Path {
				if k%5 == 0 {
					states = append(states, st.Clone())
				}
				for _, e := range step.Eliminations {
					st.Eliminate(int(e.Cell), int(e.Digit))
				}
				for _, pl := range step.Placements {
					st.Place(int(pl.Cell), int(pl.Digit))
				}
			}
		}
	}
	times := make([]time.Duration, 0, b.N)
	i := 0
	for b.Loop() {
		t0 := time.Now()
		if _, err := Find(context.Background(), g, states[i%len(states)], Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
		i++
	}
	slices.Sort(times)
	at := func(q float64) float64 {
		return float64(times[min(len(times)-1, int(q*float64(len(times))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(.5), "p50-ms")
	b.ReportMetric(at(.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
	b.ReportMetric(float64(len(states)), "states")
}
