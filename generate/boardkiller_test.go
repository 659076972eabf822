package generate

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// killerRef counts the solutions of a killer board up to limit by a plain
// search of its own, sharing no code with the generator or the solvers:
// cells in reading order, each digit checked against the row, column, box
// (and diagonals with X) filled so far, and against its cage (no digit
// twice, the cells left able to reach the sum by the smallest and largest
// digits they could take).
func killerRef(b sudoku.Board, limit int) (int, []uint8) {
	n := b.Shape.N()
	br, bc := b.Shape.BoxRows(), b.Shape.BoxCols()
	cage := make([]int, n*n)
	for i := range cage {
		cage[i] = -1
	}
	for k, c := range b.Cages {
		for _, cell := range c.Cells {
			cage[cell] = k
		}
	}
	g := slices.Clone(b.Cells)
	sees := func(a, c int) bool {
		ra, ca, rc, cc := a/n, a%n, c/n, c%n
		switch {
		case ra == rc || ca == cc:
			return true
		case ra/br == rc/br && ca/bc == cc/bc:
			return true
		case b.X && ra == ca && rc == cc, b.X && ra+ca == n-1 && rc+cc == n-1:
			return true
		}
		return false
	}
	fits := func(cell int, d uint8) bool {
		for o := range n * n {
			if o != cell && g[o] == d && (sees(o, cell) || cage[o] >= 0 && cage[o] == cage[cell]) {
				return false
			}
		}
		if k := cage[cell]; k >= 0 {
			sum, left := 0, 0
			for _, c := range b.Cages[k].Cells {
				switch {
				case c == cell:
					sum += int(d)
				case g[c] != 0:
					sum += int(g[c])
				default:
					left++
				}
			}
			rest := b.Cages[k].Sum - sum
			if rest < left*(left+1)/2 || rest > left*(2*n+1-left)/2 {
				return false
			}
		}
		return true
	}
	count := 0
	var first []uint8
	var search func(cell int)
	search = func(cell int) {
		for cell < n*n && g[cell] != 0 {
			cell++
		}
		if cell == n*n {
			if count == 0 {
				first = slices.Clone(g)
			}
			count++
			return
		}
		for d := uint8(1); int(d) <= n && count < limit; d++ {
			if fits(cell, d) {
				g[cell] = d
				search(cell + 1)
				g[cell] = 0
			}
		}
	}
	for cell, v := range b.Cells {
		if v != 0 {
			g[cell] = 0
			if !fits(cell, v) {
				return 0, nil
			}
			g[cell] = v
		}
	}
	search(0)
	return count, first
}

// TestKillerRefAgainstAllGrids checks the reference counter itself: on
// 4x4, against all 288 grids filtered by the cages of a hand-made killer.
func TestKillerRefAgainstAllGrids(t *testing.T) {
	s := sudoku.ShapeOf(4)
	b := sudoku.NewBoard(s)
	// Each row cut in halves: many solutions.
	for r := range 4 {
		b.Cages = append(b.Cages, sudoku.Cage{Sum: 3 + 4*(r%2), Cells: []int{4 * r, 4*r + 1}},
			sudoku.Cage{Sum: 7 - 4*(r%2), Cells: []int{4*r + 2, 4*r + 3}})
	}
	n, sol := killerRef(b, 1000)
	want := 0
	for _, g := range grids4() {
		ok := true
		for _, c := range b.Cages {
			sum := 0
			for _, cell := range c.Cells {
				sum += int(g[cell])
			}
			ok = ok && sum == c.Sum
		}
		if ok {
			want++
		}
	}
	if n != want || want < 2 {
		t.Fatalf("killerRef: %d solutions, the 288 grids filtered: %d", n, want)
	}
	if err := b.WithCells(sol).Validate(); err != nil {
		t.Fatalf("killerRef's solution %v: %v", sol, err)
	}
}

