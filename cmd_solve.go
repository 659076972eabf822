package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"sudokit/batch"
	"sudokit/export"
	"sudokit/solve"
)

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "solve puzzles and tell for each whether it has no, one or several solutions",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles from files, from stdin ("-", or no argument) or from the
arguments themselves, and prints each solution in input order.

Input: one puzzle per line (81 cells, blanks as . 0 _ * - or x, anything
after the cells is kept as a label), or 9x9 grids with or without | + -
separators; # comments and blank lines are skipped.

Formats: line (the solution, then the status when it is not unique, then the
label), grid (a 9x9 grid under a "# source:line status" header), candidates
(the puzzle's pencil marks), json (one object per puzzle).

Exit status: 0 when every puzzle has exactly one solution (or one was found,
with --count 1), 1 when any was invalid, unsolvable or had several solutions,
or an input could not be read, 2 for a bad command line.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line",
				Usage: "output format: " + strings.Join(export.SolveFormats, ", ")},
			&cli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 2,
				Usage: "count solutions up to `N` (2 proves uniqueness; 1 only finds one)"},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
				Usage: "solve on `N` goroutines (output stays in input order)"},
			&cli.BoolFlag{Name: "stats", Usage: "print a summary line to stderr"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no solutions, only errors (and --stats)"},
		},
		OnUsageError: onUsageError,
		Action:       runSolve,
	}
}

func runSolve(c *cli.Context) error {
	format, limit, workers := c.String("format"), c.Int("count"), c.Int("workers")
	if !slices.Contains(export.SolveFormats, format) {
		return usagef("unknown --format %q (want one of %s)", format, strings.Join(export.SolveFormats, ", "))
	}
	if limit < 1 {
		return usagef("--count must be at least 1, got %d", limit)
	}
	if workers < 1 {
		return usagef("--workers must be at least 1, got %d", workers)
	}
	w, err := export.NewSolveWriter(format, c.App.Writer, c.App.ErrWriter, c.Bool("quiet"))
	if err != nil {
		return usageError{err}
	}

	var sum solve.Summary
	start := time.Now()
	runErr := batch.Run(c.Context, batch.Options{Workers: workers, Chunk: chunkFor(c)}, inputItems(c),
		func(it inputItem) export.SolveRecord {
			if it.err != nil {
				return export.SolveRecord{Puzzle: it.p, Err: it.err}
			}
			return export.SolveRecord{Puzzle: it.p, Report: solve.Check(it.p.Grid, limit)}
		},
		func(r export.SolveRecord) error {
			switch {
			case r.Err != nil && r.Puzzle.Line == 0:
				sum.Unreadable++ // a file that did not open or read
			case r.Err != nil:
				sum.Add(solve.Report{Status: solve.Invalid})
			default:
				sum.Add(r.Report)
			}
			return w.Write(r)
		})
	wall := time.Since(start)
	if err := w.Flush(); err != nil && runErr == nil {
		runErr = fmt.Errorf("write output: %w", err)
	}
	if c.Bool("stats") {
		export.WriteSolveSummary(c.App.ErrWriter, sum, wall)
	}
	if runErr != nil {
		return runErr
	}
	if !sum.OK() {
		return errItemsFailed
	}
	return nil
}

// chunkFor picks the batch chunk: single puzzles when a person types them
// into a terminal, so each answer comes at once; larger chunks otherwise.
func chunkFor(c *cli.Context) int {
	if f, ok := c.App.Reader.(*os.File); ok && c.Args().Len() == 0 || c.Args().Slice() != nil && slices.Contains(c.Args().Slice(), "-") {
		if ok && isTerminal(f) {
			return 1
		}
	}
	return 64
}

// isTerminal reports whether f is a character device such as a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
