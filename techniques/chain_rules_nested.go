package techniques

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// The rules run inside chains (dynamic forcing chains (+) and the nested
// ones) under rules that are not classic. Non-consecutive alone keeps SE's
// (SukE's "latin" grids); grids with extra houses, anti-knight or
// anti-king (and jigsaws) take SukE's: generalized intersections, hidden
// pairs in every house, generalized naked pairs, X-wings. The first rule
// that finds something owing to the chain (its rule parents: candidates
// of the reference grid the working grid lost, without which the rule
// would not apply) gives the eliminations.

// basicAdvancedRules is basicAdvanced under rules that are not classic.
func (c *chainer) basicAdvancedRules() []advFound {
	t := c.g.rt
	// SE's rules see rows, columns and boxes alone: they read the
	// working grid as a classic one (the first 27 houses' positions are
	// a classic position table).
	classic := &State{Values: c.s.Values, Cands: c.g.cur}
	pos := c.g.classicPos()
	if t.latin {
		return c.basicAdvanced(classic, pos)
	}
	var cands digitBoards
	for cell := 0; cell < 81; cell++ {
		for x := uint16(c.g.cur[cell]); x != 0; x &= x - 1 {
			cands[bits.TrailingZeros16(x)-1].add(cell)
		}
	}
	if out := c.nestedLocking(&cands); len(out) > 0 {
		return out
	}
	if out := c.nestedHiddenPairs(); len(out) > 0 {
		return out
	}
	if out := c.nestedNakedPairs(&cands); len(out) > 0 {
		return out
	}
	return c.advancedOf(fishWith(2), classic, pos, nil)
}

// advancedOf runs one of SE's rules on the working grid work (whose
// position table is pos) and appends to out the eliminations of its hints
// that owe something to the chain.
func (c *chainer) advancedOf(rule posFinder, work *State, pos *posTable, out []advFound) []advFound {
	rule(work, pos, func(h *Step) bool {
		parents := c.ruleParents(h)
		if len(parents) == 0 {
			return true // the hint stands without the chain
		}
		ref := &nestRef{name: h.Name, step: h}
		for _, e := range c.g.rt.eliminationOrder(h) {
			out = append(out, advFound{e, parents, ref})
		}
		return true
	})
	return out
}

// sukeSubsetHouses lists the houses in the order SukE's hidden and naked
// sets visit them: boxes (or regions), columns, rows, then the extra
// houses by type.
func (t *chainRules) sukeSubsetHouses(yield func(h int) bool) {
	for _, typ := range [...]int{0, 2, 1, 3, 4, 5, 6, 7, 8, 9} {
		for _, h := range t.byType[typ] {
			if !yield(int(h)) {
				return
			}
		}
	}
}

// emptyCells counts the cells of house h without a digit.
func (c *chainer) emptyCells(h int) int {
	n := 0
	for _, cell := range c.g.rt.cells[h] {
		if c.s.Values[cell] == 0 {
			n++
		}
	}
	return n
}

// lockedName names a generalized intersection's nested step as the
// registry does: pointing from a box, a region or an extra house,
// claiming from a row or column.
func lockedName(h sudoku.House) (key, name string) {
	if h.Kind == sudoku.HouseRow || h.Kind == sudoku.HouseColumn {
		return "claiming", "Claiming"
	}
	return "pointing", "Pointing"
}

