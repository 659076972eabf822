package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// The chaining engine follows Sudoku Explainer 1.2.1's chain search, because
// the chains it finds, the parents it records and therefore the complexity
// (the length bonus of the rating) are part of SE's rating.
//
// A potential is a candidate with a truth value: "r1c2 is 5" (on) or "r1c2
// is not 5" (off). Links turn one potential into consequences:
//
//   - on -> off: the cell's other candidates (Y-links, when enabled), then
//     the digit's other places in the cell's box, row and column;
//   - off -> on: the cell's other candidate when it has two (Y-links), and
//     the digit's other place in a box, row or column where it has two
//     (X-links).
//
// A run propagates from starting potentials and records, for every
// potential reached, its parents: the first is the one it was derived from,
// the others ("hidden" parents, dynamic mode only) are the earlier
// eliminations that made a cell or unit hold two candidates. The complexity
// of a conclusion is the number of distinct potentials it depends on.
//
// # Data flow
//
// Each producer call gets a chainer (pooled, with its scratch runs) for the
// state, and its chainGrid: the reference candidates and a working copy.
//
//   - Producer 21, forcing chains and cycles (chain_static.go), never changes the
//     grid: its links are computed once per call (linker.prepareStatic). A
//     reach table (chain_reach.go) says which starts imply their own opposite, so
//     the forcing-chain search, a breadth-first walk on bit sets, runs only
//     where a chain exists; cycles are searched level by level as SE does.
//     Rating needs only the first hint: bounded searches stop where they
//     could no longer beat the best found (chainer.beaten).
//   - Producers 23 to 26 (chain_dynamic.go) run SE's doChaining: one run
//     from "cell is d" and one from "cell is not d" per candidate
//     (chainer.propagate), in dynamic mode removing each false potential
//     from the working grid as it goes. The runs of one call are cached per
//     start (runCache) for the region and cell chains, which compare the
//     runs of a unit's places or a cell's candidates; contradictions and
//     double forcings compare the two runs of one candidate. Without
//     nested rules, the runs' conclusions are first found as bit sets
//     (chain_sets.go) and runs are built only for the starts that make a
//     hint.
//   - Producers 27 to 30, nested chains (chain_nested.go), are dynamic
//     chains in which, when the links run out, other rules run on the
//     working grid (chainer.advanced): first the basic ones, then whole
//     producers, in a child chainer. What they eliminate because of the
//     chain (their "rule parents") becomes new false potentials, marked
//     with the rule (chainNode.nest). Their results are cached per working
//     grid (advCache), and the X pass of an inner producer 21 per digit
//     layout (xPassCache).
//
// Every producer collects chainHints (a step, its complexity, its chain
// ends), sorts them as SE does (sortChainHints: rating, complexity, kind,
// discovery; equal eliminations dropped) and emits them. A step's text is
// written only when it is emitted (chainHint.detail), and the steps of the
// rules nested in it are found again then (chainer.nestedSteps), since the
// runs they came from are given back when the search ends. The searches
// watch the context (chainer.expired) between starts.

// candID numbers a candidate: cell*9 + digit - 1 (0..728).
func candID(cell, digit int) int { return cell*9 + digit - 1 }

// chainNode is a potential reached by a run.
type chainNode struct {
	cell, digit uint8
	on          bool
	cause       int8  // why it holds: causeStart, causeCell, causeAdvanced or a unit (0..26)
	p0, pn      int32 // parents: run.parents[p0 : p0+pn], the main one first
	nest        int32 // advanced potentials of nested chains: index+1 in run.nests
}

// Causes of a potential, as SE records them: the assumption a run starts
// from has none; a consequence comes from its cell (the cell's other
// candidates, or its last two) or from a unit (the digit's other places, or
// its last two there), numbered as sudoku.Units; an advanced one from a
// rule run inside the chain (nested levels).
const (
	causeAdvanced = -3
	causeStart    = -2
	causeCell     = -1
)

