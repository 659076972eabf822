package sudoku

import (
	"math/bits"
	"strings"
)

// Pretty returns the grid as 9 lines of 9 cells with box separators and '.'
// for empty cells:
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	. 9 8 | . . . | . 6 .
//	------+-------+------
//	...
func (g Grid) Pretty() string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			b.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			switch {
			case c == 3 || c == 6:
				b.WriteString(" | ")
			case c > 0:
				b.WriteByte(' ')
			}
			if v := g[r*9+c]; v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('0' + v)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Pretty returns the grid drawn for its rules: as Grid.Pretty draws it,
// with the boxes' lines, unless a jigsaw's regions replace the boxes; then
// in a frame, with a border ('|' between two cells, "---" between two rows)
// wherever two neighbouring cells are in different regions, '+' where
// borders meet or turn, and '.' for empty cells:
//
//	+-----------------------+-----------+
//	| .   .   9   .   .   . | .   4   . |
//	|       +-----------+---+---+       |
//	| .   . | .   .   . | .   . | 1   . |
//	...
//
// Every line between two rows is a separator line to the readers (borders
// only, with a '+' wherever it has a dash), so the drawing reads back as
// the grid.
func (r Rules) Pretty(g Grid) string {
	if !r.Has("jigsaw") {
		return g.Pretty()
	}
	var text [81]string
	for i, d := range g {
		text[i] = "."
		if d != 0 {
			text[i] = string(rune('0' + d))
		}
	}
	return r.drawRegions(&text)
}

// drawRegions lays out 81 cell texts in a frame with the borders of r's
// regions (a jigsaw's; see Rules.Pretty and drawRegionBorders).
func (r Rules) drawRegions(text *[81]string) string {
	return drawRegionBorders(9, text[:], func(cell int) int {
		return bits.TrailingZeros64(r.HousesOf(cell) >> 18 & 0x1ff)
	})
}

// drawRegionBorders lays out the texts of an n×n grid's cells, row by
// row, each column as wide as its widest text, in a frame with a border
// wherever two neighbouring cells are in different regions (region gives
// a cell's): '|' between two cells, dashes between two rows, '+' where
// borders meet or turn. Every line between two rows has a '|' at least
// (the frame) and a '+' wherever it has a dash, so that the readers take
// it for a separator.
func drawRegionBorders(n int, text []string, region func(cell int) int) string {
	width := make([]int, n)
	for i, t := range text {
		width[i%n] = max(width[i%n], len(t))
	}
	regionAt := func(row, col int) int {
		if row < 0 || row >= n || col < 0 || col >= n {
			return -1 // outside the grid: a region of its own, so the frame is drawn
		}
		return region(row*n + col)
	}
	// wall reports a border left of cell (row, col), floor one above it.
	wall := func(row, col int) bool { return row >= 0 && row < n && regionAt(row, col-1) != regionAt(row, col) }
	floor := func(row, col int) bool { return col >= 0 && col < n && regionAt(row-1, col) != regionAt(row, col) }
	var b strings.Builder
	for row := 0; ; row++ {
		for col := 0; col <= n; col++ {
			up, down, left, right := wall(row-1, col), wall(row, col), floor(row, col-1), floor(row, col)
			switch {
			case up && down && !left && !right:
				b.WriteByte('|')
			case left && right && !up && !down:
				b.WriteByte('-')
			case up || down || left || right:
				b.WriteByte('+')
			default:
				b.WriteByte(' ')
			}
			if col < n {
				fill := " "
				if floor(row, col) {
					fill = "-"
				}
				b.WriteString(strings.Repeat(fill, width[col]+2))
			}
		}
		b.WriteByte('\n')
		if row == n {
			return b.String()
		}
		for col := 0; col <= n; col++ {
			if wall(row, col) {
				b.WriteByte('|')
			} else {
				b.WriteByte(' ')
			}
			if col < n {
				t := text[row*n+col]
				b.WriteByte(' ')
				b.WriteString(t)
				b.WriteString(strings.Repeat(" ", width[col]-len(t)+1))
			}
		}
		b.WriteByte('\n')
	}
}

// FormatCandidates returns a 9x9 table of candidate sets, each column as wide
// as its widest set, with box separators:
//
//	4      1679   12679  | 139    2369   269    | 8      1239   5
//	...
//	---------------------+----------------------+---------------------
//
// A set with one digit prints as that digit (a given or a solved cell); an
// empty set prints as "-".
func FormatCandidates(cands [81]Digits) string {
	var text [81]string
	for i, s := range cands {
		text[i] = s.String()
	}
	return formatTable(&text)
}

// FormatState writes a candidate state as a candidate grid that reads back
// as the same state: FormatCandidates' table, in which a placed digit is the
// digit and an empty cell with one candidate left is written "(5)" (in a
// pencil-mark grid, a lone digit is a placed one). Under a jigsaw's rules
// the table is drawn with the regions' borders instead of the boxes' lines,
// as Rules.Pretty draws a grid.
func FormatState(s *State) string {
	var text [81]string
	for i, v := range s.Values {
		switch {
		case v != 0:
			text[i] = string(rune('0' + v))
		case s.Cands[i].Count() == 1:
			text[i] = "(" + s.Cands[i].String() + ")"
		default:
			text[i] = s.Cands[i].String()
		}
	}
	if !s.Rules.IsClassic() && s.Rules.Has("jigsaw") {
		return s.Rules.drawRegions(&text)
	}
	return formatTable(&text)
}

// PM729 writes a candidate state as a 729-character line: for each cell,
// nine characters, the digit k+1 at place k where it is a candidate (or the
// cell's digit), '.' elsewhere.
func PM729(s *State) string {
	b := make([]byte, 729)
	for i, d := range s.AllCandidates() {
		for k := range 9 {
			if d.Has(k + 1) {
				b[9*i+k] = byte('1' + k)
			} else {
				b[9*i+k] = '.'
			}
		}
	}
	return string(b)
}

// formatTable lays out 81 cell texts as an aligned 9x9 table with box
// separators.
func formatTable(text *[81]string) string {
	var width [9]int
	for i, t := range text {
		width[i%9] = max(width[i%9], len(t))
	}
	var sep strings.Builder
	for c := 0; c < 9; c++ {
		if c == 3 || c == 6 {
			sep.WriteString("-+-")
		} else if c > 0 {
			sep.WriteString("--")
		}
		sep.WriteString(strings.Repeat("-", width[c]))
	}
	var b strings.Builder
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			b.WriteString(sep.String())
			b.WriteByte('\n')
		}
		var line strings.Builder
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				line.WriteString(" | ")
			} else if c > 0 {
				line.WriteString("  ")
			}
			t := text[r*9+c]
			line.WriteString(t)
			line.WriteString(strings.Repeat(" ", width[c]-len(t)))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
