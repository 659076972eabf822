package techniques

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudokit/sudokit/sudoku"
)

// The chain engine under rules that are not classic (variants, jigsaw).
// Classic grids keep the engine's own tables and code paths (boxRowCol,
// posTable, peerBoards); a grid under other rules carries a chainRules,
// built once per set of rules, and the engine takes the paths below, which
// follow Sukaku Explainer 1.18.1's chains (SudokuMonster/SukakuExplainer):
//
//   - "cell is d" rules out d in every other cell of its houses, in SukE's
//     region order (box or region, row, column, disjoint group, window,
//     diagonal 1, diagonal 2, girandola, asterisk, centre dot; each cell
//     once), then in its anti-king partners (the four diagonal
//     neighbours: the others share a row or column) and its anti-knight
//     partners, then, with non-consecutive, d-1 and d+1 in its orthogonal
//     neighbours (up, down, right, left). These links hold in every pass,
//     X links only included: with non-consecutive an X-chain may change
//     digits.
//   - "cell is not d" makes true the other candidate of a cell of two
//     (Y-links), and d's other place in every house (same order) where it
//     has two (X-links).
//   - A cycle rules out what sees a true and a false potential of its
//     digit on it: "sees" is the rules' peers (houses, knight's and king's
//     moves; not non-consecutive neighbours).
//   - Region forcing chains take every house of the cell, in the same
//     order, a house's places in SukE's order of its cells (reading order,
//     but for windoku's two vertical window groups, column by column).
//   - Inside chains (dynamic forcing chains (+) and the nested ones), SukE
//     runs, for grids with extra houses or anti-knight/anti-king, its own
//     rules: generalized intersections (a digit's 2 to 6 places in a house
//     rule it out of every cell that sees them all), hidden pairs in every
//     house, generalized naked pairs (a pair's digits leave every cell that
//     sees both cells), and X-wings on rows and columns. Non-consecutive
//     alone keeps SE's (pointing and claiming, hidden and naked pairs in
//     boxes, rows and columns, X-wings); a jigsaw takes SukE's own as
//     well, its regions as boxes (SukE has no jigsaw: they are sound).
//   - A link through a pair rule counts, for the rule parents of nested
//     chains, as one through the cell (SukE's "naked single" cause).

// chainRules are the tables of one set of rules the chain engine reads.
type chainRules struct {
	rules sudoku.Rules
	n     int // houses
	// cells lists each house's cells in SukE's order: bit i of a position
	// mask (hpos) stands for cells[h][i].
	cells [maxChainHouses][9]uint8
	// houses lists each cell's houses in SukE's region order, nh of them,
	// and index the cell's place in each.
	houses [81][maxCellHouses]uint8
	index  [81][maxCellHouses]uint8
	nh     [81]uint8
	// houseBits: bit h for each house of the cell; boards: each house's
	// cells.
	houseBits [81]uint64
	boards    [maxChainHouses]cellBoard
	// peers are the cells that may not share a cell's digit.
	peers [81]cellBoard
	// pairs are the anti-king then anti-knight partners in SukE's order,
	// np of them, with their cause (causeKing, causeKnight).
	pairs [81][12]pairLink
	np    [81]uint8
	// nc: non-consecutive; orth lists the orthogonal neighbours (up, down,
	// right, left), north of them, and orthBoards holds them as sets.
	nc         bool
	orth       [81][4]uint8
	north      [81]uint8
	orthBoards [81]cellBoard
	// byType lists the houses of each of SukE's region types, in its
	// order of the regions of a type (0 box or region, 1 row, 2 column, 3
	// disjoint group, 4 window, 5 diagonal 1, 6 diagonal 2, 7 girandola, 8
	// asterisk, 9 centre dot).
	byType [10][]uint8
	// latin: SukE runs SE's own rules inside chains (no extra house, no
	// anti-knight or anti-king, no jigsaw: non-consecutive alone).
	latin bool
	// cages are a killer's cages (nil without), cageOf each cell's cage or
	// -1 (see chain_cages.go).
	cages  []chainCage
	cageOf [81]int8
}

