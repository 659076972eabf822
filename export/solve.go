package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"sudokit/solve"
	"sudokit/sudoku"
)

// SolveFormats lists the output formats of `sudokit solve`.
var SolveFormats = []string{"line", "grid", "candidates", "json"}

// SolveRecord is the outcome for one input item of `sudokit solve`: a puzzle
// and its report, or an input error.
type SolveRecord struct {
	Puzzle sudoku.Puzzle
	Err    error // the puzzle could not be read (its Report is then empty)
	Report solve.Report
}

// Failed returns the record's error: the input error or why the puzzle is
// invalid; nil for a puzzle that was solved or found unsolvable.
func (r SolveRecord) Failed() error {
	if r.Err != nil {
		return r.Err
	}
	if r.Report.Status == solve.Invalid {
		return fmt.Errorf("%s:%d: %w", r.Puzzle.Source, r.Puzzle.Line, r.Report.Err)
	}
	return nil
}

// SolveWriter writes solve records in one format. Errors go to the error
// stream in every format (and into the record itself in JSON).
type SolveWriter struct {
	format string
	out    *bufio.Writer
	errs   io.Writer
	quiet  bool
	n      int
}

// NewSolveWriter returns a writer of format (one of SolveFormats) to out,
// with errors reported to errs. With quiet, only errors are written.
func NewSolveWriter(format string, out, errs io.Writer, quiet bool) (*SolveWriter, error) {
	if !slices.Contains(SolveFormats, format) {
		return nil, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(SolveFormats, ", "))
	}
	return &SolveWriter{format: format, out: bufio.NewWriterSize(out, 64<<10), errs: errs, quiet: quiet}, nil
}

// Write writes one record.
func (w *SolveWriter) Write(r SolveRecord) error {
	if err := r.Failed(); err != nil {
		if err := w.out.Flush(); err != nil { // keep stdout and stderr in step
			return err
		}
		fmt.Fprintf(w.errs, "sudokit: %v\n", err)
	}
	if w.quiet {
		return nil
	}
	switch w.format {
	case "json":
		return w.writeJSON(r)
	case "line":
		if r.Failed() != nil {
			return nil
		}
		fmt.Fprintln(w.out, solveLine(r))
		return nil
	}
	if r.Failed() != nil {
		return nil
	}
	if w.n > 0 {
		w.out.WriteByte('\n')
	}
	w.n++
	fmt.Fprintf(w.out, "# %s:%d %s", r.Puzzle.Source, r.Puzzle.Line, statusText(r.Report))
	if r.Puzzle.Label != "" {
		fmt.Fprintf(w.out, " [%s]", r.Puzzle.Label)
	}
	w.out.WriteByte('\n')
	if w.format == "candidates" {
		w.out.WriteString(sudoku.FormatCandidates(r.Puzzle.Grid.Candidates()))
		return nil
	}
	g := r.Report.Solution
	if r.Report.Count == 0 {
		g = r.Puzzle.Grid
	}
	w.out.WriteString(g.Pretty())
	return nil
}

// Flush writes out what is buffered.
func (w *SolveWriter) Flush() error { return w.out.Flush() }

// solveLine is the line format: the solution (the puzzle itself when it has
// none), the status when it is not a success, and the label if any.
func solveLine(r SolveRecord) string {
	var b strings.Builder
	if r.Report.Count > 0 {
		b.WriteString(r.Report.Solution.String())
	} else {
		b.WriteString(r.Puzzle.Grid.String())
	}
	if !r.Report.Status.OK() {
		b.WriteByte(' ')
		b.WriteString(statusText(r.Report))
	}
	if r.Puzzle.Label != "" {
		b.WriteByte(' ')
		b.WriteString(r.Puzzle.Label)
	}
	return b.String()
}

// statusText names the status, with the count for multiple solutions:
// "multiple(2+)" when the limit stopped the count, "multiple(5)" otherwise.
func statusText(r solve.Report) string {
	if r.Status != solve.Multiple {
		return r.Status.String()
	}
	if r.Count >= r.Limit {
		return fmt.Sprintf("multiple(%d+)", r.Count)
	}
	return fmt.Sprintf("multiple(%d)", r.Count)
}

type solveJSON struct {
	Source   string  `json:"source"`
	Line     int     `json:"line"`
	Label    string  `json:"label,omitempty"`
	Puzzle   string  `json:"puzzle,omitempty"`
	Status   string  `json:"status"`
	Count    int     `json:"count"`
	Limit    int     `json:"limit,omitempty"`
	Solution string  `json:"solution,omitempty"`
	Guesses  int     `json:"guesses"`
	TimeUS   float64 `json:"time_us"`
	Error    string  `json:"error,omitempty"`
}

func (w *SolveWriter) writeJSON(r SolveRecord) error {
	rep := r.Report
	j := solveJSON{
		Source: r.Puzzle.Source, Line: r.Puzzle.Line, Label: r.Puzzle.Label,
		Status: rep.Status.String(), Count: rep.Count, Limit: rep.Limit, Guesses: rep.Guesses,
		TimeUS: float64(rep.Elapsed.Nanoseconds()) / 1e3,
	}
	if r.Puzzle.Grid.Givens() > 0 {
		j.Puzzle = r.Puzzle.Grid.String()
	}
	if err := r.Failed(); err != nil {
		j.Status, j.Error = solve.Invalid.String(), err.Error()
	}
	if rep.Count > 0 {
		j.Solution = rep.Solution.String()
	}
	enc := json.NewEncoder(w.out)
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// WriteSolveSummary writes the batch summary line of `sudokit solve --stats`:
//
//	Solved 95 of 95 (95 unique, 0 multiple, 0 unsolvable, 0 invalid) in 1.2 ms; mean 13 us, max 90 us, 75,000 puzzles/s
//
// wall is the elapsed time of the whole run; the mean and max are per puzzle.
func WriteSolveSummary(w io.Writer, s solve.Summary, wall time.Duration) error {
	var mean time.Duration
	if s.Total > 0 {
		mean = s.Time / time.Duration(s.Total)
	}
	rate := int64(0)
	if wall > 0 {
		rate = int64(float64(s.Total) / wall.Seconds())
	}
	found := ""
	if n := s.Count(solve.Found); n > 0 {
		found = fmt.Sprintf(", %d solved without uniqueness check", n)
	}
	unreadable := ""
	if s.Unreadable > 0 {
		unreadable = fmt.Sprintf("; %d input(s) could not be read", s.Unreadable)
	}
	_, err := fmt.Fprintf(w, "Solved %d of %d (%d unique, %d multiple, %d unsolvable, %d invalid%s) in %s; mean %s, max %s, %s puzzles/s%s\n",
		s.Solved(), s.Total, s.Count(solve.Unique), s.Count(solve.Multiple), s.Count(solve.Unsolvable), s.Count(solve.Invalid), found,
		Duration(wall), Duration(mean), Duration(s.Max), Thousands(rate), unreadable)
	return err
}
