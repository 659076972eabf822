package techniques

import (
	"context"
	"fmt"
	"math/bits"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sudokit/sudokit/sudoku"
)

// The producers that compare runs: Nishio, cell and region (multiple)
// forcing chains, dynamic forcing chains, dynamic forcing chains (+) and
// nested forcing chains (the last two with rules run inside their chains:
// see chain_nested.go). They share one propagation, SE's doChaining: one
// potential at a time, true potentials before false ones; in dynamic mode
// each false potential also leaves the working grid, so that later links
// see the reduced grid (their hidden parents record why). Their search,
// multipleChains, is SE's "multiple chains" search, which all of them
// share.

// chainMode selects a producer's propagation and hints.
type chainMode struct {
	key       string        // Step.Technique
	prefix    string        // name prefix: "", "Dynamic "
	base      sudoku.Rating // rating before the length bonus
	dynamic   bool          // eliminations change the working grid
	yLinks    bool          // cell links (Nishio has none)
	nishio    bool          // only contradictions
	minCands  int           // cells examined: at least this many candidates
	contra    bool          // contradiction hints
	double    bool          // double forcing hints (cells with 3+ candidates)
	multiples bool          // region and cell forcing chains
	level     int           // nesting: 1 adds the basic rules inside the chains
	suffix    string        // name suffix: " (+)"
}

var (
	modeNishio   = chainMode{key: "nishio", base: 7.5, dynamic: true, nishio: true, minCands: 2, contra: true}
	modeMultiple = chainMode{key: "multiple-forcing-chains", base: 8.0, yLinks: true, minCands: 3, multiples: true}
	modeDynamic  = chainMode{key: "dynamic-forcing-chains", prefix: "Dynamic ", base: 8.5, dynamic: true, yLinks: true,
		minCands: 2, contra: true, double: true, multiples: true}
	modeDynamicPlus = chainMode{key: "dynamic-forcing-chains-plus", prefix: "Dynamic ", base: 9.0, dynamic: true, yLinks: true,
		minCands: 2, contra: true, double: true, multiples: true, level: 1, suffix: " (+)"}
)

// propagate runs SE's doChaining in r from one potential.
func (c *chainer) propagate(r *chainRun, cell, d int, on bool, m chainMode) {
	if !m.dynamic {
		c.lk.prepareStatic() // once per search: a static search whose sets make no hint builds no run
	}
	r.reset()
	root := r.node(cell, d, on, causeStart)
	qOn, qOff := r.qOn[:0], r.qOff[:0]
	if on {
		r.setOn(candID(cell, d), root)
		qOn = append(qOn, root)
	} else {
		r.setOff(candID(cell, d), root)
		qOff = append(qOff, root)
	}
	hOn, hOff := 0, 0
	parents := c.parentBuf[:0]
	defer func() { c.parentBuf = parents }()
loop:
	for {
		switch {
		case hOn < len(qOn):
			n := qOn[hOn]
			hOn++
			x := r.nodes[n]
			for _, q := range c.lk.onToOff(int(x.cell), int(x.digit), m.yLinks) {
				id := candID(q.cell, q.digit)
				if r.hasOn(id) {
					r.contraOn, r.contraOff = r.onNode(id), r.node(q.cell, q.digit, false, q.unit, n)
					break loop
				}
				if !r.hasOff(id) {
					k := r.node(q.cell, q.digit, false, q.unit, n)
					r.setOff(id, k)
					qOff = append(qOff, k)
				}
			}
		case hOff < len(qOff):
			n := qOff[hOff]
			hOff++
			x := r.nodes[n]
			links := c.lk.offToOn(r, int(x.cell), int(x.digit), true, m.yLinks)
			if m.dynamic {
				c.g.remove(int(x.cell), int(x.digit))
			}
			for _, q := range links {
				id := candID(q.cell, q.digit)
				isOff := r.hasOff(id)
				if !isOff && r.hasOn(id) {
					continue // known already
				}
				parents = append(parents[:0], n)
				if m.dynamic {
					parents = c.lk.hiddenParents(parents, r, q, int(x.cell), int(x.digit))
				}
				if isOff {
					r.contraOn, r.contraOff = r.node(q.cell, q.digit, true, q.unit, parents...), r.offNode(id)
					break loop
				}
				k := r.node(q.cell, q.digit, true, q.unit, parents...)
				r.setOn(id, k)
				qOn = append(qOn, k)
			}
		default:
			// Nested levels: when the links are exhausted, the basic rules
			// run on the reduced grid, and what they eliminate (because of
			// the chain so far) goes on as new false potentials.
			if m.level == 0 {
				break loop
			}
			added := false
			for _, a := range c.advanced(r, m) {
				id := candID(a.cell, a.digit)
				if r.offNode(id) >= 0 {
					continue
				}
				k := r.node(a.cell, a.digit, false, causeAdvanced, a.parents...)
				r.nodes[k].nest = a.nest
				r.setOff(id, k)
				qOff = append(qOff, k)
				added = true
			}
			if !added {
				break loop
			}
		}
	}
	r.qOn, r.qOff = qOn, qOff
	if m.dynamic {
		c.g.restore()
	}
}

