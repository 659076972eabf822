package techniques

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sudokit/sudokit/sudoku"
)

// Under classic rules the finders use the fixed tables of package sudoku
// (Units, CellUnits, Peers) and their own fast paths. Under any other
// rules (variants, jigsaw) they read a houseTable: the rules' houses and
// peers, with the orders in which Sukaku Explainer 1.18.1 (SukE), the
// Sudoku Explainer fork that rates variants, scans them. SukE applies the
// first step it finds, so these orders decide the path, as SE's own
// orders do for classic puzzles.

// SukE's region types, in the order of its region tables: boxes (a
// jigsaw's regions take their place), rows, columns, then the variants'
// groups. The finders visit houses by type, in orders of their own (see
// houseTable).
const (
	typeBox       = iota // a box, or a jigsaw's region
	typeRow              // a row
	typeColumn           // a column
	typeDisjoint         // a disjoint group
	typeWindow           // a window, or one of the five groups the windows imply
	typeDiagMain         // diagonal 1, r1c1..r9c9
	typeDiagAnti         // diagonal 2, r1c9..r9c1
	typeGirandola        // girandola
	typeAsterisk         // asterisk
	typeCenterDot        // centre dot
	numTypes
)

// maxMemberships bounds the houses one cell is in (row, column, box, two
// diagonals, window, disjoint group, asterisk, girandola: fewer for any
// rules sudoku accepts).
const maxMemberships = 12

// membership is a house a cell is in and the cell's index in it.
type membership struct{ house, index uint8 }

// houseTable holds the houses of one set of rules, and the orders in which
// the finders scan them under those rules.
type houseTable struct {
	rules sudoku.Rules
	n     int // the number of houses
	// cells lists each house's cells in SukE's order: reading order, but
	// column by column for the two window groups on columns 1, 5 and 9.
	cells [sudoku.MaxHouses][9]uint8
	set   [sudoku.MaxHouses]sudoku.CellSet
	typ   [sudoku.MaxHouses]uint8
	// byType lists the houses of each SukE type in SukE's order.
	byType [numTypes][]uint8
	// typeHouse is the house of each type that holds a cell, or -1.
	typeHouse [81][numTypes]int8
	// member lists each cell's houses, with its index in each.
	member  [81][maxMemberships]membership
	members [81]uint8
	// singles is the order of hidden singles and hidden sets: boxes,
	// columns, rows, then every variant house. subsets is naked sets':
	// boxes, columns, rows, disjoint groups, windows (SukE keeps naked
	// sets out of the other variants' houses).
	singles, subsets []uint8
	// lockPasses are the pairs of types of pointing and claiming, in
	// SukE's order: a digit of a house of the first type confined to a
	// house of the second.
	lockPasses [][2]uint8
	// loopTypes are the types a unique loop and a BUG walk through, in
	// SukE's order: boxes, rows, columns, then the variants'.
	loopTypes []uint8
	// visible lists each cell's peers in SukE's order: the cells of its
	// row, column and box in increasing order, then those the variants
	// add (windows, disjoint groups, diagonals, centre dot, girandola,
	// asterisk, king's and knight's moves). peers holds them as a set.
	visible [81][]uint8
	peers   [81]sudoku.CellSet
	// anti holds each cell's anti-knight and anti-king partners that share
	// no house with it; nc its orthogonal neighbours under
	// non-consecutive.
	anti, nc [81]sudoku.CellSet
	hasAnti  bool
	hasNC    bool
	// jigsaw is true when regions replace the boxes.
	jigsaw bool
}

// houseTables caches the tables of the rules met so far; tableCount
// bounds it (a file of jigsaws can name a new layout on every line).
var (
	houseTables sync.Map // sudoku.Rules -> *houseTable
	tableCount  atomic.Int32
)

// tablesOf returns the house tables of a state's rules (not classic).
func tablesOf(r sudoku.Rules) *houseTable {
	if t, ok := houseTables.Load(r); ok {
		return t.(*houseTable)
	}
	t := newHouseTable(r)
	if tableCount.Add(1) > 1024 {
		houseTables.Clear()
		tableCount.Store(1)
	}
	actual, _ := houseTables.LoadOrStore(r, t)
	return actual.(*houseTable)
}

// sukeType returns the SukE region type of a house, and its index among
// the houses of its type in SukE's order.
func sukeType(h sudoku.House) (typ, index int) {
	switch h.Kind {
	case sudoku.HouseRow:
		return typeRow, h.Number - 1
	case sudoku.HouseColumn:
		return typeColumn, h.Number - 1
	case sudoku.HouseBox, sudoku.HouseRegion:
		return typeBox, h.Number - 1
	case sudoku.HouseDisjointGroup:
		return typeDisjoint, h.Number - 1
	case sudoku.HouseWindow:
		return typeWindow, h.Number - 1 // windows 1-4 are SukE's groups 0-3
	case sudoku.HouseWindowGroup:
		return typeWindow, 3 + h.Number // the implied groups are SukE's 4-8
	case sudoku.HouseDiagonal:
		if h.Number == 1 {
			return typeDiagMain, 0
		}
		return typeDiagAnti, 0
	case sudoku.HouseGirandola:
		return typeGirandola, 0
	case sudoku.HouseAsterisk:
		return typeAsterisk, 0
	}
	return typeCenterDot, 0
}

