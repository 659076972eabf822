package export

import (
	"html/template"
	"io"
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
@page { size: {{.Paper}}; margin: 15mm; }
body { font-family: Go, Helvetica, Arial, sans-serif; margin: 0; }
h1 { text-align: center; margin-top: 60mm; grid-column: 1 / -1; }
.page { page-break-after: always; break-after: page; display: grid; grid-template-columns: repeat({{.Cols}}, 1fr); gap: 10mm; justify-items: center; }
.page:last-child { page-break-after: auto; break-after: auto; }
.section { grid-column: 1 / -1; font-size: 10pt; color: #555; border-bottom: 0.2mm solid #999; width: 100%; text-align: right; }
.puzzle { width: {{.GridSize}}; }
.label { display: flex; justify-content: space-between; font-size: 11pt; margin-bottom: 1.5mm; }
.label b { font-size: 12pt; }
table.sudoku { border-collapse: collapse; border: 0.8mm solid black; width: 100%; table-layout: fixed; }
table.sudoku td { border: 0.2mm solid black; aspect-ratio: 1; text-align: center; vertical-align: middle; font-size: calc({{.GridSize}} / 14); padding: 0; }
table.sudoku td.given { font-weight: bold; }
table.sudoku tr:nth-child(3n) td { border-bottom: 0.8mm solid black; }
table.sudoku td:nth-child(3n) { border-right: 0.8mm solid black; }
.solutions { grid-template-columns: repeat(3, 1fr); }
.solutions .puzzle { width: 55mm; }
.solutions table.sudoku td { font-size: 3.5mm; }
</style>
</head>
<body>
{{if .Title}}<div class="page"><h1>{{.Title}}</h1></div>
{{end}}{{range .Pages}}<div class="page{{if .Solutions}} solutions{{end}}">
<div class="section">{{.Header}}</div>
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

// WriteHTML writes a book as one print-ready HTML page.
func WriteHTML(w io.Writer, puzzles []BookPuzzle, opt BookOptions) error {
	if err := opt.Check(); err != nil {
		return err
	}
	cols, _ := layout(opt.PerPage)
	data := struct {
		Title, Paper, GridSize string
		Cols                   int
		Pages                  []htmlPageData
	}{Title: opt.Title, Paper: "A4", GridSize: map[int]string{1: "150mm", 2: "110mm", 4: "85mm", 6: "72mm"}[opt.PerPage], Cols: cols}
	if opt.Paper == "letter" {
		data.Paper = "letter"
	}
	cells := func(g, given [81]uint8) (rows [9][9]htmlCell) {
		for i, v := range g {
			rows[i/9][i%9] = htmlCell{Digit: v, Given: given[i] != 0}
		}
		return rows
	}
	header := func(section string) string {
		switch {
		case opt.Title == "":
			return section
		case section == "":
			return opt.Title
		}
		return opt.Title + " · " + section
	}
	for i, p := range puzzles {
		n := len(data.Pages)
		if i == 0 || len(data.Pages[n-1].Puzzles) == opt.PerPage || (opt.Sections && p.Level != puzzles[i-1].Level) {
			data.Pages = append(data.Pages, htmlPageData{Header: header(p.Level)})
			n++
		}
		data.Pages[n-1].Puzzles = append(data.Pages[n-1].Puzzles, htmlPuzzle{p.Number, p.details(), cells(p.Grid, p.Grid)})
	}
	for i, p := range puzzles {
		if i%12 == 0 {
			data.Pages = append(data.Pages, htmlPageData{Header: "Solutions", Solutions: true})
		}
		last := &data.Pages[len(data.Pages)-1]
		last.Puzzles = append(last.Puzzles, htmlPuzzle{p.Number, p.Level, cells(p.Solution, p.Grid)})
	}
	return htmlPage.Execute(w, data)
}
