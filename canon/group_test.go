package canon

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// groupLayout is testdata/puzzles/variants/jigsaw.regions.
const groupLayout = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"

func mustRules(tb testing.TB, spec, regions string) sudoku.Rules {
	tb.Helper()
	r, err := sudoku.ParseRules(spec, regions)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func mustGroup(tb testing.TB, rules sudoku.Rules) *Group {
	tb.Helper()
	g, err := GroupOf(rules)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// TestGroupSizes: the groups have the sizes that their rules give by hand.
func TestGroupSizes(t *testing.T) {
	tests := []struct {
		spec, regions string
		geometric     int
		relabellings  int
		why           string
	}{
		{"classic", "", 3359232, 362880, "2 x 6^8"},
		// Rows (and columns) p with p(8-r) = 8-p(r), keeping bands: bands
		// 1 and 3 swapped or not (2), the middle band's outer rows
		// swapped or not (2), band 1's order (6) fixing band 3's: 24;
		// columns q = p or q = p reversed (2); transposed or not (2).
		{"x", "", 96, 362880, "24 x 2 x 2"},
		// Bands (6), one order within a band for all three (6), the same
		// for stacks, transposed or not.
		{"disjoint-groups", "", 2592, 362880, "36 x 36 x 2"},
		// Bands (6), each band's outer rows swapped or not (8), likewise
		// for columns, transposed or not.
		{"center-dot", "", 4608, 362880, "48 x 48 x 2"},
		// The windows' rows 2-4 and 6-8: rows 2 and 3 swapped or not, 7
		// and 8 too, all reversed or not (8), likewise for columns,
		// transposed or not.
		{"windoku", "", 128, 362880, "8 x 8 x 2"},
		// The eight rotations and reflections of the square keep
		// knight's and king's moves and neighbours, and nothing else
		// does; non-consecutive keeps d -> 10-d only.
		{"anti-knight", "", 8, 362880, "the square's 8"},
		{"anti-king", "", 8, 362880, "the square's 8"},
		{"non-consecutive", "", 8, 2, "the square's 8, d and 10-d"},
		{"x,anti-knight", "", 8, 362880, "the square's 8 keep the diagonals"},
		{"x,non-consecutive", "", 8, 2, "the square's 8"},
		{"jigsaw", groupLayout, 8, 362880, "the square's 8, the layout turning along"},
		{"jigsaw,x", groupLayout, 8, 362880, "the square's 8 keep the diagonals"},
		{"jigsaw,non-consecutive", groupLayout, 8, 2, "the square's 8"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := mustGroup(t, mustRules(t, tt.spec, tt.regions))
			geo, digits := g.Size()
			if geo != tt.geometric || digits != tt.relabellings {
				t.Errorf("size %d x %d, want %d x %d (%s)", geo, digits, tt.geometric, tt.relabellings, tt.why)
			}
			if !g.Classic() && g.Geometric()[0] != Identity() {
				t.Errorf("the first element is %s, want the identity", g.Geometric()[0])
			}
		})
	}
}

// TestGroupsKeepTheRules: every element of a variant's group takes
// solutions under its rules (random ones) to solutions under the same
// rules (for a jigsaw, under the layout turned along), and is closed
// under composition and inverse; random Transforms that are not in the
// group break the rules of some solution.
func TestGroupsKeepTheRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	for _, spec := range []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
		"anti-knight", "anti-king", "non-consecutive", "x,anti-knight", "windoku,x", "jigsaw", "jigsaw,x", "jigsaw,anti-king"} {
		t.Run(spec, func(t *testing.T) {
			regions := ""
			if strings.Contains(spec, "jigsaw") {
				regions = groupLayout
			}
			rules := mustRules(t, spec, regions)
			g := mustGroup(t, rules)
			solver := solve.For(rules)
			var solutions []sudoku.Grid
			for range 8 {
				solutions = append(solutions, solver.RandomGrid(rng))
			}
			keeps := func(tr Transform) error {
				after := g.RulesAfter(tr)
				for _, s := range solutions {
					if err := after.CheckSolution(tr.Apply(s), tr.Apply(s)); err != nil {
						return err
					}
				}
				return nil
			}
			for range 200 {
				tr := g.Random(rng)
				if err := keeps(tr); err != nil {
					t.Fatalf("%s is in the group but breaks the rules: %v", tr, err)
				}
				if !g.Contains(tr.Inverse()) || !g.Contains(tr.Then(g.Random(rng))) {
					t.Fatalf("the group is not closed at %s", tr)
				}
			}
			outside := 0
			for range 2000 {
				tr := Random(rng)
				if rules.HasPair(sudoku.NonConsecutive) && rng.IntN(2) == 0 {
					tr.Digits = Identity().Digits
				}
				if g.Contains(tr) {
					continue
				}
				outside++
				if strings.Contains(spec, "jigsaw") {
					continue // a jigsaw's layout does not turn along a Transform out of the group
				}
				if keeps(tr) == nil {
					t.Fatalf("%s is not in the group, yet keeps every solution's rules", tr)
				}
			}
			if outside == 0 {
				t.Fatal("no Transform out of the group was tried")
			}
		})
	}
}

