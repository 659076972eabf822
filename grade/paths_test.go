package grade

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	return readPaths(t, testenv.SharedData(t, "se-paths/"+name))
}

// readPaths reads a file of solving paths (see ../shared/data/se-paths).
func readPaths(t *testing.T, path string) []sePath {
	t.Helper()
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sePath
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "puzzle "):
			g, err := sudoku.ParseGrid(strings.Fields(line)[1])
			if err != nil {
				t.Fatalf("%s:%d: %v", name, n, err)
			}
			out = append(out, sePath{line: n, puzzle: g})
		case line == "" || len(out) == 0:
		default:
			parts := strings.Split(line, " | ")
			var r float64
			if len(parts) != 3 {
				t.Fatalf("%s:%d: want 3 fields", name, n)
			}
			if _, err := fmt.Sscanf(parts[0], "%g", &r); err != nil {
				t.Fatalf("%s:%d: %v", name, n, err)
			}
			p := &out[len(out)-1]
			p.ratings = append(p.ratings, sudoku.Rating(r))
			p.effects = append(p.effects, strings.Fields(parts[1]))
			p.rules = append(p.rules, parts[2])
			_, desc, _ := strings.Cut(parts[0], " ")
			p.descs = append(p.descs, desc)
		}
	}
	return out
}

// apply carries out one of SE's steps on a state: a placement removes the
// digit from the peers, an elimination removes the candidate.
func apply(t *testing.T, st *sudoku.State, effects []string) {
	t.Helper()
	for _, e := range effects {
		var r, c, d int
		if _, err := fmt.Sscanf(e, "r%dc%d=%d", &r, &c, &d); err == nil && strings.Contains(e, "=") && !strings.Contains(e, "<>") {
			st.Place((r-1)*9+c-1, d)
			continue
		}
		if _, err := fmt.Sscanf(e, "r%dc%d<>%d", &r, &c, &d); err != nil {
			t.Fatalf("effect %q: %v", e, err)
		}
		st.Eliminate((r-1)*9+c-1, d)
	}
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
