package testenv

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// Path is one puzzle's solving path from a file of
// ../shared/data/se-paths (Sudoku Explainer's) or ../shared/data/variants
// (Sukaku Explainer's): a "puzzle <81>" header line, then one line per
// step, "<rating> <description> | <effects> | <rule name>".
type Path struct {
	Line   int // the header's line number
	Puzzle sudoku.Grid
	Steps  []PathStep
}

// PathStep is one step of a Path.
type PathStep struct {
	Line    int
	Rating  sudoku.Rating
	Desc    string   // the step as the explainer writes it, after its rating
	Effects []string // "r1c2=5", "r3c4<>7"; removals a placement implies are left out
	Rule    string   // "Hidden Single", "Forcing X-Chain"
}

// ReadPaths reads a file of solving paths, path being a file name under
// ../shared/data ("se-paths/norvig-top95.paths.txt"); it skips tb when the
// shared data are absent (see SharedData) and fails it on a malformed line.
func ReadPaths(tb testing.TB, path string) []Path {
	tb.Helper()
	file := SharedData(tb, path)
	name := filepath.Base(file)
	f, err := os.Open(file)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []Path
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "puzzle "):
			g, err := sudoku.ParseGrid(strings.Fields(line)[1])
			if err != nil {
				tb.Fatalf("%s:%d: %v", name, n, err)
			}
			out = append(out, Path{Line: n, Puzzle: g})
		case line == "" || len(out) == 0:
		default:
			parts := strings.Split(line, " | ")
			if len(parts) != 3 {
				tb.Fatalf("%s:%d: want 3 fields", name, n)
			}
			var r float64
			if _, err := fmt.Sscanf(parts[0], "%g", &r); err != nil {
				tb.Fatalf("%s:%d: %v", name, n, err)
			}
			_, desc, _ := strings.Cut(parts[0], " ")
			p := &out[len(out)-1]
			p.Steps = append(p.Steps, PathStep{Line: n, Rating: sudoku.Rating(r), Desc: desc, Effects: strings.Fields(parts[1]), Rule: parts[2]})
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return out
}

// ApplyEffects carries out a step's effects, as the path files write them,
// on a state: a placement ("r1c2=5") removes the digit as the state's rules
// say (State.Place), an elimination ("r3c4<>7") removes the candidate.
func ApplyEffects(tb testing.TB, st *sudoku.State, effects []string) {
	tb.Helper()
	for _, e := range effects {
		var r, c, d int
		format := "r%dc%d=%d"
		if strings.Contains(e, "<>") {
			format = "r%dc%d<>%d"
		}
		if _, err := fmt.Sscanf(e, format, &r, &c, &d); err != nil || r < 1 || r > 9 || c < 1 || c > 9 || d < 1 || d > 9 {
			tb.Fatalf("effect %q: not rRcC=D or rRcC<>D", e)
		}
		if format == "r%dc%d=%d" {
			st.Place((r-1)*9+c-1, d)
		} else {
			st.Eliminate((r-1)*9+c-1, d)
		}
	}
}
