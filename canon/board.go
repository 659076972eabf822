package canon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// This file gives the canonical form of a board of any size (4x4 to
// 25x25), under the size's symmetry group: the digits relabelled, rows
// moved within their band and bands among themselves, columns within
// their stack and stacks among themselves, and, when the boxes are square
// (4x4, 16x16, 25x25), the transposition. A board whose boxes are taller
// than wide (6x6 as 3x2, 8x8 as 4x2, 12x12 as 4x3) is first transposed to
// the size's usual shape, whose boxes are wider than tall: a 3x2 puzzle
// and its transpose, a 2x3 puzzle, are the same puzzle turned a quarter,
// so they have one form, a board of the usual shape.

// BoardTransform is an element of a shape's group: transpose (or not),
// then place source row Rows[r] at row r and source column Cols[c] at
// column c, then write digit d as Digits[d] (Digits[0] is 0).
type BoardTransform struct {
	Transpose  bool
	Rows, Cols []int
	Digits     []uint8
}

// Apply returns the board that t makes of b; b's shape must be the one t
// was drawn for.
func (t BoardTransform) Apply(b sudoku.Board) sudoku.Board {
	src := b
	if t.Transpose {
		src = transposeBoard(b)
	}
	n := src.Shape.N()
	out := sudoku.NewBoard(src.Shape)
	for r := range n {
		for c := range n {
			out.Cells[r*n+c] = t.Digits[src.Cells[t.Rows[r]*n+t.Cols[c]]]
		}
	}
	return out
}

// RandomBoardTransform draws an element of the group of a shape (see
// MinlexBoard), uniformly: its isomorphs have the same form.
func RandomBoardTransform(s sudoku.Shape, rng *rand.Rand) BoardTransform {
	n, r, c := s.N(), s.BoxRows(), s.BoxCols()
	t := BoardTransform{Transpose: r == c && rng.IntN(2) == 1,
		Rows: blockOrder(n, r, rng), Cols: blockOrder(n, c, rng), Digits: make([]uint8, n+1)}
	for i, d := range rng.Perm(n) {
		t.Digits[i+1] = uint8(d + 1)
	}
	return t
}

// blockOrder is a random order of n lines in blocks of k: the blocks
// shuffled, and the lines within each.
func blockOrder(n, k int, rng *rand.Rand) []int {
	out := make([]int, 0, n)
	for _, b := range rng.Perm(n / k) {
		for _, i := range rng.Perm(k) {
			out = append(out, b*k+i)
		}
	}
	return out
}

// transposeBoard returns b's transpose: a board whose boxes are C x R for
// b's R x C.
func transposeBoard(b sudoku.Board) sudoku.Board {
	n := b.Shape.N()
	shape, _ := sudoku.ParseShape(strconv.Itoa(n), strconv.Itoa(b.Shape.BoxCols())+"x"+strconv.Itoa(b.Shape.BoxRows()))
	out := sudoku.NewBoard(shape)
	for r := range n {
		for c := range n {
			out.Cells[c*n+r] = b.Cells[r*n+c]
		}
	}
	return out
}

// MinlexBoard returns the canonical form of a board of any shape: of the
// boards its group makes of it (see the top of this file), the one whose
// cells, read row by row (0 for a blank, the digits renumbered in order
// of first appearance), are the smallest. Two boards are isomorphs
// exactly when their forms are equal. The form has the size's usual
// shape. A 9x9 board takes the classic group (transposition included),
// as Minlex does for a Grid.
//
// The search goes row by row, keeping every partial transformation that
// ties the best prefix: the rows it tries one by one, the columns it
// keeps as groups that no row has told apart yet (blank columns stay
// interchangeable), so sparse boards cost little: milliseconds for the
// puzzles of testdata/puzzles/sizes up to 16x16 (BenchmarkMinlexBoard).
// Dense boards cost more: each row's new digits are tried in every order,
// so a full 10x10 or 12x12 grid takes seconds; past a bound
// (maxBoardStates) MinlexBoard gives up with ErrTooLarge rather than
// fill the memory, as it does for full grids from 12x12 and for 2 of
// the 100 25x25 puzzles of testdata (360 givens; the others take 75 ms
// on average, 2.4 s at most).
func MinlexBoard(b sudoku.Board) (sudoku.Board, error) {
	if err := b.Validate(); err != nil {
		return sudoku.Board{}, err
	}
	if !b.Shape.IsUsual() {
		b = transposeBoard(b)
	}
	return newBoardSearch(b).run()
}

