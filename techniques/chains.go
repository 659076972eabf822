package techniques

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"sudokit/sudoku"
)

// chainer holds what the chaining producers need for one state: the chain
// grid, a linker, scratch runs.
type chainer struct {
	s     *State
	g     chainGrid
	lk    linker
	marks ancestorMarks
	free  []*chainRun
}

func newChainer(s *State) *chainer {
	c := &chainer{s: s}
	c.g.load(s)
	c.lk.g = &c.g
	return c
}

func (c *chainer) run() *chainRun {
	if n := len(c.free); n > 0 {
		r := c.free[n-1]
		c.free = c.free[:n-1]
		r.reset()
		return r
	}
	r := &chainRun{}
	r.reset()
	return r
}

func (c *chainer) release(r *chainRun) { c.free = append(c.free, r) }

// chainHint is a chaining step with what SE sorts and compares it by.
type chainHint struct {
	step       *Step
	complexity int
	sortKey    int
}

// chainBase gives the names and ratings of the chain kinds.
const (
	keyCycleX    = 2
	keyCycleY    = 3
	keyCycleXY   = 4
	keyChainX    = 2
	keyChainXY   = 4
	keyDouble    = 1
	keyCell      = 5
	keyRegion    = 6
	keyContra    = 7
	keyNishio    = 7
	techCycle    = "cycle"
	techChain    = "forcing-chain"
	techNishio   = "nishio"
	techMultiple = "multiple-chains"
	techDynamic  = "dynamic-chains"
)

// sortChainHints orders hints as SE does (rating, then complexity, then
// kind, then discovery) and drops hints whose eliminations equal an earlier
// one's.
func sortChainHints(hints []*chainHint) []*chainHint {
	sort.SliceStable(hints, func(i, j int) bool {
		a, b := hints[i], hints[j]
		if a.step.Rating != b.step.Rating {
			return a.step.Rating < b.step.Rating
		}
		if a.complexity != b.complexity {
			return a.complexity < b.complexity
		}
		return a.sortKey < b.sortKey
	})
	var out []*chainHint
	seen := map[string]bool{}
	for _, h := range hints {
		k := removableKey(h.step)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, h)
	}
	return out
}

// removableKey identifies a step's eliminations as a set.
func removableKey(st *Step) string {
	ids := make([]int, len(st.Eliminations))
	for i, e := range st.Eliminations {
		ids[i] = candID(int(e.Cell), int(e.Digit))
	}
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		fmt.Fprintf(&b, "%d,", id)
	}
	return b.String()
}

// emitChainHints sorts hints and passes them on.
func emitChainHints(hints []*chainHint, emit Emit) bool {
	for _, h := range sortChainHints(hints) {
		if !emit(h.step) {
			return false
		}
	}
	return true
}

// potentialName writes a potential: "r1c2=5" (on) or "r1c2<>5" (off).
func potentialName(cell, digit int, on bool) string {
	if on {
		return fmt.Sprintf("%s=%d", sudoku.CellName(cell), digit)
	}
	return fmt.Sprintf("%s<>%d", sudoku.CellName(cell), digit)
}

// chainText writes the main line of a chain from its start to node n, in
// Eureka-like notation: "(5)r1c2=(5)r1c7-(5)r3c8=...": "-" where a true
// potential rules one out, "=" where a false one forces one.
func chainNotation(r *chainRun, n int32) string {
	var seq []int32
	for m := n; m >= 0; {
		seq = append(seq, m)
		x := &r.nodes[m]
		if x.pn == 0 {
			break
		}
		m = r.parents[x.p0]
	}
	slices.Reverse(seq)
	var b strings.Builder
	for i, m := range seq {
		x := &r.nodes[m]
		if i > 0 {
			if x.on {
				b.WriteString(" => ")
			} else {
				b.WriteString(" -> ")
			}
		}
		b.WriteString(potentialName(int(x.cell), int(x.digit), x.on))
	}
	return b.String()
}

