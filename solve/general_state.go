package solve

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// gstate is the general solver's candidate grid: for each digit (0..8 for
// 1..9), the cells where it may still go. A placed cell keeps its bit in
// its own digit's set only. done[d] marks the houses where digit d is
// placed, which the house logic skips; seen[d] is pos[d] as the house
// logic last saw it, so that it looks again only at the houses where the
// digit lost a place since; pending[d] marks the houses where it found
// digit d with two places or more, up to propagate's limit, since
// eliminations last ran.
type gstate struct {
	pos     [9]cellBits
	seen    [9]cellBits
	solved  cellBits
	done    [9]uint64
	pending [9]uint64
}

// init loads a grid; it reports false when two givens break the rules
// or a cell holds a value outside 0..9.
func (s *gstate) init(t *tables, g *sudoku.Grid) bool {
	for d := range s.pos {
		s.pos[d] = full81
		s.seen[d] = full81
	}
	for cell, v := range g {
		if v == 0 {
			continue
		}
		if v > 9 {
			return false
		}
		d := int(v - 1)
		if s.pos[d][cell>>6]&(1<<(cell&63)) == 0 {
			return false
		}
		s.place(t, d, cell)
	}
	return true
}

// restrict removes from the empty cells of g the digits cands does not
// hold; it reports false when a cell is left with no digit.
func (s *gstate) restrict(g *sudoku.Grid, cands *[81]sudoku.Digits) bool {
	for cell, v := range g {
		if v != 0 {
			continue
		}
		gone := sudoku.AllDigits &^ cands[cell]
		if gone == sudoku.AllDigits {
			return false
		}
		for x := uint16(gone); x != 0; x &= x - 1 {
			s.pos[bits.TrailingZeros16(x)-1][cell>>6] &^= 1 << (cell & 63)
		}
	}
	return true
}

// place puts digit d in cell: the cell leaves the other digits' sets, the
// digit leaves the cell's peers, and with non-consecutive the digits next
// to it leave the cell's neighbours. A contradiction it makes (a cell left
// with no digit) is for propagate to find.
func (s *gstate) place(t *tables, d, cell int) {
	w, m := cell>>6, uint64(1)<<(cell&63)
	for d2 := range s.pos {
		s.pos[d2][w] &^= m
	}
	p := &t.peers[cell]
	s.pos[d][0] &^= p[0]
	s.pos[d][1] &^= p[1]
	s.pos[d][w] |= m
	s.solved[w] |= m
	s.done[d] |= t.of[cell]
	if t.nc {
		a := &t.adjacent[cell]
		if d > 0 {
			s.pos[d-1][0] &^= a[0]
			s.pos[d-1][1] &^= a[1]
		}
		if d < 8 {
			s.pos[d+1][0] &^= a[0]
			s.pos[d+1][1] &^= a[1]
		}
	}
}

// propagate places naked singles (cells with one digit left) and hidden
// singles (a digit with one place left in a house) until there are none,
// then eliminates (see eliminations), and again; with non-consecutive,
// when nothing else is left, it looks at the cells' digits (see
// nonConsecutive), and again, until nothing changes (the cheaper rules
// first: the fixpoint is the same in any order). Eliminations look at the
// houses where a digit has two to limit places. It reports false on a
// contradiction: a cell with no digit, or a digit with no place in a
// house.
func (s *gstate) propagate(t *tables, limit int) bool {
	for {
		var once, twice cellBits
		for d := range s.pos {
			p := &s.pos[d]
			twice[0] |= once[0] & p[0]
			twice[1] |= once[1] & p[1]
			once[0] |= p[0]
			once[1] |= p[1]
		}
		if once != full81 {
			return false
		}
		single := cellBits{once[0] &^ twice[0] &^ s.solved[0], once[1] &^ twice[1] &^ s.solved[1]}
		if single[0]|single[1] != 0 {
			s.placeSingles(t, single)
			continue
		}
		changed, ok := s.houses(t, limit)
		if !ok {
			return false
		}
		if changed {
			continue
		}
		if s.eliminations(t, limit) {
			continue
		}
		if !t.nc || !s.nonConsecutive(t) {
			return true
		}
	}
}

