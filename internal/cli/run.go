package cli

// The plumbing every command runs through: a session (the error stream,
// the progress bar, whether an item failed), the destinations it writes
// to, the rows of a batch and how they end, and how a run's error becomes
// the exit status (ExitCode, the one place that maps the error kinds).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// ErrFailed reports that some items failed: each was reported on the error
// stream as it came, so it needs no message of its own.
var ErrFailed = errors.New("some items failed")

// ExitCode reports err on stderr, unless it was reported already, and
// returns the exit status: 0 ok, 1 some item failed (or the run failed),
// 2 a bad command line (an error of kind sudoku.ErrInvalid: this is the
// one place that maps it), 130 interrupted.
func ExitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrFailed):
		return 1
	case errors.Is(err, context.Canceled):
		// A command that writes rows says how many it kept, and where.
		var in *InterruptedError
		if errors.As(err, &in) {
			fmt.Fprintf(stderr, "sudokit: %v\n", in)
		} else {
			fmt.Fprintln(stderr, "sudokit: interrupted")
		}
		return 130
	}
	fmt.Fprintf(stderr, "sudokit: %v%s\n", err, advice(err))
	if errors.Is(err, sudoku.ErrInvalid) {
		return 2
	}
	return 1
}

// advice is what the command line adds to a library error, whose words
// name no flag or command: where to look, or which flag to give.
func advice(err error) string {
	var missing *book.MissingGlyphsError
	switch {
	case errors.Is(err, config.ErrUnknownTechnique):
		return "; `sudokit techniques` lists every key"
	case errors.As(err, &missing):
		return "; give --font a font that has them (Chinese, Japanese, Korean: NotoSansCJK-Regular.ttc, from Debian's fonts-noto-cjk)"
	case errors.Is(err, bank.ErrNoBank):
		return " (sudokit bank add makes one)"
	case errors.Is(err, bank.ErrNoBook):
		return " (sudokit bank books lists them)"
	}
	return ""
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
	// variants says that the command takes puzzles of any rules (solve,
	// grade, ...); rules are those of the puzzles that do not name theirs
	// (--variant), and rulesGiven says that the command line gave them,
	// so that a puzzle that names its own must agree (see variants.go).
	variants, rulesGiven bool
	rules                sudoku.Rules
	// sizes says that the command takes puzzles of every size; shape and
	// alphabet are --size's and --alphabet's (see sizes.go).
	sizes    bool
	shape    sudoku.Shape
	alphabet sudoku.Alphabet
	// source, when set, stands for the command line's inputs (bank print
	// reads a book of the bank).
	source iter.Seq2[sudoku.Puzzle, error]
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

// variantFlag reports whether a flag is one of those that give rules.
func variantFlag(name string) bool { return name == "variant" || name == "regions" }

// inputs is the session's inputs: for a command that takes variants, the
// puzzles that do not name their rules are read under the session's, and
// those that name theirs must agree with the command line's when it gave
// some.
func (s *session) inputs() iter.Seq[item] {
	c := s.c
	src := s.source
	if src == nil {
		src = sudoku.InputsWith(sudoku.ReadOptions{Rules: s.rules, Shape: s.shape, Alphabet: s.alphabet}, c.Args().Slice(), c.App.Reader)
	}
	return func(yield func(item) bool) {
		for p, err := range src {
			switch {
			case err != nil:
			case !s.variants && !p.Rules.IsClassic():
				err = &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
					"variant %s: %s does not take variants yet (%s do)", p.Rules, c.Command.Name, variantCommands(c.App))}
			case p.Rules.Has("killer") && !takesKillers(c):
				err = &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
					"killer: %s does not take killers yet (solve does)", c.Command.Name)}
			case s.rulesGiven && p.Board != nil && boardRules(p.Board) != s.rules.String():
				err = &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
					"the line names variant %s, but --variant gives %s: the two must agree (leave --variant out for a file whose lines name their rules)",
					boardRules(p.Board), s.rules)}
			case s.rulesGiven && p.Board == nil && !p.Rules.WithoutCages().Equal(s.rules):
				// A killer's cages are its own: --variant killer names no cages.
				err = ruleConflict(p, s.rules)
			case p.Board != nil || s.shape.N() != 0:
				err = s.sizeError(p)
			}
			if !yield(item{p, err}) {
				return
			}
		}
	}
}

