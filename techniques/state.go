package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// State is the candidate state the techniques read and change: the one
// candidate-state type of sudokit (see sudoku.State).
type State = sudoku.State

// NewState returns the state of a puzzle before any step.
func NewState(g sudoku.Grid) *State { return sudoku.NewState(g) }

// Unit orders used by the scans. Sudoku Explainer visits region types in two
// orders, and the first step found wins, so both are kept exactly.
var (
	// unitsBCR lists boxes, then columns, then rows.
	unitsBCR [27]int
	// unitsBRC lists boxes, then rows, then columns.
	unitsBRC [27]int
)

// houseCells lists, for each cell, the 20 cells that see it in Sudoku
// Explainer's order: its box (reading order), then its row, then its column,
// without repeats.
var houseCells [81][20]uint8

func init() {
	for i := 0; i < 9; i++ {
		unitsBCR[i], unitsBCR[9+i], unitsBCR[18+i] = 18+i, 9+i, i
		unitsBRC[i], unitsBRC[9+i], unitsBRC[18+i] = 18+i, i, 9+i
	}
	for cell := 0; cell < 81; cell++ {
		var seen [81]bool
		seen[cell] = true
		n := 0
		for _, u := range []uint8{sudoku.CellUnits[cell][2], sudoku.CellUnits[cell][0], sudoku.CellUnits[cell][1]} {
			for _, c := range sudoku.Units[u] {
				if !seen[c] {
					seen[c] = true
					houseCells[cell][n] = c
					n++
				}
			}
		}
	}
}

// sees reports whether two distinct cells share a unit.
func sees(a, b int) bool { return sudoku.SeePeers(a, b) }

// posTable[u][d] says where digit d can go in unit u: bit i is set when the
// unit's i-th cell (sudoku.Units order) has candidate d.
type posTable [27][10]uint16

// indexInUnit[c][k] is cell c's index within its row (k=0), column (1) and
// box (2).
var indexInUnit [81][3]uint8

func init() {
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		indexInUnit[c] = [3]uint8{uint8(col), uint8(r), uint8(r%3*3 + col%3)}
	}
}

// fillPositions computes the whole position table of s in one pass over
// the cells.
func fillPositions(s *State, p *posTable) {
	*p = posTable{}
	for c := 0; c < 81; c++ {
		cands := s.Cands[c]
		if cands == 0 {
			continue
		}
		u, ix := &sudoku.CellUnits[c], &indexInUnit[c]
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			p[u[0]][d] |= 1 << ix[0]
			p[u[1]][d] |= 1 << ix[1]
			p[u[2]][d] |= 1 << ix[2]
		}
	}
}

// placedCounts returns how many cells of s hold each digit.
func placedCounts(s *State) [10]int {
	var n [10]int
	for _, v := range s.Values {
		n[v]++
	}
	return n
}
