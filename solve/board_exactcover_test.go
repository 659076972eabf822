package solve

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/exactcover"
	"github.com/sudokit/sudokit/sudoku"
)

// TestBoardAgainstExactCover compares the sized solver's counts and
// solutions with the dancing-links counter of internal/exactcover, which
// shares no code with it, on random boards of every shape.
func TestBoardAgainstExactCover(t *testing.T) {
	for _, s := range sudoku.Shapes() {
		t.Run(fmt.Sprintf("%dx%d-%s", s.N(), s.N(), s.Box()), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(s.N())+7, uint64(s.BoxCols())))
			for range boardCases(s.N(), testing.Short()) / 2 {
				b := randomCase(rng, s)
				compareExactCover(t, b, 3)
			}
		})
	}
}

// compareExactCover fails t unless CountBoard and exactcover.CountSudoku
// agree on b to limit, and a unique solution is the same.
func compareExactCover(t testing.TB, b sudoku.Board, limit int) {
	t.Helper()
	s := b.Shape
	got := CountBoard(b, limit)
	count := exactcover.CountSudoku
	if b.X {
		count = exactcover.CountSudokuX
	}
	want, wantSol := count(s.N(), s.BoxRows(), s.BoxCols(), b.Cells, limit)
	if got.Count != want {
		t.Fatalf("%v (%v): count %d, exact cover %d", b, s, got.Count, want)
	}
	if want == 1 && !slices.Equal(got.Solution.Cells, wantSol) {
		t.Fatalf("%v: solution %v, exact cover %v", b, got.Solution, wantSol)
	}
}

// TestSizeSetsExactCover checks every puzzle of testdata/puzzles/sizes
// unique by the exact cover counter (40 of the minimal 16x16 too, which
// the plain reference is too slow for).
func TestSizeSetsExactCover(t *testing.T) {
	for _, set := range sizeSets {
		s, _ := sudoku.ParseShape(set.size, set.box)
		boards := loadBoards(t, filepath.Join("..", "testdata", "puzzles", "sizes", sizeSetName(s, set.floor)), s)
		switch {
		case testing.Short():
			boards = boards[:min(len(boards), 20)]
		case s.N() == 16 && set.floor == 0:
			boards = boards[:min(len(boards), 40)] // about 70 ms each
		}
		for _, b := range boards {
			if n, _ := exactcover.CountSudoku(s.N(), s.BoxRows(), s.BoxCols(), b.Cells, 2); n != 1 {
				t.Fatalf("%v: %d solutions by exact cover", b, n)
			}
		}
	}
}

// FuzzBoardExactCover compares the sized solver with the exact cover
// counter on boards made from a seed: a random solution of a shape with
// cells emptied, sometimes a given changed; x boards for odd shapes
// numbers.
func FuzzBoardExactCover(f *testing.F) {
	for i := range uint64(8) {
		f.Add(i, uint8(i))
	}
	shapes := sudoku.Shapes()
	f.Fuzz(func(t *testing.T, seed uint64, shape uint8) {
		s := shapes[int(shape)%len(shapes)]
		if s.N() == 25 {
			s = shapes[0] // too slow for a fuzz run's every input
		}
		rng := rand.New(rand.NewPCG(seed, uint64(shape)))
		if shape%2 == 1 {
			compareExactCover(t, randomXCase(rng, s), 3)
			return
		}
		compareExactCover(t, randomCase(rng, s), 3)
	})
}

// TestBoardSparse counts a sparse 12x12 board with several solutions (a
// case of TestBoardAgainstExactCover): a branching rule that took, among
// the cells of fewest digits, the one whose digits most cells that see it
// hold, searched it for minutes (the test then times out) where taking
// the first such cell takes a millisecond.
func TestBoardSparse(t *testing.T) {
	s, _ := sudoku.ParseShape("12", "4x3")
	b, _, err := sudoku.ParseBoard("...3...C...........A4..........B....4..58..7.2.........4.......C....B..59...6......8.....4............4...........C....7.....................9C.", s, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	compareExactCover(t, b, 3)
}
