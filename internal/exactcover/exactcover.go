// Package exactcover counts the solutions of exact cover problems by
// Knuth's Algorithm X on dancing links, and of sudokus of any size as
// exact covers. It is a reference for tests: it shares no code with the
// solvers of package solve or the generator, so that a uniqueness check
// made with it is independent of theirs. It favours plainness over speed.
package exactcover

// Matrix is an exact cover problem under construction: columns 0..cols-1
// (the constraints) and rows (the choices), each covering some columns.
// A solution is a set of rows that covers every column exactly once.
type Matrix struct {
	// The nodes of the dancing links: node 0 is the root, nodes
	// 1..cols the column headers, the rest the ones of the rows.
	left, right, up, down, col, row []int
	size                            []int // per column header: its nodes
	rows                            int
}

// New returns a matrix of cols columns and no rows.
func New(cols int) *Matrix {
	m := &Matrix{}
	m.add(0, -1)
	for c := 1; c <= cols; c++ {
		m.add(c, -1)
		m.left[c], m.right[c] = c-1, 0
		m.right[c-1], m.left[0] = c, c
	}
	m.size = make([]int, cols+1)
	return m
}

// add appends a node of column header c (itself for a header) that
// links to itself, and returns it.
func (m *Matrix) add(c, row int) int {
	i := len(m.left)
	m.left = append(m.left, i)
	m.right = append(m.right, i)
	m.up = append(m.up, i)
	m.down = append(m.down, i)
	m.col = append(m.col, c)
	m.row = append(m.row, row)
	return i
}

// AddRow adds a row covering the columns given (each 0..cols-1, no
// repeats) and returns its number, from 0.
func (m *Matrix) AddRow(cols ...int) int {
	r := m.rows
	m.rows++
	first := -1
	for _, c := range cols {
		h := c + 1
		i := m.add(h, r)
		// below the column's last node
		m.up[i], m.down[i] = m.up[h], h
		m.down[m.up[h]], m.up[h] = i, i
		m.size[h]++
		if first < 0 {
			first = i
			continue
		}
		m.left[i], m.right[i] = m.left[first], first
		m.right[m.left[first]], m.left[first] = i, i
	}
	return r
}

func (m *Matrix) cover(c int) {
	m.right[m.left[c]], m.left[m.right[c]] = m.right[c], m.left[c]
	for i := m.down[c]; i != c; i = m.down[i] {
		for j := m.right[i]; j != i; j = m.right[j] {
			m.down[m.up[j]], m.up[m.down[j]] = m.down[j], m.up[j]
			m.size[m.col[j]]--
		}
	}
}

func (m *Matrix) uncover(c int) {
	for i := m.up[c]; i != c; i = m.up[i] {
		for j := m.left[i]; j != i; j = m.left[j] {
			m.size[m.col[j]]++
			m.down[m.up[j]], m.up[m.down[j]] = j, j
		}
	}
	m.right[m.left[c]], m.left[m.right[c]] = c, c
}

// Count counts the solutions up to limit (at least 1) and returns the
// rows of the first one found. The matrix is unchanged afterwards.
func (m *Matrix) Count(limit int) (count int, first []int) {
	limit = max(limit, 1)
	var chosen []int
	var search func()
	search = func() {
		if m.right[0] == 0 {
			if count == 0 {
				first = append([]int(nil), chosen...)
			}
			count++
			return
		}
		// the column with the fewest rows
		c := m.right[0]
		for j := m.right[c]; j != 0; j = m.right[j] {
			if m.size[j] < m.size[c] {
				c = j
			}
		}
		if m.size[c] == 0 {
			return
		}
		m.cover(c)
		for i := m.down[c]; i != c && count < limit; i = m.down[i] {
			chosen = append(chosen, m.row[i])
			for j := m.right[i]; j != i; j = m.right[j] {
				m.cover(m.col[j])
			}
			search()
			for j := m.left[i]; j != i; j = m.left[j] {
				m.uncover(m.col[j])
			}
			chosen = chosen[:len(chosen)-1]
		}
		m.uncover(c)
	}
	search()
	return count, first
}
