package book

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image/png"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

func testBook(t *testing.T, n int) []Entry {
	t.Helper()
	return testBookLevels(t, n, "hard", "fiendish")
}

// testBookLevels makes n puzzles (one real puzzle and its solution) whose
// levels run through levels in equal shares, in order.
func testBookLevels(t *testing.T, n int, levels ...string) []Entry {
	t.Helper()
	puzzle, err := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	solution, err := sudoku.ParseGrid("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
	if err != nil {
		t.Fatal(err)
	}
	var out []Entry
	for i := 1; i <= n; i++ {
		level := levels[(i-1)*len(levels)/n]
		out = append(out, Entry{Number: i, Grid: puzzle, Solution: solution, Level: level, Rating: 2.6})
	}
	return out
}

// pages counts the page objects of a PDF.
func pages(pdf []byte) int {
	return bytes.Count(pdf, []byte("/Type /Page\n")) + bytes.Count(pdf, []byte("/Type /Page ")) + bytes.Count(pdf, []byte("/Type /Page/"))
}

func TestWritePDF(t *testing.T) {
	levels := []string{"hard", "fiendish"}
	tests := []struct {
		name  string
		n     int
		opt   Options
		pages int
	}{
		{"title, 4 per page", 12, Options{Title: "T", Paper: "a4", PerPage: 4}, 1 + 3 + 1},
		{"no title, 1 per page, letter", 3, Options{Paper: "letter", PerPage: 1}, 3 + 1},
		{"6 per page, 13 puzzles", 13, Options{Paper: "a4", PerPage: 6}, 3 + 1},
		{"sections: a page opens each level", 6, Options{Paper: "a4", PerPage: 4, Sections: true, Levels: levels}, 2*(1+1) + 1},
		{"6x9in, 9 per page, contents, 30 puzzles", 30, Options{Title: "T", Paper: "6x9in", PerPage: 9, Sections: true, Contents: true, Levels: levels}, 1 + 1 + 2*(1+2) + 3},
		{"large print, 5x8in", 3, Options{Paper: "5x8in", PerPage: 1, LargePrint: true}, 3 + 1},
		{"WxH in mm, bleed", 4, Options{Paper: "170x240mm", PerPage: 2, Bleed: 3}, 2 + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := writePDF(&a, testBook(t, tt.n), tt.opt); err != nil {
				t.Fatal(err)
			}
			if err := writePDF(&b, testBook(t, tt.n), tt.opt); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Fatal("two writes of the same book differ")
			}
			if !bytes.HasPrefix(a.Bytes(), []byte("%PDF-")) {
				t.Fatalf("not a PDF: %q", a.Bytes()[:8])
			}
			if got := pages(a.Bytes()); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			// Fonts are named as subsets: six capitals and a plus.
			if n := len(regexp.MustCompile(`/BaseFont /[A-Z]{6}\+[A-Za-z0-9-]+\n`).FindAll(a.Bytes(), -1)); n != 2*2 {
				t.Errorf("%d font names with a subset tag, want 4 (2 fonts, 2 names each)", n)
			}
		})
	}
	for _, bad := range []Options{
		{Paper: "a3", PerPage: 4}, {Paper: "a4", PerPage: 3}, {Paper: "10x10mm", PerPage: 1},
		{Paper: "a4", PerPage: 4, LargePrint: true}, {Paper: "a4", PerPage: 4, Bleed: 20},
		{Paper: "a4", PerPage: 4, Margin: 1}, {Paper: "a4", PerPage: 4, Title: "数独"},
		{Paper: "a4", PerPage: 4, Font: []byte("not a font")},
	} {
		if err := writePDF(&bytes.Buffer{}, testBook(t, 1), bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestParseSizes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		w, h float64
	}{{"a4", 210, 297}, {"A5", 148, 210}, {"6x9in", 152.4, 228.6}, {"152x229mm", 152, 229}, {"6.14x9.21in", 155.956, 233.934}, {"8.5x11in", 215.9, 279.4}} {
		w, h, err := parsePageSize(tt.in)
		if err != nil || math.Abs(w-tt.w) > 1e-6 || math.Abs(h-tt.h) > 1e-6 {
			t.Errorf("parsePageSize(%q) = %v, %v, %v; want %v, %v", tt.in, w, h, err, tt.w, tt.h)
		}
	}
	for _, bad := range []string{"", "a3", "6x9", "6x9cm", "x9in", "20x20mm"} {
		if _, _, err := parsePageSize(bad); err == nil {
			t.Errorf("parsePageSize(%q) accepted", bad)
		}
	}
	for in, want := range map[string]float64{"15mm": 15, "0.5in": 12.7, "3": 3, "0.125in": 3.175} {
		if got, err := ParseLength(in); err != nil || math.Abs(got-want) > 1e-9 {
			t.Errorf("ParseLength(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

// TestPageHeaders checks the header of each puzzle page: the range of the
// levels on it, ranked by the level list, whatever the order on the page.
func TestPageHeaders(t *testing.T) {
	levels := []string{"easy", "hard", "fiendish", "diabolical"}
	book := testBookLevels(t, 12, "hard", "diabolical", "fiendish")
	b, err := newBook(book, Options{Paper: "a4", PerPage: 6, Levels: levels})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range b.pages {
		if p.kind == puzzlePageKind {
			got = append(got, levelRange(book, p.puzzles, levels, b.dash))
		}
	}
	// Page 1: 4 hard, 2 diabolical; page 2: 2 diabolical, 4 fiendish.
	if want := []string{"hard – diabolical", "fiendish – diabolical"}; !slices.Equal(got, want) {
		t.Errorf("headers %q, want %q", got, want)
	}
}

func TestSheets(t *testing.T) {
	book := testBook(t, 2)
	var svg, one, page strings.Builder
	if err := writeSVGSheet(&svg, book, "Sheet & title", LetterSymbols); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg.String(), "<svg") || !strings.Contains(svg.String(), "Sheet &amp; title") ||
		strings.Count(svg.String(), "<g transform") != 4 {
		t.Errorf("SVG sheet: want 2 puzzles and 2 solutions, an escaped title:\n%.300s", svg.String())
	}
	if err := writeSVGPuzzle(&one, book[0], book[0].Grid[:], "", LetterSymbols); err != nil || strings.Count(one.String(), "<text") != 17+2 {
		t.Errorf("SVG puzzle: %v, %d texts (17 givens and 2 labels)", err, strings.Count(one.String(), "<text"))
	}
	if err := writeHTML(&page, book, Options{Paper: "letter", PerPage: 2, Title: "<b>"}); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	if !strings.Contains(h, "size: 215.9mm 279.4mm") || strings.Count(h, `<table class="sudoku">`) != 4 || strings.Contains(h, "<b></title>") {
		t.Errorf("HTML page wrong:\n%.400s", h)
	}
}

// TestHTMLWithoutTitle: no title, no stray separator, the levels of each
// page in its header.
func TestHTMLWithoutTitle(t *testing.T) {
	var page strings.Builder
	book := testBookLevels(t, 6, "hard", "diabolical")
	if err := writeHTML(&page, book, Options{Paper: "6x9in", PerPage: 4, Levels: []string{"hard", "diabolical"}}); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	if strings.Contains(h, "·") || !strings.Contains(h, "<span>hard – diabolical</span>") || !strings.Contains(h, "size: 152.4mm 228.6mm") {
		t.Errorf("HTML page wrong:\n%.1500s", h)
	}
}

// TestPNGPuzzle: the image is the size asked for at the resolution asked
// for, which the file records (pHYs, pixels per metre).
func TestPNGPuzzle(t *testing.T) {
	var b bytes.Buffer
	p := testBook(t, 1)[0]
	if err := writePNGImage(&b, p, p.Grid[:], ImageOptions{Size: 50.8, DPI: 200}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != 400 || s.Y != 400 {
		t.Errorf("%v pixels, want 400x400 (2 in at 200 dpi)", s)
	}
	if !bytes.Contains(b.Bytes(), []byte("pHYs\x00\x00\x1e\xc2\x00\x00\x1e\xc2\x01")) { // 7874 px/m
		t.Error("no pHYs chunk of 200 dpi")
	}
	for _, bad := range []ImageOptions{{Size: 5}, {DPI: 10}, {Size: 500, DPI: 2400}} {
		if bad.Check() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestImageZip: the archive holds the files of Images, with
// the same names and bytes, in the book's order; it is the same for the
// same input.
func TestImageZip(t *testing.T) {
	book := testBook(t, 2)
	for i := range book {
		book[i].Number = i + 1
	}
	for _, format := range imageFormats {
		var b, again bytes.Buffer
		opt := ImageOptions{Size: 30, DPI: 100}
		if err := WriteImageZip(&b, format, book, opt); err != nil {
			t.Fatal(err)
		}
		if err := WriteImageZip(&again, format, book, opt); err != nil || !bytes.Equal(b.Bytes(), again.Bytes()) {
			t.Errorf("%s: the archive differs from one run to the next (%v)", format, err)
		}
		images, err := Images(format, book, opt)
		if err != nil {
			t.Fatal(err)
		}
		z, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for i, f := range z.File {
			names = append(names, f.Name)
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if i >= len(images) || images[i].Name != f.Name || images[i].Write(&want) != nil || !bytes.Equal(data, want.Bytes()) {
				t.Errorf("%s: %s differs from the image of Images", format, f.Name)
			}
		}
		want := fmt.Sprintf("puzzle-001.%[1]s solution-001.%[1]s puzzle-002.%[1]s solution-002.%[1]s", format)
		if got := strings.Join(names, " "); got != want {
			t.Errorf("%s: files %s, want %s", format, got, want)
		}
	}
	if err := WriteImageZip(io.Discard, "pdf", book, ImageOptions{}); err == nil {
		t.Error("a zip of pdf images accepted")
	}
}

// TestPlanRecto: with Recto the contents, every section page and the
// first solution page fall on right-hand (odd) pages, a blank page coming
// just before one of them only when needed; without it no page is blank.
func TestPlanRecto(t *testing.T) {
	levels := []string{"easy", "medium", "hard"}
	for _, n := range []int{1, 3, 5, 8, 12} {
		for _, recto := range []bool{false, true} {
			puzzles := testBookLevels(t, n, levels...)
			opt := Options{Title: "T", Contents: true, Sections: true, Levels: levels, PerPage: 4, Recto: recto}
			pages := plan(puzzles, opt, func(sudoku.Shape) int { return 4 }, func(sudoku.Shape) solutionLayout { return solutionLayout{4, 3, 30, 0} })
			blanks := 0
			for i, p := range pages {
				if p.number != i+1 {
					t.Fatalf("n=%d: page %d numbered %d", n, i+1, p.number)
				}
				opens := p.kind == contentsPageKind || p.kind == sectionPageKind ||
					(p.kind == solutionPageKind && pages[i-1].kind != solutionPageKind)
				if recto && opens && p.number%2 == 0 {
					t.Errorf("n=%d: page %d (kind %d) is a left-hand page", n, p.number, p.kind)
				}
				if p.kind == blankPageKind {
					blanks++
					next := pageKind(-1) // none: the book ends
					if i+1 < len(pages) {
						next = pages[i+1].kind
					}
					if !recto || p.number%2 == 1 || next == -1 || next == puzzlePageKind {
						t.Errorf("n=%d, recto %v: page %d is blank before kind %d", n, recto, p.number, next)
					}
				}
			}
			if recto && blanks == 0 {
				t.Errorf("n=%d: no blank page at all", n)
			}
		}
	}
}

// TestHTMLLargePrintMargins: an HTML book takes large print (bigger text,
// thicker lines, fewer solutions a row) and the margins, as the PDF does.
func TestHTMLLargePrintMargins(t *testing.T) {
	book := testBook(t, 2)
	for _, tt := range []struct {
		opt  Options
		want []string
	}{
		{Options{Paper: "a4", PerPage: 2},
			[]string{"margin: 15.0mm;", "margin-right: 20.0mm;", ".label { display: flex; justify-content: space-between; font-size: 11pt;",
				"border: 0.8mm solid black", ".solutions { grid-template-columns: repeat(4, 1fr); }"}},
		{Options{Paper: "a4", PerPage: 1, LargePrint: true, Margin: 25, Gutter: 30},
			[]string{"margin: 25.0mm;", "margin-right: 30.0mm;", ".label { display: flex; justify-content: space-between; font-size: 16pt;",
				"border: 1.2mm solid black", ".solutions { grid-template-columns: repeat(2, 1fr); }", "font-size: 5.5mm;"}},
	} {
		var page strings.Builder
		if err := writeHTML(&page, book, tt.opt); err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(page.String(), w) {
				t.Errorf("large print %v, margin %v: no %q in\n%.2000s", tt.opt.LargePrint, tt.opt.Margin, w, page.String())
			}
		}
	}
}

func TestArrange(t *testing.T) {
	book := []Entry{{Level: "hard"}, {Level: "easy"}, {Level: "odd"}, {Level: "easy"}, {Level: "hard"}}
	for i := range book {
		book[i].Rating = sudoku.Rating(i + 1)
	}
	Arrange(book, []string{"easy", "hard"}, Options{Sections: true})
	var got []string
	for _, p := range book {
		got = append(got, fmt.Sprintf("%d:%s:%v", p.Number, p.Level, p.Rating))
	}
	if want := "1:easy:2.0 2:easy:4.0 3:hard:1.0 4:hard:5.0 5:odd:3.0"; strings.Join(got, " ") != want {
		t.Errorf("Arrange: %s, want %s", strings.Join(got, " "), want)
	}
}
