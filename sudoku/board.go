package sudoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Shape is the shape of a sudoku of any size: N digits, N×N cells, and
// boxes of BoxRows×BoxCols cells (BoxRows*BoxCols = N). The zero Shape is
// no shape at all (N 0); ParseShape and ShapeOf give the real ones.
type Shape struct {
	n, r, c uint8
}

// shapes are the shapes sudokit knows, the usual box of each size first.
var shapes = []Shape{
	{4, 2, 2}, {6, 2, 3}, {6, 3, 2}, {8, 2, 4}, {8, 4, 2}, {9, 3, 3},
	{10, 2, 5}, {12, 3, 4}, {12, 4, 3}, {16, 4, 4}, {25, 5, 5},
}

// Shapes returns every shape sudokit knows, by size, the usual box of
// each size first.
func Shapes() []Shape { return append([]Shape(nil), shapes...) }

// MaxSize is the largest N of a Shape.
const MaxSize = 25

// N returns the number of digits, the side of the grid.
func (s Shape) N() int { return int(s.n) }

// BoxRows returns the number of rows of a box.
func (s Shape) BoxRows() int { return int(s.r) }

// BoxCols returns the number of columns of a box.
func (s Shape) BoxCols() int { return int(s.c) }

// Cells returns the number of cells, N×N.
func (s Shape) Cells() int { return int(s.n) * int(s.n) }

// Box returns the box as "RxC", such as "2x3".
func (s Shape) Box() string { return fmt.Sprintf("%dx%d", s.r, s.c) }

// IsUsual reports whether the box is the usual one of the size (the one
// ShapeOf gives): its rows the smaller side.
func (s Shape) IsUsual() bool { return s == ShapeOf(int(s.n)) }

// String names the shape as "16x16", with the box when it is not the
// usual one: "6x6 (3x2 boxes)".
func (s Shape) String() string {
	if s.n == 0 {
		return "no shape"
	}
	if s.IsUsual() {
		return fmt.Sprintf("%dx%d", s.n, s.n)
	}
	return fmt.Sprintf("%dx%d (%s boxes)", s.n, s.n, s.Box())
}

// ShapeOf returns the usual shape of size n (boxes with the smaller side
// as rows: 6 is 2x3, 12 is 3x4), or the zero Shape when sudokit has no
// shape of that size.
func ShapeOf(n int) Shape {
	for _, s := range shapes {
		if int(s.n) == n {
			return s
		}
	}
	return Shape{}
}

// sizeList is the sizes of shapes, for messages.
const sizeList = "4, 6, 8, 9, 10, 12, 16 or 25"

// ParseShape returns the shape of a size ("16") and a box ("4x4", or ""
// for the size's usual box). Sizes: 4 (2x2), 6 (2x3, 3x2), 8 (2x4, 4x2), 9
// (3x3), 10 (2x5), 12 (3x4, 4x3), 16 (4x4), 25 (5x5). Its errors are of kind
// ErrInvalid and say what is wrong.
func ParseShape(size, box string) (Shape, error) {
	n, err := strconv.Atoi(strings.TrimSpace(size))
	if err != nil || ShapeOf(n).n == 0 {
		return Shape{}, Invalidf("size %q: want %s", size, sizeList)
	}
	box = strings.TrimSpace(box)
	if box == "" {
		return ShapeOf(n), nil
	}
	rs, cs, ok := strings.Cut(strings.ToLower(box), "x")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil {
		return Shape{}, Invalidf("box %q: want rows x columns, such as %s", box, ShapeOf(n).Box())
	}
	var boxes []string
	for _, s := range shapes {
		if int(s.n) == n {
			if int(s.r) == r && int(s.c) == c {
				return s, nil
			}
			boxes = append(boxes, s.Box())
		}
	}
	return Shape{}, Invalidf("box %q for size %d: want %s", box, n, strings.Join(boxes, " or "))
}

// shapeOfCells returns the usual shape with that many cells.
func shapeOfCells(cells int) Shape {
	for _, s := range shapes {
		if s.Cells() == cells {
			return s
		}
	}
	return Shape{}
}

// BoxOf returns the box (0..N-1, row by row) of the cell at row r, column
// c (from 0).
func (s Shape) BoxOf(r, c int) int { return r/int(s.r)*(int(s.n)/int(s.c)) + c/int(s.c) }

// CellName names cell i of the shape in rNcM notation, numbers from 1:
// "r10c16".
func (s Shape) CellName(i int) string {
	return fmt.Sprintf("r%dc%d", i/int(s.n)+1, i%int(s.n)+1)
}

// HouseName names house h of the shape: houses 0..N-1 are the rows,
// N..2N-1 the columns, 2N..3N-1 the boxes, as "row 3", "column 12",
// "block 7" (numbers from 1, as for classic), and 3N, 3N+1 the diagonals
// of the variant x, "diagonal 1" (r1c1 to rNcN) and "diagonal 2" (r1cN to
// rNc1).
func (s Shape) HouseName(h int) string {
	n := int(s.n)
	switch h / n {
	case 0:
		return fmt.Sprintf("row %d", h+1)
	case 1:
		return fmt.Sprintf("column %d", h-n+1)
	case 3:
		return fmt.Sprintf("diagonal %d", h-3*n+1)
	default:
		return fmt.Sprintf("block %d", h-2*n+1)
	}
}