// grids4 lists the 288 4x4 grids, row by row, by permutations of rows.
func grids4() [][]uint8 {
	var perms [][]uint8
	var permute func(prefix []uint8)
	permute = func(prefix []uint8) {
		if len(prefix) == 4 {
			perms = append(perms, slices.Clone(prefix))
			return
		}
		for d := uint8(1); d <= 4; d++ {
			if !slices.Contains(prefix, d) {
				permute(append(prefix, d))
			}
		}
	}
	permute(nil)
	var out [][]uint8
	for _, a := range perms {
		for _, b := range perms {
			for _, c := range perms {
				for _, d := range perms {
					g := slices.Concat(a, b, c, d)
					if sudoku.NewBoard(sudoku.ShapeOf(4)).WithCells(g).Validate() == nil {
						out = append(out, g)
					}
				}
			}
		}
	}
	return out
}

// TestBoardKillersUnique makes 4x4, 6x6 and 8x8 killers (and killer-x),
// and checks each unique by killerRef (and the 4x4 ones by all 288 grids
// filtered by their cages), its cages as asked, no givens.
func TestBoardKillersUnique(t *testing.T) {
	all4 := grids4()
	if len(all4) != 288 {
		t.Fatalf("%d 4x4 grids, want 288", len(all4))
	}
	for _, tc := range []struct {
		n, count, minCage, maxCage int
		x                          bool
	}{
		{4, 200, 0, 0, false}, {4, 100, 0, 0, true}, {4, 50, 2, 3, false},
		{6, 100, 0, 0, false}, {6, 50, 0, 0, true}, {6, 30, 2, 4, false},
		{8, 10, 0, 0, false},
	} {
		t.Run(fmt.Sprintf("%dx%d-x%v-%d-%d", tc.n, tc.n, tc.x, tc.minCage, tc.maxCage), func(t *testing.T) {
			s := sudoku.ShapeOf(tc.n)
			g, err := BoardKillers(BoardKillerOptions{Shape: s, X: tc.x, Seed: 5, MinCage: tc.minCage, MaxCage: tc.maxCage})
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := max(tc.minCage, 1), tc.maxCage
			if hi == 0 {
				hi = 4
			}
			for i := range tc.count {
				p, err := g.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				b := p.Board
				if b.Givens() != 0 || b.X != tc.x || len(b.Cages) == 0 {
					t.Fatalf("puzzle %d: %d givens, x %v, %d cages", i, b.Givens(), b.X, len(b.Cages))
				}
				for _, c := range b.Cages {
					if len(c.Cells) < lo || len(c.Cells) > hi {
						t.Fatalf("puzzle %d: %s has %d cells, want %d-%d", i, s.CageName(c), len(c.Cells), lo, hi)
					}
				}
				n, sol := killerRef(b, 2)
				if n != 1 || !slices.Equal(sol, p.Solution.Cells) {
					t.Fatalf("puzzle %d (%s): %d solutions by the reference", i, b.RulesLabel(), n)
				}
				if tc.n == 4 && !tc.x {
					found := 0
					for _, grid := range all4 {
						if b.WithCells(grid).Validate() == nil {
							found++
						}
					}
					if found != 1 {
						t.Fatalf("puzzle %d (%s): %d of the 288 grids keep its cages", i, b.RulesLabel(), found)
					}
				}
			}
		})
	}
}

// TestBoardKillersReproducible checks that a seed gives the same killers
// on any number of workers, and another seed others.
func TestBoardKillersReproducible(t *testing.T) {
	run := func(seed uint64, workers int) []string {
		g, err := BoardKillers(BoardKillerOptions{Shape: sudoku.ShapeOf(6), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		_, err = g.Run(context.Background(), RunOptions{Count: 20, Workers: workers}, func(p BoardKiller) error {
			out = append(out, p.Board.RulesLabel())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, four := run(1, 1), run(1, 4)
	if !slices.Equal(one, four) || len(one) != 20 {
		t.Fatalf("1 worker and 4 differ:\n%v\n%v", one, four)
	}
	if other := run(2, 2); slices.Equal(one, other) {
		t.Fatalf("seeds 1 and 2 give the same killers")
	}
}

func TestBoardKillersBadOptions(t *testing.T) {
	for _, opt := range []BoardKillerOptions{
		{Shape: sudoku.ShapeOf(9)},
		{Shape: sudoku.ShapeOf(16)},
		{Shape: sudoku.ShapeOf(4), MinCage: 3, MaxCage: 2},
		{Shape: sudoku.ShapeOf(4), MaxCage: 5},
	} {
		if _, err := BoardKillers(opt); err == nil {
			t.Errorf("%+v: no error", opt)
		}
	}
}
