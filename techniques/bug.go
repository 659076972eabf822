package techniques

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// A bivalue universal grave (BUG) is a candidate grid where every empty cell
// has two candidates and every digit two places in each unit: such a grid
// has no unique solution. When a few "BUG cells" hold extra candidates that
// keep the grid from being one, one of those extras must be true (types 1
// to 4, 5.6 and up). The detection follows Sudoku Explainer's, including
// where it gives up.

// bugPattern is the result of the BUG detection.
type bugPattern struct {
	cells  []int                 // BUG cells, in discovery order
	values map[int]sudoku.Digits // each BUG cell's extra digits
	all    sudoku.Digits         // union of the extra digits
	common []int                 // cells that see every BUG cell (nil when none)
}

// houseSet returns the house cells of cell as a lookup set with its order.
func houseList(cell int) []int {
	out := make([]int, 20)
	for i, c := range houseCells[cell] {
		out[i] = int(c)
	}
	return out
}

// detectBUG finds the BUG cells, or reports ok=false when the grid is not a
// BUG plus a few extra candidates.
func detectBUG(s *State) (p bugPattern, ok bool) {
	t := s.Cands
	p.values = map[int]sudoku.Digits{}
	commonSet := false
	for _, kind := range [3]int{sudoku.KindBox, sudoku.KindRow, sudoku.KindColumn} {
		for i := 0; i < 9; i++ {
			u := kind*9 + i
			for d := 1; d <= 9; d++ {
				pos := s.Positions(u, d)
				k := popcount16(pos)
				if k == 0 || k == 2 {
					continue
				}
				var many []int
				for m := pos; m != 0; m &= m - 1 {
					c := int(sudoku.Units[u][lowBit(m)])
					if s.Cands[c].Count() >= 3 {
						many = append(many, c)
					}
				}
				switch len(many) {
				case 0:
					return p, false
				case 1:
				default:
					continue
				}
				x := many[0]
				if !slices.Contains(p.cells, x) {
					p.cells = append(p.cells, x)
				}
				p.values[x] = p.values[x].With(d)
				p.all = p.all.With(d)
				t[x] = t[x].Without(d)
				if !commonSet {
					p.common, commonSet = houseList(x), true
				} else {
					p.common = slices.DeleteFunc(p.common, func(c int) bool { return !sees(c, x) })
				}
				p.common = slices.DeleteFunc(p.common, func(c int) bool { return slices.Contains(p.cells, c) })
				if len(p.cells) >= 2 && p.all.Count() >= 2 && len(p.common) == 0 {
					return p, false
				}
			}
		}
	}
	// What remains must be a BUG: two candidates everywhere, two places per
	// digit and unit.
	for c := 0; c < 81; c++ {
		if s.Values[c] == 0 && t[c].Count() != 2 {
			return p, false
		}
	}
	for u := 0; u < 27; u++ {
		for d := 1; d <= 9; d++ {
			n := 0
			for _, c := range sudoku.Units[u] {
				if t[c].Has(d) {
					n++
				}
			}
			if n != 0 && n != 2 {
				return p, false
			}
		}
	}
	return p, len(p.cells) > 0
}

