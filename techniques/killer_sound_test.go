package techniques_test

import (
	"context"
	"flag"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// killerWalk follows the path a grader takes on a killer (the first step
// of the first producer that has one) and fails on any step that any
// producer finds at any state on the way and that eliminates a digit of
// the solution or places a wrong one: every producer but the chaining ones
// at every state, and, at the states where those find nothing, the
// chaining producers in the grader's order up to the first that has a
// step (every step of each: the chains with cage links). It returns the
// states walked, the steps checked, and whether the path reached the
// solution.
func killerWalk(t *testing.T, what string, s *sudoku.State, sol sudoku.Grid, used map[string]int) (states, steps int, solved bool) {
	t.Helper()
	ctx := context.Background()
	var ps, chains []*techniques.Producer
	for _, p := range techniques.Producers() {
		switch {
		case !p.Applies(s.Rules):
		case !p.Chain():
			ps = append(ps, p)
		case p.SE():
			chains = append(chains, p)
		}
	}
	for !s.Solved() {
		states++
		var next *techniques.Step
		for _, p := range ps {
			p.FindAll(ctx, s, func(st *techniques.Step) bool {
				steps++
				checkKillerStep(t, what, s, sol, st)
				return true
			})
			if next == nil && p.SE() {
				next = p.First(ctx, s, nil)
			}
		}
		for _, p := range chains {
			if next != nil || t.Failed() {
				break
			}
			p.FindAll(ctx, s, func(st *techniques.Step) bool {
				steps++
				checkKillerStep(t, what, s, sol, st)
				return true
			})
			next = p.First(ctx, s, nil)
		}
		if t.Failed() || next == nil {
			return states, steps, false
		}
		used[next.Technique]++
		next.ApplyTo(s)
	}
	return states, steps, true
}

// checkKillerStep fails when a step eliminates a digit of the solution,
// places a wrong one, touches a candidate that is not there, or does
// nothing.
func checkKillerStep(t *testing.T, what string, s *sudoku.State, sol sudoku.Grid, st *techniques.Step) {
	t.Helper()
	for _, e := range st.Eliminations {
		if sol[e.Cell] == e.Digit || !s.Cands[e.Cell].Has(int(e.Digit)) {
			t.Fatalf("%s: %s: %s<>%d is the solution's digit or no candidate", what, st, sudoku.CellName(int(e.Cell)), e.Digit)
		}
	}
	for _, p := range st.Placements {
		if sol[p.Cell] != p.Digit {
			t.Fatalf("%s: %s: places %d at %s, the solution has %d", what, st, p.Digit, sudoku.CellName(int(p.Cell)), sol[p.Cell])
		}
	}
	if len(st.Eliminations)+len(st.Placements) == 0 {
		t.Fatalf("%s: %s does nothing", what, st)
	}
}

// killers sets the size of TestKillerSoundnessGenerated's walk: n plain
// killers, n/2 with cages of 1-9 cells, n/4 with givens, n/4 killer-x.
// The default walks 120 in all (the chains' steps too), within go test's
// timeout on a busy machine; -killers 1000 walks 2,000 (many minutes).
var killers = flag.Int("killers", 60, "plain killers walked by TestKillerSoundnessGenerated")

// TestKillerSoundnessGenerated walks random killers made by the generator
// (plain and killer-x, with and without givens and cages of one cell) and
// checks every step of every producer at every state.
func TestKillerSoundnessGenerated(t *testing.T) {
	n := *killers
	if testing.Short() {
		n = 20
	}
	x, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		opt  generate.KillerOptions
		n    int
	}{
		{"killer", generate.KillerOptions{Seed: 1}, n},
		{"killer-cells1-9", generate.KillerOptions{Seed: 2, MinCage: 1, MaxCage: 9}, n / 2},
		{"killer-givens", generate.KillerOptions{Seed: 3, Givens: 6}, n / 4},
		{"killer-x", generate.KillerOptions{Seed: 4, Rules: x}, n / 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := generate.Killers(tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			used := map[string]int{}
			states, steps, solved := 0, 0, 0
			for i := range tc.n {
				p, err := g.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				a, b, ok := killerWalk(t, tc.name+" #"+itoa(i), p.Rules.StateOf(p.Grid, nil), p.Solution, used)
				states, steps = states+a, steps+b
				if ok {
					solved++
				}
			}
			t.Logf("%d killers, %d solved, %d states, %d steps checked; path steps %v", tc.n, solved, states, steps, used)
			for _, key := range []string{"killer-combination", "killer-45", "killer-hidden-combination", "killer-overlap", "killer-split"} {
				if tc.name == "killer" && used[key] == 0 {
					t.Errorf("%s never on a path: the walk lost its power", key)
				}
			}
		})
	}
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0 || len(b) == 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestKillerSoundnessPublic walks the public killers of testdata (their
// solutions found by the solver) and checks every step at every state.
// Mathemagic's killers are left out: the solver takes seconds on each.
func TestKillerSoundnessPublic(t *testing.T) {
	for _, name := range []string{"sample.txt", "hs-zero-ps.txt", "tarek-arrows.txt", "extreme-ps.txt"} {
		t.Run(name, func(t *testing.T) {
			puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "killer", name), 0)
			used := map[string]int{}
			states, steps, solved := 0, 0, 0
			for _, p := range puzzles {
				sol, ok := solve.For(p.Rules).Solve(p.Grid)
				if !ok {
					t.Fatalf("line %d: no solution", p.Line)
				}
				a, b, done := killerWalk(t, name+":"+itoa(p.Line), p.State(), sol, used)
				states, steps = states+a, steps+b
				if done {
					solved++
				}
			}
			t.Logf("%d killers, %d solved, %d states, %d steps checked; path steps %v", len(puzzles), solved, states, steps, used)
			if used["killer-combination"] == 0 {
				t.Error("no cage combinations on the paths")
			}
		})
	}
}
