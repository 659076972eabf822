package book

import (
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// A killer's cages are drawn as printers draw them: each cage outlined by
// one dashed line inset inside the cells' borders, turning at the cage's
// corners (in at a convex corner, out across the cell border at a concave
// one), its sum in small figures in the top left corner of its first cell
// (in reading order, so always a convex corner) on a white patch that
// stops the dashes short of it.

// exampleCages are the cages of the example grid on a killer's section
// page.
var exampleCages = []sudoku.Cage{{Sum: 7, Cells: []int{30, 31, 39}}, {Sum: 17, Cells: []int{41, 50}}}

// The cages' sizes, in cells.
const (
	cageInset   = 0.1  // the dashed outline this far inside the cells' borders
	cageDash    = 0.09 // its dashes,
	cageGap     = 0.06 // the gaps between them
	cageSumSize = 0.2  // the sum's figures' height (cap height)
	cageSumPad  = 0.04 // the white patch round the sum, beyond the figures
	// cageDigitSize is the size of a killer's digits (a share of the
	// cell, as a font size): their tops clear of the sums.
	cageDigitSize = 0.55
)

// Gray levels of the cages: dark on a puzzle, light on a solution.
const (
	cageGray      = 40
	cageLightGray = 150
)

// cagePoint is a corner of a cage's inset outline: X = Col + DX*inset,
// Y = Row + DY*inset, in cells from the grid's top left corner, where DX
// and DY are -1, 0 or 1.
type cagePoint struct{ Col, Row, DX, DY int }

// at returns the point in cells, the outline inset inset cells.
func (p cagePoint) at(inset float64) (x, y float64) {
	return float64(p.Col) + float64(p.DX)*inset, float64(p.Row) + float64(p.DY)*inset
}

// cageOutlines returns the outline of the cage of cells (0 to n×n-1, on
// a grid of side n) as closed loops of corners, clockwise on the page:
// one loop, or more for a cage round a hole. Each side of a cell on the
// cage's border is a stretch of the outline, inset; consecutive stretches
// along one line are merged so that each corner of a loop is a turn.
func cageOutlines(cells []int, n int) [][]cagePoint {
	in := make(map[[2]int]bool, len(cells))
	for _, c := range cells {
		in[[2]int{c / n, c % n}] = true
	}
	has := func(r, c int) bool { return in[[2]int{r, c}] }
	// ext says how far a stretch runs past the cell's corner: back (-1:
	// stops inset short) when the next cell along is outside the cage,
	// level (0) when it is inside and the cell beyond the border next to
	// it is outside, on (+1) when both are inside (a concave corner).
	ext := func(along, beyond bool) int {
		switch {
		case !along:
			return -1
		case !beyond:
			return 0
		}
		return 1
	}
	next := map[cagePoint]cagePoint{}
	var starts []cagePoint
	add := func(a, b cagePoint) {
		next[a] = b
		starts = append(starts, a)
	}
	for _, cell := range cells {
		r, c := cell/n, cell%n
		if !has(r-1, c) { // top, left to right, inset down
			add(cagePoint{c, r, ext(has(r, c-1), has(r-1, c-1)) * -1, 1},
				cagePoint{c + 1, r, ext(has(r, c+1), has(r-1, c+1)), 1})
		}
		if !has(r, c+1) { // right, top to bottom, inset left
			add(cagePoint{c + 1, r, -1, ext(has(r-1, c), has(r-1, c+1)) * -1},
				cagePoint{c + 1, r + 1, -1, ext(has(r+1, c), has(r+1, c+1))})
		}
		if !has(r+1, c) { // bottom, right to left, inset up
			add(cagePoint{c + 1, r + 1, ext(has(r, c+1), has(r+1, c+1)), -1},
				cagePoint{c, r + 1, ext(has(r, c-1), has(r+1, c-1)) * -1, -1})
		}
		if !has(r, c-1) { // left, bottom to top, inset right
			add(cagePoint{c, r + 1, 1, ext(has(r+1, c), has(r+1, c-1))},
				cagePoint{c, r, 1, ext(has(r-1, c), has(r-1, c-1)) * -1})
		}
	}
	// Stretches that join end to start at the same point run on along one
	// line (level ends), or turn.
	done := map[cagePoint]bool{}
	var loops [][]cagePoint
	for _, s := range starts {
		if done[s] {
			continue
		}
		var loop []cagePoint
		for p := s; !done[p]; p = next[p] {
			done[p] = true
			loop = append(loop, p)
		}
		loops = append(loops, turns(loop))
	}
	return loops
}

// turns drops the corners of a closed loop where it runs straight on.
func turns(loop []cagePoint) []cagePoint {
	var out []cagePoint
	n := len(loop)
	for i, p := range loop {
		a, b := loop[(i+n-1)%n], loop[(i+1)%n]
		ax, ay := a.at(cageInset)
		px, py := p.at(cageInset)
		bx, by := b.at(cageInset)
		if (ax-px)*(by-py)-(ay-py)*(bx-px) != 0 {
			out = append(out, p)
		}
	}
	return out
}

// cageLines draws a grid's cages at (x, y), cells of cell mm, under its
// lines: the dashed outlines, then a patch under each sum (white, or the
// cell's shade) that stops the dashes short of it; light on a solution.
func (b *book) cageLines(x, y, cell float64, l *look, light bool) {
	pdf := b.pdf
	if pdf == nil {
		return
	}
	gray := cageGray
	if light {
		gray = cageLightGray
	}
	pdf.SetDrawColor(gray, gray, gray)
	pdf.SetLineWidth(max(0.1, cell*0.018))
	pdf.SetDashPattern([]float64{cell * cageDash, cell * cageGap}, 0)
	for _, cage := range l.cages {
		for _, loop := range cageOutlines(cage.Cells, l.n) {
			for i, p := range loop {
				px, py := p.at(cageInset)
				if i == 0 {
					pdf.MoveTo(x+px*cell, y+py*cell)
				} else {
					pdf.LineTo(x+px*cell, y+py*cell)
				}
			}
			pdf.ClosePath()
			pdf.DrawPath("D")
		}
	}
	pdf.SetDashPattern([]float64{}, 0)
	for _, cage := range l.cages {
		first := cage.Cells[0]
		shade := 255
		if l.shaded(first) {
			shade = fillGray
		}
		pdf.SetFillColor(shade, shade, shade)
		px, py, w, h := b.cageSumBox(x, y, cell, l.n, cage)
		pad := cell * cageSumPad
		pdf.Rect(px-pad, py-pad, w+2*pad, h+2*pad, "F")
	}
}

// cageSumBox is where a cage's sum goes: the top left corner (mm) and
// size of its figures, and its size in points.
func (b *book) cageSumBox(x, y, cell float64, n int, cage sudoku.Cage) (px, py, w, h float64) {
	first := cage.Cells[0]
	px = x + (float64(first%n)+cageInset*0.6)*cell
	py = y + (float64(first/n)+cageInset*0.6)*cell
	return px, py, b.digit.width(strconv.Itoa(cage.Sum), b.cageSumPt(cell)), cell * cageSumSize
}

// cageSumPt is the size (points) of the cages' sums in cells of cell mm.
func (b *book) cageSumPt(cell float64) float64 {
	return cell * cageSumSize / b.digit.capHeight() / ptMM
}

// cageSums writes the cages' sums, over the grid's lines.
func (b *book) cageSums(x, y, cell float64, l *look, light bool) {
	gray := cageGray / 2
	if light {
		gray = cageLightGray / 2
	}
	for _, cage := range l.cages {
		px, py, _, h := b.cageSumBox(x, y, cell, l.n, cage)
		b.put(b.digit, b.cageSumPt(cell), px, py+h, strconv.Itoa(cage.Sum), gray)
	}
}

// svgCages writes a grid's cages under its lines (see cageLines): the
// dashed outlines and the patches under the sums; light on a solution.
// cell is a cell's side in the SVG's units.
func svgCages(b *strings.Builder, cell float64, l *look, light bool) {
	svgCagesOver(b, cell, l, light, 0)
}

// svgCagesOver writes the cages as svgCages does, each sum's patch kept
// from (at least) clear cells of its cell's sides: over a grid's lines
// (an HTML page lays the cages over its table), the patch must not hide
// them.
func svgCagesOver(b *strings.Builder, cell float64, l *look, light bool, clear float64) {
	gray := cageGray
	if light {
		gray = cageLightGray
	}
	n := l.n
	for _, cage := range l.cages {
		var d strings.Builder
		for _, loop := range cageOutlines(cage.Cells, n) {
			for i, p := range loop {
				x, y := p.at(cageInset)
				op := "L"
				if i == 0 {
					op = "M"
				}
				fmt.Fprintf(&d, "%s%.2f %.2f", op, x*cell, y*cell)
			}
			d.WriteString("Z")
		}
		fmt.Fprintf(b, `<path class="cage" d="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-dasharray="%.2f %.2f"/>`+"\n",
			d.String(), svgGray(gray), max(0.5, cell*0.018), cell*cageDash, cell*cageGap)
	}
	for _, cage := range l.cages {
		first := cage.Cells[0]
		shade := 255
		if l.shaded(first) {
			shade = fillGray
		}
		x, y, w, h := svgCageSumBox(cell, n, cage)
		pad := cell * cageSumPad
		x0 := max(x-pad, float64(first%n)*cell+clear*cell)
		y0 := max(y-pad, float64(first/n)*cell+clear*cell)
		fmt.Fprintf(b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n", x0, y0, x+w+pad-x0, y+h+pad-y0, svgGray(shade))
	}
}

// svgCageSumBox is where a cage's sum goes in an SVG grid: its top left
// corner and size (the figures' advance taken as 0.55 em, their cap
// height 0.7 em).
func svgCageSumBox(cell float64, n int, cage sudoku.Cage) (x, y, w, h float64) {
	first := cage.Cells[0]
	h = cell * cageSumSize
	return (float64(first%n) + cageInset*0.6) * cell, (float64(first/n) + cageInset*0.6) * cell,
		float64(len(strconv.Itoa(cage.Sum))) * h / 0.7 * 0.55, h
}

// svgCageSums writes the cages' sums, over the grid's lines.
func svgCageSums(b *strings.Builder, cell float64, l *look, light bool) {
	gray := cageGray / 2
	if light {
		gray = cageLightGray / 2
	}
	for _, cage := range l.cages {
		x, y, _, h := svgCageSumBox(cell, l.n, cage)
		fmt.Fprintf(b, `<text class="cage-sum" x="%.2f" y="%.2f" font-size="%.1f" fill="%s">%d</text>`+"\n", x, y+h, h/0.7, svgGray(gray), cage.Sum)
	}
}

// svgGray is a grey level as an SVG colour.
func svgGray(v int) string { return fmt.Sprintf("#%02x%02x%02x", v, v, v) }

// solutionGrid reports whether a grid's cells hold digits beyond the
// givens: a solution, whose cages are drawn light.
func solutionGrid(g, given []uint8) bool {
	for i, v := range g {
		if v != 0 && given[i] == 0 {
			return true
		}
	}
	return false
}

// pngCages draws a grid's cages under its lines in a PNG image (see
// cageLines): s is pixels per unit, cell a cell's side in units, the grid
// at (imgPad, imgPad). The dashes run on along each loop, corner to
// corner, as a PDF's do.
func pngCages(img *image.Gray, s, cell float64, l *look, light bool) {
	gray := uint8(cageGray)
	if light {
		gray = cageLightGray
	}
	half := max(cell*0.018, 1/s) / 2 // half the line's width, units
	period, dash := cell*(cageDash+cageGap), cell*cageDash
	step := 0.25 / s
	for _, cage := range l.cages {
		for _, loop := range cageOutlines(cage.Cells, l.n) {
			along := 0.0
			for i, p := range loop {
				x0, y0 := p.at(cageInset)
				x1, y1 := loop[(i+1)%len(loop)].at(cageInset)
				length := math.Hypot(x1-x0, y1-y0) * cell
				for t := 0.0; t < length; t += step {
					if math.Mod(along+t, period) >= dash {
						continue
					}
					x := imgPad + (x0+(x1-x0)*t/length)*cell
					y := imgPad + (y0+(y1-y0)*t/length)*cell
					for py := int(math.Floor((y - half) * s)); py <= int(math.Floor((y+half)*s)); py++ {
						for px := int(math.Floor((x - half) * s)); px <= int(math.Floor((x+half)*s)); px++ {
							img.SetGray(px, py, color.Gray{Y: gray})
						}
					}
				}
				along += length
			}
		}
	}
	for _, cage := range l.cages {
		first := cage.Cells[0]
		shade := uint8(255)
		if l.shaded(first) {
			shade = fillGray
		}
		x, y, w, h := svgCageSumBox(cell, l.n, cage)
		pad := cell * cageSumPad
		r := image.Rect(int((imgPad+x-pad)*s), int((imgPad+y-pad)*s), int(math.Ceil((imgPad+x+w+pad)*s)), int(math.Ceil((imgPad+y+h+pad)*s)))
		draw.Draw(img, r, image.NewUniform(color.Gray{Y: shade}), image.Point{}, draw.Src)
	}
}

// hasKillers reports whether some puzzle of a book is a killer (of any
// size).
func hasKillers(puzzles []Entry) bool {
	for _, p := range puzzles {
		if p.Rules.HasCages() || p.Board != nil && len(p.Board.Cages) > 0 {
			return true
		}
	}
	return false
}

// htmlCages is a killer's cages as an SVG to lay over its HTML table (see
// svgCages), light on a solution; "" for a grid without cages.
func htmlCages(l *look, light bool) template.HTML {
	if !l.hasCages() {
		return ""
	}
	const cell = 100.0
	var b strings.Builder
	side := cell * float64(l.n)
	fmt.Fprintf(&b, `<svg viewBox="0 0 %g %g" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg">`, side, side)
	svgCagesOver(&b, cell, l, light, 0.05)
	svgCageSums(&b, cell, l, light)
	b.WriteString("</svg>")
	return template.HTML(b.String()) // built here from numbers alone
}
