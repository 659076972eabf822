package canon

import (
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// Minlex returns the canonical form of g, the lexicographically smallest
// grid over all geometric transformations with digits relabelled in order
// of first appearance (see the package documentation), and one Transform
// t with t.Apply(g) == form. Any grid is accepted: blank, full, or
// breaking the rules; cells outside 0..9 count as blank. Minlex is safe
// for concurrent use and allocates nothing once warm.
//
// Puzzles take about 5-10 µs each (17 to 35 clues). Full solution grids
// are the slow case, a few milliseconds each: every column order ties on
// their first row, so thousands of partial transformations are kept.
func Minlex(g sudoku.Grid) (sudoku.Grid, Transform) {
	s := searchers.Get().(*searcher)
	form, t := s.run(&g)
	searchers.Put(s)
	return form, t
}

// Key returns the canonical form of g as 81 characters, '0' for a blank:
// two puzzles are isomorphic exactly when their keys are equal.
func Key(g sudoku.Grid) string {
	form, _ := Minlex(g)
	return Format(form)
}

// Format writes g as 81 characters, row by row, '0' for a blank: the
// notation of the minlex form. Cells outside 0..9 are written as '?'.
func Format(g sudoku.Grid) string {
	var b [81]byte
	for i, v := range g {
		b[i] = digitChar(v)
	}
	return string(b[:])
}

// searchers holds scratch space, so that Minlex allocates nothing once
// warm; each call takes its own searcher.
var searchers = sync.Pool{New: func() any { return new(searcher) }}

// partial is a partial transformation that gives the best prefix of rows
// found so far. Rows 0..k-1 of the result are fixed. Columns are fixed
// only as far as those rows tell them apart: the first u stacks of the
// result hold source stacks still blank in every fixed row, in any order
// (stacks[0..u-1], their columns at cols[3t..3t+2]), and each later stack
// t begins with free[t] columns still blank in every fixed row, in any
// order. Everything free is blank so far, so any order of it gives the
// same prefix, and cols always holds one concrete column order.
type partial struct {
	rows      [9]uint8  // source row of result rows 0..k-1
	cols      [9]uint8  // source column of each result column
	stacks    [3]uint8  // source stack of each result stack
	free      [3]uint8  // leading free columns of result stacks u..2
	dmap      [10]uint8 // digit labels so far (0: not yet seen)
	u         uint8     // leading result stacks not yet fixed
	next      uint8     // next label to hand out
	orient    uint8     // 1: the transposed grid
	band      uint8     // source band of the current result band
	rowsUsed  uint16
	bandsUsed uint8
}

// searcher is the scratch space of one Minlex call.
type searcher struct {
	grids [2][81]uint8 // the grid and its transpose, cells outside 1..9 blank
	// clues[o][r]: bit j set when row r of grids[o] has a clue in column j.
	clues [2][9]uint16
	// sameRow[o][r]: rows r' < r of the same band identical to row r;
	// sameBand[o][b]: bands b' < b identical to band b. A row (band)
	// identical to one still unused is skipped: swapping the two is an
	// automorphism of the grid, so it would give nothing new.
	sameRow  [2][9]uint16
	sameBand [2][3]uint8

	cur, next []partial
	form      [81]uint8
	// The row being built: best is the smallest row found so far for
	// result row k (10 for positions not yet set), w the partial being
	// extended, parent what it extends, src the source row's cells.
	best   [9]uint8
	w      partial
	parent *partial
	src    *[9]uint8
	row    [9]uint8 // scratch copy of the source row
}

// run computes the minlex form of g.
func (s *searcher) run(g *sudoku.Grid) (sudoku.Grid, Transform) {
	s.prepare(g)
	s.cur = s.cur[:0]
	start := partial{
		cols:   [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8},
		stacks: [3]uint8{0, 1, 2},
		u:      3,
		next:   1,
	}
	s.cur = append(s.cur, start)
	if s.grids[0] != s.grids[1] {
		start.orient = 1
		s.cur = append(s.cur, start)
	}
	for k := range 9 {
		s.best = [9]uint8{10, 10, 10, 10, 10, 10, 10, 10, 10}
		s.next = s.next[:0]
		for i := range s.cur {
			s.extend(&s.cur[i], k)
		}
		copy(s.form[9*k:], s.best[:])
		s.cur, s.next = s.next, s.cur
	}
	return sudoku.Grid(s.form), s.cur[0].transform()
}

// prepare fills the oriented grids and their tables.
func (s *searcher) prepare(g *sudoku.Grid) {
	for i, v := range g {
		if v > 9 {
			v = 0
		}
		s.grids[0][i] = v
		s.grids[1][i%9*9+i/9] = v
	}
	for o := range 2 {
		gr := &s.grids[o]
		for r := range 9 {
			var m uint16
			for c := range 9 {
				if gr[r*9+c] != 0 {
					m |= 1 << c
				}
			}
			s.clues[o][r] = m
			var same uint16
			for r2 := r / 3 * 3; r2 < r; r2++ {
				if [9]uint8(gr[r*9:r*9+9]) == [9]uint8(gr[r2*9:r2*9+9]) {
					same |= 1 << r2
				}
			}
			s.sameRow[o][r] = same
		}
		for b := range 3 {
			var same uint8
			for b2 := range b {
				if [27]uint8(gr[b*27:b*27+27]) == [27]uint8(gr[b2*27:b2*27+27]) {
					same |= 1 << b2
				}
			}
			s.sameBand[o][b] = same
		}
	}
}

// extend tries every source row that may come next after p as result row
// k, and keeps the extensions that tie the best row.
func (s *searcher) extend(p *partial, k int) {
	o := p.orient
	if k%3 == 0 {
		for b := range uint8(3) {
			if p.bandsUsed&(1<<b) != 0 || s.sameBand[o][b]&^p.bandsUsed != 0 {
				continue
			}
			for r := 3 * b; r < 3*b+3; r++ {
				if s.sameRow[o][r] != 0 {
					continue // all rows of the band are unused
				}
				s.place(p, k, r, b)
			}
		}
		return
	}
	b := p.band
	for r := 3 * b; r < 3*b+3; r++ {
		if p.rowsUsed&(1<<r) != 0 || s.sameRow[o][r]&^p.rowsUsed != 0 {
			continue
		}
		s.place(p, k, r, b)
	}
}

// emit compares value v at position i of the row being built with the
// best row: larger prunes (false), smaller makes it the new best and
// drops every extension kept so far.
func (s *searcher) emit(i int, v uint8) bool {
	b := s.best[i]
	if v > b {
		return false
	}
	if v < b {
		s.best[i] = v
		for j := i + 1; j < 9; j++ {
			s.best[j] = 10
		}
		s.next = s.next[:0]
	}
	return true
}

// place builds result row k from source row r (of band b) on top of p.
func (s *searcher) place(p *partial, k int, r, b uint8) {
	o := p.orient
	s.parent = p
	s.w = *p
	s.w.rows[k] = r
	s.w.rowsUsed |= 1 << r
	s.w.band = b
	s.w.bandsUsed |= 1 << b
	s.row = [9]uint8(s.grids[o][9*int(r) : 9*int(r)+9])
	s.src = &s.row
	clues := s.clues[o][r]

	// Stacks not yet fixed that are blank in this row come first and stay
	// unfixed: three zeros each.
	var used uint8
	n := 0
	for t := range int(p.u) {
		st := p.stacks[t]
		if clues>>(3*st)&7 != 0 {
			continue
		}
		for j := range 3 {
			if !s.emit(3*n+j, 0) {
				return
			}
			s.w.cols[3*n+j] = 3*st + uint8(j)
		}
		s.w.stacks[n] = st
		used |= 1 << st
		n++
	}
	s.w.u = uint8(n)
	s.slot(n, used)
}

// slot fills result stack t and the rest of the row. Below the parent's u
// it chooses one of the parent's unfixed stacks not in used.
func (s *searcher) slot(t int, used uint8) {
	if t == 3 {
		s.next = append(s.next, s.w)
		return
	}
	p := s.parent
	if t < int(p.u) {
		for i := range int(p.u) {
			st := p.stacks[i]
			if used&(1<<st) != 0 {
				continue
			}
			s.w.stacks[t] = st
			s.columns(t, [3]uint8{3 * st, 3*st + 1, 3*st + 2}, 3, used|1<<st)
		}
		return
	}
	s.columns(t, [3]uint8{p.cols[3*t], p.cols[3*t+1], p.cols[3*t+2]}, int(p.free[t]), used)
}

// columns fills result stack t from the first n of cols: the columns
// blank in the row first, then the clue columns in every order perm tries.
func (s *searcher) columns(t int, cols [3]uint8, n int, used uint8) {
	var clue [3]uint8
	nb, m := 0, 0
	for _, col := range cols[:n] {
		if s.src[col] == 0 {
			s.w.cols[3*t+nb] = col
			nb++
		} else {
			clue[m] = col
			m++
		}
	}
	if s.zeros(3*t, nb) {
		s.w.free[t] = uint8(nb)
		s.perm(t, 3*t+nb, clue, m, used)
	}
}

// zeros emits n zeros from position i.
func (s *searcher) zeros(i, n int) bool {
	for j := range n {
		if !s.emit(i+j, 0) {
			return false
		}
	}
	return true
}

// perm places the clue columns clue[:m] of result stack t, from position
// i on, in every order that ties the best row, then the stack's fixed
// columns, then the next stacks.
func (s *searcher) perm(t, i int, clue [3]uint8, m int, used uint8) {
	if m == 0 {
		s.tail(t, i, used)
		return
	}
	for j := range m {
		col := clue[j]
		d := s.src[col]
		v := s.w.dmap[d]
		fresh := v == 0
		if fresh {
			v = s.w.next
		}
		if !s.emit(i, v) {
			continue
		}
		if fresh {
			s.w.dmap[d] = v
			s.w.next++
		}
		s.w.cols[i] = col
		rest := clue
		rest[j] = rest[m-1]
		s.perm(t, i+1, rest, m-1, used)
		if fresh {
			s.w.dmap[d] = 0
			s.w.next--
		}
	}
}

// tail emits the fixed columns of result stack t from position i, then
// goes on with the next stack.
func (s *searcher) tail(t, i int, used uint8) {
	var fresh [3]uint8
	nf := 0
	ok := true
	for ; i < 3*t+3; i++ {
		d := s.src[s.w.cols[i]]
		var v uint8
		if d != 0 {
			v = s.w.dmap[d]
			if v == 0 {
				v = s.w.next
				s.w.dmap[d] = v
				s.w.next++
				fresh[nf] = d
				nf++
			}
		}
		if !s.emit(i, v) {
			ok = false
			break
		}
	}
	if ok {
		s.slot(t+1, used)
	}
	for j := range nf {
		s.w.dmap[fresh[j]] = 0
		s.w.next--
	}
}

// transform turns a complete partial into a Transform; digits absent from
// the grid take the labels left, in increasing order.
func (p *partial) transform() Transform {
	t := Transform{Transpose: p.orient == 1, Rows: p.rows, Cols: p.cols, Digits: p.dmap}
	next := p.next
	for d := 1; d <= 9; d++ {
		if t.Digits[d] == 0 {
			t.Digits[d] = next
			next++
		}
	}
	return t
}
