package techniques_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// firstChainStep follows the grader's path on a killer (the first step of
// the first producer that has one, in SE's order) and returns the first
// step a chaining producer makes, and the state it applies to; nil when
// the path ends before one.
func firstChainStep(t *testing.T, s *sudoku.State) (*techniques.Step, *sudoku.State) {
	t.Helper()
	ctx := context.Background()
	var ps []*techniques.Producer
	for _, p := range techniques.Producers() {
		if p.SE() && p.Applies(s.Rules) {
			ps = append(ps, p)
		}
	}
	for !s.Solved() {
		var next *techniques.Step
		chain := false
		for _, p := range ps {
			if next = p.First(ctx, s, nil); next != nil {
				chain = p.Chain()
				break
			}
		}
		if next == nil {
			return nil, nil
		}
		if chain {
			return next, s
		}
		next.ApplyTo(s)
	}
	return nil, nil
}

// TestKillerChainSteps: on real killers, the grader's path meets a chain
// of each kind whose links go through a cage, named in its explanation;
// each such step is sound. Without cage links in the chain engine, these
// killers' first chain steps use no cage (or there are none: the public
// killer was beyond).
func TestKillerChainSteps(t *testing.T) {
	gen, err := generate.Killers(generate.KillerOptions{Seed: 35})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		file string // a public killer at file:line, or generated killer seed 35:index
		line int
		tech string // the first chain step's technique key
		want string // a link its explanation holds
	}{
		{"cycle", "", 9, "bidirectional-cycle", "r1c7=2 (the 17-cage at r1c7-r2c7)"},
		{"forcing-chain", "", 30, "forcing-chain", "r8c4<>8 (the 13-cage at r7c4-r8c4)"},
		{"nishio", "", 22, "nishio", "r4c7=1 (the 8-cage at r4c6-r5c6)"},
		{"cell-forcing-chains", "", 105, "multiple-forcing-chains", "r4c4<>3 (the 20-cage at r3c4-r5c4)"},
		{"dynamic", "sample.txt", 5, "dynamic-forcing-chains", "r1c7=7 (the 13-cage at r1c6-r1c7)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s *sudoku.State
			var sol sudoku.Grid
			if tc.file == "" {
				p, err := gen.Puzzle(context.Background(), tc.line)
				if err != nil {
					t.Fatal(err)
				}
				s, sol = p.Rules.StateOf(p.Grid, nil), p.Solution
			} else {
				for _, q := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "killer", tc.file), 0) {
					if q.Line == tc.line {
						s = q.State()
						var ok bool
						if sol, ok = solve.For(q.Rules).Solve(q.Grid); !ok {
							t.Fatal("no solution")
						}
					}
				}
				if s == nil {
					t.Fatalf("no puzzle at line %d", tc.line)
				}
			}
			st, at := firstChainStep(t, s)
			if st == nil {
				t.Fatal("no chain step on the path")
			}
			checkKillerStep(t, tc.name, at, sol, st)
			if st.Technique != tc.tech || !strings.Contains(st.String(), tc.want) {
				t.Errorf("first chain step:\n%s (%s)\nwant %s with %q", st, st.Technique, tc.tech, tc.want)
			}
		})
	}
}
