package solve

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// boxedVariants are the variants the boxed-variant solver takes: those
// that keep the boxes and add houses, no pair rule.
var boxedVariants = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot"}

// generalOf is the general solver under s's rules, whichever solver For
// gives them: the cross-check of the boxed-variant solver, which shares
// no propagation or search code with it.
func generalOf(s Solver) Solver { return Solver{rules: s.rules, t: s.t} }

// TestUseBoxed: For gives the boxed-variant solver to the rules that keep
// the boxes and have no pair rule, and only to them.
func TestUseBoxed(t *testing.T) {
	for _, spec := range append(slices.Clone(ruleSpecs), "x,windoku,asterisk") {
		want := !strings.Contains(spec, "jigsaw") && !strings.Contains(spec, "anti-") && !strings.Contains(spec, "non-consecutive")
		if got := For(rulesOf(t, spec)).b != nil; got != want {
			t.Errorf("%s: boxed %v, want %v", spec, got, want)
		}
	}
	if For(sudoku.Rules{}).b != nil {
		t.Error("classic rules got the boxed-variant solver")
	}
}

// TestBoxedOnVariantFiles checks the boxed-variant solver against the
// general one on every puzzle of its variants' files (../shared's
// calibration files and testdata's): the same count to 2, the same
// solution, which keeps the rules; and on each puzzle with its first two
// clues taken out (most then have several solutions), the same count to
// 20 and, where there are fewer, the same solutions through Each.
func TestBoxedOnVariantFiles(t *testing.T) {
	for _, name := range boxedVariants {
		t.Run(name, func(t *testing.T) {
			s := For(mustRules(t, name, ""))
			if s.b == nil {
				t.Fatal("not the boxed-variant solver")
			}
			g := generalOf(s)
			puzzles := append(loadVariant(t, name), loadUnder(t, filepath.Join("..", "testdata", "puzzles", "variants", name+".txt"), s.Rules())...)
			several := 0
			for _, p := range puzzles {
				got, want := s.Count(p.Grid, 2), g.Count(p.Grid, 2)
				if got.Count != 1 || want.Count != 1 || got.Solution != want.Solution {
					t.Errorf("%s:%d: boxed %d %s, general %d %s", p.Source, p.Line, got.Count, got.Solution, want.Count, want.Solution)
				}
				if err := s.Rules().CheckSolution(p.Grid, got.Solution); err != nil {
					t.Errorf("%s:%d: %v", p.Source, p.Line, err)
				}
				q := p.Grid
				for i, taken := 0, 0; i < 81 && taken < 2; i++ {
					if q[i] != 0 {
						q[i], taken = 0, taken+1
					}
				}
				const limit = 20
				if n, m := s.Count(q, limit).Count, g.Count(q, limit).Count; n != m {
					t.Errorf("%s:%d less two clues: boxed %d, general %d", p.Source, p.Line, n, m)
				}
				a, b := solutionsOf(s, q, limit), solutionsOf(g, q, limit)
				if len(a) < limit && !slices.Equal(a, b) { // all of them: the same set
					t.Errorf("%s:%d less two clues: boxed and general visit different solutions (%d, %d)", p.Source, p.Line, len(a), len(b))
				}
				for _, sol := range a {
					if err := s.Rules().CheckSolution(q, sol); err != nil {
						t.Errorf("%s:%d less two clues: solution %s: %v", p.Source, p.Line, sol, err)
					}
				}
				if len(a) > 1 {
					several++
				}
			}
			if several < len(puzzles)/4 {
				t.Errorf("only %d of %d puzzles less two clues have several solutions", several, len(puzzles))
			}
		})
	}
}

// solutionsOf returns the solutions Each visits, up to limit, sorted.
func solutionsOf(s Solver, g sudoku.Grid, limit int) []sudoku.Grid {
	var out []sudoku.Grid
	s.Each(g, limit, func(sol sudoku.Grid) bool {
		out = append(out, sol)
		return true
	})
	slices.SortFunc(out, func(a, b sudoku.Grid) int { return slices.Compare(a[:], b[:]) })
	return out
}

// randomBoxedRules draws a combination of the boxed variants that
// ParseRules accepts.
func randomBoxedRules(tb testing.TB, rng *rand.Rand) sudoku.Rules {
	tb.Helper()
	for {
		var names []string
		for _, v := range boxedVariants {
			if rng.IntN(3) == 0 {
				names = append(names, v)
			}
		}
		if len(names) == 0 {
			continue
		}
		if r, err := sudoku.ParseRules(strings.Join(names, ","), ""); err == nil {
			return r
		}
	}
}