// TestGroupCheck: a Transform out of the group is refused with the house,
// the pair rule or the relabelling it does not keep.
func TestGroupCheck(t *testing.T) {
	tests := []struct {
		spec, regions, transform, want string
	}{
		{"x", "", "r=102345678", "does not keep the rules of x: it moves diagonal 1 onto r1c2 r2c1 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9, which is no diagonal"},
		{"x", "", "rot90,d=234567891", ""},
		{"x", "", "r=210345876,c=210345876", ""},
		{"x", "", "r=210345876,c=678543012", ""},
		{"windoku", "", "r=021345678", ""},
		{"windoku", "", "r=102345678", "does not keep the rules of windoku: it moves window 1 onto"},
		{"anti-knight", "", "mirror", ""},
		{"anti-knight", "", "r=102345678", "does not keep anti-knight: r1c1 and r3c2, a knight's move apart, go to r2c1 and r3c2, which are not"},
		{"anti-king", "", "r=102345678", "does not keep anti-king: r1c1 and r3c1, not a king's move apart, go to r2c1 and r3c1, which are"},
		{"non-consecutive", "", "rot270,d=987654321", ""},
		{"non-consecutive", "", "d=213456789", "non-consecutive takes no relabelling of the digits but d=987654321"},
		{"jigsaw", groupLayout, "transpose,d=912345678", ""},
		{"jigsaw", groupLayout, "r=102345678", "a jigsaw takes only the rotations, mirrors and transpositions of the whole grid"},
		{"classic", "", "r=102345678,d=912345678", ""},
	}
	for _, tt := range tests {
		g := mustGroup(t, mustRules(t, tt.spec, tt.regions))
		tr, err := ParseTransform(tt.transform)
		if err != nil {
			t.Fatal(err)
		}
		err = g.Check(tr)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s, %s: %v, want it in the group", tt.spec, tt.transform, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s, %s: %v, want %q", tt.spec, tt.transform, err, tt.want)
		case err != nil && g.Contains(tr), err == nil && !g.Contains(tr):
			t.Errorf("%s, %s: Contains and Check disagree", tt.spec, tt.transform)
		}
	}
}

// TestGroupMinlex: the canonical form of a variant puzzle is the same for
// every puzzle its group makes of it (with the jigsaw's layout turned
// along), is reached by the Transform returned, which is in the group,
// and keeps one solution under the form's rules; no element of the group
// gives a smaller grid.
func TestGroupMinlex(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	for _, spec := range []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
		"anti-knight", "anti-king", "non-consecutive", "jigsaw"} {
		t.Run(spec, func(t *testing.T) {
			regions := ""
			if spec == "jigsaw" {
				regions = groupLayout
			}
			rules := mustRules(t, spec, regions)
			g := mustGroup(t, rules)
			for _, p := range variantPuzzles(t, spec) {
				form, formRules, tr := g.Minlex(p)
				after := g.RulesAfter(tr)
				if !g.Contains(tr) || tr.Apply(p) != form || formRules.String() != after.String() || formRules.Regions() != renumbered(after.Regions()) {
					t.Fatalf("%s: the Transform %s does not take it to its form %s under %v", p, tr, Format(form), formRules)
				}
				if n := solve.For(formRules).Count(form, 2).Count; n != 1 {
					t.Fatalf("%s: its form %s has %d solutions under its rules", p, Format(form), n)
				}
				for _, e := range g.Geometric() {
					h := e.Apply(p)
					d := relabelling(&h, g.reflect)
					for i, v := range h {
						h[i] = d[v]
					}
					if Format(h) < Format(form) {
						t.Fatalf("%s: %s gives %s, smaller than its form %s", p, e, Format(h), Format(form))
					}
				}
				for range 5 {
					u := g.Random(rng)
					other := mustGroup(t, g.RulesAfter(u))
					form2, rules2, _ := other.Minlex(u.Apply(p))
					if form2 != form || !rules2.Equal(formRules) {
						t.Fatalf("%s turned by %s: form %s %s, want %s %s", p, u, Format(form2), rules2.Label(), Format(form), formRules.Label())
					}
				}
			}
		})
	}
}

// variantPuzzles reads the puzzles of testdata/puzzles/variants/<spec>.txt.
func variantPuzzles(tb testing.TB, spec string) []sudoku.Grid {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "puzzles", "variants", spec+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []sudoku.Grid
	for line := range strings.Lines(string(data)) {
		if len(line) >= 81 && !strings.HasPrefix(line, "#") {
			var g sudoku.Grid // not sudoku.ParseGrid, which reads classic puzzles
			for i := range 81 {
				if c := line[i]; c >= '1' && c <= '9' {
					g[i] = c - '0'
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// renumbered returns a layout with its regions numbered in order of first
// appearance ("" for none).
func renumbered(layout string) string {
	ids := map[rune]byte{}
	var b strings.Builder
	for _, c := range layout {
		if _, ok := ids[c]; !ok {
			ids[c] = byte('1' + len(ids))
		}
		b.WriteByte(ids[c])
	}
	return b.String()
}
