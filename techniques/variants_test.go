package techniques

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// variantPuzzles reads a file of testdata/puzzles/variants under its
// variant's rules (a jigsaw's layout is jigsaw.regions; mixed.txt names
// each line's rules in its label).
func variantPuzzles(t *testing.T, file string) []sudoku.Puzzle {
	t.Helper()
	dir := filepath.Join("..", "testdata", "puzzles", "variants")
	var rules sudoku.Rules
	switch name := strings.TrimSuffix(file, ".txt"); name {
	case "mixed":
	case "jigsaw":
		layout, err := os.ReadFile(filepath.Join(dir, "jigsaw.regions"))
		if err != nil {
			t.Fatal(err)
		}
		if rules, err = sudoku.ParseRules(name, string(layout)); err != nil {
			t.Fatal(err)
		}
	default:
		var err error
		if rules, err = sudoku.ParseRules(name, ""); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := sudoku.NewReader(f, file)
	r.SetRules(rules)
	var out []sudoku.Puzzle
	for p, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestSoundnessVariants walks the variant puzzles of testdata (jigsaw
// included) along the grading path under their rules, and checks at every
// state every step of every technique that applies there: no elimination
// of the solution's digit, no wrong placement.
func TestSoundnessVariants(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "puzzles", "variants", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no variant puzzles: %v", err)
	}
	for _, path := range files {
		file := filepath.Base(path)
		t.Run(file, func(t *testing.T) {
			puzzles := variantPuzzles(t, file)
			states, steps := walkSound(t, file, puzzles, maxUnnested)
			t.Logf("%d puzzles, %d states, %d steps checked", len(puzzles), states, steps)
			if steps < 20*len(puzzles) {
				t.Errorf("only %d steps checked on %d puzzles: the walk lost its power", steps, len(puzzles))
			}
		})
	}
}

// TestSoundnessVariantsShared does the same on half the calibration
// puzzles of ../shared/data/variants (every other line: all rating bands).
func TestSoundnessVariantsShared(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	for _, name := range []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
		"anti-knight", "anti-king", "non-consecutive"} {
		t.Run(name, func(t *testing.T) {
			rules, err := sudoku.ParseRules(name, "")
			if err != nil {
				t.Fatal(err)
			}
			path := testenv.SharedData(t, "variants/"+name+".se.txt")
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := sudoku.NewReader(f, path)
			r.SetRules(rules)
			var puzzles []sudoku.Puzzle
			n := 0
			for p, err := range r.All() {
				if err != nil {
					t.Fatal(err)
				}
				if n++; n%2 == 1 {
					puzzles = append(puzzles, p)
				}
			}
			states, steps := walkSound(t, name, puzzles, maxUnnested)
			t.Logf("%d puzzles, %d states, %d steps checked", len(puzzles), states, steps)
		})
	}
}

// TestScopes checks which techniques apply under which rules, and that a
// producer finds nothing under rules outside its scope.
func TestScopes(t *testing.T) {
	keys := func(list []Technique) []string {
		var out []string
		for _, tech := range list {
			out = append(out, tech.Key)
		}
		return out
	}
	classic, nc := keys(Under(sudoku.Rules{})), keys(Under(mustRules(t, "non-consecutive", "")))
	for _, k := range []string{"nc-forcing-cell", "locked-nc"} {
		if slices.Contains(classic, k) || !slices.Contains(nc, k) {
			t.Errorf("%s: want it under non-consecutive rules alone", k)
		}
	}
	for _, k := range []string{"hidden-single", "unique-rectangle", "bug", "aligned-triplet-exclusion"} {
		if !slices.Contains(classic, k) || !slices.Contains(nc, k) {
			t.Errorf("%s: want it under every rules", k)
		}
	}
	if !slices.Contains(classic, "skyscraper") || slices.Contains(nc, "skyscraper") {
		t.Error("skyscraper: want it under classic rules alone")
	}
	// A non-consecutive puzzle's first state has a forcing cell; as a
	// classic state it has none, and an x state none either.
	g, err := sudoku.ParseGrid("..5...1...1.....95.6..................37..9.........2.5..6.......6.9.....92.7....")
	if err != nil {
		t.Fatal(err)
	}
	p := producerOf(t, "nc-forcing-cell")
	count := func(s *State) int {
		n := 0
		p.Find(context.Background(), s, nil, func(*Step) bool { n++; return true })
		return n
	}
	if count(mustRules(t, "non-consecutive", "").StateOf(g, nil)) == 0 {
		t.Error("no forcing cell in the non-consecutive state")
	}
	if n := count(NewState(g)) + count(mustRules(t, "x", "").StateOf(g, nil)); n != 0 {
		t.Errorf("%d forcing cells outside non-consecutive rules", n)
	}
}

// randomMinimal returns a random minimal puzzle under the rules: a random
// grid, its clues removed in random order while the solution stays unique.
func randomMinimal(rules sudoku.Rules, rng *rand.Rand) sudoku.Grid {
	sv := solve.For(rules)
	g := sv.RandomGrid(rng)
	for _, c := range rng.Perm(81) {
		v := g[c]
		g[c] = 0
		if sv.Count(g, 2).Count != 1 {
			g[c] = v
		}
	}
	return g
}

// TestSoundnessRandomVariants walks random minimal puzzles (fixed seeds)
// of rules the test files have few or none of: jigsaw alone and with x or
// anti-king, and combinations of variants, checking every step as
// TestSoundnessVariants does; where no technique but a chain would go on,
// the walk places a digit of the solution and goes on.
func TestSoundnessRandomVariants(t *testing.T) {
	layout, err := os.ReadFile(filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	n := 6
	if testing.Short() {
		n = 2
	}
	for _, tc := range []struct{ spec, regions string }{
		{"jigsaw", string(layout)}, {"jigsaw,x", string(layout)}, {"jigsaw,anti-king", string(layout)},
		{"x,anti-knight", ""}, {"windoku,x", ""}, {"disjoint-groups,windoku", ""}, {"x,non-consecutive", ""},
		{"asterisk,girandola", ""},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			rules := mustRules(t, tc.spec, tc.regions)
			rng := rand.New(rand.NewPCG(33, uint64(len(tc.spec))))
			var puzzles []sudoku.Puzzle
			for i := range n {
				puzzles = append(puzzles, sudoku.Puzzle{Grid: randomMinimal(rules, rng), Rules: rules, Line: i + 1})
			}
			states, steps := walkHelped(t, tc.spec, puzzles)
			t.Logf("%d puzzles, %d states, %d steps checked", len(puzzles), states, steps)
			if steps < 100*len(puzzles) {
				t.Errorf("only %d steps checked on %d puzzles: the walk lost its power", steps, len(puzzles))
			}
		})
	}
}

// walkHelped is walkSound without the chains: where no other technique
// applies, it places the solution's digit in a cell with the fewest
// candidates, so that the walk reaches the end of every puzzle.
func walkHelped(t *testing.T, name string, puzzles []sudoku.Puzzle) (states, steps int) {
	for _, p := range puzzles {
		sol, ok := solve.For(p.Rules).Solve(p.Grid)
		if !ok {
			t.Fatalf("%s line %d: no solution", name, p.Line)
		}
		s := p.State()
		for !s.Solved() && !t.Failed() {
			steps += checkSteps(t, s, sol, where(name, p.Line))
			states++
			var next *Step
			for _, pr := range seProducers {
				if !pr.Chain() {
					next = pr.First(context.Background(), s, nil)
				}
				if next != nil {
					break
				}
			}
			if next != nil {
				next.ApplyTo(s)
				continue
			}
			best := -1
			for c := range 81 {
				if s.Values[c] == 0 && (best < 0 || s.Cands[c].Count() < s.Cands[best].Count()) {
					best = c
				}
			}
			s.Place(best, int(sol[best]))
		}
	}
	return states, steps
}
