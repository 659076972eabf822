package cli

import (
	"io"
	"slices"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/sudoku"
)

func hintCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "hint",
		Usage:     "give the next step from a puzzle or a candidate state, as a hint at three depths",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Finds the step that Sudoku Explainer's rating path takes next from where you
are: the givens, or your own pencil marks in any candidate format sudokit
reads (candidate grids, 729-character lines, one cell per line, ...). The
hint comes at three depths, so that it can point the way without giving
the answer:
   --depth 1 (technique)   the technique only:   Look for a hidden single.
   --depth 2 (where)       and where to look:    Look for a hidden single on digit 7 in block 3.
   --depth 3 (step)        the whole step:       Hidden Single: 7 in block 3 ==> r2c8=7
--all lists every step available now, easiest first (chains only when
nothing simpler applies). With extra techniques switched on in the
configuration, the step is the one an explanation takes.

A puzzle that is solved, has a wrong digit or elimination (no solution),
several solutions, or needs more than the rules, gets "no hint:" and why.

` + variantHelp("hints") + `
Formats:
` + export.FormatHelp(export.Hint) + `
Exit status: 0 when every puzzle got a hint or is solved; 1 when any could
not (invalid, no or several solutions, beyond the rules, over the budget);
2 for a bad command line.

Examples:
   sudokit hint ...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327
   sudokit hint --depth 3 testdata/formats/simple-sudoku-candidates.txt
   sudokit hint --all --depth step -f json testdata/formats/pencilmark-729.txt
   sudokit hint --variant x --depth 3 1359...824..8...3......5..9..73.4..6.4.29....91...74.83..4..2...8..219..792.53.1.`,
		Flags: slices.Concat([]ucli.Flag{
			formatFlag(export.Hint, "text"),
			outputFlag(),
			&ucli.StringFlag{Name: "depth", Aliases: []string{"d"}, Value: "1",
				Usage: "how much to tell: `DEPTH` 1 or technique (the technique), 2 or where (and where to look), 3 or step (the whole step)"},
			// The old spelling of --depth, hidden: "level" names a
			// difficulty everywhere else (generate --level hard).
			&ucli.StringFlag{Name: "level", Aliases: []string{"l"}, Hidden: true, Usage: "deprecated: --depth"},
			&ucli.BoolFlag{Name: "all", Usage: "list every step available now, easiest first"},
			budgetFlag(),
		}, variantFlags("hint"), sizeFlags("hint"), []ucli.Flag{
			workersFlag("hint"),
			quietFlag(),
			configFlag(),
		}, shardFlags()),
		Action: runHint,
	}
}

func runHint(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	depth, err := readDepth(c)
	if err != nil {
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
	format := formatOf(c, "")
	opt := export.Options{Depth: depth, AllHints: c.Bool("all"), Numbers: numbers}
	if _, err := export.NewWriter(format, export.Hint, io.Discard, opt); err != nil {
		return err
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	s := newSession(c)
	s.takeVariants(rules)
	s.takeSizes(shape, alphabet)
	if c.IsSet("level") {
		s.note("hint --level is deprecated: it is --depth now (a level is a difficulty, as in generate --level hard)")
	}
	slots := batch.NewSlots(workers) // like grade: the workers no other puzzle is using
	err = s.runBatch(batchJob{job: export.Hint, verb: "hinting", format: format, opt: opt, workers: workers, chunk: 1, slots: slots,
		work: records(func(it item) export.Record {
			if it.err != nil {
				return export.Record{Puzzle: it.p, Err: it.err}
			}
			start := time.Now()
			r := export.Record{Puzzle: it.p}
			if it.p.Board != nil {
				r.Hints, r.HintErr = hint.FindBoard(c.Context, grader, *it.p.Board)
				r.Elapsed = time.Since(start)
				return r
			}
			r.Hints, r.HintErr = hint.Find(c.Context, grader, it.p.State(), hint.Options{All: opt.AllHints, Workers: slots.Share()})
			r.Elapsed = time.Since(start)
			return r
		}),
		summary: func(time.Duration) export.Summary { return export.Summary{} }})
	return s.result(err)
}

// readDepth reads --depth, or its deprecated spelling --level (-l).
func readDepth(c *ucli.Context) (int, error) {
	if err := (&cmdLine{c: c}).check(hintRules); err != nil {
		return 0, err
	}
	name := "depth"
	if c.IsSet("level") {
		name = "level"
	}
	depth, err := hint.ParseDepth(c.String(name))
	if err != nil {
		flag := "--depth"
		if name == "level" {
			flag = "--level (now --depth)"
		}
		return 0, sudoku.Invalidf("invalid value %q for %s: want %s", c.String(name), flag, orList(hint.Depths()))
	}
	return depth, nil
}
