package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"sudokit/batch"
	"sudokit/export"
	"sudokit/grade"
)

func gradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "grade",
		Usage:     "rate puzzles on the Sudoku Explainer scale, name their level, count the techniques they need",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Replays human techniques in Sudoku Explainer 1.2.1's order and prints, per
puzzle and in input order: ER (the hardest step), EP (the hardest step up to
the first placement), ED (the first step), the level from config.yaml, the
hardest technique and the number of steps. All of SE's techniques are
implemented, up to nested forcing chains (11.0 and up); a puzzle they
cannot finish (SE rates it 20.0) is reported as "beyond", with EP and ED
when they are reached.

Formats: table (default), csv, markdown, json (one object per puzzle, with
usage counts, and the path with --explain), se (SE's batch rater line:
"<puzzle> ED=ER/EP/ED").

A time budget per puzzle (config.yaml, --budget) keeps any input from
hanging a batch: a puzzle over it is reported "not rated (budget)".

Exit status: 0 when every puzzle was graded, 1 when any was invalid,
unsolvable, had several solutions or ran over the budget (those are
reported, not rated), 2 for a bad command line.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table",
				Usage: "output format: " + strings.Join(export.GradeFormats, ", ") + " (default from config.yaml)"},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "grade on `N` goroutines (output stays in input order)"},
			&cli.BoolFlag{Name: "summary", Usage: "after the puzzles, print technique usage over the whole input and a histogram of levels"},
			&cli.StringFlag{Name: "group-by", Usage: "with --summary, `level`: one technique table per level"},
			&cli.BoolFlag{Name: "explain", Usage: "print each puzzle's solving path, one step per line"},
			&cli.BoolFlag{Name: "candidates", Usage: "with --explain, print the candidate grid before each step"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no per-puzzle output (errors and --summary only)"},
			budgetFlag,
			configFlag,
		},
		OnUsageError: onUsageError,
		Action:       runGrade,
	}
}

func runGrade(c *cli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	format := c.String("format")
	if !c.IsSet("format") && cfg.Output.Grade != "" {
		format = cfg.Output.Grade
	}
	if !slices.Contains(export.GradeFormats, format) {
		return usagef("unknown --format %q (want one of %s)", format, strings.Join(export.GradeFormats, ", "))
	}
	workers := c.Int("workers")
	if workers < 1 {
		return usagef("--workers must be at least 1, got %d", workers)
	}
	if c.Bool("candidates") && !c.Bool("explain") {
		return usagef("--candidates goes with --explain")
	}
	if g := c.String("group-by"); g != "" && g != "level" {
		return usagef("--group-by takes level, not %q", g)
	}
	grader, err := grade.NewGrader(cfg)
	if err != nil {
		return usageError{fmt.Errorf("config: %w", err)}
	}
	if err := applyBudget(c, grader); err != nil {
		return err
	}
	opt := export.GradeOptions{Quiet: c.Bool("quiet"), Explain: c.Bool("explain"), Candidates: c.Bool("candidates")}
	w, err := export.NewGradeWriter(format, c.App.Writer, c.App.ErrWriter, opt)
	if err != nil {
		return usageError{err}
	}
	sum := grade.NewSummary()
	// One puzzle per chunk: grading takes from a tenth of a millisecond to
	// seconds, far more than passing a puzzle to a worker, and a slow one
	// must not hold back the results of the others.
	runErr := batch.Run(c.Context, batch.Options{Workers: workers, Chunk: 1}, inputItems(c),
		func(it inputItem) export.GradeRecord {
			if it.err != nil {
				return export.GradeRecord{Puzzle: it.p, Err: it.err}
			}
			start := time.Now()
			res := grader.Grade(it.p.Grid, opt.Explain, opt.Candidates)
			return export.GradeRecord{Puzzle: it.p, Result: res, Elapsed: time.Since(start)}
		},
		func(r export.GradeRecord) error {
			switch {
			case r.Err != nil && r.Puzzle.Line == 0:
				sum.Unreadable++
			case r.Err != nil:
				sum.InputErrs++
			default:
				sum.Add(r.Result)
			}
			return w.Write(r)
		})
	if err := w.Flush(); err != nil && runErr == nil {
		runErr = fmt.Errorf("write output: %w", err)
	}
	if runErr == nil && c.Bool("summary") {
		sopt := export.SummaryOptions{Format: format, GroupByLevel: c.String("group-by") == "level"}
		if err := export.WriteGradeSummary(c.App.Writer, sum, cfg, sopt); err != nil {
			runErr = fmt.Errorf("write summary: %w", err)
		}
	}
	if runErr != nil {
		return runErr
	}
	if !sum.OK() {
		return errItemsFailed
	}
	return nil
}

// budgetFlag is --budget, shared by grade and generate.
var budgetFlag = &cli.DurationFlag{Name: "budget", Usage: "time allowed to grade one puzzle, such as 10s (0: no limit; default from config.yaml)"}

// applyBudget sets the grader's budget from --budget when given, and makes
// an interrupt (the command's context) stop puzzles being graded.
func applyBudget(c *cli.Context, g *grade.Grader) error {
	g.Cancel = c.Context.Done()
	if !c.IsSet("budget") {
		return nil
	}
	if d := c.Duration("budget"); d < 0 {
		return usagef("--budget must not be negative")
	} else {
		g.Budget = d
	}
	return nil
}
