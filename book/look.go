package book

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokit/sudokit/sudoku"
)

// mark is a way of picking out the cells of a variant's extra houses on a
// printed grid, as puzzle books do: shaded cells first, then, when a
// grid's rules have more such houses than that, circled cells, a dot or a
// mark in a corner. Every output (PDF, SVG, PNG, HTML) draws them alike.
type mark int

const (
	markFill   mark = iota // the cell shaded grey
	markRing               // a grey circle inside the cell, round its digit
	markDot                // a small grey dot in the cell's top right corner
	markCorner             // a small grey triangle in the cell's bottom left corner
	numMarks
)

// adjective says how a mark picks a cell out, in the rules' words.
func (m mark) adjective() string {
	return [...]string{"shaded", "circled", "dotted", "corner-marked"}[m]
}

// marked are the kinds of extra houses a grid marks cell by cell, in the
// order they take the marks: windoku's windows get the shading whenever
// they are there, as books shade them. The diagonals of x are shaded when
// nothing else is, and drawn as lines otherwise; disjoint groups are
// stated in words, not drawn (nine groups of nine would need nine
// colours), and so are the pair rules (anti-knight, anti-king,
// non-consecutive).
var marked = []sudoku.HouseKind{sudoku.HouseWindow, sudoku.HouseAsterisk, sudoku.HouseGirandola, sudoku.HouseCenterDot}

// look is how a grid shows its rules, worked out once from them: the
// cells each mark picks out, whether the diagonals are lines, and the
// thick borders of its boxes or jigsaw regions.
type look struct {
	rules sudoku.Rules
	// n is the grid's side in cells: 9, or a Board's size.
	n int
	// board is a sized grid's Board (x and cages at any size); nil for
	// 9x9 rules.
	board *sudoku.Board
	// cages are a killer's cages, cells numbered on the n×n grid.
	cages []sudoku.Cage
	// filled are the shaded cells of a Board (its diagonals, with x): a
	// 9x9 grid's are marks[markFill].
	filled []int
	marks  [numMarks]sudoku.CellSet
	// markOf is the mark each kind of house got (only those the rules
	// have are set).
	markOf map[sudoku.HouseKind]mark
	// diagonalLines draws x's diagonals as grey lines from corner to
	// corner, the shading being taken.
	diagonalLines bool
	// region is each cell's box, or its jigsaw region (0-8): the thick
	// lines of a grid are where two neighbours' regions differ.
	region []int
	jigsaw bool
}

// lookOf works out how a grid under rules is drawn.
func lookOf(r sudoku.Rules) *look {
	l := &look{rules: r, n: 9, cages: r.Cages(), markOf: map[sudoku.HouseKind]mark{}, region: make([]int, 81)}
	for h := 18; h < 27; h++ {
		for _, c := range r.House(h).Cells {
			l.region[c] = h - 18
		}
	}
	l.jigsaw = r.Has("jigsaw")
	var cells = map[sudoku.HouseKind]sudoku.CellSet{}
	diagonals := false
	for h := 27; h < r.NumHouses(); h++ {
		house := r.House(h)
		if house.Kind == sudoku.HouseDiagonal {
			diagonals = true
		}
		set := cells[house.Kind]
		for _, c := range house.Cells {
			set.Add(int(c))
		}
		cells[house.Kind] = set
	}
	next := markFill
	for _, kind := range marked {
		if set, ok := cells[kind]; ok && next < numMarks {
			l.marks[next] = set
			l.markOf[kind] = next
			next++
		}
	}
	if diagonals {
		if next == markFill {
			l.marks[markFill] = cells[sudoku.HouseDiagonal]
			l.markOf[sudoku.HouseDiagonal] = markFill
		} else {
			l.diagonalLines = true
		}
	}
	return l
}

