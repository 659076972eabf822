package export

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokit/sudokit/sudoku"
)

// BookPuzzle is one puzzle of a printable book.
type BookPuzzle struct {
	Number   int // printed as "#Number", beside the puzzle and its solution
	Grid     sudoku.Grid
	Solution sudoku.Grid
	Level    string        // "hard"
	Rating   sudoku.Rating // the SE rating (0: none shown)
}

// details is what a puzzle's label shows beside its number: "hard 3.4".
func (p BookPuzzle) details() string {
	var parts []string
	if p.Level != "" {
		parts = append(parts, p.Level)
	}
	if p.Rating != 0 {
		parts = append(parts, p.Rating.String())
	}
	return strings.Join(parts, " · ")
}

// BookOptions lays out a book.
type BookOptions struct {
	Title   string // on a title page and in page headers ("" for none)
	Paper   string // "a4" or "letter"
	PerPage int    // puzzles per page: 1, 2, 4 or 6
	// Sections starts a new page, headed with the level, whenever the level
	// changes (the caller orders the puzzles, e.g. easiest first).
	Sections bool
}

// BookPapers and BookPerPage list the accepted values.
var (
	BookPapers  = []string{"a4", "letter"}
	BookPerPage = []int{1, 2, 4, 6}
)

// Check validates options.
func (o BookOptions) Check() error {
	if !slices.Contains(BookPapers, o.Paper) {
		return fmt.Errorf("unknown paper %q (want a4 or letter)", o.Paper)
	}
	if !slices.Contains(BookPerPage, o.PerPage) {
		return fmt.Errorf("%d puzzles per page is not a layout (want 1, 2, 4 or 6)", o.PerPage)
	}
	return nil
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
	}
	return 2, 3
}

// bookEpoch is the fixed date written into every PDF, so that the same
// input and flags give the same bytes.
var bookEpoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

const (
	margin  = 15.0 // page margins, mm
	headerH = 10.0 // header band, mm
	footerH = 10.0 // footer band, mm
	labelH  = 7.0  // a puzzle's label above its grid, mm
	gap     = 8.0  // space between puzzles, mm
)