// runCache keeps the runs from "cell is d" of one producer call: region
// chains reuse the runs of other cells. A parallel search also finds the
// runs from "cell is not d" ahead (off).
type runCache struct {
	on, off [729]*chainRun
}

func (c *chainer) onRun(cache *runCache, cell, d int, m chainMode) *chainRun {
	id := candID(cell, d)
	if r := cache.on[id]; r != nil {
		return r
	}
	r := c.run()
	c.propagate(r, cell, d, true, m)
	cache.on[id] = r
	return r
}

// findChaining returns the finder of the producer of mode m (Nishio, cell
// and region, dynamic, dynamic (+) or nested forcing chains).
func findChaining(m chainMode) func(context.Context, *State, *Session, Emit) bool {
	return func(ctx context.Context, s *State, sess *Session, emit Emit) bool {
		c := newChainer(ctx, s, sess)
		defer c.done()
		hints := c.multipleChains(m)
		if c.expired() {
			return true // stopped early: no hints (the caller checks ctx)
		}
		return c.emitChainHints(hints, emit)
	}
}

// multipleChains collects the hints of the producer of mode m, unsorted,
// but only those that can be the first of their elimination set once sorted
// (see hintFirsts). The runs they read are held until c.done.
func (c *chainer) multipleChains(m chainMode) []*chainHint {
	s := c.s
	cache := &c.cache
	clear(cache.on[:])
	clear(cache.off[:])
	// Without nested rules, a start's runs are built only where their sets
	// make a hint (see chain_sets.go); with them, every run is built, on all
	// workers.
	sets := m.level == 0 && !c.allRuns && !c.g.rt.hasCages() // (the sets know no cage links)
	if sets {
		if c.closures == nil {
			c.closures = &closures{}
		}
		c.closures.reset(&c.g)
	} else if w := c.session.workers(); w > 1 {
		c.prefetch(m, w)
	}
	defer func() {
		for _, r := range cache.on {
			if r != nil {
				c.hold(r)
			}
		}
	}()
	c.firsts.reset()
	var hints []*chainHint
	for cell := 0; cell < 81; cell++ {
		cands := s.Cands[cell]
		if cands.Count() < m.minCands {
			continue
		}
		if c.expired() {
			return nil
		}
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			double := m.double && cands.Count() >= 3
			if (m.contra || double) && (!sets || c.startHints(cell, d, m, double)) {
				hints = c.startRunHints(hints, m, cell, d, double)
			}
			if m.multiples {
				hints = c.regionHints(hints, m, cell, d, sets)
			}
		}
		if m.multiples && (c.skip == nil || !c.skip.cells.has(cell)) && (!sets || c.commonSets(cell, -1, 0, m)) {
			runs := c.runsBuf[:0]
			for x := uint16(cands); x != 0; x &= x - 1 {
				runs = append(runs, c.onRun(cache, cell, bits.TrailingZeros16(x), m))
			}
			c.runsBuf = runs
			hints = c.commonHints(hints, m, runs, keyCell, causeCell, chainLabel{cell: cell})
		}
	}
	return c.firsts.compact(hints)
}