// eliminationStep builds the step of a chain that removes candidate
// (cell, digit), or, with place, that places it (removing the cell's others).
func eliminationStep(s *State, cell, digit int, place bool) *Step {
	st := &Step{}
	if place {
		st.Placements = []Candidate{{uint8(cell), uint8(digit)}}
		for _, d := range s.Cands[cell].Without(digit).Slice() {
			st.Eliminations = append(st.Eliminations, Candidate{uint8(cell), uint8(d)})
		}
	} else if s.Cands[cell].Has(digit) {
		st.Eliminations = []Candidate{{uint8(cell), uint8(digit)}}
	}
	return st
}

// --- Producer 21: forcing chains and cycles (static) ---------------------

// findForcingChainsAndCycles finds, without changing the grid while it
// looks, bidirectional cycles (X: 6.5, Y: 6.5, X and Y: 7.0, plus the length
// bonus) and forcing chains (X: 6.6, X and Y: 7.0, plus the bonus; SE 1.2.1
// names a six-node X-chain "Turbot Fish"), in three passes: X-links only,
// Y-links only, both.
func findForcingChainsAndCycles(s *State, emit Emit) bool {
	c := newChainer(s)
	var hints []*chainHint
	for pass := 0; pass < 3; pass++ {
		xLinks, yLinks := pass != 1, pass != 0
		for cell := 0; cell < 81; cell++ {
			cands := s.Cands[cell]
			if cands.Count() < 2 || (pass == 1 && cands.Count() > 2) {
				continue
			}
			for _, d := range cands.Slice() {
				hints = c.cycles(hints, cell, d, xLinks, yLinks)
				if xLinks {
					hints = c.staticChains(hints, cell, d, true, yLinks)
					hints = c.staticChains(hints, cell, d, false, yLinks)
				}
			}
		}
	}
	return emitChainHints(hints, emit)
}

// cycles searches cycles through "cell is d", SE's way: levels of on- and
// off-potentials alternate; off-potentials are not deduplicated, but a
// potential never repeats one of its main ancestors.
func (c *chainer) cycles(hints []*chainHint, cell, d int, xLinks, yLinks bool) []*chainHint {
	r := c.run()
	defer c.release(r)
	root := r.node(cell, d, true)
	r.setOn(candID(cell, d), root)
	pendOn, pendOff := []int32{root}, []int32(nil)
	level := 0
	var closing []int32
	for len(pendOn) > 0 || len(pendOff) > 0 {
		level++
		for _, n := range pendOn {
			x := r.nodes[n]
			for _, q := range c.lk.onToOff(int(x.cell), int(x.digit), yLinks) {
				if r.mainAncestor(n, q.cell, q.digit, false) {
					continue
				}
				m := r.node(q.cell, q.digit, false, n)
				pendOff = append(pendOff, m)
				r.setOff(candID(q.cell, q.digit), m)
			}
		}
		pendOn = pendOn[:0]
		level++
		for _, n := range pendOff {
			x := r.nodes[n]
			for _, q := range c.lk.offToOn(r, int(x.cell), int(x.digit), xLinks, yLinks) {
				id := candID(q.cell, q.digit)
				if level >= 4 && q.cell == cell && q.digit == d {
					closing = append(closing, r.node(q.cell, q.digit, true, n))
				}
				if r.onNode(id) < 0 {
					m := r.node(q.cell, q.digit, true, n)
					r.setOn(id, m)
					pendOn = append(pendOn, m)
				}
			}
		}
		pendOff = pendOff[:0]
	}
	for _, n := range closing {
		if h := c.cycleHint(r, n, xLinks, yLinks); h != nil {
			hints = append(hints, h)
		}
	}
	return hints
}

