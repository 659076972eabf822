package grade

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// sePath is Sudoku Explainer's solving path of one puzzle, from
// ../shared/data/se-paths (or Sukaku Explainer's, from
// ../shared/data/variants): each step's rating, its effects, and the name
// of its rule.
type sePath struct {
	line    int
	puzzle  sudoku.Grid
	ratings []sudoku.Rating
	effects [][]string // "r1c2=5", "r3c4<>7"
	rules   []string   // "Hidden Single", "Forcing X-Chain"
	descs   []string   // the step as SE writes it, after its rating
}

func readSEPaths(t *testing.T, name string) []sePath {
	t.Helper()
	return readPaths(t, "se-paths/"+name)
}

// readPaths reads a file of solving paths under ../shared/data (see
// testenv.ReadPaths) into sePaths.
func readPaths(t *testing.T, path string) []sePath {
	t.Helper()
	var out []sePath
	for _, p := range testenv.ReadPaths(t, path) {
		sp := sePath{line: p.Line, puzzle: p.Puzzle}
		for _, st := range p.Steps {
			sp.ratings = append(sp.ratings, st.Rating)
			sp.effects = append(sp.effects, st.Effects)
			sp.rules = append(sp.rules, st.Rule)
			sp.descs = append(sp.descs, st.Desc)
		}
		out = append(out, sp)
	}
	return out
}

// apply carries out one of SE's steps on a state.
func apply(t *testing.T, st *sudoku.State, effects []string) {
	t.Helper()
	testenv.ApplyEffects(t, st, effects)
}

// TestGradeFromSEStates grades candidate states taken along Sudoku
// Explainer's own paths: the state before SE's step K, fed back, must rate
// as the largest rating of steps K to the end (SE takes the same path from
// there), and its next step (Grader.Next) must rate as SE's step K.
// Three steps K are drawn per puzzle, the first one included.
func TestGradeFromSEStates(t *testing.T) {
	g := grader(t, 0)
	for _, name := range []string{"norvig-top95.paths.txt", "qqwing-sample220.paths.txt"} {
		t.Run(name, func(t *testing.T) {
			paths := readSEPaths(t, name)
			total, equal := 0, 0
			for i, p := range paths {
				ks := map[int]bool{0: true, (i*7 + 3) % len(p.ratings): true, (i*31 + 11) % len(p.ratings): true}
				st := sudoku.NewState(p.puzzle)
				for k := range p.ratings {
					if ks[k] {
						want := sudoku.Rating(0)
						for _, r := range p.ratings[k:] {
							want = max(want, r)
						}
						res := g.Grade(context.Background(), st, Options{})
						total++
						if res.Status == Rated && res.ER.Tenths() == want.Tenths() {
							equal++
						} else {
							t.Errorf("%s:%d step %d: %v ER %v, SE's path from there: %v", name, p.line, k+1, res.Status, res.ER, want)
						}
						// The next step (the hint) is rated as SE's step K.
						next := g.Next(context.Background(), st, Options{})
						if next.Status != Rated || len(next.Path) != 1 || next.Path[0].Rating.Tenths() != p.ratings[k].Tenths() {
							t.Errorf("%s:%d step %d: next step %v %v, SE's is rated %v", name, p.line, k+1, next.Status, next.Path, p.ratings[k])
						}
					}
					apply(t, st, p.effects[k])
				}
				if !st.Solved() {
					t.Errorf("%s:%d: SE's effects do not solve the puzzle", name, p.line)
				}
			}
			t.Logf("%d of %d states rate as SE's path from them (%.1f%%)", equal, total, 100*float64(equal)/float64(total))
		})
	}
}
