// Package sudoku holds the vocabulary every other sudokit package speaks: the
// Grid of 81 cells, Digits (a candidate bitset), the unit and peer tables,
// the rules of a grid (Rules: classic, the zero value, or variants with
// their extra houses and pair rules), and the readers and writers for the
// puzzle formats people exchange.
//
// Cells are numbered 0..80 row by row:
//
//	      c1 c2 c3   c4 c5 c6   c7 c8 c9
//	r1     0  1  2 |  3  4  5 |  6  7  8
//	r2     9 10 11 | 12 13 14 | 15 16 17
//	...
//	r9    72 73 74 | 75 76 77 | 78 79 80
//
// Units are numbered 0..26: rows 0..8, columns 9..17, boxes 18..26 (boxes left
// to right, top to bottom). Digits are 1..9; 0 is an empty cell.
//
// Reading is streaming: NewReader(r, name).Next returns one puzzle at a time
// from a file of any size, in any of the accepted layouts (see Reader), and a
// bad puzzle is an *InputError that names the source, the line and the
// problem while the rest of the input still reads.
package sudoku