// cycleHint turns a closed cycle into a step: a candidate that sees a true
// and a false potential of its digit on the cycle (outside the cycle's
// cells) goes.
func (c *chainer) cycleHint(r *chainRun, closing int32, xLinks, yLinks bool) *chainHint {
	var walk []int32
	for m := closing; ; {
		x := &r.nodes[m]
		if x.pn == 0 {
			break // the start node
		}
		walk = append(walk, m)
		m = r.parents[x.p0]
	}
	var cycleCells []int
	for _, m := range walk {
		if c := int(r.nodes[m].cell); !slices.Contains(cycleCells, c) {
			cycleCells = append(cycleCells, c)
		}
	}
	var onSeen, offSeen [729]bool
	var order []int
	for _, m := range walk {
		x := r.nodes[m]
		for _, h := range houseCells[x.cell] {
			hc := int(h)
			if slices.Contains(cycleCells, hc) || !c.g.ref[hc].Has(int(x.digit)) {
				continue
			}
			id := candID(hc, int(x.digit))
			if !onSeen[id] && !offSeen[id] {
				order = append(order, id)
			}
			if x.on {
				onSeen[id] = true
			} else {
				offSeen[id] = true
			}
		}
	}
	st := &Step{}
	for _, id := range order {
		if onSeen[id] && offSeen[id] {
			st.Eliminations = append(st.Eliminations, Candidate{uint8(id / 9), uint8(id%9 + 1)})
		}
	}
	if len(st.Eliminations) == 0 {
		return nil
	}
	complexity := r.ancestors(closing, &c.marks)
	base, key, name := 6.5, keyCycleX, "Bidirectional X-Cycle"
	switch {
	case xLinks && yLinks:
		base, key, name = 7.0, keyCycleXY, "Bidirectional Cycle"
	case yLinks:
		key, name = keyCycleY, "Bidirectional Y-Cycle"
	}
	st.Technique, st.Name, st.Rating = techCycle, name, base+chainBonus(complexity)
	slices.Reverse(cycleCells)
	st.Cells = cycleCells
	st.Detail = fmt.Sprintf("%s: %s", cellList(cycleCells), chainNotation(r, closing))
	return &chainHint{step: st, complexity: complexity, sortKey: key}
}

// staticChains searches forcing chains from "cell is d" (start on) or "cell
// is not d": a chain back to the opposite of the start proves it.
func (c *chainer) staticChains(hints []*chainHint, cell, d int, startOn, yLinks bool) []*chainHint {
	r := c.run()
	defer c.release(r)
	id0 := candID(cell, d)
	root := r.node(cell, d, startOn)
	var pendOn, pendOff []int32
	if startOn {
		r.setOn(id0, root)
		pendOn = append(pendOn, root)
	} else {
		r.setOff(id0, root)
		pendOff = append(pendOff, root)
	}
	target := int32(-1)
	for target < 0 && (len(pendOn) > 0 || len(pendOff) > 0) {
		for _, n := range pendOn {
			x := r.nodes[n]
			for _, q := range c.lk.onToOff(int(x.cell), int(x.digit), yLinks) {
				id := candID(q.cell, q.digit)
				if startOn && id == id0 && target < 0 {
					target = r.node(q.cell, q.digit, false, n)
					break // the one conclusion sought
				}
				if r.offNode(id) >= 0 || r.mainAncestor(n, q.cell, q.digit, false) {
					continue
				}
				m := r.node(q.cell, q.digit, false, n)
				r.setOff(id, m)
				pendOff = append(pendOff, m)
			}
		}
		pendOn = pendOn[:0]
		for _, n := range pendOff {
			x := r.nodes[n]
			for _, q := range c.lk.offToOn(r, int(x.cell), int(x.digit), true, yLinks) {
				id := candID(q.cell, q.digit)
				if !startOn && id == id0 && target < 0 {
					target = r.node(q.cell, q.digit, true, n)
					break
				}
				if r.onNode(id) >= 0 {
					continue
				}
				m := r.node(q.cell, q.digit, true, n)
				r.setOn(id, m)
				pendOn = append(pendOn, m)
			}
		}
		pendOff = pendOff[:0]
	}
	if target < 0 {
		return hints
	}
	st := eliminationStep(c.s, cell, d, !startOn)
	if len(st.Eliminations) == 0 {
		return hints
	}
	complexity := r.ancestors(target, &c.marks)
	base, key, name := 6.6, keyChainX, "Forcing X-Chain"
	if yLinks {
		base, key, name = 7.0, keyChainXY, "Forcing Chain"
	} else if complexity == 6 {
		name = "Turbot Fish"
	}
	st.Technique, st.Name, st.Rating = techChain, name, base+chainBonus(complexity)
	st.Cells = []int{cell}
	st.Digits = sudoku.DigitSet(d)
	st.Detail = chainNotation(r, target)
	return append(hints, &chainHint{step: st, complexity: complexity, sortKey: key})
}
