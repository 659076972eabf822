package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

func testBook(t *testing.T, n int) []BookPuzzle {
	t.Helper()
	puzzle, err := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	solution, err := sudoku.ParseGrid("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
	if err != nil {
		t.Fatal(err)
	}
	var out []BookPuzzle
	for i := 1; i <= n; i++ {
		level := "hard"
		if i > n/2 {
			level = "fiendish"
		}
		out = append(out, BookPuzzle{Number: i, Grid: puzzle, Solution: solution, Level: level, Rating: 2.6})
	}
	return out
}

// pages counts the page objects of a PDF.
func pages(pdf []byte) int {
	return bytes.Count(pdf, []byte("/Type /Page\n")) + bytes.Count(pdf, []byte("/Type /Page ")) + bytes.Count(pdf, []byte("/Type /Page/"))
}

func TestWritePDF(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		opt   BookOptions
		pages int
	}{
		{"title, 4 per page", 12, BookOptions{Title: "T", Paper: "a4", PerPage: 4}, 1 + 3 + 1},
		{"no title, 1 per page, letter", 3, BookOptions{Paper: "letter", PerPage: 1}, 3 + 1},
		{"6 per page, 13 puzzles", 13, BookOptions{Paper: "a4", PerPage: 6}, 3 + 2},
		{"sections start pages", 6, BookOptions{Paper: "a4", PerPage: 4, Sections: true}, 2 + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := WritePDF(&a, testBook(t, tt.n), tt.opt); err != nil {
				t.Fatal(err)
			}
			if err := WritePDF(&b, testBook(t, tt.n), tt.opt); err != nil {
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
		})
	}
	for _, bad := range []BookOptions{{Paper: "a5", PerPage: 4}, {Paper: "a4", PerPage: 3}} {
		if err := WritePDF(&bytes.Buffer{}, testBook(t, 1), bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestRenderPDF renders a book to PNG with pdftoppm (Debian's poppler-utils)
// when it is installed, as a reader's viewer would: every page must render.
func TestRenderPDF(t *testing.T) {
	pdftoppm := testenv.Program(t, "pdftoppm", "apt-get install poppler-utils")
	dir := t.TempDir()
	path := filepath.Join(dir, "book.pdf")
	var b bytes.Buffer
	if err := WritePDF(&b, testBook(t, 8), BookOptions{Title: "Render test", Paper: "a4", PerPage: 4}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftoppm, "-r", "30", "-png", path, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	entries, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
	if len(entries) != 4 {
		t.Fatalf("%d pages rendered, want 4 (title, 2 of puzzles, solutions)", len(entries))
	}
	for _, e := range entries {
		if st, err := os.Stat(e); err != nil || st.Size() < 1000 {
			t.Errorf("%s: page rendered empty", e)
		}
	}
}

func TestSheets(t *testing.T) {
	book := testBook(t, 2)
	var svg, one, page strings.Builder
	if err := WriteSVGSheet(&svg, book, "Sheet & title"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg.String(), "<svg") || !strings.Contains(svg.String(), "Sheet &amp; title") ||
		strings.Count(svg.String(), "<g transform") != 4 {
		t.Errorf("SVG sheet: want 2 puzzles and 2 solutions, an escaped title:\n%.300s", svg.String())
	}
	if err := WriteSVGPuzzle(&one, book[0]); err != nil || strings.Count(one.String(), "<text") != 17+2 {
		t.Errorf("SVG puzzle: %v, %d texts (17 givens and 2 labels)", err, strings.Count(one.String(), "<text"))
	}
	if err := WriteHTML(&page, book, BookOptions{Paper: "letter", PerPage: 2, Title: "<b>"}); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	if !strings.Contains(h, "size: letter") || strings.Count(h, `<table class="sudoku">`) != 4 || strings.Contains(h, "<b></title>") {
		t.Errorf("HTML page wrong:\n%.400s", h)
	}
}
