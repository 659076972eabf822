package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"sudokit/batch"
	"sudokit/config"
	"sudokit/export"
	"sudokit/generate"
	"sudokit/grade"
	"sudokit/sudoku"
	"sudokit/techniques"
)

func generateCommand() *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "make puzzles with one solution, by level or SE rating, symmetric, reproducible",
		Description: `Fills a random grid, removes clues in random order and symmetric groups while
the puzzle keeps exactly one solution, grades the result with the same engine
as "sudokit grade", and keeps the puzzles that meet the target. Puzzles stream
out in order as they are found; the same --seed and flags give the same
output whatever --workers is. Each line: the puzzle, ED=ER/EP/ED, the level,
and seed:index (the puzzle comes again with that --seed at that position).

A target that is impossible or too rare stops after --max-tries candidates
for one puzzle (or --timeout) with a message; puzzles already made are kept.

Exit status: 0 when --count puzzles were made, 1 when the run gave up or
timed out (the puzzles made are still written), 2 for a bad command line.`,
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 1, Usage: "make `N` puzzles"},
			&cli.Uint64Flag{Name: "seed", Usage: "random seed `S` (default: drawn at random and printed on stderr)"},
			&cli.StringFlag{Name: "level", Aliases: []string{"l"}, Usage: "target level `NAME` from config.yaml (easy, medium, hard, fiendish, diabolical)"},
			&cli.StringFlag{Name: "rating", Aliases: []string{"r"}, Usage: "target SE rating (ER) `MIN-MAX`, such as 2.6-4.0, or MIN+"},
			&cli.StringSliceFlag{Name: "require", Usage: "the solving path must use `TECHNIQUE` (such as x-wing; repeat or separate with commas)"},
			&cli.StringFlag{Name: "clues", Usage: "number of clues `MIN-MAX`, such as 22-26"},
			&cli.StringFlag{Name: "symmetry", Aliases: []string{"s"}, Value: "rot180", Usage: "clue pattern: " + strings.Join(generate.SymmetryNames(), ", ")},
			&cli.BoolFlag{Name: "minimal", Usage: "no single clue can be removed (with a symmetry, other candidates are dropped)"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line", Usage: "output format: " + strings.Join(export.GenerateFormats, ", ")},
			&cli.BoolFlag{Name: "with-solution", Usage: "add each puzzle's solution"},
			&cli.BoolFlag{Name: "dedupe", Usage: "never output the same puzzle twice"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (through a temporary file renamed at the end; an interrupted run keeps the puzzles made)"},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "generate on `N` goroutines"},
			&cli.IntFlag{Name: "max-tries", Value: 100_000, Usage: "give up after `N` candidates for one puzzle"},
			&cli.DurationFlag{Name: "timeout", Usage: "stop after `DURATION` (such as 30s), keeping the puzzles made"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no summary on stderr"},
			&cli.StringFlag{Name: "pdf", Usage: "also write the puzzles as a printable book to `FILE` (layout: --paper, --per-page, --title, --group-by-level)"},
			budgetFlag,
			configFlag,
		}, bookFlags()...),
		OnUsageError: onUsageError,
		Action:       runGenerate,
	}
}

// generateTarget builds the target from the flags.
func generateTarget(c *cli.Context, known []string) (generate.Target, *gradeConfig, error) {
	cfg, err := loadConfig(c)
	if err != nil {
		return generate.Target{}, nil, err
	}
	var t generate.Target
	if c.IsSet("level") && c.IsSet("rating") {
		return t, nil, usagef("--level and --rating both set a rating band: use one")
	}
	if c.IsSet("level") {
		if t.MinER, t.MaxER, err = generate.ForLevel(cfg, c.String("level")); err != nil {
			return t, nil, usageError{err}
		}
	}
	if c.IsSet("rating") {
		if t.MinER, t.MaxER, err = generate.ParseRating(c.String("rating")); err != nil {
			return t, nil, usageError{err}
		}
	}
	if c.IsSet("clues") {
		if t.MinClues, t.MaxClues, err = generate.ParseClues(c.String("clues")); err != nil {
			return t, nil, usageError{err}
		}
	}
	for _, r := range c.StringSlice("require") {
		for _, k := range strings.Split(r, ",") {
			if k = strings.TrimSpace(k); k != "" {
				t.Require = append(t.Require, k)
			}
		}
	}
	if t, err = t.Check(known); err != nil {
		return t, nil, usageError{err}
	}
	// A required extra technique is switched on, so that the path can use it.
	for _, r := range t.Require {
		if _, ok := cfg.Techniques[r]; ok {
			cfg.Techniques[r] = true
		}
	}
	return t, &gradeConfig{cfg}, nil
}