// chainGrid is the candidate grid a run works on: the reference (the
// state when the producer started) and the working copy, which dynamic runs
// reduce as they go.
type chainGrid struct {
	ref, cur       [81]sudoku.Digits
	refPos, curPos posTable
}

func (g *chainGrid) load(s *State) {
	g.ref = s.Cands
	g.cur = s.Cands
	fillPositions(s, &g.refPos)
	g.curPos = g.refPos
}

// restore undoes a dynamic run's eliminations.
func (g *chainGrid) restore() {
	g.cur = g.ref
	g.curPos = g.refPos
}

// remove takes a candidate out of the working grid.
func (g *chainGrid) remove(cell, digit int) {
	if !g.cur[cell].Has(digit) {
		return
	}
	g.cur[cell] = g.cur[cell].Without(digit)
	u, ix := &sudoku.CellUnits[cell], &indexInUnit[cell]
	g.curPos[u[0]][digit] &^= 1 << ix[0]
	g.curPos[u[1]][digit] &^= 1 << ix[1]
	g.curPos[u[2]][digit] &^= 1 << ix[2]
}

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

// link is a consequence: a candidate and its cause: the unit (0..26) that
// rules it out or whose two places force it, or causeCell for the cell. In
// dynamic mode the hidden parents of a true consequence come from there;
// they are looked up only when the consequence is new.
type link struct {
	cell, digit int
	unit        int
}

// hiddenParents appends to dst the run's off-nodes of the candidates that
// were in the reference grid and are gone, for the cell (unit -1) or for the
// digit in a unit, in SE's order.
func (l *linker) hiddenParents(dst []int32, r *chainRun, q link, fromCell, fromDigit int) []int32 {
	g := l.g
	// The source candidate itself may already be gone from the working grid
	// (it is the main parent, not a hidden one).
	if q.unit < 0 {
		for x := uint16((g.ref[fromCell] &^ g.cur[fromCell]).Without(fromDigit)); x != 0; x &= x - 1 {
			if n := r.offNode(candID(fromCell, bits.TrailingZeros16(x))); n >= 0 {
				dst = append(dst, n)
			}
		}
		return dst
	}
	for m := g.refPos[q.unit][fromDigit] &^ g.curPos[q.unit][fromDigit]; m != 0; m &= m - 1 {
		if c := int(sudoku.Units[q.unit][lowBit(m)]); c != fromCell {
			if n := r.offNode(candID(c, fromDigit)); n >= 0 {
				dst = append(dst, n)
			}
		}
	}
	return dst
}

// linker computes consequences on a chain grid.
type linker struct {
	g   *chainGrid
	buf []link

	// Static links of the reference grid, computed once (static producers
	// never change the grid): per candidate id, the consequences.
	// Region links are packed with their unit (see packLink).
	static      bool
	onOffCell   [729][]int16 // the cell's other candidates
	onOffRegion [729][]int16 // the digit's other places in box, row, column
	offOnCell   [729]int16   // the other candidate of a two-candidate cell, or -1
	offOnRegion [729][]int16 // the digit's other place where it has two
	// The reference grid's candidates, one cell set per digit.
	boards digitBoards

	// The same links as sets, for breadth-first searches on bit sets.
	masks                  bool
	onOffMaskX, onOffMaskY [729]candSet // Y includes the cell's others
	offOnMaskX, offOnMaskY [729]candSet // X: conjugates; Y: the bivalue partner
}

// strongInto reports whether a static strong link leads back to candidate
// id: its digit has two places in a unit (X-links), or its cell two
// candidates (Y-links). Without one, no cycle closes at "id is true" and
// no chain from "id is false" ends (producer 21 skips those searches).
func (l *linker) strongInto(id int, xLinks, yLinks bool) bool {
	return (xLinks && len(l.offOnRegion[id]) > 0) || (yLinks && l.offOnCell[id] >= 0)
}

// packLink packs a candidate id (10 bits) and a unit into an int16;
// linkID and linkUnit unpack it.
func packLink(id, unit int) int16 { return int16(id | unit<<10) }
func linkID(x int16) int          { return int(x) & 1023 }
func linkUnit(x int16) int        { return int(x) >> 10 }

