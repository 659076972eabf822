// Package export writes what sudokit finds. Rows (one per input puzzle, or
// per generated puzzle) go through a Writer: one per output format, chosen
// by name from one table (see NewWriter), each handling the rows of solve,
// grade and generate. Summaries of a batch and the technique list have their
// own writers; printable books are the book package's. The package formats;
// it decides nothing about puzzles, and it reports no error itself: what
// failed is in the records, for the caller to report.
package export

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// Job is the command whose rows a writer writes.
type Job int

// Jobs.
const (
	Solve Job = iota
	Grade
	Generate
	Hint
	Canon
)

var jobNames = [...]string{"solve", "grade", "generate", "hint", "canon"}

func (j Job) String() string { return jobNames[j] }

// Record is one row of output: an input puzzle (or a generated one) and
// what the command found.
type Record struct {
	// Puzzle is the input as read; for a generated puzzle, the puzzle made.
	Puzzle sudoku.Puzzle
	// Err tells why the input could not be read as a puzzle.
	Err error
	// Solve, Grade and Generated hold what the command found: Solve for
	// solve, Grade for grade and generate, Generated for generate.
	Solve     *solve.Report
	Grade     *grade.Result
	Generated *generate.Puzzle
	// Sized is the grade of a puzzle of another size than 9x9, whose path
	// (with --explain) the writers take from here; Grade holds its status
	// and ratings as for 9x9.
	Sized *grade.BoardResult
	// Hints are hint's answer: the next step, or with --all every step
	// available; HintErr (a *hint.NoHint) tells why there is none.
	Hints   []hint.Hint
	HintErr error
	// Canon is canon's answer: the puzzle's minlex form.
	Canon *Canonical
	// Elapsed is the time the command spent on the puzzle.
	Elapsed time.Duration
}

// Status names the record's outcome in one word: the solve status
// ("unique", "multiple", ...), the grade status ("rated", "beyond",
// "budget", ...), or "invalid" for input that could not be read.
func (r Record) Status() string {
	switch {
	case r.Err != nil:
		return "invalid"
	case r.Solve != nil:
		return r.Solve.Status.String()
	case r.Grade != nil:
		return r.Grade.Status.String()
	case r.HintErr != nil:
		var no *hint.NoHint
		if errors.As(r.HintErr, &no) {
			return no.Status
		}
		return "failed"
	case r.Hints != nil:
		return "hint"
	case r.Canon != nil:
		return "canonical"
	}
	return ""
}

// Failed returns why the record is an error for the error stream, or nil:
// unreadable input, an invalid puzzle, and for grading, a puzzle that could
// not be rated. (A puzzle that solve finds with no or several solutions is
// an answer, not an error.) The error names the source and line.
func (r Record) Failed() error {
	if r.Err != nil {
		return r.Err
	}
	var err error
	switch {
	case r.Solve != nil && r.Solve.Status == solve.Invalid:
		err = r.Solve.Err
	case r.Grade != nil:
		err = r.Grade.Failed()
	case r.HintErr != nil && r.Status() != "solved":
		err = r.HintErr
	}
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s:%d: %w", r.Puzzle.Source, r.Puzzle.Line, err)
}

// where names a record's puzzle for a table: its label, else
// file:line, or seed:index for a generated one.
func where(r Record) string {
	switch {
	case r.Generated != nil:
		return tag(r.Generated)
	case r.Puzzle.Label != "":
		return r.Puzzle.Label
	}
	return fmt.Sprintf("%s:%d", filepath.Base(r.Puzzle.Source), r.Puzzle.Line)
}

// tag is a generated puzzle's seed-and-index label, "1:17": rerun with
// --seed 1 and it comes again as the 18th puzzle.
func tag(p *generate.Puzzle) string { return fmt.Sprintf("%d:%d", p.Seed, p.Index) }

// seRatings returns a record's ratings as Sudoku Explainer's batch rater
// writes them (0.0 for a puzzle not rated, 20.0 beyond the rules).
func seRatings(r Record) grade.Ratings {
	if r.Grade == nil {
		return grade.Ratings{}
	}
	return r.Grade.SE()
}

// rating prints one rating for a table: "2.6", or "-" when there is none.
func rating(v sudoku.Rating) string {
	if v == 0 {
		return "-"
	}
	return v.String()
}

// boardText is a sized solution in the alphabet its puzzle was read in.
func boardText(p sudoku.Puzzle, b *sudoku.Board) string { return b.Format(p.Alphabet) }

// empty reports whether nothing of a record's puzzle was read.
func empty(r Record) bool { return r.Puzzle.Board == nil && r.Puzzle.Grid.Givens() == 0 }

// marked reports whether a puzzle was read as a candidate state with
// eliminations: its digits alone would lose them.
func marked(p sudoku.Puzzle) bool {
	if p.Cands == nil {
		return false
	}
	if p.Rules.IsClassic() {
		return p.State().Marked()
	}
	return p.State().Cands != p.Rules.StateOf(p.Grid, nil).Cands
}

// puzzleText writes a puzzle as the rows' puzzle field: its 81 cells, or
// for a candidate state with eliminations, its 729-character line (which
// reads back as the same state).
func puzzleText(p sudoku.Puzzle) string {
	if p.Board != nil {
		return p.Cells()
	}
	if marked(p) {
		return sudoku.PM729(p.State())
	}
	return p.Grid.String()
}

// appendPuzzleText appends puzzleText's text of p to b: a 9x9 puzzle of
// digits alone, the commonest, without allocating.
func appendPuzzleText(b []byte, p sudoku.Puzzle) []byte {
	if p.Board == nil && p.Cands == nil {
		return p.Grid.AppendTo(b)
	}
	return append(b, puzzleText(p)...)
}
