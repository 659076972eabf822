package sized

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// jigsawLayout draws a layout of shape s for the tests: the boxes mixed
// by trades of two cells between neighbouring regions that keep both
// connected (checked by sudoku.Shape.ParseRegions).
func jigsawLayout(s sudoku.Shape, rng *rand.Rand) []uint8 {
	l := s.BoxRegions()
	for done := 0; done < s.Cells()*2; {
		a := rng.IntN(len(l))
		nbs := s.Neighbours(a)
		b := nbs[rng.IntN(len(nbs))]
		if l[a] == l[b] {
			continue
		}
		// a goes to b's region; a cell of b's region next to a's goes back.
		var back []int
		for c, r := range l {
			if r == l[b] && slices.ContainsFunc(s.Neighbours(c), func(nb int) bool { return l[nb] == l[a] && nb != a }) {
				back = append(back, c)
			}
		}
		if len(back) == 0 {
			continue
		}
		c := back[rng.IntN(len(back))]
		l[a], l[c] = l[c], l[a]
		if _, err := s.ParseRegions(s.FormatRegions(l)); err != nil {
			l[a], l[c] = l[c], l[a]
			continue
		}
		done++
	}
	return l
}

// digJigsawBoard is digXBoard for a jigsaw on a random layout.
func digJigsawBoard(s sudoku.Shape, rng *rand.Rand, keep int) (puzzle, solution sudoku.Board) {
	for {
		empty := sudoku.NewBoard(s)
		empty.Regions = jigsawLayout(s, rng)
		var ok bool
		if solution, ok = solve.RandomBoardSolutionWithin(empty, rng, 2000); ok {
			break
		}
	}
	return digFrom(solution, rng, keep), solution
}

// TestSoundnessJigsaw grades unique jigsaws on random layouts of the
// shapes up to 12x12 and checks every step of every rung at every state
// against the solution (as TestSoundness), that steps use regions that
// are not boxes (and name them "region K"), and that no unique rectangle
// is applied under jigsaw.
func TestSoundnessJigsaw(t *testing.T) {
	perShape := map[int]int{4: 60, 6: 40, 8: 20, 9: 20, 12: 6}
	if testing.Short() {
		perShape = map[int]int{4: 20, 6: 12, 8: 6, 9: 6, 12: 2}
	}
	for size, n := range perShape {
		shape := sudoku.ShapeOf(size)
		t.Run(shape.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(size)+5, 34))
			sum := soundness{byKey: map[string]int{}, checked: map[string]int{}}
			inRegion := 0
			for i := range n {
				keep := 0
				if i%2 == 1 {
					keep = shape.Cells() * (35 + rng.IntN(20)) / 100
				}
				puzzle, sol := digJigsawBoard(shape, rng, keep)
				sum.add(t, puzzle, sol)
				s, _ := NewState(puzzle)
				for st := Next(s); st != nil; st = Next(s) {
					for i, h := range st.Houses {
						if h >= 2*size && h < 3*size && !slices.Equal(puzzle.HouseCells(h), shape.HouseCells(h)) {
							inRegion++
							if name := st.HouseNames()[i]; !strings.HasPrefix(name, "region ") {
								t.Fatalf("a region named %q", name)
							}
						}
					}
					st.ApplyTo(s)
				}
			}
			t.Logf("%s jigsaw: %d puzzles (%d solved), %d steps, %d in a region; by technique %v", shape, sum.puzzles, sum.solved, sum.steps, inRegion, sum.byKey)
			if sum.steps == 0 || inRegion == 0 {
				t.Errorf("%s jigsaw: %d steps applied, %d in a region", shape, sum.steps, inRegion)
			}
			if sum.byKey["unique-rectangle"] > 0 {
				t.Errorf("%s jigsaw: %d unique rectangles applied", shape, sum.byKey["unique-rectangle"])
			}
		})
	}
}