// nestedLocking is SukE's generalized intersections: a digit with 2 to 6
// places in a house is ruled out of every cell that sees them all. Houses
// by type, then digits, then houses of the type in order. Rule parents:
// the house's places of the digit that the chain removed.
func (c *chainer) nestedLocking(cands *digitBoards) []advFound {
	t := c.g.rt
	var out []advFound
	for typ := range t.byType {
		for v := 1; v <= 9; v++ {
			for _, hb := range t.byType[typ] {
				h := int(hb)
				pos := c.g.hCur[h][v]
				if n := popcount16(pos); n < 2 || n > 6 {
					continue
				}
				victims := cellBoard{^uint64(0), ^uint64(0)}
				for p := pos; p != 0; p &= p - 1 {
					q := &t.peers[t.cells[h][lowBit(p)]]
					victims[0] &= q[0]
					victims[1] &= q[1]
				}
				elim := cellBoard{victims[0] & cands[v-1][0], victims[1] & cands[v-1][1]}
				if elim.empty() {
					continue
				}
				var parents []int
				for i, cell := range t.cells[h] {
					if pos>>i&1 == 0 && c.g.ref[cell].Has(v) {
						parents = append(parents, candID(int(cell), v))
					}
				}
				if len(parents) == 0 {
					continue
				}
				house := t.rules.House(h)
				key, name := lockedName(house)
				st := &Step{Technique: key, Name: name, Rating: 2.6, Digits: sudoku.DigitSet(v)}
				for p := pos; p != 0; p &= p - 1 {
					st.Cells = append(st.Cells, int(t.cells[h][lowBit(p)]))
				}
				for e := range (sudoku.CellSet{elim[0], elim[1]}).All() {
					st.Eliminations = append(st.Eliminations, Candidate{uint8(e), uint8(v)})
				}
				st.Detail = fmt.Sprintf("%d of %s only in %s, which %s see", v, house.Name(), cellList(st.Cells),
					cellList(candidateCells(st.Eliminations)))
				ref := &nestRef{name: name, step: st}
				for _, e := range javaHashOrder(st.Eliminations) {
					out = append(out, advFound{e, parents, ref})
				}
			}
		}
	}
	return out
}

// candidateCells lists the cells of candidates.
func candidateCells(cands []Candidate) []int {
	out := make([]int, len(cands))
	for i, e := range cands {
		out[i] = int(e.Cell)
	}
	return out
}

// nestedHiddenPairs is SE's hidden pairs in every house (SukE's order of
// houses): two digits confined to two cells of a house, which lose their
// other candidates. Rule parents: the two digits in the house's other
// cells, as the reference grid has them.
func (c *chainer) nestedHiddenPairs() []advFound {
	t := c.g.rt
	var out []advFound
	t.sukeSubsetHouses(func(h int) bool {
		if c.emptyCells(h) <= 4 {
			return true
		}
		hiddenSet(&c.g.hCur[h], 2, func(digits sudoku.Digits, mask uint16) bool {
			st := &Step{Technique: "hidden-pair", Name: "Hidden Pair", Rating: hiddenRatings[2], Digits: digits}
			for m := mask; m != 0; m &= m - 1 {
				cell := int(t.cells[h][lowBit(m)])
				st.Cells = append(st.Cells, cell)
				for _, d := range (c.g.cur[cell] &^ digits).Slice() {
					st.Eliminations = append(st.Eliminations, Candidate{uint8(cell), uint8(d)})
				}
			}
			if len(st.Eliminations) == 0 {
				return true
			}
			var parents []int
			for i, cell := range t.cells[h] {
				if mask>>i&1 != 0 {
					continue
				}
				for _, d := range digits.Slice() {
					if c.g.ref[cell].Has(d) {
						parents = append(parents, candID(int(cell), d))
					}
				}
			}
			if len(parents) == 0 {
				return true
			}
			st.Detail = fmt.Sprintf("%s only in %s of %s", digitList(digits), cellList(st.Cells), t.houseName(h))
			ref := &nestRef{name: st.Name, step: st}
			for _, e := range javaHashOrder(st.Eliminations) {
				out = append(out, advFound{e, parents, ref})
			}
			return true
		})
		return true
	})
	return out
}

