package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokit/sudokit/export"
)

// destination is where a command writes: standard output, or a file
// written through a temporary file and renamed into place at the end.
type destination struct {
	io.Writer
	file *export.AtomicFile
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
			return nil, usagef("a PDF does not go to a terminal: give -o FILE, or redirect standard output")
		}
		return &destination{Writer: stdoutWriter{s}}, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, usagef("%s is a directory: give a file name", path)
	}
	if dir := filepath.Dir(path); dir != "." {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, usagef("cannot write %s: directory %s does not exist", path, dir)
		}
	}
	f, err := export.CreateAtomic(path)
	if err != nil {
		return nil, asUsage(err)
	}
	return &destination{Writer: f, file: f}, nil
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
			return usagef("%s is not a directory", dir)
		}
		return nil
	}
	parent := filepath.Dir(strings.TrimSuffix(dir, string(os.PathSeparator)))
	if st, err := os.Stat(parent); err != nil || !st.IsDir() {
		return usagef("cannot write into %s: directory %s does not exist", dir, parent)
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
