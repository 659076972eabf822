package book

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/sudokit/sudokit/internal/testenv"
)

// cjkFont is the CJK font of Debian's fonts-noto-cjk (OpenType CFF
// outlines, in a collection).
const cjkFont = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

// render renders a PDF's pages with pdftoppm at dpi, in grey.
func render(t *testing.T, pdf []byte, dpi int) []*image.Gray {
	t.Helper()
	pdftoppm := testenv.Program(t, "pdftoppm", "apt-get install poppler-utils")
	dir := t.TempDir()
	path := filepath.Join(dir, "book.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftoppm, "-r", fmt.Sprint(dpi), "-gray", "-png", path, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
	var pages []*image.Gray
	for _, f := range files { // page-01.png ... sort as names do
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		g := image.NewGray(img.Bounds())
		draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
		pages = append(pages, g)
	}
	return pages
}

// ink is the bounding box of the pixels of r that are not white (empty
// when there are none).
func ink(g *image.Gray, r image.Rectangle) image.Rectangle { return inkBelow(g, r, 250) }

// dark is the bounding box of the pixels of r darker than mid-grey.
func dark(g *image.Gray, r image.Rectangle) image.Rectangle { return inkBelow(g, r, 128) }

func inkBelow(g *image.Gray, r image.Rectangle, level uint8) image.Rectangle {
	var box image.Rectangle
	r = r.Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if g.GrayAt(x, y).Y < level {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// px converts a box in mm to pixels at dpi, rounding outwards by a pixel
// for antialiasing.
func px(x0, x1, y0, y1 float64, dpi int) image.Rectangle {
	k := float64(dpi) / 25.4
	return image.Rect(int(x0*k)-1, int(y0*k)-1, int(x1*k)+2, int(y1*k)+2)
}

// checkPages renders a book and checks each page as a reader sees it:
// ink only inside the type area of the page (mirrored margins: the
// gutter on the left of odd pages, on the right of even ones, plus the
// bleed); headers running the full width of the type area (so the margins
// are those of the page's side); and on puzzle pages, each grid inside the
// trim box with a dark digit in the middle of every given cell and none in
// the empty ones.
func checkPages(t *testing.T, puzzles []Entry, opt Options, dpi int) (*book, []*image.Gray) {
	t.Helper()
	var buf bytes.Buffer
	if err := writePDF(&buf, puzzles, opt); err != nil {
		t.Fatal(err)
	}
	b, err := newBook(puzzles, opt)
	if err != nil {
		t.Fatal(err)
	}
	imgs := render(t, buf.Bytes(), dpi)
	if len(imgs) != len(b.pages) {
		t.Fatalf("%d pages rendered, want %d", len(imgs), len(b.pages))
	}
	k := float64(dpi) / 25.4
	for i, img := range imgs {
		p := b.pages[i]
		// The bleed: at the outside, top and bottom edges (unless the
		// spine has it too), so a right-hand (odd) page starts at the
		// sheet's left edge and a left-hand one after the bleed.
		sheetW, trimX := b.w+b.bleed, b.bleed
		if p.number%2 == 1 {
			trimX = 0
		}
		if opt.BleedSpine {
			sheetW, trimX = b.w+2*b.bleed, b.bleed
		}
		wantW, wantH := int(sheetW*k+0.5), int((b.h+2*b.bleed)*k+0.5)
		if d := img.Bounds().Dx() - wantW; d < -1 || d > 1 || img.Bounds().Dy()-wantH < -1 || img.Bounds().Dy()-wantH > 1 {
			t.Errorf("page %d: %v pixels, want %dx%d", p.number, img.Bounds().Size(), wantW, wantH)
		}
		// The type area, worked out here rather than by the book: page 1
		// is a right-hand page, its gutter on the left.
		left, right := b.inside, b.outside
		if p.number%2 == 0 {
			left, right = b.outside, b.inside
		}
		area := px(trimX+left, trimX+b.w-right, b.bleed+b.outside, b.bleed+b.h-b.outside, dpi)
		all := ink(img, img.Bounds())
		if p.kind == blankPageKind {
			if !all.Empty() {
				t.Errorf("page %d, left blank, has ink at %v", p.number, all)
			}
			continue
		}
		if all.Empty() {
			t.Errorf("page %d (kind %d) is blank", p.number, p.kind)
			continue
		}
		if !all.In(area) {
			t.Errorf("page %d (kind %d): ink at %v crosses the margins, type area %v", p.number, p.kind, all, area)
		}
		if p.kind == puzzlePageKind || p.kind == solutionPageKind {
			// The header rule spans the type area: the ink reaches both its
			// sides, so the margins are those of this side of the spread.
			if abs(all.Min.X-area.Min.X) > 3 || abs(all.Max.X-area.Max.X) > 3 {
				t.Errorf("page %d: ink from x=%d to %d, want the type area's %d to %d", p.number, all.Min.X, all.Max.X, area.Min.X, area.Max.X)
			}
		}
		if p.kind != puzzlePageKind {
			continue
		}
		cols, _, cellW, cellH, side, labelH, _, ruleH := b.pageGeometry(p)
		cx0, _, cy0, _ := b.content(p.number)
		trim := px(trimX, trimX+b.w, b.bleed, b.bleed+b.h, dpi)
		for slot, j := range p.puzzles {
			q := puzzles[j]
			gx := cx0 + float64(slot%cols)*cellW + (cellW-side)/2
			gy := cy0 + ruleH + float64(slot/cols)*cellH + (cellH-side-labelH)/2 + labelH
			if g := px(gx, gx+side, gy, gy+side, dpi); !g.In(trim) {
				t.Errorf("page %d: grid %v outside the trim box %v", p.number, g, trim)
			}
			n := q.shape().N()
			c := side / float64(n)
			for cell, v := range q.puzzleCells() {
				mx, my := gx+(float64(cell%n)+0.5)*c, gy+(float64(cell/n)+0.5)*c
				centre := image.Rect(int((mx-c*0.3)*k), int((my-c*0.3)*k), int((mx+c*0.3)*k)+1, int((my+c*0.3)*k)+1)
				if has := !dark(img, centre).Empty(); has != (v != 0) {
					t.Errorf("page %d, puzzle #%d, cell %d: ink %v, want %v", p.number, q.Number, cell, has, v != 0)
				}
			}
		}
	}
	return b, imgs
}

func abs(x int) int { return max(x, -x) }

// TestBookPages is the book of the README's example, rendered: 6x9in, 4
// per page, a long title, sections by level, contents.
func TestBookPages(t *testing.T) {
	levels := []string{"easy", "hard", "fiendish", "diabolical"}
	opt := Options{Title: "Sudoku for the long winter evenings: forty puzzles from hard to diabolical, with all their solutions at the back",
		Paper: "6x9in", PerPage: 4, Sections: true, Contents: true, Levels: levels,
		LevelNotes: map[string]string{"hard": "Sudoku Explainer rating 2.6–4.0. Needs Pointing, Claiming, Naked Pair, X-Wing."}}
	b, imgs := checkPages(t, testBookLevels(t, 18, "hard", "fiendish", "diabolical"), opt, 50)
	if b.outside != 12.7 || b.inside != 16 {
		t.Errorf("6x9in margins %v outside, %v inside; want 12.7 and 16", b.outside, b.inside)
	}
	// The title page: the title shrunk or wrapped inside the margins (the
	// check above), and there at all, in the top half.
	x0, x1, y0, y1 := b.area(1)
	if top := ink(imgs[0], px(x0, x1, y0, (y0+y1)/2, 50)); top.Dy() < 20 {
		t.Errorf("title page: the title's ink is %v high, want at least 20 px", top.Size())
	}
	if b.inside == b.outside {
		t.Fatal("the test needs a gutter wider than the outside margin")
	}
}

// TestBookPagesLayouts renders the other layouts: 9 and 1 per page, large
// print, bleed, A4 and Letter.
func TestBookPagesLayouts(t *testing.T) {
	for _, opt := range []Options{
		{Paper: "a4", PerPage: 9, Title: "Nine a page"},
		{Paper: "letter", PerPage: 2, LargePrint: true, Bleed: 3.175},
		{Paper: "6x9in", PerPage: 4, Bleed: 3.175, BleedSpine: true},
		{Paper: "a5", PerPage: 4, Title: "Recto", Contents: true, Sections: true, Recto: true,
			Levels: []string{"easy", "medium", "hard", "fiendish", "diabolical"}},
		{Paper: "5x8in", PerPage: 1, Title: "Pocket"},
	} {
		t.Run(opt.Paper, func(t *testing.T) {
			checkPages(t, testBookLevels(t, 10, "hard", "fiendish"), opt, 40)
		})
	}
}

// TestCJKTitle sets a Chinese title in Noto Sans CJK (CFF outlines, a
// face of a collection): the title page has the title's ink, the text
// reads back, and the font is embedded as a small subset. Without the
// font the title is an error naming the characters.
func TestCJKTitle(t *testing.T) {
	title := "数独：周末谜题"
	err := writePDF(&bytes.Buffer{}, testBook(t, 2), Options{Paper: "a5", PerPage: 1, Title: title})
	var missing *MissingGlyphsError
	if !errors.As(err, &missing) || !strings.Contains(err.Error(), "数 (U+6570)") || strings.Contains(err.Error(), "--") {
		t.Errorf("no font for the title: error %v, want a MissingGlyphsError naming 数 (U+6570) and no flag", err)
	}
	path := testenv.File(t, cjkFont, "apt-get install fonts-noto-cjk")
	font, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Paper: "a5", PerPage: 2, Title: title, Font: font, FontName: filepath.Base(path), FontIndex: 2}
	var buf bytes.Buffer
	if err := writePDF(&buf, testBook(t, 4), opt); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(buf.Bytes(), []byte("+NotoSansCJKsc-Regular\n")) {
		t.Error("the CJK font is not embedded as a subset of Noto Sans CJK SC")
	}
	b, imgs := checkPages(t, testBook(t, 4), opt, 50)
	x0, x1, y0, y1 := b.area(1)
	if top := ink(imgs[0], px(x0, x1, y0, (y0+y1)/2, 50)); top.Dx() < 60 || top.Dy() < 10 {
		t.Errorf("title page: the title's ink is %v, want at least 60x10 px", top.Size())
	}
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	file := filepath.Join(t.TempDir(), "cjk.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-l", "1", file, "-").Output()
	if err != nil || !strings.Contains(string(out), title) {
		t.Errorf("pdftotext of the title page: %v %q, want %q", err, out, title)
	}
}

// TestBookSize: a 100-puzzle book, fonts subset, stays far under 1 MB,
// with the Go fonts and with a CJK title in Noto Sans CJK (a 19 MB file).
func TestBookSize(t *testing.T) {
	opt := Options{Paper: "6x9in", PerPage: 4, Title: "One hundred puzzles", Sections: true, Contents: true}
	var buf bytes.Buffer
	if err := writePDF(&buf, testBookLevels(t, 100, "easy", "medium", "hard", "fiendish"), opt); err != nil {
		t.Fatal(err)
	}
	t.Logf("100 puzzles, Go fonts: %d bytes", buf.Len())
	if buf.Len() > 1<<20 {
		t.Errorf("100 puzzles, Go fonts: %d bytes, want under 1 MB", buf.Len())
	}
	path := testenv.File(t, cjkFont, "apt-get install fonts-noto-cjk")
	font, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opt.Title, opt.Font, opt.FontName = "一百个数独谜题", font, filepath.Base(path)
	buf.Reset()
	if err := writePDF(&buf, testBookLevels(t, 100, "easy", "medium", "hard", "fiendish"), opt); err != nil {
		t.Fatal(err)
	}
	t.Logf("100 puzzles, CJK title in Noto Sans CJK: %d bytes (the font file: %d bytes)", buf.Len(), len(font))
	if buf.Len() > 1<<20 {
		t.Errorf("100 puzzles, CJK font: %d bytes, want under 1 MB", buf.Len())
	}
}

// TestSubsetFont reads a subset back: every kept character maps to a
// glyph with the source's advance and, within a font unit or two (cubic
// curves become quadratic ones), its bounds.
func TestSubsetFont(t *testing.T) {
	fonts := map[string]string{"Go Regular": ""}
	if _, err := os.Stat(cjkFont); err == nil {
		fonts["Noto Sans CJK"] = cjkFont
	}
	for name, path := range fonts {
		t.Run(name, func(t *testing.T) {
			b, err := newBook(nil, Options{Paper: "a4", PerPage: 4})
			if err != nil {
				t.Fatal(err)
			}
			src := b.digit
			runes := []rune("#0123456789 Sudoku–")
			if path != "" {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if src, err = loadFont(name, data, 0); err != nil {
					t.Fatal(err)
				}
				runes = append(runes, []rune("数独谜题")...)
			}
			data, err := src.subset(runes)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := sfnt.Parse(data)
			if err != nil {
				t.Fatalf("the subset does not parse: %v", err)
			}
			if sub.NumGlyphs() != len(runes) { // the space has a glyph; .notdef
				t.Errorf("%d glyphs, want %d", sub.NumGlyphs(), len(runes))
			}
			var buf sfnt.Buffer
			ppem := fixedI(src.upem)
			for _, r := range runes {
				gs, _ := src.f.GlyphIndex(&src.buf, r)
				gd, err := sub.GlyphIndex(&buf, r)
				if err != nil || gd == 0 {
					t.Errorf("%c: not in the subset (%v)", r, err)
					continue
				}
				bs, as, _ := src.f.GlyphBounds(&src.buf, gs, ppem, 0)
				bd, ad, _ := sub.GlyphBounds(&buf, gd, ppem, 0)
				if as != ad {
					t.Errorf("%c: advance %v, want %v", r, ad, as)
				}
				if d := max(abs(int(bs.Min.X-bd.Min.X)), abs(int(bs.Min.Y-bd.Min.Y)), abs(int(bs.Max.X-bd.Max.X)), abs(int(bs.Max.Y-bd.Max.Y))); d > 2*64 {
					t.Errorf("%c: bounds %v, want %v", r, bd, bs)
				}
			}
		})
	}
}

func fixedI(upem float64) fixed.Int26_6 { return fixed.I(int(upem)) }

// TestBleedBoxes reads the page boxes back with pdfinfo: a 6x9in book with
// 0.125in of bleed is 6.125x9.25in (441x666 pt), as KDP asks of an
// interior, its trim box at the sheet's left edge on right-hand pages and
// after the bleed on left-hand ones; with the spine's bleed too, 6.25in
// wide and the trim box always after the bleed.
func TestBleedBoxes(t *testing.T) {
	pdfinfo := testenv.Program(t, "pdfinfo", "apt-get install poppler-utils")
	tests := []struct {
		spine        bool
		media        string
		trim1, trim2 string
	}{
		{false, "0.00 0.00 441.00 666.00", "0.00 9.00 432.00 657.00", "9.00 9.00 441.00 657.00"},
		{true, "0.00 0.00 450.00 666.00", "9.00 9.00 441.00 657.00", "9.00 9.00 441.00 657.00"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		opt := Options{Paper: "6x9in", PerPage: 4, Bleed: 0.125 * 25.4, BleedSpine: tt.spine}
		if err := writePDF(&buf, testBookLevels(t, 6, "hard"), opt); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "book.pdf")
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdfinfo, "-box", "-f", "1", "-l", "2", path).CombinedOutput()
		if err != nil {
			t.Fatalf("pdfinfo: %v %s", err, out)
		}
		boxes := map[string]string{}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) == 7 && f[0] == "Page" && strings.HasSuffix(f[2], "Box:") {
				boxes[f[1]+" "+strings.TrimSuffix(f[2], ":")] = strings.Join(f[3:], " ")
			}
		}
		want := map[string]string{"1 MediaBox": tt.media, "2 MediaBox": tt.media, "1 TrimBox": tt.trim1, "2 TrimBox": tt.trim2}
		for k, v := range want {
			if boxes[k] != v {
				t.Errorf("spine bleed %v: page %s is %q, want %q", tt.spine, k, boxes[k], v)
			}
		}
	}
}
