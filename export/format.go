package export

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// Writer writes rows in one format as they come.
type Writer interface {
	// Write writes one row.
	Write(Record) error
	// Flush writes out what is buffered (before an error message goes to
	// another stream, so that the two stay in input order).
	Flush() error
	// Close ends the output (a table's last line) and flushes it.
	Close() error
}

// Options tune the row writers.
type Options struct {
	// Explain writes each graded puzzle's solving path: step by step in
	// the text formats, as "path" in JSON.
	Explain bool
	// Candidates adds, with Explain, the candidates before each step.
	Candidates bool
	// WithSolution adds each generated puzzle's solution.
	WithSolution bool
	// Depth is how much a hint tells: 1 the technique, 2 where to look,
	// 3 the whole step.
	Depth int
	// AllHints writes every step available, not the next one alone.
	AllHints bool
	// Levels are the configured level names, easiest first: the line
	// format knows them in the label of a puzzle graded before.
	Levels []string
	// Width is the width of the terminal the rows go to (0: not a
	// terminal): explanations wrap at it, and the table format fits its
	// columns to it.
	Width int
	// Part, when not nil, writes one part of a longer output (a shard).
	Part *Part
	// WithTransform adds to canon's line the transformation that takes
	// the puzzle to its canonical form.
	WithTransform bool
	// Numbers writes the digits of puzzles of sizes over 9 as numbers
	// (1-16) in the grid format, instead of the symbols of their alphabet.
	Numbers bool
}

// sizedFormats are the row formats that write puzzles of every size (see
// sudoku/sized.go); the others write 9x9 puzzles only.
var sizedFormats = []string{"line", "table", "grid", "json", "csv", "markdown"}

// TakesSizes reports whether a row format writes puzzles of every size.
func TakesSizes(format string) bool { return slices.Contains(sizedFormats, format) }

