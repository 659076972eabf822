package export

import (
	"fmt"
	"html"
	"io"
	"strings"

	"sudokit/sudoku"
)

// svgGrid writes one grid as SVG elements at (x, y) with the given side:
// thin cell lines, thick box lines, digits centred (givens bold).
func svgGrid(b *strings.Builder, x, y, side float64, g, given sudoku.Grid) {
	cell := side / 9
	fmt.Fprintf(b, `<g transform="translate(%.2f %.2f)">`+"\n", x, y)
	fmt.Fprintf(b, `<rect width="%.2f" height="%.2f" fill="white"/>`+"\n", side, side)
	for i := 1; i < 9; i++ {
		w := 0.5
		if i%3 == 0 {
			w = 2
		}
		p := float64(i) * cell
		fmt.Fprintf(b, `<line x1="%.2f" y1="0" x2="%.2f" y2="%.2f" stroke="black" stroke-width="%g"/>`+"\n", p, p, side, w)
		fmt.Fprintf(b, `<line x1="0" y1="%.2f" x2="%.2f" y2="%.2f" stroke="black" stroke-width="%g"/>`+"\n", p, side, p, w)
	}
	fmt.Fprintf(b, `<rect width="%.2f" height="%.2f" fill="none" stroke="black" stroke-width="3"/>`+"\n", side, side)
	for i, v := range g {
		if v == 0 {
			continue
		}
		weight := "normal"
		if given[i] != 0 {
			weight = "bold"
		}
		fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="%.1f" font-weight="%s" text-anchor="middle" dominant-baseline="central">%d</text>`+"\n",
			(float64(i%9)+0.5)*cell, (float64(i/9)+0.5)*cell, cell*0.62, weight, v)
	}
	b.WriteString("</g>\n")
}

// svgLabel writes a puzzle's label above its grid.
func svgLabel(b *strings.Builder, x, y, side float64, p BookPuzzle) {
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="14" font-weight="bold">#%d</text>`+"\n", x, y-6, p.Number)
	details := strings.TrimSpace(p.Level + " " + p.Rating)
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="14" text-anchor="end">%s</text>`+"\n", x+side, y-6, html.EscapeString(details))
}

const svgHead = `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, Helvetica, Arial, sans-serif">` + "\n"

// WriteSVGPuzzle writes one puzzle as an SVG image with its label.
func WriteSVGPuzzle(w io.Writer, p BookPuzzle) error {
	var b strings.Builder
	const side, pad = 360.0, 30.0
	fmt.Fprintf(&b, svgHead, int(side+2*pad), int(side+2*pad), int(side+2*pad), int(side+2*pad))
	svgLabel(&b, pad, pad, side, p)
	svgGrid(&b, pad, pad, side, p.Grid, p.Grid)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSVGSheet writes all puzzles on one SVG sheet, three per row, then
// their solutions.
func WriteSVGSheet(w io.Writer, puzzles []BookPuzzle, title string) error {
	const side, pad, cols = 240.0, 30.0, 3
	rowsOf := func(n int) int { return (n + cols - 1) / cols }
	cellW, cellH := side+pad, side+pad+14
	titleH := 0.0
	if title != "" {
		titleH = 40
	}
	height := titleH + pad + float64(rowsOf(len(puzzles)))*cellH*2 + 40
	width := pad + cols*cellW
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, int(width), int(height), int(width), int(height))
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	if title != "" {
		fmt.Fprintf(&b, `<text x="%.2f" y="30" font-size="22" font-weight="bold">%s</text>`+"\n", pad, html.EscapeString(title))
	}
	place := func(i int, top float64) (float64, float64) {
		return pad + float64(i%cols)*cellW, top + float64(i/cols)*cellH + 20
	}
	top := titleH + pad
	for i, p := range puzzles {
		x, y := place(i, top)
		svgLabel(&b, x, y, side, p)
		svgGrid(&b, x, y, side, p.Grid, p.Grid)
	}
	top += float64(rowsOf(len(puzzles))) * cellH
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="18" font-weight="bold">Solutions</text>`+"\n", pad, top+10)
	top += 20
	for i, p := range puzzles {
		x, y := place(i, top)
		svgLabel(&b, x, y, side, BookPuzzle{Number: p.Number, Level: p.Level})
		svgGrid(&b, x, y, side, p.Solution, p.Grid)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteHTML writes a print-ready page: CSS sized for A4 or Letter, the given
// number of puzzles per printed page, page breaks, and the solutions at the
// back (twelve per page).
func WriteHTML(w io.Writer, puzzles []BookPuzzle, opt BookOptions) error {
	if err := opt.Check(); err != nil {
		return err
	}
	size := "A4"
	if opt.Paper == "letter" {
		size = "letter"
	}
	cols, _ := layout(opt.PerPage)
	gridSize := map[int]string{1: "150mm", 2: "110mm", 4: "85mm", 6: "72mm"}[opt.PerPage]
	var b strings.Builder
	title := opt.Title
	if title == "" {
		title = "Sudoku"
	}
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>%s</title>
<style>
@page { size: %s; margin: 15mm; }
body { font-family: Go, Helvetica, Arial, sans-serif; margin: 0; }
h1 { text-align: center; margin-top: 60mm; }
.page { page-break-after: always; break-after: page; display: grid; grid-template-columns: repeat(%d, 1fr); gap: 10mm; justify-items: center; }
.page:last-child { page-break-after: auto; break-after: auto; }
.section { grid-column: 1 / -1; font-size: 10pt; color: #555; border-bottom: 0.2mm solid #999; width: 100%%; text-align: right; }
.puzzle { width: %s; }
.label { display: flex; justify-content: space-between; font-size: 11pt; margin-bottom: 1.5mm; }
.label b { font-size: 12pt; }
table.sudoku { border-collapse: collapse; border: 0.8mm solid black; width: 100%%; table-layout: fixed; }
table.sudoku td { border: 0.2mm solid black; aspect-ratio: 1; text-align: center; vertical-align: middle; font-size: calc(%s / 14); padding: 0; }
table.sudoku td.given { font-weight: bold; }
table.sudoku tr:nth-child(3n) td { border-bottom: 0.8mm solid black; }
table.sudoku td:nth-child(3n) { border-right: 0.8mm solid black; }
.solutions .puzzle { width: 55mm; }
.solutions table.sudoku td { font-size: 3.5mm; }
</style>
</head>
<body>
`, html.EscapeString(title), size, cols, gridSize, gridSize)
	if opt.Title != "" {
		fmt.Fprintf(&b, "<div class=\"page\"><h1 style=\"grid-column: 1 / -1\">%s</h1></div>\n", html.EscapeString(opt.Title))
	}
	table := func(g, given sudoku.Grid) {
		b.WriteString(`<table class="sudoku">`)
		for r := 0; r < 9; r++ {
			b.WriteString("<tr>")
			for c := 0; c < 9; c++ {
				v := g[r*9+c]
				switch {
				case v == 0:
					b.WriteString("<td></td>")
				case given[r*9+c] != 0:
					fmt.Fprintf(&b, `<td class="given">%d</td>`, v)
				default:
					fmt.Fprintf(&b, "<td>%d</td>", v)
				}
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</table>\n")
	}
	section := ""
	open := false
	n := 0
	for _, p := range puzzles {
		newSection := opt.Sections && p.Level != section
		if !open || n == opt.PerPage || newSection {
			if open {
				b.WriteString("</div>\n")
			}
			b.WriteString(`<div class="page">` + "\n")
			open, n = true, 0
			section = p.Level
			fmt.Fprintf(&b, "<div class=\"section\">%s</div>\n", html.EscapeString(strings.TrimSpace(opt.Title+" · "+section)))
		}
		fmt.Fprintf(&b, `<div class="puzzle"><div class="label"><b>#%d</b><span>%s</span></div>`, p.Number,
			html.EscapeString(strings.TrimSpace(p.Level+" "+p.Rating)))
		table(p.Grid, p.Grid)
		b.WriteString("</div>\n")
		n++
	}
	if open {
		b.WriteString("</div>\n")
	}
	for i, p := range puzzles {
		if i%12 == 0 {
			if i > 0 {
				b.WriteString("</div>\n")
			}
			b.WriteString(`<div class="page solutions" style="grid-template-columns: repeat(3, 1fr)">` + "\n")
			b.WriteString("<div class=\"section\">Solutions</div>\n")
		}
		fmt.Fprintf(&b, `<div class="puzzle"><div class="label"><b>#%d</b><span>%s</span></div>`, p.Number, html.EscapeString(p.Level))
		table(p.Solution, p.Grid)
		b.WriteString("</div>\n")
	}
	if len(puzzles) > 0 {
		b.WriteString("</div>\n")
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
