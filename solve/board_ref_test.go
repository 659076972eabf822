package solve

// refCount is the reference counter of the sized solver's tests: plain
// backtracking over cells with per-house masks of used digits, choosing
// the empty cell with the fewest digits left. It shares no code with the
// solver of board.go (it reads only the board's size and box sides, and
// works out rows, columns and boxes itself), so that the two checking
// each other means something.
type refCounter struct {
	n, r, c  int
	cells    []uint8
	row, col []uint32 // per house: the digits used, as bits 1..n
	box      []uint32
	limit    int
	count    int
	first    []uint8
}

// refCount counts the solutions of a board of size n with boxes of r×c
// up to limit, and returns the count and the first solution found; a
// board whose givens repeat a digit in a house has none.
func refCount(n, r, c int, cells []uint8, limit int) (int, []uint8) {
	rc := &refCounter{n: n, r: r, c: c, cells: append([]uint8(nil), cells...), limit: limit,
		row: make([]uint32, n), col: make([]uint32, n), box: make([]uint32, n)}
	for i, v := range rc.cells {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return 0, nil
		}
		m := uint32(1) << v
		y, x, b := rc.houses(i)
		if (rc.row[y]|rc.col[x]|rc.box[b])&m != 0 {
			return 0, nil
		}
		rc.row[y] |= m
		rc.col[x] |= m
		rc.box[b] |= m
	}
	rc.search()
	return rc.count, rc.first
}

func (rc *refCounter) houses(i int) (y, x, b int) {
	y, x = i/rc.n, i%rc.n
	return y, x, (y/rc.r)*(rc.n/rc.c) + x/rc.c
}

// search branches on the constraint with the fewest ways left, as exact
// cover search does: an empty cell (its digits), or a digit missing from a
// house (its places there).
func (rc *refCounter) search() {
	n := rc.n
	all := uint32(1)<<(n+1) - 2
	free := make([]uint32, len(rc.cells))
	bestK, bestCell, bestHouse, bestDigit := n+1, -1, -1, 0
	for i, v := range rc.cells {
		if v != 0 {
			continue
		}
		y, x, b := rc.houses(i)
		free[i] = all &^ (rc.row[y] | rc.col[x] | rc.box[b])
		if k := popcount(free[i]); k < bestK {
			bestK, bestCell = k, i
		}
	}
	if bestCell < 0 {
		if rc.count == 0 {
			rc.first = append([]uint8(nil), rc.cells...)
		}
		rc.count++
		return
	}
	if bestK == 0 {
		return
	}
	for h := 0; h < 3*n && bestK > 1; h++ {
		var places [33]int
		used := uint32(0)
		for _, i := range rc.houseCells(h) {
			if v := rc.cells[i]; v != 0 {
				used |= 1 << v
			}
			for f := free[i]; f != 0; f &= f - 1 {
				places[trailing(f)]++
			}
		}
		for v := 1; v <= n; v++ {
			if used&(1<<v) == 0 && places[v] < bestK {
				bestK, bestCell, bestHouse, bestDigit = places[v], -1, h, v
			}
		}
	}
	if bestK == 0 {
		return
	}
	if bestCell >= 0 {
		for v := 1; v <= n; v++ {
			if free[bestCell]&(1<<v) != 0 && rc.try(bestCell, v) {
				return
			}
		}
		return
	}
	for _, i := range rc.houseCells(bestHouse) {
		if free[i]&(1<<bestDigit) != 0 && rc.try(i, bestDigit) {
			return
		}
	}
}

// try places v in cell i, searches on, takes v back, and reports whether
// the limit is reached.
func (rc *refCounter) try(i, v int) bool {
	y, x, b := rc.houses(i)
	m := uint32(1) << v
	rc.cells[i] = uint8(v)
	rc.row[y] |= m
	rc.col[x] |= m
	rc.box[b] |= m
	rc.search()
	rc.row[y] &^= m
	rc.col[x] &^= m
	rc.box[b] &^= m
	rc.cells[i] = 0
	return rc.count >= rc.limit
}

// houseCells lists the cells of house h: rows, then columns, then boxes.
func (rc *refCounter) houseCells(h int) []int {
	n := rc.n
	cells := make([]int, 0, n)
	for i := range n * n {
		y, x, b := rc.houses(i)
		if (h < n && y == h) || (h >= n && h < 2*n && x == h-n) || (h >= 2*n && b == h-2*n) {
			cells = append(cells, i)
		}
	}
	return cells
}

func popcount(x uint32) int {
	k := 0
	for ; x != 0; x &= x - 1 {
		k++
	}
	return k
}

func trailing(x uint32) int {
	k := 0
	for x&1 == 0 {
		x >>= 1
		k++
	}
	return k
}
