package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// lineWriter writes one line per row, which the readers read back as the
// same puzzle (with the rest as its label):
//
//	solve:    <solution, or the puzzle when it has none> [status] [label]
//	grade:    <puzzle> ED=ER/EP/ED <level, or the status> [label]
//	generate: <puzzle> [solution] ED=ER/EP/ED <level> <seed:index> [rules]
type lineWriter struct {
	out *output
	job Job
	opt Options
	// first, when set, writes the first field instead of the grid (the
	// pm729 format's candidate state).
	first func(Record) string
	buf   []byte // the row being made, kept for the next
}

func newLineWriter(out *output, _ string, job Job, opt Options) Writer {
	return &lineWriter{out: out, job: job, opt: opt}
}

func (w *lineWriter) Write(r Record) error {
	// The row is made in a buffer kept from row to row: the solve rows of
	// a large batch cost no allocation.
	b := w.buf[:0]
	switch w.job {
	case Solve:
		switch {
		case w.first != nil:
			b = append(b, w.first(r)...)
		case r.Solve != nil && r.Solve.Count > 0 && r.Puzzle.Board != nil:
			b = append(b, boardText(r.Puzzle, r.Solve.Board)...)
		case r.Solve != nil && r.Solve.Count > 0:
			b = r.Solve.Solution.AppendTo(b)
		default:
			b = appendPuzzleText(b, r.Puzzle) // the state as read, eliminations included
		}
		if r.Solve == nil || !r.Solve.Status.OK() {
			b = appendSolveStatus(append(b, ' '), r)
		}
	case Grade:
		if w.first != nil {
			b = append(b, w.first(r)...)
		} else {
			b = append(b, puzzleText(r.Puzzle)...)
		}
		b = append(append(b, " ED="...), seRatings(r).String()...)
		b = append(append(b, ' '), levelOrStatus(r)...)
	case Generate:
		p := r.Generated
		if w.first != nil {
			b = append(b, w.first(r)...)
		} else {
			b = p.Grid.AppendTo(b)
			if w.opt.WithSolution {
				b = p.Solution.AppendTo(append(b, ' '))
			}
		}
		b = append(append(b, " ED="...), seRatings(r).String()...)
		b = append(append(b, ' '), p.Result.Level...)
		b = append(append(b, ' '), tag(p)...)
	}
	switch {
	case w.job == Generate:
		if !r.Puzzle.Rules.IsClassic() {
			b = append(append(b, ' '), r.Puzzle.Rules.Label()...) // a generated puzzle has no label but its rules
		}
	case w.job == Grade:
		p := r.Puzzle
		p.Label = withoutRatings(p.Label, w.opt.Levels)
		if label := p.LabelWithRules(); label != "" {
			b = append(append(b, ' '), label...)
		}
	default:
		if label := r.Puzzle.LabelWithRules(); label != "" {
			b = append(append(b, ' '), label...)
		}
	}
	b = append(b, '\n')
	w.buf = b
	_, err := w.out.Write(b)
	return err
}

func (w *lineWriter) Flush() error { return w.out.Flush() }
func (w *lineWriter) Close() error { return w.out.Flush() }

// withoutRatings drops from a graded puzzle's label the ratings of an
// earlier run, which the row's own ED= field replaces: a first field
// "ED=ER/EP/ED" (SE's batch output, this format), with the level or status
// word this format writes after it (one of levels, or a grade status), or
// a first word that is one of levels (generate --size writes a level with
// no ratings). Grading the line format's output again gives the same lines.
func withoutRatings(label string, levels []string) string {
	first, rest, _ := strings.Cut(label, " ")
	var er, ep, ed float64
	if n, _ := fmt.Sscanf(first, "ED=%g/%g/%g", &er, &ep, &ed); n != 3 {
		if slices.Contains(levels, first) {
			return strings.TrimLeft(rest, " ") // a level alone, as generate --size writes it
		}
		return label
	}
	rest = strings.TrimLeft(rest, " ")
	word, after, _ := strings.Cut(rest, " ")
	if slices.Contains(levels, word) || grade.IsStatus(word) {
		rest = strings.TrimLeft(after, " ")
	}
	return rest
}

// solvedGrid is the grid a solve row shows: the solution, or the puzzle
// itself when it has none.
func solvedGrid(r Record) sudoku.Grid {
	if r.Solve != nil && r.Solve.Count > 0 {
		return r.Solve.Solution
	}
	return r.Puzzle.Grid
}

// levelOrStatus is a graded row's level, or its status when it was not
// graded.
func levelOrStatus(r Record) string {
	if r.Grade != nil && r.Grade.Status.Graded() && r.Grade.Level != "" {
		return r.Grade.Level
	}
	return r.Status()
}

// solveStatus names a solve row's status, with the count for several
// solutions: "multiple(2+)" when the limit stopped the count, "multiple(5)"
// otherwise.
func solveStatus(r Record) string { return string(appendSolveStatus(nil, r)) }

// appendSolveStatus appends solveStatus's name of a row's status to b
// (without fmt: the line format's rows allocate nothing).
func appendSolveStatus(b []byte, r Record) []byte {
	if r.Solve == nil {
		return append(b, r.Status()...)
	}
	rep := r.Solve
	if rep.Status != solve.Multiple {
		return append(b, rep.Status.String()...)
	}
	b = strconv.AppendInt(append(b, "multiple("...), int64(rep.Count), 10)
	if rep.Count >= rep.Limit {
		b = append(b, '+')
	}
	return append(b, ')')
}