// sukeOrder returns a house's cells in SukE's order: reading order, except
// for the two window groups on columns 1, 5 and 9, which SukE lists
// column by column.
func sukeOrder(h sudoku.House) [9]uint8 {
	cells := h.Cells
	if h.Kind == sudoku.HouseWindowGroup && (h.Number == 3 || h.Number == 4) {
		slices.SortFunc(cells[:], func(a, b uint8) int {
			if a%9 != b%9 {
				return int(a%9) - int(b%9)
			}
			return int(a) - int(b)
		})
	}
	return cells
}

// newHouseTable builds the tables of rules.
func newHouseTable(r sudoku.Rules) *houseTable {
	t := &houseTable{rules: r, n: r.NumHouses(), jigsaw: r.Has("jigsaw")}
	var slot [numTypes][9]int16
	for ty := range slot {
		for i := range slot[ty] {
			slot[ty][i] = -1
		}
	}
	for c := range 81 {
		for ty := range numTypes {
			t.typeHouse[c][ty] = -1
		}
	}
	for h := range t.n {
		house := r.House(h)
		ty, index := sukeType(house)
		t.typ[h] = uint8(ty)
		slot[ty][index] = int16(h)
		t.cells[h] = sukeOrder(house)
		t.set[h] = r.HouseCells(h)
		for i, c := range t.cells[h] {
			t.member[c][t.members[c]] = membership{uint8(h), uint8(i)}
			t.members[c]++
			t.typeHouse[c][ty] = int8(h)
		}
	}
	for ty := range numTypes {
		for _, h := range slot[ty] {
			if h >= 0 {
				t.byType[ty] = append(t.byType[ty], uint8(h))
			}
		}
	}
	t.singles = t.scanOrder(typeBox, typeColumn, typeRow, typeDisjoint, typeWindow, typeDiagMain, typeDiagAnti,
		typeGirandola, typeAsterisk, typeCenterDot)
	t.subsets = t.scanOrder(typeBox, typeColumn, typeRow, typeDisjoint, typeWindow)
	t.lockPasses = [][2]uint8{{typeBox, typeColumn}, {typeBox, typeRow}, {typeColumn, typeBox}, {typeRow, typeBox}}
	for _, v := range []uint8{typeDisjoint, typeWindow} {
		if len(t.byType[v]) > 0 {
			t.lockPasses = append(t.lockPasses, [2]uint8{v, typeColumn}, [2]uint8{v, typeRow}, [2]uint8{typeColumn, v},
				[2]uint8{typeRow, v}, [2]uint8{typeBox, v}, [2]uint8{v, typeBox})
		}
	}
	if len(t.byType[typeDisjoint]) > 0 && len(t.byType[typeWindow]) > 0 {
		t.lockPasses = append(t.lockPasses, [2]uint8{typeWindow, typeDisjoint}, [2]uint8{typeDisjoint, typeWindow})
	}
	for ty := range uint8(numTypes) {
		if len(t.byType[ty]) > 0 {
			t.loopTypes = append(t.loopTypes, ty)
		}
	}
	t.hasAnti = r.HasPair(sudoku.AntiKnight) || r.HasPair(sudoku.AntiKing)
	t.hasNC = r.HasPair(sudoku.NonConsecutive)
	for c := range 81 {
		t.peers[c] = r.Peers(c)
		t.visible[c] = t.visibleOrder(c)
		var housed sudoku.CellSet
		for _, m := range t.member[c][:t.members[c]] {
			housed = housed.Union(t.set[m.house])
		}
		t.anti[c] = r.Partners(sudoku.AntiKnight, c).Union(r.Partners(sudoku.AntiKing, c)).Minus(housed)
		t.nc[c] = r.Partners(sudoku.NonConsecutive, c)
	}
	return t
}

// scanOrder lists the houses of the given types, type by type.
func (t *houseTable) scanOrder(types ...uint8) []uint8 {
	var out []uint8
	for _, ty := range types {
		out = append(out, t.byType[ty]...)
	}
	return out
}

