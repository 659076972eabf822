package techniques

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// The BUG under other rules, as Sukaku Explainer 1.18.1 finds it: every
// house of the rules must hold each remaining candidate twice (the
// complement of a solution is then another: the argument holds for any
// houses), and pair rules can break it: with anti-knight, anti-king or
// non-consecutive, a cell of the pattern restricted as a unique loop's
// would be (see restricted) rejects it. SukE's detection has lkSudoku's
// change: when every house that breaks the pattern does so with one digit,
// the cells with extra candidates that hold it there are BUG cells too.

// bugUnder is the BUG detection under the rules of t.
type bugUnder struct {
	cells  []int
	values [81]sudoku.Digits // each BUG cell's extra digits
	all    sudoku.Digits
	common sudoku.CellSet // cells that see every BUG cell (and are none)
	some   bool           // common has been set
}

// add makes cell a BUG cell with extra digit d (d 0: none added); it
// reports false when the pattern can no longer give a step.
func (p *bugUnder) add(t *houseTable, cell, d int, tmp *[81]sudoku.Digits) bool {
	if !slices.Contains(p.cells, cell) {
		p.cells = append(p.cells, cell)
	}
	p.values[cell] = p.values[cell].With(d)
	tmp[cell] = tmp[cell].Without(d)
	if !p.some {
		p.common, p.some = t.peers[cell], true
	} else {
		p.common = p.common.Intersect(t.peers[cell])
	}
	for _, c := range p.cells {
		p.common.Remove(c)
	}
	return !(len(p.cells) > 1 && p.all.Count() > 1 && p.common.Empty())
}

// detectBUGUnder finds the BUG cells under the rules of t.
func detectBUGUnder(t *houseTable, s *State) (p bugUnder, ok bool) {
	tmp := s.Cands
	if !p.scan(t, s, &tmp) {
		return p, false
	}
	return p, isBUG(t, s, &tmp)
}

// scan visits every house and digit whose places break the pattern (not
// zero or two): the one cell among them with extra candidates, when there
// is one, is a BUG cell; with none, there is no BUG. When every breaking
// house breaks with one digit, every cell with extra candidates holding it
// there is a BUG cell too (lkSudoku's change). The BUG digits leave tmp.
// It reports false when the pattern cannot give a step.
func (p *bugUnder) scan(t *houseTable, s *State, tmp *[81]sudoku.Digits) bool {
	var extra sudoku.CellSet // the cells with extra candidates where the pattern breaks
	extraSet, oneValue, onlyValue := false, true, 0
	var pos housePositions
	t.fill(s, &pos)
	for _, ty := range t.loopTypes {
		for _, h := range t.byType[ty] {
			for d := 1; d <= 9; d++ {
				if k := popcount16(pos[h][d]); k == 0 || k == 2 {
					continue
				}
				var many []int
				for _, c := range t.houseCells(int(h), pos[h][d]) {
					if s.Cands[c].Count() >= 3 {
						many = append(many, c)
					}
				}
				switch {
				case !extraSet:
					extraSet, onlyValue = true, d
					extra = extra.Union(cellSetOf(many))
				case oneValue && onlyValue == d:
					extra = extra.Union(cellSetOf(many))
				default:
					oneValue = false
				}
				switch len(many) {
				case 0:
					return false
				case 1:
					p.all = p.all.With(d)
					if !p.add(t, many[0], d, tmp) {
						return false
					}
				}
			}
		}
	}
	if !oneValue || !extraSet || extra.Count() <= len(p.cells) {
		return true
	}
	extra = extra.Minus(cellSetOf(p.cells))
	for c := range extra.All() {
		if !p.add(t, c, onlyValue, tmp) {
			return false
		}
	}
	return true
}

// isBUG reports whether tmp, the candidates less the BUG digits, is a BUG:
// two candidates in every empty cell, each candidate twice in every house,
// and (with pair rules) no cell whose partners could break the swap.
func isBUG(t *houseTable, s *State, tmp *[81]sudoku.Digits) bool {
	for c := range 81 {
		if s.Values[c] == 0 && tmp[c].Count() != 2 {
			return false
		}
	}
	for h := range t.n {
		var once, twice, more sudoku.Digits
		for _, c := range t.cells[h] {
			x := tmp[c]
			more |= twice & x
			twice |= once & x
			once |= x
		}
		if more != 0 || once&^twice != 0 {
			return false
		}
	}
	if t.hasAnti || t.hasNC {
		for c := range 81 {
			if s.Values[c] == 0 {
				ds := tmp[c].Slice()
				if restricted(t, s, []int{c}, ds[0], ds[1]) {
					return false
				}
			}
		}
	}
	return true
}

// cellSetOf returns the set of the cells.
func cellSetOf(cells []int) sudoku.CellSet { return sudoku.CellSetOf(cells...) }

