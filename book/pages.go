package book

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Papers lists the named trim sizes; --page-size also takes WxH in mm
// or inches ("152x229mm", "6x9in").
var Papers = []string{"a4", "a5", "letter", "5x8in", "6x9in", "8.5x11in"}

// Layouts lists the layouts: puzzles per page.
var Layouts = []int{1, 2, 4, 6, 9}

var namedSizes = map[string][2]float64{
	"a4":       {210, 297},
	"a5":       {148, 210},
	"letter":   {215.9, 279.4},
	"5x8in":    {127, 203.2},
	"6x9in":    {152.4, 228.6},
	"8.5x11in": {215.9, 279.4},
}

// parsePageSize reads a trim size: a name of Papers, or WxH with mm or
// in after it ("152x229mm", "6.14x9.21in"). It returns width and height in
// mm.
func parsePageSize(s string) (w, h float64, err error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if wh, ok := namedSizes[s]; ok {
		return wh[0], wh[1], nil
	}
	bad := sudoku.Invalidf("unknown page size %q (want %s, or WxH in mm or in: 152x229mm, 6x9in)", s, strings.Join(Papers, ", "))
	unit := 0.0
	switch {
	case strings.HasSuffix(s, "mm"):
		unit, s = 1, strings.TrimSuffix(s, "mm")
	case strings.HasSuffix(s, "in"):
		unit, s = 25.4, strings.TrimSuffix(s, "in")
	default:
		return 0, 0, bad
	}
	ws, hs, ok := strings.Cut(s, "x")
	if !ok {
		return 0, 0, bad
	}
	w, err1 := strconv.ParseFloat(ws, 64)
	h, err2 := strconv.ParseFloat(hs, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, bad
	}
	w, h = w*unit, h*unit
	if w < 80 || h < 80 || w > 600 || h > 600 {
		return 0, 0, sudoku.Invalidf("page size %s: %.0fx%.0f mm, want each side from 80 to 600 mm", s, w, h)
	}
	return w, h, nil
}

