package book

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// killerEntries are the killers of testdata/puzzles/killer/sample.txt (a
// killer-x first), solved under their cages.
func killerEntries(t *testing.T) []Entry {
	t.Helper()
	var out []Entry
	path := filepath.Join("..", "testdata", "puzzles", "killer", "sample.txt")
	for p, err := range sudoku.InputsUnder(sudoku.Rules{}, []string{path}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		r := solve.For(p.Rules).Count(p.Grid, 2)
		if r.Count != 1 {
			t.Fatalf("sample.txt:%d: %d solutions", p.Line, r.Count)
		}
		out = append(out, Entry{Number: len(out) + 1, Grid: p.Grid, Solution: r.Solution, Rules: p.Rules})
	}
	if len(out) < 2 || !out[0].Rules.Has("x") {
		t.Fatalf("sample.txt: %d killers, want a killer-x and killers", len(out))
	}
	return out
}

// strip is the share of the pixels inked (darker than ink) and of those
// clear (lighter than clear) along a stretch of the line inset cageInset
// inside side s (0 top, 1 right, 2 bottom, 3 left) of cell c, from t0 to
// t1 of the way along the side.
func (p picture) strip(c, s int, t0, t1 float64, ink, clear uint8) (inked, cleared float64) {
	n := 0
	for t := t0; t <= t1; t += 0.5 / p.cell {
		u, v := t, cageInset
		switch s {
		case 1:
			u, v = 1-cageInset, t
		case 2:
			u, v = t, 1-cageInset
		case 3:
			u, v = cageInset, t
		}
		// The darkest pixel across the line (a pixel either side).
		x0, y0 := p.at(c)
		x, y := x0+u*p.cell, y0+v*p.cell
		g := uint8(255)
		for d := -1; d <= 1; d++ {
			if s%2 == 0 {
				g = min(g, p.img.GrayAt(int(x), int(y)+d).Y)
			} else {
				g = min(g, p.img.GrayAt(int(x)+d, int(y)).Y)
			}
		}
		n++
		if g < ink {
			inked++
		}
		if g > clear {
			cleared++
		}
	}
	return inked / float64(n), cleared / float64(n)
}

// checkCages checks a rendered killer's cages as a reader sees them: along
// every side of a cell on its cage's border, a dashed line just inside
// the cell (inked in places, clear between the dashes); along a side
// inside its cage, no line; the sum in the top left corner of each cage's
// first cell and nothing there in the others. ink is the grey a dash is
// darker than (light on a solution), clear the grey the gaps are lighter
// than.
//
// An empty cell (of cells, when not nil) holds no ink at all between its
// cage's lines: no dash runs inside a cage.
func checkCages(t *testing.T, what string, p picture, l *look, cells []uint8, ink, clear uint8) {
	t.Helper()
	errs := 0
	fail := func(format string, args ...any) {
		if errs++; errs <= 8 {
			t.Errorf(what+": "+format, args...)
		}
	}
	n := l.n
	p.n = n
	cageOf := make([]int, n*n)
	for i := range cageOf {
		cageOf[i] = -1
	}
	for k, cg := range l.cages {
		for _, c := range cg.Cells {
			cageOf[c] = k
		}
	}
	name := func(c int) string { return fmt.Sprintf("r%dc%d", c/n+1, c%n+1) }
	for c := range n * n {
		cage := cageOf[c]
		if cage < 0 {
			continue
		}
		r, col := c/n, c%n
		neighbours := [4]int{c - n, c + 1, c + n, c - 1}
		inside := [4]bool{r > 0, col < n-1, r < n-1, col > 0}
		for s, nb := range neighbours {
			border := !inside[s] || cageOf[nb] != cage
			// A shaded cell (killer-x) is lighter than clear: its gaps are
			// sought against its grey.
			cl, in := clear, ink
			if l.shaded(c) {
				cl, in = min(clear, fillGray-15), min(ink, fillGray-20)
			}
			if border {
				inked, cleared := p.strip(c, s, 0.45, 0.85, in, cl)
				if inked < 0.25 || cleared < 0.15 {
					fail("%s side %d, on cage %d's border: %.0f%% inked, %.0f%% clear, want a dashed line", name(c), s, cage, inked*100, cleared*100)
				}
			} else if inked, _ := p.strip(c, s, 0.3, 0.7, in, cl); inked > 0 {
				fail("%s side %d, inside cage %d: %.0f%% inked, want no line", name(c), s, cage, inked*100)
			}
		}
		if cells != nil && cells[c] == 0 {
			if g := p.darkest(c, 0.55, 0.55, 0.24); g < 250 && !l.shaded(c) || g < fillGray-5 {
				fail("%s: darkest grey %d inside the empty cell, want none", name(c), g)
			}
		}
		first := l.cages[cage].Cells[0] == c
		in := ink
		if l.shaded(c) {
			in = min(ink, fillGray-20)
		}
		if g := p.darkest(c, 0.18, 0.19, 0.06); (g < in) != first {
			fail("%s: darkest grey %d in the top left corner, want a sum %v", name(c), g, first)
		}
	}
}

