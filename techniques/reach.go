package techniques

// reachTable answers "does this potential imply that one" for the static
// links of one pass, over the whole implication graph at once: nodes are
// potentials (candidate id*2, +1 when true), edges the links. Strongly
// connected components and, for each, the set of nodes it reaches (computed
// in reverse topological order) make each question one bit test, so that
// the forcing-chain search runs only where a chain exists.
type reachTable struct {
	comp  [1458]int32
	reach [][23]uint64 // per component: the nodes it reaches
	start [1459]int32
	edges []int32
	stack []int32
	work  []int32
}

// buildReach builds the table for a pass (yLinks: with cell links).
func (c *chainer) buildReach(t *reachTable, yLinks bool) {
	lk := &c.lk
	// Adjacency in compressed rows: the successors of node v are
	// t.edges[t.start[v]:t.start[v+1]].
	t.edges = t.edges[:0]
	for v := 0; v < 1458; v++ {
		t.start[v] = int32(len(t.edges))
		id := v >> 1
		if v&1 == 1 {
			if yLinks {
				for _, x := range lk.onOffCell[id] {
					t.edges = append(t.edges, int32(x)*2)
				}
			}
			for _, x := range lk.onOffRegion[id] {
				t.edges = append(t.edges, int32(x)*2)
			}
			continue
		}
		if yLinks && lk.offOnCell[id] >= 0 {
			t.edges = append(t.edges, int32(lk.offOnCell[id])*2+1)
		}
		for _, x := range lk.offOnRegion[id] {
			t.edges = append(t.edges, int32(x)*2+1)
		}
	}
	t.start[1458] = int32(len(t.edges))

	// Tarjan's algorithm, iterative; cursor[v] is the next edge to follow.
	const unseen = -1
	var index, low, cursor [1458]int32
	var onStack [1458]bool
	for i := range index {
		index[i] = unseen
		t.comp[i] = -1
	}
	stack, work := t.stack[:0], t.work[:0]
	next := int32(0)
	t.reach = t.reach[:0]
	for v0 := 0; v0 < 1458; v0++ {
		if !c.g.ref[v0>>1/9].Has(v0>>1%9+1) || index[v0] != unseen {
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
			for cursor[v] < t.start[v+1] {
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
			// A component is complete; everything it reaches outside
			// itself is already finished (reverse topological order).
			ci := int32(len(t.reach))
			var set [23]uint64
			first := len(stack)
			for {
				first--
				w := stack[first]
				onStack[w] = false
				t.comp[w] = ci
				set[w>>6] |= 1 << (w & 63)
				if w == v {
					break
				}
			}
			for _, w := range stack[first:] {
				for _, x := range t.edges[t.start[w]:t.start[w+1]] {
					if cx := t.comp[x]; cx >= 0 && cx != ci {
						r := &t.reach[cx]
						for i := range set {
							set[i] |= r[i]
						}
					}
				}
			}
			stack = stack[:first]
			t.reach = append(t.reach, set)
		}
	}
	t.stack, t.work = stack, work
}

// implies reports whether potential (id, fromOn) leads to (id2, toOn).
func (t *reachTable) implies(id int, fromOn bool, id2 int, toOn bool) bool {
	v := id * 2
	if fromOn {
		v++
	}
	w := id2 * 2
	if toOn {
		w++
	}
	c := t.comp[v]
	return c >= 0 && t.reach[c][w>>6]&(1<<(w&63)) != 0
}