func runGenerate(c *cli.Context) error {
	count, workers := c.Int("count"), c.Int("workers")
	switch {
	case count < 1:
		return usagef("--count must be at least 1, got %d", count)
	case workers < 1:
		return usagef("--workers must be at least 1, got %d", workers)
	case c.Int("max-tries") < 1:
		return usagef("--max-tries must be at least 1, got %d", c.Int("max-tries"))
	case c.Duration("timeout") < 0:
		return usagef("--timeout must not be negative")
	}
	sym, err := generate.ParseSymmetry(c.String("symmetry"))
	if err != nil {
		return usageError{err}
	}
	bookOpt, err := bookOptions(c)
	if err != nil {
		return err
	}
	target, gc, err := generateTarget(c, stepKeys())
	if err != nil {
		return err
	}
	grader, err := grade.NewGrader(gc.cfg)
	if err != nil {
		return usageError{fmt.Errorf("config: %w", err)}
	}
	if err := applyBudget(c, grader); err != nil {
		return err
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(c.App.ErrWriter, "sudokit: --seed %d\n", seed)
	}

	var out io.Writer = c.App.Writer
	var file *export.AtomicFile
	if path := c.String("output"); path != "" {
		if file, err = export.CreateAtomic(path); err != nil {
			return err
		}
		defer file.Abort()
		out = file
	}
	w, err := export.NewGenerateWriter(c.String("format"), out, c.Bool("with-solution"))
	if err != nil {
		return usageError{err}
	}

	ctx := c.Context
	if d := c.Duration("timeout"); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	gen := generate.New(grader, generate.Options{Seed: seed, Symmetry: sym, Minimal: c.Bool("minimal"),
		Target: target, MaxTries: c.Int("max-tries")})

	var tries atomic.Int64
	progress, bar := newProgress(ctx, c.App.ErrWriter, count, &tries)
	type result struct {
		p   generate.Puzzle
		err error
	}
	indices := func(yield func(int) bool) {
		for i := 0; ; i++ {
			if !c.Bool("dedupe") && i == count {
				return
			}
			if !yield(i) {
				return
			}
		}
	}
	made := 0
	seen := map[sudoku.Grid]bool{}
	var book []export.BookPuzzle
	errDone := errors.New("done")
	start := time.Now()
	runErr := batch.Run(ctx, batch.Options{Workers: workers, Chunk: 1}, indices,
		func(i int) result {
			p, err := gen.Puzzle(ctx, i)
			tries.Add(int64(p.Tries))
			return result{p, err}
		},
		func(r result) error {
			if r.err != nil {
				return r.err
			}
			if c.Bool("dedupe") {
				if seen[r.p.Grid] {
					return nil
				}
				seen[r.p.Grid] = true
			}
			if err := w.Write(r.p); err != nil {
				return fmt.Errorf("write output: %w", err)
			}
			made++
			if c.String("pdf") != "" {
				res := r.p.Result
				rating := techniques.FormatRating(res.ER)
				if res.Status == grade.Beyond {
					rating = techniques.FormatRating(grade.MinBeyond)
				}
				book = append(book, export.BookPuzzle{Number: made, Grid: r.p.Grid, Solution: r.p.Solution,
					Level: res.Level, Rating: rating})
			}
			if bar != nil {
				bar.Increment()
			}
			if made == count {
				return errDone
			}
			return nil
		})
	elapsed := time.Since(start)
	if progress != nil {
		bar.Abort(false)
		progress.Wait()
	}
	if errors.Is(runErr, errDone) {
		runErr = nil
	}
	if file != nil && made > 0 {
		if err := file.Commit(); err != nil && runErr == nil {
			runErr = err
		}
	}
	if path := c.String("pdf"); path != "" && len(book) > 0 {
		if bookOpt.Title == "" {
			bookOpt.Title = bookTitle(c, len(book))
		}
		if bookOpt.Sections {
			orderByLevel(book, gc.cfg)
			for i := range book {
				book[i].Number = i + 1
			}
		}
		if err := writeBook(c, book, bookOpt, "pdf", path); err != nil && runErr == nil {
			runErr = err
		}
	}
	if !c.Bool("quiet") {
		speed := ""
		if made > 0 {
			speed = fmt.Sprintf(" (%s each, %.1f puzzles/s)", export.Duration(elapsed/time.Duration(made)), float64(made)/elapsed.Seconds())
		}
		fmt.Fprintf(c.App.ErrWriter, "sudokit: generated %d of %d puzzles in %s%s, %s candidates tried\n",
			made, count, export.Duration(elapsed), speed, export.Thousands(tries.Load()))
	}
	switch {
	case errors.Is(runErr, context.DeadlineExceeded):
		fmt.Fprintf(c.App.ErrWriter, "sudokit: --timeout reached after %d of %d puzzles\n", made, count)
		return errItemsFailed
	case errors.Is(runErr, generate.ErrGaveUp):
		fmt.Fprintf(c.App.ErrWriter, "sudokit: %v\n", runErr)
		return errItemsFailed
	}
	return runErr
}

// gradeConfig carries the configuration a run grades with.
type gradeConfig struct{ cfg *config.Config }

// newProgress starts a progress bar on stderr when it is a terminal: puzzles
// made out of count, candidates tried, and the rate.
func newProgress(ctx context.Context, stderr io.Writer, count int, tries *atomic.Int64) (*mpb.Progress, *mpb.Bar) {
	f, ok := stderr.(*os.File)
	if !ok || !isTerminal(f) {
		return nil, nil
	}
	p := mpb.NewWithContext(ctx, mpb.WithOutput(stderr), mpb.WithWidth(40))
	bar := p.AddBar(int64(count),
		mpb.PrependDecorators(decor.Name("generating "), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(
			decor.Any(func(decor.Statistics) string { return fmt.Sprintf(" %s candidates ", export.Thousands(tries.Load())) }),
			decor.AverageSpeed(0, "%.1f puzzles/s"),
		),
	)
	return p, bar
}

// stepKeys lists every kind of step, for --require.
func stepKeys() []string {
	var keys []string
	for _, k := range techniques.AllKinds() {
		keys = append(keys, k.Key)
	}
	return keys
}

// bookTitle names a generated book after its target: "12 hard sudoku".
func bookTitle(c *cli.Context, n int) string {
	switch {
	case c.IsSet("level"):
		return fmt.Sprintf("%d %s sudoku", n, c.String("level"))
	case c.IsSet("rating"):
		return fmt.Sprintf("%d sudoku rated %s", n, c.String("rating"))
	}
	return fmt.Sprintf("%d sudoku", n)
}