// ParseLength reads a length in mm or in: "15mm", "0.5in", "3" (mm).
func ParseLength(s string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	unit := 1.0
	switch {
	case strings.HasSuffix(t, "mm"):
		t = strings.TrimSuffix(t, "mm")
	case strings.HasSuffix(t, "in"):
		unit, t = 25.4, strings.TrimSuffix(t, "in")
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 {
		return 0, sudoku.Invalidf("length %q: want a number of mm or in (15mm, 0.5in)", s)
	}
	return v * unit, nil
}

// RangeError is a setting of a book or an image outside the values it may
// take, such as a margin of 100 mm: Setting names it ("margin", "gutter",
// "bleed", "image size", "resolution"), Value is what it was given, Min
// and Max bound it, in Unit ("mm", "dpi").
type RangeError struct {
	Setting         string
	Value, Min, Max float64
	Unit            string
}

// Is makes every RangeError of kind sudoku.ErrInvalid.
func (e *RangeError) Is(target error) bool { return target == sudoku.ErrInvalid }

func (e *RangeError) Error() string {
	return fmt.Sprintf("%s %s %s is out of range: want %s to %s %s", e.Setting, Decimal(e.Value), e.Unit,
		Decimal(e.Min), Decimal(e.Max), e.Unit)
}

// Decimal writes a value with at most one decimal, and none when it is
// whole: "60", "12.7".
func Decimal(v float64) string {
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}

// pageKind is what a page of a book holds.
type pageKind int

const (
	titlePageKind pageKind = iota
	contentsPageKind
	sectionPageKind
	puzzlePageKind
	solutionPageKind
	blankPageKind        // a left-hand page left blank so that the next starts on the right
	combinationsPageKind // a page of the table of cage combinations, at the back
)

// solutionLayout is how a page lays solutions out: in cols columns and
// rows rows of grids of side mm, inset mm in from the type area's sides.
type solutionLayout struct {
	cols, rows  int
	side, inset float64
}

// bookPage is one page of a book's plan: its kind, its place (1 is the
// first, a right-hand page) and the puzzles on it (indexes).
type bookPage struct {
	kind    pageKind
	number  int
	level   string       // a section page's level
	rules   sudoku.Rules // a section page's rules (its first puzzle's)
	puzzles []int
	// per is the layout of a page of puzzles or solutions: how many it
	// holds when full (its size's, see perPage).
	per int
	// cages are the rows of a page of the combinations table.
	cages []cageKind
}

// plan is the page sequence of a book: title, contents, for each section a
// section page and its puzzle pages, then the solutions. A section is a
// level with opt.Sections, and a kind (a variant or a size) in a book of
// several (see sameSection). Puzzles of a shape s go perPage(s) to a page,
// their solutions as solutions(s) lays them out, a solution page holding
// the shapes of one layout.
// With opt.Recto the contents, each section and the solutions start on a
// right-hand (odd) page, after a blank one where needed.
func plan(puzzles []Entry, opt Options, perPage func(sudoku.Shape) int, solutions func(sudoku.Shape) solutionLayout) []bookPage {
	variants := hasVariants(puzzles)
	var pages []bookPage
	add := func(p bookPage) {
		p.number = len(pages) + 1
		pages = append(pages, p)
	}
	onRight := func() {
		if opt.Recto && len(pages)%2 == 1 {
			add(bookPage{kind: blankPageKind})
		}
	}
	if opt.Title != "" {
		add(bookPage{kind: titlePageKind})
	}
	if opt.Contents {
		onRight()
		add(bookPage{kind: contentsPageKind})
	}
	for i := 0; i < len(puzzles); {
		j := i + 1
		for j < len(puzzles) && sameSection(puzzles[i], puzzles[j], opt.Sections, variants) {
			j++
		}
		if opt.Sections || variants {
			onRight()
			add(bookPage{kind: sectionPageKind, level: puzzles[i].Level, rules: puzzles[i].Rules, puzzles: span(i, j)})
		}
		per := perPage(puzzles[i].shape())
		for k := i; k < j; k += per {
			add(bookPage{kind: puzzlePageKind, puzzles: span(k, min(j, k+per)), per: per})
		}
		i = j
	}
	onRight()
	for i := 0; i < len(puzzles); {
		l := solutions(puzzles[i].shape())
		per := l.cols * l.rows
		j := i + 1
		for j < len(puzzles) && j-i < per && solutions(puzzles[j].shape()) == l {
			j++
		}
		add(bookPage{kind: solutionPageKind, puzzles: span(i, j), per: per})
		i = j
	}
	return pages
}

// hasVariants reports whether some puzzle of a book is not classic: a
// variant, or a puzzle of any shape (a Board). The book then opens each
// kind (each set of rules but a jigsaw's layout, each size) with a section
// page that states its rules, even a book of one kind.
func hasVariants(puzzles []Entry) bool {
	for _, p := range puzzles {
		if !p.Rules.IsClassic() || p.sized() {
			return true
		}
	}
	return false
}

// sameSection reports whether two puzzles go in one section: the same
// level when byLevel, the same kind (variants, a jigsaw's layout aside, or
// size) when the book has variants or sizes.
func sameSection(a, b Entry, byLevel, variants bool) bool {
	return (!byLevel || a.Level == b.Level) && (!variants || a.kind() == b.kind())
}

func span(i, j int) []int {
	out := make([]int, 0, j-i)
	for k := i; k < j; k++ {
		out = append(out, k)
	}
	return out
}

// levelRange names the levels of the puzzles on a page: "hard", or the
// easiest and the hardest, "hard – diabolical", ranked by levels (easiest
// first; others after them, in the order met).
func levelRange(puzzles []Entry, idx []int, levels []string, dash string) string {
	var seen []string
	for _, i := range idx {
		if l := puzzles[i].Level; l != "" && !slices.Contains(seen, l) {
			seen = append(seen, l)
		}
	}
	if len(seen) == 0 {
		return ""
	}
	rank := func(l string) int {
		if r := slices.Index(levels, l); r >= 0 {
			return r
		}
		return len(levels) + slices.Index(seen, l)
	}
	lo, hi := seen[0], seen[0]
	for _, l := range seen {
		if rank(l) < rank(lo) {
			lo = l
		}
		if rank(l) > rank(hi) {
			hi = l
		}
	}
	if lo == hi {
		return lo
	}
	return lo + dash + hi
}