// startRunHints adds the contradictions and (double) double forcings of
// the runs from "cell is d" and "cell is not d".
func (c *chainer) startRunHints(hints []*chainHint, m chainMode, cell, d int, double bool) []*chainHint {
	a := c.onRun(&c.cache, cell, d, m)
	b := c.cache.off[candID(cell, d)]
	if b == nil {
		b = c.run()
		c.propagate(b, cell, d, false, m)
	}
	c.hold(b) // kept until the hints are emitted: their details read them
	if m.contra {
		if a.contraOn >= 0 {
			hints = c.binaryHint(hints, m, a, a.contraOn, a, a.contraOff, cell, d, false, true)
		}
		if b.contraOn >= 0 {
			hints = c.binaryHint(hints, m, b, b.contraOn, b, b.contraOff, cell, d, true, true)
		}
	}
	if double {
		for _, x := range a.onOrder {
			xn := a.nodes[x]
			if y := b.onNode(candID(int(xn.cell), int(xn.digit))); y >= 0 {
				hints = c.binaryHint(hints, m, a, x, b, y, int(xn.cell), int(xn.digit), true, false)
			}
		}
		for _, x := range a.offOrder {
			xn := a.nodes[x]
			if y := b.offNode(candID(int(xn.cell), int(xn.digit))); y >= 0 {
				hints = c.binaryHint(hints, m, a, x, b, y, int(xn.cell), int(xn.digit), false, false)
			}
		}
	}
	return hints
}

// regionHints adds the region forcing chains of digit d in the units where
// cell is its first place (with sets, only where the places' sets share a
// conclusion).
func (c *chainer) regionHints(hints []*chainHint, m chainMode, cell, d int, sets bool) []*chainHint {
	if t := c.g.rt; t != nil {
		for k := 0; k < int(t.nh[cell]); k++ {
			h, pos, ok := t.firstPlace(cell, k, d, &c.g.hRef)
			if !ok || (sets && !c.commonSets(-1, h, d, m)) {
				continue
			}
			runs := c.runsBuf[:0]
			for p := pos; p != 0; p &= p - 1 {
				runs = append(runs, c.onRun(&c.cache, int(t.cells[h][lowBit(p)]), d, m))
			}
			c.runsBuf = runs
			hints = c.commonHints(hints, m, runs, keyRegion, h, chainLabel{unit: h, digit: d, rt: t})
		}
		return hints
	}
	for _, kind := range brcKinds {
		u := unitOf(cell, kind)
		pos := c.g.refPos[u][d]
		if popcount16(pos) < 2 || int(sudoku.Units[u][lowBit(pos)]) != cell {
			continue
		}
		if c.skip != nil && c.skip.units[d-1]&(1<<u) != 0 {
			continue
		}
		if sets && !c.commonSets(-1, u, d, m) {
			continue
		}
		runs := c.runsBuf[:0]
		for p := pos; p != 0; p &= p - 1 {
			pc := int(sudoku.Units[u][lowBit(p)])
			runs = append(runs, c.onRun(&c.cache, pc, d, m))
		}
		c.runsBuf = runs
		hints = c.commonHints(hints, m, runs, keyRegion, u, chainLabel{unit: u, digit: d})
	}
	return hints
}

// startHints reports whether the runs from "cell is d" and "cell is not d"
// may make a contradiction or (double) a double forcing: then they are
// built.
func (c *chainer) startHints(cell, d int, m chainMode, double bool) bool {
	a := c.runSets(cell, d, true, m)
	b := c.runSets(cell, d, false, m)
	if m.contra && (a.conflict || b.conflict) {
		return true
	}
	return double && (a.conflict || b.conflict || a.on.meets(&b.on) || a.off.meets(&b.off))
}

// commonSets reports whether the runs from the candidates of cell (unit
// < 0), or from the places of d in unit u, may share a conclusion: then
// they are built.
//
// A run that meets a contradiction stops part way, with sets that depend
// on its order, but they hold no false "x" (x is its start) and no true
// potential of what "x" rules out at once (those are false from its first
// step on): the conclusions the runs may share are those of the others,
// without these.
func (c *chainer) commonSets(cell, u, d int, m chainMode) bool {
	var on, off digitBoards
	for i := range on {
		on[i], off[i] = cellBoard{^uint64(0), ^uint64(0)}, cellBoard{^uint64(0), ^uint64(0)}
	}
	and := func(x, dx int) {
		s := c.runSets(x, dx, true, m)
		if s.conflict {
			off[dx-1][x>>6] &^= 1 << (x & 63)
			p := c.g.rt.peersOf(x)
			on[dx-1][0] &^= p[0]
			on[dx-1][1] &^= p[1]
			if t := c.g.rt; t != nil && t.nc {
				o := &t.orthBoards[x]
				if dx < 9 {
					on[dx][0] &^= o[0]
					on[dx][1] &^= o[1]
				}
				if dx > 1 {
					on[dx-2][0] &^= o[0]
					on[dx-2][1] &^= o[1]
				}
			}
			if m.yLinks {
				for y := uint16(c.g.ref[x].Without(dx)); y != 0; y &= y - 1 {
					on[bits.TrailingZeros16(y)-1][x>>6] &^= 1 << (x & 63)
				}
			}
			return
		}
		for i := range on {
			on[i][0] &= s.on[i][0]
			on[i][1] &= s.on[i][1]
			off[i][0] &= s.off[i][0]
			off[i][1] &= s.off[i][1]
		}
	}
	if u < 0 {
		for x := uint16(c.s.Cands[cell]); x != 0; x &= x - 1 {
			and(cell, bits.TrailingZeros16(x))
		}
	} else if t := c.g.rt; t != nil {
		for p := c.g.hRef[u][d]; p != 0; p &= p - 1 {
			and(int(t.cells[u][lowBit(p)]), d)
		}
	} else {
		for p := c.g.refPos[u][d]; p != 0; p &= p - 1 {
			and(int(sudoku.Units[u][lowBit(p)]), d)
		}
	}
	return on != digitBoards{} || off != digitBoards{}
}