// candSet is a set of candidate ids.
type candSet [12]uint64

func (s *candSet) add(id int)      { s[id>>6] |= 1 << (id & 63) }
func (s *candSet) has(id int) bool { return s[id>>6]&(1<<(id&63)) != 0 }

// prepareMasks fills the static link masks (after prepareStatic).
func (l *linker) prepareMasks() {
	if l.masks {
		return
	}
	l.masks = true
	// Only the grid's candidates: the searches reach no others.
	for cell := 0; cell < 81; cell++ {
		for x := uint16(l.g.ref[cell]); x != 0; x &= x - 1 {
			l.prepareMasksOf(candID(cell, bits.TrailingZeros16(x)))
		}
	}
}

// prepareMasksOf fills the static link masks of one candidate.
func (l *linker) prepareMasksOf(id int) {
	l.onOffMaskX[id], l.onOffMaskY[id], l.offOnMaskX[id], l.offOnMaskY[id] = candSet{}, candSet{}, candSet{}, candSet{}
	for _, x := range l.onOffRegion[id] {
		l.onOffMaskX[id].add(linkID(x))
	}
	l.onOffMaskY[id] = l.onOffMaskX[id]
	for _, x := range l.onOffCell[id] {
		l.onOffMaskY[id].add(int(x))
	}
	for _, x := range l.offOnRegion[id] {
		l.offOnMaskX[id].add(linkID(x))
	}
	if x := l.offOnCell[id]; x >= 0 {
		l.offOnMaskY[id].add(int(x))
	}
}

// prepareStatic computes the static link tables of the reference grid,
// from its candidates as one cell set per digit (a unit's cells are in
// ascending order, so its set's bits come in the unit's order).
func (l *linker) prepareStatic() {
	if l.static {
		return
	}
	l.static = true
	l.masks = false
	g := l.g
	boards := &l.boards
	*boards = digitBoards{}
	for cell := 0; cell < 81; cell++ {
		for x := uint16(g.ref[cell]); x != 0; x &= x - 1 {
			boards[bits.TrailingZeros16(x)-1].add(cell)
		}
	}
	for cell := 0; cell < 81; cell++ {
		cands := g.ref[cell]
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			id := candID(cell, d)
			onOffCell := l.onOffCell[id][:0]
			for y := uint16(cands.Without(d)); y != 0; y &= y - 1 {
				onOffCell = append(onOffCell, int16(candID(cell, bits.TrailingZeros16(y))))
			}
			l.onOffCell[id] = onOffCell
			l.offOnCell[id] = -1
			if cands.Count() == 2 {
				l.offOnCell[id] = int16(candID(cell, cands.Without(d).First()))
			}
			// Each cell once, in SE's order: box, row, column; and the
			// conjugates (d's other place in a unit where it has two).
			b := &boards[d-1]
			rest := *b
			rest[cell>>6] &^= 1 << (cell & 63)
			region, strong := l.onOffRegion[id][:0], l.offOnRegion[id][:0]
			var conjugates cellBoard
			for _, u := range boxRowCol[cell] {
				ub := &unitBoards[u]
				if places := (cellBoard{b[0] & ub[0], b[1] & ub[1]}); places.count() == 2 {
					places[cell>>6] &^= 1 << (cell & 63)
					if c := places.first(); !conjugates.has(c) {
						conjugates.add(c)
						strong = append(strong, packLink(candID(c, d), int(u)))
					}
				}
				m := cellBoard{rest[0] & ub[0], rest[1] & ub[1]}
				rest[0] &^= m[0]
				rest[1] &^= m[1]
				for ; m[0] != 0; m[0] &= m[0] - 1 {
					region = append(region, packLink(candID(bits.TrailingZeros64(m[0]), d), int(u)))
				}
				for ; m[1] != 0; m[1] &= m[1] - 1 {
					region = append(region, packLink(candID(64+bits.TrailingZeros64(m[1]), d), int(u)))
				}
			}
			l.onOffRegion[id], l.offOnRegion[id] = region, strong
		}
	}
}