// BoardKey returns the form of a board as a string, for deduplication:
// isomorphs have the same key. A board that does not validate keys as
// itself.
func BoardKey(b sudoku.Board) string {
	form, err := MinlexBoard(b)
	if err != nil {
		return b.String()
	}
	return form.String()
}

// boardState is a partial transformation: the rows placed so far, and
// the columns in target order as groups not told apart yet, each within
// one stack, the stacks in a fixed order.
type boardState struct {
	grid   []uint8 // the source board, transposed or not
	turned bool    // grid is the transpose
	used   uint32  // source rows placed
	band   int     // source band of the band being placed
	groups [][]int // source columns, in target order; a group's members are interchangeable
	label  []uint8 // source digit -> its label, 0 before it appears
	next   uint8   // the next label
}

type boardSearch struct {
	n, r, c int
	states  []*boardState
	form    []uint8
}

func newBoardSearch(b sudoku.Board) *boardSearch {
	n, r, c := b.Shape.N(), b.Shape.BoxRows(), b.Shape.BoxCols()
	s := &boardSearch{n: n, r: r, c: c}
	grids := [][]uint8{b.Cells}
	if r == c {
		grids = append(grids, transposeBoard(b).Cells)
	}
	stacks := make([]int, n/c)
	for i := range stacks {
		stacks[i] = i
	}
	for gi, g := range grids {
		permute(stacks, 0, func(order []int) {
			st := &boardState{grid: g, turned: gi == 1, band: -1, label: make([]uint8, n+1), next: 1}
			for _, k := range order {
				group := make([]int, c)
				for j := range c {
					group[j] = k*c + j
				}
				st.groups = append(st.groups, group)
			}
			s.states = append(s.states, st)
		})
	}
	return s
}

// permute calls f with every order of a[k:] after a[:k].
func permute(a []int, k int, f func([]int)) {
	if k == len(a) {
		f(a)
		return
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		permute(a, k+1, f)
		a[k], a[i] = a[i], a[k]
	}
}

func (s *boardSearch) run() (sudoku.Board, error) {
	if len(s.states) > maxBoardStates {
		return sudoku.Board{}, s.tooLarge()
	}
	for i := range s.n {
		if err := s.step(i); err != nil {
			return sudoku.Board{}, err
		}
	}
	return sudoku.Board{Shape: sudoku.ShapeOf(s.n), Cells: s.form}, nil
}

// maxBoardStates bounds the partial transformations a search keeps: the
// forms of puzzles up to 16x16 need at most a hundred or so (measured on
// testdata/puzzles/sizes), but a full grid of 10x10 and up ties hundreds
// of thousands of them, each row's new digits in every order.
const maxBoardStates = 100_000

// ErrTooLarge is the error of MinlexBoard on a board whose form search
// would keep more than it can: a dense board (a full grid) from 10x10 up,
// or a few 25x25 puzzles. It is of kind sudoku.ErrInvalid.
var ErrTooLarge = sudoku.Invalidf("too many ties")

func (s *boardSearch) tooLarge() error {
	return fmt.Errorf("canon: %w: the form of this %dx%d board needs more than %d partial transformations kept at once "+
		"(each row's new digits in every order: full grids and dense boards from 10x10 up)", ErrTooLarge, s.n, s.n, maxBoardStates)
}

// orders is how many states extend makes of st with source row src: the
// new digits of each group in every order.
func (s *boardSearch) orders(st *boardState, src int) int {
	line := st.grid[src*s.n : (src+1)*s.n]
	total := 1
	for _, g := range st.groups {
		fresh := 0
		for _, col := range g {
			if v := line[col]; v != 0 && st.label[v] == 0 {
				fresh++
			}
		}
		for k := 2; k <= fresh; k++ {
			if total *= k; total > maxBoardStates {
				return total
			}
		}
	}
	return total
}

