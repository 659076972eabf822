package techniques

import "slices"

// Potentials and runs. A run (chainRun) is one propagation from a start:
// its nodes (chainNode) are the potentials it reached, in order, each with
// its cause and its parents, from which the chains are read back and their
// complexity measured (see the package doc).

// candID numbers a candidate: cell*9 + digit - 1 (0..728).
func candID(cell, digit int) int { return cell*9 + digit - 1 }

// chainNode is a potential reached by a run.
type chainNode struct {
	cell, digit uint8
	on          bool
	cause       int8  // why it holds: causeStart, causeCell, causeAdvanced, a unit (0..26; a house) or a pair rule
	p0, pn      int32 // parents: run.parents[p0 : p0+pn], the main one first
	nest        int32 // advanced potentials of nested chains: index+1 in run.nests
}

// Causes of a potential, as SE records them: the assumption a run starts
// from has none; a consequence comes from its cell (the cell's other
// candidates, or its last two) or from a unit (the digit's other places, or
// its last two there), numbered as sudoku.Units (as the rules number their
// houses, under rules that are not classic, or a pair rule: see
// chain_rules.go); an advanced one from a rule run inside the chain
// (nested levels).
const (
	causeAdvanced = -3
	causeStart    = -2
	causeCell     = -1
)

// chainRun is one propagation: the potentials reached, in order, with their
// parents.
type chainRun struct {
	nodes   []chainNode
	parents []int32
	// onAt and offAt give the node of a candidate's on/off potential, as
	// index+1, when the candidate is in onBits / offBits (the bits are
	// cleared at each reset, the arrays are not). Runs are kept small for
	// the cache: a search holds hundreds of them. A run has fewer than
	// 32,768 nodes: each potential enters a set once, but a cycle search
	// adds off-potentials that enter none, at most 28 per on-potential (20
	// peers, 8 other digits: 20,412 for 729), and closing nodes, at most 4
	// per on-potential (the start's strong partners in its cell and units:
	// 2,916), under 24,100 with the 729 on-potentials. TestRunNodesFitInt16
	// measures real runs.
	onAt, offAt     [729]int16
	onBits, offBits [12]uint64
	// onOrder and offOrder list the nodes of the on- and off-sets in the
	// order they entered them (SE iterates its sets in that order).
	onOrder, offOrder []int32
	// contradiction: the on and off nodes of one candidate, when found.
	contraOn, contraOff int32
	// qOn and qOff are propagate's queues, kept for reuse.
	qOn, qOff []int32
	// nests are the nested chains behind advanced potentials (levels 2 and
	// up).
	nests []*nestRef
}

func (r *chainRun) reset() {
	r.nodes = r.nodes[:0]
	r.parents = r.parents[:0]
	r.onOrder = r.onOrder[:0]
	r.offOrder = r.offOrder[:0]
	clear(r.nests)
	r.nests = r.nests[:0]
	r.onBits, r.offBits = [12]uint64{}, [12]uint64{}
	r.contraOn, r.contraOff = -1, -1
}

// node adds a potential with its cause and parents and returns its index.
func (r *chainRun) node(cell, digit int, on bool, cause int, parents ...int32) int32 {
	// The fields are stored in place: a node built whole and then copied
	// into the slice is written narrow and read back wide, which the
	// processor cannot forward (a stall per node, on the hottest line).
	k := len(r.nodes)
	r.nodes = append(r.nodes, chainNode{})
	x := &r.nodes[k]
	x.cell, x.digit, x.on, x.cause = uint8(cell), uint8(digit), on, int8(cause)
	x.p0, x.pn = int32(len(r.parents)), int32(len(parents))
	r.parents = append(r.parents, parents...)
	return int32(k)
}

// onNode and offNode return the node of a candidate's potential in the
// run's sets, or -1.
func (r *chainRun) onNode(id int) int32 {
	if !r.hasOn(id) {
		return -1
	}
	return int32(r.onAt[id]) - 1
}

func (r *chainRun) offNode(id int) int32 {
	if !r.hasOff(id) {
		return -1
	}
	return int32(r.offAt[id]) - 1
}

// hasOn and hasOff report whether a candidate's potential is in the on- or
// off-set (one memory read; onNode and offNode also find the node).
func (r *chainRun) hasOn(id int) bool  { return r.onBits[id>>6]&(1<<(id&63)) != 0 }
func (r *chainRun) hasOff(id int) bool { return r.offBits[id>>6]&(1<<(id&63)) != 0 }

// setOn and setOff put the node of a potential not in the run yet in the
// on- or off-set.
func (r *chainRun) setOn(id int, n int32) {
	r.onOrder = append(r.onOrder, n)
	r.onBits[id>>6] |= 1 << (id & 63)
	r.onAt[id] = int16(n + 1)
}

func (r *chainRun) setOff(id int, n int32) {
	r.offOrder = append(r.offOrder, n)
	r.offBits[id>>6] |= 1 << (id & 63)
	r.offAt[id] = int16(n + 1)
}

// mainAncestor reports whether the potential (cell, digit, on) is n or one
// of its ancestors along main parents.
func (r *chainRun) mainAncestor(n int32, cell, digit int, on bool) bool {
	for n >= 0 {
		x := &r.nodes[n]
		if int(x.cell) == cell && int(x.digit) == digit && x.on == on {
			return true
		}
		if x.pn == 0 {
			return false
		}
		n = r.parents[x.p0]
	}
	return false
}

// ancestors counts the distinct potentials n depends on through all its
// parents, itself included: SE's complexity of a chain ending at n.
func (r *chainRun) ancestors(n int32, seen *ancestorMarks) int {
	seen.next()
	count := 0
	stack := seen.stack[:0]
	stack = append(stack, n)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x := &r.nodes[m]
		key := candID(int(x.cell), int(x.digit)) * 2
		if x.on {
			key++
		}
		if seen.marks[key] == seen.gen {
			continue
		}
		seen.marks[key] = seen.gen
		count++
		stack = append(stack, r.parents[x.p0:x.p0+x.pn]...)
	}
	seen.stack = stack
	return count
}

// ancestorMarks is scratch space for ancestors.
type ancestorMarks struct {
	marks [1458]uint32
	gen   uint32
	stack []int32
}

func (a *ancestorMarks) next() {
	a.gen++
	if a.gen == 0 {
		a.marks = [1458]uint32{}
		a.gen = 1
	}
}

// mainLine returns the nodes of the chain ending at n along main parents,
// from its start.
func mainLine(r *chainRun, n int32) []int32 {
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
	return seq
}