// boardLook works out how a grid of any size is drawn: a jigsaw's
// regions in thick lines instead of the boxes, as a 9x9 jigsaw's; with x,
// its diagonals shaded as a 9x9 x's are; a killer's cages dashed as 9x9's
// are. Its marks (of 9x9's other variants) are empty.
func boardLook(b *sudoku.Board) *look {
	l := &look{n: b.Shape.N(), board: b, cages: b.Cages, markOf: map[sudoku.HouseKind]mark{}}
	if b.Regions != nil {
		l.jigsaw = true
		l.region = make([]int, len(b.Regions))
		for c, r := range b.Regions {
			l.region[c] = int(r)
		}
	}
	if b.X {
		l.markOf[sudoku.HouseDiagonal] = markFill
		for h := 3 * l.n; h < 3*l.n+2; h++ {
			for _, c := range b.Shape.HouseCells(h) {
				if !slices.Contains(l.filled, c) {
					l.filled = append(l.filled, c)
				}
			}
		}
	}
	return l
}

// look is how an entry's grid is drawn: its rules', or its Board's; nil
// for a classic grid of any size.
func (p Entry) look() *look {
	switch {
	case p.Board != nil && !p.Board.IsClassic():
		return boardLook(p.Board)
	case p.Board == nil && !p.Rules.IsClassic():
		return lookOf(p.Rules)
	}
	return nil
}

// classic reports whether the grid is drawn as a classic one: no marks,
// no lines, the boxes' borders.
func (l *look) classic() bool {
	return l == nil || l.board == nil && l.rules.IsClassic() || l.board != nil && l.board.IsClassic()
}

// hasCages reports whether the grid is a killer's.
func (l *look) hasCages() bool { return l != nil && len(l.cages) > 0 }

// shadedCells lists the cells the grid shades.
func (l *look) shadedCells() []int {
	if l.board != nil {
		return l.filled
	}
	return l.marks[markFill].Cells()
}

// shaded reports whether the grid shades cell c.
func (l *look) shaded(c int) bool {
	if l == nil {
		return false
	}
	if l.board != nil {
		return slices.Contains(l.filled, c)
	}
	return l.marks[markFill].Has(c)
}

// borders lists the thick lines inside a jigsaw's grid, each run of edges
// between two regions as one segment, in cell units from the grid's top
// left corner: {x0, y0, x1, y1}. Vertical runs come first, then
// horizontal ones.
func (l *look) borders() [][4]float64 {
	var out [][4]float64
	n := l.n
	for k := 1; k < n; k++ { // the line between columns k-1 and k
		start := -1
		for r := 0; r <= n; r++ {
			thick := r < n && l.region[r*n+k-1] != l.region[r*n+k]
			switch {
			case thick && start < 0:
				start = r
			case !thick && start >= 0:
				out = append(out, [4]float64{float64(k), float64(start), float64(k), float64(r)})
				start = -1
			}
		}
	}
	for k := 1; k < n; k++ { // the line between rows k-1 and k
		start := -1
		for c := 0; c <= n; c++ {
			thick := c < n && l.region[(k-1)*n+c] != l.region[k*n+c]
			switch {
			case thick && start < 0:
				start = c
			case !thick && start >= 0:
				out = append(out, [4]float64{float64(start), float64(k), float64(c), float64(k)})
				start = -1
			}
		}
	}
	return out
}

// edges says which sides of a cell are thick lines (a box's or region's
// border, or the grid's): top, right, bottom, left.
func (l *look) edges(cell int) (top, right, bottom, left bool) {
	r, c := cell/9, cell%9
	region := func(i int) int {
		if l == nil {
			return i/27*3 + i%9/3
		}
		return l.region[i]
	}
	top = r == 0 || region(cell-9) != region(cell)
	bottom = r == 8 || region(cell+9) != region(cell)
	left = c == 0 || region(cell-1) != region(cell)
	right = c == 8 || region(cell+1) != region(cell)
	return
}

// Gray levels of the marks (0 black, 255 white): light enough for a
// digit on them to read as well as on white.
const (
	fillGray = 215 // shaded cells
	markGray = 140 // circles, dots, corner marks and the diagonal lines
)

