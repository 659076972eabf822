package grade_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// Grade one puzzle: Sudoku Explainer's ER/EP/ED and the level.
func ExampleGrader_Grade() {
	grader, _ := grade.New(config.Default())
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	res := grader.Grade(context.Background(), sudoku.NewState(g), grade.Options{})
	fmt.Println(res.Status, res.Ratings, res.Level, res.Hardest)
	// Output:
	// rated 2.6/1.2/1.2 hard Pointing
}

// Explain the solving path, step by step.
func ExampleGrader_Grade_path() {
	grader, _ := grade.New(config.Default())
	g, _ := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	res := grader.Grade(context.Background(), sudoku.NewState(g), grade.Options{Path: true})
	for i, step := range res.Path[:3] {
		fmt.Printf("%d. %v %s\n", i+1, step.Rating, step.String())
	}
	fmt.Println(len(res.Path), "steps")
	// Output:
	// 1. 1.2 Hidden Single: 4 in block 4 ==> r6c2=4
	// 2. 1.2 Hidden Single: 3 in block 7 ==> r8c3=3
	// 3. 1.2 Hidden Single: 1 in block 8 ==> r8c6=1
	// 68 steps
}

// Grade a batch read from a stream, on several goroutines, with a context
// (a deadline or Ctrl-C stops it): the results come in input order.
func Example_batch() {
	input := `003020600900305001001806400008102900700000008006708200002609500800203009005010300
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
.7...8.35.13..6.....6..2..9........2..2...867.8.....5.56.8..2.3...9..1..9....1...
.3...5..6.486......59.....7..68....9.....2......7..5..7..9...6....2..9.5..3.7...4
`
	grader, _ := grade.New(config.Default())
	ctx := context.Background()
	puzzles := func(yield func(sudoku.Puzzle) bool) {
		for p, err := range sudoku.NewReader(strings.NewReader(input), "input").All() {
			if err == nil && !yield(p) {
				return
			}
		}
	}
	_ = batch.Run(ctx, batch.Options{Workers: 2}, puzzles,
		func(p sudoku.Puzzle) grade.Result { return grader.Grade(ctx, p.State(), grade.Options{}) },
		func(res grade.Result) error {
			fmt.Println(res.Ratings, res.Level)
			return nil
		})
	// Output:
	// 1.2/1.2/1.2 easy
	// 2.6/1.2/1.2 hard
	// 4.5/1.2/1.2 fiendish
	// 6.6/1.2/1.2 diabolical
}

// The next step from a person's pencil marks.
func ExampleGrader_Next() {
	grader, _ := grade.New(config.Default())
	g, _ := sudoku.ParseGrid("...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327")
	res := grader.Next(context.Background(), sudoku.NewState(g), grade.Options{})
	fmt.Println(res.Path[0].String())
	// Output:
	// Pointing: 6 of block 9 only in row 8 ==> r8c4<>6, r8c6<>6
}
