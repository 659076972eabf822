package techniques

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
)

// The parts of a nested search that run thousands of times per step, on
// the working grids of a hard puzzle's dynamic chains (its first state).

// hardWorkingGrids returns the first hardest-se.txt puzzle's state and
// the working grids of its dynamic chains.
func hardWorkingGrids(b *testing.B) (*State, []*State) {
	b.Helper()
	for _, p := range testenv.Puzzles(b, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 1) {
		s := NewState(p.Grid)
		return s, workingGrids(s)
	}
	b.Skip("no puzzle")
	return nil, nil
}

// BenchmarkStaticChains finds static forcing chains again from their
// starts, as a nested chain's rule parents need them.
func BenchmarkStaticChains(b *testing.B) {
	type start struct {
		cell, d         int
		startOn, yLinks bool
	}
	_, works := hardWorkingGrids(b)
	var cs []*chainer
	var starts [][]start
	for _, w := range works {
		c := newChainer(context.Background(), w, nil)
		c.lk.prepareStatic()
		c.buildReach(&c.reach[0], false, 0)
		c.buildReach(&c.reach[1], true, 0)
		var list []start
		for cell := 0; cell < 81; cell++ {
			if w.Cands[cell].Count() < 2 {
				continue
			}
			for _, d := range w.Cands[cell].Slice() {
				for _, on := range []bool{true, false} {
					for y := 0; y < 2; y++ {
						if c.reach[y].implies(candID(cell, d), on) {
							list = append(list, start{cell, d, on, y == 1})
						}
					}
				}
			}
		}
		cs, starts = append(cs, c), append(starts, list)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, c := range cs {
			r := c.run()
			for _, st := range starts[k] {
				r.reset()
				c.staticChains(r, st.cell, st.d, st.startOn, st.yLinks)
			}
			c.release(r)
		}
	}
}
