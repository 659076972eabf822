package book

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// sizeFiles are the puzzle files of testdata/puzzles/sizes of each shape,
// with the shape's size and box.
var sizeFiles = []struct{ file, size, box string }{
	{"4x4-minimal.txt", "4", ""},
	{"6x6-minimal.txt", "6", ""},
	{"6x6-3x2-minimal.txt", "6", "3x2"},
	{"8x8-minimal.txt", "8", ""},
	{"9x9-minimal.txt", "9", ""},
	{"10x10-minimal.txt", "10", ""},
	{"12x12-minimal.txt", "12", ""},
	{"16x16-110.txt", "16", ""},
	{"25x25-360.txt", "25", ""},
}

// sizeEntries reads the first n puzzles of a file of
// testdata/puzzles/sizes as book entries (Boards), solved, each a level.
func sizeEntries(t *testing.T, file, size, box string, n int) []Entry {
	t.Helper()
	shape, err := sudoku.ParseShape(size, box)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "sizes", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		b, _, err := sudoku.ParseBoard(line, shape, sudoku.AutoAlphabet)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		sol, ok := solve.SolveBoard(b)
		if !ok {
			t.Fatalf("%s: no solution", file)
		}
		out = append(out, Entry{Number: len(out) + 1, Board: &b, BoardSolution: &sol, Level: "easy", Rating: 1.5})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// allSizes is a book of every shape, two puzzles each, arranged.
func allSizes(t *testing.T, opt Options) []Entry {
	t.Helper()
	var out []Entry
	for _, f := range sizeFiles {
		out = append(out, sizeEntries(t, f.file, f.size, f.box, 2)...)
	}
	Arrange(out, nil, opt)
	return out
}

// sizePicture is a grid of a shape as rendered: where it is on the image
// (pixels) and the widths its lines should have.
type sizePicture struct {
	img         *image.Gray
	shape       sudoku.Shape
	x, y, cell  float64
	thin, thick float64 // pixels
	regions     []uint8 // a jigsaw's, whose borders are the thick lines; nil for the boxes
}

// lineWidth is the width, in pixels darker than mid-grey, of the line
// between cell (r, c) and its neighbour to the right (right) or below, a
// fifth of the way along it (clear of the digits).
func (p sizePicture) lineWidth(r, c int, right bool) int {
	n := 0
	if right {
		x, y := p.x+float64(c+1)*p.cell, int(p.y+(float64(r)+0.2)*p.cell)
		for px := int(x - p.cell/4); px <= int(x+p.cell/4); px++ {
			if p.img.GrayAt(px, y).Y < 128 {
				n++
			}
		}
		return n
	}
	x, y := int(p.x+(float64(c)+0.2)*p.cell), p.y+float64(r+1)*p.cell
	for py := int(y - p.cell/4); py <= int(y+p.cell/4); py++ {
		if p.img.GrayAt(x, py).Y < 128 {
			n++
		}
	}
	return n
}

// checkSizePicture checks a rendered grid of any shape as a reader sees
// it: a thick line exactly where two cells' boxes differ (R×C boxes), a
// thin one elsewhere, and a dark digit in the middle of each cell that
// holds one (cells), none in the others.
func checkSizePicture(t *testing.T, what string, p sizePicture, cells []uint8) {
	t.Helper()
	errs := 0
	fail := func(format string, args ...any) {
		if errs++; errs <= 8 {
			t.Errorf(what+": "+format, args...)
		}
	}
	n := p.shape.N()
	for r := range n {
		for c := range n {
			for _, right := range []bool{true, false} {
				if right && c == n-1 || !right && r == n-1 {
					continue
				}
				w := p.lineWidth(r, c, right)
				thick := right && (c+1)%p.shape.BoxCols() == 0 || !right && (r+1)%p.shape.BoxRows() == 0
				if p.regions != nil {
					next := r*n + c + n
					if right {
						next = r*n + c + 1
					}
					thick = p.regions[r*n+c] != p.regions[next]
				}
				if thick && (float64(w) < 0.7*p.thick || w < 2) || !thick && (w < 1 || float64(w) > p.thin+1.5) {
					fail("r%dc%d %s: a line %d px wide, want thick (%.1f px, thin %.1f px) %v", r+1, c+1,
						map[bool]string{true: "right", false: "below"}[right], w, p.thick, p.thin, thick)
				}
			}
			mx, my := p.x+(float64(c)+0.5)*p.cell, p.y+(float64(r)+0.5)*p.cell
			d := p.cell * 0.25
			centre := image.Rect(int(mx-d), int(my-d), int(mx+d)+1, int(my+d)+1)
			if has := !dark(p.img, centre).Empty(); has != (cells[r*n+c] != 0) {
				fail("r%dc%d: ink %v, want %v", r+1, c+1, has, cells[r*n+c] != 0)
			}
		}
	}
}

// TestSizeBookPictures renders a book of every shape (4x4 to 25x25, two
// puzzles each, a section each) on A4 and 6x9in, and checks in the pixels
// that each puzzle and each solution is drawn with its shape's R×C boxes
// (thick box lines, thin cell lines) and a digit in each given's cell (in
// each cell of a solution), none in the empty ones; checkPages checks the
// margins.
func TestSizeBookPictures(t *testing.T) {
	const dpi = 150
	k := dpi / 25.4
	for _, opt := range []Options{
		{Paper: "a4", PerPage: 4, Title: "Every size"},
		{Paper: "6x9in", PerPage: 4, Symbols: NumberSymbols},
	} {
		t.Run(opt.Paper, func(t *testing.T) {
			entries := allSizes(t, opt)
			b, imgs := checkPages(t, entries, opt, dpi)
			checked := map[int]int{}
			sections := 0
			for n, p := range b.pages {
				if p.kind == sectionPageKind {
					sections++
				}
				if p.kind != puzzlePageKind && p.kind != solutionPageKind {
					continue
				}
				for slot, i := range p.puzzles {
					e := entries[i]
					g := b.place(p, slot)
					thin, thick := lineWidths(g.side, e.shape().N(), opt.friendly(e.shape().N()))
					cells := e.puzzleCells()
					if p.kind == solutionPageKind {
						cells = e.solutionCells()
						thin, thick = lineWidths(g.side, e.shape().N(), opt.LargePrint)
					}
					checkSizePicture(t, fmt.Sprintf("page %d, #%d (%s)", p.number, e.Number, e.shape()),
						sizePicture{img: imgs[n], shape: e.shape(), x: g.x * k, y: g.y * k, cell: g.side / float64(e.shape().N()) * k,
							thin: thin * k, thick: thick * k}, cells)
					checked[i]++
				}
			}
			for i, e := range entries {
				if checked[i] != 2 {
					t.Errorf("#%d (%s): %d grids checked, want the puzzle and its solution", e.Number, e.shape(), checked[i])
				}
			}
			if sections != len(sizeFiles) {
				t.Errorf("%d section pages, want %d: one a size", sections, len(sizeFiles))
			}
		})
	}
}

// TestSizePlan checks the plan of a book of each size, golden-free: the
// puzzles per page of each size (4x4 and 6x6 at most 4, 8x8 to 16x16 at
// most 2 on 6x9in and 5x8in and 4 on A4 and Letter, a 16x16 alone on
// 5x8in, 25x25 alone, 9x9 as asked), a
// section page opening the size, every puzzle on one puzzle page and one
// solution page, and grids legible: cells of at least 4.5 mm in the
// puzzles above 9x9 (3.5 mm for a 25x25 on 5x8in) and 3 mm in the
// solutions.
func TestSizePlan(t *testing.T) {
	want := map[string]map[int]int{ // paper -> N -> most puzzles a page
		"6x9in":  {4: 4, 6: 4, 8: 2, 9: 9, 10: 2, 12: 2, 16: 2, 25: 1},
		"5x8in":  {4: 4, 6: 4, 8: 2, 9: 9, 10: 2, 12: 2, 16: 1, 25: 1},
		"a4":     {4: 4, 6: 4, 8: 4, 9: 9, 10: 4, 12: 4, 16: 4, 25: 1},
		"letter": {4: 4, 6: 4, 8: 4, 9: 9, 10: 4, 12: 4, 16: 4, 25: 1},
	}
	for paper, most := range want {
		for _, f := range sizeFiles {
			t.Run(paper+"/"+f.file, func(t *testing.T) {
				const n = 5
				entries := sizeEntries(t, f.file, f.size, f.box, n)
				opt := Options{Paper: paper, PerPage: 9}
				b, err := newBook(entries, opt)
				if err != nil {
					t.Fatal(err)
				}
				N := entries[0].shape().N()
				var kinds []pageKind
				puzzlesOn, solutionsOn := map[int]int{}, map[int]int{}
				for _, p := range b.pages {
					kinds = append(kinds, p.kind)
					switch p.kind {
					case puzzlePageKind:
						if len(p.puzzles) > most[N] || p.per != most[N] {
							t.Errorf("page %d: %d puzzles, layout of %d; want at most %d", p.number, len(p.puzzles), p.per, most[N])
						}
						_, _, _, _, side, _, _, _ := b.pageGeometry(p)
						least := 4.5
						if paper == "5x8in" && N == 25 {
							least = 3.5 // 25 cells across a 98 mm type area
						}
						if cell := side / float64(N); N > 9 && cell < least {
							t.Errorf("page %d: cells of %.1f mm, want at least %.1f", p.number, cell, least)
						}
						for _, i := range p.puzzles {
							puzzlesOn[i]++
						}
					case solutionPageKind:
						for slot, i := range p.puzzles {
							solutionsOn[i]++
							if cell := b.place(p, slot).side / float64(N); cell < 3 {
								t.Errorf("page %d: solution cells of %.1f mm, want at least 3", p.number, cell)
							}
						}
					}
				}
				if kinds[0] != sectionPageKind || slices.Contains(kinds[1:], sectionPageKind) {
					t.Errorf("pages %v: want one section page, first", kinds)
				}
				pages := (n + most[N] - 1) / most[N]
				if got := strings.Count(fmt.Sprint(kinds), fmt.Sprint(puzzlePageKind)); got != pages {
					t.Errorf("%d puzzle pages, want %d", got, pages)
				}
				for i := range entries {
					if puzzlesOn[i] != 1 || solutionsOn[i] != 1 {
						t.Errorf("#%d on %d puzzle pages and %d solution pages, want 1 and 1", i+1, puzzlesOn[i], solutionsOn[i])
					}
				}
			})
		}
	}
}

// TestSizeSections: a book mixing sizes and classic puzzles keeps each
// size together in the order they first come (Arrange), opens each with
// a section page named after it, and keeps each solution page to one
// layout: 6x6 and 9x9 solutions share pages, 16x16 ones have their own.
func TestSizeSections(t *testing.T) {
	six := sizeEntries(t, "6x6-minimal.txt", "6", "", 3)
	sixteen := sizeEntries(t, "16x16-110.txt", "16", "", 2)
	classic := testBook(t, 2)
	puzzles := []Entry{sixteen[0], six[0], classic[0], six[1], sixteen[1], classic[1], six[2]}
	opt := Options{Paper: "a4", PerPage: 4}
	Arrange(puzzles, nil, opt)
	b, err := newBook(puzzles, opt)
	if err != nil {
		t.Fatal(err)
	}
	var sections []string
	for _, p := range b.pages {
		switch p.kind {
		case sectionPageKind:
			sections = append(sections, b.sectionName(p))
		case solutionPageKind:
			for _, i := range p.puzzles {
				a, z := puzzles[p.puzzles[0]].shape(), puzzles[i].shape()
				if b.solutionGrid(a.N()) != b.solutionGrid(z.N()) || (a.N() > 9) != (z.N() > 9) {
					t.Errorf("solution page %d mixes %s and %s", p.number, a, z)
				}
			}
		}
	}
	if want := []string{"Sudoku 16x16, #1–#2", "Sudoku 6x6, #3–#5", "Classic, #6–#7"}; !slices.Equal(sections, want) {
		t.Errorf("sections %q, want %q", sections, want)
	}
}

// TestSizeBookText reads a book of sizes back (pdftotext): each section
// page and each puzzle page states the size's rule, digits above 9 are
// letters (1-9A-G) or numbers (1-16) as Symbols says.
func TestSizeBookText(t *testing.T) {
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	for _, tt := range []struct {
		symbols Symbols
		want    []string
		not     string
	}{
		{LetterSymbols, []string{"Each row, column and 4x4 box holds 1 to 9 and A to G once.", " G "}, " 16 "},
		{NumberSymbols, []string{"Each row, column and 4x4 box holds 1 to 16 once.", " 16 "}, " G "},
	} {
		puzzles := append(sizeEntries(t, "6x6-minimal.txt", "6", "", 1), sizeEntries(t, "16x16-110.txt", "16", "", 1)...)
		opt := Options{Paper: "a4", PerPage: 4, Title: "Sizes", Symbols: tt.symbols}
		Arrange(puzzles, nil, opt)
		var buf bytes.Buffer
		if err := writePDF(&buf, puzzles, opt); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "sizes.pdf")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := " " + strings.Join(strings.Fields(string(out)), " ") + " "
		want := append([]string{"Sudoku 6x6 (1), Sudoku 16x16 (1)", "Sudoku 6x6 Puzzles #1 Each row, column and 2x3 box holds 1 to 6 once.",
			"Sudoku 16x16, easy"}, tt.want...)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("symbols %s: the book's text lacks %q:\n%s", tt.symbols, w, text)
			}
		}
		if c := strings.Count(text, "holds 1 to 6 once"); c != 2 {
			t.Errorf("symbols %s: the 6x6's rule %d times, want on its section page and its puzzle page", tt.symbols, c)
		}
		if strings.Contains(text, tt.not) {
			t.Errorf("symbols %s: the book's text holds %q", tt.symbols, tt.not)
		}
	}
}

