package canon

import (
	"iter"

	"github.com/sudokit/sudokit/sudoku"
)

// This file holds independent, deliberately plain searches that the tests
// compare Minlex with. They share no code with minlex.go.

// blockOrders lists the 1,296 orders of 9 lines that keep blocks (bands or
// stacks) whole: 3! block orders times 3! line orders in each block.
var blockOrders = func() [][9]int {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out [][9]int
	for _, blocks := range perms {
		for _, p0 := range perms {
			for _, p1 := range perms {
				for _, p2 := range perms {
					within := [3][3]int{p0, p1, p2}
					var order [9]int
					for b := range 3 {
						for i := range 3 {
							order[3*b+i] = 3*blocks[b] + within[b][i]
						}
					}
					out = append(out, order)
				}
			}
		}
	}
	return out
}()

// columnArrangements yields g, then its transpose, each with its columns in
// every block-keeping order: 2 x 1,296 grids, whose row orders the searches
// then walk.
func columnArrangements(g sudoku.Grid) iter.Seq[[81]uint8] {
	return func(yield func([81]uint8) bool) {
		for transpose := range 2 {
			var h [81]uint8
			for r := range 9 {
				for c := range 9 {
					if transpose == 1 {
						h[r*9+c] = g[c*9+r]
					} else {
						h[r*9+c] = g[r*9+c]
					}
				}
			}
			for _, cols := range blockOrders {
				var hc [81]uint8
				for r := range 9 {
					for c := range 9 {
						hc[r*9+c] = h[r*9+cols[c]]
					}
				}
				if !yield(hc) {
					return
				}
			}
		}
	}
}

// bruteMinlex returns the smallest string over every transpose x column
// order x row order, the digits relabelled in order of first appearance.
// It walks the column orders in full, and for each one the row orders row
// by row, abandoning a row order only once its prefix is already larger
// than the best string found (relabelling depends only on the prefix, so
// nothing smaller can follow).
func bruteMinlex(g sudoku.Grid) [81]uint8 {
	best := [81]uint8{}
	for i := range best {
		best[i] = 10
	}
	for hc := range columnArrangements(g) {
		var cur [81]uint8
		var labels [10]uint8
		var usedRows [9]bool
		bruteRows(&hc, 0, -1, &cur, labels, 1, &usedRows, &best)
	}
	return best
}

// bruteRows chooses result row k among the rows allowed (any row of an
// unused band at a band start, else an unused row of the current band),
// abandoning a choice when cur[:9k+9] is larger than best[:9k+9].
func bruteRows(h *[81]uint8, k, band int, cur *[81]uint8, labels [10]uint8, next uint8, used *[9]bool, best *[81]uint8) {
	if k == 9 {
		if compareRows(cur[:], best[:]) < 0 {
			*best = *cur
		}
		return
	}
	for r := range 9 {
		if !rowAllowed(used, k, band, r) {
			continue
		}
		lab, nx := labels, next
		for c := range 9 {
			d := h[r*9+c]
			if d != 0 && lab[d] == 0 {
				lab[d] = nx
				nx++
			}
			cur[k*9+c] = lab[d]
		}
		if compareRows(cur[:k*9+9], best[:k*9+9]) > 0 {
			continue
		}
		used[r] = true
		bruteRows(h, k+1, r/3, cur, lab, nx, used, best)
		used[r] = false
	}
}

// rowAllowed reports whether source row r may be result row k: unused, and
// in the current band, or at a band start in a band with no row used yet.
func rowAllowed(used *[9]bool, k, band, r int) bool {
	if used[r] {
		return false
	}
	if k%3 != 0 {
		return r/3 == band
	}
	return !used[r/3*3] && !used[r/3*3+1] && !used[r/3*3+2]
}

func compareRows(a, b []uint8) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// patternFirstForm returns the "pattern-first" form that some fast tools
// compute: the smallest clue pattern (0 blank, 1 clue) first, then the
// smallest relabelled string on that pattern. It is not what Minlex
// computes; the tests use it to show the two differ. The search is the
// one of bruteMinlex, abandoning a row order once its pattern prefix is
// larger than the best pattern.
func patternFirstForm(g sudoku.Grid) [81]uint8 {
	var best pfBest
	for i := range 81 {
		best.pat[i], best.s[i] = 2, 10
	}
	for hc := range columnArrangements(g) {
		var cur pfBest
		var labels [10]uint8
		var usedRows [9]bool
		patRows(&hc, 0, -1, &cur, labels, 1, &usedRows, &best)
	}
	return best.s
}

// pfBest is a pattern and its string.
type pfBest struct{ pat, s [81]uint8 }

// patRows is bruteRows for patternFirstForm.
func patRows(h *[81]uint8, k, band int, cur *pfBest, labels [10]uint8, next uint8, used *[9]bool, best *pfBest) {
	if k == 9 {
		cmp := compareRows(cur.pat[:], best.pat[:])
		if cmp < 0 || cmp == 0 && compareRows(cur.s[:], best.s[:]) < 0 {
			*best = *cur
		}
		return
	}
	for r := range 9 {
		if !rowAllowed(used, k, band, r) {
			continue
		}
		lab, nx := labels, next
		for c := range 9 {
			d := h[r*9+c]
			if d != 0 && lab[d] == 0 {
				lab[d] = nx
				nx++
			}
			cur.s[k*9+c] = lab[d]
			cur.pat[k*9+c] = min(d, 1)
		}
		if compareRows(cur.pat[:k*9+9], best.pat[:k*9+9]) > 0 {
			continue
		}
		used[r] = true
		patRows(h, k+1, r/3, cur, lab, nx, used, best)
		used[r] = false
	}
}
