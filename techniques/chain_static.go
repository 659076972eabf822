package techniques

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// Forcing chains and cycles, SE's first chain producer, search the links of
// the grid as it is (static): chains from a potential to its opposite, and
// cycles, in three passes (X links, Y links, both).

// findForcingChainsAndCycles finds, without changing the grid while it
// looks, bidirectional cycles (X: 6.5, Y: 6.5, X and Y: 7.0, plus the length
// bonus) and forcing chains (X: 6.6, X and Y: 7.0, plus the bonus; SE 1.2.1
// names a six-node X-chain "Turbot Fish"), in three passes: X-links only,
// Y-links only, both.
func findForcingChainsAndCycles(ctx context.Context, s *State, sess *Session, emit Emit) bool {
	c := newChainer(ctx, s, sess)
	defer c.done()
	return c.emitChainHints(c.forcingChainsAndCycles(false), emit)
}

// firstForcingChainOrCycle returns the step SE applies from forcing chains
// and cycles: the first of its sorted hints. Searches that cannot beat the
// best hint found so far stop early (a chain or cycle at level L has
// complexity L, so its rating is known before it is found).
func firstForcingChainOrCycle(ctx context.Context, s *State, sess *Session) *Step {
	c := newChainer(ctx, s, sess)
	defer c.done()
	hints := c.forcingChainsAndCycles(true)
	if len(hints) == 0 {
		return nil
	}
	var first *Step
	c.emitChainHints(hints, func(st *Step) bool { first = st; return false })
	return first
}

// forcingChainsAndCycles collects the hints of forcing chains and cycles;
// with bounded, only those that can still be the first.
func (c *chainer) forcingChainsAndCycles(bounded bool) []*chainHint {
	c.lk.prepareStatic()
	c.best = nil
	c.bounded = bounded
	// The X and Y links' table: the Y pass's cycles search within its
	// components (see cycles), and where it shows no hint can exist, no
	// pass runs (see noChainOrCycle).
	c.buildReach(&c.reach[1], true, 0)
	if c.noChainOrCycle() {
		return nil
	}
	return c.chainPasses()
}

// chainPasses runs the three passes of forcing chains and cycles
// (c.reach[1] built): X links only, Y links only, both. It returns nil when
// the search expired.
func (c *chainer) chainPasses() []*chainHint {
	var hints []*chainHint
	ok := true
	for pass := 0; pass < 3 && ok; pass++ {
		xLinks, yLinks := pass != 1, pass != 0
		if pass == 0 && c.xCache != nil {
			hints, ok = c.xPassCached(hints)
			continue
		}
		if pass == 0 {
			c.buildReach(&c.reach[0], false, 0)
		}
		hints, ok = c.chainPass(hints, xLinks, yLinks, 0)
	}
	if !ok {
		return nil
	}
	return hints
}

// noChainOrCycle reports, from the X and Y links' reach table
// (cl.reach[1]), that forcing chains and cycles find nothing on cl's grid.
// Every link has its contrapositive (a weak link "a is true, so b is false"
// goes both ways, and so does a strong one), so a cycle that rules out e,
// which sees a true potential "a" and a false one "b" of its digit on the
// cycle, makes a forcing chain from "e is true": to "a is false", on along
// the cycle's links read backwards and negated to "b is true", and to "e is
// false". So when no start implies its opposite (no forcing chain, in any
// pass: X and Y links are among the table's), a cycle can only rule out a
// candidate that is no start, the last one of its cell: none can when every
// such candidate has no other place in the cells it sees.
func (cl *chainLinks) noChainOrCycle() bool {
	if cl.reach[1].forced != [23]uint64{} {
		return false
	}
	return !lonesSeeTheirDigit(&cl.g.ref, &cl.lk.boards, cl.g.rt)
}

