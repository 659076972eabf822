package sudoku

import (
	"math/bits"
	"strings"
)

// Digits is a set of the digits 1..9, bit d standing for digit d (bit 0 is
// unused). It is the candidate mask of a cell.
type Digits uint16

// AllDigits is the set {1,...,9}.
const AllDigits Digits = 0x3FE

// DigitSet returns the set holding the given digits.
func DigitSet(ds ...int) Digits {
	var s Digits
	for _, d := range ds {
		s |= 1 << d
	}
	return s
}

// Has reports whether d is in the set.
func (s Digits) Has(d int) bool { return s&(1<<d) != 0 }

// With returns the set with d added.
func (s Digits) With(d int) Digits { return s | 1<<d }

// Without returns the set with d removed.
func (s Digits) Without(d int) Digits { return s &^ (1 << d) }

// Count returns the number of digits in the set.
func (s Digits) Count() int { return bits.OnesCount16(uint16(s)) }

// Single returns the set's only digit, or 0 when the set holds zero or
// several digits.
func (s Digits) Single() int {
	if s == 0 || s&(s-1) != 0 {
		return 0
	}
	return bits.TrailingZeros16(uint16(s))
}

// First returns the smallest digit in the set, or 0 for the empty set.
func (s Digits) First() int {
	if s == 0 {
		return 0
	}
	return bits.TrailingZeros16(uint16(s))
}

// Slice returns the digits in increasing order.
func (s Digits) Slice() []int {
	out := make([]int, 0, s.Count())
	for ; s != 0; s &= s - 1 {
		out = append(out, bits.TrailingZeros16(uint16(s)))
	}
	return out
}

// String returns the digits in increasing order without separators, such as
// "1249"; the empty set is "-".
func (s Digits) String() string {
	if s == 0 {
		return "-"
	}
	var b strings.Builder
	for ; s != 0; s &= s - 1 {
		b.WriteByte(byte('0' + bits.TrailingZeros16(uint16(s))))
	}
	return b.String()
}
