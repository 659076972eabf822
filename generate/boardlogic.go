package generate

import (
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// This file is the logic that sized generation digs by: a board of any
// shape solved by singles, and by box/line intersections, with candidates
// as bit masks. A board these solve has exactly one solution (each step
// is forced by the givens), so that digging while they still solve it
// needs no search at all; and the techniques bound the puzzle's rating on
// Sudoku Explainer's scale (hidden singles and full houses 1.0-1.5, naked
// singles 2.3, pointing 2.6, claiming 2.8), which is what the levels of
// BoardOptions rest on.

// logic is a set of techniques that digging keeps a puzzle solved by.
type logic int

const (
	hiddenSingles logic = iota + 1 // full houses and hidden singles: ER 1.5 at most
	allSingles                     // and naked singles: ER 2.3 at most
	intersections                  // and pointing and claiming: ER 2.8 at most
	// directs are all singles and the direct techniques of Sudoku
	// Explainer: a pointing, claiming, hidden pair or hidden triple used
	// only for the hidden single its eliminations give (ER 1.7 to 2.5). A
	// puzzle they solve rates 2.5 at most.
	directs
)

// boardLayout is what the logic reads of a shape: its houses and each
// cell's peers. With the variant x, the diagonals are houses too: the
// singles look at them, and a digit confined in a diagonal to one box
// leaves the box's other cells (and the reverse) as pointing does.
type boardLayout struct {
	shape  sudoku.Shape
	n      int
	houses [][]int   // 3N houses: rows, columns, boxes (and 2 diagonals with x)
	peers  [][]int   // per cell, the cells that share a house with it
	of     [][3]int  // per cell, its row, column and box
	diags  [][]int   // per cell, the diagonals it lies on (with x)
	full   uint32    // every digit, as a mask
	orbits [][][]int // per Symmetry up to None, the orbits of its cells
}

func newBoardLayout(s sudoku.Shape, x bool) *boardLayout {
	return newRulesLayout(sudoku.Board{Shape: s, X: x}, nil)
}

// newRulesLayout returns the layout of b's rules (its shape, its
// diagonals with X, a jigsaw's regions as the boxes), with the orbits of
// another layout of the same shape when base is not nil.
func newRulesLayout(b sudoku.Board, base *boardLayout) *boardLayout {
	s, x := b.Shape, b.X
	n := s.N()
	l := &boardLayout{shape: s, n: n, full: 1<<n - 1}
	houses := 3 * n
	if x {
		houses += 2
	}
	l.houses = make([][]int, houses)
	l.of = make([][3]int, n*n)
	l.diags = make([][]int, n*n)
	for h := range houses {
		l.houses[h] = b.HouseCells(h)
		for _, c := range l.houses[h] {
			if h < 3*n {
				l.of[c][h/n] = h
			} else {
				l.diags[c] = append(l.diags[c], h)
			}
		}
	}
	l.peers = make([][]int, n*n)
	for c := range n * n {
		seen := map[int]bool{c: true}
		for _, h := range l.housesOf(c) {
			for _, p := range l.houses[h] {
				if !seen[p] {
					seen[p] = true
					l.peers[c] = append(l.peers[c], p)
				}
			}
		}
	}
	if base != nil {
		l.orbits = base.orbits
		return l
	}
	for sym := range None + 1 {
		l.orbits = append(l.orbits, sym.OrbitsOf(n))
	}
	return l
}

// housesOf returns the houses of cell c: its row, column and box, and
// the diagonals it lies on.
func (l *boardLayout) housesOf(c int) []int {
	return append(l.of[c][:], l.diags[c]...)
}

// logicState is the scratch space of one solve: the values placed and
// the candidates of each cell.
type logicState struct {
	l    *boardLayout
	work []uint8
	cand []uint32
	left int
}

func newLogicState(l *boardLayout) *logicState {
	return &logicState{l: l, work: make([]uint8, l.n*l.n), cand: make([]uint32, l.n*l.n)}
}

// solves reports whether the techniques of k solve the board of cells
// from its givens alone.
func (s *logicState) solves(cells []uint8, k logic) bool {
	l := s.l
	copy(s.work, cells)
	var used [3*sudoku.MaxSize + 2]uint32 // per house, the digits given
	for i, v := range cells {
		if v != 0 {
			for _, h := range l.of[i] {
				used[h] |= 1 << (v - 1)
			}
			for _, h := range l.diags[i] {
				used[h] |= 1 << (v - 1)
			}
		}
	}
	s.left = 0
	for i, v := range cells {
		if v == 0 {
			of := &l.of[i]
			s.cand[i] = l.full &^ (used[of[0]] | used[of[1]] | used[of[2]])
			for _, h := range l.diags[i] {
				s.cand[i] &^= used[h]
			}
			s.left++
		} else {
			s.cand[i] = 1 << (v - 1)
		}
	}
	for s.left > 0 {
		progress, ok := s.singles(k)
		if !ok {
			return false
		}
		if !progress && k == intersections {
			progress = s.intersections()
		}
		if !progress && k == directs {
			progress = s.direct()
		}
		if !progress {
			return false
		}
	}
	return true
}

// place puts digit mask m in cell i.
func (s *logicState) place(i int, m uint32) {
	s.work[i] = uint8(bits.TrailingZeros32(m) + 1)
	s.cand[i] = m
	s.left--
	s.clearPeers(i, m)
}

func (s *logicState) clearPeers(i int, m uint32) {
	for _, p := range s.l.peers[i] {
		if s.work[p] == 0 {
			s.cand[p] &^= m
		}
	}
}

// singles places the naked singles (when k allows them) and the hidden
// singles it finds in one sweep; ok is false on a contradiction.
func (s *logicState) singles(k logic) (progress, ok bool) {
	if k >= allSingles {
		for i, c := range s.cand {
			if s.work[i] != 0 {
				continue
			}
			if c == 0 {
				return progress, false
			}
			if c&(c-1) == 0 {
				s.place(i, c)
				progress = true
			}
		}
	}
	for _, house := range s.l.houses {
		var once, twice, placed uint32
		for _, c := range house {
			if v := s.work[c]; v != 0 {
				placed |= 1 << (v - 1)
			} else {
				twice |= once & s.cand[c]
				once |= s.cand[c]
			}
		}
		if once|placed != s.l.full {
			return progress, false
		}
		for single := once &^ twice &^ placed; single != 0; single &= single - 1 {
			m := single & -single
			for _, c := range house {
				if s.work[c] == 0 && s.cand[c]&m != 0 {
					s.place(c, m)
					progress = true
					break
				}
			}
		}
	}
	return progress, true
}

// intersections removes, for each digit confined within a house to the
// cells it shares with another house (a box and a row or column), the
// digit from the other house's other cells; it reports whether it
// removed any.
func (s *logicState) intersections() bool {
	l, progress := s.l, false
	for h, house := range l.houses {
		placed := s.placedIn(house)
		for todo := l.full &^ placed; todo != 0; todo &= todo - 1 {
			m := todo & -todo
			first, same := s.confined(house, m)
			if first < 0 {
				continue
			}
			for k := range 3 {
				other := l.of[first][k]
				if !same[k] || other == h {
					continue
				}
				for _, c := range l.houses[other] {
					if s.work[c] == 0 && s.cand[c]&m != 0 && !inHouse(l, c, h) {
						s.cand[c] &^= m
						progress = true
					}
				}
			}
		}
	}
	return progress
}

// placedIn returns the digits placed in a house's cells, as a mask.
func (s *logicState) placedIn(house []int) uint32 {
	var placed uint32
	for _, c := range house {
		if v := s.work[c]; v != 0 {
			placed |= 1 << (v - 1)
		}
	}
	return placed
}

// confined returns the first of a house's empty cells whose candidates
// hold digit mask m (-1: none), and for each kind of house (row, column,
// box) whether all those cells share the first's house of that kind.
func (s *logicState) confined(house []int, m uint32) (first int, same [3]bool) {
	l := s.l
	first, same = -1, [3]bool{true, true, true}
	for _, c := range house {
		if s.work[c] != 0 || s.cand[c]&m == 0 {
			continue
		}
		if first < 0 {
			first = c
			continue
		}
		for k := range 3 {
			same[k] = same[k] && l.of[c][k] == l.of[first][k]
		}
	}
	return first, same
}

// inHouse reports whether cell c is in house h.
func inHouse(l *boardLayout, c, h int) bool {
	if h >= 3*l.n {
		return slices.Contains(l.diags[c], h)
	}
	return l.of[c][h/l.n] == h
}

// direct looks for a pointing, claiming or hidden pair whose eliminations
// leave a digit one place in a house, and places that hidden single,
// keeping no elimination (as Sudoku Explainer's direct techniques do);
// it reports whether it placed one.
func (s *logicState) direct() bool {
	l := s.l
	for h, house := range l.houses {
		placed := s.placedIn(house)
		// Pointing and claiming.
		for todo := l.full &^ placed; todo != 0; todo &= todo - 1 {
			m := todo & -todo
			first, same := s.confined(house, m)
			for k := range 3 {
				if first < 0 || !same[k] || l.of[first][k] == h {
					continue
				}
				var gone []int
				for _, c := range l.houses[l.of[first][k]] {
					if s.work[c] == 0 && s.cand[c]&m != 0 && !inHouse(l, c, h) {
						gone = append(gone, c)
					}
				}
				if s.tryGone(gone, m) {
					return true
				}
			}
		}
		// Hidden pairs and triples: two digits with the same two places,
		// or three whose places are three cells; spots are the places of
		// each digit, as positions within the house.
		var spots [32]uint32
		var few []int
		for todo := l.full &^ placed; todo != 0; todo &= todo - 1 {
			d := bits.TrailingZeros32(todo)
			for i, c := range house {
				if s.work[c] == 0 && s.cand[c]&(1<<d) != 0 {
					spots[d] |= 1 << i
				}
			}
			if k := bits.OnesCount32(spots[d]); k == 2 || k == 3 {
				few = append(few, d)
			}
		}
		for i, a := range few {
			for j := i + 1; j < len(few); j++ {
				b := few[j]
				ab := spots[a] | spots[b]
				if bits.OnesCount32(ab) == 2 && s.trySubset(house, ab, 1<<a|1<<b) {
					return true
				}
				for _, c := range few[j+1:] {
					if abc := ab | spots[c]; bits.OnesCount32(abc) == 3 && s.trySubset(house, abc, 1<<a|1<<b|1<<c) {
						return true
					}
				}
			}
		}
	}
	return false
}

// tryGone removes digit mask m from the cells gone for a moment, and
// places the first hidden single of m that this gives in a house of one
// of them; it reports whether it placed one.
func (s *logicState) tryGone(gone []int, m uint32) bool {
	if len(gone) == 0 {
		return false
	}
	for _, c := range gone {
		s.cand[c] &^= m
	}
	at := -1
	for _, c := range gone {
		if at = s.onlyPlace(c, m); at >= 0 {
			break
		}
	}
	for _, c := range gone {
		s.cand[c] |= m
	}
	if at >= 0 {
		s.place(at, m)
	}
	return at >= 0
}

// trySubset keeps only the digits of a hidden subset (the mask digits)
// in its cells (the positions at of house) for a moment, and places the
// first hidden single of a digit they lose that this gives in a house of
// one of them; it reports whether it placed one.
func (s *logicState) trySubset(house []int, at, digits uint32) bool {
	var cells [3]int
	var was [3]uint32
	n, lose := 0, false
	for x := at; x != 0; x &= x - 1 {
		c := house[bits.TrailingZeros32(x)]
		cells[n], was[n] = c, s.cand[c]
		lose = lose || was[n]&^digits != 0
		s.cand[c] &= digits
		n++
	}
	single, digit := -1, uint32(0)
	for i := 0; i < n && lose; i++ {
		for lost := was[i] &^ digits; lost != 0 && single < 0; lost &= lost - 1 {
			digit = lost & -lost
			single = s.onlyPlace(cells[i], digit)
		}
	}
	for i := range n {
		s.cand[cells[i]] = was[i]
	}
	if single >= 0 {
		s.place(single, digit)
	}
	return single >= 0
}

// onlyPlace returns the one place left for digit mask m in a house of
// cell c where m is not placed, or -1 when each has none or several.
func (s *logicState) onlyPlace(c int, m uint32) int {
	for _, h := range s.l.housesOf(c) {
		at, k := -1, 0
		for _, p := range s.l.houses[h] {
			if s.work[p] == 0 && s.cand[p]&m != 0 {
				at = p
				k++
			} else if s.work[p] != 0 && s.cand[p] == m {
				k = 2 // placed in this house
				break
			}
		}
		if k == 1 {
			return at
		}
	}
	return -1
}