// TestSizeImages checks the PNG image of a puzzle and its solution of
// every shape in the pixels as TestSizeBookPictures checks the book's,
// and the SVG sheet and images and the HTML page: the boxes' thick lines,
// the digits above 9 as Symbols says, each size's rule.
func TestSizeImages(t *testing.T) {
	for _, f := range sizeFiles {
		e := sizeEntries(t, f.file, f.size, f.box, 1)[0]
		t.Run(e.shape().String(), func(t *testing.T) {
			opt := ImageOptions{Size: 120, DPI: 200}
			images, err := Images("png", []Entry{e}, opt)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range [][]uint8{e.puzzleCells(), e.solutionCells()} {
				var buf bytes.Buffer
				if err := images[i].Write(&buf); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				g := image.NewGray(img.Bounds())
				draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
				s := float64(opt.pixels()) / (imgSide + 2*imgPad)
				checkSizePicture(t, images[i].Name, sizePicture{img: g, shape: e.shape(), x: imgPad * s, y: imgPad * s,
					cell: imgSide / float64(e.shape().N()) * s, thin: 0.5 * s, thick: 2 * s}, want)
			}
			n, r, c := e.shape().N(), e.shape().BoxRows(), e.shape().BoxCols()
			var svg strings.Builder
			if err := writeSVGSheet(&svg, []Entry{e}, "", NumberSymbols); err != nil {
				t.Fatal(err)
			}
			// Puzzle and solution: the inner box lines, n/c-1 upright
			// and n/r-1 across, each 2 wide.
			if got, want := strings.Count(svg.String(), `stroke-width="2"`), 2*(n/c-1+n/r-1); got != want {
				t.Errorf("SVG sheet: %d box lines, want %d", got, want)
			}
			if !strings.Contains(svg.String(), sizeRule(e.shape(), NumberSymbols)) {
				t.Errorf("SVG sheet: no rule %q", sizeRule(e.shape(), NumberSymbols))
			}
			if n > 9 && !strings.Contains(svg.String(), fmt.Sprintf(">%d</text>", n)) {
				t.Errorf("SVG sheet with numbers: no %d", n)
			}
			var html strings.Builder
			if err := writeHTML(&html, []Entry{e}, Options{Paper: "a4", PerPage: 4}); err != nil {
				t.Fatal(err)
			}
			h := html.String()
			if got, want := strings.Count(h, "<td"), 2*n*n; got != want {
				t.Errorf("HTML: %d cells, want %d", got, want)
			}
			// Cell r0c(c-1) has a thick right border, r(r-1)c0 a thick
			// bottom one: the box's.
			if !strings.Contains(h, `<p class="rule">`+sizeRule(e.shape(), LetterSymbols)) {
				t.Errorf("HTML: no rule line %q", sizeRule(e.shape(), LetterSymbols))
			}
			thick := strings.Count(h, "border-width: 0.8mm 0.8mm")
			if want := 2 * (n / r) * (n / c); thick != want {
				t.Errorf("HTML: %d cells with a thick top and right border, want %d", thick, want)
			}
			if n > 9 && !strings.Contains(h, fmt.Sprintf(">%c</td>", sudoku.Letters.Symbol(n))) {
				t.Errorf("HTML: no %c", sudoku.Letters.Symbol(n))
			}
		})
	}
}