// onToOff lists what "cell is digit" rules out: with Y-links the cell's
// other candidates (ascending), then the digit's other places in the box,
// row and column (each cell once).
func (l *linker) onToOff(cell, digit int, yLinks bool) []link {
	out := l.buf[:0]
	g := l.g
	if l.static {
		id := candID(cell, digit)
		if yLinks {
			for _, x := range l.onOffCell[id] {
				out = append(out, link{cell: int(x) / 9, digit: int(x)%9 + 1, unit: causeCell})
			}
		}
		for _, x := range l.onOffRegion[id] {
			x, u := linkID(x), linkUnit(x)
			out = append(out, link{cell: x / 9, digit: x%9 + 1, unit: u})
		}
		l.buf = out
		return out
	}
	if yLinks {
		for x := uint16(g.cur[cell].Without(digit)); x != 0; x &= x - 1 {
			out = append(out, link{cell: cell, digit: bits.TrailingZeros16(x), unit: causeCell})
		}
	}
	var seen cellBoard
	seen.add(cell)
	for _, u := range boxRowCol[cell] {
		for m := g.curPos[u][digit]; m != 0; m &= m - 1 {
			c := int(sudoku.Units[u][bits.TrailingZeros16(m)])
			if seen.has(c) {
				continue
			}
			seen.add(c)
			out = append(out, link{cell: c, digit: digit, unit: int(u)})
		}
	}
	l.buf = out
	return out
}

// boxRowCol lists each cell's box, row and column, SE's region order; and
// indexIn the cell's index in each.
var (
	boxRowCol [81][3]uint8
	indexIn   [81][3]uint8
)

func init() {
	// Computed from coordinates here: init functions of other files (such as
	// the one filling indexInUnit) may not have run yet.
	for c := 0; c < 81; c++ {
		r, col := c/9, c%9
		boxRowCol[c] = [3]uint8{uint8(18 + r/3*3 + col/3), uint8(r), uint8(9 + col)}
		indexIn[c] = [3]uint8{uint8(r%3*3 + col%3), uint8(col), uint8(r)}
	}
}

// offToOn lists what "cell is not digit" forces: with Y-links the cell's
// other candidate when it has two, with X-links the digit's other place in
// each box, row and column where it has two. In dynamic mode, hidden
// parents are the run's off-nodes of the candidates that were in the
// reference grid and are gone. Each candidate appears once.
func (l *linker) offToOn(r *chainRun, cell, digit int, xLinks, yLinks bool) []link {
	out := l.buf[:0]
	g := l.g
	if l.static {
		id := candID(cell, digit)
		if yLinks && l.offOnCell[id] >= 0 {
			x := int(l.offOnCell[id])
			out = append(out, link{cell: x / 9, digit: x%9 + 1, unit: causeCell})
		}
		if xLinks {
			for _, x := range l.offOnRegion[id] {
				x, u := linkID(x), linkUnit(x)
				out = append(out, link{cell: x / 9, digit: x%9 + 1, unit: u})
			}
		}
		l.buf = out
		return out
	}
	if yLinks && g.cur[cell].Count() == 2 {
		other := g.cur[cell].Without(digit).First()
		out = append(out, link{cell: cell, digit: other, unit: causeCell})
	}
	if xLinks {
		first := -1 // the other cell found so far, to drop a repeat
		for k, u := range boxRowCol[cell] {
			pos := g.curPos[u][digit]
			if popcount16(pos) != 2 {
				continue
			}
			other := int(sudoku.Units[u][lowBit(pos&^(1<<indexIn[cell][k]))])
			if other == first || (len(out) > 0 && out[len(out)-1].cell == other && out[len(out)-1].digit == digit) {
				continue
			}
			if first < 0 {
				first = other
			}
			out = append(out, link{cell: other, digit: digit, unit: int(u)})
		}
	}
	l.buf = out
	return out
}