// chunkFor picks the batch chunk: one puzzle at a time when a person types
// them into a terminal, so that each answer comes at once; 64 from a pipe,
// whose writer may be slow too (a chunk is handed out once full); 256 from
// files. A chunk of 256 17-clue puzzles takes about a millisecond to
// solve: fewer hand-offs between the reader, the workers and the writer
// spare the wake-ups of idle threads (about a tenth of the CPU time of
// `solve -j 1` with chunks of 64).
func chunkFor(c *ucli.Context, cheap bool) int {
	fromStdin := c.NArg() == 0 || slices.Contains(c.Args().Slice(), "-")
	switch {
	case !cheap || (fromStdin && isTerminal(c.App.Reader)):
		return 1
	case fromStdin:
		return 64
	}
	return 256
}

// place is where one input's result goes in a batch: its record, and
// the report a solve row's record points to. The batch reuses its places
// from chunk to chunk (batch.RunInto), so that the rows of a long run
// allocate no report each; a writer must not keep a record's pointers
// after writing it (none does).
type place struct {
	rec    export.Record
	report solve.Report
}

// records adapts a work function that returns its record (grade, hint,
// canon) to the places of a batch.
func records(work func(item) export.Record) func(*item, *place) {
	return func(it *item, out *place) { out.rec = work(*it) }
}

