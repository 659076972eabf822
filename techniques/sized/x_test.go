package sized

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// digXBoard is digBoard for the variant x.
func digXBoard(s sudoku.Shape, rng *rand.Rand, keep int) (puzzle, solution sudoku.Board) {
	empty := sudoku.NewBoard(s)
	empty.X = true
	solution, _ = solve.RandomBoardSolution(empty, rng)
	return digFrom(solution, rng, keep), solution
}

// TestSoundnessX grades unique x puzzles of the shapes up to 12x12 and
// checks every step of every rung at every state against the solution (as
// TestSoundness), that steps use the diagonals (a step names one), and
// that no unique rectangle is applied under x.
func TestSoundnessX(t *testing.T) {
	perShape := map[int]int{4: 100, 6: 60, 8: 30, 9: 30, 10: 20, 12: 10}
	if testing.Short() {
		perShape = map[int]int{4: 30, 6: 20, 8: 10, 9: 10, 10: 6, 12: 4}
	}
	for _, shape := range sudoku.Shapes() {
		n, ok := perShape[shape.N()]
		if !ok {
			continue
		}
		t.Run(strings.ReplaceAll(shape.String(), " ", "_"), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(shape.N())+1, uint64(shape.BoxRows())))
			sum := soundness{byKey: map[string]int{}, checked: map[string]int{}}
			diagonal := 0
			for i := range n {
				keep := 0
				if i%2 == 1 {
					keep = shape.Cells() * (35 + rng.IntN(20)) / 100
				}
				puzzle, sol := digXBoard(shape, rng, keep)
				sum.add(t, puzzle, sol)
				s, _ := NewState(puzzle)
				for st := Next(s); st != nil; st = Next(s) {
					for _, h := range st.Houses {
						if h >= 3*shape.N() {
							diagonal++
						}
					}
					st.ApplyTo(s)
				}
			}
			t.Logf("%s x: %d puzzles (%d solved), %d steps, %d on a diagonal; by technique %v", shape, sum.puzzles, sum.solved, sum.steps, diagonal, sum.byKey)
			if sum.steps == 0 || diagonal == 0 {
				t.Errorf("%s x: %d steps applied, %d on a diagonal", shape, sum.steps, diagonal)
			}
			if sum.byKey["unique-rectangle"] > 0 {
				t.Errorf("%s x: %d unique rectangles applied", shape, sum.byKey["unique-rectangle"])
			}
		})
	}
}

// TestKillerNotGraded checks that a sized killer is refused, with a
// message that says why.
func TestKillerNotGraded(t *testing.T) {
	b := sudoku.NewBoard(sudoku.ShapeOf(4))
	if err := b.SetVariants("killer", []sudoku.Cage{{Sum: 3, Cells: []int{0, 1}}}); err != nil {
		t.Fatal(err)
	}
	_, err := NewState(b)
	if !errors.Is(err, sudoku.ErrInvalid) || !strings.Contains(err.Error(), "4x4 killer is not graded") {
		t.Fatalf("NewState of a killer: %v", err)
	}
}