// chainPass runs one pass of forcing chains and cycles over the cells
// (row-major) and their digits (all, or only digit when it is not 0). It
// reports false when the search expired.
func (c *chainer) chainPass(hints []*chainHint, xLinks, yLinks bool, digit int) ([]*chainHint, bool) {
	for cell := 0; cell < 81; cell++ {
		cands := c.s.Cands[cell]
		if cands.Count() < 2 || (!xLinks && cands.Count() > 2) || (digit > 0 && !cands.Has(digit)) {
			continue
		}
		if c.expired() {
			return nil, false
		}
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			if digit > 0 && d != digit {
				continue
			}
			// Without a strong link into "cell is d", SE's cycle search and
			// its chain search from "cell is not d" find nothing.
			strong := c.lk.strongInto(candID(cell, d), xLinks, yLinks)
			if strong {
				reach := &c.reach[1]
				if !yLinks {
					reach = &c.reach[0]
				}
				hints = c.cycles(hints, reach, cell, d, xLinks, yLinks)
			}
			if xLinks {
				hints = c.staticChainHint(hints, cell, d, true, yLinks)
				if strong {
					hints = c.staticChainHint(hints, cell, d, false, yLinks)
				}
			}
		}
	}
	return hints, true
}

// offer records a new hint as the best when it sorts before it (bounded
// searches use the best as their bound).
func (c *chainer) offer(h *chainHint) {
	if c.best == nil || h.step.Rating < c.best.step.Rating ||
		(h.step.Rating == c.best.step.Rating && (h.complexity < c.best.complexity ||
			(h.complexity == c.best.complexity && h.sortKey < c.best.sortKey))) {
		c.best = h
	}
}

// beaten reports whether a hint rated base+bonus(complexity) can no longer
// be the first (bounded searches only).
func (c *chainer) beaten(base sudoku.Rating, complexity int) bool {
	return c.bounded && c.best != nil && base+chainBonus(complexity) > c.best.step.Rating
}

// cycles searches cycles through "cell is d", SE's way: levels of on- and
// off-potentials alternate; off-potentials are not deduplicated, but a
// potential never repeats one of its main ancestors.
//
// A cycle through "cell is d" lies in its strongly connected component of
// the implication graph (see reachTable), and so does every path from it to
// a potential of the component: the search keeps to the component of a
// reach table whose links include the pass's (when reach is not nil), which
// finds the same paths to the component's potentials in the same order,
// and so the same cycles; it does not start where the component is the
// start alone.
func (c *chainer) cycles(hints []*chainHint, reach *reachTable, cell, d int, xLinks, yLinks bool) []*chainHint {
	comp := int32(-1)
	if reach != nil {
		v := candID(cell, d)*2 + 1
		comp = reach.comp[v]
		if reach.first[comp+1]-reach.first[comp] == 1 {
			return hints
		}
	}
	r := c.run()
	kept := false
	defer func() {
		if kept {
			c.hold(r)
		} else {
			c.release(r)
		}
	}()
	base := sudoku.Rating(6.5)
	if xLinks && yLinks {
		base = 7.0
	}
	if c.beaten(base, 4) {
		return hints
	}
	root := r.node(cell, d, true, causeStart)
	r.setOn(candID(cell, d), root)
	pendOn, pendOff := []int32{root}, []int32(nil)
	level := 0
	var closing []int32
	for len(pendOn) > 0 || len(pendOff) > 0 {
		if c.beaten(base, level+2) {
			break // cycles closing from here on are too long to come first
		}
		level++
		for _, n := range pendOn {
			x := r.nodes[n]
			for _, q := range c.lk.onToOff(int(x.cell), int(x.digit), yLinks) {
				if comp >= 0 && reach.comp[candID(q.cell, q.digit)*2] != comp {
					continue
				}
				if r.mainAncestor(n, q.cell, q.digit, false) {
					continue
				}
				// Off-potentials are not deduplicated: each is a node of
				// its own, in no set.
				pendOff = append(pendOff, r.node(q.cell, q.digit, false, q.unit, n))
			}
		}
		pendOn = pendOn[:0]
		level++
		for _, n := range pendOff {
			x := r.nodes[n]
			for _, q := range c.lk.offToOn(r, int(x.cell), int(x.digit), xLinks, yLinks) {
				id := candID(q.cell, q.digit)
				if comp >= 0 && reach.comp[id*2+1] != comp {
					continue
				}
				if level >= 4 && q.cell == cell && q.digit == d {
					closing = append(closing, r.node(q.cell, q.digit, true, q.unit, n))
				}
				if !r.hasOn(id) {
					m := r.node(q.cell, q.digit, true, q.unit, n)
					r.setOn(id, m)
					pendOn = append(pendOn, m)
				}
			}
		}
		pendOff = pendOff[:0]
	}
	for _, n := range closing {
		if h := c.cycleHint(r, n, xLinks, yLinks); h != nil {
			h.origin = cell
			hints = append(hints, h)
			c.offer(h)
			kept = c.keep
		}
	}
	return hints
}

