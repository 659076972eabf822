package cli

import (
	"io"
	"sync/atomic"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
)

func hintCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "hint",
		Usage:     "give the next step from a puzzle or a candidate state, as a hint in three levels",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Finds the step that Sudoku Explainer's rating path takes next from where you
are: the givens, or your own pencil marks in any candidate format sudokit
reads (candidate grids, 729-character lines, one cell per line, ...). The
hint comes in three levels, so that it can point the way without giving
the answer:
   --level 1   the technique only:   Look for a hidden single.
   --level 2   and where to look:    Look for a hidden single on digit 7 in block 3.
   --level 3   the whole step:       Hidden Single: 7 in block 3 ==> r2c8=7
--all lists every step available now, easiest first (chains only when
nothing simpler applies). With extra techniques switched on in the
configuration, the step is the one an explanation takes.

A puzzle that is solved, has a wrong digit or elimination (no solution),
several solutions, or needs more than the rules, gets "no hint:" and why.

Formats:
` + export.FormatHelp(export.Hint) + `
Exit status: 0 when every puzzle got a hint or is solved; 1 when any could
not (invalid, no or several solutions, beyond the rules, over the budget);
2 for a bad command line.

Examples:
   sudokit hint ...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327
   sudokit hint --level 3 testdata/formats/simple-sudoku-candidates.txt
   sudokit hint --all --level 3 -f json testdata/formats/pencilmark-729.txt`,
		Flags: append([]ucli.Flag{
			formatFlag(export.Hint, "text"),
			outputFlag(),
			&ucli.IntFlag{Name: "level", Aliases: []string{"l"}, Value: hint.Technique,
				Usage: "how much to tell: `1` the technique, 2 where to look, 3 the whole step"},
			&ucli.BoolFlag{Name: "all", Usage: "list every step available now, easiest first"},
			budgetFlag(),
			workersFlag("hint"),
			quietFlag(),
			configFlag(),
		}, shardFlags()...),
		Action: runHint,
	}
}

func runHint(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	level := c.Int("level")
	if level < hint.Technique || level > hint.Step {
		return usagef("--level must be 1, 2 or 3, got %d", level)
	}
	format := formatOf(c, "")
	opt := export.Options{Level: level, AllHints: c.Bool("all")}
	if _, err := export.NewWriter(format, export.Hint, io.Discard, opt); err != nil {
		return asUsage(err)
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return asUsage(err)
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	s := newSession(c)
	var inFlight atomic.Int64 // puzzles being hinted
	err = s.runBatch(batchJob{job: export.Hint, verb: "hinting", format: format, opt: opt, workers: workers, chunk: 1,
		work: func(it item) export.Record {
			if it.err != nil {
				return export.Record{Puzzle: it.p, Err: it.err}
			}
			start := time.Now()
			r := export.Record{Puzzle: it.p}
			// Like grade: the workers no other puzzle is using.
			idle := max(1, workers-int(inFlight.Add(1))+1)
			r.Hints, r.HintErr = hint.Find(c.Context, grader, it.p.State(), hint.Options{All: opt.AllHints, Workers: idle})
			inFlight.Add(-1)
			r.Elapsed = time.Since(start)
			return r
		},
		summary: func(time.Duration) export.Summary { return export.Summary{} }})
	return s.result(err)
}
