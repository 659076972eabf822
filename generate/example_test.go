package generate_test

import (
	"context"
	"fmt"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// Generate reproducibly: the same seed and options give the same puzzles.
// A level (or an ER band, Rating: "2.6-4.0") is the target in one call;
// the symmetry is the 180-degree rotation unless Options ask otherwise.
func ExampleGenerator_Puzzle() {
	gen, err := generate.New(config.Default(), generate.Options{Seed: 42, Level: "hard"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range 2 {
		p, err := gen.Puzzle(context.Background(), i)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Grid, p.Result.Ratings, p.Result.Level, p.Symmetry)
	}
	// Output:
	// ....2385.....791.........79.6....531.8.....4.495....8.21.........895.....5423.... 3.4/1.2/1.2 hard rot180
	// 37.5.....4...38..1.....965.......1.8.4.8.3.6.6.7.......932.....2..98...5.....1.24 2.6/1.2/1.2 hard rot180
}

// The full target: a band, bounds on the clues and techniques the solving
// path must use, as the command line's flags give them.
func ExampleNewTarget() {
	cfg := config.Default()
	target, err := generate.NewTarget(cfg, generate.TargetSpec{Rating: "3.0-4.0", Clues: "24-28", Require: []string{"x-wing"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	gen, err := generate.New(cfg, generate.Options{Seed: 7, Symmetry: generate.None, Target: target})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(target, p.Grid.Givens(), p.Result.Ratings, p.Result.Usage["x-wing"] != nil)
	// Output:
	// rated 3.0-4.0 25 3.2/1.2/1.2 true
}

// Puzzles of other sizes come from a BoardGenerator: a shape, a level
// (easy, medium or hard, reached by technique) and a seed; each is
// checked unique, and BoardOptions.Rate plugs a grader in.
func ExampleBoardGenerator_Puzzle() {
	gen, err := generate.NewBoards(generate.BoardOptions{Shape: sudoku.ShapeOf(6), Seed: 1, Level: "easy"})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Board, p.Board.Givens(), p.Symmetry)
	fmt.Println(p.Solution)
	// Output:
	// ..5.4...3..5..1.3..3.4..3..1...2.5.. 12 rot180
	// 215346463215541632632451356124124563
}