// HouseCells returns the cells of house h (see HouseName), in reading
// order.
func (s Shape) HouseCells(h int) []int {
	n, cells := int(s.n), make([]int, 0, s.n)
	switch k := h % n; h / n {
	case 0:
		for c := range n {
			cells = append(cells, k*n+c)
		}
	case 1:
		for r := range n {
			cells = append(cells, r*n+k)
		}
	case 3:
		for r := range n {
			cells = append(cells, r*n+r+k*(n-1-2*r))
		}
	default:
		r0, c0 := k/(n/int(s.c))*int(s.r), k%(n/int(s.c))*int(s.c)
		for r := r0; r < r0+int(s.r); r++ {
			for c := c0; c < c0+int(s.c); c++ {
				cells = append(cells, r*n+c)
			}
		}
	}
	return cells
}

// Board is a sudoku of any shape: cell i (0..N×N-1, row by row) holds a
// digit 1..N, or 0 when it is empty. Classic 9x9 puzzles keep their own,
// faster type, Grid; a Board is for every size.
//
// A Board may carry the variants sizes take (see boardrules.go): X, the
// two main diagonals as houses too, and Cages, a killer's (cells numbered
// as Cells); the zero values are classic rules.
type Board struct {
	Shape   Shape
	Cells   []uint8 // Shape.Cells() values
	X       bool    // the diagonals are houses 3N and 3N+1
	Regions []uint8 // a jigsaw's: each cell's region 0..N-1, houses 2N..3N-1 in place of the boxes; nil otherwise
	Cages   []Cage  // a killer's cages, cells in reading order; none otherwise
}

// NewBoard returns an empty board of a shape.
func NewBoard(s Shape) Board { return Board{Shape: s, Cells: make([]uint8, s.Cells())} }

// Clone returns a copy of b that shares no memory with it.
func (b Board) Clone() Board {
	out := b.WithCells(append([]uint8(nil), b.Cells...))
	out.Regions = slices.Clone(b.Regions)
	out.Cages = nil
	for _, c := range b.Cages {
		out.Cages = append(out.Cages, Cage{Sum: c.Sum, Cells: slices.Clone(c.Cells)})
	}
	return out
}

// WithCells returns a board of b's shape and rules (sharing its regions
// and cages) with other cells: a solution of b, or b with digits removed.
func (b Board) WithCells(cells []uint8) Board {
	return Board{Shape: b.Shape, Cells: cells, X: b.X, Regions: b.Regions, Cages: b.Cages}
}

// Givens returns the number of filled cells.
func (b Board) Givens() int {
	n := 0
	for _, v := range b.Cells {
		if v != 0 {
			n++
		}
	}
	return n
}

// BoardConflictError reports a digit that appears twice in one house of a
// Board.
type BoardConflictError struct {
	Shape  Shape
	Digit  int    // the repeated digit, 1..N
	House  int    // the house, numbered as Shape.HouseName says
	Cells  [2]int // the first two cells holding the digit, in reading order
	Jigsaw bool   // houses 2N..3N-1 are a jigsaw's regions, not boxes
}

// Is makes a BoardConflictError of kind ErrInvalid.
func (e *BoardConflictError) Is(target error) bool { return target == ErrInvalid }

func (e *BoardConflictError) Error() string {
	return fmt.Sprintf("digit %d repeated in %s: %s and %s", e.Digit,
		e.Shape.houseName(e.House, e.Jigsaw), e.Shape.CellName(e.Cells[0]), e.Shape.CellName(e.Cells[1]))
}

// Validate checks that the board has a shape and N×N cells of values
// 0..N, a jigsaw's regions as SetRegions does, and that no digit repeats
// in a row, column or box (region, for a jigsaw; or diagonal, with X); it reports the first repetition found (rows first, then
// columns, boxes, diagonals; cells in reading order) as a
// *BoardConflictError. With cages, it checks them as SetVariants does,
// and their digits: none repeated in a cage, a full cage on its sum, a
// partial one able to reach it. Its errors are of kind ErrInvalid.
func (b Board) Validate() error {
	s := b.Shape
	if ShapeOf(s.N()).n == 0 {
		return Invalidf("board has no shape")
	}
	if len(b.Cells) != s.Cells() {
		return Invalidf("%s board has %d cells, want %d", s, len(b.Cells), s.Cells())
	}
	n := s.N()
	for i, v := range b.Cells {
		if int(v) > n {
			return Invalidf("cell %s holds %d, want 0..%d", s.CellName(i), v, n)
		}
	}
	if b.Regions != nil {
		if err := s.checkRegions(b.Regions); err != nil {
			return err
		}
	}
	if err := b.checkCageShapes(); err != nil {
		return err
	}
	for h := range b.NumHouses() {
		var seen [MaxSize + 1]int16
		for _, cell := range b.HouseCells(h) {
			v := b.Cells[cell]
			if v == 0 {
				continue
			}
			if seen[v] != 0 {
				return &BoardConflictError{Shape: s, Digit: int(v), House: h, Cells: [2]int{int(seen[v]) - 1, cell}, Jigsaw: b.Regions != nil}
			}
			seen[v] = int16(cell) + 1
		}
	}
	return b.checkCageDigits()
}

// String returns the board in line format with the default alphabet (see
// Alphabet): N×N characters row by row, '.' for an empty cell.
func (b Board) String() string { return b.Format(Letters) }

// Format returns the board in line format with an alphabet, '.' for an
// empty cell.
func (b Board) Format(a Alphabet) string {
	out := make([]byte, len(b.Cells))
	for i, v := range b.Cells {
		out[i] = a.Symbol(int(v))
	}
	return string(out)
}