// TestSizeEntriesBad: an entry a book cannot print is an error, not a
// panic or a wrong page.
func TestSizeEntriesBad(t *testing.T) {
	good := sizeEntries(t, "6x6-minimal.txt", "6", "", 1)[0]
	noSolution := good
	noSolution.BoardSolution = nil
	other := sizeEntries(t, "4x4-minimal.txt", "4", "", 1)[0]
	wrongShape := good
	wrongShape.BoardSolution = other.BoardSolution
	x, _ := sudoku.ParseRules("x", "")
	variant := good
	variant.Rules = x
	wrong := good
	sol := good.BoardSolution.Clone()
	sol.Cells[0], sol.Cells[1] = sol.Cells[1], sol.Cells[0]
	wrong.BoardSolution = &sol
	for name, e := range map[string]Entry{"no solution": noSolution, "wrong shape": wrongShape, "variant": variant, "wrong solution": wrong} {
		for _, format := range []string{"pdf", "html", "svg"} {
			if err := Write(&bytes.Buffer{}, format, []Entry{e}, Options{Paper: "a4", PerPage: 4}); err == nil {
				t.Errorf("%s, %s: no error", name, format)
			}
		}
		if _, err := Images("png", []Entry{e}, ImageOptions{}); err == nil {
			t.Errorf("%s, png: no error", name)
		}
	}
}

