package main

import (
	"iter"

	"github.com/urfave/cli/v2"

	"sudokit/sudoku"
)

// inputItem is one puzzle of the command line's inputs, or the error that
// stands in its place (a bad line), as the batch workers receive it.
type inputItem struct {
	p   sudoku.Puzzle
	err error
}

// inputItems streams the puzzles of the command's arguments (files, "-" or
// puzzles given inline; standard input when there are none).
func inputItems(c *cli.Context) iter.Seq[inputItem] {
	return func(yield func(inputItem) bool) {
		for p, err := range sudoku.Inputs(c.Args().Slice(), c.App.Reader) {
			if !yield(inputItem{p, err}) {
				return
			}
		}
	}
}
