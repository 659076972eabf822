package book

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Combinations says which table of cage combinations a book of killers
// prints at its back: none, those of the cages its killers use, or all.
type Combinations int

const (
	NoCombinations   Combinations = iota // no table
	UsedCombinations                     // the sizes and sums the book's cages use
	AllCombinations                      // every sum of 2 to 9 cells
)

// CombinationNames are the names ParseCombinations reads.
var CombinationNames = []string{"none", "used", "all"}

// ParseCombinations reads a Combinations: "none" (or ""), "used" or
// "all".
func ParseCombinations(s string) (Combinations, error) {
	switch strings.ToLower(s) {
	case "", "none":
		return NoCombinations, nil
	case "used":
		return UsedCombinations, nil
	case "all":
		return AllCombinations, nil
	}
	return NoCombinations, sudoku.Invalidf("combinations are none, used or all, not %q", s)
}

// cageKind is a row of the combinations table: a cage's size (cells) and
// sum.
type cageKind struct{ size, sum int }

// combinationRows are the rows of a book's combinations table, by size
// then sum: those its killers' cages use (cages of one cell too), or every
// sum of 2 to 9 cells; none when opt asks for none or no puzzle is a
// killer.
func combinationRows(puzzles []Entry, which Combinations) []cageKind {
	killers := slices.ContainsFunc(puzzles, func(p Entry) bool { return p.Rules.HasCages() })
	if which == NoCombinations || !killers {
		return nil
	}
	var rows []cageKind
	if which == AllCombinations {
		for n := 2; n <= 9; n++ {
			lo, hi := sudoku.CageSums(n)
			for sum := lo; sum <= hi; sum++ {
				rows = append(rows, cageKind{n, sum})
			}
		}
		return rows
	}
	for _, p := range puzzles {
		for _, c := range p.Rules.Cages() {
			if k := (cageKind{len(c.Cells), c.Sum}); !slices.Contains(rows, k) {
				rows = append(rows, k)
			}
		}
	}
	slices.SortFunc(rows, func(a, b cageKind) int {
		if a.size != b.size {
			return a.size - b.size
		}
		return a.sum - b.sum
	})
	return rows
}

// combinationsText is a row's digits: each set of digits that makes the
// sum in that many cells, smallest first ("126 135 234").
func combinationsText(k cageKind) string {
	var sets []string
	for _, d := range sudoku.CageCombinations(k.size, k.sum) {
		var s strings.Builder
		for v := 1; v <= 9; v++ {
			if d.Has(v) {
				fmt.Fprint(&s, v)
			}
		}
		sets = append(sets, s.String())
	}
	return strings.Join(sets, " ")
}

// The combinations table's type: its size (points) is the largest up to
// combinationsPt (large print's up to combinationsLargePt) at which the
// longest row (12 sets of 5 digits, with the size and sum before them)
// fits the type area, about combinationsEms em wide.
const (
	combinationsPt      = 10.0
	combinationsLargePt = 14.0
	combinationsEms     = 50.0
	combinationsLead    = 1.55 // row height, in sizes
)

// combinationsPt is the size of the table's type on a page width mm wide.
func (b *book) combinationsPt(width float64) float64 {
	limit := combinationsPt
	if b.opt.LargePrint {
		limit = combinationsLargePt
	}
	return min(limit, width/combinationsEms/ptMM)
}

// combinationPages plans the pages of the combinations table after the
// others (opening on a right-hand page with Recto), as many rows to a
// page as fit under the header and the table's heading.
func (b *book) combinationPages(rows []cageKind) {
	if len(rows) == 0 {
		return
	}
	if b.opt.Recto && len(b.pages)%2 == 1 {
		b.pages = append(b.pages, bookPage{kind: blankPageKind, number: len(b.pages) + 1})
	}
	x0, x1, y0, y1 := b.content(1)
	size := b.combinationsPt(x1 - x0)
	lead := size * ptMM * combinationsLead
	per := max(1, int((y1-y0)/lead)-2) // the heading and its space
	for i := 0; i < len(rows); i += per {
		b.pages = append(b.pages, bookPage{kind: combinationsPageKind, number: len(b.pages) + 1, cages: rows[i:min(len(rows), i+per)]})
	}
}

// combinationsPage writes a page of the combinations table: a heading
// (cells, sum, digits), then a row a sum, a rule between sizes.
func (b *book) combinationsPage(p bookPage) {
	b.header(p.number, "Cage combinations")
	x0, x1, y0, _ := b.content(p.number)
	size := b.combinationsPt(x1 - x0)
	lead := size * ptMM * combinationsLead
	cellsX, sumX, digitsX := x0, x0+b.text.width("Cells", size)+3, x0+b.text.width("Cells", size)+b.text.width("Sum", size)+9
	y := y0 + lead
	b.put(b.bold, size, cellsX, y, "Cells", 0)
	b.put(b.bold, size, sumX, y, "Sum", 0)
	b.put(b.bold, size, digitsX, y, "Digits", 0)
	y += lead * 0.4
	b.line(x0, y, x1, y, 0.2, 0)
	for i, k := range p.cages {
		y += lead
		if i > 0 && k.size != p.cages[i-1].size {
			b.line(x0, y-lead*0.72, x1, y-lead*0.72, 0.1, 150)
		}
		b.align(b.digit, size, cellsX, sumX-3, y, fmt.Sprint(k.size), "R", 0)
		b.align(b.digitBold, size, sumX, digitsX-6, y, fmt.Sprint(k.sum), "R", 0)
		b.put(b.digit, size, digitsX, y, b.fit(b.digit, size, x1-digitsX, combinationsText(k)), 0)
	}
}
