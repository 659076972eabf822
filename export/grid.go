package export

import (
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// gridWriter writes each row as a # header line and a 9x9 grid (grid
// format) or the puzzle's pencil marks (candidates format). The header
// names the puzzle and what the command found; a generated puzzle's
// solution goes in a second # line, so that the output reads back as the
// puzzles alone. A puzzle that is not classic has its rules on a line of
// their own just above the grid, "variant=x" or "variant=jigsaw
// regions=...": the title line that the readers take for the grid's label,
// so that the grid reads back under its rules. A jigsaw's grid is drawn
// with its regions' borders instead of the boxes' lines (Rules.Pretty), and
// so is its candidate grid (FormatState).
type gridWriter struct {
	out        *output
	job        Job
	opt        Options
	candidates bool
	n          int
}

func newGridWriter(out *output, name string, job Job, opt Options) Writer {
	return &gridWriter{out: out, job: job, opt: opt, candidates: name == "candidates"}
}

func (w *gridWriter) Write(r Record) error {
	if w.n > 0 {
		w.out.WriteString("\n")
	}
	w.n++
	w.out.WriteString(header(r, w.job, w.opt.Levels) + "\n")
	if w.job == Generate && w.opt.WithSolution {
		fmt.Fprintf(w.out, "# solution %s\n", r.Generated.Solution)
	}
	if p := r.Puzzle; p.Board != nil {
		b := *p.Board
		if w.job == Solve && r.Solve != nil && r.Solve.Count > 0 {
			b = *r.Solve.Board
		}
		// The size (and the variants) on the title line above the grid,
		// which reads it back.
		w.out.WriteString(strings.TrimSpace(sudoku.SizeLabel(b.Shape, p.Alphabet)+" "+p.Board.RulesLabel()) + "\n")
		_, err := w.out.WriteString(b.Pretty(p.Alphabet, w.opt.Numbers))
		return err
	}
	g := r.Puzzle.Grid
	if w.job == Solve && !w.candidates {
		g = solvedGrid(r)
	}
	if g.Givens() == 0 && r.Err != nil {
		return nil // nothing was read
	}
	if rules := r.Puzzle.Rules.Label(); rules != "" {
		w.out.WriteString(rules + "\n")
	}
	var err error
	if w.candidates {
		_, err = w.out.WriteString(sudoku.FormatState(r.Puzzle.State()))
	} else {
		_, err = w.out.WriteString(r.Puzzle.Rules.Pretty(g))
	}
	return err
}

func (w *gridWriter) Flush() error { return w.out.Flush() }
func (w *gridWriter) Close() error { return w.out.Flush() }

// header is a row's # line: where the puzzle is from and what the command
// found.
//
//	solve:    # source:line status [label]
//	grade:    # source:line ED=ER/EP/ED level-or-status [label]
//	generate: # seed:index ED=ER/EP/ED level symmetry, N clues
//
// A grade row's label loses the ratings of an earlier run (withoutRatings;
// levels are the configured ones).
func header(r Record, job Job, levels []string) string {
	parts := []string{"#"}
	switch job {
	case Solve:
		parts = append(parts, fmt.Sprintf("%s:%d", r.Puzzle.Source, r.Puzzle.Line), solveStatus(r))
	case Grade:
		parts = append(parts, fmt.Sprintf("%s:%d", r.Puzzle.Source, r.Puzzle.Line), "ED="+seRatings(r).String(), levelOrStatus(r))
	case Generate:
		p := r.Generated
		return fmt.Sprintf("# %s ED=%s %s %s, %d clues", tag(p), seRatings(r), p.Result.Level, p.Symmetry, p.Grid.Givens())
	}
	label := r.Puzzle.Label // the rules go on the line below (gridWriter)
	if job == Grade {
		label = withoutRatings(label, levels)
	}
	if label != "" {
		parts = append(parts, "["+label+"]")
	}
	return strings.Join(parts, " ")
}
