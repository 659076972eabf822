package solve_test

import (
	"fmt"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// Count solutions up to a limit: 2 proves that a puzzle has exactly one.
func ExampleCount() {
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	r := solve.Count(g, 2)
	fmt.Println(r.Count, r.Solution)
	// Output:
	// 1 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}

// Check validates, counts and checks the solution: the status says it all.
func ExampleCheck() {
	for _, s := range []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		".....6....59.....82....8....45........3........6..3.54...325..6..................",
	} {
		g, _ := sudoku.ParseGrid(s)
		rep := solve.Check(sudoku.NewState(g), 2)
		fmt.Println(rep.Status, rep.Count)
	}
	// Output:
	// unique 1
	// multiple 2
}

// Solve under a variant's rules: here X-sudoku, whose two main diagonals
// hold 1 to 9 too. The puzzle has one solution under them, and many as a
// classic puzzle.
func ExampleFor() {
	rules, _ := sudoku.ParseRules("x", "")
	g, _ := sudoku.ParseGrid(".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8.")
	r := solve.For(rules).Count(g, 2)
	fmt.Println(r.Count, r.Solution)
	fmt.Println(solve.Count(g, 2).Count)
	// Output:
	// 1 986471253751239864432856179328647591694185732517923648175398426849762315263514987
	// 2
}