// placeSingles places the cells of single, each the only place of its one
// digit when propagate found it (a cell that an earlier placement emptied
// is left for propagate to find).
func (s *gstate) placeSingles(t *tables, single cellBits) {
	for w := range single {
		for x := single[w]; x != 0; x &= x - 1 {
			cell := 64*w + bits.TrailingZeros64(x)
			m := uint64(1) << (cell & 63)
			for d := range s.pos {
				if s.pos[d][w]&m != 0 {
					s.place(t, d, cell)
					break
				}
			}
		}
	}
}

// houses looks, for each digit, at the houses where it lost a place since
// it last looked and is not placed yet: a digit with one place left in a
// house goes there (a hidden single); a house with two or three places
// left is noted for eliminations. changed says whether it placed
// anything; ok is false when a digit has no place left in a house.
func (s *gstate) houses(t *tables, limit int) (changed, ok bool) {
	for d := range s.pos {
		p := &s.pos[d]
		lost := cellBits{s.seen[d][0] &^ p[0], s.seen[d][1] &^ p[1]}
		if lost[0]|lost[1] == 0 {
			continue
		}
		s.seen[d] = *p
		todo := housesOf(t, lost)
		for todo &^= s.done[d]; todo != 0; todo &^= s.done[d] {
			hb := todo & -todo
			h := &t.house[bits.TrailingZeros64(todo)]
			todo &^= hb
			x0, x1 := p[0]&h[0], p[1]&h[1]
			switch n := bits.OnesCount64(x0) + bits.OnesCount64(x1); {
			case n == 0:
				return changed, false
			case n == 1:
				cell := bits.TrailingZeros64(x0)
				if x0 == 0 {
					cell = 64 + bits.TrailingZeros64(x1)
				}
				s.place(t, d, cell)
				changed = true
			case n <= limit:
				s.pending[d] |= hb
			}
		}
	}
	return changed, true
}

// eliminations looks at the houses houses noted: where a digit still has
// two or three places (more where houses overlap more: see elimLimit),
// the cells that see all of them lose it
// (pointing and claiming, and their like between any two houses, or a
// house and a knight's or king's reach), and with non-consecutive the
// cells next to all of them lose the digits next to it. It reports
// whether it removed anything.
func (s *gstate) eliminations(t *tables, limit int) bool {
	changed := false
	for d := range s.pos {
		p := &s.pos[d]
		todo := s.pending[d] &^ s.done[d]
		s.pending[d] = 0
		for ; todo != 0; todo &= todo - 1 {
			h := &t.house[bits.TrailingZeros64(todo)]
			x0, x1 := p[0]&h[0], p[1]&h[1]
			if n := bits.OnesCount64(x0) + bits.OnesCount64(x1); n >= 2 && n <= limit && s.eliminate(t, d, cellBits{x0, x1}) {
				changed = true
			}
		}
	}
	return changed
}