// prefetch runs, on workers goroutines, every propagation the search of
// mode m will read, and keeps them in c.cache, where the search, which then
// runs as it does alone, finds them: the runs do not depend on the order
// they are found in (what the nested rules find is a function of the
// working grid), so the hints and their order are those of a search on one
// goroutine.
func (c *chainer) prefetch(m chainMode, workers int) {
	s := c.s
	type job struct {
		id int
		on bool
	}
	var jobs []job
	var want [2]candSet
	add := func(cell, d int, on bool) {
		id, k := candID(cell, d), 0
		if on {
			k = 1
		}
		if !want[k].has(id) {
			want[k].add(id)
			jobs = append(jobs, job{id, on})
		}
	}
	for cell := 0; cell < 81; cell++ {
		cands := s.Cands[cell]
		if cands.Count() < m.minCands {
			continue
		}
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			add(cell, d, true)
			if m.contra || m.double {
				add(cell, d, false)
			}
			if !m.multiples {
				continue
			}
			if t := c.g.rt; t != nil {
				for k := 0; k < int(t.nh[cell]); k++ {
					if h, pos, ok := t.firstPlace(cell, k, d, &c.g.hRef); ok {
						for p := pos; p != 0; p &= p - 1 {
							add(int(t.cells[h][lowBit(p)]), d, true)
						}
					}
				}
				continue
			}
			for _, kind := range brcKinds {
				u := unitOf(cell, kind)
				pos := c.g.refPos[u][d]
				if popcount16(pos) < 2 || int(sudoku.Units[u][lowBit(pos)]) != cell {
					continue
				}
				for p := pos; p != 0; p &= p - 1 {
					add(int(sudoku.Units[u][lowBit(p)]), d, true)
				}
			}
		}
	}
	runs := make([]*chainRun, len(jobs))
	var next atomic.Int64
	work := func(w *chainer) {
		if !m.dynamic {
			w.lk.prepareStatic()
		}
		for {
			i := int(next.Add(1) - 1)
			if i >= len(jobs) || w.expired() {
				return
			}
			r := w.run()
			w.propagate(r, jobs[i].id/9, jobs[i].id%9+1, jobs[i].on, m)
			runs[i] = r
		}
	}
	var wg sync.WaitGroup
	helpers := make([]*chainer, workers-1)
	for i := range helpers {
		h := chainerPool.Get().(*chainer)
		h.init(s)
		h.stop, h.session = c.stop, c.session
		// The runs a helper finds end up in c's free list (c holds them
		// until the search ends): hand it its share back, so that it does
		// not allocate them anew at every call.
		if n := min(len(c.free), len(jobs)/workers); n > 0 {
			h.free = append(h.free, c.free[len(c.free)-n:]...)
			clear(c.free[len(c.free)-n:])
			c.free = c.free[:len(c.free)-n]
		}
		helpers[i] = h
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(h)
		}()
	}
	work(c)
	wg.Wait()
	for _, h := range helpers {
		h.done()
	}
	for i, j := range jobs {
		if runs[i] == nil {
			continue // expired
		}
		if j.on {
			c.cache.on[j.id] = runs[i]
		} else {
			c.cache.off[j.id] = runs[i]
		}
	}
}

