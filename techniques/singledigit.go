package techniques

import (
	"fmt"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// Single-digit patterns beyond Sudoku Explainer's rule set: skyscraper,
// 2-string kite, empty rectangle and simple colouring. SE finds the same
// eliminations as short X-chains ("Turbot Fish", 6.6 and up); these finders
// give them the names players use. Their ratings are those SE-equivalent
// figures, for ordering and display only.

// conjugate returns the two cells of unit u holding candidate d when there
// are exactly two.
func conjugate(s *State, u, d int) (a, b int, ok bool) {
	pos := s.Positions(u, d)
	if popcount16(pos) != 2 {
		return 0, 0, false
	}
	cells := unitCells(u, pos)
	return cells[0], cells[1], true
}

// seenByBoth lists the cells holding d that see both a and b (other than
// the excluded cells).
func seenByBoth(s *State, d int, a, b int, exclude ...int) []Candidate {
	var out []Candidate
	for c := 0; c < 81; c++ {
		if !s.Cands[c].Has(d) || c == a || c == b || slices.Contains(exclude, c) {
			continue
		}
		if sees(c, a) && sees(c, b) {
			out = append(out, Candidate{uint8(c), uint8(d)})
		}
	}
	return out
}

// findSkyscraper finds skyscrapers: two parallel lines where d has two
// places each, one end of each on a common cross line; one of the two other
// ends holds d, so d leaves every cell seeing both.
func findSkyscraper(s *State, emit Emit) bool {
	for d := 1; d <= 9; d++ {
		for _, lines := range [2]int{0, 9} { // rows, then columns
			for i := 0; i < 9; i++ {
				a1, a2, ok := conjugate(s, lines+i, d)
				if !ok {
					continue
				}
				for j := i + 1; j < 9; j++ {
					b1, b2, ok := conjugate(s, lines+j, d)
					if !ok {
						continue
					}
					cross := func(x, y int) bool { // same cross line
						if lines == 0 {
							return sudoku.ColOf[x] == sudoku.ColOf[y]
						}
						return sudoku.RowOf[x] == sudoku.RowOf[y]
					}
					for _, p := range [4][4]int{{a1, a2, b1, b2}, {a1, a2, b2, b1}, {a2, a1, b1, b2}, {a2, a1, b2, b1}} {
						baseA, topA, baseB, topB := p[0], p[1], p[2], p[3]
						if !cross(baseA, baseB) || cross(topA, topB) {
							continue
						}
						elim := seenByBoth(s, d, topA, topB, baseA, baseB)
						if len(elim) == 0 {
							continue
						}
						if !emit(&Step{Technique: "skyscraper", Name: "Skyscraper", Rating: 6.6, Eliminations: elim,
							Cells: []int{baseA, topA, baseB, topB}, Units: []int{lines + i, lines + j}, Digits: sudoku.DigitSet(d),
							Detail: fmt.Sprintf("%d in %s and %s, base %s,%s, tops %s,%s", d, unitName(lines+i), unitName(lines+j),
								sudoku.CellName(baseA), sudoku.CellName(baseB), sudoku.CellName(topA), sudoku.CellName(topB))}) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// findTwoStringKite finds 2-string kites: a row and a column where d has two
// places each, one end of each in the same box (distinct cells); one of the
// other two ends holds d, so d leaves the cell seeing both.
func findTwoStringKite(s *State, emit Emit) bool {
	for d := 1; d <= 9; d++ {
		for r := 0; r < 9; r++ {
			r1, r2, ok := conjugate(s, r, d)
			if !ok {
				continue
			}
			for c := 0; c < 9; c++ {
				c1, c2, ok := conjugate(s, 9+c, d)
				if !ok {
					continue
				}
				for _, p := range [4][4]int{{r1, r2, c1, c2}, {r1, r2, c2, c1}, {r2, r1, c1, c2}, {r2, r1, c2, c1}} {
					rowIn, rowOut, colIn, colOut := p[0], p[1], p[2], p[3]
					if rowIn == colIn || sudoku.BoxOf[rowIn] != sudoku.BoxOf[colIn] ||
						sudoku.BoxOf[rowOut] == sudoku.BoxOf[rowIn] || sudoku.BoxOf[colOut] == sudoku.BoxOf[colIn] {
						continue
					}
					elim := seenByBoth(s, d, rowOut, colOut, rowIn, colIn)
					if len(elim) == 0 {
						continue
					}
					if !emit(&Step{Technique: "two-string-kite", Name: "2-String Kite", Rating: 6.6, Eliminations: elim,
						Cells: []int{rowOut, rowIn, colIn, colOut}, Units: []int{r, 9 + c}, Digits: sudoku.DigitSet(d),
						Detail: fmt.Sprintf("%d in row %d (%s,%s) and column %d (%s,%s), connected in box %d", d, r+1,
							sudoku.CellName(rowOut), sudoku.CellName(rowIn), c+1, sudoku.CellName(colIn), sudoku.CellName(colOut),
							sudoku.BoxOf[rowIn]+1)}) {
						return false
					}
				}
			}
		}
	}
	return true
}

// findEmptyRectangle finds empty rectangles: in a box, d lies only in one
// row and one column of it (and in both); a line outside the box where d has
// two places, one of them on that row (or column), forces d out of the cell
// where its other end's line meets the box's column (or row).
func findEmptyRectangle(s *State, emit Emit) bool {
	for d := 1; d <= 9; d++ {
		for b := 0; b < 9; b++ {
			box := 18 + b
			pos := s.Positions(box, d)
			if popcount16(pos) < 2 {
				continue
			}
			cells := unitCells(box, pos)
			br, bc := b/3*3, b%3*3
			for r := br; r < br+3; r++ {
				for c := bc; c < bc+3; c++ {
					if emptyRectangleAt(cells, r, c) && !emptyRectangleLinks(s, emit, d, b, r, c, cells) {
						return false
					}
				}
			}
		}
	}
	return true
}

// emptyRectangleAt reports whether the cells of a box lie on row r and
// column c alone, with some on the row and some on the column besides
// their crossing.
func emptyRectangleAt(cells []int, r, c int) bool {
	inRow, inCol := false, false
	for _, x := range cells {
		xr, xc := int(sudoku.RowOf[x]), int(sudoku.ColOf[x])
		switch {
		case xr == r && xc == c:
		case xr == r:
			inRow = true
		case xc == c:
			inCol = true
		default:
			return false
		}
	}
	return inRow && inCol
}

// emptyRectangleLinks emits the empty rectangles of d in box b, on row r and
// column c (its cells): a strong link in a column outside the box's stack
// with one end on row r, or in a row outside the box's band with one end on
// column c. It returns false when emit asks to stop.
func emptyRectangleLinks(s *State, emit Emit, d, b, r, c int, cells []int) bool {
	for _, line := range [2]int{9, 0} {
		for i := 0; i < 9; i++ {
			if (line == 9 && i/3 == b%3) || (line == 0 && i/3 == b/3) {
				continue
			}
			e1, e2, ok := conjugate(s, line+i, d)
			if !ok {
				continue
			}
			for _, p := range [2][2]int{{e1, e2}, {e2, e1}} {
				near, far := p[0], p[1]
				target, ok := emptyRectangleTarget(line, b, r, c, near, far)
				if !ok || !s.Cands[target].Has(d) {
					continue
				}
				if !emit(&Step{Technique: "empty-rectangle", Name: "Empty Rectangle", Rating: 6.6,
					Eliminations: []Candidate{{uint8(target), uint8(d)}},
					Cells:        append(slices.Clone(cells), near, far), Units: []int{18 + b, line + i},
					Digits: sudoku.DigitSet(d),
					Detail: fmt.Sprintf("%d in box %d (row %d, column %d) with %s in %s", d, b+1, r+1, c+1,
						cellList([]int{near, far}), unitName(line+i))}) {
					return false
				}
			}
		}
	}
	return true
}

// emptyRectangleTarget returns the cell that loses d when a strong link of
// line (9: a column, 0: a row) goes from near, on row r (or column c) of
// box b, to far, outside the box's band (or stack): where far's row (or
// column) meets column c (or row r). It reports false when the link does
// not fit.
func emptyRectangleTarget(line, b, r, c, near, far int) (int, bool) {
	if line == 9 {
		if int(sudoku.RowOf[near]) != r || int(sudoku.RowOf[far])/3 == b/3 {
			return 0, false
		}
		return int(sudoku.RowOf[far])*9 + c, true
	}
	if int(sudoku.ColOf[near]) != c || int(sudoku.ColOf[far])/3 == b%3 {
		return 0, false
	}
	return r*9 + int(sudoku.ColOf[far]), true
}

// findSimpleColoring finds simple-colouring traps and wraps: the cells
// linked by conjugate pairs of d take two colours, one of which is true. A
// cell that sees both colours cannot hold d (trap); a colour that appears
// twice in a unit is false (wrap).
func findSimpleColoring(s *State, emit Emit) bool {
	for d := 1; d <= 9; d++ {
		var adj [81][]int
		for u := 0; u < 27; u++ {
			if a, b, ok := conjugate(s, u, d); ok {
				adj[a] = append(adj[a], b)
				adj[b] = append(adj[b], a)
			}
		}
		var color [81]int8 // 0 none, 1 or 2
		for start := 0; start < 81; start++ {
			if len(adj[start]) == 0 || color[start] != 0 {
				continue
			}
			comp := colorComponent(&adj, &color, start)
			if len(comp[1])+len(comp[2]) >= 4 && !emitColoring(s, emit, d, comp) {
				return false
			}
		}
	}
	return true
}

// colorComponent colours the cells linked to start (uncoloured), breadth
// first, start taking colour 1 and each link changing colour. It returns
// the cells of each colour (comp[1], comp[2]) in the order reached.
func colorComponent(adj *[81][]int, color *[81]int8, start int) [3][]int {
	var comp [3][]int
	color[start] = 1
	queue := []int{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		comp[color[c]] = append(comp[color[c]], c)
		for _, n := range adj[c] {
			if color[n] == 0 {
				color[n] = 3 - color[c]
				queue = append(queue, n)
			}
		}
	}
	return comp
}

// emitColoring emits the wraps, then the trap, of the two colours of d in
// comp. It returns false when emit asks to stop.
func emitColoring(s *State, emit Emit, d int, comp [3][]int) bool {
	all := append(slices.Clone(comp[1]), comp[2]...)
	// Wrap: a colour seeing itself is false.
	for k := 1; k <= 2; k++ {
		if !seesItself(comp[k]) {
			continue
		}
		var elim []Candidate
		for _, c := range comp[k] {
			elim = append(elim, Candidate{uint8(c), uint8(d)})
		}
		if !emit(&Step{Technique: "simple-coloring", Name: "Simple Colors Wrap", Rating: 6.7, Eliminations: elim,
			Cells: all, Digits: sudoku.DigitSet(d),
			Detail: fmt.Sprintf("%d coloured %s / %s, the first colour sees itself", d, cellList(comp[k]), cellList(comp[3-k]))}) {
			return false
		}
	}
	// Trap: an uncoloured cell seeing both colours.
	elim := trapEliminations(s, d, comp, all)
	return len(elim) == 0 || emit(&Step{Technique: "simple-coloring", Name: "Simple Colors Trap", Rating: 6.6,
		Eliminations: elim, Cells: all, Digits: sudoku.DigitSet(d),
		Detail: fmt.Sprintf("%d coloured %s / %s", d, cellList(comp[1]), cellList(comp[2]))})
}

// seesItself reports whether two of the cells see each other.
func seesItself(cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if sees(a, b) {
				return true
			}
		}
	}
	return false
}

// seesAny reports whether cell c sees one of the cells.
func seesAny(c int, cells []int) bool {
	for _, x := range cells {
		if sees(c, x) {
			return true
		}
	}
	return false
}

// trapEliminations lists the cells outside the colouring (all) that hold d
// and see both colours.
func trapEliminations(s *State, d int, comp [3][]int, all []int) []Candidate {
	var elim []Candidate
	for c := 0; c < 81; c++ {
		if !s.Cands[c].Has(d) || slices.Contains(all, c) {
			continue
		}
		if seesAny(c, comp[1]) && seesAny(c, comp[2]) {
			elim = append(elim, Candidate{uint8(c), uint8(d)})
		}
	}
	return elim
}
