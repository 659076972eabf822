package solve

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// state is the solver's candidate grid: for each digit (0..8 for 1..9) and
// band (0..2), the 27-bit word of cells where the digit may still go. A
// placed cell keeps its bit in its own digit's word only. The whole state is
// a few hundred bytes of fixed arrays, copied once per guess.
type state struct {
	cand     [9][3]uint32 // candidates, digit x band
	placed   [9][3]uint8  // rows of the band where the digit is placed (3 bits)
	unsolved [3]uint32    // cells not yet placed, per band
	// dirty holds the digits (bit d) whose words changed since they were
	// last brought to a fixpoint; every change to cand marks its digit.
	dirty uint32
	// units holds the bands and stacks (bit u, as in mats) where a digit's
	// matrix changed since triadRules last looked at them.
	units uint32

	// mats[u][d] is digit d's triad matrix as its last fixpoint left it, for
	// bands u = 0..2 (bit 3*row+box) and stacks u = 3..5 (bit 3*band+column
	// of the stack). Valid while digit d is not dirty.
	mats [6][9]uint32
}

// bandPeers[i] clears, in a band word, the row, box and column peers of bit i
// (the cell itself stays).
var bandPeers [27]uint32

func init() {
	for i := 0; i < 27; i++ {
		r, c := i/9, i%9
		m := uint32(0x1FF) << (9 * r)
		for rr := 0; rr < 3; rr++ {
			m |= 1 << (9*rr + c)
			m |= 7 << (9*rr + c/3*3)
		}
		bandPeers[i] = all27&^m | 1<<i
	}
}

// init loads a grid; it reports false when two givens contradict each other
// or a cell holds a value outside 0..9.
func (s *state) init(g *sudoku.Grid) bool {
	for d := range s.cand {
		s.cand[d] = [3]uint32{all27, all27, all27}
	}
	s.dirty = allDigits
	s.units = 1<<6 - 1
	s.placed = [9][3]uint8{}
	s.unsolved = [3]uint32{all27, all27, all27}
	for cell, v := range g {
		if v == 0 {
			continue
		}
		if v > 9 {
			return false
		}
		d, b, i := int(v-1), cell/27, uint(cell%27)
		bit := uint32(1) << i
		if s.cand[d][b]&bit == 0 {
			return false
		}
		for d2 := range s.cand {
			s.cand[d2][b] &^= bit
		}
		col := columnsSpread[1<<(i%9)]
		s.cand[d][0] &^= col
		s.cand[d][1] &^= col
		s.cand[d][2] &^= col
		s.cand[d][b] = s.cand[d][b]&bandPeers[i] | bit
	}
	return true
}

// restrict removes from the empty cells of g the digits cands does not
// hold; it reports false when a cell is left with no digit.
func (s *state) restrict(g *sudoku.Grid, cands *[81]sudoku.Digits) bool {
	for cell, v := range g {
		if v != 0 {
			continue
		}
		b, bit := cell/27, uint32(1)<<uint(cell%27)
		gone := sudoku.AllDigits &^ cands[cell]
		if gone == sudoku.AllDigits {
			return false
		}
		for x := uint16(gone); x != 0; x &= x - 1 {
			s.restrictDigit(bits.TrailingZeros16(x)-1, b, ^bit)
		}
	}
	return true
}

// place puts digit d at bit of band b: the cell loses its other digits and
// the digit leaves the rest of the row; propagation does the rest.
func (s *state) place(d, b int, bit uint32) {
	s.clearCells(b, bit)
	s.cand[d][b] |= bit
	s.cand[d][b] &= bandPeers[bits.TrailingZeros32(bit)]
	s.dirty |= 1 << d
}

// clearCells removes cells of band b from every digit, marking the digits
// that held one of them.
func (s *state) clearCells(b int, cells uint32) {
	dirty := s.dirty
	for d := range s.cand {
		x := s.cand[d][b] & cells
		s.cand[d][b] ^= x
		dirty |= nonZero(x) << d
	}
	s.dirty = dirty
}