// TestKillerBookPictures renders a book of killers (a killer-x among
// them), one a page, and checks in the pixels that each puzzle and its
// solution draw their cages (checkCages), and with pdftotext that each
// page of puzzles carries its cages' sums.
func TestKillerBookPictures(t *testing.T) {
	const dpi, fineDPI = 150, 300
	entries := killerEntries(t)
	var buf bytes.Buffer
	opt := Options{Paper: "a4", PerPage: 1}
	if err := writePDF(&buf, entries, opt); err != nil {
		t.Fatal(err)
	}
	b, err := newBook(entries, opt)
	if err != nil {
		t.Fatal(err)
	}
	// The solutions, small, are looked at closer.
	imgs, fine := render(t, buf.Bytes(), dpi), render(t, buf.Bytes(), fineDPI)
	checked := map[int]int{}
	for n, p := range b.pages {
		if p.kind != puzzlePageKind && p.kind != solutionPageKind {
			continue
		}
		ink, clear, k, img := uint8(128), uint8(235), dpi/25.4, imgs[n]
		if p.kind == solutionPageKind {
			ink, clear, k, img = 230, 245, fineDPI/25.4, fine[n] // light dashes
		}
		for slot, i := range p.puzzles {
			g := b.place(p, slot)
			pic := picture{img: img, x: g.x * k, y: g.y * k, cell: g.side / 9 * k}
			cells := entries[i].Grid[:]
			if p.kind == solutionPageKind {
				cells = nil // full
			}
			checkCages(t, fmt.Sprintf("page %d, #%d", p.number, i+1), pic, lookOf(entries[i].Rules), cells, ink, clear)
			checked[i]++
		}
		if p.kind == puzzlePageKind {
			checkSumsText(t, buf.Bytes(), p.number, entries[p.puzzles[0]].Rules)
		}
	}
	for i := range entries {
		if checked[i] != 2 {
			t.Errorf("#%d: %d grids checked, want the puzzle and its solution", i+1, checked[i])
		}
	}
}

