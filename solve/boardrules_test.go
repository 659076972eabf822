package solve

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// randomXCase is randomCase for the variant x: a random x solution with
// clues removed, now and then a given changed.
func randomXCase(rng *rand.Rand, s sudoku.Shape) sudoku.Board {
	empty := sudoku.NewBoard(s)
	empty.X = true
	b, ok := RandomBoardSolution(empty, rng)
	if !ok {
		panic(fmt.Sprintf("no x solution of %v", s))
	}
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

// TestBoardXAgainstExactCover compares the sized solver's counts and
// solutions of x boards with the exact cover counter's diagonal columns,
// on random boards of every shape but 25x25.
func TestBoardXAgainstExactCover(t *testing.T) {
	for _, s := range sudoku.Shapes() {
		if s.N() == 25 {
			continue
		}
		t.Run(fmt.Sprintf("%dx%d-%s", s.N(), s.N(), s.Box()), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(s.N())+11, uint64(s.BoxCols())))
			for range boardCases(s.N(), testing.Short()) / 5 {
				b := randomXCase(rng, s)
				compareExactCover(t, b, 3)
				if got := CountBoard(b, 1); got.Count > 0 && (!got.Solution.X || got.Solution.Validate() != nil) {
					t.Fatalf("%v: solution %v (x %v) breaks x", b, got.Solution, got.Solution.X)
				}
			}
		})
	}
}

// allGrids4 lists every 4x4 sudoku grid (288), by a plain enumeration.
func allGrids4() [][]uint8 {
	var out [][]uint8
	var g [16]uint8
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, slices.Clone(g[:]))
			return
		}
		for d := uint8(1); d <= 4; d++ {
			ok := true
			for j := range i {
				same := j/4 == i/4 || j%4 == i%4 || j/8 == i/8 && j%4/2 == i%4/2
				ok = ok && !(same && g[j] == d)
			}
			if ok {
				g[i] = d
				fill(i + 1)
			}
		}
	}
	fill(0)
	return out
}

// keeps reports whether grid g keeps the givens and the cages of b.
func keeps(b sudoku.Board, g []uint8) bool {
	for i, v := range b.Cells {
		if v != 0 && g[i] != v {
			return false
		}
	}
	for _, c := range b.Cages {
		sum, seen := 0, map[uint8]bool{}
		for _, cell := range c.Cells {
			sum += int(g[cell])
			seen[g[cell]] = true
		}
		if sum != c.Sum || len(seen) != len(c.Cells) {
			return false
		}
	}
	return true
}

// TestBoardCagesAgainstAllGrids counts 4x4 killers made of random cages on
// random grids (some givens, some cages' sums changed) with the sized
// solver and by filtering all 288 4x4 grids by their cages and givens.
func TestBoardCagesAgainstAllGrids(t *testing.T) {
	grids := allGrids4()
	if len(grids) != 288 {
		t.Fatalf("%d 4x4 grids, want 288", len(grids))
	}
	s := sudoku.ShapeOf(4)
	rng := rand.New(rand.NewPCG(4, 4))
	seen := map[int]int{}
	for range 3000 {
		g := grids[rng.IntN(len(grids))]
		b := sudoku.NewBoard(s)
		b.Cages = randomCages(rng, s, g)
		if rng.IntN(4) == 0 {
			b.Cells[rng.IntN(16)] = g[rng.IntN(16)]
		}
		if rng.IntN(4) == 0 {
			c := &b.Cages[rng.IntN(len(b.Cages))]
			if lo, hi := sudoku.BoardCageSums(4, len(c.Cells)); hi > lo {
				c.Sum = lo + rng.IntN(hi-lo+1)
			}
		}
		want := 0
		for _, h := range grids {
			if keeps(b, h) {
				want++
			}
		}
		got := CountBoard(b, 300)
		if got.Count != want {
			t.Fatalf("%v cages %v: count %d, all grids %d", b, b.Cages, got.Count, want)
		}
		if got.Count > 0 && (!keeps(b, got.Solution.Cells) || got.Solution.Validate() != nil) {
			t.Fatalf("%v cages %v: solution %v breaks the rules", b, b.Cages, got.Solution)
		}
		seen[min(want, 2)]++
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("cases of 0, 1, 2+ solutions: %v; want some of each", seen)
	}
}

// randomCages cuts a board into random connected cages of 1 to 4 cells
// (orthogonal steps), with the sums of grid g.
func randomCages(rng *rand.Rand, s sudoku.Shape, g []uint8) []sudoku.Cage {
	n := s.N()
	owner := make([]int, s.Cells())
	var cages []sudoku.Cage
	for _, start := range rng.Perm(s.Cells()) {
		if owner[start] != 0 {
			continue
		}
		cells := []int{start}
		owner[start] = len(cages) + 1
		for size := 1 + rng.IntN(4); len(cells) < size; {
			at := cells[rng.IntN(len(cells))]
			var next []int
			for _, nb := range []int{at - n, at + n, at - 1, at + 1} {
				if nb >= 0 && nb < s.Cells() && (nb/n == at/n || nb%n == at%n) && owner[nb] == 0 && !slices.ContainsFunc(cells, func(c int) bool { return g[c] == g[nb] }) {
					next = append(next, nb)
				}
			}
			if len(next) == 0 {
				break
			}
			nb := next[rng.IntN(len(next))]
			owner[nb] = len(cages) + 1
			cells = append(cells, nb)
		}
		slices.Sort(cells)
		sum := 0
		for _, c := range cells {
			sum += int(g[c])
		}
		cages = append(cages, sudoku.Cage{Sum: sum, Cells: cells})
	}
	return cages
}
