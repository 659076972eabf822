package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// The sets of runs (chain_sets.go) under rules that are not classic: the
// same propagation on bit boards, over the rules' houses, with their
// peers (houses, knight's and king's moves) and, with non-consecutive, a
// true "cell is d" ruling out d-1 and d+1 in the orthogonal neighbours.
// Like the links themselves, these are monotone: the sets are the same in
// any order, but for a run that meets a contradiction.

// resetRules is closures.reset under rules that are not classic.
func (k *closures) resetRules(g *chainGrid) {
	t := g.rt
	k.multiHouse = [9]uint64{}
	for c := 0; c < 81; c++ {
		for x := uint16(g.ref[c]); x != 0; x &= x - 1 {
			k.cands[bits.TrailingZeros16(x)-1].add(c)
		}
		if g.ref[c].Count() >= 2 {
			k.multiCell.add(c)
		}
	}
	for h := 0; h < t.n; h++ {
		for d := 1; d <= 9; d++ {
			if popcount16(g.hRef[h][d]) >= 2 {
				k.multiHouse[d-1] |= 1 << h
			}
		}
	}
	k.static.loadRules(&g.ref, t, &g.hRef)
}

// ruleOut adds to off what "c is digit index i" rules out, among cands:
// its peers' candidates of the digit and, with non-consecutive, its
// orthogonal neighbours' i-1 and i+1; it returns the digits (bit i for
// index i) it touched.
func (t *chainRules) ruleOut(off, cands *digitBoards, c, i int) uint16 {
	p := &t.peers[c]
	off[i][0] |= p[0] & cands[i][0]
	off[i][1] |= p[1] & cands[i][1]
	touched := uint16(1) << i
	if t.nc {
		o := &t.orthBoards[c]
		if i < 8 {
			off[i+1][0] |= o[0] & cands[i+1][0]
			off[i+1][1] |= o[1] & cands[i+1][1]
			touched |= 1 << (i + 1)
		}
		if i > 0 {
			off[i-1][0] |= o[0] & cands[i-1][0]
			off[i-1][1] |= o[1] & cands[i-1][1]
			touched |= 1 << (i - 1)
		}
	}
	return touched
}

// closeDynamicRules is closeDynamic under rules that are not classic.
func (k *closures) closeDynamicRules(s *runSets, cell, d int, on, yLinks bool) {
	t := k.rt
	cands := k.cands
	var onB, offB, pendOn, newOff digitBoards
	pendDigits, offDigits := startSets(&onB, &pendOn, &newOff, cell, d, on)
	conflict := false
	for !conflict {
		// True potentials: what they rule out, and their cells' other
		// candidates.
		var placed, twice cellBoard
		for ds := pendDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			b := pendOn[i]
			twice[0] |= placed[0] & b[0]
			twice[1] |= placed[1] & b[1]
			placed[0] |= b[0]
			placed[1] |= b[1]
			for !b.empty() {
				c := b.first()
				b[c>>6] &^= 1 << (c & 63)
				offDigits |= t.ruleOut(&newOff, &cands, c, i)
			}
		}
		if yLinks && !placed.empty() {
			if !twice.empty() {
				conflict = true // a cell true with two digits
				break
			}
			for i := range newOff {
				newOff[i][0] |= cands[i][0] & placed[0] &^ pendOn[i][0]
				newOff[i][1] |= cands[i][1] & placed[1] &^ pendOn[i][1]
			}
			offDigits = 0x1FF
		}
		pendOn, pendDigits = digitBoards{}, 0
		// False potentials: they leave the grid; houses left with one place.
		any := false
		var touched cellBoard
		for ds := offDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			n := &newOff[i]
			if n[0]&onB[i][0]|n[1]&onB[i][1] != 0 {
				conflict = true
				break
			}
			n[0] &^= offB[i][0]
			n[1] &^= offB[i][1]
			if n.empty() {
				continue
			}
			any = true
			offB[i][0] |= n[0]
			offB[i][1] |= n[1]
			cands[i][0] &^= n[0]
			cands[i][1] &^= n[1]
			touched[0] |= n[0]
			touched[1] |= n[1]
			var houses uint64
			for b := *n; !b.empty(); {
				c := b.first()
				b[c>>6] &^= 1 << (c & 63)
				houses |= t.houseBits[c]
			}
			for houses &= k.multiHouse[i]; houses != 0; houses &= houses - 1 {
				u := &t.boards[bits.TrailingZeros64(houses)]
				left := cellBoard{cands[i][0] & u[0], cands[i][1] & u[1]}
				switch left.count() {
				case 0:
					conflict = true
				case 1:
					pendOn[i][0] |= left[0]
					pendOn[i][1] |= left[1]
					pendDigits |= 1 << i
				}
			}
		}
		if conflict || !any {
			break
		}
		newOff, offDigits = digitBoards{}, 0
		// Cells left with one candidate (of two or more), counted across
		// the digits' boards.
		if yLinks {
			touched[0] &= k.multiCell[0]
			touched[1] &= k.multiCell[1]
			if !touched.empty() {
				var ones, twos cellBoard
				for i := range cands {
					twos[0] |= ones[0] & cands[i][0]
					twos[1] |= ones[1] & cands[i][1]
					ones[0] |= cands[i][0]
					ones[1] |= cands[i][1]
				}
				if touched[0]&^ones[0]|touched[1]&^ones[1] != 0 {
					conflict = true
				}
				single := cellBoard{touched[0] & ones[0] &^ twos[0], touched[1] & ones[1] &^ twos[1]}
				if !single.empty() {
					for i := range pendOn {
						pendOn[i][0] |= cands[i][0] & single[0]
						pendOn[i][1] |= cands[i][1] & single[1]
					}
					pendDigits = 0x1FF
				}
			}
		}
		// New true potentials.
		for ds := pendDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			p := &pendOn[i]
			p[0] &^= onB[i][0]
			p[1] &^= onB[i][1]
			if p[0]&offB[i][0]|p[1]&offB[i][1] != 0 {
				conflict = true
			}
			onB[i][0] |= p[0]
			onB[i][1] |= p[1]
		}
	}
	s.on, s.off, s.conflict = onB, offB, conflict
}

