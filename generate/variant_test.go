package generate

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// testLayout is the jigsaw layout of testdata/puzzles/variants.
func testLayout(tb testing.TB) string {
	tb.Helper()
	data, err := os.ReadFile("../testdata/puzzles/variants/jigsaw.regions")
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// rulesOf builds rules for a test, failing it on an error.
func rulesOf(tb testing.TB, variants, regions string) sudoku.Rules {
	tb.Helper()
	r, err := sudoku.ParseRules(variants, regions)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// randomJigsawRules are jigsaw rules (with other variants) whose layout
// the generator replaces by a random one per puzzle.
func randomJigsawRules(tb testing.TB, variants string) sudoku.Rules {
	l := BoxLayout()
	return rulesOf(tb, variants, l.String())
}

// checkVariantPuzzle checks what every generated puzzle of rules must be:
// its rules are those asked for (a random jigsaw's, with a layout of its
// own), it has exactly one solution under them, the one it carries, which
// keeps them; its clues keep its symmetry, which keeps its rules.
func checkVariantPuzzle(t *testing.T, p Puzzle, opt Options) {
	t.Helper()
	want := opt.Rules
	switch {
	case opt.RandomRegions:
		if !slices.Equal(p.Rules.Variants(), want.Variants()) || p.Rules.Regions() == "" {
			t.Fatalf("puzzle %d: rules %s %q, want %s on a layout of its own", p.Index, p.Rules, p.Rules.Regions(), want)
		}
	case !p.Rules.Equal(want):
		t.Fatalf("puzzle %d: rules %s, want %s", p.Index, p.Rules, want)
	}
	r := solve.For(p.Rules).Count(p.Grid, 2)
	if r.Count != 1 || r.Solution != p.Solution {
		t.Fatalf("puzzle %d %s: %d solutions under %s (want 1, its own)", p.Index, p.Grid, r.Count, p.Rules)
	}
	if err := p.Rules.CheckSolution(p.Grid, p.Solution); err != nil {
		t.Fatalf("puzzle %d: its solution breaks the rules: %v", p.Index, err)
	}
	var givens [81]bool
	for c, v := range p.Grid {
		givens[c] = v != 0
	}
	if !p.Symmetry.Holds(givens) || !p.Symmetry.Keeps(p.Rules) {
		t.Fatalf("puzzle %d %s: symmetry %s not kept", p.Index, p.Grid, p.Symmetry)
	}
	if opt.Symmetry != Random && len(opt.Patterns) == 0 && p.Symmetry != opt.Symmetry {
		t.Fatalf("puzzle %d: symmetry %s, want %s", p.Index, p.Symmetry, opt.Symmetry)
	}
	if opt.Minimal && !MinimalUnder(p.Rules, p.Grid) {
		t.Fatalf("puzzle %d %s is not minimal under %s", p.Index, p.Grid, p.Rules)
	}
}

// TestVariantPuzzles makes puzzles of each variant, alone and combined,
// at levels and bands, with symmetries, minimal, on a pattern, and checks
// each (checkVariantPuzzle), its level when one is asked (re-graded from
// scratch under its rules by the grader, which follows them), and that
// the same seed and index make it again.
func TestVariantPuzzles(t *testing.T) {
	cfg := config.Default()
	grader, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	layout := testLayout(t)
	var xPattern Pattern // the clues of an x puzzle of testdata
	for i, c := range "..5..34...6...73..93.........6.......41.2.69.......8.........81..49...5...91..7.." {
		xPattern[i] = c != '.'
	}
	tests := []struct {
		name string
		opt  Options
		n    int
	}{
		{"x easy", Options{Seed: 1, Rules: rulesOf(t, "x", ""), Level: "easy"}, 3},
		{"x medium", Options{Seed: 2, Rules: rulesOf(t, "x", ""), Level: "medium"}, 3},
		{"x hard", Options{Seed: 3, Rules: rulesOf(t, "x", ""), Level: "hard"}, 2},
		{"windoku easy rot90", Options{Seed: 4, Rules: rulesOf(t, "windoku", ""), Level: "easy", Symmetry: Rot90}, 3},
		{"windoku medium", Options{Seed: 5, Rules: rulesOf(t, "windoku", ""), Level: "medium"}, 3},
		{"disjoint-groups easy mirror", Options{Seed: 6, Rules: rulesOf(t, "disjoint-groups", ""), Level: "easy", Symmetry: Mirror}, 3},
		{"disjoint-groups medium", Options{Seed: 7, Rules: rulesOf(t, "disjoint-groups", ""), Level: "medium"}, 3},
		{"asterisk easy diagonal", Options{Seed: 8, Rules: rulesOf(t, "asterisk", ""), Level: "easy", Symmetry: Diagonal}, 3},
		{"asterisk medium", Options{Seed: 9, Rules: rulesOf(t, "asterisk", ""), Level: "medium"}, 3},
		{"girandola easy flip", Options{Seed: 10, Rules: rulesOf(t, "girandola", ""), Level: "easy", Symmetry: Flip}, 3},
		{"girandola medium", Options{Seed: 11, Rules: rulesOf(t, "girandola", ""), Level: "medium"}, 3},
		{"center-dot easy antidiagonal", Options{Seed: 12, Rules: rulesOf(t, "center-dot", ""), Level: "easy", Symmetry: Antidiagonal}, 3},
		{"center-dot medium", Options{Seed: 13, Rules: rulesOf(t, "center-dot", ""), Level: "medium"}, 3},
		{"anti-knight easy", Options{Seed: 14, Rules: rulesOf(t, "anti-knight", ""), Level: "easy"}, 3},
		{"anti-knight medium", Options{Seed: 15, Rules: rulesOf(t, "anti-knight", ""), Level: "medium"}, 3},
		{"anti-knight hard", Options{Seed: 31, Rules: rulesOf(t, "anti-knight", ""), Level: "hard"}, 2},
		{"anti-knight fiendish", Options{Seed: 32, Rules: rulesOf(t, "anti-knight", ""), Level: "fiendish"}, 1},
		{"anti-king easy random symmetry", Options{Seed: 16, Rules: rulesOf(t, "anti-king", ""), Level: "easy", Symmetry: Random}, 3},
		{"anti-king medium", Options{Seed: 17, Rules: rulesOf(t, "anti-king", ""), Level: "medium"}, 3},
		{"non-consecutive easy", Options{Seed: 18, Rules: rulesOf(t, "non-consecutive", ""), Level: "easy"}, 2},
		{"non-consecutive medium", Options{Seed: 19, Rules: rulesOf(t, "non-consecutive", ""), Level: "medium"}, 2},
		{"jigsaw random easy", Options{Seed: 20, Rules: randomJigsawRules(t, "jigsaw"), RandomRegions: true, Level: "easy"}, 3},
		{"jigsaw random medium rot90", Options{Seed: 21, Rules: randomJigsawRules(t, "jigsaw"), RandomRegions: true, Level: "medium", Symmetry: Rot90}, 3},
		{"jigsaw random hard none", Options{Seed: 22, Rules: randomJigsawRules(t, "jigsaw"), RandomRegions: true, Level: "hard", Symmetry: None}, 2},
		{"jigsaw random with boxes", Options{Seed: 23, Rules: randomJigsawRules(t, "jigsaw"), RandomRegions: true, BoxRegions: true}, 2},
		{"jigsaw given layout", Options{Seed: 24, Rules: rulesOf(t, "jigsaw", layout), Level: "easy", Symmetry: None}, 3},
		{"jigsaw and x random", Options{Seed: 25, Rules: randomJigsawRules(t, "jigsaw,x"), RandomRegions: true, Level: "medium"}, 2},
		{"x and anti-knight", Options{Seed: 26, Rules: rulesOf(t, "x,anti-knight", ""), Level: "medium"}, 2},
		{"windoku and x", Options{Seed: 27, Rules: rulesOf(t, "x,windoku", ""), Level: "easy"}, 2},
		{"x any rating minimal", Options{Seed: 28, Rules: rulesOf(t, "x", ""), Minimal: true, Symmetry: None}, 2},
		{"windoku rated 2.0-4.0", Options{Seed: 29, Rules: rulesOf(t, "windoku", ""), Rating: "2.0-4.0"}, 2},
		{"x on a pattern", Options{Seed: 30, Rules: rulesOf(t, "x", ""), Patterns: []Pattern{xPattern}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			gen := newGen(t, tt.opt)
			band := sudoku.RatingRange{}
			if tt.opt.Level != "" {
				band, _ = cfg.LevelRange(tt.opt.Level)
			} else if tt.opt.Rating != "" {
				band, _ = sudoku.ParseRatingRange(tt.opt.Rating)
			}
			for i := range tt.n {
				p, err := gen.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				checkVariantPuzzle(t, p, tt.opt)
				// Re-graded from scratch under its rules, it falls in the
				// band asked for.
				res := grader.Grade(context.Background(), p.Rules.StateOf(p.Grid, nil), grade.Options{})
				rated := (res.Status == grade.Rated && band.Contains(res.ER)) || (res.Status == grade.Beyond && band.Contains(sudoku.RatingBeyond))
				if !rated || res.ER != p.Result.ER {
					t.Fatalf("puzzle %d %s rates %v (%v) graded again, %v when made; want the band %v", i, p.Grid, res.ER, res.Status, p.Result.ER, band)
				}
				if tt.opt.Level != "" && res.Level != tt.opt.Level {
					t.Fatalf("puzzle %d is %s, want %s", i, res.Level, tt.opt.Level)
				}
				if again, _ := gen.Puzzle(context.Background(), i); again.Grid != p.Grid || !again.Rules.Equal(p.Rules) {
					t.Fatalf("puzzle %d is not reproducible", i)
				}
			}
		})
	}
}

// TestVariantRunWorkers checks that a run of variant puzzles is the same
// with one worker and with two: puzzle i depends on the seed and i alone,
// its random jigsaw layout included.
func TestVariantRunWorkers(t *testing.T) {
	for _, opt := range []Options{
		{Seed: 7, Rules: rulesOf(t, "anti-knight", ""), Level: "medium"},
		{Seed: 8, Rules: randomJigsawRules(t, "jigsaw"), RandomRegions: true, Level: "easy", Symmetry: Random},
	} {
		var runs [2][]string
		for w := range 2 {
			gen := newGen(t, opt)
			_, err := gen.Run(context.Background(), RunOptions{Count: 6, Workers: w + 1}, func(p Puzzle) error {
				runs[w] = append(runs[w], p.Grid.String()+" "+p.Rules.Label()+" "+p.Symmetry.String())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(runs[0], runs[1]) {
			t.Errorf("%s: -j 1 made\n%s\n-j 2 made\n%s", opt.Rules, strings.Join(runs[0], "\n"), strings.Join(runs[1], "\n"))
		}
	}
}

// TestVariantDedupeIsomorphs checks that a run keyed by the variant's
// symmetry group never emits two puzzles of one class: the key of each
// puzzle's images under the group (a random element, the digits
// relabelled) is its own, and the run's keys are all different.
func TestVariantDedupeIsomorphs(t *testing.T) {
	rules := rulesOf(t, "x", "")
	group, err := canon.GroupOf(rules)
	if err != nil {
		t.Fatal(err)
	}
	key := func(r sudoku.Rules, g sudoku.Grid) string {
		grp, err := canon.GroupOf(r)
		if err != nil {
			t.Fatal(err)
		}
		return grp.Key(g)
	}
	gen := newGen(t, Options{Seed: 3, Rules: rules, Level: "easy"})
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(1, 1))
	_, err = gen.Run(context.Background(), RunOptions{Count: 8, Workers: 2, Dedupe: true, Key: key}, func(p Puzzle) error {
		k := key(p.Rules, p.Grid)
		if seen[k] {
			t.Errorf("puzzle %d repeats a class", p.Index)
		}
		seen[k] = true
		if img := group.Random(rng).Apply(p.Grid); key(rules, img) != k {
			t.Errorf("puzzle %d: an isomorph under x's group has another key", p.Index)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSymmetryKeeps states which symmetries keep which rules: every
// variant without a jigsaw keeps all six (its houses and pairs are drawn
// symmetrically on the square), a jigsaw those of its layout.
func TestSymmetryKeeps(t *testing.T) {
	all := []Symmetry{Rot180, Rot90, Mirror, Flip, Diagonal, Antidiagonal}
	for _, v := range sudoku.VariantNames() {
		if v == "jigsaw" {
			continue
		}
		if got := KeptSymmetries(rulesOf(t, v, "")); !slices.Equal(got, all) {
			t.Errorf("%s keeps %v, want all six", v, got)
		}
	}
	if got := KeptSymmetries(rulesOf(t, "x,anti-knight,windoku", "")); !slices.Equal(got, all) {
		t.Errorf("x,anti-knight,windoku keeps %v, want all six", got)
	}
	if got := KeptSymmetries(randomJigsawRules(t, "jigsaw")); !slices.Equal(got, all) {
		t.Errorf("a jigsaw on the boxes keeps %v, want all six", got)
	}
	if got := KeptSymmetries(rulesOf(t, "jigsaw", testLayout(t))); len(got) != 0 {
		t.Errorf("the layout of testdata keeps %v, want none", got)
	}
	for _, s := range all {
		l := RandomLayout(rand.New(rand.NewPCG(5, uint64(s))), LayoutOptions{Symmetry: s})
		if r := rulesOf(t, "jigsaw,x", l.String()); !s.Keeps(r) {
			t.Errorf("a random layout made with %s does not keep it: %s", s, l.String())
		}
	}
}

// TestRandomLayout checks random layouts with each symmetry: nine
// connected regions of nine cells (sudoku.NewRules checks), the symmetry
// kept, no region a box unless asked, the same rng state giving the same
// layout.
func TestRandomLayout(t *testing.T) {
	for _, s := range []Symmetry{None, Rot180, Rot90, Mirror, Flip, Diagonal, Antidiagonal} {
		boxes := 0
		for i := range 40 {
			opt := LayoutOptions{Symmetry: s, Boxes: i%2 == 1}
			l := RandomLayout(rand.New(rand.NewPCG(uint64(s), uint64(i))), opt)
			r, err := sudoku.NewRules([]string{"jigsaw"}, l.String())
			if err != nil {
				t.Fatalf("%s layout %d: %v\n%s", s, i, err, l.String())
			}
			if !s.Keeps(r) {
				t.Fatalf("%s layout %d does not keep its symmetry: %s", s, i, l.String())
			}
			var regions [10]sudoku.CellSet
			for c, id := range l {
				regions[id].Add(c)
			}
			if hasBox(&regions) {
				if !opt.Boxes {
					t.Fatalf("%s layout %d has a box: %s", s, i, l.String())
				}
				boxes++
			}
			if again := RandomLayout(rand.New(rand.NewPCG(uint64(s), uint64(i))), opt); again != l {
				t.Fatalf("%s layout %d is not reproducible", s, i)
			}
		}
		t.Logf("%s: %d of 20 layouts that may keep boxes keep one", s, boxes)
	}
}

// TestVariantOptionsRefused checks the options that cannot make puzzles
// and what they say.
func TestVariantOptionsRefused(t *testing.T) {
	layout := testLayout(t)
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"a symmetry the layout does not keep", Options{Rules: rulesOf(t, "jigsaw", layout), Symmetry: Mirror},
			"symmetry mirror does not keep the jigsaw's layout"},
		{"the default symmetry on an asymmetric layout", Options{Rules: rulesOf(t, "jigsaw", layout)},
			"symmetry rot180 does not keep"},
		{"random symmetry with none kept", Options{Rules: rulesOf(t, "jigsaw", layout), Symmetry: Random},
			"no symmetry keeps"},
		{"random regions without jigsaw", Options{Rules: rulesOf(t, "x", ""), RandomRegions: true},
			"random regions go with the jigsaw variant only"},
		{"box regions without random regions", Options{Rules: rulesOf(t, "jigsaw", layout), BoxRegions: true, Symmetry: None},
			"go with random regions only"},
	}
	for _, tt := range tests {
		_, err := New(config.Default(), tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
	gen := newGen(t, Options{Rules: rulesOf(t, "x", "")})
	if _, err := gen.Vicinity(context.Background(), 1, VicinityOptions{}, func(Puzzle) error { return nil }); err == nil ||
		!strings.Contains(err.Error(), "classic puzzles only") {
		t.Errorf("the vicinity search of x puzzles: got %v, want a refusal", err)
	}
}
