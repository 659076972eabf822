package techniques

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// lockPasses are the (R1, R2) unit kinds of the locked-candidates scan, in
// Sudoku Explainer's order: a digit confined, within R1, to the cells R1
// shares with R2. Box-to-line (pointing) comes first.
var lockPasses = [4][2]int{
	{sudoku.KindBox, sudoku.KindColumn},
	{sudoku.KindBox, sudoku.KindRow},
	{sudoku.KindColumn, sudoku.KindBox},
	{sudoku.KindRow, sudoku.KindBox},
}

// shared[a][b] is the position mask, within unit a, of the cells a shares
// with unit b (0 when they do not cross).
var shared [27][27]uint16

// crossing[a][kind] lists the three units of a kind that cross unit a (a box
// and a line), in increasing order.
var crossing [27][3][]int

func init() {
	defer func() {
		for a := 0; a < 27; a++ {
			for b := 0; b < 27; b++ {
				if shared[a][b] != 0 {
					crossing[a][sudoku.UnitKind(b)] = append(crossing[a][sudoku.UnitKind(b)], b)
				}
			}
		}
	}()
	for a := 0; a < 27; a++ {
		for i, c := range sudoku.Units[a] {
			for _, b := range sudoku.CellUnits[c] {
				if int(b) != a {
					shared[a][b] |= 1 << i
				}
			}
		}
	}
}

// inUnit reports whether cell lies in unit u.
func inUnit(cell, u int) bool {
	k := sudoku.CellUnits[cell]
	return int(k[0]) == u || int(k[1]) == u || int(k[2]) == u
}

// lockedCandidates runs the pointing/claiming scan and calls found for each
// digit d confined within r1 to its intersection with r2; it returns false
// when found does.
func lockedCandidates(pos *posTable, found func(r1, r2, d int) bool) bool {
	for _, pass := range lockPasses {
		for i := 0; i < 9; i++ {
			r1 := pass[0]*9 + i
			// Only a digit with two or three places can lie within an
			// intersection (three cells).
			var few uint16
			for d := 1; d <= 9; d++ {
				if n := popcount16(pos[r1][d]); n == 2 || n == 3 {
					few |= 1 << d
				}
			}
			if few == 0 {
				continue
			}
			for _, r2 := range crossing[r1][pass[1]] {
				m := shared[r1][r2]
				for x := few; x != 0; x &= x - 1 {
					d := bits.TrailingZeros16(x)
					if pos[r1][d]&^m == 0 && !found(r1, r2, d) {
						return false
					}
				}
			}
		}
	}
	return true
}

// lockName returns the technique key and name for a lock from r1 to r2.
func lockName(r1 int, direct bool) (key, name string, rating sudoku.Rating) {
	box := sudoku.UnitKind(r1) == sudoku.KindBox
	switch {
	case box && direct:
		return "direct-pointing", "Direct Pointing", 1.7
	case direct:
		return "direct-claiming", "Direct Claiming", 1.9
	case box:
		return "pointing", "Pointing", 2.6
	default:
		return "claiming", "Claiming", 2.8
	}
}

// findLocked finds pointing (2.6: a digit of a box confined to one line) and
// claiming (2.8: a digit of a line confined to one box), which remove the
// digit from the rest of the other unit.
func findLocked(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return lockedUnder(tablesOf(s.Rules), s, false, emit)
	}
	return withPositions(lockedWith)(s, emit)
}

// lockedWith is findLocked on s's position table pos.
func lockedWith(s *State, pos *posTable, emit Emit) bool {
	return lockedCandidates(pos, func(r1, r2, d int) bool {
		out := pos[r2][d] &^ shared[r2][r1]
		if out == 0 {
			return true
		}
		var elim []Candidate
		for _, c := range unitCells(r2, out) {
			elim = append(elim, Candidate{uint8(c), uint8(d)})
		}
		key, name, rating := lockName(r1, false)
		cells := unitCells(r1, pos[r1][d])
		return emit(&Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
			Cells: cells, Units: []int{r1, r2}, Digits: sudoku.DigitSet(d),
			Detail: fmt.Sprintf("%d of %s only in %s", d, unitName(r1), unitName(r2))})
	})
}

