package exactcover

// CountSudoku counts the solutions of a sudoku of n digits with boxes of
// boxRows×boxCols cells, up to limit: cells holds n×n values row by row, 0
// for an empty cell and 1..n for a given. It returns the count and the
// first solution found (nil when there is none). Givens that repeat in a
// house, a value over n, a wrong count of cells or a box that does not
// tile the grid make no solution.
//
// The sudoku is the exact cover of 4n² columns (each cell filled once;
// each digit once in each row, column and box) by one row per digit an
// empty cell may take; the givens are taken before the search.
func CountSudoku(n, boxRows, boxCols int, cells []uint8, limit int) (int, []uint8) {
	return count(n, boxes(n, boxRows, boxCols), false, cells, limit)
}

// CountSudokuX is CountSudoku for the variant x: the two main diagonals
// hold each digit once too, 2n columns more (each digit once in each
// diagonal; a cell on both diagonals, the centre of an odd size, fills a
// column of each).
func CountSudokuX(n, boxRows, boxCols int, cells []uint8, limit int) (int, []uint8) {
	return count(n, boxes(n, boxRows, boxCols), true, cells, limit)
}

// CountJigsaw is CountSudoku for a jigsaw of n digits: regions holds each
// cell's region 0..n-1 row by row, and the regions, n cells each, take
// the place of the boxes; with x the diagonals are houses too, as for
// CountSudokuX. A layout with a region of another count of cells, or an
// id of n or more, makes no solution. (Whether the regions are connected
// does not matter to the count.)
func CountJigsaw(n int, regions []uint8, x bool, cells []uint8, limit int) (int, []uint8) {
	if n < 1 || len(regions) != n*n {
		return 0, nil
	}
	size := make([]int, n)
	for _, r := range regions {
		if int(r) >= n {
			return 0, nil
		}
		size[r]++
	}
	for _, k := range size {
		if k != n {
			return 0, nil
		}
	}
	return count(n, func(r, c int) int { return int(regions[r*n+c]) }, x, cells, limit)
}

// boxes returns the box of each cell of a sudoku of n digits with boxes of
// boxRows×boxCols cells; nil when they do not tile the grid.
func boxes(n, boxRows, boxCols int) func(r, c int) int {
	if n < 1 || boxRows < 1 || boxCols < 1 || boxRows*boxCols != n {
		return nil
	}
	return func(r, c int) int { return r/boxRows*(n/boxCols) + c/boxCols }
}

// count is CountSudoku, box giving the box (or region) of each cell, with
// the diagonals when x.
func count(n int, box func(r, c int) int, x bool, cells []uint8, limit int) (int, []uint8) {
	if box == nil || len(cells) != n*n {
		return 0, nil
	}
	cellCol := func(r, c int) int { return r*n + c }
	rowCol := func(r, d int) int { return n*n + r*n + d }
	colCol := func(c, d int) int { return 2*n*n + c*n + d }
	boxCol := func(b, d int) int { return 3*n*n + b*n + d }
	// The columns of a choice: cell, row, column, box, then the
	// diagonals it lies on (with x).
	columns := func(r, c, d int) []int {
		ks := []int{cellCol(r, c), rowCol(r, d), colCol(c, d), boxCol(box(r, c), d)}
		if x && r == c {
			ks = append(ks, 4*n*n+d)
		}
		if x && r+c == n-1 {
			ks = append(ks, 4*n*n+n+d)
		}
		return ks
	}
	// The columns the givens fill, and a check that none is filled twice.
	filled := make([]bool, 4*n*n+2*n)
	for i, v := range cells {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return 0, nil
		}
		r, c, d := i/n, i%n, int(v)-1
		for _, k := range columns(r, c, d) {
			if filled[k] {
				return 0, nil
			}
			filled[k] = true
		}
	}
	// Number the columns left, and give each empty cell its rows.
	index := make([]int, len(filled))
	cols := 0
	for k := range index {
		index[k] = -1
		if !filled[k] && (x || k < 4*n*n) {
			index[k] = cols
			cols++
		}
	}
	m := New(cols)
	type choice struct{ cell, digit int }
	var choices []choice
	for i, v := range cells {
		if v != 0 {
			continue
		}
		r, c := i/n, i%n
		for d := range n {
			ks := columns(r, c, d)
			ok := true
			for j, k := range ks {
				if index[k] < 0 {
					ok = false
					break
				}
				ks[j] = index[k]
			}
			if ok {
				m.AddRow(ks...)
				choices = append(choices, choice{i, d + 1})
			}
		}
	}
	count, rows := m.Count(limit)
	if count == 0 {
		return 0, nil
	}
	solution := append([]uint8(nil), cells...)
	for _, r := range rows {
		solution[choices[r].cell] = uint8(choices[r].digit)
	}
	return count, solution
}
