package techniques

import (
	"math/bits"

	"sudokit/sudoku"
)

// State is a candidate grid being solved by hand: the digits placed so far
// and the candidates ("pencil marks") of the empty cells. Techniques read it;
// Apply changes it.
type State struct {
	Values [81]uint8         // placed digits (givens included); 0 for an empty cell
	Cands  [81]sudoku.Digits // candidates of empty cells; 0 for a filled cell
}

// NewState returns the state of a puzzle before any step: each empty cell
// holds every digit that no given in its row, column or box rules out.
func NewState(g sudoku.Grid) *State {
	s := &State{}
	cands := g.Candidates()
	for i, v := range g {
		s.Values[i] = v
		if v == 0 {
			s.Cands[i] = cands[i]
		}
	}
	return s
}

// Clone returns a copy of the state.
func (s *State) Clone() *State {
	c := *s
	return &c
}

// Place puts digit d in cell and removes d from the cell's peers, as a
// solver writes a digit in; it does nothing more (no singles follow).
func (s *State) Place(cell, d int) {
	s.Values[cell] = uint8(d)
	s.Cands[cell] = 0
	for _, p := range sudoku.Peers[cell] {
		s.Cands[p] = s.Cands[p].Without(d)
	}
}

// Eliminate removes candidate d from cell; it reports whether it was there.
func (s *State) Eliminate(cell, d int) bool {
	if !s.Cands[cell].Has(d) {
		return false
	}
	s.Cands[cell] = s.Cands[cell].Without(d)
	return true
}

// Apply carries out a step: its eliminations, then its placements.
func (s *State) Apply(st *Step) {
	for _, c := range st.Eliminations {
		s.Eliminate(int(c.Cell), int(c.Digit))
	}
	for _, c := range st.Placements {
		s.Place(int(c.Cell), int(c.Digit))
	}
}

// Solved reports whether every cell holds a digit.
func (s *State) Solved() bool {
	for _, v := range s.Values {
		if v == 0 {
			return false
		}
	}
	return true
}

// Grid returns the placed digits.
func (s *State) Grid() sudoku.Grid { return sudoku.Grid(s.Values) }

// Positions returns where digit d can go in unit u: bit i is set when the
// unit's i-th cell (sudoku.Units order) is empty and has candidate d.
func (s *State) Positions(u, d int) uint16 {
	var m uint16
	bit := sudoku.Digits(1) << d
	for i, c := range sudoku.Units[u] {
		if s.Cands[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// EmptyCells returns how many cells of unit u are empty.
func (s *State) EmptyCells(u int) int {
	n := 0
	for _, c := range sudoku.Units[u] {
		if s.Values[c] == 0 {
			n++
		}
	}
	return n
}

// Placed reports whether digit d is already placed in unit u.
func (s *State) Placed(u, d int) bool {
	for _, c := range sudoku.Units[u] {
		if int(s.Values[c]) == d {
			return true
		}
	}
	return false
}

// Count returns how many cells of the grid hold digit d.
func (s *State) Count(d int) int {
	n := 0
	for _, v := range s.Values {
		if int(v) == d {
			n++
		}
	}
	return n
}

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

// unitKind names a unit's kind as Sudoku Explainer writes it.
func unitKind(u int) string { return [3]string{"row", "column", "block"}[u/9] }

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

// fillPositions computes the whole position table in one pass over the cells.
func (s *State) fillPositions(p *posTable) {
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

// placedCounts returns how many cells hold each digit.
func (s *State) placedCounts() [10]int {
	var n [10]int
	for _, v := range s.Values {
		n[v]++
	}
	return n
}