// step places target row i in every state, keeping those whose row is
// the smallest, without duplicates (two states that have placed the same
// rows and hold the same groups and labels go on alike). It finds the
// smallest row first, so that only the states that make it are grown.
func (s *boardSearch) step(i int) error {
	var best []uint8
	row := make([]uint8, s.n)
	for _, st := range s.states {
		for src := range s.n {
			if !s.candidate(st, i, src) {
				continue
			}
			s.rowOf(st, src, row)
			if best == nil || slices.Compare(row, best) < 0 {
				best = slices.Clone(row)
			}
		}
	}
	var next []*boardState
	seen := map[string]bool{}
	for _, st := range s.states {
		for src := range s.n {
			if !s.candidate(st, i, src) {
				continue
			}
			if s.rowOf(st, src, row); !slices.Equal(row, best) {
				continue
			}
			if len(next)+s.orders(st, src) > maxBoardStates {
				return s.tooLarge()
			}
			for _, ns := range s.extend(st, src) {
				if k := ns.key(); !seen[k] {
					seen[k] = true
					next = append(next, ns)
				}
			}
		}
	}
	s.states = next
	s.form = append(s.form, best...)
	return nil
}

// candidate reports whether source row src may be target row i of st:
// at a band's first row, a row of a band not used yet; else an unused
// row of the band being placed.
func (s *boardSearch) candidate(st *boardState, i, src int) bool {
	if st.used>>src&1 == 1 {
		return false
	}
	band := src / s.r
	if i%s.r != 0 {
		return band == st.band
	}
	for k := range s.r {
		if st.used>>(band*s.r+k)&1 == 1 {
			return false
		}
	}
	return true
}

// rowOf writes the smallest target row that source row src gives st:
// within each group, the blanks first, then the digits already labelled
// by their labels, then the new ones, which take the next labels in turn.
func (s *boardSearch) rowOf(st *boardState, src int, row []uint8) {
	pos, next := 0, st.next
	line := st.grid[src*s.n : (src+1)*s.n]
	var known []uint8
	for _, g := range st.groups {
		blanks, fresh := 0, 0
		known = known[:0]
		for _, col := range g {
			switch v := line[col]; {
			case v == 0:
				blanks++
			case st.label[v] != 0:
				known = append(known, st.label[v])
			default:
				fresh++
			}
		}
		slices.Sort(known)
		for range blanks {
			row[pos] = 0
			pos++
		}
		for _, l := range known {
			row[pos] = l
			pos++
		}
		for range fresh {
			row[pos] = next
			next++
			pos++
		}
	}
}

// extend returns the states st becomes with source row src as its next
// row: each group split into its blanks (still one group), its labelled
// digits (by label) and its new digits, in every order (each order
// labels them differently).
func (s *boardSearch) extend(st *boardState, src int) []*boardState {
	line := st.grid[src*s.n : (src+1)*s.n]
	out := []*boardState{{grid: st.grid, turned: st.turned, used: st.used | 1<<src, band: src / s.r, label: slices.Clone(st.label), next: st.next}}
	for _, g := range st.groups {
		var blanks, known, fresh []int
		for _, col := range g {
			switch v := line[col]; {
			case v == 0:
				blanks = append(blanks, col)
			case st.label[v] != 0:
				known = append(known, col)
			default:
				fresh = append(fresh, col)
			}
		}
		slices.SortFunc(known, func(a, b int) int { return int(st.label[line[a]]) - int(st.label[line[b]]) })
		head := [][]int{}
		if len(blanks) > 0 {
			head = append(head, blanks)
		}
		for _, col := range known {
			head = append(head, []int{col})
		}
		var orders [][]int
		permute(slices.Clone(fresh), 0, func(o []int) { orders = append(orders, slices.Clone(o)) })
		var grown []*boardState
		for _, base := range out {
			for k, order := range orders {
				ns := base
				if k < len(orders)-1 {
					ns = base.clone()
				}
				ns.groups = append(ns.groups, head...)
				for _, col := range order {
					ns.label[line[col]] = ns.next
					ns.next++
					ns.groups = append(ns.groups, []int{col})
				}
				grown = append(grown, ns)
			}
		}
		out = grown
	}
	return out
}

func (st *boardState) clone() *boardState {
	ns := *st
	ns.groups = slices.Clone(st.groups) // groups themselves are never changed
	ns.label = slices.Clone(st.label)
	return &ns
}

// key says what a state's future depends on: which grid, the rows used,
// the band being placed, the groups and the labels.
func (st *boardState) key() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(st.used), 36))
	b.WriteByte('/')
	b.WriteString(strconv.Itoa(st.band))
	b.WriteByte('/')
	if st.turned {
		b.WriteByte('t')
	}
	for _, g := range st.groups {
		b.WriteByte('|')
		for _, col := range slices.Sorted(slices.Values(g)) { // a group is a set
			b.WriteByte(byte(col))
		}
	}
	b.WriteByte('/')
	b.Write(st.label)
	return b.String()
}
