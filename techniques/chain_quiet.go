package techniques

import (
	"context"
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// Forcing chains and cycles inside a chain (nested levels 2 and 3) run at
// every point where the chain's links run out, and nearly always find
// nothing. Where its outer grid is quiet (no start there implies its
// opposite through the static links: no forcing chain), a cheaper test than
// the reach table can show that the working grid is quiet too.
//
// The working grid has the outer grid's candidates but some, so its weak
// links are among the outer grid's, and a strong link of the working grid
// is either the outer grid's (the same two candidates are the only ones of
// their unit or cell there) or new. A chain from a start to its opposite
// using old links only would exist in the outer grid; so in a quiet outer
// grid it takes a new link, "a is false, so b is true", where a and b are
// the only candidates of their unit or cell. Every link has its
// contrapositive, so the part of the chain after the link, from "b is
// true" to "v is false", read backwards and negated, leads from v to "b is
// false": v implies that both a and b are false, and (negated again) "a is
// true" and "b is true" both imply "v is false". So when, for every new
// pair, what "a is true" implies and what "b is true" implies have nothing
// in common, no start of the working grid implies its opposite.

// outerQuiet reports whether no start of c's reference grid implies its
// opposite through the static X and Y links (then forcing chains and cycles
// find no forcing chain there). It is measured once per chainer.
func (c *chainer) outerQuiet() bool {
	if c.quiet == 0 {
		q := newChainer(context.Background(), &State{Values: c.s.Values, Cands: c.g.ref, Rules: c.s.Rules}, nil)
		q.lk.prepareStatic()
		q.buildReach(&q.reach[1], true, 0)
		c.quiet = 2
		if q.reach[1].forced == [23]uint64{} {
			c.quiet = 1
		}
		q.done()
	}
	return c.quiet == 1
}

// quietInside reports whether forcing chains and cycles find nothing on
// cl's grid, a working grid inside a chain whose reference grid, outer, is
// quiet (see outerQuiet): no new pair's two candidates imply a common
// potential (so no start implies its opposite), and no lone candidate can
// fall to a cycle (see noChainOrCycle).
func (cl *chainLinks) quietInside(outer *[81]sudoku.Digits, outerPos *posTable) bool {
	var s staticBoards
	s.load(&cl.g.ref, &cl.g.refPos)
	if lonesSeeTheirDigit(&cl.g.ref, &s.cands, nil) {
		return false
	}
	return cl.newPairs(outer, outerPos, func(a, b int) bool {
		onA, offA := s.implied(a/9, a%9+1)
		onB, offB := s.implied(b/9, b%9+1)
		return !onA.meets(&onB) && !offA.meets(&offB)
	})
}

// newPairs calls visit with the two candidates (ids) of each new pair of
// cl's grid against outer (a cell or a digit's unit with exactly these two
// where outer has more), cells first, until visit returns false; it
// reports whether none did.
func (cl *chainLinks) newPairs(outer *[81]sudoku.Digits, outerPos *posTable, visit func(a, b int) bool) bool {
	w := &cl.g.ref
	for cell := 0; cell < 81; cell++ {
		if w[cell].Count() == 2 && outer[cell].Count() > 2 {
			d := w[cell].First()
			if !visit(candID(cell, d), candID(cell, w[cell].Without(d).First())) {
				return false
			}
		}
	}
	for u := 0; u < 27; u++ {
		for d := 1; d <= 9; d++ {
			if p := cl.g.refPos[u][d]; popcount16(p) == 2 && popcount16(outerPos[u][d]) > 2 {
				a, b := int(sudoku.Units[u][lowBit(p)]), int(sudoku.Units[u][lowBit(p&(p-1))])
				if !visit(candID(a, d), candID(b, d)) {
					return false
				}
			}
		}
	}
	return true
}

// lonesSeeTheirDigit reports whether a cell of grid with one candidate sees
// that digit elsewhere (cands is grid per digit).
func lonesSeeTheirDigit(grid *[81]sudoku.Digits, cands *digitBoards, t *chainRules) bool {
	for cell := 0; cell < 81; cell++ {
		if g := grid[cell]; g.Count() == 1 {
			b, p := &cands[g.First()-1], t.peersOf(cell)
			if b[0]&p[0]|b[1]&p[1] != 0 {
				return true
			}
		}
	}
	return false
}

// Multiple forcing chains inside a chain (nested level 3) run where forcing
// chains and cycles found nothing, and mostly find nothing either. Where
// the outer grid is quiet and multiple forcing chains find nothing there
// (outerQuietMultiple), the bases (a cell's candidates, a digit's places in
// a unit) of a working grid that kept all their candidates, and whose runs
// take no new link, have no conclusion in common: their runs, made of old
// links, are within the outer grid's runs from the same starts, which share
// no conclusion there (and meet no contradiction: the outer grid is quiet).
// A run takes a new link "a is false, so b is true" only where it makes a
// new pair's candidate false, that is (by the contrapositives) where "a is
// true" makes its start false.

// skippedBases are the bases a nested multiple forcing chains search may
// skip: cells (cell forcing chains), and per digit, units (region forcing
// chains).
type skippedBases struct {
	cells cellBoard
	units [9]uint32
}

// outerQuietMultiple reports whether c's reference grid is quiet (see
// outerQuiet) and multiple forcing chains find nothing on it. It is
// measured once per chainer.
func (c *chainer) outerQuietMultiple() bool {
	if c.quietMultiple == 0 {
		c.quietMultiple = 2
		if c.outerQuiet() {
			q := newChainer(context.Background(), &State{Values: c.s.Values, Cands: c.g.ref, Rules: c.s.Rules}, nil)
			if len(q.multipleChains(modeMultiple)) == 0 {
				c.quietMultiple = 1
			}
			q.done()
		}
	}
	return c.quietMultiple == 1
}

// skippableBases returns the bases of cl's grid, a working grid inside a
// chain whose reference grid, outer, passes outerQuietMultiple, where
// multiple forcing chains find nothing; nil when a lone candidate sees its
// digit (a base may then hold a start the outer grid's quiet says nothing
// about).
func (cl *chainLinks) skippableBases(outer *[81]sudoku.Digits, outerPos *posTable) *skippedBases {
	var s staticBoards
	s.load(&cl.g.ref, &cl.g.refPos)
	if lonesSeeTheirDigit(&cl.g.ref, &s.cands, nil) {
		return nil
	}
	w := &cl.g.ref
	// The candidates whose run takes a new link: made false by a new
	// pair's candidate.
	var reach digitBoards
	cl.newPairs(outer, outerPos, func(a, b int) bool {
		for _, id := range [2]int{a, b} {
			_, off := s.implied(id/9, id%9+1)
			for i := range reach {
				reach[i][0] |= off[i][0]
				reach[i][1] |= off[i][1]
			}
		}
		return true
	})
	out := &skippedBases{}
	for cell := 0; cell < 81; cell++ {
		if w[cell] != outer[cell] {
			continue
		}
		touched := false
		for x := uint16(w[cell]); x != 0; x &= x - 1 {
			touched = touched || reach[bits.TrailingZeros16(x)-1].has(cell)
		}
		if !touched {
			out.cells.add(cell)
		}
	}
	for d := 1; d <= 9; d++ {
		r := &reach[d-1]
		for u := 0; u < 27; u++ {
			if cl.g.refPos[u][d] != outerPos[u][d] {
				continue
			}
			if ub := &unitBoards[u]; ub[0]&r[0]|ub[1]&r[1] == 0 {
				out.units[d-1] |= 1 << u
			}
		}
	}
	return out
}
