package grade

import (
	"context"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// fuzzSolution is the solution every fuzzed puzzle is cut from.
const fuzzSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

// FuzzGrade cuts puzzles from a fixed solution (a fuzzed bit mask chooses the
// givens) and checks, for each one with a unique solution, the grader's
// invariants: every step is true of the solution, ER >= EP >= ED, a rated
// path ends at the solution, and the usage counts add up to the path.
func FuzzGrade(f *testing.F) {
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x55, 0xaa, 0x01})
	f.Add([]byte{0x13, 0x57, 0x9b, 0xdf, 0x24, 0x68, 0xac, 0xe0, 0x11, 0x22, 0x33})
	sol, err := sudoku.ParseGrid(fuzzSolution)
	if err != nil {
		f.Fatal(err)
	}
	gr := grader(f, 0)
	f.Fuzz(func(t *testing.T, mask []byte) {
		var g sudoku.Grid
		for i := 0; i < 81; i++ {
			if i/8 < len(mask) && mask[i/8]>>(i%8)&1 == 1 {
				g[i] = sol[i]
			}
		}
		res := gr.Grade(context.Background(), sudoku.NewState(g), Options{Path: true})
		switch res.Status {
		case Multiple:
			return
		case Rated, Beyond:
		default:
			t.Fatalf("%s: status %v for givens cut from a solution", g, res.Status)
		}
		s := techniques.NewState(g)
		steps := 0
		for _, st := range res.Path {
			for _, e := range st.Eliminations {
				if sol[e.Cell] == e.Digit {
					t.Fatalf("%s: %s removes the solution's digit", g, st.String())
				}
			}
			for _, p := range st.Placements {
				if sol[p.Cell] != p.Digit {
					t.Fatalf("%s: %s places a wrong digit", g, st.String())
				}
			}
			st.ApplyTo(s)
			steps++
		}
		if res.ER < res.EP || (res.EP != 0 && res.EP < res.ED) {
			t.Fatalf("%s: ER %v, EP %v, ED %v out of order", g, res.ER, res.EP, res.ED)
		}
		if res.Status == Rated && s.Grid() != sol {
			t.Fatalf("%s: rated, but the path ends at %s", g, s.Grid())
		}
		total := 0
		for _, u := range res.Usage {
			total += u.Steps
		}
		if total != steps || steps != res.Steps {
			t.Fatalf("%s: usage counts %d steps, path has %d, Steps says %d", g, total, steps, res.Steps)
		}
	})
}
