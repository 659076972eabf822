package generate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// TestHardestSeeds: the built-in seed list holds the puzzles of testdata's
// copy of the forum's list, in order, each with one solution, and their
// ratings equal the Sudoku Explainer ratings published for the 52 of
// them in testdata (forum-hardest-40.txt, hardest-se.txt).
func TestHardestSeeds(t *testing.T) {
	seeds, ratings := HardestSeeds()
	want := testenv.Grids(t, filepath.Join("..", "testdata", "puzzles", "forum-hardest-1106.txt"), 0)
	if len(seeds) != len(want) || len(ratings) != len(want) {
		t.Fatalf("%d seeds, %d ratings; want %d", len(seeds), len(ratings), len(want))
	}
	of := map[sudoku.Grid]grade.Ratings{}
	for i, g := range seeds {
		if g != want[i] {
			t.Fatalf("seed %d: %s, testdata has %s", i+1, g, want[i])
		}
		if n := solve.Count(g, 2).Count; n != 1 {
			t.Errorf("seed %d: %d solutions", i+1, n)
		}
		of[g] = ratings[i]
	}
	checked := 0
	for _, name := range []string{"forum-hardest-40.txt", "hardest-se.txt"} {
		for _, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", name), 0) {
			published, ok := grade.RatingsFromLabel(p.Label)
			if !ok {
				t.Fatalf("%s: %s has no ratings", name, p.Grid)
			}
			got, ok := of[p.Grid]
			if !ok {
				t.Errorf("%s: %s is not among the seeds", name, p.Grid)
				continue
			}
			if got.String() != published.String() {
				t.Errorf("%s: %s: built-in ratings %v, published %v", name, p.Grid, got, published)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Errorf("%d published ratings checked, want 50 or more", checked)
	}
	seeds[0][0] = 9 // the caller's copy
	if again, _ := HardestSeeds(); again[0] == seeds[0] {
		t.Error("HardestSeeds shares its slice")
	}
}

// TestHardPatterns checks the built-in patterns of a cold start: the X
// pattern of 21 clues, which some puzzle fills with one solution.
func TestHardPatterns(t *testing.T) {
	pats := HardPatterns()
	if len(pats) != 1 || pats[0].Clues() != 21 {
		t.Fatalf("%d patterns (%v); want the X pattern of 21 clues", len(pats), pats)
	}
	x, err := ParsePattern(strings.Join([]string{
		"x...x...x", ".x.....x.", "..x...x..",
		"...x.x...", "x...x...x", "...x.x...",
		"..x...x..", ".x.....x.", "x...x...x"}, ""))
	if err != nil {
		t.Fatal(err)
	}
	if pats[0] != x {
		t.Errorf("pattern %s, want the X %s", pats[0], x)
	}
	pats[0][0] = false
	if HardPatterns()[0] != x {
		t.Error("HardPatterns gave out its own slice")
	}
}
