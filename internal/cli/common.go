package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// The flags several commands share are built by these functions, fresh
// for each command, so that one flag means the same everywhere.

func formatFlag(job export.Job, def string) *ucli.StringFlag {
	f := &ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: def,
		Usage: "output `FORMAT`: " + strings.Join(export.Formats(job), ", "), DefaultText: def}
	if configuredFormat(job) {
		f.DefaultText = def + ", or output." + job.String() + " in config.yaml"
	}
	return f
}

// configuredFormat reports whether config.yaml holds a default format for
// the job's command: output.solve, output.grade and output.generate.
func configuredFormat(job export.Job) bool {
	out := config.Default().Output
	return map[export.Job]string{export.Solve: out.Solve, export.Grade: out.Grade, export.Generate: out.Generate}[job] != ""
}

func outputFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "output", Aliases: []string{"o"}, TakesFile: true,
		Usage: "write the rows to `FILE` (- for standard output); the file appears whole, and an interrupted run keeps the rows done"}
}

func configFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "config", TakesFile: true,
		Usage: "read settings from `FILE`, on top of the built-in config.yaml (sudokit config prints it)"}
}

func workersFlag(what string) *ucli.IntFlag {
	return &ucli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(),
		Usage: what + " on `N` goroutines (the output order stays the input order)", DefaultText: "all cores"}
}

func budgetFlag() *ucli.DurationFlag {
	return &ucli.DurationFlag{Name: "budget",
		Usage:       "`DURATION` allowed to grade one puzzle, such as 10s (0: no limit); a puzzle over it is reported, not rated",
		DefaultText: "budget in config.yaml, " + seconds(config.Default().Budget)}
}

// seconds writes a duration as config.yaml does: "60s", "0.5s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

func quietFlag() *ucli.BoolFlag {
	return &ucli.BoolFlag{Name: "quiet", Aliases: []string{"q"},
		Usage: "print nothing on standard error but errors: no progress bar, no notes"}
}

func summaryFlag(what string) *ucli.BoolFlag {
	return &ucli.BoolFlag{Name: "summary",
		Usage: "print the batch summary (" + what + ") on standard output instead of the rows; the rows still go to -o FILE (-o - for both)"}
}

// groupByFlag is --group-by; its usage names the one value, `level`.
func groupByFlag(usage string) *ucli.StringFlag {
	return &ucli.StringFlag{Name: "group-by", Usage: usage}
}

// schema is what a configuration may name: the techniques of the registry
// and the commands' formats.
func schema() config.Schema {
	return config.Schema{Techniques: techniques.Keys(), Formats: map[string][]string{
		"solve": export.Formats(export.Solve), "grade": export.Formats(export.Grade), "generate": export.Formats(export.Generate)}}
}

// loadConfig returns the configuration of the command: the built-in one
// with --config's file on top, and --budget when given.
func loadConfig(c *ucli.Context) (*config.Config, error) {
	cfg, err := config.Load(c.String("config"), schema())
	if err != nil {
		return nil, err
	}
	if c.IsSet("budget") {
		if cfg.Budget = c.Duration("budget"); cfg.Budget < 0 {
			return nil, sudoku.Invalidf("--budget must not be negative")
		}
	}
	return cfg, nil
}

// formatOf returns the output format: --format, else the configured
// default of the command. A shard, whose rows go to a merge, writes line
// where that default is the table (which does not split).
func formatOf(c *ucli.Context, configured string) string {
	if c.IsSet("format") {
		return c.String("format")
	}
	format := c.String("format")
	if configured != "" {
		format = configured
	}
	if format == "table" && (c.IsSet("shard") || c.IsSet("shard-from-env")) {
		return "line"
	}
	return format
}

// positive reads an int flag that must be at least 1.
func positive(c *ucli.Context, name string) (int, error) {
	n := c.Int(name)
	if n < 1 {
		return 0, sudoku.Invalidf("--%s must be at least 1, got %d", name, n)
	}
	return n, nil
}

// requires reports a flag given without the one it goes with.
func requires(c *ucli.Context, flag string, ok bool, with string) error {
	if c.IsSet(flag) && !ok {
		return sudoku.Invalidf("--%s does nothing without %s", flag, with)
	}
	return nil
}

// explainFormat refuses --explain with a format that cannot carry the
// solving path.
func explainFormat(c *ucli.Context, format string, job export.Job) error {
	carry := export.ExplainFormats(job)
	if c.Bool("explain") && slices.Contains(export.Formats(job), format) && !slices.Contains(carry, format) {
		return sudoku.Invalidf("--explain goes with the formats that carry the solving path: %s", strings.Join(carry, ", "))
	}
	return nil
}

// groupByLevel reads --group-by, whose only value is "level".
func groupByLevel(c *ucli.Context) (bool, error) {
	if !c.IsSet("group-by") {
		return false, nil
	}
	return true, oneOf("group-by", c.String("group-by"), groupByValues)
}

// isTerminal reports whether w is a terminal (a character device that
// answers terminal requests; /dev/null does not).
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalWidth is the width of w when it is a terminal, else 0.
func terminalWidth(w any) int {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return width
}

// session is what one run of a command shares: the error stream and the
// progress bar, and whether some item failed.
type session struct {
	c          *ucli.Context
	quiet      bool
	failed     bool
	unreadable int // inputs that could not be read at all
	progress   *progress
	shard      shard // the inputs this process handles
	shardRows  int   // rows of the whole sharded run
}

func newSession(c *ucli.Context) *session { return &session{c: c, quiet: c.Bool("quiet")} }

