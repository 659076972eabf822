package book

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Symbols is how a grid's digits above 9 are printed (16x16, 25x25, ...);
// the zero value is LetterSymbols.
type Symbols int

// The symbols of digits above 9.
const (
	// LetterSymbols prints 1-9 then A for 10, B for 11, ...: a 16x16 as
	// 1-9A-G, as sudokit's line format writes it.
	LetterSymbols Symbols = iota
	// NumberSymbols prints 1 to N: a 16x16 as 1-16.
	NumberSymbols
)

// ParseSymbols reads the name of a Symbols: "letters" (or "1-9A-Z",
// "1-9A-G") or "numbers" (or "1-16"); "" is LetterSymbols. Its errors are
// of kind sudoku.ErrInvalid.
func ParseSymbols(s string) (Symbols, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "letters", "1-9a-z", "1-9a-g":
		return LetterSymbols, nil
	case "numbers", "1-16", "1-25":
		return NumberSymbols, nil
	}
	return LetterSymbols, sudoku.Invalidf("symbols %q: want letters (1-9A-G) or numbers (1-16)", s)
}

// String names the symbols as ParseSymbols reads them.
func (s Symbols) String() string {
	if s == NumberSymbols {
		return "numbers"
	}
	return "letters"
}

// text is how digit v (1..N) is printed.
func (s Symbols) text(v uint8) string {
	if v <= 9 || s == NumberSymbols {
		return fmt.Sprint(v)
	}
	return string(sudoku.Letters.Symbol(int(v)))
}

// range_ is the digits of a size in words: "1 to 6", "1 to 9 and A to
// G", "1 to 16".
func (s Symbols) range_(n int) string {
	switch {
	case n <= 9 || s == NumberSymbols:
		return fmt.Sprintf("1 to %d", n)
	case n == 10:
		return "1 to 9 and A"
	}
	return fmt.Sprintf("1 to 9 and A to %s", s.text(uint8(n)))
}

// classicShape is the shape of an Entry without a Board.
var classicShape = sudoku.ShapeOf(9)

// sized reports whether an entry is a puzzle of any shape (Board).
func (p Entry) sized() bool { return p.Board != nil }

// shape is the shape of an entry's grid: its Board's, or 9x9.
func (p Entry) shape() sudoku.Shape {
	if p.Board != nil {
		return p.Board.Shape
	}
	return classicShape
}

// puzzleCells and solutionCells are the cells of an entry's puzzle and
// solution, row by row, whatever its shape.
func (p Entry) puzzleCells() []uint8 {
	if p.Board != nil {
		return p.Board.Cells
	}
	g := p.Grid
	return g[:]
}

func (p Entry) solutionCells() []uint8 {
	if p.Board != nil {
		return p.BoardSolution.Cells
	}
	g := p.Solution
	return g[:]
}

// kind is what a book keeps together and opens with a section page of its
// own, in a book of several kinds: a size, or a variant (a jigsaw's
// layout aside).
func (p Entry) kind() string {
	if p.Board != nil {
		if v := p.Board.Variants(); len(v) > 0 {
			return p.Board.Shape.String() + " " + strings.Join(v, ",")
		}
		return p.Board.Shape.String()
	}
	return p.Rules.String()
}

// kindTitle names an entry's kind in a book: "Sudoku 16x16", "Sudoku 6x6,
// 3x2 boxes", or its rules' title ("Classic", "Sudoku X").
func (p Entry) kindTitle() string {
	if p.Board == nil {
		return rulesTitle(p.Rules)
	}
	s := p.Board.Shape
	name := "Sudoku"
	switch {
	case p.Board.IsJigsaw() && p.Board.X:
		name = "Jigsaw X"
	case p.Board.IsJigsaw():
		name = "Jigsaw Sudoku"
	case p.Board.X && len(p.Board.Cages) > 0:
		name = "Killer X"
	case p.Board.X:
		name = "Sudoku X"
	case len(p.Board.Cages) > 0:
		name = "Killer Sudoku"
	}
	if s.IsUsual() {
		return fmt.Sprintf("%s %dx%d", name, s.N(), s.N())
	}
	return fmt.Sprintf("%s %dx%d, %s boxes", name, s.N(), s.N(), s.Box())
}