// binaryHint adds the step of two chains: a contradiction (both ends of one
// run: the start is false, or true) or a double forcing (the same
// conclusion from "d" and from "not d").
func (c *chainer) binaryHint(hints []*chainHint, m chainMode, ra *chainRun, a int32, rb *chainRun, b int32,
	cell, d int, on, contradiction bool) []*chainHint {
	set := c.eliminationSet(cell, d, on)
	if set < 0 {
		return hints
	}
	ends := []chainEnd{{ra, a}, {rb, b}}
	complexity := c.complexity(ends)
	key, name := keyDouble, "Double Forcing Chains"
	if contradiction {
		key, name = keyContra, "Contradiction Forcing Chains"
	}
	if m.nishio {
		key, name = keyNishio, "Nishio Forcing Chains"
	}
	rating := m.base + chainBonus(complexity)
	if !c.firsts.better(hints, set, rating, complexity, key) {
		return hints
	}
	st := eliminationStep(c.s, cell, d, on)
	st.Technique, st.Name = m.key, m.prefix+name+m.suffix
	st.Rating = rating
	st.Cells, st.Digits = []int{cell}, sudoku.DigitSet(d)
	detail := func() string {
		st.Chains = [][]Potential{chainPotentials(ra, a, c.g.rt), chainPotentials(rb, b, c.g.rt)}
		return chainNotation(ra, a, c.g.rt) + "; " + chainNotation(rb, b, c.g.rt)
	}
	return c.firsts.add(hints, set, &chainHint{step: st, complexity: complexity, sortKey: key, detail: detail,
		ends: ends, startCause: causeStart})
}

// commonHints adds the steps of conclusions common to every branch: true
// in all (the digit is placed), then false in all (it goes). Branches are
// the candidates of a cell or the places of a digit in a unit.
func (c *chainer) commonHints(hints []*chainHint, m chainMode, runs []*chainRun, key int, startCause int,
	what chainLabel) []*chainHint {
	name := "Cell Forcing Chains"
	if key == keyRegion {
		name = "Region Forcing Chains"
	}
	var common [12]uint64
	for pass := 0; pass < 2; pass++ {
		on := pass == 0
		for i := range common {
			common[i] = ^uint64(0)
		}
		for _, r := range runs {
			bits := &r.offBits
			if on {
				bits = &r.onBits
			}
			for i := range common {
				common[i] &= bits[i]
			}
		}
		if common == [12]uint64{} {
			continue
		}
		order := runs[0].offOrder
		if on {
			order = runs[0].onOrder
		}
		for _, n := range order {
			x := runs[0].nodes[n]
			id := candID(int(x.cell), int(x.digit))
			if common[id>>6]&(1<<(id&63)) == 0 {
				continue
			}
			set := c.eliminationSet(int(x.cell), int(x.digit), on)
			if set < 0 {
				continue
			}
			ends := make([]chainEnd, len(runs))
			for i, r := range runs {
				k := r.offNode(id)
				if on {
					k = r.onNode(id)
				}
				ends[i] = chainEnd{r, k}
			}
			complexity := c.complexity(ends)
			rating := m.base + chainBonus(complexity)
			if !c.firsts.better(hints, set, rating, complexity, key) {
				continue
			}
			st := eliminationStep(c.s, int(x.cell), int(x.digit), on)
			st.Technique, st.Name = m.key, m.prefix+name+m.suffix
			st.Rating = rating
			st.Cells, st.Digits = []int{int(x.cell)}, sudoku.DigitSet(int(x.digit))
			detail := func() string {
				branches := make([]string, len(runs))
				st.Chains = make([][]Potential, len(runs))
				for i, e := range ends {
					branches[i] = chainNotation(e.r, e.n, c.g.rt)
					st.Chains[i] = chainPotentials(e.r, e.n, c.g.rt)
				}
				return fmt.Sprintf("%s: %s", what, strings.Join(branches, "; "))
			}
			hints = c.firsts.add(hints, set, &chainHint{step: st, complexity: complexity, sortKey: key, detail: detail,
				ends: ends, startCause: int8(startCause)})
		}
	}
	return hints
}

// chainLabel names the branches of a cell or region forcing chain: the
// cell's candidates, or the places of digit in unit.
// Under rules that are not classic (rt), the unit is one of their houses.
type chainLabel struct {
	cell, unit, digit int
	rt                *chainRules
}

func (l chainLabel) String() string {
	if l.digit == 0 {
		return sudoku.CellName(l.cell)
	}
	if l.rt != nil {
		return fmt.Sprintf("%d in %s", l.digit, l.rt.houseName(l.unit))
	}
	return fmt.Sprintf("%d in %s", l.digit, unitName(l.unit))
}
