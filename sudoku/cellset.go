package sudoku

import (
	"iter"
	"math/bits"
)

// CellSet is a set of cells of the grid: bit i%64 of word i/64 stands for
// cell i (0..80). It is a value of two words, cheap to copy, compare and
// combine, which is how the rules of a grid hand out houses and peers.
type CellSet [2]uint64

// CellSetOf returns the set holding the given cells.
func CellSetOf(cells ...int) CellSet {
	var s CellSet
	for _, c := range cells {
		s.Add(c)
	}
	return s
}

// Has reports whether cell is in the set.
func (s CellSet) Has(cell int) bool { return s[cell>>6]&(1<<(cell&63)) != 0 }

// Add puts cell in the set.
func (s *CellSet) Add(cell int) { s[cell>>6] |= 1 << (cell & 63) }

// Remove takes cell out of the set.
func (s *CellSet) Remove(cell int) { s[cell>>6] &^= 1 << (cell & 63) }

// Count returns the number of cells in the set.
func (s CellSet) Count() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Empty reports whether the set holds no cell.
func (s CellSet) Empty() bool { return s[0]|s[1] == 0 }

// Union returns the cells in s or t.
func (s CellSet) Union(t CellSet) CellSet { return CellSet{s[0] | t[0], s[1] | t[1]} }

// Intersect returns the cells in both s and t.
func (s CellSet) Intersect(t CellSet) CellSet { return CellSet{s[0] & t[0], s[1] & t[1]} }

// Minus returns the cells of s that are not in t.
func (s CellSet) Minus(t CellSet) CellSet { return CellSet{s[0] &^ t[0], s[1] &^ t[1]} }

// First returns the lowest cell of the set, or -1 when it is empty.
func (s CellSet) First() int {
	switch {
	case s[0] != 0:
		return bits.TrailingZeros64(s[0])
	case s[1] != 0:
		return 64 + bits.TrailingZeros64(s[1])
	}
	return -1
}

// All iterates over the cells of the set in increasing order.
func (s CellSet) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for w := range s {
			for x := s[w]; x != 0; x &= x - 1 {
				if !yield(64*w + bits.TrailingZeros64(x)) {
					return
				}
			}
		}
	}
}

// Cells returns the cells of the set in increasing order.
func (s CellSet) Cells() []int {
	out := make([]int, 0, s.Count())
	for c := range s.All() {
		out = append(out, c)
	}
	return out
}