// findDirectLocked finds direct pointing (1.7) and direct claiming (1.9): a
// locked candidate whose elimination would leave a hidden single in a
// parallel unit. Like Sudoku Explainer it only places that single; the
// locked eliminations themselves are not applied.
func findDirectLocked(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return lockedUnder(tablesOf(s.Rules), s, true, emit)
	}
	var pos posTable
	fillPositions(s, &pos)
	return lockedCandidates(&pos, func(r1, r2, d int) bool {
		kind := sudoku.UnitKind(r1)
		for i := 0; i < 9; i++ {
			r3 := kind*9 + i
			if r3 == r1 || shared[r3][r2] == 0 {
				continue
			}
			p := pos[r3][d]
			out := p &^ shared[r3][r2]
			if popcount16(p) < 2 || popcount16(out) != 1 {
				continue
			}
			outside := int(sudoku.Units[r3][lowBit(out)])
			key, name, rating := lockName(r1, true)
			return emit(&Step{Technique: key, Name: name, Rating: rating,
				Placements: []Candidate{{uint8(outside), uint8(d)}},
				Cells:      unitCells(r1, pos[r1][d]), Units: []int{r1, r2, r3}, Digits: sudoku.DigitSet(d),
				Detail: fmt.Sprintf("%d of %s only in %s, so %s has %d only at %s",
					d, unitName(r1), unitName(r2), unitName(r3), d, sudoku.CellName(outside))})
		}
		return true
	})
}

// lockedUnder finds pointing and claiming (direct when direct is set)
// under other rules, as Sukaku Explainer does: between boxes (or a
// jigsaw's regions) and lines, and between disjoint groups or windows and
// lines, boxes and each other, never with the other variants' houses. Its
// passes are t.lockPasses, each with the digits outermost, then the
// houses of the first type, then those of the second that cross them. A
// lock into a row or column is a pointing (2.6), any other a claiming
// (2.8); a direct one from a box or region is a direct pointing (1.7),
// from any other house a direct claiming (1.9).
func lockedUnder(t *houseTable, s *State, direct bool, emit Emit) bool {
	var pos housePositions
	t.fill(s, &pos)
	for _, pass := range t.lockPasses {
		for d := 1; d <= 9; d++ {
			for _, h1 := range t.byType[pass[0]] {
				p := pos[h1][d]
				if popcount16(p) < 2 {
					continue
				}
				in := t.houseSet(int(h1), p)
				for _, h2 := range t.byType[pass[1]] {
					if t.set[h1].Intersect(t.set[h2]).Empty() || !in.Minus(t.set[h2]).Empty() {
						continue
					}
					var ok bool
					if direct {
						ok = directLockUnder(t, s, &pos, pass, int(h1), int(h2), d, emit)
					} else {
						ok = lockUnder(t, s, int(h1), int(h2), d, emit)
					}
					if !ok {
						return false
					}
				}
			}
		}
	}
	return true
}

// lockUnder emits the lock of digit d of house h1 into house h2, when it
// eliminates something.
func lockUnder(t *houseTable, s *State, h1, h2, d int, emit Emit) bool {
	var elim []Candidate
	var cells []int
	for _, c := range t.cells[h2] {
		if !s.Cands[c].Has(d) {
			continue
		}
		if t.set[h1].Has(int(c)) {
			cells = append(cells, int(c))
		} else {
			elim = append(elim, Candidate{c, uint8(d)})
		}
	}
	if len(elim) == 0 {
		return true
	}
	key, name, rating := "claiming", "Claiming", sudoku.Rating(2.8)
	if ty := t.typ[h2]; ty == typeRow || ty == typeColumn {
		key, name, rating = "pointing", "Pointing", 2.6
	}
	return emit(&Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
		Cells: cells, Units: []int{h1, h2}, Digits: sudoku.DigitSet(d), Rules: s.Rules,
		Detail: fmt.Sprintf("%d of %s only in %s", d, t.name(h1), t.name(h2))})
}

// directLockUnder emits the direct locks of digit d of house h1 into h2:
// another house of h1's type that crosses h2 and keeps, without the cells
// of h2, one place for d, which it takes.
func directLockUnder(t *houseTable, s *State, pos *housePositions, pass [2]uint8, h1, h2, d int, emit Emit) bool {
	key, name, rating := "direct-claiming", "Direct Claiming", sudoku.Rating(1.9)
	if t.typ[h1] == typeBox {
		key, name, rating = "direct-pointing", "Direct Pointing", 1.7
	}
	for _, h3 := range t.byType[pass[0]] {
		if int(h3) == h1 || t.set[h3].Intersect(t.set[h2]).Empty() || popcount16(pos[h3][d]) < 2 {
			continue
		}
		outside := -1
		for m := pos[h3][d]; m != 0; m &= m - 1 {
			if c := int(t.cells[h3][bits.TrailingZeros16(m)]); !t.set[h2].Has(c) {
				if outside >= 0 {
					outside = -2
					break
				}
				outside = c
			}
		}
		if outside < 0 {
			continue
		}
		if !emit(&Step{Technique: key, Name: name, Rating: rating,
			Placements: []Candidate{{uint8(outside), uint8(d)}},
			Cells:      t.houseCells(h1, pos[h1][d]), Units: []int{h1, h2, int(h3)}, Digits: sudoku.DigitSet(d), Rules: s.Rules,
			Detail: fmt.Sprintf("%d of %s only in %s, so %s has %d only at %s",
				d, t.name(h1), t.name(h2), t.name(int(h3)), d, sudoku.CellName(outside))}) {
			return false
		}
	}
	return true
}
