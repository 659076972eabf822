package grade

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// TestForumHardest40 grades forty puzzles of forum-hardest-1106 (SE 10.1
// to 11.9) whose Sudoku Explainer ratings were published (testdata
// README.md says where), with two goroutines per puzzle for the chain
// searches: ER, EP and ED must all equal SE's.
func TestForumHardest40(t *testing.T) {
	if testing.Short() {
		t.Skip("grades forty of the hardest puzzles (about a minute): not in -short")
	}
	g := grader(t, 0)
	for _, p := range readSERated(t, filepath.Join("..", "testdata", "puzzles", "forum-hardest-40.txt")) {
		r := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{Workers: 2})
		got := [3]int{r.ER.Tenths(), r.EP.Tenths(), r.ED.Tenths()}
		if want := [3]int{p.er, p.ep, p.ed}; r.Status != Rated || got != want {
			t.Errorf("line %d %s: got %v %v, SE %v", p.line, p.grid, r.Status, got, want)
		}
	}
}

// TestSERerun grades the puzzles of forum-hardest-1106 whose published SE
// ratings differ from sudokit's, against the ratings Sudoku Explainer 1.2.1
// (serate 1.2.1.3) itself gave them when run here, and isomorphs of some of
// them on which SE gives the published figure (se121-rerun.txt says how
// they were run): the published lists are no reference for these, and SE's
// own rating depends on the morph, so each line must match SE on its morph.
func TestSERerun(t *testing.T) {
	if testing.Short() {
		t.Skip("grades eight of the hardest puzzles (about 30 s): not in -short")
	}
	g := grader(t, 0)
	rated := readSERated(t, filepath.Join("..", "testdata", "puzzles", "se121-rerun.txt"))
	if len(rated) == 0 {
		t.Fatal("no puzzles read")
	}
	for _, p := range rated {
		r := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{Workers: 2})
		got := [3]int{r.ER.Tenths(), r.EP.Tenths(), r.ED.Tenths()}
		if want := [3]int{p.er, p.ep, p.ed}; r.Status != Rated || got != want {
			t.Errorf("line %d %s: got %v %v, SE 1.2.1.3 %v", p.line, p.grid, r.Status, got, want)
		}
	}
}

// TestWorkersSamePath checks that the chain searches give the same path,
// step for step (text, chains and nested steps included), whatever the
// number of goroutines they use.
func TestWorkersSamePath(t *testing.T) {
	g := grader(t, 0)
	rated := readSERated(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"))
	for _, p := range rated[:4] {
		one := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{Path: true})
		if one.Status != Rated || len(one.Path) == 0 {
			t.Fatalf("line %d: %v with %d steps", p.line, one.Status, len(one.Path))
		}
		for _, w := range []int{2, 3} {
			many := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{Path: true, Workers: w})
			if many.Ratings != one.Ratings || len(many.Path) != len(one.Path) {
				t.Fatalf("line %d, %d workers: %v in %d steps, one worker: %v in %d", p.line, w,
					many.Ratings, len(many.Path), one.Ratings, len(one.Path))
			}
			for i := range one.Path {
				if !reflect.DeepEqual(many.Path[i], one.Path[i]) {
					t.Fatalf("line %d, %d workers, step %d: %+v, one worker: %+v", p.line, w, i+1,
						many.Path[i], one.Path[i])
				}
			}
		}
	}
}