// findBUG finds BUG types 1 (5.6), 2 (5.7), 3 (5.8-6.2) and 4 (5.7).
func findBUG(s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		return bugFindUnder(tablesOf(s.Rules), s, emit)
	}
	p, ok := detectBUG(s)
	if !ok {
		return true
	}
	mk := func(typ int, rating sudoku.Rating, elim []Candidate, detail string) *Step {
		return &Step{Technique: "bug", Name: fmt.Sprintf("BUG type %d", typ), Rating: rating,
			Eliminations: elim, Cells: slices.Clone(p.cells), Digits: p.all,
			Detail: fmt.Sprintf("BUG cells %s, extra %s%s", cellList(p.cells), digitList(p.all), detail)}
	}
	if len(p.cells) == 1 {
		x := p.cells[0]
		var elim []Candidate
		for _, d := range (s.Cands[x] &^ p.all).Slice() {
			elim = append(elim, Candidate{uint8(x), uint8(d)})
		}
		return emit(mk(1, 5.6, elim, ""))
	}
	if p.all.Count() == 1 {
		d := p.all.First()
		var elim []Candidate
		for _, c := range p.common {
			if s.Cands[c].Has(d) {
				elim = append(elim, Candidate{uint8(c), uint8(d)})
			}
		}
		if len(elim) > 0 && !emit(mk(2, 5.7, elim, "")) {
			return false
		}
		if len(p.cells) == 2 {
			return bugType4(s, p, mk, emit)
		}
		return true
	}
	if len(p.common) == 0 {
		return true
	}
	if len(p.cells) == 2 && !bugType4(s, p, mk, emit) {
		return false
	}
	return bugType3(s, p, mk, emit)
}

// bugType4: the two BUG cells share a unit and one more digit d; each keeps
// only its BUG digits and d.
func bugType4(s *State, p bugPattern, mk func(int, sudoku.Rating, []Candidate, string) *Step, emit Emit) bool {
	c1, c2 := p.cells[0], p.cells[1]
	shared := (s.Cands[c1] & s.Cands[c2]) &^ p.all
	if shared.Count() != 1 {
		return true
	}
	d := shared.First()
	for _, kind := range brcKinds {
		u := unitOf(c1, kind)
		if u != unitOf(c2, kind) {
			continue
		}
		var elim []Candidate
		for _, c := range []int{c1, c2} {
			for _, x := range (s.Cands[c] &^ p.values[c] &^ sudoku.DigitSet(d)).Slice() {
				elim = append(elim, Candidate{uint8(c), uint8(x)})
			}
		}
		if len(elim) > 0 && !emit(mk(4, 5.7, elim, fmt.Sprintf(", %d locked in %s", d, unitName(u)))) {
			return false
		}
	}
	return true
}

// bugType3: the BUG digits, as a pseudo-cell, form a naked subset with cells
// of a unit that sees every BUG cell.
func bugType3(s *State, p bugPattern, mk func(int, sudoku.Rating, []Candidate, string) *Step, emit Emit) bool {
	for _, kind := range brcKinds {
		u := unitOf(p.cells[0], kind)
		shared := true
		for _, c := range p.cells[1:] {
			if unitOf(c, kind) != u {
				shared = false
				break
			}
		}
		if !shared {
			continue
		}
		var region []int
		for _, c := range p.common {
			if inUnit(c, u) {
				region = append(region, c)
			}
		}
		for degree := 2; degree <= 6; degree++ {
			if len(region) < degree {
				continue
			}
			ok := combos(len(region), degree-1, func(m uint32) bool {
				var union sudoku.Digits
				for x := m; x != 0; x &= x - 1 {
					c := s.Cands[region[bits.TrailingZeros32(x)]]
					if c.Count() < 2 {
						return true
					}
					union |= c
				}
				if union.Count() != degree || p.all.Count() < 2 || (union|p.all).Count() != degree {
					return true
				}
				naked := union | p.all
				var elim []Candidate
				var set []int
				for i, c := range region {
					if m>>i&1 != 0 {
						set = append(set, c)
						continue
					}
					if slices.Contains(p.cells, c) {
						continue
					}
					for _, d := range (s.Cands[c] & naked).Slice() {
						elim = append(elim, Candidate{uint8(c), uint8(d)})
					}
				}
				if len(elim) == 0 {
					return true
				}
				return emit(mk(3, sudoku.Rating(5.7+float64(naked.Count()-1)*0.1), elim,
					fmt.Sprintf(", naked %s with %s in %s", digitList(naked), cellList(set), unitName(u))))
			})
			if !ok {
				return false
			}
		}
	}
	return true
}