// restrictDigit keeps, of digit d's candidates in band b, those in mask.
func (s *state) restrictDigit(d, b int, mask uint32) {
	x := s.cand[d][b] &^ mask
	s.cand[d][b] ^= x
	s.dirty |= nonZero(x) << d
}

// nonZero is 1 when x is not 0, else 0, without a branch.
func nonZero(x uint32) uint32 { return uint32((uint64(x) + 1<<32 - 1) >> 32) }

// updateDigit brings one digit to a fixpoint of the band and stack logic,
// then places the cells that became the only candidate of their row. It
// reports false on a contradiction.
func (s *state) updateDigit(d int) bool {
	s.dirty &^= 1 << d
	c := &s.cand[d]
	a0, a1, a2 := c[0], c[1], c[2]
	var t0, t1, t2, m0, m1, m2 uint32
	for {
		// Rows against boxes, inside each band.
		t0, t1, t2 = uint32(permUnion[triads(a0)]), uint32(permUnion[triads(a1)]), uint32(permUnion[triads(a2)])
		if t0 == 0 || t1 == 0 || t2 == 0 {
			return false
		}
		a0 &= bandAllowed[t0]
		a1 &= bandAllowed[t1]
		a2 &= bandAllowed[t2]
		// Columns against boxes, inside each stack: the matrix of
		// (band, column of the stack) must hold a permutation too.
		k0, k1, k2 := columns(a0), columns(a1), columns(a2)
		m0 = uint32(permUnion[k0&7|(k1&7)<<3|(k2&7)<<6])
		m1 = uint32(permUnion[k0>>3&7|(k1>>3&7)<<3|(k2>>3&7)<<6])
		m2 = uint32(permUnion[k0>>6|(k1>>6)<<3|(k2>>6)<<6])
		if m0 == 0 || m1 == 0 || m2 == 0 {
			return false
		}
		b0 := a0 & columnsSpread[m0&7|(m1&7)<<3|(m2&7)<<6]
		b1 := a1 & columnsSpread[m0>>3&7|(m1>>3&7)<<3|(m2>>3&7)<<6]
		b2 := a2 & columnsSpread[m0>>6|(m1>>6)<<3|(m2>>6)<<6]
		if b0 == a0 && b1 == a1 && b2 == a2 {
			break
		}
		a0, a1, a2 = b0, b1, b2
	}
	c[0], c[1], c[2] = a0, a1, a2
	mt := &s.mats
	s.units |= nonZero(mt[0][d]^t0) | nonZero(mt[1][d]^t1)<<1 | nonZero(mt[2][d]^t2)<<2 |
		nonZero(mt[3][d]^m0)<<3 | nonZero(mt[4][d]^m1)<<4 | nonZero(mt[5][d]^m2)<<5
	mt[0][d], mt[1][d], mt[2][d] = t0, t1, t2
	mt[3][d], mt[4][d], mt[5][d] = m0, m1, m2
	p := &s.placed[d]
	for b, a := range [3]uint32{a0, a1, a2} {
		rows := uint8(singles(a)) &^ p[b]
		if rows == 0 {
			continue
		}
		p[b] |= rows
		cells := a & rowsSpread[rows]
		s.unsolved[b] &^= cells
		c[b] ^= cells
		s.clearCells(b, cells)
		c[b] |= cells
	}
	return true
}

// nakedSingles places every cell left with one candidate. It returns
// found=false when there was none, and ok=false on a contradiction (a cell
// with no candidate).
func (s *state) nakedSingles() (found, ok bool) {
	for b := 0; b < 3; b++ {
		var r1, r2 uint32
		for d := range s.cand {
			x := s.cand[d][b]
			r2 |= r1 & x
			r1 |= x
		}
		if r1 != all27 {
			return false, false
		}
		single := r1 &^ r2 & s.unsolved[b]
		for single != 0 {
			bit := single & -single
			single ^= bit
			for d := range s.cand {
				if s.cand[d][b]&bit != 0 {
					s.restrictDigit(d, b, bandPeers[bits.TrailingZeros32(bit)])
					break
				}
			}
			found = true
		}
	}
	return found, true
}

