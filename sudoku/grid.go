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
	if g.mayConflict() {
		return g.firstConflict()
	}
	return nil
}

// mayConflict reports whether a digit repeats in a unit of g or a cell
// holds a value out of range: the fast path of Validate, without a branch
// on the cells. Each cell's value is a count of one in its digit's 4-bit
// field (digitCounts); a unit's sum then counts each digit, and a field of
// 2 or more is a repetition. The sums of every unit are gathered with OR.
func (g *Grid) mayConflict() bool {
	var seen uint64
	var c0, c1, c2, c3, c4, c5, c6, c7, c8 uint64
	for band := 0; band < 81; band += 27 {
		var b0, b1, b2 uint64
		for r := band; r < band+27; r += 9 {
			row := (*[9]uint8)(g[r:])
			x0, x1, x2 := digitCounts[row[0]], digitCounts[row[1]], digitCounts[row[2]]
			x3, x4, x5 := digitCounts[row[3]], digitCounts[row[4]], digitCounts[row[5]]
			x6, x7, x8 := digitCounts[row[6]], digitCounts[row[7]], digitCounts[row[8]]
			left, middle, right := x0+x1+x2, x3+x4+x5, x6+x7+x8
			seen |= left + middle + right
			b0, b1, b2 = b0+left, b1+middle, b2+right
			c0, c1, c2, c3, c4, c5, c6, c7, c8 = c0+x0, c1+x1, c2+x2, c3+x3, c4+x4, c5+x5, c6+x6, c7+x7, c8+x8
		}
		seen |= b0 | b1 | b2
	}
	seen |= c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8
	return seen&countRepeated != 0
}

// countOutOfRange is the field that digitCounts gives the values out of
// range (over 9): nine of them still fit in its four bits.
const countOutOfRange = 1 << 40

// countRepeated holds the bits of a unit's sum that say a repetition (a
// digit's field at 2 or more: its upper three bits) or a value out of
// range (its own field).
const countRepeated = 0xEEEEEEEEE | 0xF*countOutOfRange

// digitCounts is a cell value's count in mayConflict's sums: 1 in bits
// 4(v-1) to 4v-1 for a digit v; 0 for a blank; countOutOfRange for a
// value over 9.
var digitCounts = func() (t [256]uint64) {
	for v := range t {
		switch {
		case v >= 1 && v <= 9:
			t[v] = 1 << (4 * (v - 1))
		case v > 9:
			t[v] = countOutOfRange
		}
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
