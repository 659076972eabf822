package generate

import (
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Symmetry is a symmetry of the clue pattern.
type Symmetry int

// Symmetries. Rot180, the zero value, is the default, as newspapers print
// and as `sudokit generate` makes puzzles; None asks for none. Random picks
// one of the six proper symmetries (Rot180 to Antidiagonal) per puzzle.
const (
	Rot180       Symmetry = iota // 180-degree rotation
	Rot90                        // 90-degree rotation
	Mirror                       // left-right reflection
	Flip                         // top-bottom reflection
	Diagonal                     // reflection in the main diagonal
	Antidiagonal                 // reflection in the other diagonal
	None                         // no symmetry
	Random                       // one of the six above, drawn per puzzle
)

var symmetryNames = [...]string{"rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal", "none", "random"}

func (s Symmetry) String() string { return symmetryNames[s] }

// SymmetryNames lists the accepted names, for usage messages.
func SymmetryNames() []string { return symmetryNames[:] }

// ParseSymmetry reads a symmetry name.
func ParseSymmetry(name string) (Symmetry, error) {
	for i, n := range symmetryNames {
		if n == name {
			return Symmetry(i), nil
		}
	}
	return 0, sudoku.Invalidf("unknown symmetry %q (want one of %s)", name, strings.Join(symmetryNames[:], ", "))
}

// image returns where a symmetry's generator maps cell (r, c) of a 9x9
// grid.
func (s Symmetry) image(r, c int) (int, int) { return s.imageIn(9, r, c) }

// imageIn returns where a symmetry's generator maps cell (r, c) of an
// n×n grid.
func (s Symmetry) imageIn(n, r, c int) (int, int) {
	m := n - 1
	switch s {
	case Rot180:
		return m - r, m - c
	case Rot90:
		return c, m - r
	case Mirror:
		return r, m - c
	case Flip:
		return m - r, c
	case Diagonal:
		return c, r
	case Antidiagonal:
		return m - c, m - r
	}
	return r, c
}

// Orbits returns the groups of cells that the symmetry maps onto each
// other: a symmetric pattern holds all of an orbit's cells or none.
func (s Symmetry) Orbits() [][]int {
	var seen [81]bool
	var out [][]int
	for cell := 0; cell < 81; cell++ {
		if seen[cell] {
			continue
		}
		var orbit []int
		for c := cell; !seen[c]; {
			seen[c] = true
			orbit = append(orbit, c)
			r, col := s.image(c/9, c%9)
			c = r*9 + col
		}
		out = append(out, orbit)
	}
	return out
}

// Holds reports whether a pattern of givens is symmetric: each cell and its
// image are both given or both empty.
func (s Symmetry) Holds(givens [81]bool) bool {
	for cell := 0; cell < 81; cell++ {
		r, c := s.image(cell/9, cell%9)
		if givens[cell] != givens[r*9+c] {
			return false
		}
	}
	return true
}

// OrbitsOf returns the orbits (see Orbits) of the cells of an n×n grid,
// cells numbered row by row from 0, for a sudoku of any size.
func (s Symmetry) OrbitsOf(n int) [][]int {
	seen := make([]bool, n*n)
	var out [][]int
	for cell := range n * n {
		if seen[cell] {
			continue
		}
		var orbit []int
		for c := cell; !seen[c]; {
			seen[c] = true
			orbit = append(orbit, c)
			r, col := s.imageIn(n, c/n, c%n)
			c = r*n + col
		}
		out = append(out, orbit)
	}
	return out
}

// HoldsOn reports whether the givens of a board of any size are
// symmetric: each cell and its image are both given or both empty.
func (s Symmetry) HoldsOn(b sudoku.Board) bool {
	n := b.Shape.N()
	if len(b.Cells) != n*n {
		return false
	}
	for cell, v := range b.Cells {
		r, c := s.imageIn(n, cell/n, cell%n)
		if (v == 0) != (b.Cells[r*n+c] == 0) {
			return false
		}
	}
	return true
}
