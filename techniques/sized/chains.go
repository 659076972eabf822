package sized

import (
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// forcingChain is SE's forcing chain: its X-chains rate the registry's
// lowest rating of the technique plus SE's length bonus.
var forcingChain = lookup("forcing-chain")

// xyChainBase is SE's base rating of a forcing chain with both X- and
// Y-links (ForcingChainHint: 7.0; X-links alone: 6.6, the registry's).
const xyChainBase sudoku.Rating = 7.0

// chainBonus is SE's length bonus of a chain of complexity nodes: 0.1 for
// each step of the lengths 4, 6, 8, 12, 16, 24, ... (each 3/2 then 4/3 of
// the one before) that complexity-2 exceeds.
func chainBonus(complexity int) sudoku.Rating {
	added := sudoku.Rating(0)
	length, ceil, grow := complexity-2, 4, true
	for length > ceil {
		added += 0.1
		if grow {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		grow = !grow
	}
	return added
}

// potential is a link end: digit d in cell assumed true (on) or false.
type potential struct {
	cell, d int
	on      bool
}

// chainSearch is the breadth-first search of the static forcing chains on
// one state: for every candidate, the shortest chain of links from "the
// cell is d" to "it is not" (d goes) or from "it is not" to "it is" (d is
// placed), through X-links (a digit's two places in a house) and, in the
// second pass, Y-links (a cell's two candidates) too.
type chainSearch struct {
	s     *State
	t     *tables
	stamp int32
	// seenOn and seenOff are the search's stamp where a potential was
	// reached, its parent the potential it was reached from (id*2+on).
	seenOn, seenOff     []int32
	parentOn, parentOff []int32
}

// id numbers a candidate.
func id(cell, d int) int { return cell<<5 | d }

// findForcingChains finds SE's static forcing chains and bidirectional
// cycles: in a first pass through X-links alone (Bidirectional X-Cycle
// 6.5, four cells: Generalized X-Wing; Forcing X-Chain 6.6, six nodes:
// Turbot Fish), in a second through Y-links alone (Bidirectional Y-Cycle
// 6.5), in a third through both (Bidirectional Cycle, Forcing Chain 7.0),
// each with SE's length bonus. As SE, it keeps every one found, cells in
// reading order, digits from 1, a start's cycles, then its chain from
// "on", then from "off", and emits them ordered by rating, then
// complexity (the chain's nodes), then pass: the first is SE's.
func findForcingChains(s *State, emit Emit) bool {
	for _, h := range forcingChains(s, false) {
		if !emit(h.step) {
			return false
		}
	}
	return true
}

// firstForcingChain returns the step findForcingChains emits first, or
// nil; its searches stop at the length past which a chain would come
// after the best found so far.
func firstForcingChain(s *State) *Step {
	if hints := forcingChains(s, true); len(hints) > 0 {
		return hints[0].step
	}
	return nil
}

// chainHint is a forcing chain or cycle found: its step, its complexity
// (nodes) and its pass's sort key (2: X-links, 3: Y-links, 4: both).
type chainHint struct {
	step       *Step
	complexity int
	pass       int
}

// before reports whether h comes before o in SE's order: rating (SE's
// floating-point figure), then complexity, then pass.
func (h chainHint) before(o chainHint) bool {
	if h.step.Rating != o.step.Rating {
		return h.step.Rating < o.step.Rating
	}
	if h.complexity != o.complexity {
		return h.complexity < o.complexity
	}
	return h.pass < o.pass
}

// forcingChains returns the forcing chains and bidirectional cycles of s
// in SE's order; with bounded, only what can still be the first (the
// first is the same).
func forcingChains(s *State, bounded bool) []chainHint {
	t := s.t
	c := &chainSearch{s: s, t: t}
	size := t.cells << 5
	c.seenOn, c.seenOff = make([]int32, size), make([]int32, size)
	c.parentOn, c.parentOff = make([]int32, size), make([]int32, size)
	var hints []chainHint
	var best *chainHint
	add := func(h chainHint) {
		hints = append(hints, h)
		if best == nil || h.before(*best) {
			hb := h
			best = &hb
		}
	}
	// SE's three passes: X-links, Y-links (cycles only: a forcing chain of
	// Y-links alone cannot be), both; their sort keys 2, 3 and 4.
	for _, pass := range [3]struct {
		x, y bool
		key  int
	}{{true, false, 2}, {false, true, 3}, {true, true, 4}} {
		base := forcingChain.min
		if pass.y {
			base = xyChainBase
		}
		for cell, cands := range s.Cands {
			if count(cands) < 2 || !pass.x && count(cands) > 2 {
				continue
			}
			for x := cands; x != 0; x &= x - 1 {
				d := low(x)
				if !bounded || best == nil || maxComplexity(cycleRating(pass.x, pass.y, 0), pass.key, *best) >= 4 {
					for _, end := range c.cycles(cell, d, pass.x, pass.y) {
						if st, complexity := c.cycleStep(end, pass.x, pass.y); st != nil {
							add(chainHint{st, complexity, pass.key})
						}
					}
				}
				if !pass.x {
					continue
				}
				for _, on := range [2]bool{true, false} {
					limit := 1 << 30
					if bounded && best != nil {
						if limit = maxComplexity(base, pass.key, *best); limit < 2 {
							continue
						}
					}
					if chain := c.shortest(cell, d, on, pass.y, limit); chain != nil {
						add(chainHint{c.chainStep(chain, pass.y), len(chain), pass.key})
					}
				}
			}
		}
	}
	// A stable sort: among equals, the order found, as SE's.
	for i := 1; i < len(hints); i++ {
		for j := i; j > 0 && hints[j].before(hints[j-1]); j-- {
			hints[j-1], hints[j] = hints[j], hints[j-1]
		}
	}
	return hints
}

// maxComplexity is the most nodes a chain of a pass with base rating base
// may have and still come before best (0: none can).
func maxComplexity(base sudoku.Rating, pass int, best chainHint) int {
	k := 1
	for {
		h := chainHint{&Step{Rating: base + chainBonus(k+1)}, k + 1, pass}
		if !h.before(best) {
			return k
		}
		k++
	}
}

// shortest returns the shortest chain from (cell, d, on) to its opposite,
// from its start, or nil when there is none of at most limit nodes.
func (c *chainSearch) shortest(cell, d int, on, y bool, limit int) []potential {
	c.stamp++
	start := potential{cell, d, on}
	c.mark(start, -1)
	frontier := []potential{start}
	var next []potential
	// A chain found at depth links has depth+1 nodes.
	for depth := 1; len(frontier) > 0 && depth+1 <= limit; depth++ {
		next = next[:0]
		for _, p := range frontier {
			var end []potential
			c.links(p, y, func(q potential) {
				if q.cell == cell && q.d == d && q.on != on {
					if end == nil {
						end = c.path(p, q)
					}
					return
				}
				if !c.seen(q) {
					c.mark(q, c.code(p))
					next = append(next, q)
				}
			})
			if end != nil {
				return end
			}
		}
		frontier, next = next, frontier
	}
	return nil
}

// links calls f for every potential p implies through the static links:
// from "on", the cell's other candidates (Y-links) and the digit's other
// places in the cell's box, row and column go off; from "off", the cell's
// other candidate when it has two (Y-links) and the digit's other place in
// each of the cell's box, row and column when it has two there come on.
func (c *chainSearch) links(p potential, y bool, f func(potential)) {
	s, t := c.s, c.t
	if p.on {
		if y {
			for x := s.Cands[p.cell] &^ (1 << p.d); x != 0; x &= x - 1 {
				f(potential{p.cell, low(x), false})
			}
		}
		for _, q := range t.seOrder[p.cell] {
			if s.Cands[q]>>p.d&1 != 0 {
				f(potential{q, p.d, false})
			}
		}
		return
	}
	if x := s.Cands[p.cell]; y && count(x) == 2 {
		f(potential{p.cell, low(x &^ (1 << p.d)), true})
	}
	for _, k := range [3]int{kindBox, kindRow, kindColumn} {
		other := -1
		for _, q := range t.houses[t.of[p.cell][k]] {
			if q == p.cell || s.Cands[q]>>p.d&1 == 0 {
				continue
			}
			if other >= 0 {
				other = -2
				break
			}
			other = q
		}
		if other >= 0 {
			f(potential{other, p.d, true})
		}
	}
}

// code numbers a potential for the parent tables.
func (c *chainSearch) code(p potential) int32 {
	v := int32(id(p.cell, p.d)) << 1
	if p.on {
		v |= 1
	}
	return v
}

// seen reports whether the current search has reached p.
func (c *chainSearch) seen(p potential) bool {
	if p.on {
		return c.seenOn[id(p.cell, p.d)] == c.stamp
	}
	return c.seenOff[id(p.cell, p.d)] == c.stamp
}

// mark records that the search reached p from parent.
func (c *chainSearch) mark(p potential, parent int32) {
	i := id(p.cell, p.d)
	if p.on {
		c.seenOn[i], c.parentOn[i] = c.stamp, parent
	} else {
		c.seenOff[i], c.parentOff[i] = c.stamp, parent
	}
}

// path returns the chain from the start to end, reached from p.
func (c *chainSearch) path(p, end potential) []potential {
	chain := []potential{end}
	for {
		chain = append(chain, p)
		i := id(p.cell, p.d)
		parent := c.parentOff[i]
		if p.on {
			parent = c.parentOn[i]
		}
		if parent < 0 {
			break
		}
		p = potential{int(parent >> 6), int(parent>>1) & 31, parent&1 != 0}
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return chain
}

// chainStep is the step of a chain: "cell is d" leads to "it is not", so d
// goes; or "it is not" leads to "it is", so d is placed.
func (c *chainSearch) chainStep(chain []potential, y bool) *Step {
	start := chain[0]
	s, t := c.s, c.t
	complexity := len(chain)
	st := s.step(forcingChain, forcingChain.min+chainBonus(complexity))
	st.Name = "Forcing X-Chain"
	switch {
	case y:
		st.Name, st.Rating = forcingChain.name, xyChainBase+chainBonus(complexity)
	case complexity == 6:
		st.Name = "Turbot Fish"
	}
	if start.on {
		st.Eliminations = []Candidate{{start.cell, start.d}}
	} else {
		st.Placements = []Candidate{{start.cell, start.d}}
		for x := s.Cands[start.cell] &^ (1 << start.d); x != 0; x &= x - 1 {
			st.Eliminations = append(st.Eliminations, Candidate{start.cell, low(x)})
		}
	}
	st.Cells, st.Digits = []int{start.cell}, 1<<start.d
	// The chain as SE writes it: its last node, the start's opposite, is
	// what the effects say.
	var b strings.Builder
	for i, p := range chain[:len(chain)-1] {
		if i > 0 {
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
	return st
}
