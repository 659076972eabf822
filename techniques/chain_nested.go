package techniques

import (
	"context"
	"math/bits"
	"slices"
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// Dynamic forcing chains (+) (level 1) and nested forcing chains (SE's
// levels 2 to 5). Inside a dynamic chain, when the links run out, SE runs
// other rules on the chain's working grid: the basic ones (see
// nestedRules), and from level 2 whole chaining producers too (see
// nestedChainModes). Each hint such a producer finds there that owes something
// to the chain (its "rule parents": candidates the chain removed that the
// hint's strong links needed) turns its eliminations into new false
// potentials of the chain. The nested chain's complexity counts in the
// complexity of the chains that use it, once per distinct nested chain.

// nestedKind is a producer run inside chains.
type nestedKind int

const (
	nestForcingChains nestedKind = iota // forcing chains and cycles
	nestMultiple                        // multiple forcing chains
	nestDynamic                         // dynamic forcing chains
	nestLevel2                          // dynamic forcing chains (+ forcing chains)
)

// nestedChainModes lists the producers a level adds after the basic rules,
// in SE's order.
func nestedChainModes(level int) []nestedKind {
	switch {
	case level == 2:
		return []nestedKind{nestForcingChains}
	case level == 3:
		return []nestedKind{nestForcingChains, nestMultiple}
	case level == 4:
		return []nestedKind{nestDynamic}
	case level >= 5:
		return []nestedKind{nestDynamic, nestLevel2}
	}
	return nil
}

// nestedSuffix is SE's name suffix of a nesting level.
func nestedSuffix(level int) string {
	switch {
	case level == 1:
		return " (+)"
	case level == 2:
		return " (+ Forcing Chains)"
	case level == 3:
		return " (+ Multiple Forcing Chains)"
	case level == 4:
		return " (+ Dynamic Forcing Chains)"
	case level >= 5:
		return " (+ Dynamic Forcing Chains" + nestedSuffix(level-3) + ")"
	}
	return ""
}

// modeNested returns the producer of nesting level 2 to 5: dynamic forcing
// chains with nested producers, rated 9.5 + 0.5*(level-2) plus the length
// bonus.
func modeNested(level int) chainMode {
	m := modeDynamicPlus
	m.key = nestedKey(level)
	m.base = sudoku.Rating(9.5 + 0.5*float64(level-2))
	m.level = level
	m.suffix = nestedSuffix(level)
	return m
}

// nestedKey is the technique key of a nesting level.
func nestedKey(level int) string {
	return "nested-forcing-chains-" + string(rune('0'+level))
}

// nestRef is the rule behind advanced potentials: its name, and for a
// chaining hint, its complexity and an identity (SE counts a nested chain
// once per hint however many potentials it supplies). To show the rule's
// own step beneath the chain that uses it, a basic rule keeps its step; a
// chaining one keeps the working grid it was found on and its producer, to
// find it again (its chains are gone by then).
type nestRef struct {
	name       string
	chain      bool
	complexity int
	hash       uint64
	step       *Step      // a basic rule's step
	work       *State     // a chaining rule's working grid
	kind       nestedKind // and its producer
}

// advPotential is a false potential found by a nested rule, with the
// earlier eliminations of the chain that made the rule apply, and the rule.
type advPotential struct {
	cell, digit int
	parents     []int32
	nest        int32 // index+1 in the run's nests
}

// nestedRules are the rules tried, in order, inside chains of level 1 and
// up: the first that yields anything is used. Chaining producers follow
// from level 2 (see nestedChainModes).
var nestedRules = []posFinder{lockedWith, hiddenWith(2, false), nakedPairs, fishWith(2)}

// nakedPairs is findNaked(2, false) as a posFinder.
func nakedPairs(s *State, _ *posTable, emit Emit) bool { return findNakedPairs(s, emit) }

var findNakedPairs = findNaked(2, false)

// advanced runs the nested rules on the run's working grid and returns the
// eliminations of the first rule that owes something to the chain: each
// hint must have "rule parents", candidates of the reference grid that the
// chain removed and without which the hint would not exist. What the rules
// find depends on the working grid only, so it is kept per grid.
func (c *chainer) advanced(r *chainRun, m chainMode) []advPotential {
	if c.expired() {
		return nil
	}
	found, ok := c.advCache[c.g.cur]
	if !ok {
		found = c.findAdvanced(m)
		if c.advCache == nil {
			c.advCache = make(map[[81]sudoku.Digits][]advFound)
		}
		c.advCache[c.g.cur] = found
	}
	// The potentials and their parents go in the chainer's buffers: the
	// caller copies them into the run before it calls again.
	out, pbuf := c.advBuf[:0], c.advParents[:0]
	var last *nestRef
	nest := int32(0)
	for _, f := range found {
		start := len(pbuf)
		for _, p := range f.parents {
			if n := r.offNode(p); n >= 0 {
				pbuf = append(pbuf, n)
			}
		}
		if f.rule != last {
			last = f.rule
			r.nests = append(r.nests, f.rule)
			nest = int32(len(r.nests))
		}
		out = append(out, advPotential{f.id / 9, f.id%9 + 1, pbuf[start:len(pbuf):len(pbuf)], nest})
	}
	c.advBuf, c.advParents = out, pbuf
	return out
}

// advFound is a candidate a nested rule eliminates on a working grid, with
// the candidates (ids) of the reference grid the rule needed gone, and the
// rule's hint.
type advFound struct {
	id      int
	parents []int
	rule    *nestRef
}

// findAdvanced runs the nested rules of mode m on the working grid (or
// takes what they found from the session, when one is shared).
func (c *chainer) findAdvanced(m chainMode) []advFound {
	var kept advEntry
	if c.session != nil {
		kept, _ = c.session.entry(&c.g.cur)
	}
	out := kept.basic
	if !kept.basicOK {
		if c.g.rt != nil {
			out = c.basicAdvancedRules()
		} else {
			// The basic rules keep nothing of the state they read: it
			// is the chainer's scratch one.
			c.basicWork = State{Values: c.s.Values, Cands: c.g.cur, Rules: c.s.Rules}
			out = c.basicAdvanced(&c.basicWork, &c.g.curPos)
		}
		if c.session != nil && !c.expired() {
			c.session.setBasic(&c.g.cur, out)
		}
	}
	if len(out) > 0 {
		return out
	}
	// The nested producers' hints keep the grid they were found on.
	work := &State{Values: c.s.Values, Cands: c.g.cur, Rules: c.s.Rules}
	for _, nm := range nestedChainModes(m.level) {
		out = kept.chains[nm]
		if !kept.chainsOK[nm] {
			out = c.nestedChains(work, nm)
			if c.session != nil && !c.expired() {
				c.session.setChains(&c.g.cur, nm, out)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// basicAdvanced runs the basic nested rules on the working grid work: the
// eliminations of the first that finds something owing to the chain. On
// a classic grid, a rule that owedBasic shows has nothing owing to the
// chain there is not run (under other rules, whose latin ones come here
// too, the grid keeps no classic position tables of its own).
func (c *chainer) basicAdvanced(work *State, pos *posTable) []advFound {
	owed := [4]bool{true, true, true, true}
	if c.g.rt == nil {
		owed = c.g.owedBasic(&work.Values)
	}
	for i, rule := range nestedRules {
		if !owed[i] {
			continue
		}
		if out := c.advancedOf(rule, work, pos, nil); len(out) > 0 {
			return out
		}
	}
	return nil
}

// sortedEliminations returns a step's eliminations as candidate ids, in
// ascending order (row-major cells, then digits).
func sortedEliminations(h *Step) []int {
	ids := make([]int, len(h.Eliminations))
	for i, e := range h.Eliminations {
		ids[i] = candID(int(e.Cell), int(e.Digit))
	}
	slices.Sort(ids)
	return ids
}

// ruleParents lists (as candidate ids) the candidates of the reference grid
// that the working grid lost and that a nested rule's hint depends on, as
// Sudoku Explainer defines them for each rule.
func (cl *chainLinks) ruleParents(h *Step) []int {
	ref, cur := &cl.g.ref, &cl.g.cur
	var out []int
	lost := func(cell, d int) bool { return ref[cell].Has(d) && !cur[cell].Has(d) }
	switch h.Technique {
	case "pointing", "claiming", "x-wing":
		// The digit left the base units' cells outside the covers.
		d := h.Digits.First()
		k := len(h.Units) / 2
		bases, covers := h.Units[:k], h.Units[k:]
		for _, b := range bases {
			for _, cell := range sudoku.Units[b] {
				covered := false
				for _, cv := range covers {
					covered = covered || inUnit(int(cell), cv)
				}
				if !covered && lost(int(cell), d) {
					out = append(out, candID(int(cell), d))
				}
			}
		}
	case "hidden-pair":
		// The pair's digits left the unit's other cells.
		u := h.Units[0]
		curPos := &cl.g.curPos
		if cl.g.rt != nil {
			curPos = cl.g.classicPos()
		}
		var mine uint16
		for _, d := range h.Digits.Slice() {
			mine |= curPos[u][d]
		}
		for i, cell := range sudoku.Units[u] {
			if mine>>i&1 != 0 {
				continue
			}
			for _, d := range h.Digits.Slice() {
				if ref[cell].Has(d) {
					out = append(out, candID(int(cell), d))
				}
			}
		}
	case "naked-pair":
		// The pair's cells lost their other digits.
		for _, cell := range h.Cells {
			for _, d := range (ref[cell] &^ h.Digits).Slice() {
				out = append(out, candID(cell, d))
			}
		}
	}
	return out
}

// nestedChains runs a chaining producer on the working grid work and
// returns, for each of its hints (SE's order, equal ones dropped) that owes
// something to the chain, its eliminations.
func (c *chainer) nestedChains(work *State, kind nestedKind) []advFound {
	// A producer's hints on a working grid are kept in the session from
	// one state to the next (their rule parents, measured against each
	// state, are not).
	if c.session != nil {
		if kept, ok := c.session.keptHints(work, kind); ok {
			return c.advancedFromKept(kept, kind)
		}
	}
	nc := c.nestedChainer(work)
	defer nc.finish()
	// The shortcuts that prove a nested search finds nothing are the
	// classic grid's (see chain_quiet.go).
	classic := c.g.rt == nil
	if classic && kind == nestForcingChains && c.outerQuiet() && nc.quietInside(&c.g.ref, &c.g.refPos) {
		return nil
	}
	if classic && kind == nestMultiple && c.outerQuietMultiple() {
		nc.skip = nc.skippableBases(&c.g.ref, &c.g.refPos)
	}
	nc.keep = true
	nc.outer = &c.g.ref
	if kind == nestForcingChains && classic {
		// (With non-consecutive, X-links change digits: the X pass is not
		// one digit's; under other rules it would be, but the cache is
		// kept for classic grids.)
		if c.xCache == nil {
			if c.session != nil {
				c.xCache = c.session.xPass()
			} else {
				c.xCache = newXPassCache()
			}
		}
		nc.xCache = c.xCache
	}
	hints := nc.runNested(kind)
	if c.expired() {
		return nil
	}
	sorted := sortChainHints(hints)
	kept := make([]keptHint, len(sorted))
	for i, h := range sorted {
		sources, hash := nc.chainRuleSources(h)
		kept[i] = keptHint{name: h.step.Name, complexity: h.complexity, hash: hash,
			eliminations: c.g.rt.eliminationOrder(h.step), sources: sources, work: work}
	}
	if c.session != nil {
		c.session.keepHints(work, kind, kept)
	}
	return c.advancedFromKept(kept, kind)
}

// keptHint is a nested chain's hint as a session keeps it: what the chain
// using it needs, its rule parents aside (they depend on the state).
type keptHint struct {
	name         string
	complexity   int
	hash         uint64
	eliminations []int // candidate ids, ascending
	sources      []parentSource
	work         *State // the working grid it was found on
}

// advancedFromKept is nestedChains' answer from the hints found (or kept)
// for a working grid, in SE's order: the eliminations of each that owes
// something to c's chain. A chain takes each elimination from the first
// hint that has it (see advanced): a hint whose eliminations all come
// earlier adds nothing, and its rule parents are not sought.
func (c *chainer) advancedFromKept(kept []keptHint, kind nestedKind) []advFound {
	var out []advFound
	var covered candSet
	for i := range kept {
		k := &kept[i]
		fresh := false
		for _, e := range k.eliminations {
			fresh = fresh || !covered.has(e)
		}
		if !fresh {
			continue
		}
		parents := ruleParentsFrom(k.sources, &c.g.ref, &k.work.Cands, c.g.rt)
		if len(parents) == 0 {
			continue
		}
		ref := &nestRef{name: k.name, chain: true, complexity: k.complexity, hash: k.hash, work: k.work, kind: kind}
		for _, e := range k.eliminations {
			out = append(out, advFound{e, parents, ref})
			covered.add(e)
		}
	}
	return out
}

// runNested runs the producer of a nested kind on c's state.
func (c *chainer) runNested(kind nestedKind) []*chainHint {
	switch kind {
	case nestForcingChains:
		return c.forcingChainsAndCycles(false)
	case nestMultiple:
		return c.multipleChains(modeMultiple)
	case nestDynamic:
		return c.multipleChains(modeDynamic)
	}
	return c.multipleChains(modeNested(2))
}

// nestedSteps returns the steps of the rules nested in a hint's chains,
// in the order the chains' text names them (in parentheses), each once: a
// basic rule's own step, or a nested chain found again on its working
// grid, with its text (and its own nested steps). It runs only for a step
// that is shown.
func (c *chainer) nestedSteps(h *chainHint) []Step {
	var refs []*nestRef
	for _, e := range h.ends {
		if len(e.r.nests) == 0 {
			continue
		}
		for _, m := range mainLine(e.r, e.n) {
			if x := &e.r.nodes[m]; x.nest > 0 {
				if ref := e.r.nests[x.nest-1]; !slices.Contains(refs, ref) {
					refs = append(refs, ref)
				}
			}
		}
	}
	var out []Step
	for _, ref := range refs {
		if !ref.chain {
			out = append(out, *ref.step)
			continue
		}
		if st := foundAgain(ref); st != nil {
			out = append(out, *st)
		}
	}
	return out
}

// foundAgain runs a nested chain's producer again on its working grid and
// returns the hint with the chain's identity, its text written.
func foundAgain(ref *nestRef) *Step {
	nc := newChainer(context.Background(), ref.work, nil)
	defer nc.done()
	nc.keep = true
	for _, h := range sortChainHints(nc.runNested(ref.kind)) {
		if _, hash := nc.chainRuleSources(h); hash != ref.hash {
			continue
		}
		st := *h.step
		if h.detail != nil {
			st.Detail = h.detail()
		}
		st.Nested = nc.nestedSteps(h)
		return &st
	}
	return nil
}

// A nested chain's hint owes something to the chain it serves through
// its rule parents: for every true potential of its chains that a cell or
// a unit forced (or that a cell or region chain assumes), the candidates of
// that cell, or of that digit in that unit, that the chain's reference
// grid has and the working grid lost. chainRuleSources lists those cells
// and units, ruleParentsFrom the candidates.

// parentSource is where a chain's true potential was forced: a cell
// (unit < 0), or a digit in a unit.
type parentSource struct {
	cell, unit, digit int8
}

// ruleParentsFrom lists the candidates that outer has and the working grid
// w lost in the sources, in their order, each once.
func ruleParentsFrom(sources []parentSource, outer, w *[81]sudoku.Digits, t *chainRules) []int {
	var out []int
	var seen candSet
	for _, src := range sources {
		if src.unit < 0 {
			cell := int(src.cell)
			for x := uint16(outer[cell] &^ w[cell]); x != 0; x &= x - 1 {
				if id := candID(cell, bits.TrailingZeros16(x)); !seen.has(id) {
					seen.add(id)
					out = append(out, id)
				}
			}
			continue
		}
		digit := int(src.digit)
		for _, u := range t.houseCellsOf(int(src.unit)) {
			if outer[u].Has(digit) && !w[u].Has(digit) {
				if id := candID(int(u), digit); !seen.has(id) {
					seen.add(id)
					out = append(out, id)
				}
			}
		}
	}
	return out
}

// chainRuleSources lists, in SE's order, where the true potentials of
// chain hint h's chains were forced (see chainRuleParents), and the
// chains' identity.
func (c *chainer) chainRuleSources(h *chainHint) ([]parentSource, uint64) {
	if h.facts != nil {
		return h.facts.sources, h.facts.hash
	}
	var out []parentSource
	collect := func(cell, digit, cause int) {
		switch {
		case cellCause(cause):
			out = append(out, parentSource{int8(cell), -1, 0})
		case cause >= 0:
			out = append(out, parentSource{-1, int8(cause), int8(digit)})
		}
	}
	hash := uint64(14695981039346656037)
	mix := func(x chainNode) {
		v := uint64(candID(int(x.cell), int(x.digit))*2) + 1
		if x.on {
			v++
		}
		hash = (hash ^ v) * 1099511628211
	}

	// A cycle or a static forcing chain is one line of main parents. In a
	// cycle SE reads the line both ways, so its false potentials count
	// too, as true ones of the reversed cycle.
	line := func(r *chainRun, n int32, both bool) {
		for n >= 0 {
			x := r.nodes[n]
			mix(x)
			if x.on || both {
				collect(int(x.cell), int(x.digit), int(x.cause))
			}
			if x.pn == 0 {
				break
			}
			n = r.parents[x.p0]
		}
	}
	switch {
	case h.static != nil:
		r := c.run()
		defer c.release(r)
		st := h.static
		if n := c.staticChains(r, st.cell, st.digit, st.startOn, st.yLink); n >= 0 {
			line(r, n, false)
		}
	case h.cycle:
		hash ^= 0x9e3779b97f4a7c15
		line(h.ends[0].r, h.ends[0].n, true)
	default:
		for _, e := range h.ends {
			hash = (hash ^ 0xff) * 1099511628211
			c.walkChain(e.r, e.n, func(x *chainNode) {
				mix(*x)
				if x.on {
					cause := int(x.cause)
					if cause == causeStart {
						cause = int(h.startCause)
					}
					collect(int(x.cell), int(x.digit), cause)
				}
			})
		}
	}
	return out, hash
}

// complexity is SE's complexity of a hint with these chain ends: the
// potentials each depends on, plus the complexity of each distinct nested
// chain among them.
func (rs *chainRuns) complexity(ends []chainEnd) int {
	total := 0
	nested := false
	for _, e := range ends {
		total += e.r.ancestors(e.n, &rs.marks)
		nested = nested || len(e.r.nests) > 0
	}
	if !nested {
		return total
	}
	var counted []uint64
	for _, e := range ends {
		r := e.r
		if len(r.nests) == 0 {
			continue
		}
		rs.walkChain(r, e.n, func(x *chainNode) {
			if x.nest > 0 {
				if ref := r.nests[x.nest-1]; ref.chain && !containsHash(counted, ref.hash) {
					counted = append(counted, ref.hash)
					total += ref.complexity
				}
			}
		})
	}
	return total
}

// walkChain visits the potentials a chain end depends on, itself first,
// breadth first as SE walks a chain: where a potential has two versions (two
// nodes for one candidate and state), only the first reached is visited.
func (rs *chainRuns) walkChain(r *chainRun, end int32, visit func(x *chainNode)) {
	rs.marks.next()
	queue := append(rs.marks.stack[:0], end)
	for i := 0; i < len(queue); i++ {
		x := &r.nodes[queue[i]]
		key := candID(int(x.cell), int(x.digit)) * 2
		if x.on {
			key++
		}
		if rs.marks.marks[key] == rs.marks.gen {
			continue
		}
		rs.marks.marks[key] = rs.marks.gen
		visit(x)
		queue = append(queue, r.parents[x.p0:x.p0+x.pn]...)
	}
	rs.marks.stack = queue
}

func containsHash(list []uint64, h uint64) bool {
	for _, x := range list {
		if x == h {
			return true
		}
	}
	return false
}

// The X pass of forcing chains and cycles (X-cycles and forcing X-chains)
// sees one digit at a time, and the chains of an outer producer each change
// only a few digits of the working grid: its hints for a digit are kept per
// digit layout, with what their rule parents are made of (the parents
// themselves depend on the outer chain's reference grid), for the session.

// xPassKey is what the X pass sees of a digit: the digit, the cells holding
// it, and those of them that hold nothing else (they start no chain).
type xPassKey [5]uint64

// xPassCache maps a digit layout to the X pass hints of that digit, in the
// order of discovery, with their facts. A session shares one among its
// producers (and their workers), hence the lock.
type xPassCache struct {
	mu sync.Mutex
	m  map[xPassKey][]*chainHint
}

func newXPassCache() *xPassCache { return &xPassCache{m: make(map[xPassKey][]*chainHint)} }

func (x *xPassCache) get(key xPassKey) ([]*chainHint, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	list, ok := x.m[key]
	return list, ok
}

// size is the number of layouts kept.
func (x *xPassCache) size() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.m)
}

func (x *xPassCache) set(key xPassKey, list []*chainHint) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.m[key] = list
}

// xPassCached returns hints with the X pass's added, cell by cell as the pass
// finds them, from the cache where it can.
func (c *chainer) xPassCached(hints []*chainHint) ([]*chainHint, bool) {
	var singles [2]uint64
	for cell := 0; cell < 81; cell++ {
		if c.s.Cands[cell].Count() == 1 {
			singles[cell>>6] |= 1 << (cell & 63)
		}
	}
	var found []*chainHint
	for d := 1; d <= 9; d++ {
		key := xPassKey{uint64(d)}
		for cell := 0; cell < 81; cell++ {
			if c.s.Cands[cell].Has(d) {
				key[1+cell>>6] |= 1 << (cell & 63)
			}
		}
		key[3], key[4] = key[1]&singles[0], key[2]&singles[1]
		list, ok := c.xCache.get(key)
		if !ok {
			c.buildReach(&c.reach[0], false, d)
			if list, ok = c.chainPass(nil, true, false, d); !ok {
				return nil, false
			}
			for _, h := range list {
				sources, hash := c.chainRuleSources(h)
				h.facts = &hintFacts{sources, hash}
				h.ends = nil // its run goes back to the pool
			}
			c.xCache.set(key, list)
		}
		found = append(found, list...)
	}
	// The pass goes cell by cell, then digit by digit.
	slices.SortStableFunc(found, func(a, b *chainHint) int { return a.origin - b.origin })
	for _, h := range found {
		if st := h.static; st != nil && !st.startOn {
			// A chain that places its digit removes the cell's other
			// candidates, which the digit's layout does not show.
			step := eliminationStep(c.s, st.cell, st.digit, true)
			if len(step.Eliminations) == 0 {
				continue
			}
			step.Technique, step.Name, step.Rating = h.step.Technique, h.step.Name, h.step.Rating
			step.Cells, step.Digits = h.step.Cells, h.step.Digits
			copied := *h
			copied.step = step
			h = &copied
		}
		hints = append(hints, h)
	}
	return hints, true
}