// cycleHint turns a closed cycle into a step: a candidate that sees a true
// and a false potential of its digit on the cycle (outside the cycle's
// cells) goes.
func (c *chainer) cycleHint(r *chainRun, closing int32, xLinks, yLinks bool) *chainHint {
	walk := c.walkBuf[:0]
	for m := closing; ; {
		x := &r.nodes[m]
		if x.pn == 0 {
			break // the start node
		}
		walk = append(walk, m)
		m = r.parents[x.p0]
	}
	c.walkBuf = walk
	elim := c.cycleEliminations(r, walk)
	if elim == (digitBoards{}) {
		return nil // most cycles found rule out nothing
	}
	var cycleCells []int
	for _, m := range walk {
		if c := int(r.nodes[m].cell); !slices.Contains(cycleCells, c) {
			cycleCells = append(cycleCells, c)
		}
	}
	// The eliminations in the order the walk first sees them.
	st := &Step{}
	for _, m := range walk {
		x := &r.nodes[m]
		i := int(x.digit) - 1
		if t := c.g.rt; t != nil {
			// The peers in reading order.
			p := t.peers[x.cell]
			for hc := range (sudoku.CellSet{p[0] & elim[i][0], p[1] & elim[i][1]}).All() {
				elim[i][hc>>6] &^= 1 << (hc & 63)
				st.Eliminations = append(st.Eliminations, Candidate{uint8(hc), x.digit})
			}
			continue
		}
		for _, h := range houseCells[x.cell] {
			if hc := int(h); elim[i].has(hc) {
				elim[i][hc>>6] &^= 1 << (hc & 63)
				st.Eliminations = append(st.Eliminations, Candidate{uint8(hc), x.digit})
			}
		}
	}
	complexity := r.ancestors(closing, &c.marks)
	base, key, name := sudoku.Rating(6.5), keyCycleX, "Bidirectional X-Cycle"
	switch {
	case xLinks && yLinks:
		base, key, name = 7.0, keyCycleXY, "Bidirectional Cycle"
	case yLinks:
		key, name = keyCycleY, "Bidirectional Y-Cycle"
	case len(cycleCells) == 4:
		// SE's name (1.2.1's and Sukaku Explainer's) for an X-cycle of four
		// cells. On a classic grid only a cycle closed through a box can be
		// one (an X-Wing of rows and columns comes first, at 3.2), and SE's
		// classic paths in ../shared/data/se-paths show none; under variants
		// the extra houses and pair rules close many.
		name = "Generalized X-Wing"
	}
	st.Technique, st.Name, st.Rating = techCycle, name, base+chainBonus(complexity)
	slices.Reverse(cycleCells)
	st.Cells = cycleCells
	if c.outer == nil { // nested chains are never shown (their run is gone by then)
		st.Detail = fmt.Sprintf("%s: %s", cellList(cycleCells), chainNotation(r, closing, c.g.rt))
		st.Chains = [][]Potential{chainPotentials(r, closing, c.g.rt)}
	}
	return &chainHint{step: st, complexity: complexity, sortKey: key, ends: []chainEnd{{r, closing}}, cycle: true,
		startCause: causeStart}
}

