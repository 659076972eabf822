package techniques

import (
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// The chain grid and its links: the candidates a run reads (the reference
// grid and the working copy dynamic runs reduce), the linker that turns a
// potential into its consequences (tabulated once for static runs), and
// the bit sets of candidates and cells the searches work on.

// chainGrid is the candidate grid a run works on: the reference (the
// state when the producer started) and the working copy, which dynamic runs
// reduce as they go.
//
// Under rules that are not classic (rt not nil), the positions are those
// of the rules' houses, hRef and hCur (see chain_rules.go), and refPos and
// curPos are not kept.
type chainGrid struct {
	ref, cur       [81]sudoku.Digits
	refPos, curPos posTable
	rt             *chainRules
	hRef, hCur     [maxChainHouses][10]uint16
	cg             cageGrid // a killer's cages (see chain_cages.go)
}

func (g *chainGrid) load(s *State) {
	g.ref = s.Cands
	g.cur = s.Cands
	g.rt = rulesTables(s.Rules)
	if t := g.rt; t != nil {
		t.fillHousePositions(&g.ref, &g.hRef)
		copy(g.hCur[:t.n], g.hRef[:t.n])
		if t.cages != nil {
			g.loadCages(s)
		}
		return
	}
	fillPositions(s, &g.refPos)
	g.curPos = g.refPos
}

// restore undoes a dynamic run's eliminations.
func (g *chainGrid) restore() {
	g.cur = g.ref
	if t := g.rt; t != nil {
		copy(g.hCur[:t.n], g.hRef[:t.n])
		return
	}
	g.curPos = g.refPos
}

// remove takes a candidate out of the working grid.
func (g *chainGrid) remove(cell, digit int) {
	if !g.cur[cell].Has(digit) {
		return
	}
	g.cur[cell] = g.cur[cell].Without(digit)
	if t := g.rt; t != nil {
		for k := 0; k < int(t.nh[cell]); k++ {
			g.hCur[t.houses[cell][k]][digit] &^= 1 << t.index[cell][k]
		}
		return
	}
	u, ix := &sudoku.CellUnits[cell], &indexInUnit[cell]
	g.curPos[u[0]][digit] &^= 1 << ix[0]
	g.curPos[u[1]][digit] &^= 1 << ix[1]
	g.curPos[u[2]][digit] &^= 1 << ix[2]
}

// link is a consequence: a candidate and its cause: the unit (0..26; a
// house of the rules under others) that rules it out or whose two places
// force it, causeCell for the cell, or a pair rule's cause (causeKing,
// causeKnight, causeNC: see chain_rules.go) that rules it out. In dynamic
// mode the hidden parents of a true consequence come from there; they are
// looked up only when the consequence is new.
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
	if g.rt != nil {
		return l.hiddenParentsRules(dst, r, q.unit, fromCell, fromDigit)
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
	// cs and cageBuf: the cage links' solver and scratch (chain_cages.go).
	cs      *cageSolver
	cageBuf []int16

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
// candidates (Y-links). Without one, no cycle closes at "id is true" and no
// chain from "id is false" ends (forcing chains and cycles skip those
// searches).
func (l *linker) strongInto(id int, xLinks, yLinks bool) bool {
	return (xLinks && len(l.offOnRegion[id]) > 0) || (yLinks && l.offOnCell[id] >= 0)
}

// packLink packs a candidate id (10 bits) and a unit into an int16;
// linkID and linkUnit unpack it.
func packLink(id, unit int) int16 { return int16(uint16(id | unit<<10)) }
func linkID(x int16) int          { return int(uint16(x)) & 1023 }
func linkUnit(x int16) int        { return int(uint16(x)) >> 10 }

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
	if g.rt != nil {
		l.prepareStaticRules()
		return
	}
	boards := &l.boards
	fillDigitBoards(boards, &g.ref)
	for cell := 0; cell < 81; cell++ {
		cands := g.ref[cell]
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			id := candID(cell, d)
			l.cellLinks(cell, d, cands)
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
	if g.rt != nil {
		return l.onToOffRules(cell, digit, yLinks)
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
	if g.rt != nil {
		return l.offToOnRules(cell, digit, xLinks, yLinks)
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

// cellBoard is a set of cells: bit c%64 of word c/64.
type cellBoard [2]uint64

func (b *cellBoard) add(c int)      { b[c>>6] |= 1 << (c & 63) }
func (b *cellBoard) has(c int) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *cellBoard) empty() bool    { return b[0]|b[1] == 0 }
func (b *cellBoard) count() int     { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }

// first returns the lowest cell of a set that is not empty.
func (b *cellBoard) first() int {
	if b[0] != 0 {
		return bits.TrailingZeros64(b[0])
	}
	return 64 + bits.TrailingZeros64(b[1])
}

// peerBoards are each cell's 20 peers; unitBoards each unit's cells;
// cellUnitBits each cell's three units, as bits of a unit mask.
var (
	peerBoards   [81]cellBoard
	unitBoards   [27]cellBoard
	cellUnitBits [81]uint32
)

func init() {
	for u := 0; u < 27; u++ {
		for _, c := range sudoku.Units[u] {
			unitBoards[u].add(int(c))
			cellUnitBits[c] |= 1 << u
		}
	}
	// From the units (houseCells may not be filled yet: init functions run
	// in file order).
	for c := 0; c < 81; c++ {
		for _, u := range sudoku.CellUnits[c] {
			peerBoards[c][0] |= unitBoards[u][0]
			peerBoards[c][1] |= unitBoards[u][1]
		}
		peerBoards[c][c>>6] &^= 1 << (c & 63)
	}
}

// digitBoards holds a set of candidates as one cell set per digit (index
// digit-1).
type digitBoards [9]cellBoard

// meets reports whether two sets share a candidate.
func (s *digitBoards) meets(t *digitBoards) bool {
	for i := range s {
		if s[i][0]&t[i][0]|s[i][1]&t[i][1] != 0 {
			return true
		}
	}
	return false
}

// fillDigitBoards sets each digit's board to the cells holding it in ref.
func fillDigitBoards(boards *digitBoards, ref *[81]sudoku.Digits) {
	*boards = digitBoards{}
	for cell := 0; cell < 81; cell++ {
		for x := uint16(ref[cell]); x != 0; x &= x - 1 {
			boards[bits.TrailingZeros16(x)-1].add(cell)
		}
	}
}

// cellLinks sets the links of candidate d of cell (whose candidates are
// cands) within the cell: "cell is d" rules out its other candidates, and
// "cell is not d" makes the other one true when there are two.
func (l *linker) cellLinks(cell, d int, cands sudoku.Digits) {
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
}