// nonConsecutive removes from each unplaced cell's neighbours the digits
// that every digit left in the cell rules out there: a cell holding 4 or
// 5 leaves its neighbours no 4 and no 5 (whichever it holds, its
// neighbours share its row or column), one holding 3 or 5 leaves them no
// 4. It looks at the cells with two or three digits left, and reports
// whether it removed any.
func (s *gstate) nonConsecutive(t *tables) bool {
	var one, two, four cellBits
	var three cellBits
	for d := range s.pos {
		p := &s.pos[d]
		for w := range 2 {
			four[w] |= three[w] & p[w]
			three[w] |= two[w] & p[w]
			two[w] |= one[w] & p[w]
			one[w] |= p[w]
		}
	}
	var ruled [81]uint16
	some := cellBits{two[0] &^ four[0] &^ s.solved[0], two[1] &^ four[1] &^ s.solved[1]}
	for d := range s.pos {
		q := &s.pos[d]
		m := uint16(0x1FF) &^ (7 << d >> 1) // what digit d+1 does not rule out
		for w := range 2 {
			for x := some[w] & q[w]; x != 0; x &= x - 1 {
				ruled[64*w+bits.TrailingZeros64(x)] |= m
			}
		}
	}
	changed := false
	for w := range 2 {
		for y := some[w]; y != 0; y &= y - 1 {
			cell := 64*w + bits.TrailingZeros64(y)
			a := &t.adjacent[cell]
			for x := ^ruled[cell] & 0x1FF; x != 0; x &= x - 1 {
				q := &s.pos[bits.TrailingZeros16(x)]
				if (q[0]&a[0])|(q[1]&a[1]) != 0 {
					q[0] &^= a[0]
					q[1] &^= a[1]
					changed = true
				}
			}
		}
	}
	return changed
}

// maxElim is the most places of a digit in a house that houses eliminates
// from when no two houses share more than three cells: two or three
// places are where pointing and claiming come from; looking at more costs
// more time than it saves guesses.
const maxElim = 3

// eliminate removes digit d from the cells that see all of its places x
// (with non-consecutive, the digits next to d from the cells next to all
// of them); it reports whether it removed any.
func (s *gstate) eliminate(t *tables, d int, x cellBits) bool {
	seen, near := full81, full81
	for w := range 2 {
		for y := x[w]; y != 0; y &= y - 1 {
			c := 64*w + bits.TrailingZeros64(y)
			pc := &t.peers[c]
			seen[0] &= pc[0]
			seen[1] &= pc[1]
			if t.nc {
				a := &t.adjacent[c]
				near[0] &= a[0]
				near[1] &= a[1]
			} else if seen[0]|seen[1] == 0 {
				return false
			}
		}
	}
	changed := false
	if p := &s.pos[d]; (seen[0]&p[0])|(seen[1]&p[1]) != 0 {
		p[0] &^= seen[0]
		p[1] &^= seen[1]
		changed = true
	}
	if !t.nc || near[0]|near[1] == 0 {
		return changed
	}
	for _, d2 := range [2]int{d - 1, d + 1} {
		if d2 < 0 || d2 > 8 {
			continue
		}
		if q := &s.pos[d2]; (near[0]&q[0])|(near[1]&q[1]) != 0 {
			q[0] &^= near[0]
			q[1] &^= near[1]
			changed = true
		}
	}
	return changed
}

// pick chooses what to guess and writes its alternatives to alts,
// returning how many: the digits of a cell with two left (when scored,
// the weightiest such cell; a randomised search takes the first, as it
// always has, so that a seed gives the grids it gave), else the two
// places of a digit in a house, else the digits of a cell with the fewest
// left.
func (s *gstate) pick(t *tables, alts *[9]choice, scored bool) int {
	var one, two, three cellBits
	for d := range s.pos {
		p := &s.pos[d]
		for w := range 2 {
			three[w] |= two[w] & p[w]
			two[w] |= one[w] & p[w]
			one[w] |= p[w]
		}
	}
	if x := (cellBits{two[0] &^ three[0], two[1] &^ three[1]}); x[0]|x[1] != 0 {
		if !scored {
			w := 0
			if x[0] == 0 {
				w = 1
			}
			return s.cellChoices(64*w+bits.TrailingZeros64(x[w]), alts)
		}
		return s.cellChoices(s.weightiest(t, x), alts)
	}
	for d := range s.pos {
		p := &s.pos[d]
		for todo := t.allH &^ s.done[d]; todo != 0; todo &= todo - 1 {
			h := &t.house[bits.TrailingZeros64(todo)]
			x0, x1 := p[0]&h[0], p[1]&h[1]
			if bits.OnesCount64(x0)+bits.OnesCount64(x1) == 2 {
				n := 0
				for w, x := range [2]uint64{x0, x1} {
					for ; x != 0; x &= x - 1 {
						alts[n] = choice{uint8(d), uint8(64*w + bits.TrailingZeros64(x))}
						n++
					}
				}
				return n
			}
		}
	}
	best, bestN := -1, 10
	for w := range 2 {
		for x := ^s.solved[w] & full81[w]; x != 0; x &= x - 1 {
			cell := 64*w + bits.TrailingZeros64(x)
			if n := bits.OnesCount16(s.digitsAt(cell)); n < bestN {
				best, bestN = cell, n
			}
		}
	}
	return s.cellChoices(best, alts)
}

