package book

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/sudokit/sudokit/sudoku"
)

// Entry is one puzzle of a printable book.
type Entry struct {
	Number   int // printed as "#Number", beside the puzzle and its solution
	Grid     sudoku.Grid
	Solution sudoku.Grid
	Level    string        // "hard"
	Rating   sudoku.Rating // the SE rating (0: none shown)
	// Rules are the puzzle's rules (the zero value: classic), drawn on its
	// grid and its solution's as puzzle books draw them (see look), and
	// stated on the page opening its section.
	Rules sudoku.Rules
	// Board, when not nil, is a puzzle of any shape (4x4 to 25x25: see
	// sudoku.Shapes), and BoardSolution its solution: they are printed
	// instead of Grid and Solution, with the shape's boxes, digits above 9
	// as Options.Symbols says. Its Rules stay classic. A book opens each
	// size with a section page stating its rule.
	Board, BoardSolution *sudoku.Board
}

// details is what a puzzle's label shows beside its number: "hard 3.4".
func (p Entry) details() string {
	var parts []string
	if p.Level != "" {
		parts = append(parts, p.Level)
	}
	if p.Rating != 0 {
		parts = append(parts, p.Rating.String())
	}
	return strings.Join(parts, " ")
}

// imageDetails is what the label of a puzzle's image, or of a puzzle on a
// sheet, shows beside its number: its variant, level and rating ("Sudoku
// X hard 3.4"), as no section page states its rules.
func (p Entry) imageDetails() string {
	if p.Rules.IsClassic() && !p.sized() {
		return p.details()
	}
	return strings.TrimSpace(p.kindTitle() + " " + p.details())
}

// Options lays out a book.
type Options struct {
	Title string // on a title page and in page headers ("" for none)
	// Paper is the trim size: a name of Papers or WxH in mm or in.
	Paper   string
	PerPage int // puzzles per page: 1, 2, 4, 6 or 9
	// Sections starts each level with a page of its own, naming it and
	// what it needs (LevelNotes), whenever the level changes (the caller
	// orders the puzzles, e.g. easiest first).
	Sections bool
	// Levels names the levels easiest first, to rank them in page headers
	// ("hard – diabolical").
	Levels []string
	// LevelNotes is the line on a level's section page: its rating band
	// and the techniques it needs; for a section of another size than
	// 9x9, under SizedLevel(n, level), since each size has its levels.
	LevelNotes map[string]string
	Contents   bool // a table of contents after the title page
	LargePrint bool // one or two puzzles per page, bigger digits and text
	// Recto starts the contents, each section and the solutions on a
	// right-hand page, leaving a page blank where needed.
	Recto bool
	// Margin is the outside, top and bottom margin and Gutter the inside
	// one (mm; 0 for the defaults), mirrored on facing pages: page 1 is a
	// right-hand page, its gutter on the left.
	Margin, Gutter float64
	// Bleed adds this much (mm) at the outside, top and bottom edges of
	// every page, as book printers (KDP, IngramSpark) ask of an interior:
	// none at the spine, so each page is Bleed wider and 2*Bleed taller
	// than the trim size, with the trim box marking the page itself.
	// BleedSpine adds it at the spine too (all four sides, for sheets
	// trimmed one by one).
	Bleed      float64
	BleedSpine bool
	// Font is a TrueType or OpenType font (a file's bytes; a collection's
	// face FontIndex) for the text: title, headers, section pages. The
	// grids' digits stay in the Go fonts. FontName names it in messages.
	Font      []byte
	FontName  string
	FontIndex int
	// Imprint is a line of small print at the foot of the title page and
	// the PDF's subject: how the book was made, such as the command and
	// seed that make a generated book's puzzles again ("" for none).
	Imprint string
	// Symbols prints the digits above 9 of grids larger than 9x9 as
	// letters (1-9A-G, the default) or numbers (1-16).
	Symbols Symbols
	// Combinations adds a table of cage combinations at the back of a
	// book with killers: for each size and sum, the sets of digits that
	// make it (those its cages use, or all).
	Combinations Combinations
}

// Check validates options; its errors are of kind sudoku.ErrInvalid.
func (o Options) Check() error {
	if _, _, err := parsePageSize(o.Paper); err != nil {
		return err
	}
	if !slices.Contains(Layouts, o.PerPage) {
		return sudoku.Invalidf("%d puzzles per page is not a layout (want 1, 2, 4, 6 or 9)", o.PerPage)
	}
	if o.Symbols != LetterSymbols && o.Symbols != NumberSymbols {
		return sudoku.Invalidf("symbols %d: want letters or numbers", o.Symbols)
	}
	if o.Combinations < NoCombinations || o.Combinations > AllCombinations {
		return sudoku.Invalidf("combinations %d: want none, used or all", o.Combinations)
	}
	if o.LargePrint && o.PerPage > 2 {
		return sudoku.Invalidf("large print takes 1 or 2 puzzles per page, not %d", o.PerPage)
	}
	for _, m := range []struct {
		setting string
		v       float64
	}{{"margin", o.Margin}, {"gutter", o.Gutter}} {
		if m.v != 0 && (m.v < 3 || m.v > 60) {
			return &RangeError{Setting: m.setting, Value: m.v, Min: 3, Max: 60, Unit: "mm"}
		}
	}
	if o.Bleed < 0 || o.Bleed > 13 {
		return &RangeError{Setting: "bleed", Value: o.Bleed, Min: 0, Max: 13, Unit: "mm"}
	}
	if o.Font != nil || o.Title != "" {
		// The title is checked now, before the puzzles are graded; the
		// rest of the text when the book is laid out.
		text, err := o.textFont()
		if err != nil {
			return sudoku.Invalid(err) // the font given does not serve
		}
		if m := text.missing(o.Title); len(m) > 0 {
			return missingError(text, fmt.Sprintf("title %q", o.Title), m)
		}
	}
	return nil
}