// rows runs work on every input on the workers and hands each record, in
// input order, to w; a failed record is reported on the error stream
// (after the rows before it are written out) and still gets its row. add,
// when not nil, sees every record. Interrupted, it hands out the records
// already finished that come next in order and stops at the first one not
// finished or cut short (a puzzle whose grading saw the interruption gets
// no row): the rows are a prefix of the input's.
func (s *session) rows(c *ucli.Context, opt batch.Options, w export.Writer, work func(*item, *place),
	add func(export.Record)) error {
	err := batch.RunInto(c.Context, opt, s.shard.filter(s.inputs(), &s.shardRows), work,
		func(out *place) error {
			r := out.rec
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
			if r.Status() == "cancelled" || errors.Is(r.Err, context.Canceled) {
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
	slots *batch.Slots
	// work fills the place of one input (records adapts a function that
	// returns a record).
	work    func(*item, *place)
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

// destination is where a command writes: standard output, or a file
// written through a temporary file and renamed into place at the end.
type destination struct {
	io.Writer
	file *batch.AtomicFile
	path string // the file's path ("" for standard output)
}

// isStdout reports whether a path names standard output.
func isStdout(path string) bool { return path == "" || path == "-" }

// open opens the destination of path ("" or "-": standard output, through
// the progress bar when it shares its terminal). binary output (a PDF) is
// refused on a terminal. Every destination of a command is opened before
// it starts working, so that a bad path fails at once.
func (s *session) open(path string, binary bool) (*destination, error) {
	if isStdout(path) {
		if binary && isTerminal(s.c.App.Writer) {
			return nil, sudoku.Invalidf("a PDF does not go to a terminal: give -o FILE, or redirect standard output")
		}
		return &destination{Writer: stdoutWriter{s}}, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, sudoku.Invalidf("%s is a directory: give a file name", path)
	}
	if dir := filepath.Dir(path); dir != "." {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, sudoku.Invalidf("cannot write %s: directory %s does not exist", path, dir)
		}
	}
	f, err := batch.CreateAtomic(path)
	if err != nil {
		return nil, sudoku.Invalid(err) // -o names a file that cannot be written
	}
	return &destination{Writer: f, file: f, path: path}, nil
}

// stdoutWriter writes to the session's standard output, through the
// progress bar when there is one on the same terminal.
type stdoutWriter struct{ s *session }

func (w stdoutWriter) Write(p []byte) (int, error) { return w.s.rowsOut().Write(p) }

// width is the width of the terminal a destination writes to: standard
// output's when it is a terminal, else 0.
func (d *destination) width(s *session) int {
	if d == nil || d.file != nil {
		return 0
	}
	return terminalWidth(s.c.App.Writer)
}

// commit makes a file destination appear in place; a run that made
// nothing keeps an old file untouched.
func (d *destination) commit(made bool) error {
	if d == nil || d.file == nil {
		return nil
	}
	if !made {
		d.file.Abort()
		return nil
	}
	return d.file.Commit()
}

// abort drops a file destination's temporary file (when it is still there).
func (d *destination) abort() {
	if d != nil && d.file != nil {
		d.file.Abort()
	}
}

// writerOr is a destination's writer, or a sink when there is none (the
// rows of a run that prints only its summary).
func writerOr(d *destination) io.Writer {
	if d == nil {
		return io.Discard
	}
	return d
}

// summary writes a batch summary on standard output, after a blank line
// when the rows went there too.
func (s *session) summary(rows *destination, format string, sum export.Summary) error {
	if rows != nil && rows.file == nil {
		fmt.Fprintln(s.c.App.Writer)
	}
	return export.WriteSummary(s.c.App.Writer, format, sum)
}

// rowSink is where a command's rows go: its -o destination (nil when the
// rows are not written, as with --summary alone) through the writer of
// their format, counting the rows written whole. Every command that writes
// rows (solve, grade, hint, canon, transform, generate, merge) ends through
// finish, so that all of them end alike: complete, or cut short (Ctrl-C,
// SIGTERM, a timeout) with the rows finished, in input order, in a whole
// and valid output.
type rowSink struct {
	dest *destination
	// w is the format's writer; nil for a command that writes its lines
	// itself (transform, merge), which counts them with add and gives
	// flush to write out its buffer.
	w     export.Writer
	flush func() error
	rows  int
}

// newRowSink starts the rows of a command, to dest through w.
func newRowSink(dest *destination, w export.Writer) *rowSink { return &rowSink{dest: dest, w: w} }

// Write writes one row through the format's writer.
func (o *rowSink) Write(r export.Record) error {
	if err := o.w.Write(r); err != nil {
		return err
	}
	o.rows++
	return nil
}

// Flush writes out the rows buffered.
func (o *rowSink) Flush() error { return o.w.Flush() }

// Close does nothing: finish closes the format's writer, once the run is
// over. (A rowSink is the export.Writer that the batch writes to.)
func (o *rowSink) Close() error { return nil }

// add counts rows that a command wrote itself.
func (o *rowSink) add(n int) { o.rows += n }

// finish ends the rows after the run, which ended with runErr. The
// format's writer is closed in every case, so that a table gets its
// bottom border and an XML document its closing tag. A complete run then
// writes trailer (a shard's closing line), when given, and puts the file
// in place. A run cut short by Ctrl-C or SIGTERM, a timeout or a target
// that generate gave up on keeps the rows finished: the file appears with
// them and without the trailer (so that merge sees a shard cut short), or,
// when no row was finished, is not written at all (an old file of that
// name stays as it was). An interruption is returned as an
// *InterruptedError that says how many rows were kept and where. Any other
// error leaves no file (the caller's deferred abort removes it).
func (o *rowSink) finish(runErr error, trailer func(io.Writer) error) error {
	var closeErr error
	switch {
	case o.w != nil:
		closeErr = o.w.Close()
	case o.flush != nil:
		closeErr = o.flush()
	}
	if runErr == nil {
		if closeErr != nil {
			return closeErr
		}
		if trailer != nil {
			if err := trailer(writerOr(o.dest)); err != nil {
				return err
			}
		}
		return o.dest.commit(true)
	}
	if closeErr != nil || !cutShort(runErr) {
		return runErr
	}
	if err := o.dest.commit(o.rows > 0); err != nil {
		return err
	}
	if errors.Is(runErr, context.Canceled) {
		in := &InterruptedError{Rows: o.rows}
		if o.dest != nil {
			in.File = o.dest.path
		}
		return in
	}
	return runErr
}

// cutShort reports whether a run stopped before its end for a reason that
// keeps the rows it finished: an interruption, a timeout, or generate
// giving up on a target too rare or on a --dedupe run out of new puzzles.
func cutShort(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, generate.ErrGaveUp) ||
		errors.Is(err, generate.ErrRepeats)
}

// InterruptedError is what a command that writes rows returns when it was
// interrupted (Ctrl-C, SIGTERM): how many rows it finished and kept, and
// the file that holds them. It wraps context.Canceled.
type InterruptedError struct {
	Rows int    // rows finished, written in input order
	File string // the -o file that holds them; "" for standard output or none
}

func (e *InterruptedError) Error() string {
	switch {
	case e.Rows == 0 && e.File != "":
		return "interrupted before the first row: " + e.File + " not written"
	case e.Rows == 0:
		return "interrupted before the first row"
	case e.File != "":
		return fmt.Sprintf("interrupted: %s kept in %s", export.Count(e.Rows, "row"), e.File)
	}
	return "interrupted after " + export.Count(e.Rows, "row")
}

// Unwrap makes an InterruptedError a context.Canceled.
func (e *InterruptedError) Unwrap() error { return context.Canceled }

// firstErr returns the first error that is not nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeAll writes data to -o's destination.
func writeAll(s *session, path string, data []byte) error {
	dest, err := s.open(path, false)
	if err != nil {
		return err
	}
	defer dest.abort()
	if _, err := dest.Write(data); err != nil {
		return err
	}
	return dest.commit(true)
}
