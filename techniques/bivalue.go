package techniques

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Chains of two-candidate cells, beyond Sudoku Explainer's rule set (SE finds
// them as forcing chains and Y-cycles): XY-chains and remote pairs. Shorter
// chains come first.

// maxBivalueChain is the longest chain searched, in cells.
const maxBivalueChain = 10

// bivalueChains calls found with every chain of two-candidate cells of
// exactly n cells where consecutive cells see each other and share the digit
// that links them: the first cell's digit x is off, so the cell takes its
// other digit, which is off in the next cell, and so on. digits[i] is the
// digit cell i takes.
func bivalueChains(s *State, n int, sameDigits bool, found func(cells, on []int, x int) bool) bool {
	cells := make([]int, 0, n)
	on := make([]int, 0, n)
	var walk func(x int) bool
	walk = func(x int) bool {
		last, lastOn := cells[len(cells)-1], on[len(on)-1]
		if len(cells) == n {
			return found(cells, on, x)
		}
		for next := 0; next < 81; next++ {
			c := s.Cands[next]
			if c.Count() != 2 || !c.Has(lastOn) || !sees(last, next) || slices.Contains(cells, next) {
				continue
			}
			if sameDigits && c != s.Cands[cells[0]] {
				continue
			}
			cells = append(cells, next)
			on = append(on, c.Without(lastOn).First())
			if !walk(x) {
				return false
			}
			cells, on = cells[:len(cells)-1], on[:len(on)-1]
		}
		return true
	}
	for start := 0; start < 81; start++ {
		c := s.Cands[start]
		if c.Count() != 2 {
			continue
		}
		for _, x := range c.Slice() {
			cells = append(cells[:0], start)
			on = append(on[:0], c.Without(x).First())
			if !walk(x) {
				return false
			}
		}
	}
	return true
}

// chainText writes a chain as "r1c2(3)-r1c5(3=7)-...": each cell with its
// off and on digit.
func chainText(s *State, cells, on []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		off := s.Cands[c].Without(on[i]).First()
		parts[i] = fmt.Sprintf("%s(%d=%d)", sudoku.CellName(c), off, on[i])
	}
	return strings.Join(parts, "-")
}

// bivalueChain returns a chain of bivalue cells as potentials: in each
// cell its off digit, then its on digit.
func bivalueChain(s *State, cells, on []int) []Potential {
	out := make([]Potential, 0, 2*len(cells))
	for i, c := range cells {
		off := s.Cands[c].Without(on[i]).First()
		out = append(out, Potential{Cell: uint8(c), Digit: uint8(off)}, Potential{Cell: uint8(c), Digit: uint8(on[i]), On: true})
	}
	return out
}

// findXYChain finds XY-chains: from a cell where x is off, the chain forces
// x on in its last cell, so one of the two ends holds x and x leaves every
// cell seeing both ends.
func findXYChain(s *State, emit Emit) bool {
	for n := 3; n <= maxBivalueChain; n++ {
		ok := bivalueChains(s, n, false, func(cells, on []int, x int) bool {
			first, last := cells[0], cells[len(cells)-1]
			if on[len(on)-1] != x || first > last {
				return true
			}
			elim := seenByBoth(s, x, first, last, cells...)
			if len(elim) == 0 {
				return true
			}
			return emit(&Step{Technique: "xy-chain", Name: "XY-Chain", Rating: 7.0 + chainBonus(2*n),
				Eliminations: elim, Cells: slices.Clone(cells), Digits: sudoku.DigitSet(x),
				Detail: fmt.Sprintf("%d at either end of %s", x, chainText(s, cells, on)),
				Chains: [][]Potential{bivalueChain(s, cells, on)}})
		})
		if !ok {
			return false
		}
	}
	return true
}

// findRemotePairs finds remote pairs: a chain of at least four cells holding
// the same two digits alternates them, so a cell seeing two chain cells an
// odd number of links apart holds neither.
func findRemotePairs(s *State, emit Emit) bool {
	for n := 4; n <= maxBivalueChain; n++ {
		ok := bivalueChains(s, n, true, func(cells, on []int, x int) bool {
			if cells[0] > cells[len(cells)-1] || x != s.Cands[cells[0]].First() {
				return true
			}
			pair := s.Cands[cells[0]]
			var elim []Candidate
			for c := 0; c < 81; c++ {
				if s.Cands[c]&pair == 0 || slices.Contains(cells, c) {
					continue
				}
				hit := false
				for i := range cells {
					for j := i + 1; j < len(cells) && !hit; j += 2 {
						hit = sees(c, cells[i]) && sees(c, cells[j])
					}
				}
				if hit {
					for _, d := range (s.Cands[c] & pair).Slice() {
						elim = append(elim, Candidate{uint8(c), uint8(d)})
					}
				}
			}
			if len(elim) == 0 {
				return true
			}
			return emit(&Step{Technique: "remote-pairs", Name: "Remote Pairs", Rating: 7.0 + chainBonus(2*n),
				Eliminations: elim, Cells: slices.Clone(cells), Digits: pair,
				Detail: fmt.Sprintf("%s on %s", digitList(pair), cellList(cells)),
				Chains: [][]Potential{bivalueChain(s, cells, on)}})
		})
		if !ok {
			return false
		}
	}
	return true
}

// chainBonus is Sudoku Explainer's length bonus for a chain of the given
// complexity (number of nodes): +0.1 each time complexity-2 passes 4, 6, 8,
// 12, 16, 24, 32, 48, ...
func chainBonus(complexity int) sudoku.Rating {
	added := sudoku.Rating(0)
	length := complexity - 2
	ceil := 4
	grow := true
	for length > ceil {
		added += 0.1
		if grow {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		grow = !grow
	}
	return added
}
