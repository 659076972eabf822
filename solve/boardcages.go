package solve

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// The sized solver takes a killer's cages (boards of up to
// sudoku.MaxKillerSize digits) as the 9x9 killer solver does, by the
// combinations of digits each cage still allows: after the singles and
// the box/line eliminations, each cage's empty cells keep only the digits
// of the sets of distinct digits, none placed in the cage, inside the
// cells' candidates, that bring the placed digits to the sum; a cage with
// no such set, or a digit placed twice in it, is a contradiction.

// boardCage is a cage as the sized solver reads it: its cells, and its
// sum in the solver's digits (0..N-1 for 1..N: the sum less one a cell).
type boardCage struct {
	cells []int
	sum   int
}

// cagesOf returns the cages of a board for the solver.
func cagesOf(b sudoku.Board) []boardCage {
	out := make([]boardCage, len(b.Cages))
	for i, c := range b.Cages {
		out[i] = boardCage{cells: c.Cells, sum: c.Sum - len(c.Cells)}
	}
	return out
}

// cageSets[k][sum] are the sets of k distinct solver digits (bit d for
// digit d, 0..MaxKillerSize-1) that add up to sum, over every digit up to
// MaxKillerSize: a set is usable on a board of n digits when it lies in
// the low n bits.
var cageSets = func() (t [sudoku.MaxKillerSize + 1][]([]uint32)) {
	top := sudoku.MaxKillerSize
	maxSum := top * (top - 1) / 2
	for k := range t {
		t[k] = make([][]uint32, maxSum+1)
	}
	for m := uint32(0); m < 1<<top; m++ {
		sum := 0
		for x := m; x != 0; x &= x - 1 {
			sum += bits.TrailingZeros32(x)
		}
		k := bits.OnesCount32(m)
		t[k][sum] = append(t[k][sum], m)
	}
	return t
}()

// settleCages runs the cage step and the propagation in turn until
// neither changes anything; it reports false on a contradiction.
func (s *bstate) settleCages(t *boardTables, cages []boardCage) bool {
	for {
		changed, ok := s.cageStep(t, cages)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
		if !s.propagate(t) {
			return false
		}
	}
}

// cageStep keeps in each cage's empty cells only the digits that a set
// of the cage's combinations allows (see the top of the file).
func (s *bstate) cageStep(t *boardTables, cages []boardCage) (changed, ok bool) {
	full := uint32(1)<<t.n - 1
	for _, c := range cages {
		var used, union uint32
		sum, empty := c.sum, 0
		var cands [sudoku.MaxKillerSize]uint32
		for _, cell := range c.cells {
			w, m := cell>>6, uint64(1)<<(cell&63)
			var x uint32
			for d := range t.n {
				if s.pos[d][w]&m != 0 {
					x |= 1 << d
				}
			}
			if s.solved[w]&m != 0 {
				if used&x != 0 {
					return changed, false // a digit twice in the cage
				}
				used |= x
				sum -= bits.TrailingZeros32(x)
				continue
			}
			cands[empty] = x
			union |= x
			empty++
		}
		if empty == 0 {
			if sum != 0 {
				return changed, false
			}
			continue
		}
		if sum < 0 || empty >= len(cageSets) || sum >= len(cageSets[empty]) {
			return changed, false
		}
		var allowed uint32
		for _, set := range cageSets[empty][sum] {
			if set&^full == 0 && set&used == 0 && set&^union == 0 {
				allowed |= set
			}
		}
		if allowed == 0 {
			return changed, false
		}
		k := 0
		for _, cell := range c.cells {
			w, m := cell>>6, uint64(1)<<(cell&63)
			if s.solved[w]&m != 0 {
				continue
			}
			for x := cands[k] &^ allowed; x != 0; x &= x - 1 {
				d := bits.TrailingZeros32(x)
				s.pos[d][w] &^= m
				of := &t.of[cell]
				s.todo[d][0] |= of[0]
				s.todo[d][1] |= of[1]
				s.dirty |= 1 << d
				changed = true
			}
			k++
		}
	}
	return changed, true
}
