package sized

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// words is the number of 64-bit words of a set of the largest board's
// cells.
const words = (sudoku.MaxSize*sudoku.MaxSize + 63) / 64

// CellSet is a set of cells of a board of up to 625 cells: bit i%64 of
// word i/64 for cell i.
type CellSet [words]uint64

// Add puts cell c in the set.
func (s *CellSet) Add(c int) { s[c>>6] |= 1 << (c & 63) }

// Has reports whether cell c is in the set.
func (s *CellSet) Has(c int) bool { return s[c>>6]>>(c&63)&1 != 0 }

// And returns the cells in both sets.
func (s CellSet) And(o CellSet) CellSet {
	for i := range s {
		s[i] &= o[i]
	}
	return s
}

// Cells lists the set's cells in reading order.
func (s CellSet) Cells() []int {
	var out []int
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			out = append(out, w<<6|bits.TrailingZeros64(x))
		}
	}
	return out
}

// House kinds, as sudoku.Shape numbers houses: rows 0..N-1, columns
// N..2N-1, boxes 2N..3N-1.
const (
	kindRow = iota
	kindColumn
	kindBox
)

// tables are what the finders read of a shape, built once per shape and
// variant x. With x, the diagonals are houses 3N and 3N+1 (as
// sudoku.Shape numbers them): the singles and subsets look at them,
// their cells are peers, and the uniqueness finders are off (swapping
// two digits may break a diagonal). Fish and locked candidates keep to
// rows, columns and boxes, and chains to their links.
type tables struct {
	shape   sudoku.Shape
	x       bool
	regions []uint8 // a jigsaw's layout; nil for the boxes
	n       int
	cells   int
	// houses lists each house's cells in reading order.
	houses [][]int
	// diags lists, per cell, the diagonals it lies on (with x).
	diags [][]int
	// of is each cell's row, column and box.
	of [][3]int
	// index is each cell's position in its row, column and box.
	index [][3]int
	// peers is, per cell, the cells that share a house with it.
	peers []CellSet
	// seOrder is, per cell, its peers in SE's order: its box, then its
	// row, then its column, without repeats.
	seOrder [][]int
	// bcr lists the houses: boxes, columns, rows (SE's order for singles
	// and subsets).
	bcr []int
	// shared[a][b] is the position mask, within house a, of the cells it
	// shares with house b.
	shared [][]uint32
}

// tablesKey is what the tables depend on: a shape, and the variant x.
type tablesKey struct {
	shape sudoku.Shape
	x     bool
}

var tablesByShape sync.Map // tablesKey -> *tables

// jigsawKey is what a jigsaw's tables depend on: its layout too.
type jigsawKey struct {
	tablesKey
	regions string
}

// maxJigsawTables is the most layouts whose tables are kept: a generator
// grades puzzles on a new layout each, so the cache is emptied when full.
const maxJigsawTables = 64

var jigsawTables struct {
	sync.Mutex
	m map[jigsawKey]*tables
}

// tablesFor returns the tables of b's rules: its shape's, with the
// diagonals with X, a jigsaw's regions in place of the boxes. b must be
// valid.
func tablesFor(b sudoku.Board) *tables {
	if b.Regions == nil {
		return tablesOf(b.Shape, b.X)
	}
	key := jigsawKey{tablesKey{b.Shape, b.X}, string(b.Regions)}
	jigsawTables.Lock()
	t := jigsawTables.m[key]
	jigsawTables.Unlock()
	if t != nil {
		return t
	}
	t = buildTables(b)
	jigsawTables.Lock()
	if jigsawTables.m == nil || len(jigsawTables.m) >= maxJigsawTables {
		jigsawTables.m = map[jigsawKey]*tables{}
	}
	jigsawTables.m[key] = t
	jigsawTables.Unlock()
	return t
}

