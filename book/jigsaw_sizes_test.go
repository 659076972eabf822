package book

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// TestSizeJigsawPictures renders a book of jigsaws of 4x4, 6x6, 8x8,
// 12x12 and 16x16 (random layouts, none a box) and checks in the pixels
// that each puzzle and solution is drawn with its regions' borders thick
// and every other line thin, the boxes' included, and its digits in place.
func TestSizeJigsawPictures(t *testing.T) {
	const dpi = 150
	k := dpi / 25.4
	opt := Options{Paper: "a4", PerPage: 4, Title: "Jigsaws"}
	var entries []Entry
	for _, size := range []int{4, 6, 8, 12, 16} {
		gen, err := generate.NewBoards(generate.BoardOptions{Shape: sudoku.ShapeOf(size), Jigsaw: true, Seed: 7, Level: "easy"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Puzzle(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		b, sol := p.Board, p.Solution
		entries = append(entries, Entry{Number: len(entries) + 1, Board: &b, BoardSolution: &sol, Level: "easy", Rating: 1.5})
	}
	Arrange(entries, nil, opt)
	b, imgs := checkPages(t, entries, opt, dpi)
	checked := 0
	for n, p := range b.pages {
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
			checkSizePicture(t, fmt.Sprintf("page %d, #%d (%s jigsaw)", p.number, e.Number, e.shape()),
				sizePicture{img: imgs[n], shape: e.shape(), x: g.x * k, y: g.y * k, cell: g.side / float64(e.shape().N()) * k,
					thin: thin * k, thick: thick * k, regions: e.Board.Regions}, cells)
			checked++
		}
	}
	if checked != 2*len(entries) {
		t.Errorf("%d grids checked, want %d", checked, 2*len(entries))
	}
	if !slices.ContainsFunc(entries, func(e Entry) bool { return e.kindTitle() == "Jigsaw Sudoku 6x6" }) {
		t.Errorf("no entry titled Jigsaw Sudoku 6x6")
	}
}
