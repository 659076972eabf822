package canon

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Transform is an isomorphism of sudoku grids: an optional transposition,
// then a reordering of rows and columns, then a relabelling of digits.
// Apply writes, at row r and column c of the result, the cell at row
// Rows[r] and column Cols[c] of the (transposed, if Transpose) input, with
// its digit d written as Digits[d].
//
// A valid Transform keeps bands and stacks whole: Rows[3b], Rows[3b+1] and
// Rows[3b+2] are the three rows of one band, in any order, and likewise
// for Cols and stacks; Digits[0] is 0 and Digits[1..9] is a permutation
// of 1..9. The zero Transform is not valid; start from Identity(). Validate
// checks a Transform built by hand; ParseTransform, Random and Minlex
// only return valid ones.
type Transform struct {
	Transpose bool      // transpose the grid first
	Rows      [9]uint8  // result row r is source row Rows[r] (0-8)
	Cols      [9]uint8  // result column c is source column Cols[c] (0-8)
	Digits    [10]uint8 // digit d is written as Digits[d]; Digits[0] = 0
}

// Identity returns the Transform that changes nothing.
func Identity() Transform {
	return Transform{
		Rows:   [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8},
		Cols:   [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8},
		Digits: [10]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
	}
}

// Apply returns the transformed grid. Cells outside 1..9 become blank (0).
// Apply never panics; on a Transform that is not valid its result is
// unspecified.
func (t Transform) Apply(g sudoku.Grid) sudoku.Grid {
	var out sudoku.Grid
	for r := range 9 {
		src := int(t.Rows[r] % 9)
		for c := range 9 {
			col := int(t.Cols[c] % 9)
			var v uint8
			if t.Transpose {
				v = g[col*9+src]
			} else {
				v = g[src*9+col]
			}
			if v <= 9 {
				out[r*9+c] = t.Digits[v]
			}
		}
	}
	return out
}

// Inverse returns the Transform that undoes t: t.Inverse().Apply(t.Apply(g))
// is g for every grid g with cells in 0..9.
func (t Transform) Inverse() Transform {
	var rinv, cinv [9]uint8
	for i := range 9 {
		rinv[t.Rows[i]%9] = uint8(i)
		cinv[t.Cols[i]%9] = uint8(i)
	}
	var inv Transform
	for d := range 10 {
		inv.Digits[t.Digits[d]%10] = uint8(d)
	}
	inv.Transpose = t.Transpose
	if t.Transpose {
		// Undoing "transpose, then permute" is "transpose, then permute
		// with the roles of rows and columns swapped".
		inv.Rows, inv.Cols = cinv, rinv
	} else {
		inv.Rows, inv.Cols = rinv, cinv
	}
	return inv
}

// Then returns the composition "t, then u": t.Then(u).Apply(g) equals
// u.Apply(t.Apply(g)).
func (t Transform) Then(u Transform) Transform {
	var out Transform
	out.Transpose = t.Transpose != u.Transpose
	for i := range 9 {
		if u.Transpose {
			out.Rows[i] = t.Cols[u.Rows[i]%9]
			out.Cols[i] = t.Rows[u.Cols[i]%9]
		} else {
			out.Rows[i] = t.Rows[u.Rows[i]%9]
			out.Cols[i] = t.Cols[u.Cols[i]%9]
		}
	}
	for d := range 10 {
		out.Digits[d] = u.Digits[t.Digits[d]%10]
	}
	return out
}

// Validate reports why t is not a valid Transform (see Transform), or nil.
func (t Transform) Validate() error {
	if err := checkOrder("rows", "row", "band", t.Rows); err != nil {
		return err
	}
	if err := checkOrder("columns", "column", "stack", t.Cols); err != nil {
		return err
	}
	return checkDigits(t.Digits)
}

// checkOrder checks that order is a permutation of 0..8 that moves lines
// (rows or columns) only within their block (band or stack) and blocks
// only whole.
func checkOrder(what, line, block string, order [9]uint8) error {
	text := formatOrder(order)
	var seen [9]bool
	for i, v := range order {
		if v > 8 {
			return fmt.Errorf("%s %s: %s %d at position %d is not 0-8", what, text, line, v, i)
		}
		if seen[v] {
			return fmt.Errorf("%s %s: %s %d appears twice", what, text, line, v)
		}
		seen[v] = true
	}
	for b := range 3 {
		first := order[3*b]
		for i := 3*b + 1; i < 3*b+3; i++ {
			if order[i]/3 != first/3 {
				return fmt.Errorf("%s %s: %s %d moved out of its %s (positions %d-%d must hold one %s, and %s %d is in another)",
					what, text, line, order[i], block, 3*b, 3*b+2, block, line, first)
			}
		}
	}
	return nil
}

// checkDigits checks that d maps 0 to 0 and 1..9 onto 1..9.
func checkDigits(d [10]uint8) error {
	text := formatDigits(d)
	if d[0] != 0 {
		return fmt.Errorf("digits %s: a blank must stay blank", text)
	}
	var seen [10]bool
	for i := 1; i <= 9; i++ {
		v := d[i]
		if v < 1 || v > 9 {
			return fmt.Errorf("digits %s: digit %d becomes %d, want 1-9", text, i, v)
		}
		if seen[v] {
			return fmt.Errorf("digits %s: digit %d appears twice", text, v)
		}
		seen[v] = true
	}
	return nil
}

