package book

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// boardRuleFiles are the x and killer puzzles of other sizes of
// testdata/puzzles/sizes/variants.
var boardRuleFiles = []string{"x-4x4.txt", "x-6x6.txt", "x-8x8.txt", "x-16x16.txt", "killer-4x4.txt",
	"killer-6x6.txt", "killer-x-6x6.txt", "killer-6x6-3x2.txt"}

// boardRuleEntries reads two puzzles of each of boardRuleFiles, solved
// under their rules.
func boardRuleEntries(t *testing.T) []Entry {
	t.Helper()
	var out []Entry
	for _, file := range boardRuleFiles {
		path := filepath.Join("..", "testdata", "puzzles", "sizes", "variants", file)
		k := 0
		for p, err := range sudoku.Inputs([]string{path}, nil) {
			if err != nil {
				t.Fatal(err)
			}
			if p.Board == nil || p.Board.IsClassic() {
				t.Fatalf("%s:%d: not a sized puzzle with variants", file, p.Line)
			}
			r := solve.CountBoard(*p.Board, 2)
			if r.Count != 1 {
				t.Fatalf("%s:%d: %d solutions", file, p.Line, r.Count)
			}
			if k++; k > 2 {
				break
			}
			out = append(out, Entry{Number: len(out) + 1, Board: p.Board, BoardSolution: &r.Solution})
		}
	}
	return out
}

// checkDiagonals checks that the cells of both diagonals of an x grid are
// shaded and the others white, in a corner of each cell clear of its
// digit (and of a cage's dashes and sum: the bottom right).
func checkDiagonals(t *testing.T, what string, p picture, l *look) {
	t.Helper()
	n := l.n
	p.n = n
	errs := 0
	for c := range n * n {
		r, col := c/n, c%n
		diagonal := r == col || r+col == n-1
		g := p.spot(c, 0.78, 0.7, 0.04)
		if diagonal && (g < fillGray-12 || g > fillGray+12) || !diagonal && g < 245 {
			if errs++; errs <= 6 {
				t.Errorf("%s: r%dc%d (diagonal %v) grey %.0f, want %v", what, r+1, col+1, diagonal, g, map[bool]int{true: fillGray, false: 255}[diagonal])
			}
		}
	}
}

// TestBoardRuleBookPictures prints x puzzles and killers of 4x4 to
// 16x16, one a page, and checks in the pixels that each puzzle and its
// solution shade the diagonals (x) and draw their cages dashed with their
// sums (killers), as 9x9's are drawn; and with pdftotext that the
// sections state the rules.
func TestBoardRuleBookPictures(t *testing.T) {
	const dpi, fineDPI = 150, 300
	entries := boardRuleEntries(t)
	var buf bytes.Buffer
	opt := Options{Paper: "a4", PerPage: 1}
	if err := writePDF(&buf, entries, opt); err != nil {
		t.Fatal(err)
	}
	b, err := newBook(entries, opt)
	if err != nil {
		t.Fatal(err)
	}
	imgs, fine := render(t, buf.Bytes(), dpi), render(t, buf.Bytes(), fineDPI)
	checked := map[int]int{}
	for n, p := range b.pages {
		if p.kind != puzzlePageKind && p.kind != solutionPageKind {
			continue
		}
		ink, clear, k, img := uint8(128), uint8(235), dpi/25.4, imgs[n]
		if p.kind == solutionPageKind {
			ink, clear, k, img = 230, 245, fineDPI/25.4, fine[n]
		}
		for slot, i := range p.puzzles {
			e := entries[i]
			g := b.place(p, slot)
			l := e.look()
			pic := picture{img: img, x: g.x * k, y: g.y * k, cell: g.side / float64(l.n) * k}
			what := fmt.Sprintf("page %d, #%d (%s)", p.number, e.Number, e.kindTitle())
			if e.Board.X {
				checkDiagonals(t, what, pic, l)
			}
			if len(e.Board.Cages) > 0 {
				cells := e.puzzleCells()
				if p.kind == solutionPageKind {
					cells = nil
				}
				checkCages(t, what, pic, l, cells, ink, clear)
			}
			checked[i]++
		}
	}
	for i, e := range entries {
		if checked[i] != 2 {
			t.Errorf("#%d: %d grids checked, want the puzzle and its solution", e.Number, checked[i])
		}
	}
	pdftotext := testenv.Program(t, "pdftotext", "apt-get install poppler-utils")
	cmd := exec.Command(pdftotext, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(buf.Bytes())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{"Sudoku X 4x4", "Sudoku X 16x16", "Killer Sudoku 4x4", "Killer X 6x6", "Killer Sudoku 6x6, 3x2 boxes",
		"The two shaded diagonals also hold 1 to 6 once each.", "Each cage's digits add up to its sum and do not repeat",
		"So does each shaded diagonal.", "Each cage adds up to its sum, no digit twice."} {
		if !strings.Contains(text, want) {
			t.Errorf("the book's text lacks %q", want)
		}
	}
}

// TestBoardRuleImages draws x puzzles and killers of other sizes as PNG
// images and SVG sheets, and checks the PNG's pixels (diagonals shaded,
// cages dashed) and the SVG's elements.
func TestBoardRuleImages(t *testing.T) {
	for _, e := range boardRuleEntries(t) {
		opt := ImageOptions{Size: 80, DPI: 200}
		var buf bytes.Buffer
		if err := writePNGImage(&buf, e, e.puzzleCells(), opt); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		g := image.NewGray(img.Bounds())
		draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
		s := float64(opt.pixels()) / (imgSide + 2*imgPad)
		l := e.look()
		pic := picture{img: g, x: imgPad * s, y: imgPad * s, cell: imgSide / float64(l.n) * s}
		what := fmt.Sprintf("#%d image (%s)", e.Number, e.kindTitle())
		if e.Board.X {
			checkDiagonals(t, what, pic, l)
		}
		if len(e.Board.Cages) > 0 {
			checkCages(t, what, pic, l, e.puzzleCells(), 128, 235)
		}
		var svg bytes.Buffer
		if err := writeSVGImage(&svg, e, e.puzzleCells(), opt); err != nil {
			t.Fatal(err)
		}
		n := e.shape().N()
		if got, want := strings.Count(svg.String(), `class="shaded"`), map[bool]int{true: 2*n - n%2, false: 0}[e.Board.X]; got != want {
			t.Errorf("%s: SVG with %d shaded cells, want %d", what, got, want)
		}
		if got, want := strings.Count(svg.String(), `class="cage"`), len(e.Board.Cages); got != want {
			t.Errorf("%s: SVG with %d cages, want %d", what, got, want)
		}
		sums := slices.Collect(func(yield func(int) bool) {
			for _, c := range e.Board.Cages {
				if !yield(c.Sum) {
					return
				}
			}
		})
		if got := strings.Count(svg.String(), `class="cage-sum"`); got != len(sums) {
			t.Errorf("%s: SVG with %d sums, want %d", what, got, len(sums))
		}
	}
}