// stderr is where messages go: above the progress bar when there is one.
func (s *session) stderr() io.Writer {
	if s.progress != nil {
		return s.progress
	}
	return s.c.App.ErrWriter
}

// report writes an error on the error stream, prefixed once, and notes
// that an item failed.
func (s *session) report(err error) {
	s.failed = true
	fmt.Fprintf(s.stderr(), "sudokit: %v\n", err)
}

// note writes an informational message on the error stream, unless -q.
func (s *session) note(format string, args ...any) {
	if !s.quiet {
		fmt.Fprintf(s.stderr(), "sudokit: "+format+"\n", args...)
	}
}

// result is the error a command returns at the end: err, else ErrFailed
// when an item failed.
func (s *session) result(err error) error {
	if err == nil && s.failed {
		return ErrFailed
	}
	return err
}

// item is one puzzle of the command's inputs, or the error that stands in
// its place (a bad line, a file that does not open).
type item struct {
	p   sudoku.Puzzle
	err error
}

// inputs streams the puzzles of the command's arguments: files, "-" for
// standard input, or puzzles given as arguments; standard input when there
// is no argument.
func inputs(c *ucli.Context) iter.Seq[item] {
	return func(yield func(item) bool) {
		for p, err := range sudoku.Inputs(c.Args().Slice(), c.App.Reader) {
			if !yield(item{p, err}) {
				return
			}
		}
	}
}

// chunkFor picks the batch chunk: one puzzle at a time when a person types
// them into a terminal, so that each answer comes at once; larger chunks
// for files and pipes.
func chunkFor(c *ucli.Context, cheap bool) int {
	fromStdin := c.NArg() == 0 || slices.Contains(c.Args().Slice(), "-")
	if !cheap || (fromStdin && isTerminal(c.App.Reader)) {
		return 1
	}
	return 64
}

// rows runs work on every input on the workers and hands each record, in
// input order, to w; a failed record is reported on the error stream
// (after the rows before it are written out) and still gets its row. add,
// when not nil, sees every record. Interrupted, it hands out the records
// already finished that come next in order and stops at the first one not
// finished or cut short (a puzzle whose grading saw the interruption gets
// no row): the rows are a prefix of the input's.
func (s *session) rows(c *ucli.Context, opt batch.Options, w export.Writer, work func(item) export.Record,
	add func(export.Record)) error {
	err := batch.Run(c.Context, opt, s.shard.filter(inputs(c), &s.shardRows), work,
		func(r export.Record) error {
			if r.Puzzle.Line == 0 && r.Err != nil {
				// A whole input failed (a file that does not open): no row.
				if err := c.Context.Err(); err != nil {
					return err // not reported: it may be the interruption's doing (a pipe closed)
				}
				if err := w.Flush(); err != nil {
					return err
				}
				s.unreadable++
				s.report(r.Err)
				return nil
			}
			if r.Status() == "cancelled" {
				return c.Context.Err() // interrupted: no row for a puzzle cut short
			}
			if err := r.Failed(); err != nil {
				if err := w.Flush(); err != nil {
					return err
				}
				if r.Status() == "budget" {
					err = fmt.Errorf("%w (raise --budget)", err)
				}
				s.report(err)
			}
			if add != nil {
				add(r)
			}
			s.progress.increment()
			return w.Write(r)
		})
	if err == nil {
		// Interrupted as the input ended (its pipe closed by the same
		// Ctrl-C), the run cannot tell that it read the whole input: the
		// rows are kept as an interrupted run's, not called complete.
		err = c.Context.Err()
	}
	return err
}

// batchJob is what solve and grade do with each input and how they sum the
// batch up.
type batchJob struct {
	job            export.Job
	verb           string // on the progress bar: "solving"
	format         string
	opt            export.Options
	workers, chunk int
	// slots, when not nil, are held by each call of work (see batch.Slots).
	slots   *batch.Slots
	work    func(item) export.Record
	add     func(export.Record)
	summary func(wall time.Duration) export.Summary
}

// runBatch runs a batch job: the rows of every input go to -o, unless only
// the summary is asked for, and then the summary when it is.
func (s *session) runBatch(b batchJob) error {
	c := s.c
	var err error
	if s.shard, err = readShard(c); err != nil {
		return err
	}
	if s.shard.on() {
		if err := noShardWith(c, "summary"); err != nil {
			return err
		}
		b.opt.Part = &export.Part{First: s.shard.k, Step: s.shard.n, Indexed: true}
	}
	var dest *destination
	if !c.Bool("summary") || c.IsSet("output") {
		if dest, err = s.open(c.String("output"), false); err != nil {
			return err
		}
		defer dest.abort()
		b.opt.Width = dest.width(s)
	}
	s.startProgress(c.Context, b.verb, 0, nil)
	w, err := export.NewWriter(b.format, b.job, writerOr(dest), b.opt)
	if err != nil {
		s.stopProgress()
		return err
	}
	start := time.Now()
	out := newRowSink(dest, w)
	var trailer func(io.Writer) error
	if s.shard.on() {
		trailer = func(w io.Writer) error { return s.shard.end(w, 0, s.shardRows) }
	}
	runErr := out.finish(s.rows(c, batch.Options{Workers: b.workers, Chunk: b.chunk, Slots: b.slots}, out, b.work, b.add), trailer)
	s.stopProgress()
	if c.Bool("summary") && (runErr == nil || errors.Is(runErr, context.Canceled)) {
		// Interrupted, the summary sums up the rows kept.
		runErr = firstErr(s.summary(dest, b.format, b.summary(time.Since(start))), runErr)
	}
	return runErr
}