// textFont loads the font of the text: Font, or Go Regular.
func (o Options) textFont() (*bookFont, error) {
	if o.Font == nil {
		return loadFont("Go Regular", goregular.TTF, 0)
	}
	name := o.FontName
	if name == "" {
		name = "given"
	}
	return loadFont(name, o.Font, o.FontIndex)
}

// margins returns the outside and inside margins, mm: by default 15 and
// 20 on A4 and Letter, 12.7 and 16 on smaller trims (print-on-demand
// services ask for at least 6.4 mm outside and 9.6 mm inside for books
// up to 150 pages).
func (o Options) margins(w float64) (outside, inside float64) {
	outside, inside = 15, 20
	if w < 200 {
		outside, inside = 12.7, 16
	}
	if o.Margin != 0 {
		outside = o.Margin
		inside = max(inside, outside)
	}
	if o.Gutter != 0 {
		inside = o.Gutter
	}
	return outside, inside
}

// solutionGap is the least space between solution grids (mm).
const solutionGap = 5.0

// solutionColumns is how many solution grids of side n, of about
// solutionTarget mm, fit a row of width mm, with solutionGap between
// them: 2 to 4 (1 to 4 above 9x9).
func (o Options) solutionColumns(width float64, n int) int {
	least := 2
	if n > 9 {
		least = 1
	}
	return min(4, max(least, int((width+solutionGap)/(o.solutionTarget(n)+solutionGap))))
}

// layout gives the columns and rows of puzzles on a page.
func layout(perPage int) (cols, rows int) {
	switch perPage {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	case 9:
		return 3, 3
	}
	return 2, 3
}

// ErrPageTooSmall is wrapped by the error of a page too small for the
// grids it should hold; it is of kind sudoku.ErrInvalid.
var ErrPageTooSmall = sudoku.Invalidf("too small")

// bookEpoch is the fixed date written into every PDF, so that the same
// input and flags give the same bytes.
var bookEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// book lays a book out and draws it. It runs twice: first with pdf nil,
// recording the characters each font must have (and those it lacks),
// then drawing with the fonts subset to them.
type book struct {
	puzzles []Entry
	opt     Options
	pdf     *fpdf.Fpdf
	fonts   []*bookFont
	family  map[*bookFont]string
	used    map[*bookFont]map[rune]bool
	missing map[*bookFont][]rune
	inTitle bool // missing characters are in the title
	// variants: some puzzle is not classic; each variant opens a section
	// that states its rules, and headers and solutions name theirs.
	variants bool

	text, bold, digit, digitBold *bookFont

	w, h, bleed       float64 // trim size and bleed, mm
	outside, inside   float64
	pages             []bookPage
	headerPt, labelPt float64
	dash, ellipsis    string
	times             string // the × of the rules' example, "x" in a font without it
}

// writePDF writes a book: a title page, a contents page, a page for each
// level, the puzzles, page headers and numbers, and the solutions at the
// back (see Options). The output is deterministic.
func writePDF(w io.Writer, puzzles []Entry, opt Options) error {
	if err := opt.Check(); err != nil {
		return err
	}
	if err := checkEntries(puzzles); err != nil {
		return err
	}
	b, err := newBook(puzzles, opt)
	if err != nil {
		return err
	}
	b.draw() // the first pass: characters
	for _, f := range b.fonts {
		if len(b.missing[f]) > 0 {
			where := "the book's text"
			if b.inTitle {
				where = fmt.Sprintf("title %q", opt.Title)
			}
			return missingError(f, where, b.missing[f])
		}
	}
	b.pdf = fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm",
		Size: fpdf.SizeType{Wd: b.mediaW(), Ht: b.h + 2*b.bleed}})
	pdf := b.pdf
	pdf.SetCreationDate(bookEpoch)
	pdf.SetModificationDate(bookEpoch)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("sudokit", false)
	pdf.SetCreator("sudokit", false)
	if opt.Title != "" {
		pdf.SetTitle(opt.Title, true)
	}
	if opt.Imprint != "" {
		pdf.SetSubject(opt.Imprint, true)
	}
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	var renames [][2]string
	for i, f := range b.fonts {
		var runes []rune
		for r := range b.used[f] {
			runes = append(runes, r)
		}
		data, err := f.subset(runes)
		if err != nil {
			return err
		}
		ps := postScriptName(f)
		fam := fmt.Sprintf("s%02d%s", i, ps)
		b.family[f] = fam
		pdf.AddUTF8FontFromBytes(fam, "", data)
		renames = append(renames, [2]string{"/utf8" + strings.ToLower(fam), "/" + subsetTag(data) + "+" + ps})
	}
	b.draw()
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("write PDF: %w", err)
	}
	out := buf.Bytes()
	// Name each font as the subset it is (same length, so that the
	// cross-reference offsets stay right).
	for _, r := range renames {
		out = bytes.ReplaceAll(out, []byte(r[0]+"\n"), []byte(r[1]+"\n"))
		out = bytes.ReplaceAll(out, []byte(r[0]+" "), []byte(r[1]+" "))
	}
	_, err = w.Write(out)
	return err
}

