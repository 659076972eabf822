package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// Inside chains, the basic rules (nestedRules) run on every working grid
// where the links run out, and their hints count only where they owe
// something to the chain: where they have rule parents (see ruleParents).
// Most working grids have none for most rules. owedBasic finds, for each
// rule, whether it has one, on the rule's own scan (the same units, digits
// and cells) but without building a step: a rule it rules out would find
// only hints that advanced drops, so it need not run.

// owedBasic reports, for each rule of nestedRules in order (locked
// candidates, hidden pairs, naked pairs, X-wings), whether it may find a
// hint with rule parents on the working grid g.cur (reference g.ref,
// values as in values; classic grids only). A false is proved: every hint
// of that rule there has no rule parents. A true only says the rule must
// run. Every rule's rule parents are places or candidates the chain
// removed in the hint's own units or cells, so only those are looked at.
func (g *chainGrid) owedBasic(values *[81]uint8) (owed [4]bool) {
	// changed[d] has bit u where unit u lost a place of d.
	var changed [10]uint32
	for u := 0; u < 27; u++ {
		for d := 1; d <= 9; d++ {
			if g.curPos[u][d] != g.refPos[u][d] {
				changed[d] |= 1 << u
			}
		}
	}
	for d := 1; d <= 9; d++ {
		for x := changed[d]; x != 0; x &= x - 1 {
			u := bits.TrailingZeros32(x)
			switch popcount16(g.curPos[u][d]) {
			case 2:
				owed[0] = owed[0] || g.owedLocked(u, d)
				owed[1] = owed[1] || g.owedHiddenPair(values, u, d)
				owed[3] = owed[3] || u < 18 && g.owedXWing(u, d)
			case 3:
				owed[0] = owed[0] || g.owedLocked(u, d)
			}
		}
	}
	owed[2] = g.owedNakedPair(values)
	return owed
}

// owedLocked: a pointing or claiming of d from unit r1 to r2 (lockedWith:
// d has two or three places in r1, all in r2) eliminates d from r2 outside
// r1, and its rule parents are r1's places of d outside r2 that the chain
// removed.
func (g *chainGrid) owedLocked(r1, d int) bool {
	ref, cur := &g.refPos, &g.curPos
	for _, kind := range [3]int{sudoku.KindRow, sudoku.KindColumn, sudoku.KindBox} {
		for _, r2 := range crossing[r1][kind] {
			m := shared[r1][r2]
			if cur[r1][d]&^m == 0 && (ref[r1][d]&^cur[r1][d])&^m != 0 && cur[r2][d]&^shared[r2][r1] != 0 {
				return true
			}
		}
	}
	return false
}

// emptyCells counts the cells of unit u without a value.
func emptyCells(values *[81]uint8, u int) int {
	n := 0
	for _, c := range sudoku.Units[u] {
		if values[c] == 0 {
			n++
		}
	}
	return n
}

// owedHiddenPair: a hidden pair of unit u (hiddenWith(2, false): units
// with more than four empty cells; two digits with the same two places)
// eliminates the other candidates of its two cells, and its rule parents
// are the places of its digits in u, outside the two cells, that the chain
// removed: d, which lost a place in u, must be one of its digits.
func (g *chainGrid) owedHiddenPair(values *[81]uint8, u, d int) bool {
	cells := g.curPos[u][d]
	var pair sudoku.Digits
	for d2 := 1; d2 <= 9; d2++ {
		if d2 != d && g.curPos[u][d2] == cells {
			pair = sudoku.DigitSet(d, d2)
			a, b := sudoku.Units[u][lowBit(cells)], sudoku.Units[u][lowBit(cells&(cells-1))]
			if (g.cur[a]|g.cur[b])&^pair != 0 && emptyCells(values, u) > 4 {
				return true
			}
		}
	}
	return false
}

// owedNakedPair: a naked pair of unit u (findNaked(2, false): units with
// four empty cells or more; two cells with the same two candidates)
// eliminates its digits from u's other cells, and its rule parents are the
// candidates its two cells lost to the chain.
func (g *chainGrid) owedNakedPair(values *[81]uint8) bool {
	for a := 0; a < 81; a++ {
		pair := g.cur[a]
		if pair.Count() != 2 || g.ref[a] == pair {
			continue
		}
		for _, u := range sudoku.CellUnits[a] {
			cells := &sudoku.Units[u]
			for _, b := range cells {
				if int(b) == a || g.cur[b] != pair {
					continue
				}
				for _, c := range cells {
					if int(c) != a && c != b && g.cur[c]&pair != 0 && emptyCells(values, int(u)) >= 4 {
						return true
					}
				}
			}
		}
	}
	return false
}

// owedXWing: an X-wing of d on two base lines (fishWith(2): columns, then
// rows), each with d in the same two places, eliminates d from the two
// cover lines outside the bases, and its rule parents are the bases'
// places of d outside the covers that the chain removed: line u, which
// lost a place of d, must be one of its bases.
func (g *chainGrid) owedXWing(u, d int) bool {
	cur := &g.curPos
	m := cur[u][d]
	base := u / 9 * 9
	cover := 9 - base
	for v := base; v < base+9; v++ {
		if v == u || cur[v][d] != m {
			continue
		}
		bases := uint16(1)<<(u-base) | uint16(1)<<(v-base)
		for y := m; y != 0; y &= y - 1 {
			if cur[cover+lowBit(y)][d]&^bases != 0 {
				return true
			}
		}
	}
	return false
}
