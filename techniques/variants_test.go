package techniques

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
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
