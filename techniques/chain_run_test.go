package techniques

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// TestRunNodesFitInt16 checks the bound chainRun's int16 node indexes rely
// on where runs grow largest: cycle searches, whose off-potentials are
// never merged, on candidate states dense in strong links (every cell
// holds two to six candidates around a solution, so strong links abound),
// from every candidate, with each kind of link. (Measured: about 720 nodes
// at most; chainRun's comment bounds any run under 24,100.)
func TestRunNodesFitInt16(t *testing.T) {
	solution := filledGrid()
	rng := rand.New(rand.NewPCG(1, 2))
	largest := 0
	for _, per := range []int{2, 3, 4, 5, 6} {
		s := &State{}
		for i, v := range solution {
			d := sudoku.DigitSet(int(v))
			for d.Count() < per {
				d |= sudoku.DigitSet(1 + rng.IntN(9))
			}
			s.Cands[i] = d
		}
		c := newChainer(context.Background(), s, nil)
		c.lk.prepareStatic()
		c.keep = true
		for _, links := range [][2]bool{{true, false}, {false, true}, {true, true}} {
			for cell := 0; cell < 81; cell++ {
				for _, d := range s.Cands[cell].Slice() {
					c.cycles(nil, nil, cell, d, links[0], links[1])
					// The run went back to the free list, or is held by
					// a hint: either way it keeps its nodes until reused.
					for _, r := range append(c.held, c.free...) {
						largest = max(largest, len(r.nodes))
					}
					c.finish()
					c.init(s)
					c.lk.prepareStatic()
					c.keep = true
				}
			}
		}
		c.done()
	}
	if largest < 500 || largest > math.MaxInt16 {
		t.Fatalf("largest cycle run: %d nodes (the test wants a large run, and int16 indexes at most %d)",
			largest, math.MaxInt16)
	}
	t.Logf("largest cycle run: %d nodes", largest)
}