// staticChainHint looks for a forcing chain from "cell is d" (start on) or
// "cell is not d" back to its opposite, which proves the opposite. SE's
// search goes level by level (all true potentials, then all false ones) and
// keeps the first path to each potential, so the chain it finds is a
// shortest one and its complexity is its number of nodes: this search runs
// on bit sets and builds the chain itself (for the text) only when the step
// is shown.
func (c *chainer) staticChainHint(hints []*chainHint, cell, d int, startOn, yLinks bool) []*chainHint {
	id0 := candID(cell, d)
	reach := &c.reach[0]
	if yLinks {
		reach = &c.reach[1]
	}
	if !reach.implies(id0, startOn) {
		return hints // no chain from the start to its opposite
	}
	c.lk.prepareMasks()
	chainBase := sudoku.Rating(6.6)
	if yLinks {
		chainBase = 7.0
	}
	if c.beaten(chainBase, 2) {
		return hints
	}
	depth := c.staticChainLength(id0, startOn, yLinks, chainBase)
	if depth == 0 {
		return hints
	}
	st := eliminationStep(c.s, cell, d, !startOn)
	if len(st.Eliminations) == 0 {
		return hints
	}
	complexity := depth + 1
	base, key, name := sudoku.Rating(6.6), keyChainX, "Forcing X-Chain"
	if yLinks {
		base, key, name = 7.0, keyChainXY, "Forcing Chain"
	} else if complexity == 6 {
		name = "Turbot Fish"
	}
	st.Technique, st.Name, st.Rating = techChain, name, base+chainBonus(complexity)
	st.Cells = []int{cell}
	st.Digits = sudoku.DigitSet(d)
	detail := func() string { return c.staticChainText(st, cell, d, startOn, yLinks) }
	h := &chainHint{step: st, complexity: complexity, sortKey: key, detail: detail, startCause: causeStart,
		static: &staticStart{cell, d, startOn, yLinks}, origin: cell}
	c.offer(h)
	return append(hints, h)
}

// staticChainLength returns the length (links) of the shortest chain from
// potential (id0, startOn) to its opposite through the static links (with
// Y-links when yLinks), found level by level on bit sets; or 0 when there
// is none, or none short enough to come first (a chain rated chainBase
// plus its length bonus: see beaten).
func (c *chainer) staticChainLength(id0 int, startOn, yLinks bool, chainBase sudoku.Rating) int {
	lk := &c.lk
	var onSet, offSet, frontier, next candSet
	depth := 0
	found := false
	if startOn {
		onSet.add(id0)
	} else {
		offSet.add(id0)
	}
	frontier.add(id0)
	frontierOn := startOn
	for !found {
		if c.beaten(chainBase, depth+2) {
			break // a chain found from here on would be too long to come first
		}
		next = candSet{}
		empty := true
		for w := range frontier {
			for x := frontier[w]; x != 0; x &= x - 1 {
				id := w<<6 | bits.TrailingZeros64(x)
				var m *candSet
				switch {
				case frontierOn && yLinks:
					m = &lk.onOffMaskY[id]
				case frontierOn:
					m = &lk.onOffMaskX[id]
				default:
					m = &lk.offOnMaskX[id]
				}
				for i := range next {
					next[i] |= m[i]
				}
				if !frontierOn && yLinks {
					for i := range next {
						next[i] |= lk.offOnMaskY[id][i]
					}
				}
			}
		}
		depth++
		// The target is the start's opposite, reached from the other side.
		if frontierOn == startOn && next.has(id0) {
			found = true
			break
		}
		seen := &offSet
		if !frontierOn {
			seen = &onSet
		}
		for i := range next {
			next[i] &^= seen[i]
			seen[i] |= next[i]
			if next[i] != 0 {
				empty = false
			}
		}
		if empty {
			break
		}
		frontier = next
		frontierOn = !frontierOn
	}
	if !found {
		return 0
	}
	return depth
}

