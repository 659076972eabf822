package book

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// htmlPage is the print-ready page: CSS sized for the paper, PerPage
// puzzles per printed page, a page break before each level with Sections,
// and the solutions at the back, twelve per page. html/template escapes
// every text by construction.
var htmlPage = template.Must(template.New("book").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{with .Title}}{{.}}{{else}}Sudoku{{end}}</title>
<style>
@page { size: {{.Paper}}; margin: {{.Outside}}; }
@page :left { margin-left: {{.Outside}}; margin-right: {{.Inside}}; }
@page :right { margin-left: {{.Inside}}; margin-right: {{.Outside}}; }
body { font-family: Go, Helvetica, Arial, sans-serif; margin: 0; }
h1 { text-align: center; margin-top: 60mm; grid-column: 1 / -1; }
.page { page-break-after: always; break-after: page; display: grid; grid-template-columns: repeat({{.Cols}}, 1fr); gap: 10mm; justify-items: center; }
.page:last-child { page-break-after: auto; break-after: auto; }
.section { grid-column: 1 / -1; font-size: {{.HeaderPt}}pt; color: #555; border-bottom: 0.2mm solid #999; width: 100%; display: flex; justify-content: space-between; }
.puzzle { width: {{.GridSize}}; }
.label { display: flex; justify-content: space-between; font-size: {{.LabelPt}}pt; margin-bottom: 1.5mm; }
.label b { font-size: {{.NumberPt}}pt; }
table.sudoku { border-collapse: collapse; border: {{.Thick}} solid black; width: 100%; table-layout: fixed; }
table.sudoku td { border: {{.Thin}} solid black; aspect-ratio: 1; text-align: center; vertical-align: middle; font-size: calc({{.GridSize}} / 14); padding: 0; }
table.sudoku td.given { font-weight: bold; }
table.sudoku tr:nth-child(3n) td { border-bottom: {{.Thick}} solid black; }
table.sudoku td:nth-child(3n) { border-right: {{.Thick}} solid black; }
.solutions { grid-template-columns: repeat({{.SolutionCols}}, 1fr); }
.solutions .puzzle { width: {{.SolutionSize}}; }
.solutions table.sudoku td { font-size: {{.SolutionDigit}}; }
{{- if .Sizes}}
.rule { grid-column: 1 / -1; margin: 0; text-align: center; font-size: {{.LabelPt}}pt; color: #333; }
{{- end}}
{{- if .Killers}}
.cages { position: relative; }
.cages svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
.cages table.sudoku tr { height: calc({{.GridSize}} / 9); }
.solutions .cages table.sudoku tr { height: calc({{.SolutionSize}} / 9); }
{{- end}}
{{- if .Variants}}
body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.opening { display: block; text-align: center; padding-top: 40mm; }
.opening h2 { font-size: 24pt; margin-bottom: 4mm; }
.opening p { font-size: 12pt; margin: 2mm 10%; }
{{- end}}
</style>
</head>
<body>
{{if .Title}}<div class="page"><h1>{{.Title}}</h1></div>
{{end}}{{range .Pages}}{{if .Opening}}<div class="page opening"><h2>{{.Opening}}</h2>{{range .Lines}}<p>{{.}}</p>{{end}}</div>
{{else}}<div class="page{{if .Solutions}} solutions{{end}}"{{with .Style}} style="{{.}}"{{end}}>
<div class="section"><span>{{$.Title}}</span><span>{{.Header}}</span></div>
{{with .Rule}}<p class="rule">{{.}}</p>
{{end}}{{range .Puzzles}}<div class="puzzle"{{with .Style}} style="{{.}}"{{end}}><div class="label"><b>#{{.Number}}</b><span>{{.Details}}</span></div>{{if .Cages}}<div class="cages">{{end}}<table class="sudoku">{{range .Rows}}<tr>{{range .}}<td{{if .Given}} class="given"{{end}}{{with .Style}} style="{{.}}"{{end}}>{{.Digit}}</td>{{end}}</tr>{{end}}</table>{{with .Cages}}{{.}}</div>{{end}}</div>
{{end}}</div>
{{end}}{{end}}</body>
</html>
`))

type htmlCell struct {
	Digit string // "" for an empty cell
	Given bool
	Style template.CSS // the marks of the rules, a jigsaw's borders
}

type htmlPuzzle struct {
	Number  int
	Details string
	Rows    [][]htmlCell
	Style   template.CSS // a size's grid: its width
	// Cages is a killer's cages, an SVG laid over its table.
	Cages template.HTML
}

type htmlPageData struct {
	// Opening names the variant a page opens, in a book with variants:
	// the page states its rules (Lines) and holds no puzzle.
	Opening   string
	Lines     []string
	Header    string
	Solutions bool
	Puzzles   []htmlPuzzle
	Style     template.CSS // a size's page: its columns
	Rule      string       // a size's page: its rule, under the header

}

// writeHTML writes a book as one print-ready HTML page: the trim size and
// mirrored margins of the PDF book, the same puzzles per page and headers,
// and large print (bigger text, thicker lines, fewer and bigger solutions).
// The contents, fonts, bleed and recto starts are the PDF book's alone.
func writeHTML(w io.Writer, puzzles []Entry, opt Options) error {
	if err := opt.Check(); err != nil {
		return err
	}
	if err := checkEntries(puzzles); err != nil {
		return err
	}
	pw, ph, _ := parsePageSize(opt.Paper)
	outside, inside := opt.margins(pw)
	cols, rows := layout(opt.PerPage)
	areaW, areaH := pw-outside-inside, ph-2*outside-12
	side := min(areaW/float64(cols)-10, areaH/float64(rows)-10-8)
	solDigit, headerPt, labelPt, numberPt, thin, thick := 3.5, 10, 11, 12, 0.2, 0.8
	if opt.LargePrint {
		solDigit, headerPt, labelPt, numberPt, thin, thick = 5.5, 14, 16, 18, 0.3, 1.2
	}
	solCols := opt.solutionColumns(areaW, 9)
	solSide := (areaW - float64(solCols-1)*10) / float64(solCols)
	mm := func(v float64) string { return fmt.Sprintf("%.1fmm", v) }
	data := struct {
		Title, Paper, GridSize, Outside, Inside, SolutionSize string
		Thin, Thick, SolutionDigit                            string
		Cols, SolutionCols, HeaderPt, LabelPt, NumberPt       int
		Variants, Sizes, Killers                              bool
		Pages                                                 []htmlPageData
	}{Variants: hasVariants(puzzles), Sizes: hasSizes(puzzles), Killers: hasKillers(puzzles), Title: opt.Title, Paper: mm(pw) + " " + mm(ph), GridSize: mm(side), Cols: cols,
		Outside: mm(outside), Inside: mm(inside), SolutionSize: mm(solSide), SolutionCols: solCols,
		Thin: mm(thin), Thick: mm(thick), SolutionDigit: mm(solDigit), HeaderPt: headerPt, LabelPt: labelPt, NumberPt: numberPt}
	// sizedSolutions lays out the solutions of a size: cols columns,
	// per a page, each width mm wide.
	sizedSolutions := func(s sudoku.Shape) (cols, per int, width float64) {
		cols = opt.solutionColumns(areaW, s.N())
		width = (areaW - float64(cols-1)*10) / float64(cols)
		return cols, cols * max(1, int((areaH+5)/(width+8+6))), width
	}
	// cells are the rows of a grid's table; a size's grid (a Board's) of
	// side mm gets its boxes' borders and digits sized to its cells in
	// each cell's style.
	cells := func(p Entry, g, given []uint8, side float64) [][]htmlCell {
		l := p.look()
		shape := p.shape()
		n := shape.N()
		rows := make([][]htmlCell, n)
		for i, v := range g {
			c := htmlCell{Given: given[i] != 0}
			if v != 0 {
				c.Digit = opt.Symbols.text(v)
			}
			if p.sized() {
				c.Style = sizedCellStyle(shape, l, i, side, data.Thin, data.Thick)
				if l.shaded(i) {
					c.Style += template.CSS("; background-color: " + svgGray(fillGray))
				}
			} else {
				c.Style = l.cellStyle(i, data.Thin, data.Thick)
			}
			rows[i/n] = append(rows[i/n], c)
		}
		return rows
	}
	var idx []int
	flush := func(solutions bool) {
		if len(idx) == 0 {
			return
		}
		page := htmlPageData{Header: levelRange(puzzles, idx, opt.Levels, " – "), Solutions: solutions}
		first := puzzles[idx[0]]
		pside, width := side, template.CSS("")
		if first.sized() && solutions {
			// A size's solutions: cells of about 3.2 mm (see
			// solutionTarget).
			cols, _, w := sizedSolutions(first.shape())
			pside = w
			page.Style = template.CSS(fmt.Sprintf("grid-template-columns: repeat(%d, 1fr)", cols))
			width = template.CSS("width: " + mm(w))
		}
		if first.sized() && !solutions {
			// A size's page: its own layout (see perPage).
			cols, rows := layout(perPage(opt, pw, first.shape()))
			pside = min(areaW/float64(cols)-10, areaH/float64(rows)-10-8-6)
			page.Style = template.CSS(fmt.Sprintf("grid-template-columns: repeat(%d, 1fr)", cols))
			width = template.CSS("width: " + mm(pside))
			page.Rule = sizeRule(first.shape(), opt.Symbols)
		}
		if data.Variants && !solutions {
			page.Header = strings.TrimSuffix(puzzles[idx[0]].kindTitle()+", "+page.Header, ", ")
		}
		if solutions {
			page.Header = strings.TrimSuffix("Solutions, "+page.Header, ", ")
		}
		for _, i := range idx {
			p := puzzles[i]
			if solutions {
				details := p.Level
				if data.Variants {
					details = strings.TrimSuffix(p.kindTitle()+", "+details, ", ")
				}
				page.Puzzles = append(page.Puzzles, htmlPuzzle{p.Number, details, cells(p, p.solutionCells(), p.puzzleCells(), pside), width, htmlCages(p.look(), true)})
			} else {
				page.Puzzles = append(page.Puzzles, htmlPuzzle{p.Number, p.details(), cells(p, p.puzzleCells(), p.puzzleCells(), pside), width, htmlCages(p.look(), false)})
			}
		}
		data.Pages = append(data.Pages, page)
		idx = nil
	}
	for i, p := range puzzles {
		if len(idx) == perPage(opt, pw, p.shape()) || i > 0 && !sameSection(puzzles[i-1], p, opt.Sections, data.Variants) {
			flush(false)
		}
		if data.Variants && (i == 0 || !sameSection(puzzles[i-1], p, false, true)) {
			// A variant opens with a page of its rules.
			j := i + 1
			for j < len(puzzles) && sameSection(p, puzzles[j], false, true) {
				j++
			}
			span := fmt.Sprintf("Puzzles #%d", p.Number)
			if j-1 > i {
				span += fmt.Sprintf("–#%d", puzzles[j-1].Number)
			}
			data.Pages = append(data.Pages, htmlPageData{Opening: p.kindTitle(), Lines: append([]string{span}, p.kindWords(opt.Symbols)...)})
		}
		idx = append(idx, i)
	}
	flush(false)
	perSolutionPage := solCols * max(1, int((areaH+5)/(areaW/float64(solCols)+8)))
	for i, p := range puzzles {
		// A size's solutions (a Board's) keep pages of their own.
		per := perSolutionPage
		if p.sized() {
			_, per, _ = sizedSolutions(p.shape())
		}
		if len(idx) == per || i > 0 && (puzzles[i-1].shape() != p.shape() || puzzles[i-1].sized() != p.sized()) {
			flush(true)
		}
		idx = append(idx, i)
	}
	flush(true)
	return htmlPage.Execute(w, data)
}

// cellStyle is the inline style of a cell of an HTML grid under the
// look's rules: its marks as backgrounds (shaded, a circle, a dot, a
// corner, the diagonal lines), and for a jigsaw the width of each of its
// borders, thick where regions meet (thin and thick are the grid's line
// widths); empty for a classic grid.
func (l *look) cellStyle(cell int, thin, thick string) template.CSS {
	if l.classic() {
		return ""
	}
	gray := func(v int) string { return fmt.Sprintf("#%02x%02x%02x", v, v, v) }
	pct := func(v float64) string { return strconv.FormatFloat(v*100, 'f', -1, 64) + "%" }
	mg := gray(markGray)
	var images []string
	r, c := cell/9, cell%9
	if l.diagonalLines {
		// The colour lines of a gradient to a corner run parallel to the
		// other diagonal: its middle is the cell's diagonal. Its axis is
		// a diagonal of the cell, sqrt(2) cells long.
		half := 0.05 / 2 / math.Sqrt2
		line := func(to string) string {
			return fmt.Sprintf("linear-gradient(to %s, transparent %s, %s %s, %s %s, transparent %s)", to,
				pct(0.5-half), mg, pct(0.5-half), mg, pct(0.5+half), pct(0.5+half))
		}
		if r == c {
			images = append(images, line("top right"))
		}
		if r+c == 8 {
			images = append(images, line("bottom right"))
		}
	}
	if l.marks[markRing].Has(cell) {
		// closest-side: the radius is half the cell.
		in, out := 2*ringRadius-0.04, 2*ringRadius+0.04
		images = append(images, fmt.Sprintf("radial-gradient(circle closest-side, transparent %s, %s %s, %s %s, transparent %s)",
			pct(in), mg, pct(in), mg, pct(out), pct(out)))
	}
	if l.marks[markDot].Has(cell) {
		// closest-side from the dot's centre: dotInset of the cell.
		images = append(images, fmt.Sprintf("radial-gradient(circle closest-side at %s %s, %s %s, transparent %s)",
			pct(1-dotInset), pct(dotInset), mg, pct(dotRadius/dotInset), pct(dotRadius/dotInset)))
	}
	if l.marks[markCorner].Has(cell) {
		// The triangle's long side is cornerSize/sqrt(2) cells along an
		// axis sqrt(2) cells long.
		images = append(images, fmt.Sprintf("linear-gradient(to top right, %s %s, transparent %s)", mg, pct(cornerSize/2), pct(cornerSize/2)))
	}
	var style []string
	if l.marks[markFill].Has(cell) {
		style = append(style, "background-color: "+gray(fillGray))
	}
	if len(images) > 0 {
		style = append(style, "background-image: "+strings.Join(images, ", "))
	}
	if l.jigsaw {
		width := func(thickEdge bool) string {
			if thickEdge {
				return thick
			}
			return thin
		}
		top, right, bottom, left := l.edges(cell)
		style = append(style, fmt.Sprintf("border-width: %s %s %s %s", width(top), width(right), width(bottom), width(left)))
	}
	return template.CSS(strings.Join(style, "; "))
}

// sizedCellStyle is the inline style of cell i of an HTML grid of a shape
// side mm wide: the widths of its borders, thick at its box's sides (thin
// and thick are the grid's line widths; a jigsaw's region's sides under
// the look l), its height (a table cell's aspect-ratio is not heeded) and
// its digits' size.
func sizedCellStyle(shape sudoku.Shape, l *look, i int, side float64, thin, thick string) template.CSS {
	n := shape.N()
	r, c := i/n, i%n
	width := func(thickEdge bool) string {
		if thickEdge {
			return thick
		}
		return thin
	}
	top, bottom := r%shape.BoxRows() == 0, (r+1)%shape.BoxRows() == 0
	left, right := c%shape.BoxCols() == 0, (c+1)%shape.BoxCols() == 0
	if l.jigsawGrid() {
		differs := func(j int) bool { return l.region[j] != l.region[i] }
		top, bottom = r == 0 || differs(i-n), r == n-1 || differs(i+n)
		left, right = c == 0 || differs(i-1), c == n-1 || differs(i+1)
	}
	cell := side / float64(n)
	return template.CSS(fmt.Sprintf("border-width: %s %s %s %s; height: %.2fmm; font-size: %.1fmm", width(top), width(right), width(bottom), width(left), cell, cell*0.55))
}
