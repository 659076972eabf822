package sized

import (
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// bidirectionalCycle is SE's bidirectional cycle: its X- and Y-cycles rate
// the registry's lowest rating of the technique plus SE's length bonus;
// cycles with both kinds of links xyChainBase and the bonus.
var bidirectionalCycle = lookup("bidirectional-cycle")

// node is a potential reached by the cycle search, with the potential it
// was reached from (nil for the start).
type node struct {
	potential
	parent *node
}

// cycleSearch is SE's search for bidirectional cycles from one start
// ("the cell is d"), breadth first and level by level as SE's: a level of
// "off" potentials may hold one potential several times, reached from
// different parents (only a potential's own ancestors are kept out),
// while an "on" potential is reached once.
func (c *chainSearch) cycles(cell, d int, x, y bool) []*node {
	source := potential{cell, d, true}
	start := &node{potential: source}
	c.stamp++
	c.mark(source, -1)
	pendingOn := []*node{start}
	var pendingOff []*node
	var found []*node
	length := 0
	for len(pendingOn) > 0 || len(pendingOff) > 0 {
		length++
		for _, p := range pendingOn {
			c.linksX(p.potential, y, true, func(q potential) {
				if !ancestor(p, q) {
					pendingOff = append(pendingOff, &node{q, p})
				}
			})
		}
		pendingOn = pendingOn[:0]
		length++
		for _, p := range pendingOff {
			c.linksX(p.potential, y, x, func(q potential) {
				if length >= 4 && q == source {
					found = append(found, &node{q, p})
				}
				if !c.seen(q) {
					c.mark(q, 0)
					pendingOn = append(pendingOn, &node{q, p})
				}
			})
		}
		pendingOff = pendingOff[:0]
	}
	return found
}

// ancestor reports whether q is a strict ancestor of p.
func ancestor(p *node, q potential) bool {
	for a := p.parent; a != nil; a = a.parent {
		if a.potential == q {
			return true
		}
	}
	return false
}

// linksX is links with SE's switches for cycles: from "on", Y-links (the
// cell's other candidates) only with y, the digit's other places always;
// from "off", Y-links (a bivalue cell) only with y, X-links (a digit's two
// places in a house) only with x. Each potential once, in SE's order.
func (c *chainSearch) linksX(p potential, y, x bool, f func(potential)) {
	if p.on || x {
		c.links(p, y, f)
		return
	}
	if cands := c.s.Cands[p.cell]; y && count(cands) == 2 {
		f(potential{p.cell, low(cands &^ (1 << p.d)), true})
	}
}

// cycleStep is the step of a cycle closed at end (the start reached
// again): every candidate outside the cycle's cells that sees one of its
// "on" potentials and one of its "off" potentials of the same digit goes.
// Nil when nothing goes.
func (c *chainSearch) cycleStep(end *node, x, y bool) (*Step, int) {
	s, t := c.s, c.t
	var nodes []*node // the cycle, from end back to the start (excluded)
	var cells []int
	inCycle := map[int]bool{}
	for p := end; p.parent != nil; p = p.parent {
		nodes = append(nodes, p)
		if !inCycle[p.cell] {
			inCycle[p.cell] = true
			cells = append(cells, p.cell)
		}
	}
	type cand struct{ cell, d int }
	forw, back := map[cand]bool{}, map[cand]bool{}
	for _, p := range nodes {
		for _, q := range t.seOrder[p.cell] {
			if inCycle[q] || s.Cands[q]>>p.d&1 == 0 {
				continue
			}
			if p.on {
				forw[cand{q, p.d}] = true
			} else {
				back[cand{q, p.d}] = true
			}
		}
	}
	var elim []Candidate
	seen := map[cand]bool{}
	// In the order a walk back from the end sees them, as SE's.
	for _, p := range nodes {
		for _, q := range t.seOrder[p.cell] {
			k := cand{q, p.d}
			if forw[k] && back[k] && !seen[k] {
				seen[k] = true
				elim = append(elim, Candidate{q, p.d})
			}
		}
	}
	if len(elim) == 0 {
		return nil, 0
	}
	// The complexity: the cycle's distinct potentials.
	distinct := map[potential]bool{}
	for _, p := range nodes {
		distinct[p.potential] = true
	}
	complexity := len(distinct)
	base, name := bidirectionalCycle.min, "Bidirectional X-Cycle"
	switch {
	case x && y:
		base, name = xyChainBase, bidirectionalCycle.name
	case y:
		name = "Bidirectional Y-Cycle"
	case len(cells) == 4:
		name = "Generalized X-Wing"
	}
	st := s.step(bidirectionalCycle, base+chainBonus(complexity))
	st.Name = name
	st.Eliminations = elim
	slices.Reverse(cells)
	st.Cells = cells
	var b strings.Builder
	b.WriteString(t.cellList(cells) + ": ")
	// The cycle from its start to its end, the start again.
	walk := append(nodes, &node{potential{end.cell, end.d, true}, nil})
	for i := len(walk) - 1; i >= 0; i-- {
		p := walk[i]
		if i < len(walk)-1 {
			if p.on {
				b.WriteString(" => ")
			} else {
				b.WriteString(" -> ")
			}
		}
		b.WriteString(t.shape.CellName(p.cell))
		if p.on {
			b.WriteString("=")
		} else {
			b.WriteString("<>")
		}
		b.WriteString(digitList(1 << p.d))
	}
	st.Detail = b.String()
	return st, complexity
}

// cycleRating is the rating of a cycle of complexity nodes in a pass.
func cycleRating(x, y bool, complexity int) sudoku.Rating {
	if x && y {
		return xyChainBase + chainBonus(complexity)
	}
	return bidirectionalCycle.min + chainBonus(complexity)
}