// pairLink is a cell a pair rule ties to another, and the rule (a cause).
type pairLink struct {
	cell  uint8
	cause int8
}

const (
	// maxChainHouses bounds the houses of a set of rules (sudoku.MaxHouses):
	// their numbers and the causes of pair links share a link's six bits.
	maxChainHouses = sudoku.MaxHouses
	// maxCellHouses bounds the houses of one cell.
	maxCellHouses = 12
)

// The causes of links through pair rules, beyond every house number: "is
// d" rules d out of its anti-king and anti-knight partners, d-1 and d+1
// out of its non-consecutive neighbours.
const (
	causeKing   = 61
	causeKnight = 62
	causeNC     = 63
)

// cellCause reports whether a true potential's rule parents come from its
// cell (SukE's "naked single" cause): the cell forced it, or, in a cycle
// read backwards, a pair rule ruled it out.
func cellCause(cause int) bool { return cause == causeCell || cause >= causeKing }

// chainRulesCache holds the tables built so far, by rules' names and
// layout; lastChainRules is the pair used last (a search builds many
// chainers, all on one set of rules).
var (
	chainRulesCache sync.Map // ruleKey -> *chainRules
	lastChainRules  atomic.Pointer[rulesAndTables]
)

type rulesAndTables struct {
	r sudoku.Rules
	t *chainRules
}

// ruleKey identifies a set of rules: a killer's by its cages too (every
// killer has its own; cageKey).
type ruleKey struct{ variants, regions, cages string }

// rulesTables returns the chain tables of rules, or nil for classic rules
// (the engine's own tables).
func rulesTables(r sudoku.Rules) *chainRules {
	if r.IsClassic() {
		return nil
	}
	if last := lastChainRules.Load(); last != nil && last.r == r {
		return last.t
	}
	key := ruleKey{r.String(), r.Regions(), cageKey(r)}
	var t *chainRules
	if v, ok := chainRulesCache.Load(key); ok {
		t = v.(*chainRules)
	} else if t = newChainRules(r); chainRulesKept.Add(1) <= maxChainRulesKept {
		// (Jigsaw layouts are many: past the bound, a layout's tables
		// are built again when the last ones used were another's.)
		v, _ := chainRulesCache.LoadOrStore(key, t)
		t = v.(*chainRules)
	}
	lastChainRules.Store(&rulesAndTables{r, t})
	return t
}

// chainRulesKept counts the tables kept in chainRulesCache, at most
// maxChainRulesKept (about 10 KB each).
var chainRulesKept atomic.Int64

const maxChainRulesKept = 512