// tablesOf returns the tables of a shape, which must be one of
// sudoku.Shapes, with the diagonals as houses when x.
func tablesOf(s sudoku.Shape, x bool) *tables {
	key := tablesKey{s, x}
	if t, ok := tablesByShape.Load(key); ok {
		return t.(*tables)
	}
	v, _ := tablesByShape.LoadOrStore(key, buildTables(sudoku.Board{Shape: s, X: x}))
	return v.(*tables)
}

// houseName names house h as the board does: a jigsaw's regions as
// "region K".
func (t *tables) houseName(h int) string {
	return sudoku.Board{Shape: t.shape, Regions: t.regions}.HouseName(h)
}

// buildTables makes the tables of b's rules.
func buildTables(b sudoku.Board) *tables {
	s, x := b.Shape, b.X
	n := s.N()
	t := &tables{shape: s, x: x, n: n, cells: n * n, regions: b.Regions}
	nh := 3 * n
	if x {
		nh += 2
	}
	t.houses = make([][]int, nh)
	t.of = make([][3]int, t.cells)
	t.index = make([][3]int, t.cells)
	t.diags = make([][]int, t.cells)
	for h := range nh {
		t.houses[h] = b.HouseCells(h)
		for i, c := range t.houses[h] {
			if h >= 3*n {
				t.diags[c] = append(t.diags[c], h)
				continue
			}
			t.of[c][h/n] = h
			t.index[c][h/n] = i
		}
	}
	t.peers = make([]CellSet, t.cells)
	t.seOrder = make([][]int, t.cells)
	for c := range t.cells {
		hs := append([]int{t.of[c][kindBox], t.of[c][kindRow], t.of[c][kindColumn]}, t.diags[c]...)
		for _, h := range hs {
			for _, p := range t.houses[h] {
				if p != c && !t.peers[c].Has(p) {
					t.peers[c].Add(p)
					t.seOrder[c] = append(t.seOrder[c], p)
				}
			}
		}
	}
	for _, k := range [3]int{kindBox, kindColumn, kindRow} {
		for i := range n {
			t.bcr = append(t.bcr, k*n+i)
		}
	}
	for h := 3 * n; h < nh; h++ {
		t.bcr = append(t.bcr, h) // the diagonals after SE's houses
	}
	t.shared = make([][]uint32, nh)
	for a := range nh {
		t.shared[a] = make([]uint32, nh)
		for i, c := range t.houses[a] {
			for _, b := range append(t.of[c][:], t.diags[c]...) {
				if b != a {
					t.shared[a][b] |= 1 << i
				}
			}
		}
	}
	return t
}

// State is the candidate state of a Board that the finders read and the
// steps change: each cell's value (0 when empty) and, for an empty cell,
// its candidates (bit d for digit d, 1..N; 0 for a filled cell). Change
// it through Place and Eliminate (the finders keep a table of it until it
// changes), or take a Clone after writing Values or Cands directly.
type State struct {
	Shape  sudoku.Shape
	Values []uint8
	Cands  []uint32
	t      *tables
	// pos caches positions() until the state changes (posOK false).
	pos   [][sudoku.MaxSize + 1]uint32
	posOK bool
}

// NewState returns the state of a board before any step: every empty
// cell holds the digits none of its peers holds. Its error, of kind
// sudoku.ErrInvalid, says why a board is not valid (see
// sudoku.Board.Validate).
func NewState(b sudoku.Board) (*State, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("sized: %w", err)
	}
	if len(b.Cages) > 0 {
		return nil, fmt.Errorf("sized: %w", sudoku.Invalidf(
			"the techniques of killers (cage combinations, the rule of 45) are 9x9's for now: a %s killer is not graded", b.Shape))
	}
	t := tablesFor(b)
	s := &State{Shape: b.Shape, Values: make([]uint8, t.cells), Cands: make([]uint32, t.cells), t: t}
	all := uint32(1)<<(t.n+1) - 2
	for c := range s.Cands {
		s.Cands[c] = all
	}
	for c, v := range b.Cells {
		if v != 0 {
			s.Place(c, int(v))
		}
	}
	return s, nil
}