// TestBoxedRandomRules compares the boxed-variant solver with the general
// solver and with plain backtracking on random puzzles under random
// combinations of its variants: grids a random number of cells short of a
// random solution (unique, several solutions, none when a digit is
// changed), through Count, CountState with candidates taken out, and a
// cancelled context.
func TestBoxedRandomRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	compared := 0
	for k := range 120 { // past 120, this seed meets grids the general solver takes minutes over
		rules := randomBoxedRules(t, rng)
		s := For(rules)
		g := generalOf(s)
		grid := g.RandomGrid(rng)
		for _, c := range rng.Perm(81)[:20+rng.IntN(35)] {
			grid[c] = 0
		}
		if k%4 == 3 {
			grid[rng.IntN(81)] = uint8(rng.IntN(9) + 1)
		}
		got, want := s.Count(grid, 3), g.Count(grid, 3)
		if got.Count != want.Count || (want.Count == 1 && got.Solution != want.Solution) {
			t.Fatalf("%s under %s: boxed %d %s, general %d %s", grid, rules, got.Count, got.Solution, want.Count, want.Solution)
		}
		if got.Count > 0 {
			if err := rules.CheckSolution(grid, got.Solution); err != nil {
				t.Fatalf("%s under %s: solution %s: %v", grid, rules, got.Solution, err)
			}
		}
		if ref, ok := referenceCountUnder(rules, grid, nil, 3, 5e3); ok {
			compared++
			if ref != got.Count {
				t.Fatalf("%s under %s: boxed %d, reference %d", grid, rules, got.Count, ref)
			}
		}
		st := rules.StateOf(grid, nil)
		for range 10 {
			c := rng.IntN(81)
			st.Cands[c] = st.Cands[c].Without(rng.IntN(9) + 1)
		}
		if a, b := s.CountState(st, 3), g.CountState(st, 3); a.Count != b.Count || (b.Count == 1 && a.Solution != b.Solution) {
			t.Fatalf("%s under %s with candidates taken out: boxed %d, general %d", grid, rules, a.Count, b.Count)
		}
	}
	if compared < 60 {
		t.Errorf("the reference finished %d times of 120", compared)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := For(mustRules(t, "x", ""))
	if r := s.CountStateContext(ctx, s.Rules().StateOf(sudoku.Grid{}, nil), 1<<30); !r.Stopped || r.Count >= 1<<30 {
		t.Errorf("a cancelled search: %+v", r)
	}
}

// TestBoxedBadGivens: givens that break an extra house, or a value over 9,
// have no solution.
func TestBoxedBadGivens(t *testing.T) {
	s := For(mustRules(t, "x", ""))
	var g sudoku.Grid
	g[0], g[80] = 5, 5 // r1c1 and r9c9, both on diagonal 1
	if r := s.Count(g, 2); r.Count != 0 {
		t.Errorf("two 5s on a diagonal: %d solutions", r.Count)
	}
	g = sudoku.Grid{}
	g[3] = 10
	if r := s.Count(g, 2); r.Count != 0 {
		t.Errorf("a 10: %d solutions", r.Count)
	}
}

// FuzzBoxed compares the boxed-variant solver with the general one on
// arbitrary grids under a combination of its variants picked by the first
// byte: the same count to 3, the same solution when unique, and solutions
// that keep the rules. The general solver gets a second: on some sparse
// grids it takes far longer than the boxed one (one of girandola and
// centre dot with four givens: 26 s, against 0.1 ms), and is then left
// out.
func FuzzBoxed(f *testing.F) {
	f.Add([]byte("\x01" + ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8."))
	f.Add([]byte("\x3f" + "1........"))
	f.Add([]byte("\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		var names []string
		for i, v := range boxedVariants {
			if data[0]>>i&1 != 0 {
				names = append(names, v)
			}
		}
		rules, err := sudoku.ParseRules(strings.Join(names, ","), "")
		if err != nil || rules.IsClassic() {
			return
		}
		var g sudoku.Grid
		for i := 1; i < len(data) && i <= 81; i++ {
			if c := data[i]; c >= '1' && c <= '9' {
				g[i-1] = c - '0'
			}
		}
		s := For(rules)
		got := s.Count(g, 3)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		want := generalOf(s).CountStateContext(ctx, rules.StateOf(g, nil), 3)
		if !want.Stopped && (got.Count != want.Count || (want.Count == 1 && got.Solution != want.Solution)) {
			t.Fatalf("%s under %s: boxed %d %s, general %d %s", g, rules, got.Count, got.Solution, want.Count, want.Solution)
		}
		if got.Count > 0 {
			if err := rules.CheckSolution(g, got.Solution); err != nil {
				t.Fatalf("%s under %s: solution %s: %v", g, rules, got.Solution, err)
			}
		}
	})
}

// TestBoxedBudget: on an empty grid under x, windoku and asterisk the
// boxed search's guesses go astray (31,000 of them); past its budget the
// count goes to the general solver, which needs tens, and the guesses
// reported are both searches'.
func TestBoxedBudget(t *testing.T) {
	s := For(mustRules(t, "x,windoku,asterisk", ""))
	r := s.Count(sudoku.Grid{}, 1)
	if r.Count != 1 || s.Rules().CheckSolution(sudoku.Grid{}, r.Solution) != nil {
		t.Fatalf("count %d, solution %s", r.Count, r.Solution)
	}
	if r.Guesses <= boxedBudget || r.Guesses > boxedBudget+1000 {
		t.Errorf("%d guesses, want the budget of %d and the general solver's few", r.Guesses, boxedBudget)
	}
}
