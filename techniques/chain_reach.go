package techniques

import "math/bits"

// reachTable answers "does this potential imply its own opposite" (a forcing
// chain exists from it) for the static links of one pass, over the whole
// implication graph at once: nodes are potentials (candidate id*2, +1 when
// true), edges the links. The strongly connected components, in
// topological order, carry 64 starting potentials at a time forward as bit
// masks; a start whose bit reaches its opposite's component is forced. The
// forcing-chain search then runs only where a chain exists.
type reachTable struct {
	comp   [1458]int32
	forced [23]uint64 // nodes that imply their opposite
	// The graph's edges: node v's go from start[v] to end[v].
	start, end [1458]int32
	edges      []int32
	// Tarjan's work arrays.
	index, low, cursor [1458]int32
	onStack            [1458]bool
	stack              []int32
	work               []int32
	order              []int32 // nodes by component, components in completion order
	first              []int32 // component c's nodes are order[first[c]:first[c+1]]
	mask               []uint64
	starts             []int32
	roots              []int32
}

// buildReach builds the table for a pass (yLinks: with cell links). A
// digit (1..9) restricts an X pass (no cell links, so each digit's graph
// stands alone) to that digit's potentials; 0 takes them all.
func (cl *chainLinks) buildReach(t *reachTable, yLinks bool, digit int) {
	// The nodes of the grid's candidates (of digit only, when given), in
	// ascending order: cells, then digits, then "off" before "on". Only
	// their entries are set: the others are never reached. Among them, the
	// starts forcing chains and cycles ask about (chainPass): a candidate
	// of a cell with two or more, true, or false where a strong link leads
	// back to it.
	roots, starts := t.roots[:0], t.starts[:0]
	for cell := 0; cell < 81; cell++ {
		cands := uint16(cl.g.ref[cell])
		multi := cl.g.ref[cell].Count() >= 2
		if digit > 0 {
			cands &= 1 << digit
		}
		for x := cands; x != 0; x &= x - 1 {
			id := candID(cell, bits.TrailingZeros16(x))
			v := int32(id * 2)
			roots = append(roots, v, v+1)
			if multi && cl.lk.strongInto(id, true, yLinks) {
				starts = append(starts, v)
			}
			if multi {
				starts = append(starts, v+1)
			}
		}
	}
	t.roots, t.starts = roots, starts
	t.link(&cl.lk, yLinks)
	t.components()
	t.propagateStarts()
}

// link sets the graph's edges from the roots, through the links of lk
// (with cell links when yLinks): the successors of node v are
// t.edges[t.start[v]:t.end[v]].
func (t *reachTable) link(lk *linker, yLinks bool) {
	t.edges = t.edges[:0]
	for _, v := range t.roots {
		t.start[v] = int32(len(t.edges))
		id := v >> 1
		if v&1 == 1 {
			if yLinks {
				for _, x := range lk.onOffCell[id] {
					t.edges = append(t.edges, int32(x)*2)
				}
			}
			for _, x := range lk.onOffRegion[id] {
				t.edges = append(t.edges, int32(linkID(x))*2)
			}
		} else {
			if yLinks && lk.offOnCell[id] >= 0 {
				t.edges = append(t.edges, int32(lk.offOnCell[id])*2+1)
			}
			for _, x := range lk.offOnRegion[id] {
				t.edges = append(t.edges, int32(linkID(x))*2+1)
			}
		}
		t.end[v] = int32(len(t.edges))
	}
}

// components finds the strongly connected components of the graph of the
// roots (comp, order, first) with Tarjan's algorithm, iterative; cursor[v]
// is the next edge to follow.
func (t *reachTable) components() {
	const unseen = -1
	roots := t.roots
	index, low, cursor, onStack := &t.index, &t.low, &t.cursor, &t.onStack
	for _, v := range roots {
		index[v] = unseen
		onStack[v] = false
		t.comp[v] = -1
	}
	stack, work := t.stack[:0], t.work[:0]
	next := int32(0)
	t.order, t.first = t.order[:0], t.first[:0]
	for _, v0 := range roots {
		if index[v0] != unseen {
			continue
		}
		work = append(work[:0], int32(v0))
		for len(work) > 0 {
			v := work[len(work)-1]
			if index[v] == unseen {
				index[v], low[v] = next, next
				next++
				stack = append(stack, v)
				onStack[v] = true
				cursor[v] = t.start[v]
			}
			pushed := false
			for cursor[v] < t.end[v] {
				w := t.edges[cursor[v]]
				cursor[v]++
				if index[w] == unseen {
					work = append(work, w)
					pushed = true
					break
				}
				if onStack[w] && index[w] < low[v] {
					low[v] = index[w]
				}
			}
			if pushed {
				continue
			}
			work = work[:len(work)-1]
			if len(work) > 0 {
				u := work[len(work)-1]
				if low[v] < low[u] {
					low[u] = low[v]
				}
			}
			if low[v] != index[v] {
				continue
			}
			// A component is complete (Tarjan completes them in reverse
			// topological order).
			ci := int32(len(t.first))
			t.first = append(t.first, int32(len(t.order)))
			first := len(stack)
			for {
				first--
				w := stack[first]
				onStack[w] = false
				t.comp[w] = ci
				if w == v {
					break
				}
			}
			t.order = append(t.order, stack[first:]...)
			stack = stack[:first]
		}
	}
	t.first = append(t.first, int32(len(t.order)))
	t.stack, t.work = stack, work
}

// propagateStarts finds the forced nodes: batches of 64 starting nodes go
// through the components in topological order (the reverse of completion),
// each component passing its mask on to the components it links to. A
// start in its opposite's component is forced; one whose opposite's
// component completed after its own comes before it in topological order,
// out of its reach.
func (t *reachTable) propagateStarts() {
	t.forced = [23]uint64{}
	ncomp := len(t.first) - 1
	if cap(t.mask) < ncomp {
		t.mask = make([]uint64, ncomp)
	}
	mask := t.mask[:ncomp]
	starts := t.starts[:0]
	for _, v := range t.starts {
		switch cv, co := t.comp[v], t.comp[v^1]; {
		case co == cv:
			t.forced[v>>6] |= 1 << (v & 63)
		case co < cv:
			starts = append(starts, v)
		}
	}
	t.starts = starts
	for b := 0; b < len(starts); b += 64 {
		batch := starts[b:min(b+64, len(starts))]
		clear(mask)
		// Only the components between the batch's starts and the last of
		// their opposites' can matter.
		high, low := int32(0), int32(ncomp)
		for i, v := range batch {
			mask[t.comp[v]] |= 1 << i
			high = max(high, t.comp[v])
			low = min(low, t.comp[v^1])
		}
		for ci := high; ci >= low; ci-- {
			m := mask[ci]
			if m == 0 {
				continue
			}
			for _, w := range t.order[t.first[ci]:t.first[ci+1]] {
				for _, x := range t.edges[t.start[w]:t.end[w]] {
					mask[t.comp[x]] |= m
				}
			}
		}
		for i, v := range batch {
			if mask[t.comp[v^1]]&(1<<i) != 0 {
				t.forced[v>>6] |= 1 << (v & 63)
			}
		}
	}
}

// implies reports whether potential (id, fromOn) leads to its opposite, for
// the starts forcing chains and cycles try (a candidate of a cell with two
// or more, true, or false where a strong link leads back to it); false for
// others.
func (t *reachTable) implies(id int, fromOn bool) bool {
	v := id * 2
	if fromOn {
		v++
	}
	return t.forced[v>>6]&(1<<(v&63)) != 0
}