// newBook loads the fonts and plans the pages.
func newBook(puzzles []Entry, opt Options) (*book, error) {
	b := &book{puzzles: puzzles, opt: opt, variants: hasVariants(puzzles), family: map[*bookFont]string{},
		used: map[*bookFont]map[rune]bool{}, missing: map[*bookFont][]rune{}}
	var err error
	if b.digit, err = loadFont("Go Regular", goregular.TTF, 0); err != nil {
		return nil, err
	}
	if b.digitBold, err = loadFont("Go Bold", gobold.TTF, 0); err != nil {
		return nil, err
	}
	b.text, b.bold = b.digit, b.digitBold
	b.fonts = []*bookFont{b.digit, b.digitBold}
	if opt.Font != nil {
		if b.text, err = opt.textFont(); err != nil {
			return nil, err
		}
		b.bold = b.text
		b.fonts = append(b.fonts, b.text)
	}
	for _, f := range b.fonts {
		b.used[f] = map[rune]bool{}
	}
	b.dash, b.ellipsis = " – ", "…"
	if !b.text.has('–') {
		b.dash = " - "
	}
	if !b.text.has('…') {
		b.ellipsis = "..."
	}
	b.times = "×"
	if !b.text.has('×') {
		b.times = "x"
	}
	b.w, b.h, _ = parsePageSize(opt.Paper)
	b.bleed = opt.Bleed
	b.outside, b.inside = opt.margins(b.w)
	b.headerPt, b.labelPt = 9, 0
	if opt.LargePrint {
		b.headerPt = 12
	}
	shapes := []sudoku.Shape{classicShape}
	for _, p := range puzzles {
		if !slices.Contains(shapes, p.shape()) {
			shapes = append(shapes, p.shape())
		}
	}
	for _, s := range shapes {
		solSide := b.solutionGrid(s.N()).side
		_, _, _, _, side, _, _, _ := b.puzzleGeometry(b.perPage(s), s != classicShape)
		if solSide < 20 || side < 25 {
			grids := "grids"
			if s != classicShape {
				grids = s.String() + " grids"
			}
			return nil, fmt.Errorf("page %s with margins %.1f/%.1f mm leaves %s of %.0f mm: %w (fewer puzzles per page, or smaller margins)",
				opt.Paper, b.outside, b.inside, grids, max(0, side), ErrPageTooSmall)
		}
	}
	b.pages = plan(puzzles, opt, b.perPage, func(s sudoku.Shape) solutionLayout { return b.solutionGrid(s.N()) })
	b.combinationPages(combinationRows(puzzles, opt.Combinations))
	return b, nil
}

// perPage is how many puzzles of a shape go on a page (see perPage).
func (b *book) perPage(s sudoku.Shape) int { return perPage(b.opt, b.w, s) }

// solutionGrid lays solutions of side n out: as many columns of grids of
// about solutionTarget as fit, as many rows as fit, the side of a grid.
func (b *book) solutionGrid(n int) solutionLayout {
	x0, x1, y0, y1 := b.content(1)
	gap := solutionGap
	cols := b.opt.solutionColumns(x1-x0, n)
	side := (x1 - x0 - float64(cols-1)*gap) / float64(cols)
	// Half the thick border is outside a grid: inset by it either side,
	// the grids stay inside the type area.
	_, thick := lineWidths(side, n, b.opt.LargePrint)
	side -= thick / float64(cols)
	// A grid no higher than the page takes (a 25x25 alone on a page).
	side = min(side, y1-y0-b.solLabelH())
	rows := max(1, int((y1-y0+gap)/(side+b.solLabelH()+gap)))
	return solutionLayout{cols, rows, side, thick / 2}
}

// mediaW is the width of a page with its bleed.
func (b *book) mediaW() float64 {
	if b.opt.BleedSpine {
		return b.w + 2*b.bleed
	}
	return b.w + b.bleed
}

// trimX is where the page itself starts on the sheet: after the bleed on
// its left, which a right-hand (odd) page has only when the spine gets
// bleed too.
func (b *book) trimX(page int) float64 {
	if page%2 == 1 && !b.opt.BleedSpine {
		return 0
	}
	return b.bleed
}

// area is a page's type area: inside its margins, mirrored on facing
// pages (odd pages are right-hand pages, their gutter on the left).
func (b *book) area(page int) (x0, x1, y0, y1 float64) {
	left, right := b.inside, b.outside
	if page%2 == 0 {
		left, right = b.outside, b.inside
	}
	x := b.trimX(page)
	return x + left, x + b.w - right, b.bleed + b.outside, b.bleed + b.h - b.outside
}

// headerH and footerH are the bands of the type area that hold the page
// header and the page number.
func (b *book) headerH() float64 { return b.headerPt*ptMM + 5 }
func (b *book) footerH() float64 { return b.headerPt*ptMM + 4 }

// content is the part of the type area below the header and above the
// page number.
func (b *book) content(page int) (x0, x1, y0, y1 float64) {
	x0, x1, y0, y1 = b.area(page)
	return x0, x1, y0 + b.headerH(), y1 - b.footerH()
}

// puzzleGeometry gives the cells of a page of per puzzles and the side
// of a grid; a page of a size (sized: Boards) keeps a line for its rule
// (ruleH) under the header.
func (b *book) puzzleGeometry(per int, sized bool) (cols, rows int, cellW, cellH, side, labelH, gap, ruleH float64) {
	cols, rows = layout(per)
	x0, x1, y0, y1 := b.content(1)
	if sized {
		ruleH = b.rulePt()*ptMM*1.3 + 3
	}
	y0 += ruleH
	cellW, cellH = (x1-x0)/float64(cols), (y1-y0)/float64(rows)
	gap = 8.0
	if per == 9 {
		gap = 5
	}
	labelH = b.puzzleLabelPt(per)*ptMM*1.6 + 1
	side = min(cellW-gap, cellH-gap-labelH)
	return
}

