package book

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// variantEntries reads the puzzles of a file of testdata/puzzles/variants
// (under rules, for the lines that name none) as book entries, solved
// under their rules, rated from their labels (ED=ER/EP/ED).
func variantEntries(t *testing.T, name string, rules sudoku.Rules) []Entry {
	t.Helper()
	path := filepath.Join("..", "testdata", "puzzles", "variants", name)
	er := regexp.MustCompile(`ED=([0-9.]+)/`)
	var out []Entry
	for p, err := range sudoku.InputsUnder(rules, []string{path}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		r := solve.For(p.Rules).Count(p.Grid, 2)
		if r.Count != 1 {
			t.Fatalf("%s:%d: %d solutions under %s", name, p.Line, r.Count, p.Rules)
		}
		e := Entry{Number: len(out) + 1, Grid: p.Grid, Solution: r.Solution, Rules: p.Rules, Level: "hard"}
		if m := er.FindStringSubmatch(p.Label); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			e.Rating = sudoku.Rating(v)
		}
		out = append(out, e)
	}
	return out
}

// testLayout is the jigsaw layout of testdata/puzzles/variants.
func testLayout(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// drawnEntry is an entry under the rules of spec (variant names; a
// jigsaw on testLayout) for the drawing tests: its digits are not a
// solution under them (some combinations have none on testLayout), but a
// classic grid, shuffled by seed, with every other cell given.
func drawnEntry(t *testing.T, spec string, seed uint64) Entry {
	t.Helper()
	regions := ""
	if slices.Contains(strings.Split(spec, ","), "jigsaw") {
		regions = testLayout(t)
	}
	rules, err := sudoku.ParseRules(spec, regions)
	if err != nil {
		t.Fatal(err)
	}
	solution := testBook(t, 1)[0].Solution
	perm := rand.New(rand.NewPCG(seed, 1)).Perm(9)
	for i, v := range solution {
		solution[i] = uint8(perm[v-1] + 1)
	}
	grid := solution
	for i := range grid {
		if i%2 == 1 {
			grid[i] = 0
		}
	}
	return Entry{Number: 1, Grid: grid, Solution: solution, Rules: rules, Level: "hard", Rating: 4.2}
}

// picture is a grid as rendered: an image, and where the grid is on it,
// in pixels (its top left corner and the side of a cell).
type picture struct {
	img         *image.Gray
	x, y, cell  float64
	thin, thick float64 // the widths of its lines, pixels
	n           int     // the grid's side in cells (0: 9)
}

// side is the grid's side in cells.
func (p picture) side() int {
	if p.n == 0 {
		return 9
	}
	return p.n
}

// at is the top left corner of cell c, pixels.
func (p picture) at(c int) (x, y float64) {
	return p.x + float64(c%p.side())*p.cell, p.y + float64(c/p.side())*p.cell
}

// spot is the mean grey of a small square of the picture (half-side r
// cells) round the point (u, v) of cell c (u, v from 0 to 1 across it).
func (p picture) spot(c int, u, v, r float64) float64 {
	x, y := p.at(c)
	cx, cy := x+u*p.cell, y+v*p.cell
	d := max(1, r*p.cell)
	sum, n := 0.0, 0
	for y := int(cy - d); y <= int(cy+d); y++ {
		for x := int(cx - d); x <= int(cx+d); x++ {
			sum += float64(p.img.GrayAt(x, y).Y)
			n++
		}
	}
	return sum / float64(n)
}

// darkest is the darkest grey of that square.
func (p picture) darkest(c int, u, v, r float64) uint8 {
	x, y := p.at(c)
	cx, cy := x+u*p.cell, y+v*p.cell
	d := max(1, r*p.cell)
	least := uint8(255)
	for y := int(cy - d); y <= int(cy+d); y++ {
		for x := int(cx - d); x <= int(cx+d); x++ {
			least = min(least, p.img.GrayAt(x, y).Y)
		}
	}
	return least
}

// lineWidth is the width, in pixels darker than mid-grey, of the line
// between cell c and its neighbour to the right (right) or below, a fifth
// of the way along it (clear of the digits).
func (p picture) lineWidth(c int, right bool) int {
	n := 0
	for t := -0.2; t <= 0.2; t += 0.2 / (p.cell * 0.2) {
		var x, y float64
		if right {
			x, y = p.x+(float64(c%9+1)+t)*p.cell, p.y+(float64(c/9)+0.2)*p.cell
		} else {
			x, y = p.x+(float64(c%9)+0.2)*p.cell, p.y+(float64(c/9+1)+t)*p.cell
		}
		if p.img.GrayAt(int(x), int(y)).Y < 128 {
			n++
		}
	}
	return n
}

// checkPicture checks that a rendered grid draws its rules as look says,
// as a reader sees them: each cell shaded, circled, dotted or
// corner-marked exactly when its rules mark it so, the diagonals drawn
// through exactly the diagonal cells when they are lines, and a thick line
// exactly where two cells' boxes (or jigsaw regions) differ, a thin one
// elsewhere.
func checkPicture(t *testing.T, what string, p picture, l *look) {
	t.Helper()
	errs := 0
	fail := func(format string, args ...any) {
		if errs++; errs <= 8 {
			t.Errorf(what+": "+format, args...)
		}
	}
	for c := range 81 {
		// Each mark is sought where no other mark, line or digit is.
		if g, want := p.spot(c, 0.22, 0.5, 0.03), l.marks[markFill].Has(c); (g < 235) != want || want && g < 190 {
			fail("%s: grey %.0f left of the digit, shaded %v", sudoku.CellName(c), g, want)
		}
		for _, m := range []struct {
			name string
			mark mark
			u, v float64
		}{
			// The circle at 200°, clear of the diagonals and the corner.
			{"circle", markRing, 0.5 - ringRadius*math.Cos(math.Pi/9), 0.5 + ringRadius*math.Sin(math.Pi/9)},
			{"dot", markDot, 1 - dotInset, dotInset},
			{"corner", markCorner, 0.11, 0.89},
		} {
			if m.mark != markRing && l.diagonalLines && c/9+c%9 == 8 {
				continue // the line from corner to corner runs through both
			}
			if m.mark == markRing && p.cell < 40 && !l.marks[markRing].Has(c) {
				continue // in a small grid, a thick line comes near where the circle goes
			}
			if g, want := p.darkest(c, m.u, m.v, 0.02), l.marks[m.mark].Has(c); (g < 185) != want {
				fail("%s: darkest grey %d where a %s goes, want one %v", sudoku.CellName(c), g, m.name, want)
			}
		}
		for _, d := range []struct {
			u, v float64
			on   bool
		}{{0.25, 0.25, c/9 == c%9}, {0.25, 0.75, c/9+c%9 == 8}} {
			if l.marks[markRing].Has(c) && p.cell < 40 {
				continue // in a small grid, the circle comes near
			}
			if g, want := p.darkest(c, d.u, d.v, 0.02), l.diagonalLines && d.on; (g < 185) != want {
				fail("%s: darkest grey %d at (%.2f, %.2f) of the cell, want a diagonal line %v", sudoku.CellName(c), g, d.u, d.v, want)
			}
		}
		for _, right := range []bool{true, false} {
			next := c + 9
			if right {
				next = c + 1
			}
			if right && c%9 == 8 || !right && c >= 72 {
				continue
			}
			w, thick := p.lineWidth(c, right), l.region[c] != l.region[next]
			if thick && float64(w) < 0.7*p.thick || !thick && float64(w) > p.thin+2 {
				fail("%s|%s: a line %d px wide, want thick (%.1f px) %v", sudoku.CellName(c), sudoku.CellName(next), w, p.thick, thick)
			}
		}
	}
}

// variantRules are the rules of the grids the picture tests draw besides
// those of testdata/puzzles/variants/mixed.txt (one of each variant, and a
// classic one): the combinations, the four marks together.
var variantRules = []string{"jigsaw,x", "x,windoku", "x,anti-knight", "windoku,asterisk,girandola,center-dot", "jigsaw,windoku,asterisk"}

// pictureEntries are the puzzles of the picture tests: the real ones of
// mixed.txt, solved under their rules, and a drawn grid of each of
// variantRules.
func pictureEntries(t *testing.T) []Entry {
	t.Helper()
	entries := variantEntries(t, "mixed.txt", sudoku.Rules{})
	for i, spec := range variantRules {
		entries = append(entries, drawnEntry(t, spec, uint64(i)))
	}
	for i := range entries {
		entries[i].Number = i + 1
	}
	return entries
}

// TestVariantBookPictures renders a book of the puzzles of mixed.txt (one
// of each variant) and of combinations, four a page, and checks, in the
// pixels, that each puzzle and its solution draw the rules: shaded,
// circled, dotted and corner-marked cells, the diagonals as lines, a
// jigsaw's regions in thick lines and no box lines (checkPicture). The
// pages pass checkPages too: ink inside the margins, a digit in every
// given cell and none elsewhere.
func TestVariantBookPictures(t *testing.T) {
	const dpi = 150
	entries := pictureEntries(t)
	b, imgs := checkPages(t, entries, Options{Paper: "a4", PerPage: 4}, dpi)
	k := dpi / 25.4
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
			g := b.place(p, slot)
			thin, thick := max(0.12, g.side/520), max(0.45, g.side/100)
			checkPicture(t, fmt.Sprintf("page %d, #%d (%s)", p.number, i+1, entries[i].Rules),
				picture{img: imgs[n], x: g.x * k, y: g.y * k, cell: g.side / 9 * k, thin: thin * k, thick: thick * k}, lookOf(entries[i].Rules))
			checked[i]++
		}
	}
	for i := range entries {
		if checked[i] != 2 {
			t.Errorf("#%d (%s): %d grids checked, want the puzzle and its solution", i+1, entries[i].Rules, checked[i])
		}
	}
	if want := len(entries); sections != want {
		t.Errorf("%d section pages, want %d: one a variant", sections, want)
	}
}