// nestedNakedPairs is SukE's generalized naked pairs (SukE's order of
// houses): two cells of a house holding the same two digits rule each
// digit out of every cell that sees both. Rule parents: the two cells'
// other candidates, as the reference grid has them.
func (c *chainer) nestedNakedPairs(cands *digitBoards) []advFound {
	t := c.g.rt
	var out []advFound
	t.sukeSubsetHouses(func(h int) bool {
		if c.emptyCells(h) < 4 {
			return true
		}
		var idx [9]int
		var masks [9]uint16
		n := 0
		for i, cell := range t.cells[h] {
			if c.g.cur[cell].Count() >= 2 {
				idx[n], masks[n] = i, uint16(c.g.cur[cell])
				n++
			}
		}
		smallUnions(masks[:n], 2, func(sub uint32, union uint16) bool {
			digits := sudoku.Digits(union)
			var pair [2]int
			k := 0
			for x := sub; x != 0; x &= x - 1 {
				pair[k] = int(t.cells[h][idx[bits.TrailingZeros32(x)]])
				k++
			}
			a, b := &t.peers[pair[0]], &t.peers[pair[1]]
			victims := cellBoard{a[0] & b[0], a[1] & b[1]}
			st := &Step{Technique: "naked-pair", Name: "Naked Pair", Rating: nakedRatings[2], Digits: digits,
				Cells: pair[:]}
			for _, d := range digits.Slice() {
				for e := range (sudoku.CellSet{victims[0] & cands[d-1][0], victims[1] & cands[d-1][1]}).All() {
					st.Eliminations = append(st.Eliminations, Candidate{uint8(e), uint8(d)})
				}
			}
			if len(st.Eliminations) == 0 {
				return true
			}
			var parents []int
			for _, cell := range pair {
				for _, d := range (c.g.ref[cell] &^ digits).Slice() {
					parents = append(parents, candID(cell, d))
				}
			}
			if len(parents) == 0 {
				return true
			}
			st.Detail = fmt.Sprintf("%s hold only %s in %s", cellList(st.Cells), digitList(digits), t.houseName(h))
			ref := &nestRef{name: st.Name, step: st}
			for _, e := range javaHashOrder(st.Eliminations) {
				out = append(out, advFound{e, parents, ref})
			}
			return true
		})
		return true
	})
	return out
}

// javaHashOrder returns the candidates (ids) of eliminations, given in
// the order a SukE rule records them, in the order SukE then reads them:
// a Java HashMap keyed by cell (a cell's hash is its index), so cells by
// their bucket (the index modulo the table's size, 16 and doubling while
// more than three quarters full), then in the order they came; each
// cell's digits ascending. The order in which a chain takes a rule's
// eliminations decides what later links see, and so the chains found.
func javaHashOrder(elims []Candidate) []int {
	type entry struct {
		cell, rank int
		digits     sudoku.Digits
	}
	var cells []entry
	for _, e := range elims {
		i := slices.IndexFunc(cells, func(x entry) bool { return x.cell == int(e.Cell) })
		if i < 0 {
			cells = append(cells, entry{cell: int(e.Cell), rank: len(cells)})
			i = len(cells) - 1
		}
		cells[i].digits = cells[i].digits.With(int(e.Digit))
	}
	size := 16
	for len(cells) > size*3/4 {
		size *= 2
	}
	slices.SortFunc(cells, func(a, b entry) int {
		if ka, kb := a.cell&(size-1), b.cell&(size-1); ka != kb {
			return ka - kb
		}
		return a.rank - b.rank
	})
	out := make([]int, 0, len(elims))
	for _, x := range cells {
		for _, d := range x.digits.Slice() {
			out = append(out, candID(x.cell, d))
		}
	}
	return out
}

// eliminationOrder returns a nested rule's eliminations in the order the
// chain takes them: ascending for classic grids (as SE 1.2.1's tests
// measure), SukE's order otherwise (see javaHashOrder).
func (t *chainRules) eliminationOrder(h *Step) []int {
	if t == nil {
		return sortedEliminations(h)
	}
	return javaHashOrder(h.Eliminations)
}