// visibleOrder lists a cell's peers in SukE's order (see houseTable).
func (t *houseTable) visibleOrder(c int) []uint8 {
	var seen sudoku.CellSet
	seen.Add(c)
	var out []uint8
	add := func(cells []uint8) {
		for _, p := range cells {
			if !seen.Has(int(p)) {
				seen.Add(int(p))
				out = append(out, p)
			}
		}
	}
	var base sudoku.CellSet
	for _, ty := range []int{typeBox, typeRow, typeColumn} {
		if h := t.typeHouse[c][ty]; h >= 0 {
			base = base.Union(t.set[h])
		}
	}
	add(cellsOf(base))
	for _, group := range [][]int{{typeWindow}, {typeDisjoint}, {typeDiagMain, typeDiagAnti}, {typeCenterDot},
		{typeGirandola}, {typeAsterisk}} {
		var houses []int8
		for _, ty := range group {
			if h := t.typeHouse[c][ty]; h >= 0 {
				houses = append(houses, h)
			}
		}
		switch len(houses) {
		case 0:
		case 1:
			add(t.cells[houses[0]][:])
		default: // both diagonals (the centre): SukE lists their union in order
			var u sudoku.CellSet
			for _, h := range houses {
				u = u.Union(t.set[h])
			}
			add(cellsOf(u))
		}
	}
	row, col := c/9, c%9
	if t.rules.HasPair(sudoku.AntiKing) {
		add(steps(row, col, [][2]int{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}))
	}
	if t.rules.HasPair(sudoku.AntiKnight) {
		add(steps(row, col, [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {-2, 1}, {2, -1}, {-2, -1}}))
	}
	return out
}

// steps lists the cells at the given (row, column) offsets from a cell, in
// the offsets' order, leaving out those off the grid.
func steps(row, col int, offsets [][2]int) []uint8 {
	var out []uint8
	for _, o := range offsets {
		if r, c := row+o[0], col+o[1]; r >= 0 && r < 9 && c >= 0 && c < 9 {
			out = append(out, uint8(r*9+c))
		}
	}
	return out
}

// cellsOf lists the cells of a set in increasing order.
func cellsOf(s sudoku.CellSet) []uint8 {
	out := make([]uint8, 0, s.Count())
	for c := range s.All() {
		out = append(out, uint8(c))
	}
	return out
}

// sees reports whether two distinct cells may not hold the same digit
// under the table's rules.
func (t *houseTable) sees(a, b int) bool { return a != b && t.peers[a].Has(b) }

// housePositions is, for each house, where each digit can go: bit i is set
// when the house's i-th cell (houseTable order) has the digit.
type housePositions [sudoku.MaxHouses][10]uint16

// fill computes the positions of s in one pass over the cells.
func (t *houseTable) fill(s *State, p *housePositions) {
	for h := range t.n {
		p[h] = [10]uint16{}
	}
	for c := range 81 {
		cands := s.Cands[c]
		if cands == 0 {
			continue
		}
		for _, m := range t.member[c][:t.members[c]] {
			for x := uint16(cands); x != 0; x &= x - 1 {
				p[m.house][bits.TrailingZeros16(x)] |= 1 << m.index
			}
		}
	}
}

// emptyCells returns how many cells of house h are empty.
func (t *houseTable) emptyCells(s *State, h int) int {
	n := 0
	for _, c := range t.cells[h] {
		if s.Values[c] == 0 {
			n++
		}
	}
	return n
}

// houseCells lists the cells of house h selected by a position mask.
func (t *houseTable) houseCells(h int, mask uint16) []int {
	var out []int
	for m := mask; m != 0; m &= m - 1 {
		out = append(out, int(t.cells[h][bits.TrailingZeros16(m)]))
	}
	return out
}

// houseSet is houseCells as a set, without allocating.
func (t *houseTable) houseSet(h int, mask uint16) sudoku.CellSet {
	var out sudoku.CellSet
	for m := mask; m != 0; m &= m - 1 {
		out.Add(int(t.cells[h][bits.TrailingZeros16(m)]))
	}
	return out
}

// name names house h for explanations, as the rules name it ("row 3",
// "block 5", "region 2", "diagonal 1", "window group 5").
func (t *houseTable) name(h int) string { return t.rules.House(h).Name() }

// HouseName names a house of the rules for explanations: "row 3", "block
// 5", "region 2", "diagonal 1", "window group 5", "disjoint group 4",
// "asterisk".
func HouseName(r sudoku.Rules, h int) string { return r.House(h).Name() }

// SeeReason says why two distinct cells may not hold the same digit under
// the rules: the first house they share ("row 3", "diagonal 1"), or the
// pair rule that ties them ("knight's move from r3c4", "king's move from
// r3c4", naming a); "" when nothing does.
func SeeReason(r sudoku.Rules, a, b int) string {
	if a == b {
		return ""
	}
	if shared := r.HousesOf(a) & r.HousesOf(b); shared != 0 {
		return r.House(bits.TrailingZeros64(shared)).Name()
	}
	switch {
	case r.Partners(sudoku.AntiKnight, a).Has(b):
		return "knight's move from " + sudoku.CellName(a)
	case r.Partners(sudoku.AntiKing, a).Has(b):
		return "king's move from " + sudoku.CellName(a)
	}
	return ""
}