// The sizes of the marks, in cells.
const (
	ringRadius = 0.42 // a circle round the cell's digit
	dotRadius  = 0.07 // a dot in the top right corner, clear of the circle,
	dotInset   = 0.13 // its centre this far in from the cell's sides
	cornerSize = 0.3  // the sides of a corner's triangle along the cell's
)

// variantTitles are the names of the variants in books, as puzzle books
// call them.
var variantTitles = map[string]string{
	"x": "Sudoku X", "windoku": "Windoku", "disjoint-groups": "Disjoint Groups", "asterisk": "Asterisk",
	"girandola": "Girandola", "center-dot": "Centre Dot", "anti-knight": "Anti-Knight", "anti-king": "Anti-King",
	"non-consecutive": "Non-Consecutive", "jigsaw": "Jigsaw", "killer": "Killer Sudoku",
}

// rulesTitle names a grid's rules in a book: "Classic", "Sudoku X",
// "Jigsaw + X", "Killer Sudoku", "Killer X" (killer-x), "Killer Windoku".
func rulesTitle(r sudoku.Rules) string {
	names := r.Variants()
	if len(names) == 0 {
		return "Classic"
	}
	if r.Has("killer") && len(names) > 1 {
		others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == "killer" })
		rest, err := sudoku.NewRules(others, r.Regions())
		if err == nil {
			return "Killer " + strings.TrimPrefix(rulesTitle(rest), "Sudoku ")
		}
	}
	var parts []string
	for _, n := range names {
		t, ok := variantTitles[n]
		switch {
		case !ok:
			t = capitalise(strings.ReplaceAll(n, "-", " "))
		case n == "x" && len(names) > 1:
			t = "X"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, " + ")
}

// words states a grid's rules for a reader, one sentence each, in terms
// of the drawing: the rows, columns and boxes (or the outlined regions of
// a jigsaw) first, then each variant's own rule.
func (l *look) words() []string {
	base := "Every row, column and 3x3 box holds the digits 1 to 9 once."
	if l.jigsaw {
		base = "Every row, column and region (outlined in bold) holds the digits 1 to 9 once."
	}
	out := []string{base}
	adj := func(k sudoku.HouseKind) string { return l.markOf[k].adjective() }
	for _, v := range l.rules.Variants() {
		var s string
		switch v {
		case "jigsaw":
			continue
		case "x":
			s = "The two " + adj(sudoku.HouseDiagonal) + " diagonals also hold 1 to 9 once each."
			if l.diagonalLines {
				s = "The two long diagonals, drawn as grey lines, also hold 1 to 9 once each."
			}
		case "windoku":
			s = "The four " + adj(sudoku.HouseWindow) + " boxes also hold 1 to 9 once each."
		case "asterisk":
			s = "The nine " + adj(sudoku.HouseAsterisk) + " cells of the asterisk also hold 1 to 9 once."
		case "girandola":
			s = "The nine " + adj(sudoku.HouseGirandola) + " cells of the girandola also hold 1 to 9 once."
		case "center-dot":
			s = "The nine " + adj(sudoku.HouseCenterDot) + " box centres also hold 1 to 9 once."
		case "disjoint-groups":
			s = "The cells at the same place in each box (the nine top left cells, the nine centres, ...) also hold 1 to 9 once."
		case "anti-knight":
			s = "Two cells a knight's move apart (as in chess) never hold the same digit."
		case "anti-king":
			s = "Two cells a king's move apart (touching, diagonally too) never hold the same digit."
		case "killer":
			s = "Each cage's digits add up to its sum and do not repeat: a cage is outlined in dashes, its sum small in its top left corner."
		case "non-consecutive":
			s = "Two cells side by side never hold consecutive digits, such as 4 and 5 (1 and 9 are not consecutive)."
		default:
			s = capitalise(sudoku.VariantRule(v)) + "."
		}
		out = append(out, s)
	}
	return out
}

// capitalise upper-cases a text's first letter.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