// newChainRules builds the tables of rules.
func newChainRules(r sudoku.Rules) *chainRules {
	t := &chainRules{rules: r, n: r.NumHouses()}
	if t.n >= causeCage {
		panic("techniques: more houses than the chain engine numbers")
	}
	extra := false
	for h := 0; h < t.n; h++ {
		house := r.House(h)
		cells := house.Cells
		if house.Kind == sudoku.HouseWindowGroup && (house.Number == 3 || house.Number == 4) {
			// SukE's vertical window groups (columns 1, 5, 9) go column
			// by column.
			slices.SortFunc(cells[:], func(a, b uint8) int {
				return int(a%9)*9 + int(a/9) - int(b%9)*9 - int(b/9)
			})
		}
		t.cells[h] = cells
		typ, _ := sukeType(house)
		t.byType[typ] = append(t.byType[typ], uint8(h))
		extra = extra || h >= 27
		for _, c := range cells {
			t.boards[h].add(int(c))
			t.houseBits[c] |= 1 << h
		}
	}
	// Each cell's houses in SukE's order of region types (a cell is in
	// one house of a type at most).
	for c := 0; c < 81; c++ {
		var hs []int
		for x := t.houseBits[c]; x != 0; x &= x - 1 {
			hs = append(hs, bits.TrailingZeros64(x))
		}
		slices.SortStableFunc(hs, func(a, b int) int { return houseType(r, a) - houseType(r, b) })
		if len(hs) > maxCellHouses {
			panic("techniques: a cell in more houses than the chain engine holds")
		}
		t.nh[c] = uint8(len(hs))
		for k, h := range hs {
			t.houses[c][k] = uint8(h)
			t.index[c][k] = uint8(slices.Index(t.cells[h][:], uint8(c)))
		}
		p := r.Peers(c)
		t.peers[c] = cellBoard{p[0], p[1]}
	}
	// Pair links in SukE's order: the anti-king's diagonal neighbours
	// (down-right, down-left, up-left, up-right), then the knight's moves.
	king := [][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	knight := [][2]int{{2, 1}, {2, -1}, {-2, 1}, {-2, -1}, {1, 2}, {1, -2}, {-1, 2}, {-1, -2}}
	orth := [][2]int{{-1, 0}, {1, 0}, {0, 1}, {0, -1}}
	add := func(c int, steps [][2]int, cause int8) {
		for _, s := range steps {
			if rr, cc := c/9+s[0], c%9+s[1]; rr >= 0 && rr < 9 && cc >= 0 && cc < 9 {
				t.pairs[c][t.np[c]] = pairLink{uint8(rr*9 + cc), cause}
				t.np[c]++
			}
		}
	}
	t.nc = r.HasPair(sudoku.NonConsecutive)
	for c := 0; c < 81; c++ {
		if r.HasPair(sudoku.AntiKing) {
			add(c, king, causeKing)
		}
		if r.HasPair(sudoku.AntiKnight) {
			add(c, knight, causeKnight)
		}
		for _, s := range orth {
			if rr, cc := c/9+s[0], c%9+s[1]; rr >= 0 && rr < 9 && cc >= 0 && cc < 9 {
				t.orth[c][t.north[c]] = uint8(rr*9 + cc)
				t.north[c]++
				t.orthBoards[c].add(rr*9 + cc)
			}
		}
	}
	t.latin = !extra && !r.Has("jigsaw") && !r.HasPair(sudoku.AntiKing) && !r.HasPair(sudoku.AntiKnight)
	t.loadCages(r)
	return t
}

// houseName names house h for explanations ("diagonal 1", "row 3").
func (t *chainRules) houseName(h int) string { return t.rules.House(h).Name() }

// causeReason says why a link holds when it is not through a row, a
// column or a box: an extra house ("diagonal 1"), a pair rule ("knight's
// move from r3c4", "next to r3c4 (non-consecutive)"); "" otherwise. from
// is the cell of the potential the link comes from.
func (t *chainRules) causeReason(cause int, from int) string {
	if t == nil {
		return ""
	}
	switch {
	case cause == causeKing:
		return "king's move from " + sudoku.CellName(from)
	case cause == causeKnight:
		return "knight's move from " + sudoku.CellName(from)
	case cause == causeNC:
		return nextToReason(from)
	case cause == causeCage:
		return t.cageName(from)
	case cause >= 27 && cause < t.n:
		return t.houseName(cause)
	}
	return ""
}

// fillHousePositions fills hpos[h][d] (bit i: cells[h][i] has d) from the
// candidates of grid.
func (t *chainRules) fillHousePositions(grid *[81]sudoku.Digits, hpos *[maxChainHouses][10]uint16) {
	for h := 0; h < t.n; h++ {
		hpos[h] = [10]uint16{}
	}
	for c := 0; c < 81; c++ {
		cands := grid[c]
		if cands == 0 {
			continue
		}
		for k := 0; k < int(t.nh[c]); k++ {
			h, bit := t.houses[c][k], uint16(1)<<t.index[c][k]
			for x := uint16(cands); x != 0; x &= x - 1 {
				hpos[h][bits.TrailingZeros16(x)] |= bit
			}
		}
	}
}

// prepareStaticRules is prepareStatic under rules that are not classic.
func (l *linker) prepareStaticRules() {
	g := l.g
	t := g.rt
	boards := &l.boards
	fillDigitBoards(boards, &g.ref)
	for cell := 0; cell < 81; cell++ {
		cands := g.ref[cell]
		for x := uint16(cands); x != 0; x &= x - 1 {
			d := bits.TrailingZeros16(x)
			id := candID(cell, d)
			l.cellLinks(cell, d, cands)
			region, strong := l.onOffRegion[id][:0], l.offOnRegion[id][:0]
			var seen, conjugates cellBoard
			seen.add(cell)
			for k := 0; k < int(t.nh[cell]); k++ {
				h := int(t.houses[cell][k])
				pos := g.hRef[h][d]
				if others := pos &^ (1 << t.index[cell][k]); popcount16(others) == 1 {
					if c := int(t.cells[h][lowBit(others)]); !conjugates.has(c) {
						conjugates.add(c)
						strong = append(strong, packLink(candID(c, d), h))
					}
				}
				for m := pos; m != 0; m &= m - 1 {
					if c := int(t.cells[h][lowBit(m)]); !seen.has(c) {
						seen.add(c)
						region = append(region, packLink(candID(c, d), h))
					}
				}
			}
			for _, p := range t.pairs[cell][:t.np[cell]] {
				if c := int(p.cell); !seen.has(c) && g.ref[c].Has(d) {
					seen.add(c)
					region = append(region, packLink(candID(c, d), int(p.cause)))
				}
			}
			if t.nc {
				for _, n := range t.orth[cell][:t.north[cell]] {
					if d < 9 && g.ref[n].Has(d+1) {
						region = append(region, packLink(candID(int(n), d+1), causeNC))
					}
					if d > 1 && g.ref[n].Has(d-1) {
						region = append(region, packLink(candID(int(n), d-1), causeNC))
					}
				}
			}
			if t.cages != nil {
				region, strong = l.cageStatic(cell, d, region, strong, &seen, &conjugates)
			}
			l.onOffRegion[id], l.offOnRegion[id] = region, strong
		}
	}
}

// onToOffRules is onToOff on the working grid under rules that are not
// classic.
func (l *linker) onToOffRules(cell, digit int, yLinks bool) []link {
	out := l.buf[:0]
	g := l.g
	t := g.rt
	if yLinks {
		for x := uint16(g.cur[cell].Without(digit)); x != 0; x &= x - 1 {
			out = append(out, link{cell: cell, digit: bits.TrailingZeros16(x), unit: causeCell})
		}
	}
	var seen cellBoard
	seen.add(cell)
	for k := 0; k < int(t.nh[cell]); k++ {
		h := int(t.houses[cell][k])
		for m := g.hCur[h][digit]; m != 0; m &= m - 1 {
			if c := int(t.cells[h][lowBit(m)]); !seen.has(c) {
				seen.add(c)
				out = append(out, link{cell: c, digit: digit, unit: h})
			}
		}
	}
	for _, p := range t.pairs[cell][:t.np[cell]] {
		if c := int(p.cell); !seen.has(c) && g.cur[c].Has(digit) {
			seen.add(c)
			out = append(out, link{cell: c, digit: digit, unit: int(p.cause)})
		}
	}
	if t.nc {
		for _, n := range t.orth[cell][:t.north[cell]] {
			if digit < 9 && g.cur[n].Has(digit+1) {
				out = append(out, link{cell: int(n), digit: digit + 1, unit: causeNC})
			}
			if digit > 1 && g.cur[n].Has(digit-1) {
				out = append(out, link{cell: int(n), digit: digit - 1, unit: causeNC})
			}
		}
	}
	if t.cages != nil {
		out = l.cageOnToOff(out, cell, digit, &seen)
	}
	l.buf = out
	return out
}

// offToOnRules is offToOn on the working grid under rules that are not
// classic: the other candidate of a cell of two (Y-links), then the
// digit's other place in each house where it has two (X-links), each
// candidate once.
func (l *linker) offToOnRules(cell, digit int, xLinks, yLinks bool) []link {
	out := l.buf[:0]
	g := l.g
	t := g.rt
	if yLinks && g.cur[cell].Count() == 2 {
		out = append(out, link{cell: cell, digit: g.cur[cell].Without(digit).First(), unit: causeCell})
	}
	if xLinks {
		n0 := len(out)
	houses:
		for k := 0; k < int(t.nh[cell]); k++ {
			h := int(t.houses[cell][k])
			others := g.hCur[h][digit] &^ (1 << t.index[cell][k])
			if popcount16(others) != 1 {
				continue
			}
			other := int(t.cells[h][lowBit(others)])
			for _, q := range out[n0:] {
				if q.cell == other {
					continue houses
				}
			}
			out = append(out, link{cell: other, digit: digit, unit: h})
		}
		if t.cages != nil {
			out = l.cageOffToOn(out, cell, digit)
		}
	}
	l.buf = out
	return out
}

// hiddenParentsRules is hiddenParents' house case under rules that are
// not classic: the run's off-nodes of the places of the digit in house h
// that the reference grid has and the working grid lost, but fromCell.
func (l *linker) hiddenParentsRules(dst []int32, r *chainRun, h, fromCell, fromDigit int) []int32 {
	g := l.g
	t := g.rt
	if h == causeCage {
		return l.cageParents(dst, r, fromCell, fromDigit)
	}
	for m := g.hRef[h][fromDigit] &^ g.hCur[h][fromDigit]; m != 0; m &= m - 1 {
		if c := int(t.cells[h][lowBit(m)]); c != fromCell {
			if n := r.offNode(candID(c, fromDigit)); n >= 0 {
				dst = append(dst, n)
			}
		}
	}
	return dst
}

// strongPartnerRules is strongPartner under rules that are not classic.
func (cl *chainLinks) strongPartnerRules(cell, d int, yLinks bool) int {
	g := &cl.g
	t := g.rt
	if yLinks && g.ref[cell].Count() == 2 {
		return candID(cell, g.ref[cell].Without(d).First())
	}
	for k := 0; k < int(t.nh[cell]); k++ {
		h := int(t.houses[cell][k])
		if others := g.hRef[h][d] &^ (1 << t.index[cell][k]); popcount16(others) == 1 {
			return candID(int(t.cells[h][lowBit(others)]), d)
		}
	}
	return -1
}

// firstPlace returns the k-th house of cell (in SukE's order) and d's
// places there (hpos), and whether d has two places or more there, the
// first of them cell: whether region forcing chains on d in that house
// start from cell.
func (t *chainRules) firstPlace(cell, k, d int, hpos *[maxChainHouses][10]uint16) (h int, pos uint16, ok bool) {
	h = int(t.houses[cell][k])
	pos = hpos[h][d]
	return h, pos, popcount16(pos) >= 2 && int(t.cells[h][lowBit(pos)]) == cell
}

// classicPos returns the positions of the rows, columns and boxes of the
// working grid as a classic position table (for SE's own rules inside
// chains): the rules' first houses are those, in the same order. A
// jigsaw's regions take the boxes' place, their bits in the regions' own
// order: only rules that read rows and columns may then use it.
func (g *chainGrid) classicPos() *posTable {
	return (*posTable)(g.hCur[:len(posTable{})])
}

// peersOf returns the peers of cell: the rules' under t, else classic.
func (t *chainRules) peersOf(cell int) *cellBoard {
	if t == nil {
		return &peerBoards[cell]
	}
	return &t.peers[cell]
}

// houseCellsOf returns the cells of house h in the order of its position
// bits.
func (t *chainRules) houseCellsOf(h int) *[9]uint8 {
	if t == nil {
		return &sudoku.Units[h]
	}
	return &t.cells[h]
}

// houseType is the SukE region type of rules' house h (see sukeType).
func houseType(r sudoku.Rules, h int) int {
	typ, _ := sukeType(r.House(h))
	return typ
}