// staticChainText finds the chain of a static forcing chain with parents,
// keeps it in st.Chains and writes it.
func (c *chainer) staticChainText(st *Step, cell, d int, startOn, yLinks bool) string {
	r := c.run()
	defer c.release(r)
	target := c.staticChains(r, cell, d, startOn, yLinks)
	if target < 0 {
		return ""
	}
	// The chain ends at the start's opposite, which is the conclusion: it
	// is written once, after the step's "==>".
	last := r.parents[r.nodes[target].p0]
	st.Chains = [][]Potential{chainPotentials(r, last, c.g.rt)}
	return chainNotation(r, last, c.g.rt)
}

// staticChains searches forcing chains from "cell is d" (start on) or "cell
// is not d" in r, SE's way, and returns the node of the opposite potential,
// or -1.
func (c *chainer) staticChains(r *chainRun, cell, d int, startOn, yLinks bool) int32 {
	id0 := candID(cell, d)
	root := r.node(cell, d, startOn, causeStart)
	// The levels go in the run's queue buffers (propagate's), kept for reuse.
	pendOn, pendOff := r.qOn[:0], r.qOff[:0]
	defer func() { r.qOn, r.qOff = pendOn, pendOff }()
	if startOn {
		r.setOn(id0, root)
		pendOn = append(pendOn, root)
	} else {
		r.setOff(id0, root)
		pendOff = append(pendOff, root)
	}
	// Every potential of r is marked as it is made, so a main ancestor of
	// the potential being extended is marked too: the marks alone keep a
	// chain from repeating one (SE's main-ancestor test adds nothing to
	// them here). The search ends at the one conclusion sought: what it
	// would make after that changes no parent of the chain found.
	for len(pendOn) > 0 || len(pendOff) > 0 {
		for _, n := range pendOn {
			x := r.nodes[n]
			for _, q := range c.lk.onToOff(int(x.cell), int(x.digit), yLinks) {
				id := candID(q.cell, q.digit)
				if startOn && id == id0 {
					return r.node(q.cell, q.digit, false, q.unit, n)
				}
				if r.hasOff(id) {
					continue
				}
				m := r.node(q.cell, q.digit, false, q.unit, n)
				r.setOff(id, m)
				pendOff = append(pendOff, m)
			}
		}
		pendOn = pendOn[:0]
		for _, n := range pendOff {
			x := r.nodes[n]
			for _, q := range c.lk.offToOn(r, int(x.cell), int(x.digit), true, yLinks) {
				id := candID(q.cell, q.digit)
				if !startOn && id == id0 {
					return r.node(q.cell, q.digit, true, q.unit, n)
				}
				if r.hasOn(id) {
					continue
				}
				m := r.node(q.cell, q.digit, true, q.unit, n)
				r.setOn(id, m)
				pendOn = append(pendOn, m)
			}
		}
		pendOff = pendOff[:0]
	}
	return -1
}

// cycleEliminations returns what the cycle of nodes walk rules out (see
// cycleHint), as cell sets: the candidates outside its cells that see a
// true and a false potential of their digit on it.
func (cl *chainLinks) cycleEliminations(r *chainRun, walk []int32) digitBoards {
	var cells cellBoard
	for _, m := range walk {
		cells.add(int(r.nodes[m].cell))
	}
	var on, off digitBoards
	for _, m := range walk {
		x := &r.nodes[m]
		seen := &on
		if !x.on {
			seen = &off
		}
		p := cl.g.rt.peersOf(int(x.cell))
		seen[x.digit-1][0] |= p[0]
		seen[x.digit-1][1] |= p[1]
	}
	var elim digitBoards
	for i, cands := range cl.lk.boards {
		elim[i] = cellBoard{on[i][0] & off[i][0] & cands[0] &^ cells[0], on[i][1] & off[i][1] & cands[1] &^ cells[1]}
	}
	return elim
}
