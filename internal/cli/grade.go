package cli

import (
	"io"
	"slices"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

func gradeCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "grade",
		Usage:     "rate puzzles on the Sudoku Explainer scale, name their level, explain and count the techniques they need",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Replays human techniques in Sudoku Explainer 1.2.1's order, always applying
the first step the first technique finds (SE's rule, part of the rating),
and writes per puzzle, in input order: ER (the hardest step), EP (the hardest
step up to the first placement), ED (the first step), the level from
config.yaml, the hardest technique and the number of steps. All of SE's
techniques are implemented, up to nested forcing chains (11.0 and up);
"sudokit techniques" lists them with their keys and ratings. A puzzle they
cannot finish is "beyond" (SE writes 20.0 for it).

Puzzles are graded --workers at a time; when fewer are left (a single
puzzle, or the end of a batch), a puzzle's chain searches also use the idle
workers. The ratings and paths are the same for any --workers.

Every input puzzle gets its row, in every format; one that is invalid, has
no or several solutions, or runs over the time budget (--budget) gets its
status instead of ratings, and is also reported on standard error.

--explain writes the solving path, one step per line, as
   12. 7.1 Forcing Chain: r1c2=5 -> r1c7<>5 => r3c8=5 ==> r3c8<>4
with the rating, the technique, the pattern, and after ==> what the step
places (r1c2=5) or eliminates (r3c8<>4). Chains read from their assumption:
"->" means "so this candidate is false" (a true candidate rules out its
peers), "=>" means "so this one is true" (a false candidate leaves one
place or one digit). A link proved by a basic technique or by a nested
chain names it in parentheses; a nested chain's own links follow, indented.

` + variantHelp("rates") + `
Formats:
` + export.FormatHelp(export.Grade) + `
Exit status: 0 when every puzzle was graded (rated, or beyond the rules); 1
when any was invalid, unsolvable, had several solutions or ran over the
budget; 2 for a bad command line.

Examples:
   sudokit grade testdata/puzzles/norvig-top95.txt
   sudokit grade -f se testdata/puzzles/norvig-top95.txt > rated.txt
   sudokit grade --explain ...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327
   sudokit grade --summary --group-by level -f csv testdata/puzzles/qqwing-sample220.se121.txt > usage.csv
   sudokit grade -o rows.csv -f csv --summary testdata/puzzles/qqwing-sample220.se121.txt
   sudokit grade --variant x 1359...824..8...3......5..9..73.4..6.4.29....91...74.83..4..2...8..219..792.53.1.`,
		Flags: slices.Concat([]ucli.Flag{
			formatFlag(export.Grade, "table"),
			outputFlag(),
			&ucli.BoolFlag{Name: "explain", Usage: "write each puzzle's solving path, one step per line (json: a \"path\" list)"},
			&ucli.BoolFlag{Name: "candidates", Usage: "with --explain, the candidates before each step"},
			summaryFlag("technique usage and a histogram of levels"),
			groupByFlag("with --summary, one technique table per `level`"),
			budgetFlag(),
		}, variantFlags("rate"), sizeFlags("grade"), []ucli.Flag{
			workersFlag("grade"),
			quietFlag(),
			configFlag(),
		}, shardFlags()),
		Action: runGrade,
	}
}

func runGrade(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	byLevel, err := groupByLevel(c)
	if err != nil {
		return err
	}
	format := formatOf(c, cfg.Output.Grade)
	if err := (&cmdLine{c: c, format: format}).check(gradeRules); err != nil {
		return err
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	shape, alphabet, numbers, err := readShape(c)
	if err != nil {
		return err
	}
	opt := export.Options{Explain: c.Bool("explain"), Candidates: c.Bool("candidates"), Levels: cfg.AllLevelNames(), Numbers: numbers}
	if _, err := export.NewWriter(format, export.Grade, io.Discard, opt); err != nil {
		return err
	}
	if shape.N() != 0 && shape.N() != 9 && !sizedFormat(format) {
		return sudoku.Invalidf("-f %s writes 9x9 puzzles only: give one of %s for --size %d", format, strings.Join(export.SizedFormats(export.Grade), ", "), shape.N())
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return err
	}
	sum := grade.NewSummary()
	gopt := grade.Options{Path: opt.Explain, Candidates: opt.Candidates}
	s := newSession(c)
	s.takeVariants(rules)
	s.takeSizes(shape, alphabet)
	// A puzzle may use the workers that no other puzzle is using (all of
	// them for a lone puzzle, or at the end of a batch) for its chain
	// searches; the ratings do not change.
	slots := batch.NewSlots(workers)
	// One puzzle per chunk: grading takes from a tenth of a millisecond to
	// seconds, and a slow puzzle must not hold back the others' results.
	err = s.runBatch(batchJob{job: export.Grade, verb: "grading", format: format, opt: opt, workers: workers, chunk: 1, slots: slots,
		work: records(func(it item) export.Record {
			if it.err != nil {
				return export.Record{Puzzle: it.p, Err: it.err}
			}
			if it.p.Board != nil {
				if !sizedFormat(format) {
					return export.Record{Puzzle: it.p, Err: &sudoku.InputError{Source: it.p.Source, Line: it.p.Line,
						Err: sudoku.Invalidf("a %s puzzle: -f %s writes 9x9 puzzles only (%s write every size)",
							it.p.Shape(), format, strings.Join(export.SizedFormats(export.Grade), ", "))}}
				}
				start := time.Now()
				res, br := grader.GradeBoard(c.Context, *it.p.Board, gopt)
				return export.Record{Puzzle: it.p, Grade: &res, Sized: &br, Elapsed: time.Since(start)}
			}
			popt := gopt
			popt.Workers = slots.Share()
			start := time.Now()
			res := grader.Grade(c.Context, it.p.State(), popt)
			return export.Record{Puzzle: it.p, Grade: &res, Elapsed: time.Since(start)}
		}),
		add: func(r export.Record) {
			if r.Grade != nil {
				sum.Add(*r.Grade)
			} else {
				sum.InputErrs++
			}
		},
		summary: func(time.Duration) export.Summary {
			return export.Summary{Job: export.Grade, Grade: sum, Levels: cfg.LevelNames(), GroupByLevel: byLevel}
		}})
	return s.result(err)
}
