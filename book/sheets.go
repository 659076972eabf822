package book

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/sudokit/sudokit/sudoku"
)

// svgGrid writes one grid of a shape as SVG elements at (x, y) with the
// given side, its cells g row by row: the marks of its rules (see look),
// thin cell lines, thick box lines (a jigsaw's region borders instead),
// digits centred (givens bold; above 9 as symbols says).
func svgGrid(b *strings.Builder, x, y, side float64, shape sudoku.Shape, g, given []uint8, l *look, symbols Symbols) {
	n := shape.N()
	cell := side / float64(n)
	fmt.Fprintf(b, `<g transform="translate(%.2f %.2f)">`+"\n", x, y)
	fmt.Fprintf(b, `<rect width="%.2f" height="%.2f" fill="white"/>`+"\n", side, side)
	if !l.classic() {
		svgMarks(b, cell, l)
	}
	light := solutionGrid(g, given)
	if l.hasCages() {
		svgCages(b, cell, l, light)
	}
	width := func(i, box int) float64 {
		if i%box == 0 && !l.jigsawGrid() {
			return 2
		}
		return 0.5
	}
	for i := 1; i < n; i++ {
		p := float64(i) * cell
		fmt.Fprintf(b, `<line x1="%.2f" y1="0" x2="%.2f" y2="%.2f" stroke="black" stroke-width="%g"/>`+"\n", p, p, side, width(i, shape.BoxCols()))
		fmt.Fprintf(b, `<line x1="0" y1="%.2f" x2="%.2f" y2="%.2f" stroke="black" stroke-width="%g"/>`+"\n", p, side, p, width(i, shape.BoxRows()))
	}
	if l.jigsawGrid() {
		for _, e := range l.borders() {
			fmt.Fprintf(b, `<line class="region" x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="black" stroke-width="3" stroke-linecap="square"/>`+"\n",
				e[0]*cell, e[1]*cell, e[2]*cell, e[3]*cell)
		}
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
		d := symbols.text(v)
		size := cell * 0.62
		if len(d) > 1 {
			size = cell * 0.5 // two figures, as wide as the cell allows
		}
		fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="%.1f" font-weight="%s" text-anchor="middle" dominant-baseline="central">%s</text>`+"\n",
			(float64(i%n)+0.5)*cell, (float64(i/n)+0.5)*cell, size, weight, d)
	}
	if l.hasCages() {
		svgCageSums(b, cell, l, light) // over the lines
	}
	b.WriteString("</g>\n")
}

// svgMarks writes the marks of a grid's rules, under its lines.
func svgMarks(b *strings.Builder, cell float64, l *look) {
	gray := func(v int) string { return fmt.Sprintf("#%02x%02x%02x", v, v, v) }
	for _, c := range l.shadedCells() {
		fmt.Fprintf(b, `<rect class="shaded" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n",
			float64(c%l.n)*cell, float64(c/l.n)*cell, cell, cell, gray(fillGray))
	}
	if l.diagonalLines {
		w := cell * 0.05
		fmt.Fprintf(b, `<line class="diagonal" x1="0" y1="0" x2="%.2f" y2="%.2f" stroke="%s" stroke-width="%.2f"/>`+"\n", 9*cell, 9*cell, gray(markGray), w)
		fmt.Fprintf(b, `<line class="diagonal" x1="%.2f" y1="0" x2="0" y2="%.2f" stroke="%s" stroke-width="%.2f"/>`+"\n", 9*cell, 9*cell, gray(markGray), w)
	}
	for c := range l.marks[markRing].All() {
		fmt.Fprintf(b, `<circle class="circled" cx="%.2f" cy="%.2f" r="%.2f" fill="none" stroke="%s" stroke-width="%.2f"/>`+"\n",
			(float64(c%9)+0.5)*cell, (float64(c/9)+0.5)*cell, cell*ringRadius, gray(markGray), cell*0.04)
	}
	for c := range l.marks[markDot].All() {
		fmt.Fprintf(b, `<circle class="dotted" cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>`+"\n",
			(float64(c%9)+1-dotInset)*cell, (float64(c/9)+dotInset)*cell, cell*dotRadius, gray(markGray))
	}
	for c := range l.marks[markCorner].All() {
		x, y := float64(c%9)*cell, float64(c/9+1)*cell
		fmt.Fprintf(b, `<polygon class="corner" points="%.2f,%.2f %.2f,%.2f %.2f,%.2f" fill="%s"/>`+"\n",
			x, y, x+cell*cornerSize, y, x, y-cell*cornerSize, gray(markGray))
	}
}

