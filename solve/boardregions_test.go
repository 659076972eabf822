package solve

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/exactcover"
	"github.com/sudokit/sudokit/sudoku"
)

// testLayout draws a jigsaw layout of shape s for the tests: the boxes,
// then random trades of two cells between neighbouring regions that keep
// both connected, until no region is a box. (The generator has its own
// method; this one is the tests'.)
func testLayout(rng *rand.Rand, s sudoku.Shape) []uint8 {
	n := s.N()
	l := s.BoxRegions()
	boxes := s.BoxRegions()
	for step := 0; ; step++ {
		a, b := rng.IntN(len(l)), rng.IntN(len(l))
		if l[a] == l[b] || !touches(s, l, a, l[b]) || !touches(s, l, b, l[a]) {
			continue
		}
		l[a], l[b] = l[b], l[a]
		if _, err := s.ParseRegions(s.FormatRegions(l)); err != nil {
			l[a], l[b] = l[b], l[a]
			continue
		}
		if step > 4*n*n && !keepsABox(l, boxes, n) {
			return l
		}
	}
}

// touches reports whether cell has an orthogonal neighbour in region r.
func touches(s sudoku.Shape, l []uint8, cell int, r uint8) bool {
	return slices.ContainsFunc(s.Neighbours(cell), func(nb int) bool { return l[nb] == r })
}

// keepsABox reports whether a region of l is a box of boxes.
func keepsABox(l, boxes []uint8, n int) bool {
	for r := range n {
		same := true
		for i := range l {
			if (l[i] == uint8(r)) != (boxes[i] == uint8(r)) {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// randomJigsawCase is a board on a random layout of shape s (x when x):
// a random solution with cells emptied, sometimes a given changed.
func randomJigsawCase(rng *rand.Rand, s sudoku.Shape, x bool) sudoku.Board {
	for {
		empty := sudoku.NewBoard(s)
		empty.X, empty.Regions = x, testLayout(rng, s)
		sr := boardSearch{limit: 1, rng: rng, budget: 300}
		r := sr.run(empty)
		if sr.overBudget || r.Count == 0 {
			continue // a layout without a grid, or slow to give one
		}
		b := r.Solution
		cells := s.Cells()
		keep := rng.IntN(cells/2+1) + cells/4
		for _, i := range rng.Perm(cells)[keep:] {
			b.Cells[i] = 0
		}
		if rng.IntN(5) == 0 {
			b.Cells[rng.IntN(cells)] = uint8(1 + rng.IntN(s.N()))
		}
		return b
	}
}

// TestJigsawAgainstExactCover compares the sized solver's counts and
// solutions of jigsaws on random layouts (with and without x) with the
// exact cover counter's regions.
func TestJigsawAgainstExactCover(t *testing.T) {
	for _, size := range []int{4, 6, 8, 9, 12} {
		s := sudoku.ShapeOf(size)
		for _, x := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dx%d x=%v", size, size, x), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(size), 34))
				cases := 60
				if size == 12 {
					cases = 15
				}
				if testing.Short() {
					cases /= 3
				}
				counts := map[int]int{}
				for range cases {
					b := randomJigsawCase(rng, s, x)
					got := CountBoard(b, 3)
					want, sol := exactcover.CountJigsaw(size, b.Regions, x, b.Cells, 3)
					if got.Count != want {
						t.Fatalf("%v regions=%s: count %d, exact cover %d", b, s.FormatRegions(b.Regions), got.Count, want)
					}
					if want == 1 && !slices.Equal(got.Solution.Cells, sol) {
						t.Fatalf("%v: solution %v, exact cover %v", b, got.Solution, sol)
					}
					if want > 0 {
						if err := got.Solution.Validate(); err != nil || !slices.Equal(got.Solution.Regions, b.Regions) {
							t.Fatalf("%v: solution %v: %v", b, got.Solution, err)
						}
					}
					counts[min(want, 2)]++
				}
				if !testing.Short() && (counts[0] == 0 && size > 4 || counts[1] == 0 || counts[2] == 0) {
					t.Errorf("counts %v: the cases miss a kind", counts)
				}
			})
		}
	}
}

// TestJigsawBadRegions: a board whose regions are not a layout of its
// shape has no solution, as Validate says.
func TestJigsawBadRegions(t *testing.T) {
	b := sudoku.NewBoard(sudoku.ShapeOf(4))
	b.Regions = []uint8{0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}
	if r := CountBoard(b, 2); r.Count != 0 {
		t.Errorf("a region of 5 cells: %d solutions", r.Count)
	}
	if b.Validate() == nil {
		t.Error("Validate took a region of 5 cells")
	}
}