// pageGeometry is the puzzleGeometry of a page of puzzles.
func (b *book) pageGeometry(p bookPage) (cols, rows int, cellW, cellH, side, labelH, gap, ruleH float64) {
	return b.puzzleGeometry(p.per, b.sizedPage(p))
}

// sizedPage reports whether a page holds puzzles of any shape (Boards).
func (b *book) sizedPage(p bookPage) bool {
	return len(p.puzzles) > 0 && b.puzzles[p.puzzles[0]].sized()
}

// rulePt is the size of the rule line of a size's puzzle pages.
func (b *book) rulePt() float64 {
	if b.opt.LargePrint {
		return 14
	}
	return 11
}

func (b *book) puzzleLabelPt(per int) float64 {
	switch {
	case b.opt.LargePrint:
		return 14
	case per >= 6:
		return 8
	}
	return 11
}

func (b *book) solLabelH() float64 { return 8 * ptMM * 1.6 }

// draw lays out every page: recording characters (pdf nil) or drawing.
func (b *book) draw() {
	for _, p := range b.pages {
		if b.pdf != nil {
			b.pdf.AddPage()
			// The trim box only: the bleed box defaults to the media box,
			// which is the page with its bleed (and fpdf writes the boxes
			// of a page from a map, in random order, when there are two).
			b.pdf.SetPageBox("trim", b.trimX(p.number), b.bleed, b.w, b.h)
		}
		switch p.kind {
		case titlePageKind:
			b.titlePage(p)
		case contentsPageKind:
			b.contentsPage(p)
		case sectionPageKind:
			b.sectionPage(p)
		case puzzlePageKind:
			b.puzzlePage(p)
		case solutionPageKind:
			b.solutionPage(p)
		case combinationsPageKind:
			b.combinationsPage(p)
		}
		if p.kind != titlePageKind && p.kind != blankPageKind {
			b.pageNumber(p.number)
		}
	}
}

// put writes s in font f at size points with its baseline's left end at
// (x, y), or records its characters on the first pass.
func (b *book) put(f *bookFont, size, x, y float64, s string, gray int) {
	if b.pdf == nil {
		for _, r := range s {
			if !f.has(r) {
				if !slices.Contains(b.missing[f], r) {
					b.missing[f] = append(b.missing[f], r)
				}
				if strings.ContainsRune(b.opt.Title, r) {
					b.inTitle = true
				}
				continue
			}
			b.used[f][r] = true
		}
		return
	}
	b.pdf.SetFont(b.family[f], "", size)
	b.pdf.SetTextColor(gray, gray, gray)
	b.pdf.Text(x, y, s)
}

// align writes s between x0 and x1: left ("L"), centred ("C") or right
// ("R").
func (b *book) align(f *bookFont, size, x0, x1, y float64, s, how string, gray int) {
	w := f.width(s, size)
	x := x0
	switch how {
	case "C":
		x = (x0 + x1 - w) / 2
	case "R":
		x = x1 - w
	}
	b.put(f, size, x, y, s, gray)
}

func (b *book) line(x0, y0, x1, y1, width float64, gray int) {
	if b.pdf == nil {
		return
	}
	b.pdf.SetDrawColor(gray, gray, gray)
	b.pdf.SetLineWidth(width)
	b.pdf.Line(x0, y0, x1, y1)
}

// fit returns s shortened with an ellipsis to fit width w.
func (b *book) fit(f *bookFont, size, w float64, s string) string {
	if f.width(s, size) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && f.width(string(r)+b.ellipsis, size) > w {
		r = r[:len(r)-1]
	}
	if len(r) == 0 {
		return ""
	}
	return strings.TrimSpace(string(r)) + b.ellipsis
}

// wrapText breaks s into lines no wider than w: at spaces, or between any two
// characters of a word too long for a line (as CJK text runs).
func wrapText(f *bookFont, size, w float64, s string) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if f.width(try, size) <= w {
			cur = try
			continue
		}
		if cur != "" {
			lines = append(lines, cur)
			cur = ""
		}
		for f.width(word, size) > w {
			n := 1
			for n < utf8.RuneCountInString(word) && f.width(string([]rune(word)[:n+1]), size) <= w {
				n++
			}
			lines = append(lines, string([]rune(word)[:n]))
			word = string([]rune(word)[n:])
		}
		cur = word
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// block writes s centred between x0 and x1 from baseline y, wrapped at
// size points but shrunk, down to minSize, to fit in maxLines; it returns
// the baseline below the last line.
func (b *book) block(f *bookFont, size, minSize float64, maxLines int, x0, x1, y float64, s string, gray int) float64 {
	lines := wrapText(f, size, x1-x0, s)
	for size > minSize && len(lines) > maxLines {
		size = max(minSize, size-1)
		lines = wrapText(f, size, x1-x0, s)
	}
	lead := size * ptMM * 1.3
	for _, l := range lines {
		b.align(f, size, x0, x1, y, l, "C", gray)
		y += lead
	}
	return y
}

// header writes a page's header: the title at the inside edge, what the
// page holds at the outside edge, a rule under them.
func (b *book) header(page int, what string) {
	x0, x1, y0, _ := b.area(page)
	base := y0 + b.headerPt*ptMM
	whatW := b.text.width(what, b.headerPt)
	title := b.fit(b.text, b.headerPt, x1-x0-whatW-6, b.opt.Title)
	inside, outside := "L", "R"
	if page%2 == 0 {
		inside, outside = "R", "L"
	}
	b.align(b.text, b.headerPt, x0, x1, base, title, inside, 90)
	b.align(b.text, b.headerPt, x0, x1, base, what, outside, 90)
	b.line(x0, base+2, x1, base+2, 0.2, 160)
}

