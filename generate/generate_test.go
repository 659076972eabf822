package generate

import (
	"context"
	"errors"
	"os"
	"testing"

	"sudokit/config"
	"sudokit/grade"
	"sudokit/sudoku"
	"sudokit/techniques"
)

// countSolutions is an independent solution counter (plain backtracking on
// the cell with the fewest candidates, recomputed at every node), so that the
// generator's uniqueness is not checked by its own solver.
func countSolutions(g sudoku.Grid, limit int) int {
	n := 0
	var rec func() bool
	rec = func() bool {
		cands := g.Candidates()
		best, bestN := -1, 10
		for i, v := range g {
			if v == 0 && cands[i].Count() < bestN {
				best, bestN = i, cands[i].Count()
			}
		}
		if best < 0 {
			n++
			return n < limit
		}
		for _, d := range cands[best].Slice() {
			g[best] = uint8(d)
			if !rec() {
				return false
			}
		}
		g[best] = 0
		return true
	}
	rec()
	return n
}

func testGrader(t *testing.T) (*grade.Grader, *config.Config) {
	t.Helper()
	data, err := os.ReadFile("../config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Parse(data, "config.yaml", nil, grade.Keys())
	if err != nil {
		t.Fatal(err)
	}
	g, err := grade.NewGrader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g, cfg
}

func TestGeneratedPuzzles(t *testing.T) {
	grader, cfg := testGrader(t)
	hardMin, hardMax, err := ForLevel(cfg, "hard")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		opt  Options
		n    int
	}{
		{"easy rot180", Options{Seed: 1, Symmetry: Rot180, Target: Target{MinER: 10, MaxER: 15}}, 8},
		{"hard rot180", Options{Seed: 2, Symmetry: Rot180, Target: Target{MinER: hardMin, MaxER: hardMax}}, 8},
		{"any rot90", Options{Seed: 3, Symmetry: Rot90}, 6},
		{"any mirror", Options{Seed: 4, Symmetry: Mirror}, 6},
		{"any flip", Options{Seed: 5, Symmetry: Flip}, 6},
		{"any diagonal", Options{Seed: 6, Symmetry: Diagonal}, 6},
		{"any antidiagonal", Options{Seed: 7, Symmetry: Antidiagonal}, 6},
		{"any random symmetry", Options{Seed: 8, Symmetry: Random}, 8},
		{"minimal none", Options{Seed: 9, Symmetry: None, Minimal: true}, 6},
		{"minimal rot180", Options{Seed: 10, Symmetry: Rot180, Minimal: true, Target: Target{MinER: 26, MaxER: 40}}, 4},
		{"fiendish with a clue range", Options{Seed: 11, Symmetry: Rot180, Target: Target{MinER: 41, MaxER: 60, MinClues: 24, MaxClues: 28}}, 4},
		{"requires x-wing", Options{Seed: 12, Symmetry: None, Target: Target{Require: []string{"x-wing"}}}, 3},
		{"chains", Options{Seed: 13, Symmetry: Rot180, Target: Target{MinER: 63, MaxER: 75}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gen := New(grader, tt.opt)
			for i := 0; i < tt.n; i++ {
				p, err := gen.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				if n := countSolutions(p.Grid, 2); n != 1 {
					t.Fatalf("puzzle %d %s has %d solutions", i, p.Grid, n)
				}
				if err := sudoku.CheckSolution(p.Grid, p.Solution); err != nil {
					t.Fatalf("puzzle %d: solution: %v", i, err)
				}
				var givens [81]bool
				for c, v := range p.Grid {
					givens[c] = v != 0
				}
				if !p.Symmetry.Holds(givens) || (tt.opt.Symmetry != Random && p.Symmetry != tt.opt.Symmetry) {
					t.Fatalf("puzzle %d %s does not keep %v", i, p.Grid, tt.opt.Symmetry)
				}
				if tt.opt.Minimal && !Minimal(p.Grid) {
					t.Fatalf("puzzle %d %s is not minimal", i, p.Grid)
				}
				tg := tt.opt.Target
				if n := p.Grid.Givens(); n < tg.MinClues || (tg.MaxClues > 0 && n > tg.MaxClues) {
					t.Fatalf("puzzle %d has %d clues, want %d-%d", i, n, tg.MinClues, tg.MaxClues)
				}
				// Re-graded from scratch, it falls in the band.
				res := grade.Grade(p.Grid, grade.Options{})
				er := techniques.RatingTenths(res.ER)
				switch {
				case res.Status == grade.Beyond && !tg.Beyond:
					t.Fatalf("puzzle %d is beyond the techniques, the band is %d-%d", i, tg.MinER, tg.MaxER)
				case res.Status == grade.Rated && (er < tg.MinER || (tg.MaxER > 0 && er > tg.MaxER)):
					t.Fatalf("puzzle %d rates %d, outside %d-%d", i, er, tg.MinER, tg.MaxER)
				}
				for _, r := range tg.Require {
					if res.Usage[r] == nil {
						t.Fatalf("puzzle %d: path does not use %s", i, r)
					}
				}
				if again, _ := gen.Puzzle(context.Background(), i); again.Grid != p.Grid {
					t.Fatalf("puzzle %d is not reproducible", i)
				}
			}
		})
	}
}