// svgLabel writes a puzzle's label above its grid: its number, and its
// variant, level and rating.
func svgLabel(b *strings.Builder, x, y, side float64, p Entry) {
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="14" font-weight="bold">#%d</text>`+"\n", x, y-6, p.Number)
	details := p.imageDetails()
	// SVG does not wrap or fit text: a long label (a combination of
	// variants) gets smaller type, by an estimate of its width.
	size := min(14, (side-40)/(0.56*float64(utf8.RuneCountInString(details))))
	fmt.Fprintf(b, `<text x="%.2f" y="%.2f" font-size="%.3g" text-anchor="end">%s</text>`+"\n", x+side, y-6, size, html.EscapeString(details))
}

const (
	svgHead      = `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, Helvetica, Arial, sans-serif">` + "\n"
	svgHeadSized = `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %d %d" font-family="Go, Helvetica, Arial, sans-serif">` + "\n"
)

// writeSVGPuzzle writes p.Grid (digits of given bold) with its label, the
// image size (width and height attributes) size, or in pixels.
func writeSVGPuzzle(w io.Writer, p Entry, given []uint8, size string, symbols Symbols) error {
	var b strings.Builder
	const side, pad = imgSide, imgPad
	n := int(side + 2*pad)
	if size == "" {
		size = fmt.Sprint(n)
	}
	fmt.Fprintf(&b, svgHeadSized, size, size, n, n)
	svgLabel(&b, pad, pad, side, p)
	svgGrid(&b, pad, pad, side, p.shape(), p.puzzleCells(), given, p.look(), symbols)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSVGSheet writes all puzzles on one SVG sheet, three per row, then
// their solutions.
func writeSVGSheet(w io.Writer, puzzles []Entry, title string, symbols Symbols) error {
	if err := checkEntries(puzzles); err != nil {
		return err
	}
	const side, pad, cols = 240.0, 30.0, 3
	rowsOf := func(n int) int { return (n + cols - 1) / cols }
	cellW, cellH := side+pad, side+pad+14
	titleH := 0.0
	if title != "" {
		titleH = 40
	}
	rulesLines := sheetRules(puzzles, symbols)
	height := titleH + float64(len(rulesLines))*svgRulesLead + pad + float64(rowsOf(len(puzzles)))*cellH*2 + 40
	width := pad + cols*cellW
	var b strings.Builder
	fmt.Fprintf(&b, svgHead, int(width), int(height), int(width), int(height))
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	if title != "" {
		fmt.Fprintf(&b, `<text x="%.2f" y="30" font-size="22" font-weight="bold">%s</text>`+"\n", pad, html.EscapeString(title))
	}
	for _, line := range rulesLines {
		weight := "normal"
		if line.title {
			weight = "bold"
		}
		titleH += svgRulesLead
		fmt.Fprintf(&b, `<text class="rules" x="%.2f" y="%.2f" font-size="13" font-weight="%s">%s</text>`+"\n", pad, titleH+8, weight, html.EscapeString(line.text))
	}
	place := func(i int, top float64) (float64, float64) {
		return pad + float64(i%cols)*cellW, top + float64(i/cols)*cellH + 20
	}
	top := titleH + pad
	for i, p := range puzzles {
		x, y := place(i, top)
		svgLabel(&b, x, y, side, p)
		svgGrid(&b, x, y, side, p.shape(), p.puzzleCells(), p.puzzleCells(), p.look(), symbols)
	}
	top += float64(rowsOf(len(puzzles))) * cellH
	fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="18" font-weight="bold">Solutions</text>`+"\n", pad, top+10)
	top += 20
	for i, p := range puzzles {
		x, y := place(i, top)
		svgLabel(&b, x, y, side, Entry{Number: p.Number, Level: p.Level, Rules: p.Rules, Board: p.Board})
		svgGrid(&b, x, y, side, p.shape(), p.solutionCells(), p.puzzleCells(), p.look(), symbols)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgRulesLead is the space a line of the rules takes on an SVG sheet.
const svgRulesLead = 18.0

// rulesLine is a line of the rules on a sheet: a variant's title, or a
// sentence of its rules.
type rulesLine struct {
	text  string
	title bool
}

// sheetRules states the rules of each variant on a sheet, in the order
// they first come: its title, then its sentences; none when every puzzle
// is classic.
func sheetRules(puzzles []Entry, symbols Symbols) []rulesLine {
	if !hasVariants(puzzles) {
		return nil
	}
	var out []rulesLine
	var seen []string
	for _, p := range puzzles {
		t := p.kindTitle()
		if slices.Contains(seen, t) {
			continue
		}
		seen = append(seen, t)
		out = append(out, rulesLine{text: t, title: true})
		for _, s := range p.kindWords(symbols) {
			out = append(out, rulesLine{text: s})
		}
	}
	return out
}
