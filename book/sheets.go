package book

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
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
func svgLabel(b *strings.Builder, x, y, side float64, p Entry) {
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="14" font-weight="bold">#%d</text>`+"\n", x, y-6, p.Number)
	details := p.details()
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="14" text-anchor="end">%s</text>`+"\n", x+side, y-6, html.EscapeString(details))
}

const (
	svgHead      = `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, Helvetica, Arial, sans-serif">` + "\n"
	svgHeadSized = `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %d %d" font-family="Go, Helvetica, Arial, sans-serif">` + "\n"
)

// writeSVGPuzzle writes p.Grid (digits of given bold) with its label, the
// image size (width and height attributes) size, or in pixels.
func writeSVGPuzzle(w io.Writer, p Entry, given [81]uint8, size string) error {
	var b strings.Builder
	const side, pad = imgSide, imgPad
	n := int(side + 2*pad)
	if size == "" {
		size = fmt.Sprint(n)
	}
	fmt.Fprintf(&b, svgHeadSized, size, size, n, n)
	svgLabel(&b, pad, pad, side, p)
	svgGrid(&b, pad, pad, side, p.Grid, given)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSVGSheet writes all puzzles on one SVG sheet, three per row, then
// their solutions.
func writeSVGSheet(w io.Writer, puzzles []Entry, title string) error {
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
		svgLabel(&b, x, y, side, Entry{Number: p.Number, Level: p.Level})
		svgGrid(&b, x, y, side, p.Solution, p.Grid)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
