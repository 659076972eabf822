package sudoku_test

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Read puzzles in any layout sudokit reads, mixed in one stream: a line
// with a label, and a grid with borders.
func ExampleNewReader() {
	input := `4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... top95 #1
# a grid, as people type it
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
`
	for p, err := range sudoku.NewReader(strings.NewReader(input), "input").All() {
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("line %d: %d givens %q\n", p.Line, p.Grid.Givens(), p.Label)
	}
	// Output:
	// line 1: 17 givens "top95 #1"
	// line 3: 30 givens ""
}

// A puzzle that breaks the rules is an error naming the line and the cells.
func ExampleNewReader_errors() {
	input := "11" + strings.Repeat(".", 79) + "\n"
	_, err := sudoku.NewReader(strings.NewReader(input), "bad.txt").Next()
	fmt.Println(err)
	// Output:
	// bad.txt:1: digit 1 repeated in row 1: r1c1 and r1c2
}

// Pencil marks: a candidate state, written back as a candidate grid.
func ExampleFormatState() {
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	st := sudoku.NewState(g)
	st.Eliminate(1, 2) // strike 2 from r1c2
	fmt.Println(strings.Split(sudoku.FormatState(st), "\n")[0])
	// Output:
	// 4      1679    12679   | 139    2369    1269    | 8      1239   5
}