// pageNumber writes the page number at the outside corner, at the foot of
// the type area.
func (b *book) pageNumber(page int) {
	x0, x1, _, y1 := b.area(page)
	how := "R"
	if page%2 == 0 {
		how = "L"
	}
	b.align(b.text, b.headerPt, x0, x1, y1, fmt.Sprint(page), how, 90)
}

// SizedLevel is the key in Options.LevelNotes of a level of puzzles of
// n x n cells other than 9x9: "6x6 hard".
func SizedLevel(n int, level string) string { return fmt.Sprintf("%dx%d %s", n, n, level) }

// ratedNoLevel is the title page's key of the puzzles rated without a
// level (no level is named so: it holds a byte no label has).
const ratedNoLevel = "\x00rated"

// titlePage: the title, shrunk or wrapped inside the margins, what the
// book holds and where the solutions are.
func (b *book) titlePage(p bookPage) {
	x0, x1, y0, y1 := b.area(p.number)
	size := 28.0
	if b.opt.LargePrint {
		size = 36
	}
	y := b.block(b.bold, size, 14, 3, x0, x1, y0+(y1-y0)*0.3, b.opt.Title, 0)
	var levels []string
	count := map[string]int{}
	for _, q := range b.puzzles {
		level := q.Level
		if level == "" && q.Rating != 0 {
			// Rated but without a level (a caller that gives sized
			// puzzles none).
			level = ratedNoLevel
		}
		if count[level] == 0 {
			levels = append(levels, level)
		}
		count[level]++
	}
	rank := func(l string) int {
		if r := slices.Index(b.opt.Levels, l); r >= 0 {
			return r
		}
		return len(b.opt.Levels)
	}
	slices.SortStableFunc(levels, func(x, y string) int { return rank(x) - rank(y) })
	var parts []string
	for _, l := range levels {
		name := l
		switch name {
		case "":
			name = "unrated"
		case ratedNoLevel:
			name = "rated"
		}
		parts = append(parts, fmt.Sprintf("%d %s", count[l], name))
	}
	plural := "s"
	if len(b.puzzles) == 1 {
		plural = ""
	}
	small := 12.0
	if b.opt.LargePrint {
		small = 16
	}
	y = b.block(b.text, small, small, 4, x0, x1, y+8, fmt.Sprintf("%d puzzle%s: %s", len(b.puzzles), plural, strings.Join(parts, ", ")), 0)
	if b.variants {
		var kinds []string
		n := map[string]int{}
		for _, q := range b.puzzles {
			t := q.kindTitle()
			if n[t] == 0 {
				kinds = append(kinds, t)
			}
			n[t]++
		}
		for i, k := range kinds {
			kinds[i] = fmt.Sprintf("%s (%d)", k, n[k])
		}
		y = b.block(b.text, small, small, 4, x0, x1, y+2, strings.Join(kinds, ", "), 0)
	}
	note := "Each puzzle has exactly one solution."
	if b.variants {
		note = "Each puzzle has exactly one solution under the rules on the page opening its section."
	}
	if s := b.firstPage(solutionPageKind); s > 0 {
		note += fmt.Sprintf(" Solutions from page %d.", s)
	}
	b.block(b.text, small-1, small-1, 4, x0, x1, y+3, note, 60)
	if b.opt.Imprint != "" {
		b.block(b.text, 8, 6, 2, x0, x1, y1-8*ptMM*1.3*2, b.opt.Imprint, 110)
	}
}

// firstPage is the number of the first page of a kind (0: none).
func (b *book) firstPage(kind pageKind) int {
	for _, p := range b.pages {
		if p.kind == kind {
			return p.number
		}
	}
	return 0
}

// contentsPage lists the sections (or the puzzles) and the solutions with
// their pages.
func (b *book) contentsPage(p bookPage) {
	x0, x1, y0, _ := b.area(p.number)
	size := 11.0
	if b.opt.LargePrint {
		size = 15
	}
	y := y0 + 30
	b.align(b.bold, size*1.6, x0, x1, y, "Contents", "L", 0)
	y += size * ptMM * 3
	entry := func(name string, page int) {
		num := fmt.Sprint(page)
		b.align(b.text, size, x0, x1, y, b.fit(b.text, size, x1-x0-b.text.width(num, size)-8, name), "L", 0)
		b.align(b.text, size, x0, x1, y, num, "R", 0)
		y += size * ptMM * 1.8
	}
	for _, q := range b.pages {
		switch {
		case q.kind == sectionPageKind:
			entry(b.sectionName(q), q.number)
		case q.kind == puzzlePageKind && !b.opt.Sections && !b.variants && q.number == b.firstPage(puzzlePageKind):
			entry(fmt.Sprintf("Puzzles %s", b.numbers(b.allPuzzles())), q.number)
		case q.kind == solutionPageKind && q.number == b.firstPage(solutionPageKind):
			entry("Solutions", q.number)
		case q.kind == combinationsPageKind && q.number == b.firstPage(combinationsPageKind):
			entry("Cage combinations", q.number)
		}
	}
}

func (b *book) allPuzzles() []int { return span(0, len(b.puzzles)) }

// numbers is "#1–#12" for the puzzles idx.
func (b *book) numbers(idx []int) string {
	if len(idx) == 0 {
		return ""
	}
	first, last := b.puzzles[idx[0]].Number, b.puzzles[idx[len(idx)-1]].Number
	if first == last {
		return fmt.Sprintf("#%d", first)
	}
	return fmt.Sprintf("#%d%s#%d", first, strings.TrimSpace(b.dash), last)
}

