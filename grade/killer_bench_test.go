package grade_test

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// BenchmarkGradeKillers grades generated killers (2-6 cells a cage, no
// givens) by the killer techniques, one a run: the CPU a killer costs
// (the uniqueness check included; cpu-ms/op with -cpu 1 is the time of
// one core, which a loaded machine's wall time overstates).
func BenchmarkGradeKillers(b *testing.B) {
	gen, err := generate.Killers(generate.KillerOptions{Seed: 35})
	if err != nil {
		b.Fatal(err)
	}
	var killers []generate.KillerPuzzle
	for i := range 100 {
		p, err := gen.Puzzle(context.Background(), i)
		if err != nil {
			b.Fatal(err)
		}
		killers = append(killers, p)
	}
	g, err := grade.New(config.Default())
	if err != nil {
		b.Fatal(err)
	}
	rated := 0
	b.ResetTimer()
	cpu := grade.CPUTime()
	for i := 0; b.Loop(); i++ {
		p := killers[i%len(killers)]
		if res := g.Grade(context.Background(), p.Rules.StateOf(p.Grid, nil), grade.Options{}); res.Status == grade.Rated {
			rated++
		}
	}
	b.ReportMetric(float64((grade.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(rated)/float64(b.N), "rated/op")
}

// TestKillerLevels: a generated killer gets a level of config.yaml's
// killer table, its ratings within the band, and the same grade with or
// without the path.
func TestKillerLevels(t *testing.T) {
	cfg := config.Default()
	g, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := generate.Killers(generate.KillerOptions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	levels := map[string]int{}
	for i := range 30 {
		p, err := gen.Puzzle(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		st := p.Rules.StateOf(p.Grid, nil)
		res := g.Grade(context.Background(), st, grade.Options{Path: true})
		if !res.Status.Graded() {
			t.Fatalf("killer %d: %v", i, res.Failed())
		}
		if res.Solution != p.Solution {
			t.Fatalf("killer %d: the grader's solution is not the generator's", i)
		}
		er := res.ER
		if res.Status == grade.Beyond {
			er = sudoku.RatingBeyond
		}
		if want := cfg.ForKiller().Level(er); res.Level != want {
			t.Errorf("killer %d: level %q, want %q (ER %v)", i, res.Level, want, er)
		}
		if res.Status == grade.Rated && res.Path[0].Technique != "killer-combination" {
			t.Errorf("killer %d: the path starts with %s, want cage combinations", i, res.Path[0].Technique)
		}
		if again := g.Grade(context.Background(), st, grade.Options{}); again.Ratings != res.Ratings {
			t.Errorf("killer %d: %v without the path, %v with it", i, again.Ratings, res.Ratings)
		}
		levels[res.Level]++
	}
	if len(levels) < 3 {
		t.Errorf("30 killers in levels %v: want at least three levels", levels)
	}
}
