package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

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

// imageDir reports whether -o names a directory for one SVG or PNG image
// per puzzle and solution.
func imageDir(format, path string) bool {
	return (format == "svg" || format == "png") && strings.HasSuffix(path, string(os.PathSeparator))
}

// checkDir makes sure a directory can hold the output: it exists, or its
// parent does.
func checkDir(dir string) error {
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return sudoku.Invalidf("%s is not a directory", dir)
		}
		return nil
	}
	parent := filepath.Dir(strings.TrimSuffix(dir, string(os.PathSeparator)))
	if st, err := os.Stat(parent); err != nil || !st.IsDir() {
		return sudoku.Invalidf("cannot write into %s: directory %s does not exist", dir, parent)
	}
	return nil
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
// giving up on a target too rare.
func cutShort(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, generate.ErrGaveUp)
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
