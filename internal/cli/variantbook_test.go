package cli

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
)

// TestVariantBookPicture makes the variant book of docs/books.md's example
// (Sudoku X, 6x9in, four a page) and renders its first spread as a reader
// sees it: the page opening the variant (its rules, an example grid with
// the diagonals shaded) and the first page of puzzles. Both must show the
// shading of the diagonals: grey pixels, lighter than the lines and the
// digits, and many of them (a book that drew the puzzles as classic ones
// has none). With -update it writes the spread to docs/variant-book.png,
// the picture of books.md and the README (pdftoppm's rendering varies a
// little between versions, so it is not compared).
func TestVariantBookPicture(t *testing.T) {
	pdftoppm := testenv.Program(t, "pdftoppm", "apt-get install poppler-utils")
	doc, err := os.ReadFile(filepath.Join("docs", "books.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := regexp.MustCompile(`(?m)^sudokit (print --variant x --page-size 6x9in .*)$`).FindSubmatch(doc)
	if cmd == nil {
		t.Fatal("docs/books.md has no example sudokit print --variant x --page-size 6x9in ...")
	}
	dir := t.TempDir()
	args := splitQuoted(string(cmd[1]))
	for i, a := range args {
		if a == "x.pdf" {
			args[i] = filepath.Join(dir, "x.pdf")
		}
	}
	if code, _, stderr := runApp(t, "", args...); code != 0 {
		t.Fatalf("%s: exit %d: %s", cmd[1], code, stderr)
	}
	// Page 1 is the title page; 2, a left-hand page, opens the variant; 3
	// holds its first puzzles.
	var pages []*image.Gray
	for _, page := range []string{"2", "3"} {
		out, err := exec.Command(pdftoppm, "-r", "60", "-gray", "-png", "-singlefile", "-f", page, "-l", page,
			filepath.Join(dir, "x.pdf"), filepath.Join(dir, "page"+page)).CombinedOutput()
		if err != nil {
			t.Fatalf("pdftoppm: %v %s", err, out)
		}
		data, err := os.ReadFile(filepath.Join(dir, "page"+page+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		g := image.NewGray(img.Bounds())
		draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
		pages = append(pages, g)
	}
	// The shading: the 17 cells of the example grid's diagonals (about
	// 18 pixels a side at 60 dpi: some 4,000 pixels in all) and of the
	// four puzzles' (about 13: 11,000); the text and lines have a few
	// hundred pixels of that grey at their edges.
	for i, min := range []int{2000, 6000} {
		if n := shaded(pages[i]); n < min {
			t.Errorf("page %d: %d shaded pixels, want at least %d (the diagonals of its grids)", i+2, n, min)
		}
	}
	spread := sideBySide(pages[0], pages[1], 6)
	var buf bytes.Buffer
	if err := png.Encode(&buf, spread); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("docs", "variant-book.png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// shaded counts the pixels of a page in the grey of a shaded cell: well
// above white's 255 and below the lines' and digits' grey.
func shaded(g *image.Gray) int {
	n := 0
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		for x := g.Rect.Min.X; x < g.Rect.Max.X; x++ {
			if v := g.GrayAt(x, y).Y; v >= 200 && v <= 230 {
				n++
			}
		}
	}
	return n
}

// sideBySide sets two pages side by side as a spread, gap pixels of grey
// between them and round them.
func sideBySide(left, right *image.Gray, gap int) *image.Gray {
	w := left.Bounds().Dx() + right.Bounds().Dx() + 3*gap
	h := max(left.Bounds().Dy(), right.Bounds().Dy()) + 2*gap
	out := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.Gray{Y: 200}), image.Point{}, draw.Src)
	draw.Draw(out, left.Bounds().Sub(left.Bounds().Min).Add(image.Pt(gap, gap)), left, left.Bounds().Min, draw.Src)
	at := image.Pt(2*gap+left.Bounds().Dx(), gap)
	draw.Draw(out, right.Bounds().Sub(right.Bounds().Min).Add(at), right, right.Bounds().Min, draw.Src)
	return out
}

// TestMixedVariantBook prints testdata/puzzles/variants/mixed.txt, whose
// lines name their rules (one of each variant and a classic puzzle), as a
// book with contents, and reads its text back: a section for each variant
// in the contents, each with its rules; the solutions name their
// variants. Its jigsaw line carries no ratings, so the book needs a
// grader that grades under a puzzle's rules.
func TestMixedVariantBook(t *testing.T) {
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	out := filepath.Join(t.TempDir(), "variants.pdf")
	code, _, stderr := runApp(t, "", "print", "--title", "Variants", "--toc", "-o", out, filepath.Join("testdata", "puzzles", "variants", "mixed.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	text, err := exec.Command(pdftotext, out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	words := regexp.MustCompile(`\s+`).ReplaceAllString(string(text), " ")
	for _, want := range []string{
		"Contents Sudoku X, #1 3 Windoku, #2 5 Disjoint Groups, #3 7 Asterisk, #4 9 Girandola, #5 11 Centre Dot, #6 13 Anti-Knight, #7 15 Anti-King, #8 17 Non-Consecutive, #9 19 Jigsaw, #10 21 Classic, #11 23 Solutions 25",
		"The two shaded diagonals also hold 1 to 9 once each.",
		"The four shaded boxes also hold 1 to 9 once each.",
		"The cells at the same place in each box",
		"The nine shaded cells of the asterisk also hold 1 to 9 once.",
		"The nine shaded cells of the girandola also hold 1 to 9 once.",
		"The nine shaded box centres also hold 1 to 9 once.",
		"Two cells a knight's move apart (as in chess) never hold the same digit.",
		"Two cells a king's move apart (touching, diagonally too) never hold the same digit.",
		"Two cells side by side never hold consecutive digits",
		"Every row, column and region (outlined in bold) holds the digits 1 to 9 once.",
		"Non-Consecutive, medium",
	} {
		if !bytes.Contains([]byte(words), []byte(want)) {
			t.Errorf("the book's text lacks %q:\n%s", want, words)
		}
	}
}