// sectionName is "Hard, #13–#24", "Sudoku X, #1–#12" or, by level in a
// book with variants, "Sudoku X, hard, #1–#6".
func (b *book) sectionName(p bookPage) string {
	var parts []string
	if b.variants {
		parts = append(parts, b.puzzles[p.puzzles[0]].kindTitle())
	}
	if b.opt.Sections {
		name := p.level
		if name == "" {
			name = "unrated"
		}
		if !b.variants {
			name = capitalise(name)
		}
		parts = append(parts, name)
	}
	return strings.Join(append(parts, b.numbers(p.puzzles)), ", ")
}

// sectionPage opens a section: its variant and the rules in words, in a
// book with variants, its level (by level), its puzzles' numbers, and the
// line on the level's ratings and techniques.
func (b *book) sectionPage(p bookPage) {
	x0, x1, y0, y1 := b.area(p.number)
	size := 26.0
	if b.opt.LargePrint {
		size = 34
	}
	small := 12.0
	if b.opt.LargePrint {
		small = 16
	}
	level := p.level
	if level == "" {
		level = "unrated"
	}
	level = capitalise(level)
	y := y0 + (y1-y0)*0.3
	if b.variants {
		y = b.block(b.bold, size, 14, 2, x0, x1, y0+(y1-y0)*0.2, b.puzzles[p.puzzles[0]].kindTitle(), 0)
		if b.opt.Sections {
			y = b.block(b.bold, size*0.7, 12, 2, x0, x1, y+2, level, 0)
		}
	} else {
		y = b.block(b.bold, size, 14, 2, x0, x1, y, level, 0)
	}
	y = b.block(b.text, small, small, 2, x0, x1, y+4, "Puzzles "+b.numbers(p.puzzles), 0)
	inset := (x1 - x0) * 0.08
	if b.variants {
		y += 4
		for _, s := range b.puzzles[p.puzzles[0]].kindWords(b.opt.Symbols) {
			y = b.block(b.text, small, 8, 4, x0+inset, x1-inset, y+2, s, 0)
		}
		y = b.diagram(x0, x1, y+4, y1, p.rules)
	}
	key := p.level
	if q := b.puzzles[p.puzzles[0]]; q.Board != nil && q.Board.Shape.N() != 9 {
		key = SizedLevel(q.Board.Shape.N(), p.level)
	}
	if note := b.opt.LevelNotes[key]; note != "" && b.opt.Sections {
		b.block(b.text, small-1, 8, 8, x0+inset, x1-inset, y+6, note, 60)
	}
}

// diagram draws an example of a variant's rules on its section page,
// between y and y1 (when there is room), and returns the baseline below it:
// an empty grid with the rules' marks; for the pair rules a 5 in the
// centre, an × in each cell a knight's or a (diagonal) king's move away and
// "≠4,6" in its neighbours for non-consecutive; for disjoint groups, an A
// in the corner of each box's top left cell; and a line under it saying
// what the marks mean.
func (b *book) diagram(x0, x1, y, y1 float64, rules sudoku.Rules) float64 {
	side := min(70, (x1-x0)*0.5)
	if b.opt.LargePrint {
		side = min(90, (x1-x0)*0.6)
	}
	small := 9.0
	if b.opt.LargePrint {
		small = 13
	}
	side = min(side, y1-y-3*small*ptMM*1.3-b.headerPt*ptMM*3)
	if side < 30 || rules.IsClassic() {
		return y
	}
	x := (x0 + x1 - side) / 2
	cell := side / 9
	var example sudoku.Grid
	knight, king, nc := rules.HasPair(sudoku.AntiKnight), rules.HasPair(sudoku.AntiKing), rules.HasPair(sudoku.NonConsecutive)
	const centre = 40
	if knight || king || nc {
		example[centre] = 5
	}
	drawn := rules.WithoutCages()
	killer := rules.Has("killer")
	if killer {
		// Two cages, filled in: the 7-cage at r4c4-r5c4 holds 4, 1 and
		// 2, the 17-cage at r5c6-r6c6 8 and 9.
		if r, err := drawn.WithCages(exampleCages); err == nil {
			drawn = r
			for c, d := range map[int]uint8{30: 4, 31: 1, 39: 2, 41: 8, 50: 9} {
				example[c] = d
			}
		}
	}
	b.grid(x, y, side, classicShape, example[:], example[:], lookOf(drawn), b.opt.LargePrint, false)
	var crossed sudoku.CellSet
	if knight {
		crossed = crossed.Union(rules.Partners(sudoku.AntiKnight, centre))
	}
	if king {
		crossed = crossed.Union(rules.Partners(sudoku.AntiKing, centre))
		for _, c := range []int{centre - 9, centre + 9, centre - 1, centre + 1} {
			crossed.Remove(c) // in the 5's row or column: no news
		}
	}
	w := max(0.2, cell*0.05)
	for c := range crossed.All() {
		cx, cy, d := x+(float64(c%9)+0.5)*cell, y+(float64(c/9)+0.5)*cell, cell*0.18
		b.line(cx-d, cy-d, cx+d, cy+d, w, 0)
		b.line(cx-d, cy+d, cx+d, cy-d, w, 0)
	}
	markPt := cell * 0.3 / ptMM
	if nc {
		for c := range rules.Partners(sudoku.NonConsecutive, centre).All() {
			b.align(b.digit, markPt, x+float64(c%9)*cell, x+float64(c%9+1)*cell, y+(float64(c/9)+0.5)*cell+markPt*ptMM*0.35, "≠4,6", "C", 0)
		}
	}
	dg := rules.Has("disjoint-groups")
	if dg {
		for box := range 9 {
			c := box/3*27 + box%3*3
			// In the cell's top left corner, clear of an × or a 5.
			b.put(b.digit, markPt*1.3, x+(float64(c%9)+0.1)*cell, y+(float64(c/9)+0.1)*cell+markPt*1.3*ptMM*b.digit.capHeight(), "A", 0)
		}
	}
	var notes []string
	if !crossed.Empty() {
		notes = append(notes, "the cells marked "+b.times+" cannot hold the 5")
	}
	if nc {
		notes = append(notes, "the cells beside it hold neither 4 nor 6")
	}
	if dg {
		notes = append(notes, "the nine cells marked A are one of the nine groups")
	}
	if killer {
		notes = append(notes, "the 7-cage holds 1, 2 and 4, the 17-cage 8 and 9")
	}
	if rules.Has("jigsaw") {
		notes = append(notes, "the regions change from puzzle to puzzle")
	}
	y += side + small*ptMM*1.3 + 3
	if len(notes) > 0 {
		y = b.block(b.text, small, small, 3, x0, x1, y, capitalise("in the example, "+strings.Join(notes, "; ")+"."), 60)
	}
	return y
}

