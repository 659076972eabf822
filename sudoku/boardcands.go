package sudoku

// Candidates returns each cell's candidates under the board's rules, in
// reading order: a filled cell's digit alone, an empty cell's the digits
// 1..N that no cell of its houses (rows, columns, boxes, and diagonals
// with X) nor of its cage holds (0 when none is left). It is the state
// before any technique, as State.AllCandidates is for 9x9; a killer's
// sums are CageOptions' to apply. A Digits holds the digits up to 15: a
// board of 16 or 25 digits has nil.
func (b Board) Candidates() []Digits {
	s := b.Shape
	n := s.N()
	if n > 15 || len(b.Cells) != s.Cells() {
		return nil
	}
	all := Digits(1)<<(n+1) - 2
	out := make([]Digits, len(b.Cells))
	for i := range out {
		out[i] = all
	}
	strike := func(cells []int) {
		var used Digits
		for _, c := range cells {
			if v := b.Cells[c]; v != 0 {
				used |= 1 << v
			}
		}
		for _, c := range cells {
			out[c] &^= used
		}
	}
	for h := range b.NumHouses() {
		strike(s.HouseCells(h))
	}
	for _, c := range b.Cages {
		strike(c.Cells)
	}
	for i, v := range b.Cells {
		if v != 0 {
			out[i] = 1 << v
		}
	}
	return out
}
