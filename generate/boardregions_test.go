package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/exactcover"
	"github.com/sudokit/sudokit/sudoku"
)

// TestRandomRegions draws layouts of every shape: each a layout (N
// connected regions of N cells, as sudoku.Shape.ParseRegions checks),
// none a plain box, the same for the same rng state, and compact enough
// that most regions are not long snakes.
func TestRandomRegions(t *testing.T) {
	for _, s := range sudoku.Shapes() {
		for i := range 5 {
			l := RandomRegions(s, rand.New(rand.NewPCG(uint64(i), 1)), false)
			if _, err := s.ParseRegions(s.FormatRegions(l)); err != nil {
				t.Fatalf("%v: %s: %v", s, s.FormatRegions(l), err)
			}
			if keepsBox(l, s.BoxRegions(), s.N()) {
				t.Fatalf("%v: %s keeps a box", s, s.FormatRegions(l))
			}
			if again := RandomRegions(s, rand.New(rand.NewPCG(uint64(i), 1)), false); !slices.Equal(again, l) {
				t.Fatalf("%v: another layout from the same seed", s)
			}
		}
	}
	if !keepsBox(sudoku.ShapeOf(6).BoxRegions(), sudoku.ShapeOf(6).BoxRegions(), 6) {
		t.Fatal("keepsBox misses the boxes")
	}
}

// TestBoardsJigsaw makes jigsaws at 4, 6, 8, 9 and 12, on random layouts
// and on a given one, with and without x, at a level and none, and checks
// each unique on its regions by the exact cover counter (which shares no
// code with the generator or its solver), its solution the same and valid,
// its layout the one given or one without a box.
func TestBoardsJigsaw(t *testing.T) {
	for _, size := range []int{4, 6, 8, 9, 12} {
		s := sudoku.ShapeOf(size)
		given := RandomRegions(s, rand.New(rand.NewPCG(9, 9)), false)
		for _, tc := range []struct {
			x       bool
			level   string
			regions []uint8
		}{{false, "", nil}, {true, "", nil}, {false, "easy", nil}, {false, "", given}} {
			t.Run(fmt.Sprintf("%dx%d x=%v %s given=%v", size, size, tc.x, tc.level, tc.regions != nil), func(t *testing.T) {
				gen, err := NewBoards(BoardOptions{Shape: s, X: tc.x, Jigsaw: true, Regions: tc.regions, Seed: 5, Level: tc.level, MaxTries: 2000})
				if err != nil {
					t.Fatal(err)
				}
				count := 5
				if size >= 12 {
					count = 2
				}
				for i := range count {
					p, err := gen.Puzzle(context.Background(), i)
					if err != nil {
						t.Fatal(err)
					}
					b := p.Board
					if b.X != tc.x || b.Regions == nil || !slices.Equal(b.Regions, p.Solution.Regions) {
						t.Fatalf("puzzle %d: x %v, regions %v, solution's %v", i, b.X, b.Regions, p.Solution.Regions)
					}
					if tc.regions != nil && !slices.Equal(b.Regions, tc.regions) {
						t.Fatalf("puzzle %d: regions %s, want %s", i, s.FormatRegions(b.Regions), s.FormatRegions(tc.regions))
					}
					if keepsBox(b.Regions, s.BoxRegions(), size) {
						t.Fatalf("puzzle %d: regions %s keep a box", i, s.FormatRegions(b.Regions))
					}
					n, sol := exactcover.CountJigsaw(size, b.Regions, b.X, b.Cells, 2)
					if n != 1 || !slices.Equal(sol, p.Solution.Cells) {
						t.Fatalf("puzzle %d (%s regions=%s): %d solutions by exact cover", i, b, s.FormatRegions(b.Regions), n)
					}
					if err := p.Solution.Validate(); err != nil {
						t.Fatalf("puzzle %d: solution %s: %v", i, p.Solution, err)
					}
				}
			})
		}
	}
}

// TestBoardsJigsawWorkers: a seed makes the same jigsaws, layouts
// included, on 1 worker and on 3.
func TestBoardsJigsawWorkers(t *testing.T) {
	run := func(workers int) []string {
		gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(6), Jigsaw: true, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		_, err = gen.Run(context.Background(), RunOptions{Count: 12, Workers: workers}, func(p BoardPuzzle) error {
			out = append(out, p.Board.String()+" "+p.Board.RulesLabel())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, three := run(1), run(3)
	if !slices.Equal(one, three) || len(one) != 12 {
		t.Fatalf("1 worker:\n%v\n3 workers:\n%v", one, three)
	}
}