// weightiest returns the cell of cells (two digits left in each) whose
// digits are left in the most unplaced cells that see it (with
// non-consecutive, plus the neighbours left with a digit next to one of
// them): the guess whose two sides remove the most.
func (s *gstate) weightiest(t *tables, cells cellBits) int {
	var score [81]int
	free := cellBits{^s.solved[0], ^s.solved[1]}
	for d := range s.pos {
		q := &s.pos[d]
		for w := range 2 {
			for x := cells[w] & q[w]; x != 0; x &= x - 1 {
				cell := 64*w + bits.TrailingZeros64(x)
				pc := &t.peers[cell]
				n := bits.OnesCount64(q[0]&pc[0]&free[0]) + bits.OnesCount64(q[1]&pc[1]&free[1])
				if t.nc {
					a := &t.adjacent[cell]
					if d > 0 {
						r := &s.pos[d-1]
						n += bits.OnesCount64(r[0]&a[0]&free[0]) + bits.OnesCount64(r[1]&a[1]&free[1])
					}
					if d < 8 {
						r := &s.pos[d+1]
						n += bits.OnesCount64(r[0]&a[0]&free[0]) + bits.OnesCount64(r[1]&a[1]&free[1])
					}
				}
				score[cell] += n
			}
		}
	}
	best, bestScore := -1, -1
	for w := range 2 {
		for x := cells[w]; x != 0; x &= x - 1 {
			if cell := 64*w + bits.TrailingZeros64(x); score[cell] > bestScore {
				best, bestScore = cell, score[cell]
			}
		}
	}
	return best
}

// cellChoices writes the digits left in a cell as alternatives.
func (s *gstate) cellChoices(cell int, alts *[9]choice) int {
	n := 0
	for x := s.digitsAt(cell); x != 0; x &= x - 1 {
		alts[n] = choice{uint8(bits.TrailingZeros16(x)), uint8(cell)}
		n++
	}
	return n
}

// digitsAt returns the digits left in a cell as a 9-bit set (bit d: digit
// d+1).
func (s *gstate) digitsAt(cell int) uint16 {
	w, m := cell>>6, uint64(1)<<(cell&63)
	var x uint16
	for d := range s.pos {
		if s.pos[d][w]&m != 0 {
			x |= 1 << d
		}
	}
	return x
}

// grid returns the placed digits (0 where a cell is not placed).
func (s *gstate) grid() sudoku.Grid {
	var g sudoku.Grid
	for d := range s.pos {
		for w := range 2 {
			for x := s.pos[d][w] & s.solved[w]; x != 0; x &= x - 1 {
				g[64*w+bits.TrailingZeros64(x)] = uint8(d + 1)
			}
		}
	}
	return g
}

// housesOf returns the houses of the cells of x.
func housesOf(t *tables, x cellBits) uint64 {
	var h uint64
	for k, y := 0, x[0]; y != 0; k, y = k+1, y>>8 {
		h |= t.ofByte[k][y&0xFF]
	}
	for k, y := 8, x[1]; y != 0; k, y = k+1, y>>8 {
		h |= t.ofByte[k][y&0xFF]
	}
	return h
}
