package sudoku

import (
	"errors"
	"fmt"
	"slices"
)

// Grid is a 9x9 sudoku: cell i (0..80, row by row) holds a digit 1..9, or 0
// when it is empty.
type Grid [81]uint8

// String returns the grid in line format: 81 characters row by row, with '.'
// for an empty cell.
func (g Grid) String() string {
	var b [81]byte
	return string(g.AppendTo(b[:0]))
}

// AppendTo appends the grid as String writes it to b and returns the
// extended buffer.
func (g Grid) AppendTo(b []byte) []byte {
	n := len(b)
	b = slices.Grow(b, len(g))[:n+len(g)]
	out := (*[81]byte)(b[n:])
	for i, v := range g {
		out[i] = cellChars[v]
	}
	return b
}

// cellChars is the character of each cell value in String: '.' for a
// blank, the digit's for 1..9.
var cellChars = func() (t [256]byte) {
	for v := range t {
		t[v] = '0' + byte(v)
	}
	t[0] = '.'
	return t
}()

// Givens returns the number of filled cells.
func (g Grid) Givens() int {
	n := 0
	for _, v := range g {
		if v != 0 {
			n++
		}
	}
	return n
}

// Candidates returns each cell's candidates after removing the digits of its
// filled peers; a filled cell's set is its own digit.
func (g Grid) Candidates() [81]Digits {
	var used [27]Digits
	for i, v := range g {
		if v != 0 {
			for _, u := range CellUnits[i] {
				used[u] |= 1 << v
			}
		}
	}
	var c [81]Digits
	for i, v := range g {
		if v != 0 {
			c[i] = 1 << v
			continue
		}
		u := CellUnits[i]
		c[i] = AllDigits &^ (used[u[0]] | used[u[1]] | used[u[2]])
	}
	return c
}

// ConflictError reports a digit that appears twice in one unit, or in one
// house of a variant's rules.
type ConflictError struct {
	Digit int    // the repeated digit
	Unit  int    // house number under Rules (for classic rules, the unit number as in Units)
	Cells [2]int // the first two cells holding the digit, in reading order
	Rules Rules  // the rules whose house it is; the zero value is classic
}

// Is makes a ConflictError of kind ErrInvalid: the digits given break the
// rules.
func (e *ConflictError) Is(target error) bool { return target == ErrInvalid }

func (e *ConflictError) Error() string {
	return fmt.Sprintf("digit %d repeated in %s: %s and %s",
		e.Digit, e.Rules.House(e.Unit).Name(), CellName(e.Cells[0]), CellName(e.Cells[1]))
}

// Validate checks that no digit repeats in a row, column or box, and reports
// the first repetition found (rows first, then columns, then boxes) as a
// *ConflictError. Every cell must hold 0..9.
func (g Grid) Validate() error {
	// Fast path, without a branch on the cells: one bit per digit (none
	// for a blank), then per unit the union and the sum of its cells'
	// bits, which differ exactly when a bit comes twice. A repetition
	// sends to firstConflict, which names the first in the order said.
	var bits [81]uint16
	var big uint8
	for i, v := range g {
		big = max(big, v)
		bits[i] = digitBits[v]
	}
	if big > 9 {
		for i, v := range g {
			if v > 9 {
				return Invalidf("cell %s holds %d, want 0..9", CellName(i), v)
			}
		}
	}
	var colOr, colSum, boxOr, boxSum [9]uint16
	var repeated uint16
	for r := range 9 {
		row := (*[9]uint16)(bits[9*r:])
		var or, sum uint16
		for c, bit := range row {
			or |= bit
			sum += bit
			colOr[c] |= bit
			colSum[c] += bit
		}
		repeated |= or ^ sum
		b := r / 3 * 3
		for k := range 3 {
			boxOr[b+k] |= row[3*k] | row[3*k+1] | row[3*k+2]
			boxSum[b+k] += row[3*k] + row[3*k+1] + row[3*k+2]
		}
	}
	for u := range 9 {
		repeated |= (colOr[u] ^ colSum[u]) | (boxOr[u] ^ boxSum[u])
	}
	if repeated != 0 {
		return g.firstConflict()
	}
	return nil
}

// digitBits is the bit of each cell value 1..9 in a Digits set; 0 for a
// blank, and for the values out of range (Validate says those apart).
var digitBits = func() (t [256]uint16) {
	for v := 1; v <= 9; v++ {
		t[v] = 1 << v
	}
	return t
}()

// firstConflict finds the conflict Validate reports: units in order (rows,
// columns, boxes), cells in reading order.
func (g Grid) firstConflict() error {
	for i, v := range g { // a digit out of range comes first, as in Validate's pass
		if v > 9 {
			return Invalidf("cell %s holds %d, want 0..9", CellName(i), v)
		}
	}
	for u := range Units {
		var seen [10]int8
		for _, cell := range Units[u] {
			v := g[cell]
			if v == 0 {
				continue
			}
			if seen[v] != 0 {
				return &ConflictError{Digit: int(v), Unit: u, Cells: [2]int{int(seen[v]) - 1, int(cell)}}
			}
			seen[v] = int8(cell) + 1
		}
	}
	return nil
}

// ErrIncomplete is returned by CheckSolution for a solution with empty cells.
var ErrIncomplete = errors.New("solution has empty cells")

// CheckSolution verifies that solution is a complete, valid grid that keeps
// every given of puzzle. It is the rule check applied to every answer sudokit
// prints, independent of how the answer was found.
func CheckSolution(puzzle, solution Grid) error {
	for i, v := range solution {
		if v == 0 {
			return fmt.Errorf("%w: %s", ErrIncomplete, CellName(i))
		}
		if puzzle[i] != 0 && puzzle[i] != v {
			return fmt.Errorf("solution changes the given %d at %s to %d", puzzle[i], CellName(i), v)
		}
	}
	return solution.Validate()
}
