package export

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// explainWriter writes each graded puzzle's solving path, one step per
// line under a # header with its ratings:
//
//	# source:line ER=2.6 EP=1.2 ED=1.2 hard [label]
//	4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//	   1. 1.2 Hidden Single: 4 in block 4 => r6c2=4
type explainWriter struct {
	out *output
	opt Options
	n   int
}

func newExplainWriter(out *output, _ string, _ Job, opt Options) Writer {
	return &explainWriter{out: out, opt: opt}
}

func (w *explainWriter) Write(r Record) error {
	if w.n > 0 {
		w.out.WriteString("\n")
	}
	w.n++
	res := r.Grade
	if r.Generated != nil {
		fmt.Fprintf(w.out, "# %s", tag(r.Generated))
	} else {
		fmt.Fprintf(w.out, "# %s:%d", r.Puzzle.Source, r.Puzzle.Line)
	}
	if res != nil && res.Status.Graded() {
		er := rating(res.ER)
		if res.Status == grade.Beyond {
			er = "beyond"
		}
		fmt.Fprintf(w.out, " ER=%s EP=%s ED=%s %s", er, rating(res.EP), rating(res.ED), res.Level)
	} else {
		fmt.Fprintf(w.out, " %s", r.Status())
	}
	if label := r.Puzzle.Label; label != "" {
		fmt.Fprintf(w.out, " [%s]", label)
	}
	w.out.WriteString("\n")
	// The rules go with the puzzle, as the grid and line formats write
	// them: a line of their own above a candidate grid, a field after the
	// puzzle's line.
	rules := r.Puzzle.Rules.Label()
	switch {
	case r.Puzzle.Board != nil:
		fmt.Fprintf(w.out, "%s\n", r.Puzzle.Cells())
	case marked(r.Puzzle):
		if rules != "" {
			w.out.WriteString(rules + "\n")
		}
		w.out.WriteString(sudoku.FormatState(r.Puzzle.State()))
	case r.Puzzle.Grid.Givens() > 0 && rules != "":
		fmt.Fprintf(w.out, "%s %s\n", r.Puzzle.Grid, rules)
	case r.Puzzle.Grid.Givens() > 0:
		fmt.Fprintf(w.out, "%s\n", r.Puzzle.Grid)
	}
	if res == nil || !res.Status.Graded() {
		return nil
	}
	if r.Sized != nil {
		for i := range r.Sized.Path {
			st := &r.Sized.Path[i]
			w.out.WriteString(wrap(fmt.Sprintf("%4d. %s %s", i+1, st.Rating, st.String()), w.opt.Width, 6))
		}
	}
	for i := range res.Path {
		st := &res.Path[i]
		if w.opt.Candidates && i < len(res.Before) {
			w.out.WriteString(sudoku.FormatState(&res.Before[i]))
		}
		w.out.WriteString(wrap(fmt.Sprintf("%4d. %s %s", i+1, st.Rating, st.String()), w.opt.Width, 6))
		w.nested(st.Nested, 8)
	}
	if res.Status == grade.Beyond {
		fmt.Fprintf(w.out, "      no technique applies here (SE rates such a puzzle %s)\n", sudoku.RatingBeyond)
	}
	return nil
}

// nested writes the steps nested in a chain step beneath it, indented, and
// theirs beneath them.
func (w *explainWriter) nested(steps []techniques.Step, indent int) {
	for i := range steps {
		st := &steps[i]
		w.out.WriteString(wrap(strings.Repeat(" ", indent)+st.String(), w.opt.Width, indent+4))
		w.nested(st.Nested, indent+4)
	}
}

func (w *explainWriter) Flush() error { return w.out.Flush() }
func (w *explainWriter) Close() error { return w.out.Flush() }

// wrap breaks a line at spaces so that no line is wider than width (0: no
// limit); continuation lines are indented by indent spaces. It returns the
// lines, each ending with a newline.
func wrap(line string, width, indent int) string {
	if width <= indent+20 || len(line) <= width {
		return line + "\n"
	}
	var b strings.Builder
	pad := strings.Repeat(" ", indent)
	cur := 0
	for i, word := range strings.Split(line, " ") {
		switch {
		case i == 0:
		case cur+1+len(word) > width:
			b.WriteString("\n")
			b.WriteString(pad)
			cur = indent
		default:
			b.WriteByte(' ')
			cur++
		}
		b.WriteString(word)
		cur += len(word)
	}
	b.WriteString("\n")
	return b.String()
}
