package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// Most runs of a multiple chains search (chain_dynamic.go) lead to no hint:
// a nested dynamic forcing chain search runs hundreds of them on a working
// grid, often to find one or two. A search without nested rules (level 0:
// Nishio, multiple and dynamic forcing chains, alone or inside chains)
// therefore first finds what each run concludes, as sets, without parents
// or order (runSets), and builds the runs themselves, with their parents,
// only for the starts whose sets make a hint.
//
// The sets are the run's. Without nested rules a run is unit propagation:
// a true potential rules out the cell's other candidates (Y-links) and the
// digit's other places; a cell (Y-links) or a unit whose candidates are
// all false but one makes that one true. In dynamic mode SE's "the cell or
// unit has two candidates left when a false one is processed" fires for
// the last but one false candidate, whatever the order (a cell or unit
// left with one candidate in the reference grid forces nothing, as in SE);
// in static mode the links are those of the reference grid, where the two
// are the only ones.
// Unit propagation reaches the same potentials in any order, or a
// contradiction in any order: only then does SE's run stop part way, with
// sets that depend on its order, and such a start is always built in full.

// runSets is what a run from one potential concludes: its true and false
// potentials, or that it meets a contradiction.
type runSets struct {
	on, off  digitBoards
	conflict bool
}

// closures keeps the sets of one search's runs, per start, from "cell is
// d" (on) and "cell is not d", and the reference grid as the propagation
// reads it.
type closures struct {
	sets [2][729]runSets
	done [2]candSet
	// The reference grid: candidates per digit; the units where a digit
	// has two places or more, per digit; the cells with two candidates or
	// more.
	cands     digitBoards
	multiUnit [9]uint32
	multiCell cellBoard
	// static is the reference grid as static runs read it.
	static staticBoards
	// Under rules that are not classic (rt), multiHouse replaces
	// multiUnit: per digit, the houses where it has two places or more.
	rt         *chainRules
	multiHouse [9]uint64
}

// reset readies k for a search on grid g.
func (k *closures) reset(g *chainGrid) {
	k.done = [2]candSet{}
	k.cands, k.multiUnit, k.multiCell = digitBoards{}, [9]uint32{}, cellBoard{}
	k.rt = g.rt
	if g.rt != nil {
		k.resetRules(g)
		return
	}
	for c := 0; c < 81; c++ {
		for x := uint16(g.ref[c]); x != 0; x &= x - 1 {
			k.cands[bits.TrailingZeros16(x)-1].add(c)
		}
		if g.ref[c].Count() >= 2 {
			k.multiCell.add(c)
		}
	}
	for u := 0; u < 27; u++ {
		for d := 1; d <= 9; d++ {
			if popcount16(g.refPos[u][d]) >= 2 {
				k.multiUnit[d-1] |= 1 << u
			}
		}
	}
	k.static.load(&g.ref, &g.refPos)
}

// runSets returns the sets of the run from (cell, d, on) in mode m.
func (c *chainer) runSets(cell, d int, on bool, m chainMode) *runSets {
	k := c.closures
	side := 0
	if on {
		side = 1
	}
	id := candID(cell, d)
	if !on {
		// "cell is not d" makes its strong partner true, which makes it
		// false again: the two close over the same sets.
		if q := c.strongPartner(cell, d, m.yLinks); q >= 0 {
			return c.runSets(q/9, q%9+1, true, m)
		}
	}
	s := &k.sets[side][id]
	if !k.done[side].has(id) {
		k.done[side].add(id)
		switch {
		case m.dynamic:
			k.closeDynamic(s, cell, d, on, m.yLinks)
		case on:
			s.on, s.off = k.static.implied(cell, d)
			s.conflict = s.on.meets(&s.off)
		default:
			// "cell is not d" with no strong partner: a static run goes
			// no further.
			*s = runSets{}
			s.off[d-1].add(cell)
		}
	}
	return s
}

// strongPartner returns the candidate (id) that "cell is not d" makes
// true, in the reference grid: the cell's other candidate when it has two
// (with Y-links), or d's other place in a unit where it has two; or -1.
func (cl *chainLinks) strongPartner(cell, d int, yLinks bool) int {
	g := &cl.g
	if g.rt != nil {
		return cl.strongPartnerRules(cell, d, yLinks)
	}
	if yLinks && g.ref[cell].Count() == 2 {
		return candID(cell, g.ref[cell].Without(d).First())
	}
	for j, u := range boxRowCol[cell] {
		if p := g.refPos[u][d]; popcount16(p) == 2 {
			return candID(int(sudoku.Units[u][lowBit(p&^(1<<indexIn[cell][j]))]), d)
		}
	}
	return -1
}