// TestVariantImagePictures checks the PNG image of each variant's puzzle
// and solution as TestVariantBookPictures checks the book's pages.
func TestVariantImagePictures(t *testing.T) {
	for _, e := range pictureEntries(t) {
		t.Run(e.Rules.String(), func(t *testing.T) {
			opt := ImageOptions{Size: 80, DPI: 200}
			for _, given := range []bool{true, false} {
				p := e
				if !given {
					p.Grid = e.Solution
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
				thick := 2.0
				if e.Rules.Has("jigsaw") {
					thick = 3
				}
				checkPicture(t, fmt.Sprintf("image (givens only %v)", given), picture{img: g, x: imgPad * s, y: imgPad * s, cell: imgSide / 9 * s,
					thin: 0.5 * s, thick: thick * s}, lookOf(e.Rules))
			}
		})
	}
}

// TestVariantSections: a book with variants keeps each variant together
// (Arrange) and opens each with a page of its rules; by level, each level
// of each variant; page headers and solutions name the variant. A classic
// book has no such page.
func TestVariantSections(t *testing.T) {
	x, windoku, classic := drawnEntry(t, "x", 1), drawnEntry(t, "windoku", 2), testBook(t, 1)[0]
	hard, fiendish := x, x
	fiendish.Level = "fiendish"
	levels := []string{"hard", "fiendish"}
	tests := []struct {
		name     string
		puzzles  []Entry
		sections bool
		want     []string // the section pages, as the contents name them
		headers  []string // the puzzle pages' headers
	}{
		{"one variant", []Entry{x, x}, false, []string{"Sudoku X, #1–#2"}, []string{"Sudoku X, hard"}},
		{"mixed", []Entry{x, classic, windoku, x}, false,
			[]string{"Sudoku X, #1–#2", "Classic, #3", "Windoku, #4"}, []string{"Sudoku X, hard", "Classic, hard", "Windoku, hard"}},
		{"mixed by level", []Entry{fiendish, windoku, hard}, true,
			[]string{"Sudoku X, hard, #1", "Sudoku X, fiendish, #2", "Windoku, hard, #3"}, []string{"Sudoku X, hard", "Sudoku X, fiendish", "Windoku, hard"}},
		{"classic", []Entry{classic, classic}, false, nil, []string{"hard"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opt := Options{Paper: "a4", PerPage: 4, Sections: tt.sections, Levels: levels}
			puzzles := slices.Clone(tt.puzzles)
			Arrange(puzzles, levels, opt)
			b, err := newBook(puzzles, opt)
			if err != nil {
				t.Fatal(err)
			}
			var sections, headers []string
			for _, p := range b.pages {
				switch p.kind {
				case sectionPageKind:
					sections = append(sections, b.sectionName(p))
				case puzzlePageKind:
					headers = append(headers, b.pageWhat(p))
				}
			}
			if !slices.Equal(sections, tt.want) || !slices.Equal(headers, tt.headers) {
				t.Errorf("sections %q, headers %q; want %q, %q", sections, headers, tt.want, tt.headers)
			}
		})
	}
}

// TestVariantRulesText reads the text of a mixed book back (pdftotext):
// each variant's section page states its rules, in the words of its
// drawing; solutions name their variant.
func TestVariantRulesText(t *testing.T) {
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	puzzles := []Entry{drawnEntry(t, "x", 1), drawnEntry(t, "jigsaw", 2), drawnEntry(t, "x,windoku", 3), drawnEntry(t, "anti-knight", 4)}
	opt := Options{Paper: "a4", PerPage: 2, Title: "Variants", Contents: true}
	Arrange(puzzles, nil, opt)
	var buf bytes.Buffer
	if err := writePDF(&buf, puzzles, opt); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "variants.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{
		"Sudoku X (1), Jigsaw (1), X + Windoku (1), Anti-Knight (1)",
		"Sudoku X Puzzles #1 Every row, column and 3x3 box holds the digits 1 to 9 once. The two shaded diagonals also hold 1 to 9 once each.",
		"Jigsaw Puzzles #2 Every row, column and region (outlined in bold) holds the digits 1 to 9 once.",
		"The two long diagonals, drawn as grey lines, also hold 1 to 9 once each. The four shaded boxes also hold 1 to 9 once each.",
		"Two cells a knight's move apart (as in chess) never hold the same digit.",
		"In the example, the cells marked × cannot hold the 5.",
		"Anti-Knight, hard",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the book's text lacks %q:\n%s", want, text)
		}
	}
	// The contents list the sections, not the puzzles as a whole.
	if strings.Contains(text, "Puzzles #1–#4") || !strings.Contains(text, "Contents Sudoku X, #1 3 Jigsaw, #2 5") {
		t.Errorf("the contents are not the sections':\n%s", text)
	}
}