// pageWhat is what a page of puzzles or solutions holds, for its header:
// the levels on it ("hard – diabolical"), after the variant of a puzzle
// page in a book with variants ("Sudoku X, hard").
func (b *book) pageWhat(p bookPage) string {
	what := levelRange(b.puzzles, p.puzzles, b.opt.Levels, b.dash)
	if b.variants && p.kind == puzzlePageKind && len(p.puzzles) > 0 {
		what = strings.TrimSuffix(b.puzzles[p.puzzles[0]].kindTitle()+", "+what, ", ")
	}
	return what
}

// puzzlePage lays out up to PerPage puzzles under a header naming their
// levels.
func (b *book) puzzlePage(p bookPage) {
	b.header(p.number, b.pageWhat(p))
	if b.sizedPage(p) {
		// The rule of the size, under the header, for a reader to have
		// it at hand (children's books print it on every page).
		x0, x1, y0, _ := b.content(p.number)
		q := b.puzzles[p.puzzles[0]]
		b.align(b.text, b.rulePt(), x0, x1, y0+b.rulePt()*ptMM, b.fit(b.text, b.rulePt(), x1-x0, q.pageRule(b.opt.Symbols)), "C", 40)
	}
	for slot, i := range p.puzzles {
		q := b.puzzles[i]
		g := b.place(p, slot)
		b.label(g.x, g.y, g.side, b.puzzleLabelPt(p.per), fmt.Sprintf("#%d", q.Number), q.details())
		cells := q.puzzleCells()
		b.grid(g.x, g.y, g.side, q.shape(), cells, cells, q.look(), b.opt.friendly(q.shape().N()), false)
	}
}

// gridBox is where a grid goes on a page: its top left corner and side,
// mm.
type gridBox struct{ x, y, side float64 }

// place is where the grid of a page's slot-th puzzle or solution goes.
func (b *book) place(p bookPage, slot int) gridBox {
	x0, _, y0, _ := b.content(p.number)
	if p.kind == solutionPageKind {
		gap := solutionGap
		l := b.solutionGrid(b.puzzles[p.puzzles[0]].shape().N())
		return gridBox{x0 + l.inset + float64(slot%l.cols)*(l.side+gap),
			y0 + float64(slot/l.cols)*(l.side+b.solLabelH()+gap) + b.solLabelH(), l.side}
	}
	cols, _, cellW, cellH, side, labelH, _, ruleH := b.pageGeometry(p)
	col, row := slot%cols, slot/cols
	return gridBox{x0 + float64(col)*cellW + (cellW-side)/2, y0 + ruleH + float64(row)*cellH + (cellH-side-labelH)/2 + labelH, side}
}

// solutionPage lays out the solutions, small, numbered like the puzzles.
func (b *book) solutionPage(p bookPage) {
	what := "Solutions"
	if r := b.pageWhat(p); r != "" {
		what += ", " + r
	}
	b.header(p.number, what)
	for slot, i := range p.puzzles {
		q := b.puzzles[i]
		g := b.place(p, slot)
		details := q.Level
		if b.variants {
			// The page mixes variants: each solution names its own.
			details = strings.TrimSuffix(q.kindTitle()+", "+details, ", ")
		}
		b.label(g.x, g.y, g.side, 8, fmt.Sprintf("#%d", q.Number), details)
		b.grid(g.x, g.y, g.side, q.shape(), q.solutionCells(), q.puzzleCells(), q.look(), b.opt.LargePrint, true)
	}
}

// label writes a puzzle's number (bold, left) and details (right) just
// above its grid at (x, y).
func (b *book) label(x, y, w, size float64, number, details string) {
	base := y - size*ptMM*0.5
	b.align(b.digitBold, size, x, x+w, base, number, "L", 0)
	nw := b.digitBold.width(number, size)
	b.align(b.text, size, x, x+w, base, b.fit(b.text, size, w-nw-3, details), "R", 60)
}

// lineWidths are the widths (mm) of the thin and thick lines of a grid
// of side n, side mm: those of a 9x9 of the same side up to 9x9, of a
// 9x9 of the same cells above (a 16x16's lines are no heavier than a
// 9x9's of its cell); large print's for a large grid.
func lineWidths(side float64, n int, large bool) (thin, thick float64) {
	ref := side
	if n > 9 {
		ref = side / float64(n) * 9
	}
	if large {
		return max(0.25, ref/400), max(0.8, ref/80)
	}
	return max(0.12, ref/520), max(0.45, ref/100)
}