// checkSumsText checks with pdftotext that a page holds every cage's sum.
func checkSumsText(t *testing.T, pdf []byte, page int, rules sudoku.Rules) {
	t.Helper()
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	file := filepath.Join(t.TempDir(), "book.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-f", strconv.Itoa(page), "-l", strconv.Itoa(page), file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	var numbers []int
	for _, w := range strings.Fields(string(out)) {
		if v, err := strconv.Atoi(w); err == nil {
			numbers = append(numbers, v)
		}
	}
	for _, cage := range rules.Cages() {
		i := slices.Index(numbers, cage.Sum)
		if i < 0 {
			t.Errorf("page %d: no %d for %s in the text %q", page, cage.Sum, cage.Name(), out)
			return
		}
		numbers = slices.Delete(numbers, i, i+1)
	}
}

// TestCageOutlines checks the outline of cages of several shapes, corner
// by corner: a domino, an L (one concave corner), a ring round a hole
// (two loops).
func TestCageOutlines(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cells []int
		want  [][]cagePoint
	}{
		{"one cell", []int{0}, [][]cagePoint{{{0, 0, 1, 1}, {1, 0, -1, 1}, {1, 1, -1, -1}, {0, 1, 1, -1}}}},
		{"domino", []int{0, 1}, [][]cagePoint{{{0, 0, 1, 1}, {2, 0, -1, 1}, {2, 1, -1, -1}, {0, 1, 1, -1}}}},
		// r1c1, r1c2, r2c1: the concave corner at r2c2's top left, the
		// outline crossing out of r1c2 and r2c1 to it.
		{"L", []int{0, 1, 9}, [][]cagePoint{{{0, 0, 1, 1}, {2, 0, -1, 1}, {2, 1, -1, -1}, {1, 1, -1, -1}, {1, 2, -1, -1}, {0, 2, 1, -1}}}},
	} {
		got := cageOutlines(tt.cells, 9)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	ring := []int{0, 1, 2, 9, 11, 18, 19, 20}
	if got := cageOutlines(ring, 9); len(got) != 2 || len(got[0]) != 4 || len(got[1]) != 4 {
		t.Errorf("ring: %v, want two loops of four corners", got)
	}
}

// TestKillerSVGAndHTML checks the SVG sheet and images of killers and
// the HTML page: each grid (puzzle and solution) one dashed path a cage
// and its sums in text, the solutions' light (on the HTML page, an SVG
// over each grid's table); a classic book's page has none of it.
func TestKillerSVGAndHTML(t *testing.T) {
	entries := killerEntries(t)
	const svgCell = 240.0 / 9 // a sheet's grids are 240 units a side
	var sheet strings.Builder
	if err := writeSVGSheet(&sheet, entries, "", 0); err != nil {
		t.Fatal(err)
	}
	cages := 0
	for _, e := range entries {
		cages += e.Rules.NumCages()
	}
	s := sheet.String()
	if got := strings.Count(s, `class="cage" `); got != 2*cages {
		t.Errorf("sheet: %d cage paths, want %d (each puzzle's and solution's)", got, 2*cages)
	}
	if got := strings.Count(s, `stroke-dasharray=`); got != 2*cages {
		t.Errorf("sheet: %d dashed paths, want %d", got, 2*cages)
	}
	for _, want := range []string{
		fmt.Sprintf(`class="cage-sum" x="%.2f" y="%.2f" font-size="%.1f" fill="%s">%d</text>`, 0.06*svgCell, (0.06+cageSumSize)*svgCell, cageSumSize*svgCell/0.7, svgGray(cageGray/2), entries[0].Rules.Cage(0).Sum),
		fmt.Sprintf(`fill="%s">%d</text>`, svgGray(cageLightGray/2), entries[0].Rules.Cage(0).Sum),
	} {
		if !strings.Contains(s, want) {
			t.Errorf("sheet: no %q", want)
		}
	}
	images, err := Images("svg", entries[:1], ImageOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var img bytes.Buffer
	if err := images[0].Write(&img); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(img.String(), `class="cage" `); got != entries[0].Rules.NumCages() {
		t.Errorf("SVG image: %d cage paths, want %d", got, entries[0].Rules.NumCages())
	}
	var page bytes.Buffer
	if err := writeHTML(&page, entries, Options{Paper: "a4", PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	if got := strings.Count(h, `<div class="cages"><table class="sudoku">`); got != 2*len(entries) {
		t.Errorf("HTML: %d grids with cages, want %d", got, 2*len(entries))
	}
	if got := strings.Count(h, `class="cage" `); got != 2*cages {
		t.Errorf("HTML: %d cage paths, want %d", got, 2*cages)
	}
	if got := strings.Count(h, `class="cage-sum"`); got != 2*cages {
		t.Errorf("HTML: %d cage sums, want %d", got, 2*cages)
	}
	page.Reset()
	if err := writeHTML(&page, testBook(t, 2), Options{Paper: "a4", PerPage: 4}); err != nil || strings.Contains(page.String(), "cages") {
		t.Errorf("HTML of classic puzzles: %v, or cages in it", err)
	}
}

// TestKillerBookPicture makes docs/killer-book.png (with -update): the
// page opening the killers of a 6x9in book, one a page, and the first
// killer, as pdftoppm renders them at 90 dpi.
func TestKillerBookPicture(t *testing.T) {
	opt := Options{Paper: "6x9in", PerPage: 1}
	puzzles := killerEntries(t)
	Arrange(puzzles, nil, opt)
	var buf bytes.Buffer
	if err := writePDF(&buf, puzzles, opt); err != nil {
		t.Fatal(err)
	}
	b, err := newBook(puzzles, opt)
	if err != nil {
		t.Fatal(err)
	}
	imgs := render(t, buf.Bytes(), 90)
	var pages []*image.Gray
	for i, p := range b.pages {
		plain := !puzzles[p.puzzles[0]].Rules.Has("x")
		if plain && (p.kind == sectionPageKind && len(pages) == 0 || p.kind == puzzlePageKind && len(pages) == 1) {
			pages = append(pages, imgs[i])
		}
	}
	if len(pages) != 2 {
		t.Fatalf("%d pages found, want the killers' section page and their first page", len(pages))
	}
	spread := image.NewGray(image.Rect(0, 0, pages[0].Bounds().Dx()+pages[1].Bounds().Dx()+18, pages[0].Bounds().Dy()+12))
	draw.Draw(spread, spread.Bounds(), image.NewUniform(color.Gray{Y: 200}), image.Point{}, draw.Src)
	draw.Draw(spread, pages[0].Bounds().Add(image.Pt(6, 6)), pages[0], image.Point{}, draw.Src)
	draw.Draw(spread, pages[1].Bounds().Add(image.Pt(12+pages[0].Bounds().Dx(), 6)), pages[1], image.Point{}, draw.Src)
	var out bytes.Buffer
	if err := png.Encode(&out, spread); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("..", "docs", "killer-book.png"), out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKillerCombinations reads back, with pdftotext, the table of cage
// combinations at the back of a book of killers: with "used", a row for
// each size and sum the book's cages use and no other; with "all", every
// sum of 2 to 9 cells (120 rows); each row's digits the sets of distinct
// digits that make the sum, found here by brute force; none without
// Combinations. Every row is whole (none cut short) on a pocket trim too.
func TestKillerCombinations(t *testing.T) {
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	entries := killerEntries(t)
	used := map[[2]int]bool{}
	for _, e := range entries {
		for _, c := range e.Rules.Cages() {
			used[[2]int{len(c.Cells), c.Sum}] = true
		}
	}
	sets := func(n, sum int) string { // by brute force, smallest first
		var out []string
		for m := 1; m < 1<<9; m++ {
			var digits string
			total := 0
			for d := 1; d <= 9; d++ {
				if m&(1<<(d-1)) != 0 {
					digits += strconv.Itoa(d)
					total += d
				}
			}
			if len(digits) == n && total == sum {
				out = append(out, digits)
			}
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	for _, tt := range []struct {
		which Combinations
		paper string
		rows  int
	}{{NoCombinations, "a4", 0}, {UsedCombinations, "a4", len(used)}, {AllCombinations, "a4", 120}, {AllCombinations, "5x8in", 120}} {
		opt := Options{Paper: tt.paper, PerPage: 4, Contents: true, Combinations: tt.which}
		var buf bytes.Buffer
		if err := writePDF(&buf, entries, opt); err != nil {
			t.Fatal(err)
		}
		b, err := newBook(entries, opt)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "book.pdf")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		rows := 0
		for _, p := range b.pages {
			if p.kind != combinationsPageKind {
				continue
			}
			out, err := exec.Command(pdftotext, "-layout", "-f", strconv.Itoa(p.number), "-l", strconv.Itoa(p.number), file, "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(out), "\n") {
				f := strings.Fields(line)
				if len(f) < 3 {
					continue
				}
				n, err1 := strconv.Atoi(f[0])
				sum, err2 := strconv.Atoi(f[1])
				if err1 != nil || err2 != nil {
					continue
				}
				rows++
				if tt.which == UsedCombinations && !used[[2]int{n, sum}] {
					t.Errorf("used: a row for %d cells of %d, which no cage has", n, sum)
				}
				if got, want := strings.Join(f[2:], " "), sets(n, sum); got != want {
					t.Errorf("%s, %s: %d cells of %d: %q, want %q", tt.paper, line, n, sum, got, want)
				}
			}
		}
		if rows != tt.rows {
			t.Errorf("combinations %d on %s: %d rows, want %d", tt.which, tt.paper, rows, tt.rows)
		}
		out, err := exec.Command(pdftotext, "-l", "1", file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		if has := strings.Contains(string(out), "Cage combinations"); has != (tt.rows > 0) {
			t.Errorf("combinations %d: the contents list them %v", tt.which, has)
		}
	}
}

// TestKillerImagePictures checks the PNG image of each killer's puzzle
// and solution as TestKillerBookPictures checks the book's pages.
func TestKillerImagePictures(t *testing.T) {
	for _, e := range killerEntries(t) {
		opt := ImageOptions{Size: 80, DPI: 200}
		for _, solution := range []bool{false, true} {
			p := e
			ink, clear := uint8(128), uint8(235)
			if solution {
				p.Grid = e.Solution
				ink, clear = 230, 245
			}
			var buf bytes.Buffer
			if err := writePNGImage(&buf, p, e.Grid[:], opt); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			g := image.NewGray(img.Bounds())
			draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
			s := float64(opt.pixels()) / (imgSide + 2*imgPad)
			checkCages(t, fmt.Sprintf("#%d image (solution %v)", e.Number, solution),
				picture{img: g, x: imgPad * s, y: imgPad * s, cell: imgSide / 9 * s}, lookOf(e.Rules), p.Grid[:], ink, clear)
		}
	}
}