var update = flag.Bool("update", false, "rewrite docs/sizes-book.png")

// TestSizeBookPicture makes the picture of docs/books.md's section on
// sizes: a 6x9in book of 6x6 and 16x16 puzzles, four a page asked for,
// its first page of each size side by side as pdftoppm renders them at
// 60 dpi. The 6x6 page holds four grids, the 16x16 one two (a 6x9in page
// takes two 16x16s); each page's grids have their boxes' thick lines
// (TestSizeBookPictures checks them all). With -update it writes
// docs/sizes-book.png (pdftoppm's rendering varies a little between
// versions, so it is not compared).
func TestSizeBookPicture(t *testing.T) {
	opt := Options{Paper: "6x9in", PerPage: 4, Title: "Sudoku for all ages"}
	puzzles := append(sizeEntries(t, "6x6-minimal.txt", "6", "", 4), sizeEntries(t, "16x16-110.txt", "16", "", 2)...)
	Arrange(puzzles, nil, opt)
	var buf bytes.Buffer
	if err := writePDF(&buf, puzzles, opt); err != nil {
		t.Fatal(err)
	}
	b, err := newBook(puzzles, opt)
	if err != nil {
		t.Fatal(err)
	}
	imgs := render(t, buf.Bytes(), 60)
	var pages []*image.Gray
	for i, p := range b.pages {
		if p.kind == puzzlePageKind && (len(pages) == 0 || puzzles[p.puzzles[0]].sized() && puzzles[p.puzzles[0]].shape().N() == 16) {
			if want := map[int]int{6: 4, 16: 2}[puzzles[p.puzzles[0]].shape().N()]; len(p.puzzles) != want {
				t.Errorf("page %d: %d puzzles, want %d", p.number, len(p.puzzles), want)
			}
			pages = append(pages, imgs[i])
			if len(pages) == 2 {
				break
			}
		}
	}
	if len(pages) != 2 {
		t.Fatalf("%d pages of puzzles found, want a 6x6 one and a 16x16 one", len(pages))
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
		if err := os.WriteFile(filepath.Join("..", "docs", "sizes-book.png"), out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSizeBookLayouts renders books of every size in the other layouts
// (large print, a pocket trim, nine a page asked for with sections by
// level and recto starts, bleed): every page keeps to its margins, every
// grid shows its digits in its cells (checkPages).
func TestSizeBookLayouts(t *testing.T) {
	levels := []string{"easy", "medium"}
	for _, opt := range []Options{
		{Paper: "letter", PerPage: 2, LargePrint: true, Title: "Large print"},
		{Paper: "5x8in", PerPage: 1, Title: "Pocket", Contents: true, Symbols: NumberSymbols},
		{Paper: "a4", PerPage: 9, Sections: true, Recto: true, Levels: levels, Bleed: 3},
	} {
		t.Run(opt.Paper, func(t *testing.T) {
			puzzles := allSizes(t, opt)
			for i := range puzzles {
				puzzles[i].Level = levels[i%2]
			}
			Arrange(puzzles, levels, opt)
			checkPages(t, puzzles, opt, 50)
		})
	}
}

// TestParseSymbols reads the names of the symbols, and refuses others
// with an error of kind sudoku.ErrInvalid; Options.Check refuses a value
// that is neither.
func TestParseSymbols(t *testing.T) {
	for in, want := range map[string]Symbols{"": LetterSymbols, "letters": LetterSymbols, "1-9A-G": LetterSymbols, "Numbers": NumberSymbols, "1-16": NumberSymbols} {
		if got, err := ParseSymbols(in); err != nil || got != want {
			t.Errorf("ParseSymbols(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseSymbols("roman"); !errors.Is(err, sudoku.ErrInvalid) || !strings.Contains(err.Error(), "letters") {
		t.Errorf("ParseSymbols(roman): %v, want an ErrInvalid naming the choices", err)
	}
	if err := (Options{Paper: "a4", PerPage: 4, Symbols: 7}).Check(); !errors.Is(err, sudoku.ErrInvalid) {
		t.Errorf("symbols 7: %v, want an ErrInvalid", err)
	}
	for v, want := range map[uint8][2]string{9: {"9", "9"}, 10: {"A", "10"}, 16: {"G", "16"}, 25: {"P", "25"}} {
		if l, n := LetterSymbols.text(v), NumberSymbols.text(v); l != want[0] || n != want[1] {
			t.Errorf("digit %d: %q and %q, want %q and %q", v, l, n, want[0], want[1])
		}
	}
}