// grid draws a grid of a shape at (x, y), its cells g row by row: thin
// cell lines, thick box lines (R×C boxes) and border, digits centred
// (above 9 in the book's Symbols, shrunk to fit the cell), and the marks
// of its rules, l (see look; nil for a classic grid): shaded, circled or
// dotted cells (9x9's variants; at other sizes, x's diagonals shaded),
// the diagonals as lines, a jigsaw's regions outlined instead of the
// boxes.
// A killer's cages are drawn dashed inside the cells, with their sums
// (see cageLines), light on a solution.
// Digits given in given print bold (the givens of a solution); others
// regular. A large grid has large print's lines and digits.
func (b *book) grid(x, y, side float64, shape sudoku.Shape, g, given []uint8, l *look, large, solution bool) {
	n := shape.N()
	cell := side / float64(n)
	thin, thick := lineWidths(side, n, large)
	if !l.classic() {
		b.marks(x, y, cell, l)
	}
	if l.hasCages() {
		b.cageLines(x, y, cell, l, solution)
		defer b.cageSums(x, y, cell, l, solution)
	}
	// Line i runs between columns (or rows) i-1 and i: thick at a box's
	// side.
	thickV := func(i int) bool { return i%shape.BoxCols() == 0 && (!l.jigsawGrid() || i%n == 0) }
	thickH := func(i int) bool { return i%shape.BoxRows() == 0 && (!l.jigsawGrid() || i%n == 0) }
	for i := 0; i <= n; i++ {
		if !thickV(i) {
			b.line(x+float64(i)*cell, y, x+float64(i)*cell, y+side, thin, 0)
		}
		if !thickH(i) {
			b.line(x, y+float64(i)*cell, x+side, y+float64(i)*cell, thin, 0)
		}
	}
	for i := 0; i <= n; i++ {
		if thickV(i) {
			b.line(x+float64(i)*cell, y-thick/2, x+float64(i)*cell, y+side+thick/2, thick, 0)
		}
		if thickH(i) {
			b.line(x-thick/2, y+float64(i)*cell, x+side+thick/2, y+float64(i)*cell, thick, 0)
		}
	}
	if l.jigsawGrid() {
		// Each run of a region's border, lengthened by half the line's
		// width at both ends so that runs meeting at a corner join (a
		// border's end inside the grid always meets another border).
		for _, e := range l.borders() {
			dx, dy := 0.0, thick/2
			if e[1] == e[3] {
				dx, dy = thick/2, 0
			}
			b.line(x+e[0]*cell-dx, y+e[1]*cell-dy, x+e[2]*cell+dx, y+e[3]*cell+dy, thick, 0)
		}
	}
	frac := 0.62
	if large {
		frac = 0.72
	}
	if l.hasCages() {
		frac = cageDigitSize // clear of the sums
	}
	for i, v := range g {
		if v == 0 {
			continue
		}
		f := b.digit
		if given[i] != 0 {
			f = b.digitBold
		}
		d := b.opt.Symbols.text(v)
		size := cell * frac / ptMM // points
		// Two figures (10 to 25) fit the cell, a tenth of it either side.
		size = min(size, size*cell*0.8/f.width(d, size))
		cx := x + float64(i%n)*cell
		cy := y + float64(i/n)*cell
		b.put(f, size, cx+(cell-f.width(d, size))/2, cy+cell/2+f.capHeight()*size*ptMM/2, d, 0)
	}
}

// jigsawGrid reports whether a grid's thick lines are a jigsaw's regions
// rather than the boxes.
func (l *look) jigsawGrid() bool { return l != nil && l.jigsaw }

// marks draws the marks of a grid's rules under its lines and digits:
// shaded cells, circles, dots, corner marks, and the diagonals as lines.
func (b *book) marks(x, y, cell float64, l *look) {
	pdf := b.pdf
	if pdf == nil {
		return
	}
	pdf.SetFillColor(fillGray, fillGray, fillGray)
	for _, c := range l.shadedCells() {
		pdf.Rect(x+float64(c%l.n)*cell, y+float64(c/l.n)*cell, cell, cell, "F")
	}
	if l.diagonalLines {
		w := max(0.2, cell*0.05)
		b.line(x, y, x+9*cell, y+9*cell, w, markGray)
		b.line(x+9*cell, y, x, y+9*cell, w, markGray)
	}
	pdf.SetDrawColor(markGray, markGray, markGray)
	pdf.SetFillColor(markGray, markGray, markGray)
	pdf.SetLineWidth(max(0.15, cell*0.04))
	for c := range l.marks[markRing].All() {
		pdf.Circle(x+(float64(c%9)+0.5)*cell, y+(float64(c/9)+0.5)*cell, cell*ringRadius, "D")
	}
	for c := range l.marks[markDot].All() {
		pdf.Circle(x+(float64(c%9)+1-dotInset)*cell, y+(float64(c/9)+dotInset)*cell, cell*dotRadius, "F")
	}
	for c := range l.marks[markCorner].All() {
		cx, cy := x+float64(c%9)*cell, y+float64(c/9+1)*cell
		pdf.Polygon([]fpdf.PointType{{X: cx, Y: cy}, {X: cx + cell*cornerSize, Y: cy}, {X: cx, Y: cy - cell*cornerSize}}, "F")
	}
}

// capHeight is the height of capitals and digits, in em.
func (bf *bookFont) capHeight() float64 {
	m, err := bf.f.Metrics(&bf.buf, fixed.I(int(bf.upem)), font.HintingNone)
	if err != nil || m.CapHeight == 0 {
		return 0.7
	}
	return math.Abs(float64(m.CapHeight)) / 64 / bf.upem
}