// TestVariantSheetsAndHTML: the SVG sheet and images and the HTML page
// draw the rules too (shaded cells, circles, lines, a jigsaw's borders),
// state them, and draw nothing of the kind for a classic grid.
func TestVariantSheetsAndHTML(t *testing.T) {
	x, jigsaw, four := drawnEntry(t, "x", 1), drawnEntry(t, "jigsaw", 2), drawnEntry(t, "windoku,asterisk,girandola,center-dot", 3)
	x.Number, jigsaw.Number, four.Number = 1, 2, 3
	puzzles := []Entry{x, jigsaw, four}
	var sheet, html strings.Builder
	if err := writeSVGSheet(&sheet, puzzles, "Sheet", LetterSymbols); err != nil {
		t.Fatal(err)
	}
	if err := writeHTML(&html, puzzles, Options{Paper: "a4", PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	s, h := sheet.String(), html.String()
	borders := len(lookOf(jigsaw.Rules).borders())
	for _, c := range []struct {
		what      string
		got, want int
	}{
		// Puzzle and solution each: x's 17 diagonal cells, the 36 of the
		// windows; the asterisk's 9 circled, the girandola's 9 dotted,
		// the centre dot's 9 corner-marked.
		{"SVG shaded cells", strings.Count(s, `class="shaded"`), 2 * (17 + 36)},
		{"SVG circles", strings.Count(s, `class="circled"`), 2 * 9},
		{"SVG dots", strings.Count(s, `class="dotted"`), 2 * 9},
		{"SVG corners", strings.Count(s, `class="corner"`), 2 * 9},
		{"SVG region borders", strings.Count(s, `class="region"`), 2 * borders},
		{"SVG rules lines", strings.Count(s, `class="rules"`), 3 + 2 + 6},
		{"HTML shaded cells", strings.Count(h, "background-color: #d7d7d7"), 2 * (17 + 36)},
		{"HTML circles", strings.Count(h, "radial-gradient(circle closest-side, "), 2 * 9},
		{"HTML jigsaw cells", strings.Count(h, "border-width: "), 2 * 81},
		{"HTML rules pages", strings.Count(h, `<div class="page opening">`), 3},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	for _, want := range []string{"<p>The two shaded diagonals also hold 1 to 9 once each.</p>", "Sudoku X hard 4.2",
		"<p>The nine circled cells of the asterisk also hold 1 to 9 once.</p>"} {
		if !strings.Contains(h+s, want) {
			t.Errorf("the sheet or the page lacks %q", want)
		}
	}
	var svg strings.Builder
	if err := writeSVGPuzzle(&svg, jigsaw, jigsaw.Grid[:], "", LetterSymbols); err != nil || strings.Count(svg.String(), `class="region"`) != borders ||
		strings.Count(svg.String(), `stroke-width="2"`) != 0 {
		t.Errorf("SVG jigsaw image: %v, want %d region borders and no box lines:\n%s", err, borders, svg.String())
	}
	// Classic: none of it.
	sheet.Reset()
	html.Reset()
	classic := testBook(t, 2)
	if err := writeSVGSheet(&sheet, classic, "", LetterSymbols); err != nil {
		t.Fatal(err)
	}
	if err := writeHTML(&html, classic, Options{Paper: "a4", PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	for _, mark := range []string{"shaded", "circled", "region", "rules", "opening", "style=\"", "print-color-adjust"} {
		if strings.Contains(sheet.String()+html.String(), mark) {
			t.Errorf("a classic sheet or page holds %q", mark)
		}
	}
}

// TestVariantBookLayouts renders books of variants in the other layouts
// (large print, a small trim, nine a page, sections by level with recto
// starts): every page keeps to its margins, every grid shows its digits
// (checkPages), whatever the rules pages and their example grids take.
func TestVariantBookLayouts(t *testing.T) {
	levels := []string{"easy", "medium", "hard", "fiendish", "diabolical"}
	for _, opt := range []Options{
		{Paper: "letter", PerPage: 2, LargePrint: true, Title: "Large print"},
		{Paper: "5x8in", PerPage: 1, Title: "Pocket", Contents: true},
		{Paper: "a4", PerPage: 9, Sections: true, Recto: true, Levels: levels},
	} {
		t.Run(opt.Paper, func(t *testing.T) {
			puzzles := pictureEntries(t)
			Arrange(puzzles, levels, opt)
			checkPages(t, puzzles, opt, 40)
		})
	}
}