// triadRules enforces, in every band and stack, that each triad (three
// cells where a box meets a row or a column) holds exactly three digits:
// fewer than three digits able to fill a triad, or four forced into it, is a
// contradiction; a triad that only three digits can fill takes all three, and
// a triad with three digits forced into it takes no other. It reports
// whether a word changed, and ok=false on a contradiction. All digits must be
// at their fixpoint.
func (s *state) triadRules() (changed, ok bool) { return s.triadRulesIn(1<<6 - 1) }

// triadRulesIn applies the triad rules in the bands and stacks of todo
// (bit u, as in mats). The classic search passes the units whose matrices
// changed since it last looked (s.units); the boxed-variant solver, which
// does not track them, looks at all six.
func (s *state) triadRulesIn(todo uint32) (changed, ok bool) {
	for ; todo != 0; todo &= todo - 1 {
		u := bits.TrailingZeros32(todo)
		mats := &s.mats[u]
		var p1, p2, p3, p4, f1, f2, f3, f4 uint32
		for _, x := range mats {
			y := uint32(permInter[x])
			p4 |= p3 & x
			p3 |= p2 & x
			p2 |= p1 & x
			p1 |= x
			f4 |= f3 & y
			f3 |= f2 & y
			f2 |= f1 & y
			f1 |= y
		}
		if p3 != 0x1FF || f4 != 0 {
			return false, false
		}
		must, full := p3&^p4, f3
		if must|full == 0 {
			continue
		}
		for d, x := range mats {
			f := uint32(permInter[x])
			keep := x &^ (full &^ f)
			for m := must & x &^ f; m != 0; m &= m - 1 {
				keep &= uint32(compatible[bits.TrailingZeros32(m)])
			}
			if keep == x {
				continue
			}
			changed = true
			if u < 3 {
				s.restrictDigit(d, u, bandAllowed[keep])
			} else {
				s.restrictStack(d, u-3, uint32(permUnion[keep]))
			}
		}
	}
	return changed, true
}

// propagate applies the band/stack logic and naked singles until nothing
// changes; it reports false on a contradiction.
func (s *state) propagate() bool {
	for {
		for s.dirty != 0 {
			if !s.updateDigit(bits.TrailingZeros32(s.dirty)) {
				return false
			}
		}
		if s.unsolved == [3]uint32{} {
			return true
		}
		found, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if found {
			continue
		}
		todo := s.units
		s.units = 0
		changed, ok := s.triadRulesIn(todo)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// solved reports whether every cell is placed.
func (s *state) solved() bool { return s.unsolved == [3]uint32{} }

// grid returns the placed digits (0 where a cell is not placed).
func (s *state) grid() sudoku.Grid {
	var g sudoku.Grid
	for d := range s.cand {
		for b := 0; b < 3; b++ {
			for x := s.cand[d][b] &^ s.unsolved[b]; x != 0; x &= x - 1 {
				g[27*b+bits.TrailingZeros32(x)] = uint8(d + 1)
			}
		}
	}
	return g
}

// digitsAt returns the candidates of one cell as a 9-bit set (bit d: digit d+1).
func (s *state) digitsAt(b int, bit uint32) uint32 {
	var m uint32
	for d := range s.cand {
		if s.cand[d][b]&bit != 0 {
			m |= 1 << d
		}
	}
	return m
}

// pickCell chooses an unsolved cell with the fewest candidates, for the rare
// state where every digit's configurations are fixed but cells are not.
func (s *state) pickCell() (b int, bit uint32) {
	best := 10
	for bb := 0; bb < 3; bb++ {
		for u := s.unsolved[bb]; u != 0; u &= u - 1 {
			x := u & -u
			if n := bits.OnesCount32(s.digitsAt(bb, x)); n < best {
				best, b, bit = n, bb, x
				if n <= 2 {
					return b, bit
				}
			}
		}
	}
	return b, bit
}