// closeDynamic finds the sets of a dynamic run from (cell, d, on), a batch
// of potentials at a time, on bit boards: the true ones rule out their
// peers and (with Y-links) their cells' other candidates; the false ones
// leave the grid, and a unit (or cell) where they leave one candidate of
// two or more makes it true, where they leave none, a contradiction.
func (k *closures) closeDynamic(s *runSets, cell, d int, on, yLinks bool) {
	if k.rt != nil {
		k.closeDynamicRules(s, cell, d, on, yLinks)
		return
	}
	cands := k.cands
	var onB, offB, pendOn, newOff digitBoards
	// The digits (bit i for index i) whose pendOn or newOff may hold a
	// cell: the loops skip the others.
	pendDigits, offDigits := startSets(&onB, &pendOn, &newOff, cell, d, on)
	conflict := false
	for !conflict {
		// True potentials: their peers, and their cells' other candidates.
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
				p := &peerBoards[c]
				newOff[i][0] |= p[0] & cands[i][0]
				newOff[i][1] |= p[1] & cands[i][1]
			}
			offDigits |= 1 << i
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
		// False potentials: they leave the grid; units left with one place.
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
			var units uint32
			for b := *n; !b.empty(); {
				c := b.first()
				b[c>>6] &^= 1 << (c & 63)
				units |= cellUnitBits[c]
			}
			for units &= k.multiUnit[i]; units != 0; units &= units - 1 {
				u := &unitBoards[bits.TrailingZeros32(units)]
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

// startSets puts the start of a dynamic run in closeDynamic's sets: "cell
// is d" in the true set and the batch of true potentials, "cell is not d"
// in the batch of false potentials (it enters the false set there). It
// returns the digits (bit i for index i) of each batch.
func startSets(onB, pendOn, newOff *digitBoards, cell, d int, on bool) (pendDigits, offDigits uint16) {
	if on {
		onB[d-1].add(cell)
		pendOn[d-1].add(cell)
		return 1 << (d - 1), 0
	}
	newOff[d-1].add(cell)
	return 0, 1 << (d - 1)
}

// staticBoards is a grid as its static links see it: the candidates per
// digit, the units where a digit has exactly two places, and the cells
// with exactly two candidates.
//
// Under rules that are not classic (rt), pairHouse replaces pairUnit.
type staticBoards struct {
	grid      *[81]sudoku.Digits
	cands     digitBoards
	pairUnit  [9]uint32
	pairCell  cellBoard
	rt        *chainRules
	pairHouse [9]uint64
}

// load reads grid, whose positions are pos.
func (s *staticBoards) load(grid *[81]sudoku.Digits, pos *posTable) {
	s.rt = nil
	s.grid = grid
	s.cands, s.pairUnit, s.pairCell = digitBoards{}, [9]uint32{}, cellBoard{}
	for c := 0; c < 81; c++ {
		cands := grid[c]
		for x := uint16(cands); x != 0; x &= x - 1 {
			s.cands[bits.TrailingZeros16(x)-1].add(c)
		}
		if cands.Count() == 2 {
			s.pairCell.add(c)
		}
	}
	for u := 0; u < 27; u++ {
		for d := 1; d <= 9; d++ {
			if popcount16(pos[u][d]) == 2 {
				s.pairUnit[d-1] |= 1 << u
			}
		}
	}
}

// implied returns what "cell is d" implies through the grid's static links
// (X and Y), itself included: the true and the false potentials. It goes a
// batch at a time, on the digits' cell sets.
func (s *staticBoards) implied(cell, d int) (on, off digitBoards) {
	if s.rt != nil {
		return s.impliedRules(cell, d)
	}
	var pend digitBoards // the true potentials of the batch
	on[d-1].add(cell)
	pend[d-1].add(cell)
	pendDigits := uint16(1) << (d - 1)
	for pendDigits != 0 {
		// True potentials rule out their peers, and their cells' other
		// candidates (a cell true twice rules out both).
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
				p := &peerBoards[c]
				newOff[i][0] |= p[0] & s.cands[i][0]
				newOff[i][1] |= p[1] & s.cands[i][1]
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
		// False potentials make true the other place of a unit of two, and
		// the other candidate of a cell of two (both, where both fell).
		pend, pendDigits = digitBoards{}, 0
		for ds := offDigits; ds != 0; ds &= ds - 1 {
			i := bits.TrailingZeros16(ds)
			n := &newOff[i]
			for units := s.pairUnit[i]; units != 0; units &= units - 1 {
				u := &unitBoards[bits.TrailingZeros32(units)]
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