// Clone returns a copy of s that shares no memory with it.
func (s *State) Clone() *State {
	return &State{Shape: s.Shape, Values: append([]uint8(nil), s.Values...),
		Cands: append([]uint32(nil), s.Cands...), t: s.t}
}

// Board returns the digits placed so far.
func (s *State) Board() sudoku.Board {
	return sudoku.Board{Shape: s.Shape, Cells: append([]uint8(nil), s.Values...), X: s.t.x, Regions: s.t.regions}
}

// Place puts digit d in cell c and removes d from the candidates of its
// peers.
func (s *State) Place(c, d int) {
	s.Values[c] = uint8(d)
	s.Cands[c] = 0
	s.posOK = false
	for w, x := range s.t.peers[c] {
		for ; x != 0; x &= x - 1 {
			s.Cands[w<<6|bits.TrailingZeros64(x)] &^= 1 << d
		}
	}
}

// Eliminate removes candidate d from cell c.
func (s *State) Eliminate(c, d int) {
	s.Cands[c] &^= 1 << d
	s.posOK = false
}

// Solved reports whether every cell holds a digit.
func (s *State) Solved() bool {
	for _, v := range s.Values {
		if v == 0 {
			return false
		}
	}
	return true
}

// Broken reports whether an empty cell has no candidate left, or a digit
// no place left in a house: a state that a wrong step led to.
func (s *State) Broken() bool {
	for c, v := range s.Values {
		if v == 0 && s.Cands[c] == 0 {
			return true
		}
	}
	pos := s.positions()
	for h := range pos {
		for d := 1; d <= s.t.n; d++ {
			if pos[h][d] == 0 && !s.holds(h, d) {
				return true
			}
		}
	}
	return false
}

// holds reports whether house h has digit d placed.
func (s *State) holds(h, d int) bool {
	for _, c := range s.t.houses[h] {
		if int(s.Values[c]) == d {
			return true
		}
	}
	return false
}

// positions returns, per house and digit, where the digit may go in the
// house: bit i for the house's i-th cell. The table is the state's until
// it changes: the finders read it and never write it.
func (s *State) positions() [][sudoku.MaxSize + 1]uint32 {
	if s.posOK {
		return s.pos
	}
	t := s.t
	if s.pos == nil {
		s.pos = make([][sudoku.MaxSize + 1]uint32, len(t.houses))
	}
	pos := s.pos
	clear(pos)
	for c, x := range s.Cands {
		of, ix := &t.of[c], &t.index[c]
		for ; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(x)
			pos[of[0]][d] |= 1 << ix[0]
			pos[of[1]][d] |= 1 << ix[1]
			pos[of[2]][d] |= 1 << ix[2]
			for _, h := range t.diags[c] {
				pos[h][d] |= 1 << (c / t.n) // a diagonal's i-th cell is on row i
			}
		}
	}
	s.posOK = true
	return pos
}

// empty returns the number of empty cells of house h.
func (s *State) empty(h int) int {
	n := 0
	for _, c := range s.t.houses[h] {
		if s.Values[c] == 0 {
			n++
		}
	}
	return n
}

// placed returns how many cells hold each digit.
func (s *State) placed() []int {
	n := make([]int, s.t.n+1)
	for _, v := range s.Values {
		n[v]++
	}
	return n
}

// cellsOf lists the cells of house h selected by a position mask.
func (t *tables) cellsOf(h int, mask uint32) []int {
	var out []int
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, t.houses[h][bits.TrailingZeros32(mask)])
	}
	return out
}

// count is the number of bits of a mask.
func count(x uint32) int { return bits.OnesCount32(x) }

// low is the index of the lowest bit of a mask.
func low(x uint32) int { return bits.TrailingZeros32(x) }
