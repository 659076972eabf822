package grade

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// TestNext checks the next step from a candidate state: the step grading
// takes there, or why there is none.
func TestNext(t *testing.T) {
	ctx := context.Background()
	g := grader(t, 0)
	top1 := mustGrid(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	solution := mustGrid(t, "417369825632158947958724316825437169791586432346912758289643571573291684164875293")
	wrong := sudoku.NewState(top1) // the solution's 1 crossed out of r1c2
	wrong.Eliminate(1, 1)
	repeated := top1
	repeated[1] = 4
	tests := []struct {
		name  string
		st    *sudoku.State
		want  Status
		steps int
	}{
		{"a puzzle", sudoku.NewState(top1), Rated, 1},
		{"a solved grid", sudoku.NewState(solution), Rated, 0},
		{"a wrong elimination on the way", wrong, Unsolvable, 0},
		{"two solutions", sudoku.NewState(mustGrid(t, "8.........95.......76.........426798...571243...893165......916....3.487....1.532")), Multiple, 0},
		{"a repeated digit", sudoku.NewState(repeated), Invalid, 0},
	}
	for _, tt := range tests {
		before := *tt.st
		res := g.Next(ctx, tt.st, Options{})
		if res.Status != tt.want || len(res.Path) != tt.steps {
			t.Errorf("%s: %v with %d steps, want %v with %d", tt.name, res.Status, len(res.Path), tt.want, tt.steps)
		}
		if *tt.st != before {
			t.Errorf("%s: Next changed the state", tt.name)
		}
	}
}

// TestNextFollowsThePath walks the explained path of puzzles with the
// extra techniques on: at each state, Next gives the path's next step.
func TestNextFollowsThePath(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default()
	cfg.Techniques = map[string]bool{"skyscraper": true, "two-string-kite": true, "w-wing": true,
		"xy-chain": true, "finned-x-wing": true, "empty-rectangle": true}
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	extras := 0
	for _, s := range []string{ // norvig-top95 4, 5 and 11: their paths use extras
		"48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
		"....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
		"6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
	} {
		st := sudoku.NewState(mustGrid(t, s))
		path := g.Grade(ctx, st, Options{Path: true}).Path
		if len(path) == 0 {
			t.Fatalf("%s: no path", s)
		}
		for i, want := range path {
			next := g.Next(ctx, st, Options{})
			if len(next.Path) != 1 || next.Path[0].String() != want.String() {
				t.Fatalf("%s step %d: Next gives %v, the path %s", s, i+1, next.Path, want.String())
			}
			want.ApplyTo(st)
			if cfg.Techniques[want.Technique] {
				extras++
			}
		}
		if !st.Solved() {
			t.Errorf("%s: the path does not solve it", s)
		}
	}
	if extras < 7 {
		t.Errorf("the paths used %d extra steps, want the 7 they hold", extras)
	}
}

func mustGrid(t *testing.T, s string) sudoku.Grid {
	t.Helper()
	g, err := sudoku.ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
