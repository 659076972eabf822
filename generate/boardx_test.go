package generate

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/exactcover"
	"github.com/sudokit/sudokit/sudoku"
)

// TestBoardsX makes x puzzles of every shape up to 16x16, at every level
// the shape reaches (as boardCases says: 4x4 and 6x6 easy) and none, and checks each unique under x with the exact cover counter
// (which shares no code with the generator or its solver), its solution an
// x solution, and the puzzle not unique without the diagonals now and
// then (the diagonals are used).
func TestBoardsX(t *testing.T) {
	levels := append([]string{""}, BoardLevels()...)
	for _, s := range sudoku.Shapes() {
		if s.N() == 25 {
			continue
		}
		for _, level := range levels {
			if s.N() <= 6 && level != "" && level != "easy" {
				continue
			}
			t.Run(fmt.Sprintf("%dx%d-%s/%s", s.N(), s.N(), s.Box(), level), func(t *testing.T) {
				count := 6
				if s.N() >= 12 {
					count = 2
				}
				gen, err := NewBoards(BoardOptions{Shape: s, X: true, Seed: 3, Level: level, Symmetry: Random, MaxTries: 2000})
				if err != nil {
					t.Fatal(err)
				}
				for i := range count {
					p, err := gen.Puzzle(context.Background(), i)
					if err != nil {
						t.Fatal(err)
					}
					if !p.Board.X || !p.Solution.X {
						t.Fatalf("puzzle %d: x %v, solution's x %v", i, p.Board.X, p.Solution.X)
					}
					n, sol := exactcover.CountSudokuX(s.N(), s.BoxRows(), s.BoxCols(), p.Board.Cells, 2)
					if n != 1 || !slices.Equal(sol, p.Solution.Cells) {
						t.Fatalf("puzzle %d (%s): %d x solutions by exact cover", i, p.Board, n)
					}
					if err := p.Solution.Validate(); err != nil {
						t.Fatalf("puzzle %d: solution %s: %v", i, p.Solution, err)
					}
				}
			})
		}
	}
}