// WritePDF writes a book: an optional title page, the puzzles, per-page
// layout, page headers (title, level) and numbers, and the solutions at the
// back. The output is deterministic.
func WritePDF(w io.Writer, puzzles []BookPuzzle, opt BookOptions) error {
	if err := opt.Check(); err != nil {
		return err
	}
	size := "A4"
	if opt.Paper == "letter" {
		size = "Letter"
	}
	pdf := fpdf.New("P", "mm", size, "")
	pdf.SetCreationDate(bookEpoch)
	pdf.SetModificationDate(bookEpoch)
	pdf.SetCatalogSort(true)
	pdf.SetProducer("sudokit", false)
	pdf.SetCreator("sudokit", false)
	if opt.Title != "" {
		pdf.SetTitle(opt.Title, true)
	}
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetAutoPageBreak(false, margin)
	pageW, pageH := pdf.GetPageSize()

	section := ""
	showHeader := false
	pdf.SetHeaderFunc(func() {
		if !showHeader {
			return
		}
		pdf.SetFont("go", "", 9)
		pdf.SetTextColor(90, 90, 90)
		pdf.SetXY(margin, margin)
		pdf.CellFormat((pageW-2*margin)/2, 6, opt.Title, "", 0, "L", false, 0, "")
		pdf.CellFormat((pageW-2*margin)/2, 6, section, "", 0, "R", false, 0, "")
		pdf.SetDrawColor(160, 160, 160)
		pdf.SetLineWidth(0.2)
		pdf.Line(margin, margin+7, pageW-margin, margin+7)
		pdf.SetTextColor(0, 0, 0)
		pdf.SetDrawColor(0, 0, 0)
	})
	titlePages := 0
	pdf.SetFooterFunc(func() {
		if !showHeader || pdf.PageNo() <= titlePages {
			return
		}
		pdf.SetFont("go", "", 9)
		pdf.SetTextColor(90, 90, 90)
		pdf.SetXY(margin, pageH-margin-5)
		pdf.CellFormat(pageW-2*margin, 5, fmt.Sprint(pdf.PageNo()), "", 0, "C", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})

	if opt.Title != "" {
		titlePage(pdf, puzzles, opt, pageW, pageH)
		titlePages = 1
	}
	showHeader = true

	// Puzzle pages.
	cols, rows := layout(opt.PerPage)
	areaW := pageW - 2*margin
	areaH := pageH - 2*margin - headerH - footerH
	cellW, cellH := areaW/float64(cols), areaH/float64(rows)
	side := min(cellW-gap, cellH-gap-labelH)
	slot := opt.PerPage // force a new page first
	for _, p := range puzzles {
		if opt.Sections && p.Level != section {
			section = p.Level
			slot = opt.PerPage
		}
		if !opt.Sections {
			section = p.Level
		}
		if slot == opt.PerPage {
			pdf.AddPage()
			slot = 0
		}
		col, row := slot%cols, slot/cols
		x := margin + float64(col)*cellW + (cellW-side)/2
		y := margin + headerH + float64(row)*cellH + (cellH-side-labelH)/2 + labelH
		drawLabel(pdf, x, y-labelH, side, fmt.Sprintf("#%d", p.Number), p.details(), side/9)
		drawGrid(pdf, x, y, side, p.Grid, p.Grid)
		slot++
	}

	// Solutions at the back: small grids, twelve per page, same numbers.
	if len(puzzles) > 0 {
		section = "Solutions"
		const sc, sr = 3, 4
		sCellW, sCellH := areaW/sc, areaH/sr
		sSide := min(sCellW-gap, sCellH-gap-labelH)
		for i, p := range puzzles {
			if i%(sc*sr) == 0 {
				pdf.AddPage()
			}
			k := i % (sc * sr)
			x := margin + float64(k%sc)*sCellW + (sCellW-sSide)/2
			y := margin + headerH + float64(k/sc)*sCellH + (sCellH-sSide-labelH)/2 + labelH
			drawLabel(pdf, x, y-labelH, sSide, fmt.Sprintf("#%d", p.Number), p.Level, sSide/9)
			drawGrid(pdf, x, y, sSide, p.Solution, p.Grid)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return fmt.Errorf("write PDF: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// titlePage draws the book's first page: the title and what it holds.
func titlePage(pdf *fpdf.Fpdf, puzzles []BookPuzzle, opt BookOptions, pageW, pageH float64) {
	pdf.AddPage()
	pdf.SetFont("go", "B", 28)
	pdf.SetXY(margin, pageH/3)
	pdf.MultiCell(pageW-2*margin, 12, opt.Title, "", "C", false)
	var levels []string
	count := map[string]int{}
	for _, p := range puzzles {
		if count[p.Level] == 0 {
			levels = append(levels, p.Level)
		}
		count[p.Level]++
	}
	var parts []string
	for _, l := range levels {
		name := l
		if name == "" {
			name = "unrated"
		}
		parts = append(parts, fmt.Sprintf("%d %s", count[l], name))
	}
	pdf.SetFont("go", "", 14)
	pdf.SetXY(margin, pdf.GetY()+8)
	plural := "s"
	if len(puzzles) == 1 {
		plural = ""
	}
	pdf.MultiCell(pageW-2*margin, 8, fmt.Sprintf("%d puzzle%s: %s", len(puzzles), plural, strings.Join(parts, ", ")), "", "C", false)
	pdf.SetXY(margin, pdf.GetY()+4)
	pdf.SetFont("go", "", 11)
	pdf.MultiCell(pageW-2*margin, 6, "Each puzzle has exactly one solution. Solutions are at the back.", "", "C", false)
}

// drawLabel writes a puzzle's number (bold, left) and details (right) above
// its grid.
func drawLabel(pdf *fpdf.Fpdf, x, y, w float64, number, details string, cell float64) {
	size := min(12, max(7, cell*1.3))
	pdf.SetFont("go", "B", size)
	pdf.SetXY(x, y)
	pdf.CellFormat(w/2, labelH-1, number, "", 0, "LB", false, 0, "")
	pdf.SetFont("go", "", size)
	pdf.CellFormat(w/2, labelH-1, details, "", 0, "RB", false, 0, "")
}

// drawGrid draws a 9x9 grid at (x, y) of the given side: thin cell lines,
// thick box lines and border, digits centred. Digits of given that are
// also in grid print bold (the givens of a solution); others regular.
func drawGrid(pdf *fpdf.Fpdf, x, y, side float64, g, given sudoku.Grid) {
	cell := side / 9
	thin, thick := max(0.12, side/520), max(0.45, side/100)
	pdf.SetDrawColor(0, 0, 0)
	for i := 0; i <= 9; i++ {
		if i%3 == 0 {
			continue
		}
		pdf.SetLineWidth(thin)
		pdf.Line(x+float64(i)*cell, y, x+float64(i)*cell, y+side)
		pdf.Line(x, y+float64(i)*cell, x+side, y+float64(i)*cell)
	}
	pdf.SetLineWidth(thick)
	for i := 0; i <= 9; i += 3 {
		pdf.Line(x+float64(i)*cell, y-thick/2, x+float64(i)*cell, y+side+thick/2)
		pdf.Line(x-thick/2, y+float64(i)*cell, x+side+thick/2, y+float64(i)*cell)
	}
	fontSize := cell * 2.835 * 0.62 // points, about 62% of the cell height
	for i, v := range g {
		if v == 0 {
			continue
		}
		style := ""
		if given[i] != 0 {
			style = "B"
		}
		pdf.SetFont("go", style, fontSize)
		cx := x + float64(i%9)*cell
		cy := y + float64(i/9)*cell
		pdf.SetXY(cx, cy)
		pdf.CellFormat(cell, cell, string(rune('0'+v)), "", 0, "CM", false, 0, "")
	}
}
