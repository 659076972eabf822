package hint_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/sudoku"
)

// A hint in three levels: the technique, where to look, the step.
func ExampleFind() {
	grader, _ := grade.New(config.Default())
	g, _ := sudoku.ParseGrid("...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327")
	hints, err := hint.Find(context.Background(), grader, sudoku.NewState(g), hint.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := hints[0] // without All, exactly one: the next step
	for level := 1; level <= 3; level++ {
		fmt.Println(h.At(level))
	}
	fmt.Println(h.Technique, h.Eliminations)
	// Output:
	// Look for pointing.
	// Look for pointing on digit 6 in block 9 and row 8.
	// Pointing: 6 of block 9 only in row 8 ==> r8c4<>6, r8c6<>6
	// pointing [r8c4<>6 r8c6<>6]
}

// Every step available now, easiest first.
func ExampleFind_all() {
	grader, _ := grade.New(config.Default())
	g, _ := sudoku.ParseGrid("...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327")
	hints, err := hint.Find(context.Background(), grader, sudoku.NewState(g), hint.Options{All: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hints {
		fmt.Println(h.At(hint.Step))
	}
	// Output:
	// Pointing: 6 of block 9 only in row 8 ==> r8c4<>6, r8c6<>6
	// Claiming: 6 of row 9 only in block 8 ==> r8c4<>6, r8c6<>6
}