func TestGiveUp(t *testing.T) {
	grader, _ := testGrader(t)
	// 17 clues with a 180-degree symmetry and rated easy: far too rare.
	gen := New(grader, Options{Seed: 1, Symmetry: Rot180, MaxTries: 20, Target: Target{MinER: 10, MaxER: 15, MinClues: 17, MaxClues: 17}})
	_, err := gen.Puzzle(context.Background(), 0)
	if !errors.Is(err, ErrGaveUp) {
		t.Fatalf("err = %v, want ErrGaveUp", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gen = New(grader, Options{Seed: 1, Symmetry: Rot180, Target: Target{MinER: 10, MaxER: 15, MinClues: 17, MaxClues: 17}})
	if _, err := gen.Puzzle(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestTargetParsing(t *testing.T) {
	_, cfg := testGrader(t)
	tests := []struct {
		in       string
		min, max int
		bad      bool
	}{
		{"2.6-4.0", 26, 40, false}, {"7.0+", 70, 0, false}, {"4.5", 45, 45, false},
		{"9-2", 0, 0, true}, {"abc", 0, 0, true}, {"0.5-2", 0, 0, true}, {"1.0-25", 0, 0, true},
	}
	for _, tt := range tests {
		min, max, err := ParseRating(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && (min != tt.min || max != tt.max)) {
			t.Errorf("ParseRating(%q) = %d, %d, %v", tt.in, min, max, err)
		}
	}
	for _, in := range []string{"10-15", "30-20", "x", "81-90"} {
		if _, _, err := ParseClues(in); err == nil {
			t.Errorf("ParseClues(%q) accepted", in)
		}
	}
	if min, max, err := ParseClues("22-26"); err != nil || min != 22 || max != 26 {
		t.Errorf("ParseClues(22-26) = %d, %d, %v", min, max, err)
	}
	for _, l := range []struct {
		name     string
		min, max int
	}{{"easy", 10, 15}, {"medium", 16, 25}, {"hard", 26, 40}, {"fiendish", 41, 60}, {"diabolical", 61, 0}} {
		min, max, err := ForLevel(cfg, l.name)
		if err != nil || min != l.min || max != l.max {
			t.Errorf("ForLevel(%s) = %d, %d, %v", l.name, min, max, err)
		}
	}
	if _, _, err := ForLevel(cfg, "impossible"); err == nil {
		t.Error("unknown level accepted")
	}
	known := grade.Keys()
	for _, band := range []Target{{MinER: 70, MaxER: 80}, {MinER: 90, MaxER: 95}, {MinER: 100, MaxER: 119}} {
		if tg, err := band.Check(known); err != nil || tg.Beyond {
			t.Errorf("band %d-%d: %+v, %v (chains rate it; puzzles beyond SE's scale are out)", band.MinER, band.MaxER, tg, err)
		}
	}
	if tg, err := (Target{MinER: 100, MaxER: 200}).Check(known); err != nil || !tg.Beyond {
		t.Errorf("band 10.0-20.0 must take puzzles SE rates 20.0: %+v, %v", tg, err)
	}
	if _, err := (Target{Require: []string{"x-wingg"}}).Check(known); err == nil {
		t.Error("an unknown technique was accepted")
	}
	if tg, err := (Target{MinER: 61}).Check(known); err != nil || !tg.Beyond {
		t.Errorf("open band from 6.1: %+v, %v", tg, err)
	}
}

func TestOrbits(t *testing.T) {
	for s := None; s < Random; s++ {
		seen := 0
		for _, o := range s.Orbits() {
			seen += len(o)
			var givens [81]bool
			for _, c := range o {
				givens[c] = true
			}
			if !s.Holds(givens) {
				t.Errorf("%v: orbit %v is not symmetric", s, o)
			}
		}
		if seen != 81 {
			t.Errorf("%v: orbits cover %d cells", s, seen)
		}
	}
}
