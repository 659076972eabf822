package book

import (
	"fmt"
	"html/template"
	"io"
	"strings"
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
</style>
</head>
<body>
{{if .Title}}<div class="page"><h1>{{.Title}}</h1></div>
{{end}}{{range .Pages}}<div class="page{{if .Solutions}} solutions{{end}}">
<div class="section"><span>{{$.Title}}</span><span>{{.Header}}</span></div>
{{range .Puzzles}}<div class="puzzle"><div class="label"><b>#{{.Number}}</b><span>{{.Details}}</span></div><table class="sudoku">{{range .Rows}}<tr>{{range .}}<td{{if .Given}} class="given"{{end}}>{{if .Digit}}{{.Digit}}{{end}}</td>{{end}}</tr>{{end}}</table></div>
{{end}}</div>
{{end}}</body>
</html>
`))

type htmlCell struct {
	Digit uint8
	Given bool
}

type htmlPuzzle struct {
	Number  int
	Details string
	Rows    [9][9]htmlCell
}

type htmlPageData struct {
	Header    string
	Solutions bool
	Puzzles   []htmlPuzzle
}

// writeHTML writes a book as one print-ready HTML page: the trim size and
// mirrored margins of the PDF book, the same puzzles per page and headers,
// and large print (bigger text, thicker lines, fewer and bigger solutions).
// The contents, fonts, bleed and recto starts are the PDF book's alone.
func writeHTML(w io.Writer, puzzles []Entry, opt Options) error {
	if err := opt.Check(); err != nil {
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
	solCols := opt.solutionColumns(areaW)
	mm := func(v float64) string { return fmt.Sprintf("%.1fmm", v) }
	data := struct {
		Title, Paper, GridSize, Outside, Inside, SolutionSize string
		Thin, Thick, SolutionDigit                            string
		Cols, SolutionCols, HeaderPt, LabelPt, NumberPt       int
		Pages                                                 []htmlPageData
	}{Title: opt.Title, Paper: mm(pw) + " " + mm(ph), GridSize: mm(side), Cols: cols,
		Outside: mm(outside), Inside: mm(inside), SolutionSize: mm((areaW - float64(solCols-1)*10) / float64(solCols)), SolutionCols: solCols,
		Thin: mm(thin), Thick: mm(thick), SolutionDigit: mm(solDigit), HeaderPt: headerPt, LabelPt: labelPt, NumberPt: numberPt}
	cells := func(g, given [81]uint8) (rows [9][9]htmlCell) {
		for i, v := range g {
			rows[i/9][i%9] = htmlCell{Digit: v, Given: given[i] != 0}
		}
		return rows
	}
	var idx []int
	flush := func(solutions bool) {
		if len(idx) == 0 {
			return
		}
		page := htmlPageData{Header: levelRange(puzzles, idx, opt.Levels, " – "), Solutions: solutions}
		if solutions {
			page.Header = strings.TrimSuffix("Solutions, "+page.Header, ", ")
		}
		for _, i := range idx {
			p := puzzles[i]
			if solutions {
				page.Puzzles = append(page.Puzzles, htmlPuzzle{p.Number, p.Level, cells(p.Solution, p.Grid)})
			} else {
				page.Puzzles = append(page.Puzzles, htmlPuzzle{p.Number, p.details(), cells(p.Grid, p.Grid)})
			}
		}
		data.Pages = append(data.Pages, page)
		idx = nil
	}
	for i, p := range puzzles {
		if len(idx) == opt.PerPage || (opt.Sections && i > 0 && p.Level != puzzles[i-1].Level) {
			flush(false)
		}
		idx = append(idx, i)
	}
	flush(false)
	perSolutionPage := solCols * max(1, int((areaH+5)/(areaW/float64(solCols)+8)))
	for i := range puzzles {
		if len(idx) == perSolutionPage {
			flush(true)
		}
		idx = append(idx, i)
	}
	flush(true)
	return htmlPage.Execute(w, data)
}
