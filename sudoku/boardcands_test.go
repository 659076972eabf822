package sudoku

import (
	"fmt"
	"testing"
)

// TestBoardCandidates: a 4x4 killer-x's candidates leave out the digits of
// each cell's row, column, box, diagonals and cage; a filled cell has its
// digit; 16x16 has none (a Digits holds up to 15).
func TestBoardCandidates(t *testing.T) {
	b, _, err := ParseBoard("1...............", ShapeOf(4), Letters)
	if err != nil {
		t.Fatal(err)
	}
	// r4c2 sees no 1 by its houses; in r1c1's cage it does.
	if err := b.SetVariants("x,killer", []Cage{{Sum: 3, Cells: []int{0, 1}}, {Sum: 7, Cells: []int{12, 13}}}); err != nil {
		t.Fatal(err)
	}
	got := b.Candidates()
	for cell, want := range map[int]string{0: "1", 1: "234", 5: "234", 6: "1234", 13: "1234", 14: "1234", 15: "234", 10: "234"} {
		if got[cell].String() != want {
			t.Errorf("%s: %s, want %s", b.Shape.CellName(cell), got[cell], want)
		}
	}
	plain := b.WithCells(b.Cells)
	plain.X, plain.Cages = false, nil
	if c := plain.Candidates(); c[15].String() != "1234" || c[5].String() != "234" {
		t.Errorf("without x: r4c4 %s, r2c2 %s", c[15], c[5])
	}
	if c := NewBoard(ShapeOf(16)).Candidates(); c != nil {
		t.Errorf("16x16: %v, want nil", fmt.Sprint(c[:2]))
	}
}
