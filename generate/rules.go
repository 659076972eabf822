package generate

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Keeps reports whether the symmetry keeps a set of rules: its map of the
// cells takes every house onto a house of the same kind and every pair of
// cells a pair rule ties onto such a pair, so that a clue pattern with the
// symmetry looks the same on the grid as the rules draw it (rows and
// columns count as one kind of house: a quarter turn takes one onto the
// other). None and
// Random keep every set of rules.
//
// Every variant without a jigsaw is drawn symmetrically on the square:
// rows, columns and boxes, both diagonals (x), the windows and the groups
// they leave (windoku), the disjoint groups, the asterisk, the girandola,
// the centre dots, and the knight's, king's and neighbours' pairs are all
// taken onto themselves by the eight rotations and reflections of the
// square, so that all six symmetries keep them. A jigsaw keeps a symmetry
// only when its layout does.
func (s Symmetry) Keeps(r sudoku.Rules) bool {
	if s >= None {
		return true
	}
	var m cellMap
	for c := range m {
		row, col := s.image(c/9, c%9)
		m[c] = uint8(row*9 + col)
	}
	return keepsRules(r, &m)
}

// KeptSymmetries lists the proper symmetries (Rot180 to Antidiagonal) that
// keep a set of rules.
func KeptSymmetries(r sudoku.Rules) []Symmetry {
	var out []Symmetry
	for s := range None {
		if s.Keeps(r) {
			out = append(out, s)
		}
	}
	return out
}

// keepsRules reports whether a map of the cells takes every house of the
// rules onto a house of the same kind (rows and columns count as one kind:
// a quarter turn takes rows onto columns) and every pair a pair rule ties
// onto a tied pair.
func keepsRules(r sudoku.Rules, m *cellMap) bool {
	kind := func(h int) sudoku.HouseKind {
		if k := r.House(h).Kind; k != sudoku.HouseColumn {
			return k
		}
		return sudoku.HouseRow
	}
	houses := map[sudoku.CellSet]sudoku.HouseKind{}
	for h := range r.NumHouses() {
		houses[r.HouseCells(h)] = kind(h)
	}
	for h := range r.NumHouses() {
		k, ok := houses[mapSet(r.HouseCells(h), m)]
		if !ok || k != kind(h) {
			return false
		}
	}
	for _, p := range sudoku.PairRules() {
		for c := range 81 {
			if mapSet(r.Partners(p, c), m) != r.Partners(p, int(m[c])) {
				return false
			}
		}
	}
	return true
}

// mapSet returns the images of a set's cells.
func mapSet(s sudoku.CellSet, m *cellMap) sudoku.CellSet {
	var out sudoku.CellSet
	for c := range s.All() {
		out.Add(int(m[c]))
	}
	return out
}

// solvedBySingles reports whether hidden singles alone (a digit with one
// place left in a house, full houses included) solve a puzzle under the
// rules, as techniques.SolvedBySingles does for classic rules: whether it
// rates 1.5 at most. Every house counts, the variants' too, and a digit
// placed leaves its peers under the rules (knight's and king's moves
// included) and, with non-consecutive, the digits next to it leave its
// neighbours, as Sukaku Explainer's hidden singles count them. With naked,
// naked singles (a cell with one candidate left) count too: the puzzle
// then rates 2.3 at most.
func solvedBySingles(r sudoku.Rules, g sudoku.Grid, naked bool) bool {
	if !naked {
		return techniques.SolvedBySinglesUnder(r, g)
	}
	st := r.StateOf(g, nil)
	n := r.NumHouses()
	left := 0
	for _, v := range st.Values {
		if v == 0 {
			left++
		}
	}
	for left > 0 {
		placed := false
		for h := range n {
			house := r.House(h)
			var one, more sudoku.Digits
			for _, c := range house.Cells {
				x := st.Cands[c]
				more |= one & x
				one |= x
			}
			for ds := uint16(one &^ more); ds != 0; ds &= ds - 1 {
				d := bits.TrailingZeros16(ds)
				for _, c := range house.Cells {
					if st.Cands[c].Has(d) {
						st.Place(int(c), d)
						left--
						placed = true
						break
					}
				}
			}
		}
		if naked && !placed {
			for c, ds := range st.Cands {
				if st.Values[c] == 0 && ds.Count() == 1 {
					st.Place(c, ds.First())
					left--
					placed = true
				}
			}
		}
		if !placed {
			return false
		}
	}
	return true
}

// fitsUnder reports whether digit d can go in cell c of the grid under the
// rules: no peer holds it and, with non-consecutive, no neighbour holds a
// digit next to it.
func fitsUnder(r sudoku.Rules, g *sudoku.Grid, c int, d uint8) bool {
	for p := range r.Peers(c).All() {
		if g[p] == d {
			return false
		}
	}
	for p := range r.Partners(sudoku.NonConsecutive, c).All() {
		if v := g[p]; v != 0 && (v == d+1 || v+1 == d) {
			return false
		}
	}
	return true
}