// loadRules is staticBoards.load under rules that are not classic: grid
// and its house positions hpos.
func (s *staticBoards) loadRules(grid *[81]sudoku.Digits, t *chainRules, hpos *[maxChainHouses][10]uint16) {
	s.rt = t
	s.grid = grid
	s.cands, s.pairCell, s.pairHouse = digitBoards{}, cellBoard{}, [9]uint64{}
	for c := 0; c < 81; c++ {
		cands := grid[c]
		for x := uint16(cands); x != 0; x &= x - 1 {
			s.cands[bits.TrailingZeros16(x)-1].add(c)
		}
		if cands.Count() == 2 {
			s.pairCell.add(c)
		}
	}
	for h := 0; h < t.n; h++ {
		for d := 1; d <= 9; d++ {
			if popcount16(hpos[h][d]) == 2 {
				s.pairHouse[d-1] |= 1 << h
			}
		}
	}
}

// impliedRules is implied under rules that are not classic.
func (s *staticBoards) impliedRules(cell, d int) (on, off digitBoards) {
	t := s.rt
	var pend digitBoards // the true potentials of the batch
	on[d-1].add(cell)
	pend[d-1].add(cell)
	pendDigits := uint16(1) << (d - 1)
	for pendDigits != 0 {
		// True potentials rule out what they see (and, with
		// non-consecutive, their neighbours' next digits), and their
		// cells' other candidates (a cell true twice rules out both).
		var newOff digitBoards
		var placed, twice cellBoard
		for ds := pendDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			b := pend[i]
			twice[0] |= placed[0] & b[0]
			twice[1] |= placed[1] & b[1]
			placed[0] |= b[0]
			placed[1] |= b[1]
			for !b.empty() {
				c := b.first()
				b[c>>6] &^= 1 << (c & 63)
				t.ruleOut(&newOff, &s.cands, c, i)
			}
		}
		// The new false potentials, and the cells where one fell.
		var fell, fellTwice cellBoard
		offDigits := uint16(0)
		for i := range newOff {
			n := &newOff[i]
			n[0] |= s.cands[i][0] & (placed[0]&^pend[i][0] | twice[0])
			n[1] |= s.cands[i][1] & (placed[1]&^pend[i][1] | twice[1])
			n[0] &^= off[i][0]
			n[1] &^= off[i][1]
			if n.empty() {
				continue
			}
			offDigits |= 1 << i
			off[i][0] |= n[0]
			off[i][1] |= n[1]
			fellTwice[0] |= fell[0] & n[0]
			fellTwice[1] |= fell[1] & n[1]
			fell[0] |= n[0]
			fell[1] |= n[1]
		}
		// False potentials make true the other place of a house of two,
		// and the other candidate of a cell of two (both, where both fell).
		pend, pendDigits = digitBoards{}, 0
		for ds := offDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			n := &newOff[i]
			for houses := s.pairHouse[i]; houses != 0; houses &= houses - 1 {
				u := &t.boards[bits.TrailingZeros64(houses)]
				places := cellBoard{u[0] & s.cands[i][0], u[1] & s.cands[i][1]}
				hit := cellBoard{places[0] & n[0], places[1] & n[1]}
				if hit.empty() {
					continue
				}
				if hit != places {
					places[0] &^= hit[0]
					places[1] &^= hit[1]
				}
				pend[i][0] |= places[0]
				pend[i][1] |= places[1]
			}
		}
		for j := range pend {
			p := &pend[j]
			p[0] |= s.cands[j][0] & s.pairCell[0] & (fell[0]&^newOff[j][0] | fellTwice[0])
			p[1] |= s.cands[j][1] & s.pairCell[1] & (fell[1]&^newOff[j][1] | fellTwice[1])
			p[0] &^= on[j][0]
			p[1] &^= on[j][1]
			if p.empty() {
				continue
			}
			pendDigits |= 1 << j
			on[j][0] |= p[0]
			on[j][1] |= p[1]
		}
	}
	return on, off
}