// formatOrder writes a row or column order as 9 characters.
func formatOrder(order [9]uint8) string {
	var b [9]byte
	for i, v := range order {
		b[i] = digitChar(v)
	}
	return string(b[:])
}

// formatDigits writes Digits[1..9] as 9 characters.
func formatDigits(d [10]uint8) string {
	var b [9]byte
	for i := range 9 {
		b[i] = digitChar(d[i+1])
	}
	return string(b[:])
}

// digitChar writes 0..9 as a digit and anything else as '?'.
func digitChar(v uint8) byte {
	if v > 9 {
		return '?'
	}
	return '0' + v
}

// String returns t in the spec form ParseTransform reads:
// "t,r=NNNNNNNNN,c=NNNNNNNNN,d=NNNNNNNNN", without "t," when t does not
// transpose. Identity() is "r=012345678,c=012345678,d=123456789".
func (t Transform) String() string {
	var b strings.Builder
	if t.Transpose {
		b.WriteString("t,")
	}
	b.WriteString("r=")
	b.WriteString(formatOrder(t.Rows))
	b.WriteString(",c=")
	b.WriteString(formatOrder(t.Cols))
	b.WriteString(",d=")
	b.WriteString(formatDigits(t.Digits))
	return b.String()
}

// ErrSpec is wrapped by every error of ParseTransform; it is of kind
// sudoku.ErrInvalid.
var ErrSpec = sudoku.Invalidf("bad transform spec")

// ParseTransform reads a spec: terms separated by commas, applied left to
// right (see the package documentation for the grammar), for example
// "rot90", "mirror,d=987654321" or the output of Transform.String. Errors
// name the term and what is wrong with it, and wrap ErrSpec.
func ParseTransform(spec string) (Transform, error) {
	if strings.TrimSpace(spec) == "" {
		return Transform{}, fmt.Errorf("%w: empty spec", ErrSpec)
	}
	t := Identity()
	for term := range strings.SplitSeq(spec, ",") {
		term = strings.TrimSpace(term)
		u, err := parseTerm(term)
		if err != nil {
			return Transform{}, fmt.Errorf("%w: %q: %w", ErrSpec, term, err)
		}
		t = t.Then(u)
	}
	return t, nil
}

// reversed is the order 876543210 (a valid row and column order).
var reversed = [9]uint8{8, 7, 6, 5, 4, 3, 2, 1, 0}

// parseTerm reads one term of a spec.
func parseTerm(term string) (Transform, error) {
	t := Identity()
	if key, value, ok := strings.Cut(term, "="); ok {
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.TrimSpace(value)
		switch key {
		case "r", "c":
			order, err := parseNine(value, 0, 8)
			if err != nil {
				return t, err
			}
			if key == "r" {
				t.Rows = order
				return t, checkOrder("rows", "row", "band", order)
			}
			t.Cols = order
			return t, checkOrder("columns", "column", "stack", order)
		case "d":
			nine, err := parseNine(value, 1, 9)
			if err != nil {
				return t, err
			}
			copy(t.Digits[1:], nine[:])
			return t, checkDigits(t.Digits)
		default:
			return t, fmt.Errorf("unknown key %q, want r=, c= or d=", key)
		}
	}
	switch strings.ToLower(term) {
	case "identity", "id":
	case "t", "transpose":
		t.Transpose = true
	case "rot90":
		t.Transpose, t.Cols = true, reversed
	case "rot180":
		t.Rows, t.Cols = reversed, reversed
	case "rot270":
		t.Transpose, t.Rows = true, reversed
	case "mirror":
		t.Cols = reversed
	case "flip":
		t.Rows = reversed
	case "":
		return t, errors.New("empty term")
	default:
		return t, errors.New("unknown term, want identity, transpose, rot90, rot180, rot270, mirror, flip, r=, c= or d=")
	}
	return t, nil
}

// parseNine reads exactly 9 digits, each in lo..hi.
func parseNine(s string, lo, hi uint8) ([9]uint8, error) {
	var out [9]uint8
	if len(s) != 9 {
		return out, fmt.Errorf("%q has %d characters, want 9 digits %d-%d", s, len(s), lo, hi)
	}
	for i := range 9 {
		c := s[i]
		if c < '0'+lo || c > '0'+hi {
			return out, fmt.Errorf("%q: character %d is %q, want a digit %d-%d", s, i+1, c, lo, hi)
		}
		out[i] = c - '0'
	}
	return out, nil
}

// Random returns a Transform drawn uniformly from all 3,359,232 geometric
// transformations times all 9! digit relabellings.
func Random(rng *rand.Rand) Transform {
	t := Transform{Transpose: rng.IntN(2) == 1}
	t.Rows = randomOrder(rng)
	t.Cols = randomOrder(rng)
	for i, v := range rng.Perm(9) {
		t.Digits[i+1] = uint8(v + 1)
	}
	return t
}

// randomOrder draws a uniform order of 9 lines that keeps blocks whole.
func randomOrder(rng *rand.Rand) [9]uint8 {
	var order [9]uint8
	blocks := rng.Perm(3)
	for b := range 3 {
		for i, v := range rng.Perm(3) {
			order[3*b+i] = uint8(3*blocks[b] + v)
		}
	}
	return order
}