// SizedFormats lists the row formats of a job that write puzzles of
// every size.
func SizedFormats(job Job) []string {
	var out []string
	for _, f := range Formats(job) {
		if TakesSizes(f) && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// format is one output format of the rows.
type format struct {
	name string
	// doc describes the format, for all jobs or per job.
	doc  string
	docs map[Job]string
	jobs []Job
	new  func(out *output, name string, job Job, opt Options) Writer
	// explain builds the writer when the solving path is asked for (nil:
	// the format cannot carry it).
	explain func(out *output, name string, job Job, opt Options) Writer
}

var allJobs = []Job{Solve, Grade, Generate}

// formats is the table of row formats, in the order help lists them.
var formats = []format{
	{"line", "the canonical form (81 digits, 0 for a blank), with --with-transform the transformation", nil, []Job{Canon}, newCanonWriter, nil},
	{"json", "one JSON object per line and puzzle: source, line, label, puzzle, status, canon, transform", nil, []Job{Canon}, newCanonWriter, nil},
	{"csv", "comma-separated values under a header line: source, line, label, puzzle, status, canon, transform, error", nil, []Job{Canon}, newCanonWriter, nil},
	{"line", "", map[Job]string{
		Solve:    "one line per puzzle: its solution (the puzzle when it has none), the status when not unique, the label",
		Grade:    "one line per puzzle: the puzzle, ED=ER/EP/ED, the level (or the status), the label (less the ED= ratings of an earlier run)",
		Generate: "one line per puzzle: the puzzle, ED=ER/EP/ED, the level, seed:index"},
		allJobs, newLineWriter, newExplainWriter},
	{"table", "an aligned table, one row per puzzle, fitted to the terminal's width", nil, allJobs, newTableWriter, newExplainWriter},
	{"grid", "", map[Job]string{
		Solve: "the solution as a 9x9 grid under a # line naming the puzzle and its status",
		Grade: "the puzzle as a 9x9 grid under a # line with its ratings and level"},
		allJobs, newGridWriter, newExplainWriter},
	{"candidates", "the puzzle's pencil marks under a # line", nil, allJobs, newGridWriter, newExplainWriter},
	{"text", "the hint in words, one line per puzzle (with --all, one line per step, a blank line between puzzles)",
		nil, []Job{Hint}, newHintTextWriter, nil},
	{"json", "one JSON object per line and puzzle", nil, append(allJobs, Hint), newJSONWriter, newJSONWriter},
	{"csv", "comma-separated values under a header line", nil, allJobs, newTableWriter, nil},
	{"markdown", "a Markdown table", nil, allJobs, newTableWriter, nil},
	{"se", "", map[Job]string{
		Grade:    "Sudoku Explainer's batch line: <puzzle> ED=ER/EP/ED",
		Generate: "Sudoku Explainer's batch line: <puzzle> ED=ER/EP/ED, under a # line naming the seed"},
		[]Job{Grade, Generate}, newSEWriter, nil},
	{"pm729", "the puzzle's candidate state on one 729-character line (9 characters per cell), then the line format's fields",
		nil, allJobs, newPM729Writer, nil},
	{"sdk", "the puzzle in the .sdk layout of SadMan Sudoku and SudoCue: #metadata, 9 lines of 9", nil, allJobs, newSDKWriter, nil},
	{"opensudoku", "an OpenSudoku XML document, one <game> per puzzle", nil, allJobs, newOpenSudokuWriter, nil},
}

// Formats lists the row formats of a job.
func Formats(job Job) []string {
	var out []string
	for _, f := range formats {
		if slices.Contains(f.jobs, job) {
			out = append(out, f.name)
		}
	}
	return out
}

// ExplainFormats lists the formats of a job that carry the solving path.
func ExplainFormats(job Job) []string {
	var out []string
	for _, f := range formats {
		if f.explain != nil && slices.Contains(f.jobs, job) {
			out = append(out, f.name)
		}
	}
	return out
}

// FormatHelp describes the row formats of a job, one per line.
func FormatHelp(job Job) string {
	var b strings.Builder
	for _, f := range formats {
		if !slices.Contains(f.jobs, job) {
			continue
		}
		doc := f.doc
		if d, ok := f.docs[job]; ok {
			doc = d
		} else if doc == "" {
			doc = f.docs[Grade]
		}
		fmt.Fprintf(&b, "  %-11s %s\n", f.name, doc)
	}
	return b.String()
}

// NewWriter returns the writer of a format for a job's rows.
func NewWriter(name string, job Job, w io.Writer, opt Options) (Writer, error) {
	for _, f := range formats {
		if f.name != name || !slices.Contains(f.jobs, job) {
			continue
		}
		build := f.new
		if opt.Explain {
			if build = f.explain; build == nil {
				return nil, sudoku.Invalidf("format %s cannot carry the solving path (%s can)",
					name, strings.Join(ExplainFormats(job), ", "))
			}
		}
		if opt.Part != nil {
			return newPartWriter(name, func(out *output) Writer { return build(out, name, job, opt) }, w, *opt.Part)
		}
		return build(newOutput(w), name, job, opt), nil
	}
	return nil, sudoku.Invalidf("unknown format %q (want one of %s)", name, strings.Join(Formats(job), ", "))
}

// flushAfter bounds how long a written row may wait in the buffer: a row
// of a slow batch (the hardest puzzles take seconds to grade) or of a
// person typing puzzles shows within it.
const flushAfter = 150 * time.Millisecond

// output is a buffered writer that writes itself out at most flushAfter
// after a write, so that big batches go out in large writes and slow ones
// still show each row promptly.
type output struct {
	mu    sync.Mutex
	w     *bufio.Writer
	timer *time.Timer
	err   error // the first error of a timed flush
}

func newOutput(w io.Writer) *output { return &output{w: bufio.NewWriterSize(w, 64<<10)} }

// Write buffers p and arranges for it to be written out soon.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.timer == nil {
		o.timer = time.AfterFunc(flushAfter, o.timedFlush)
	}
	return o.w.Write(p)
}

// WriteString buffers s as Write does.
func (o *output) WriteString(s string) (int, error) { return o.Write([]byte(s)) }

func (o *output) timedFlush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.timer = nil
	if err := o.w.Flush(); err != nil && o.err == nil {
		o.err = err
	}
}

// Flush writes out what is buffered now.
func (o *output) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.timer != nil {
		o.timer.Stop()
		o.timer = nil
	}
	if o.err != nil {
		return o.err
	}
	return o.w.Flush()
}
