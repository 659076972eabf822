package techniques

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Non-consecutive's own techniques, as Sukaku Explainer 1.18.1 has them
// (it tries them after naked singles). Orthogonal neighbours never hold
// consecutive digits (1 and 9 are not consecutive).

// findNCForcingCell finds non-consecutive forcing cells (2.4): a cell
// whose two or three candidates are consecutive or one apart rules a
// digit out of all its orthogonal neighbours whatever it holds. With
// candidates a and a+1, each neighbour loses a and a+1 (one is the
// cell's digit, in its row or column; the other is next to it); with a,
// a+2 or a, a+1, a+2, each neighbour loses a+1 (next to a and to a+2,
// equal to a+1). Cells in reading order.
func findNCForcingCell(s *State, emit Emit) bool {
	if !s.Rules.HasPair(sudoku.NonConsecutive) {
		return true
	}
	t := tablesOf(s.Rules)
	for cell := 0; cell < 81; cell++ {
		c := s.Cands[cell]
		n := c.Count()
		if n != 2 && n != 3 {
			continue
		}
		first := c.First()
		last := bits.Len16(uint16(c)) - 1
		if last-first == n-1 {
			values := []int{first + 1} // a, a+1, a+2: the middle one
			if n == 2 {
				values = []int{first, last}
			}
			if !ncForcingCell(t, s, cell, values, emit) {
				return false
			}
		}
		if last-first == 2 && !ncForcingCell(t, s, cell, []int{first + 1}, emit) {
			return false
		}
	}
	return true
}

// ncForcingCell emits the forcing cell that removes values from cell's
// orthogonal neighbours, when they hold any.
func ncForcingCell(t *houseTable, s *State, cell int, values []int, emit Emit) bool {
	var elim []Candidate
	for n := range t.nc[cell].All() {
		for _, v := range values {
			if s.Cands[n].Has(v) {
				elim = append(elim, Candidate{uint8(n), uint8(v)})
			}
		}
	}
	if len(elim) == 0 {
		return true
	}
	var ds sudoku.Digits
	for _, v := range values {
		ds = ds.With(v)
	}
	why := make([]string, len(elim))
	for i := range elim {
		why[i] = nextToReason(cell)
	}
	return emit(&Step{Technique: "nc-forcing-cell", Name: "Non-Consecutive Forcing Cell", Rating: 2.4,
		Eliminations: elim, Reasons: why, Cells: []int{cell}, Digits: ds, Rules: s.Rules,
		Detail: fmt.Sprintf("Cell %s on value(s) %s", sudoku.CellName(cell), intList(values))})
}

// findLockedNC finds locked non-consecutive steps (2.5): the places of a
// digit v in a house, when every one of them is a cell or an orthogonal
// neighbour of some cells, rule v-1 and v+1 out of those cells (the one
// that holds v is v, the others are next to it). Sukaku Explainer's scan:
// digits outermost, then the windows (with windoku), columns, rows and
// boxes (or regions); a house's places count only when they are few (at
// most five in a box or window, three in a line).
func findLockedNC(s *State, emit Emit) bool {
	if !s.Rules.HasPair(sudoku.NonConsecutive) {
		return true
	}
	t := tablesOf(s.Rules)
	var pos housePositions
	t.fill(s, &pos)
	windows := t.byType[typeWindow][:min(4, len(t.byType[typeWindow]))]
	for v := 1; v <= 9; v++ {
		for _, houses := range [4][]uint8{windows, t.byType[typeColumn], t.byType[typeRow], t.byType[typeBox]} {
			for _, hh := range houses {
				h := int(hh)
				p := pos[h][v]
				most := 3
				if ty := t.typ[h]; ty == typeBox || ty == typeWindow {
					most = 5
				}
				if p == 0 || popcount16(p) > most {
					continue
				}
				if !lockedNC(t, s, h, v, t.houseCells(h, p), emit) {
					return false
				}
			}
		}
	}
	return true
}

// lockedNC emits the locked non-consecutive step of digit v on cells, the
// places of v in house h, when it eliminates anything.
func lockedNC(t *houseTable, s *State, h, v int, cells []int, emit Emit) bool {
	victims := sudoku.CellSet{}
	for i, c := range cells {
		near := t.nc[c]
		near.Add(c)
		if i == 0 {
			victims = near
		} else {
			victims = victims.Intersect(near)
		}
	}
	var values []int
	for _, w := range []int{v - 1, v + 1} {
		if w >= 1 && w <= 9 {
			values = append(values, w)
		}
	}
	var elim []Candidate
	var why []string
	for c := range victims.All() {
		for _, w := range values {
			if s.Cands[c].Has(w) {
				elim = append(elim, Candidate{uint8(c), uint8(w)})
				why = append(why, lockedNCReason(c, v, cells))
			}
		}
	}
	if len(elim) == 0 {
		return true
	}
	word := "Cells"
	if len(cells) == 1 {
		word = "Cell"
	}
	return emit(&Step{Technique: "locked-nc", Name: "Locked Non Consecutive", Rating: 2.5,
		Eliminations: elim, Reasons: why, Cells: cells, Units: []int{h}, Digits: sudoku.DigitSet(v), Rules: s.Rules,
		Detail: fmt.Sprintf("%d: %s %s on value(s) %s", v, word, cellList(cells), intList(values))})
}

// lockedNCReason says why cell c, next to every place of digit v but
// itself (places), may hold neither v-1 nor v+1: "next to r3c4 and r3c5
// (non-consecutive)", "5 itself, or next to r3c5 (non-consecutive)".
func lockedNCReason(c, v int, places []int) string {
	var others []string
	self := false
	for _, p := range places {
		if p == c {
			self = true
		} else {
			others = append(others, sudoku.CellName(p))
		}
	}
	next := ""
	if len(others) > 0 {
		next = "next to " + andList(others) + " (non-consecutive)"
	}
	switch {
	case !self:
		return next
	case next == "":
		return fmt.Sprintf("%d itself", v)
	}
	return fmt.Sprintf("%d itself, or %s", v, next)
}

// intList writes numbers with commas: "1,3".
func intList(values []int) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ",")
}
