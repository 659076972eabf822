package sudoku

import "fmt"

// Unit kinds, as returned by UnitKind.
const (
	KindRow = iota
	KindColumn
	KindBox
)

// RowOf, ColOf and BoxOf give a cell's row, column and box (each 0..8).
var (
	RowOf [81]uint8
	ColOf [81]uint8
	BoxOf [81]uint8
)

// Units lists the 9 cells of each unit: rows 0..8, columns 9..17, boxes
// 18..26; cells in reading order.
var Units [27][9]uint8

// CellUnits lists the row, column and box unit of each cell (unit numbers as
// in Units).
var CellUnits [81][3]uint8

// Peers lists the 20 other cells that share a unit with each cell, in
// increasing order.
var Peers [81][20]uint8

func init() {
	for i := 0; i < 81; i++ {
		r, c := i/9, i%9
		b := r/3*3 + c/3
		RowOf[i], ColOf[i], BoxOf[i] = uint8(r), uint8(c), uint8(b)
		CellUnits[i] = [3]uint8{uint8(r), uint8(9 + c), uint8(18 + b)}
	}
	var filled [27]int
	for i := 0; i < 81; i++ {
		for _, u := range CellUnits[i] {
			Units[u][filled[u]] = uint8(i)
			filled[u]++
		}
	}
	for i := 0; i < 81; i++ {
		n := 0
		for j := 0; j < 81; j++ {
			if j != i && (RowOf[i] == RowOf[j] || ColOf[i] == ColOf[j] || BoxOf[i] == BoxOf[j]) {
				Peers[i][n] = uint8(j)
				n++
			}
		}
	}
}

// UnitKind returns KindRow, KindColumn or KindBox for a unit number.
func UnitKind(u int) int { return u / 9 }

// UnitName names a unit the way solvers write it: "row 1", "column 3",
// "block 5" (numbers from 1), as Sudoku Explainer and every step and hint
// of sudokit do: the name of house u of classic rules (see House.Name,
// which names the houses of every set of rules).
func UnitName(u int) string { return Rules{}.House(u).Name() }

// CellName names a cell in rNcM notation, such as "r1c7" for cell 6.
func CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", cell/9+1, cell%9+1)
}

// SeePeers reports whether two distinct cells share a unit.
func SeePeers(a, b int) bool {
	return a != b && (RowOf[a] == RowOf[b] || ColOf[a] == ColOf[b] || BoxOf[a] == BoxOf[b])
}