// bugFindUnder is findBUG under other rules.
func bugFindUnder(t *houseTable, s *State, emit Emit) bool {
	p, ok := detectBUGUnder(t, s)
	if !ok || len(p.cells) == 0 {
		return true
	}
	mk := func(typ int, rating sudoku.Rating, elim []Candidate, detail string) *Step {
		return &Step{Technique: "bug", Name: fmt.Sprintf("BUG type %d", typ), Rating: rating,
			Eliminations: elim, Cells: slices.Clone(p.cells), Digits: p.all, Rules: s.Rules,
			Detail: fmt.Sprintf("BUG cells %s, extra %s%s", cellList(p.cells), digitList(p.all), detail)}
	}
	switch {
	case len(p.cells) == 1:
		x := p.cells[0]
		var elim []Candidate
		for _, d := range (s.Cands[x] &^ p.all).Slice() {
			elim = append(elim, Candidate{uint8(x), uint8(d)})
		}
		return emit(mk(1, 5.6, elim, ""))
	case p.all.Count() == 1:
		d := p.all.First()
		var elim []Candidate
		if p.some {
			for c := range p.common.All() {
				if s.Cands[c].Has(d) {
					elim = append(elim, Candidate{uint8(c), uint8(d)})
				}
			}
		}
		if len(elim) > 0 {
			st := mk(2, 5.7, elim, "")
			seeReasons(st, func(int) []int { return p.cells }) // every BUG cell holds d
			if !emit(st) {
				return false
			}
		}
		if len(p.cells) == 2 {
			return bugType4Under(t, s, &p, mk, emit)
		}
	case p.some && !p.common.Empty():
		if len(p.cells) == 2 && !bugType4Under(t, s, &p, mk, emit) {
			return false
		}
		return bugType3Under(t, s, &p, mk, emit)
	}
	return true
}

// sharedHouse returns the house of a type that holds all the cells, or -1.
func (t *houseTable) sharedHouse(ty uint8, cells []int) int {
	h := t.typeHouse[cells[0]][ty]
	for _, c := range cells[1:] {
		if t.typeHouse[c][ty] != h {
			return -1
		}
	}
	return int(h)
}

// bugType4Under: the two BUG cells share a house and one more digit d;
// each keeps only its BUG digits and d.
func bugType4Under(t *houseTable, s *State, p *bugUnder, mk func(int, sudoku.Rating, []Candidate, string) *Step, emit Emit) bool {
	c1, c2 := p.cells[0], p.cells[1]
	shared := (s.Cands[c1] & s.Cands[c2]) &^ p.all
	if shared.Count() != 1 {
		return true
	}
	d := shared.First()
	for _, ty := range t.loopTypes {
		h := t.sharedHouse(ty, p.cells)
		if h < 0 {
			continue
		}
		var elim []Candidate
		for _, c := range []int{c1, c2} {
			for x := uint16(s.Cands[c] &^ p.values[c] &^ sudoku.DigitSet(d)); x != 0; x &= x - 1 {
				elim = append(elim, Candidate{uint8(c), uint8(bits.TrailingZeros16(x))})
			}
		}
		if !emit(mk(4, 5.7, elim, fmt.Sprintf(", %d locked in %s", d, t.name(h)))) {
			return false
		}
	}
	return true
}

// bugType3Under: the BUG digits, as a pseudo-cell, form a naked subset of
// 2 to 6 digits (smallest first) with cells of a house that holds every
// BUG cell, taken among the cells that see them all.
func bugType3Under(t *houseTable, s *State, p *bugUnder, mk func(int, sudoku.Rating, []Candidate, string) *Step, emit Emit) bool {
	for degree := 2; degree <= 6; degree++ {
		for _, ty := range t.loopTypes {
			h := t.sharedHouse(ty, p.cells)
			if h < 0 {
				continue
			}
			region := cellsOf(p.common.Intersect(t.set[h]))
			if len(region) < degree {
				continue
			}
			ok := combos(len(region), degree-1, func(m uint32) bool {
				var union sudoku.Digits
				var set []int
				for x := m; x != 0; x &= x - 1 {
					c := region[bits.TrailingZeros32(x)]
					if s.Cands[c].Count() < 2 {
						return true
					}
					union |= s.Cands[c]
					set = append(set, int(c))
				}
				if union.Count() != degree || p.all.Count() < 2 || (union|p.all).Count() != degree {
					return true
				}
				naked := union | p.all
				elim := bugType3Eliminations(t, s, p, h, set, region, naked)
				if len(elim) == 0 {
					return true
				}
				return emit(mk(3, sudoku.Rating(5.7+float64(naked.Count()-1)*0.1), elim,
					fmt.Sprintf(", naked %s with %s in %s", digitList(naked), cellList(set), t.name(h))))
			})
			if !ok {
				return false
			}
		}
	}
	return true
}

// bugType3Eliminations are the eliminations of a BUG type 3 naked subset
// of digits on set and the BUG cells, in house h (region: its cells that
// see every BUG cell): the digits leave the region's other cells; with
// variant houses or knight's or king's moves, each digit leaves every
// cell that sees all of the subset's cells and BUG cells holding it.
func bugType3Eliminations(t *houseTable, s *State, p *bugUnder, h int, set []int, region []uint8, digits sudoku.Digits) []Candidate {
	var elim []Candidate
	if t.plainHouses() {
		for _, c := range region {
			if slices.Contains(set, int(c)) || slices.Contains(p.cells, int(c)) {
				continue
			}
			for x := uint16(s.Cands[c] & digits); x != 0; x &= x - 1 {
				elim = append(elim, Candidate{c, uint8(bits.TrailingZeros16(x))})
			}
		}
		return elim
	}
	var by [81]sudoku.Digits
	for x := uint16(digits); x != 0; x &= x - 1 {
		d := bits.TrailingZeros16(x)
		see := sudoku.CellSet{^uint64(0), 1<<17 - 1}
		for _, c := range append(slices.Clone(set), p.cells...) {
			if s.Cands[c].Has(d) {
				see = see.Intersect(t.peers[c])
			}
		}
		for c := range see.All() {
			if s.Cands[c].Has(d) {
				by[c] = by[c].With(d)
			}
		}
	}
	for c := range 81 {
		for x := uint16(by[c]); x != 0; x &= x - 1 {
			elim = append(elim, Candidate{uint8(c), uint8(bits.TrailingZeros16(x))})
		}
	}
	return elim
}
