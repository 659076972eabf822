package techniques

import "math/bits"

// Emit receives each step a finder sees; it returns false to stop the search.
type Emit func(*Step) bool

// Finder looks for one family of steps in a state and passes each to emit,
// in its fixed scan order; it returns false when emit stopped it.
type Finder func(s *State, emit Emit) bool

// posFinder is a finder that reads the state's position table, which its
// caller computes (once for several of them).
type posFinder func(s *State, pos *posTable, emit Emit) bool

// withPositions makes a Finder of f, computing the position table.
func withPositions(f posFinder) Finder {
	return func(s *State, emit Emit) bool {
		var pos posTable
		fillPositions(s, &pos)
		return f(s, &pos, emit)
	}
}

// combos calls f with every k-subset of {0, ..., n-1}, as a bitmask, in
// increasing order of the mask (the order Sudoku Explainer enumerates
// combinations in); it returns false when f does. Like SE, choosing 0 items
// yields one empty subset when n >= 1, and none when n = 0.
func combos(n, k int, f func(mask uint32) bool) bool {
	if k == 0 && n >= 1 {
		return f(0)
	}
	if k <= 0 || k > n {
		return true
	}
	if n > 31 {
		panic("combos: more than 31 items do not fit a mask") // a caller's bug, never input's
	}
	limit := uint32(1) << n
	for m := uint32(1)<<k - 1; m < limit; {
		if !f(m) {
			return false
		}
		c := m & -m
		r := m + c
		m = ((r^m)>>2)/c | r
	}
	return true
}

// popcount16 counts the bits of a position mask.
func popcount16(m uint16) int { return bits.OnesCount16(m) }

// lowBit returns the index of the lowest set bit.
func lowBit(m uint16) int { return bits.TrailingZeros16(m) }

// smallUnions calls found, in Sudoku Explainer's combination order (that of
// combos), with every k-subset of masks whose union has exactly k bits:
// sub selects the members, union is their union. A branch stops as soon as
// its partial union has more than k bits, so most subsets are never built.
func smallUnions(masks []uint16, k int, found func(sub uint32, union uint16) bool) bool {
	var rec func(left, below int, sub uint32, union uint16) bool
	rec = func(left, below int, sub uint32, union uint16) bool {
		if left == 0 {
			return popcount16(union) != k || found(sub, union)
		}
		// The largest remaining member goes in the outer loop, increasing,
		// which is the order of the subsets' masks.
		for m := left - 1; m < below; m++ {
			u := union | masks[m]
			if popcount16(u) > k {
				continue
			}
			if !rec(left-1, m, sub|1<<m, u) {
				return false
			}
		}
		return true
	}
	if k <= 0 || k > len(masks) {
		return true
	}
	return rec(k, len(masks), 0, 0)
}