// kindWords states an entry's rules for a reader: "Each row, column and
// 2x3 box holds 1 to 6 once.", or a variant's sentences (see look.words).
func (p Entry) kindWords(symbols Symbols) []string {
	if p.Board == nil {
		return lookOf(p.Rules).words()
	}
	s := p.Board.Shape
	out := []string{sizeRule(s, symbols)}
	if p.Board.IsJigsaw() {
		out[0] = fmt.Sprintf("Each row, column and outlined region holds %s once.", symbols.range_(s.N()))
	}
	if p.Board.X {
		out = append(out, fmt.Sprintf("The two shaded diagonals also hold %s once each.", symbols.range_(s.N())))
	}
	if len(p.Board.Cages) > 0 {
		out = append(out, "Each cage's digits add up to its sum and do not repeat: a cage is outlined in dashes, its sum small in its top left corner.")
	}
	return out
}

// pageRule is the rule a page of an entry's kind repeats under its
// header, short: the size's, then x's and killer's in a few words.
func (p Entry) pageRule(symbols Symbols) string {
	rule := sizeRule(p.shape(), symbols)
	if p.Board != nil && p.Board.IsJigsaw() {
		rule = fmt.Sprintf("Each row, column and outlined region holds %s once.", symbols.range_(p.shape().N()))
	}
	if p.Board != nil && p.Board.X {
		rule += " So does each shaded diagonal."
	}
	if p.Board != nil && len(p.Board.Cages) > 0 {
		rule += " Each cage adds up to its sum, no digit twice."
	}
	return rule
}

// sizeRule is the rule of a size in one sentence.
func sizeRule(s sudoku.Shape, symbols Symbols) string {
	return fmt.Sprintf("Each row, column and %s box holds %s once.", s.Box(), symbols.range_(s.N()))
}

// hasSizes reports whether some puzzle of a book is of any shape (a
// Board).
func hasSizes(puzzles []Entry) bool {
	return slices.ContainsFunc(puzzles, Entry.sized)
}

// checkEntries reports an entry a book cannot print: a Board without its
// solution, of another shape or not solved, or with variant rules (a
// size's rules are its boxes). Its errors are of kind sudoku.ErrInvalid.
func checkEntries(puzzles []Entry) error {
	for _, p := range puzzles {
		if p.Board == nil {
			continue
		}
		s := p.Board.Shape
		switch {
		case sudoku.ShapeOf(s.N()).N() == 0 || len(p.Board.Cells) != s.Cells():
			return sudoku.Invalidf("puzzle #%d: a board of no shape (%d cells)", p.Number, len(p.Board.Cells))
		case p.BoardSolution == nil || p.BoardSolution.Shape != s || len(p.BoardSolution.Cells) != s.Cells():
			return sudoku.Invalidf("puzzle #%d: a %s board needs a solution of its shape", p.Number, s)
		case !p.Rules.IsClassic():
			return sudoku.Invalidf("puzzle #%d: a %s board takes no variant rules (%s)", p.Number, s, p.Rules)
		}
		if err := p.BoardSolution.Validate(); err != nil {
			return sudoku.Invalidf("puzzle #%d: its solution: %w", p.Number, err)
		}
		for i, v := range p.BoardSolution.Cells {
			if v == 0 || int(v) > s.N() || p.Board.Cells[i] != 0 && p.Board.Cells[i] != v {
				return sudoku.Invalidf("puzzle #%d: its solution does not fill %s with its givens", p.Number, s.CellName(i))
			}
		}
	}
	return nil
}

// perPage is how many puzzles of a shape go on a page of a book with
// options opt on a page w mm wide: opt.PerPage for 9x9; at most 4 for the
// large and friendly 4x4 and 6x6; for 8x8 to 16x16, at most 2 on a trim
// narrower than A4 (6x9in, A5) and 4 on A4 or Letter; a 25x25 alone, and a
// 16x16 on a pocket trim (5x8in).
func perPage(opt Options, w float64, s sudoku.Shape) int {
	n := s.N()
	switch {
	case n == 9:
		return opt.PerPage
	case n <= 6:
		return min(opt.PerPage, 4)
	case n >= 25, n == 16 && w < 140:
		return 1
	case w < 200:
		return min(opt.PerPage, 2)
	}
	return min(opt.PerPage, 4)
}

// friendly reports whether puzzles of side n are drawn as large print
// (thicker lines, bigger digits): with LargePrint, and always for 4x4 and
// 6x6, the children's sizes (their solutions as the book's others).
func (o Options) friendly(n int) bool { return o.LargePrint || n <= 6 }

// solutionTarget is the side (mm) solution grids of side n aim at: about
// 32 mm (50 in large print) for up to 9x9, and cells of at least 3.2 mm
// above (a 16x16 in 51 mm, a 25x25 in 80 mm).
func (o Options) solutionTarget(n int) float64 {
	target := 32.0
	if o.LargePrint {
		target = 50
	}
	return max(target, 3.2*float64(n))
}
