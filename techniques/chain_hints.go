package techniques

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// What the chain producers collect: hints (a step with what SE sorts it
// by), sorted as SE sorts them, the best one per elimination set during a
// search, and the chains' text, written only for a step that is shown.

// chainHint is a chaining step with what SE sorts and compares it by. Its
// Detail, which takes the chains' text, is written only when the step is
// emitted (most hints a producer collects are never shown).
type chainHint struct {
	step       *Step
	complexity int
	sortKey    int
	detail     func() string

	// What nested use reads (see chain_nested.go): the chains' ends; the
	// cause of a cell or region chain's assumptions; whether it is a cycle;
	// for a static forcing chain, which is found on bit sets, its start.
	ends       []chainEnd
	startCause int8
	cycle      bool
	static     *staticStart
	origin     int        // forcing chains and cycles: the start's cell
	facts      *hintFacts // rule parents and identity, once known
}

// hintFacts is what a nested chain gives the chain it serves: what its
// rule parents are made of, and its identity.
type hintFacts struct {
	sources []parentSource
	hash    uint64
}

// chainEnd is the last potential of one chain of a hint.
type chainEnd struct {
	r *chainRun
	n int32
}

// staticStart is where a static forcing chain starts.
type staticStart struct {
	cell, digit    int
	startOn, yLink bool
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
	techCycle    = "bidirectional-cycle"
	techChain    = "forcing-chain"
	techNishio   = "nishio"
	techMultiple = "multiple-chains"
	techDynamic  = "dynamic-chains"
)

// sortChainHints orders hints as SE does (rating, then complexity, then
// kind, then discovery) and drops hints whose eliminations equal an earlier
// one's.
func sortChainHints(hints []*chainHint) []*chainHint {
	slices.SortStableFunc(hints, func(a, b *chainHint) int {
		if c := cmp.Compare(a.step.Rating, b.step.Rating); c != 0 {
			return c
		}
		if c := cmp.Compare(a.complexity, b.complexity); c != 0 {
			return c
		}
		return cmp.Compare(a.sortKey, b.sortKey)
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

// removableKey identifies a step's eliminations as a set: their candidate
// ids, sorted, two bytes each.
func removableKey(st *Step) string {
	var buf [64]int
	ids := buf[:0]
	for _, e := range st.Eliminations {
		ids = append(ids, candID(int(e.Cell), int(e.Digit)))
	}
	slices.Sort(ids)
	b := make([]byte, 2*len(ids))
	for i, id := range ids {
		b[2*i], b[2*i+1] = byte(id>>8), byte(id)
	}
	return string(b)
}

// emitChainHints sorts hints and passes them on, writing their details
// and the steps nested in them.
func (c *chainer) emitChainHints(hints []*chainHint, emit Emit) bool {
	for _, h := range sortChainHints(hints) {
		if h.detail != nil {
			h.step.Detail = h.detail()
		}
		h.step.Nested = c.nestedSteps(h)
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

// chainNotation writes the main line of a chain from its start to node n,
// in Eureka-like notation: "(5)r1c2=(5)r1c7-(5)r3c8=...": "-" where a true
// potential rules one out, "=" where a false one forces one. Under rules
// that are not classic (t), a link through an extra house or a pair rule
// says so: "r5c5<>3 (diagonal 1)", "r4c6<>3 (knight's move from r3c4)".
func chainNotation(r *chainRun, n int32, t *chainRules) string {
	var b strings.Builder
	prev := -1
	for i, m := range mainLine(r, n) {
		x := &r.nodes[m]
		if i > 0 {
			if x.on {
				b.WriteString(" => ")
			} else {
				b.WriteString(" -> ")
			}
		}
		b.WriteString(potentialName(int(x.cell), int(x.digit), x.on))
		if x.nest > 0 {
			// An advanced potential: name the rule that gave it.
			fmt.Fprintf(&b, " (%s)", r.nests[x.nest-1].name)
		} else if why := t.causeReason(int(x.cause), prev); why != "" {
			fmt.Fprintf(&b, " (%s)", why)
		}
		prev = int(x.cell)
	}
	return b.String()
}

// chainPotentials returns the main line of a chain from its start to node
// n, as chainNotation writes it.
func chainPotentials(r *chainRun, n int32, t *chainRules) []Potential {
	line := mainLine(r, n)
	out := make([]Potential, len(line))
	prev := -1
	for i, m := range line {
		x := &r.nodes[m]
		out[i] = Potential{Cell: uint8(x.cell), Digit: uint8(x.digit), On: x.on}
		if x.nest > 0 {
			out[i].Rule = r.nests[x.nest-1].name
		} else {
			out[i].Rule = t.causeReason(int(x.cause), prev)
		}
		prev = int(x.cell)
	}
	return out
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

// eliminationSet names what "cell is d" (on: the cell's other candidates
// go) or "cell is not d" removes from c's state, as a number below 1458,
// one per set: a lone candidate is its id, several (a cell's candidates but
// d) are 729 plus d's id. It is -1 when nothing goes.
func (c *chainer) eliminationSet(cell, d int, on bool) int {
	cands := c.s.Cands[cell]
	if !on {
		if !cands.Has(d) {
			return -1
		}
		return candID(cell, d)
	}
	switch others := cands.Without(d); others.Count() {
	case 0:
		return -1
	case 1:
		return candID(cell, others.First())
	}
	return 729 + candID(cell, d)
}

// hintFirsts keeps, during one multipleChains search, the best hint so far
// of each elimination set (eliminationSet), as its index in the search's
// list. SE sorts a producer's hints (rating, complexity, kind, then the
// order found) and keeps the first of each elimination set
// (sortChainHints): a hint that would not come before the one kept is not
// built, and one that would replaces it, its place in the list emptied
// (firsts.compact), so that the list keeps the order found.
type hintFirsts struct {
	at    [1458]int32
	stamp [1458]uint32 // at[i] is set when stamp[i] == gen
	gen   uint32
}

// reset forgets every hint kept.
func (f *hintFirsts) reset() {
	if f.gen++; f.gen == 0 {
		f.stamp = [1458]uint32{}
		f.gen = 1
	}
}

// better reports whether a hint of elimination set would sort before the
// one kept (if any).
func (f *hintFirsts) better(hints []*chainHint, set int, rating sudoku.Rating, complexity, key int) bool {
	if f.stamp[set] != f.gen {
		return true
	}
	h := hints[f.at[set]]
	if rating != h.step.Rating {
		return rating < h.step.Rating
	}
	if complexity != h.complexity {
		return complexity < h.complexity
	}
	return key < h.sortKey
}

// add appends h, the new best of its elimination set, to hints.
func (f *hintFirsts) add(hints []*chainHint, set int, h *chainHint) []*chainHint {
	if f.stamp[set] == f.gen {
		hints[f.at[set]] = nil
	}
	f.stamp[set], f.at[set] = f.gen, int32(len(hints))
	return append(hints, h)
}

// compact drops the places emptied by better hints.
func (f *hintFirsts) compact(hints []*chainHint) []*chainHint {
	return slices.DeleteFunc(hints, func(h *chainHint) bool { return h == nil })
}
