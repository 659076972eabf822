// Package bookgrade holds the rules of Sudoku a book follows, which the
// command line and the web API share so that the same puzzles make the same
// book through either: a puzzle's entry from its grading (Grade, Entry), and
// the levels that open its sections (Levels). The layout is the book
// package's, which knows nothing of grading.
package bookgrade

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Options tunes Grade.
type Options struct {
	// Workers is how many goroutines the chain searches of the grading
	// may use (grade.Options.Workers); the entry does not depend on it.
	Workers int
	// Levels names the levels a killer's label may give (a word of its
	// label, "hard" or "level: Hard"): killers are not graded (the
	// ladder has no killer techniques yet), so a killer goes into a book
	// with the level its label gives, or none, and never a rating.
	Levels []string
}

// unrated is the note of a puzzle that goes into a book without a rating:
// its grading ran over the time budget. A book shows no level and no
// rating for it rather than a made-up one.
const unrated = "not rated: grading took longer than the time budget; printed with its solution, without a level or rating"

// Grade makes a puzzle's entry in a book (not numbered: book.Arrange
// numbers a book), under the puzzle's rules (a variant's, which its entry
// carries, for the book to draw and state them). It reuses the ratings
// the puzzle's label carries (ED=ER/EP/ED, as grade -f line and generate
// write them; a variant's puzzle with them is then only solved, under its
// rules) and grades it otherwise, as Entry says. A puzzle that breaks the rules, or has no or
// several solutions, cannot go into a book: err says why. A puzzle whose
// grading runs over the time budget goes in with its solution and without a
// level or rating, and note says so. When ctx is done, err is ctx's.
func Grade(ctx context.Context, g *grade.Grader, p sudoku.Puzzle, opt Options) (e book.Entry, note string, err error) {
	var known *grade.Ratings
	if r, ok := grade.RatingsFromLabel(p.Label); ok {
		known = &r
	}
	st := p.State()
	if p.Rules.HasCages() {
		return killerEntry(ctx, g, p, st, opt.Levels)
	}
	var res grade.Result
	if known != nil && !p.Rules.IsClassic() {
		// A variant's puzzle with its ratings needs no grading: its
		// solution is sought under its rules, as below.
		res = check(ctx, g, st, known)
	} else {
		res = g.Grade(ctx, st, grade.Options{Known: known, Workers: opt.Workers})
	}
	if res.Status == grade.Budget && res.Solution == (sudoku.Grid{}) {
		// The budget ran out before the check of the solution: a book
		// prints the solution, so the check runs to the end (the
		// solver's search takes milliseconds; ctx still bounds it).
		res = check(ctx, g, st, known)
	}
	if res.Status == grade.Cancelled {
		if err := ctx.Err(); err != nil {
			return book.Entry{}, "", err
		}
		return book.Entry{}, "", context.Canceled
	}
	e, note, err = Entry(p.Grid, res.Solution, res)
	if err == nil {
		e.Rules = p.Rules // drawn on the grid, stated on its section's page
	}
	return e, note, err
}

// killerEntry is a killer's entry in a book: its solution, under its
// cages, and the level its label gives (none if it gives none), with no
// rating: grading knows no killer techniques yet.
func killerEntry(ctx context.Context, g *grade.Grader, p sudoku.Puzzle, st *sudoku.State, levels []string) (book.Entry, string, error) {
	res := check(ctx, g, st, nil)
	switch {
	case res.Status == grade.Cancelled:
		if err := ctx.Err(); err != nil {
			return book.Entry{}, "", err
		}
		return book.Entry{}, "", context.Canceled
	case res.Status != grade.Budget:
		return book.Entry{}, "", res.Failed()
	}
	return book.Entry{Grid: p.Grid, Solution: res.Solution, Rules: p.Rules, Level: labelLevel(p.Label, levels)}, "", nil
}

// labelLevel is the first word of a label that names one of levels (in
// any case: "Hard", "level: hard"), or "".
func labelLevel(label string, levels []string) string {
	for _, w := range strings.FieldsFunc(label, func(r rune) bool { return r == ' ' || r == '\t' || r == ':' || r == ';' || r == ',' || r == '=' }) {
		for _, l := range levels {
			if strings.EqualFold(w, l) {
				return l
			}
		}
	}
	return ""
}

// check returns the result of a puzzle whose grading ran over the budget
// before its solution was known, or of a variant's puzzle with its
// ratings: Budget with the solution (under the state's rules), Rated
// from the label's ratings when known, or why it has no entry.
func check(ctx context.Context, g *grade.Grader, st *sudoku.State, known *grade.Ratings) grade.Result {
	if err := st.Rules.Check(st.Grid()); err != nil {
		return grade.Result{Status: grade.Invalid, Err: err}
	}
	r := solve.For(st.Rules).CountStateContext(ctx, st, 2)
	switch {
	case r.Stopped:
		return grade.Result{Status: grade.Cancelled}
	case r.Count == 0:
		return grade.Result{Status: grade.Unsolvable}
	case r.Count > 1:
		return grade.Result{Status: grade.Multiple}
	}
	res := grade.Result{Status: grade.Budget}
	if known != nil {
		res = g.Grade(ctx, st, grade.Options{Known: known, Unique: true})
	}
	res.Solution = r.Solution
	return res
}

// Entry is the entry in a book of a puzzle (its grid; solution, its
// solution) graded as res says: a rated puzzle, or one beyond the
// techniques, shows its level and SE rating (ER, 20.0 beyond). A puzzle
// whose grading ran over the time budget goes in with its solution and
// without a level or rating, and note says so. Any other puzzle cannot
// go into a book: err says why, in res.Failed's words. The entry's rules
// are classic: the caller sets a variant's (book.Entry.Rules), as Grade
// does.
func Entry(grid, solution sudoku.Grid, res grade.Result) (e book.Entry, note string, err error) {
	switch {
	case res.Status.Graded():
		return book.Entry{Grid: grid, Solution: solution, Level: res.Level, Rating: res.SE().ER}, "", nil
	case res.Status == grade.Budget && solution != sudoku.Grid{}:
		return book.Entry{Grid: grid, Solution: solution}, unrated, nil
	case res.Status == grade.Budget:
		return book.Entry{}, "", fmt.Errorf("%w: grading took longer than the time budget before the solution was known", grade.ErrNotRated)
	}
	return book.Entry{}, "", res.Failed()
}

// BoardEntry makes the entry in a book of a puzzle of any size (a Board:
// 4x4 to 25x25; not numbered), with its solution, its rating on SE's
// scale from the grader at every size (g.GradeBoard, within g's time
// budget) and its level from the size's levels in g's configuration
// (config.Config.AtSize), as a 9x9 puzzle's entry has them. A board
// beyond what that grader covers at its size goes in with its size's
// last level and without a rating; one whose grading runs over the
// budget, with neither. A board that breaks the
// rules (a digit twice in a house), has no or several solutions, or whose
// solution is not found within the budget (g.BoardSolution) cannot go
// into a book: err says why, in the words of grade.Result.Failed; so does
// a context that ends while it is rated.
func BoardEntry(ctx context.Context, g *grade.Grader, b sudoku.Board) (book.Entry, error) {
	solution, err := g.BoardSolution(ctx, b)
	if err != nil {
		return book.Entry{}, err
	}
	puzzle := b.Clone()
	e := book.Entry{Board: &puzzle, BoardSolution: &solution}
	res, _ := g.GradeBoard(ctx, b, grade.Options{Unique: true})
	switch res.Status {
	case grade.Cancelled:
		if err := ctx.Err(); err != nil {
			return book.Entry{}, err
		}
		return book.Entry{}, context.Canceled
	case grade.Rated:
		e.Rating, e.Level = res.ER, res.Level
	case grade.Beyond:
		e.Level = res.Level
	}
	return e, nil
}

// Levels names a configuration's levels for a book, easiest first (to
// order its sections and rank the levels in page headers), and gives the
// line on each level's section page: its band of SE ratings and the
// techniques (switched on) whose easiest step falls in it; when they are
// many, their families.
//
// The levels of the other sizes (config.Config.AtSize) come after 9x9's
// when their names are not 9x9's, and their notes are keyed by
// book.SizedLevel: a 6x6 "hard" has its own band.
func Levels(cfg *config.Config) (levels []string, notes map[string]string) {
	levels = cfg.LevelNames()
	notes = map[string]string{}
	for _, l := range levels {
		notes[l] = levelNote(cfg, l)
	}
	for _, shape := range sudoku.Shapes() {
		at := cfg.AtSize(shape.N())
		if at == cfg {
			continue
		}
		for _, l := range at.LevelNames() {
			notes[book.SizedLevel(shape.N(), l)] = levelNote(at, l)
			if !slices.Contains(levels, l) {
				levels = append(levels, l)
			}
		}
	}
	return levels, notes
}

// levelNote is the line on a level's section page (of cfg's levels: a
// size's, from AtSize). The techniques it names are classic SE's.
func levelNote(cfg *config.Config, level string) string {
	rr, ok := cfg.LevelRange(level)
	if !ok {
		return ""
	}
	band := fmt.Sprintf("%s–%s", rr.Min, rr.Max)
	if rr.Max == 0 {
		band = fmt.Sprintf("%s and up", rr.Min)
	}
	var names, families []string
	for _, t := range techniques.Under(sudoku.Rules{}) { // classic puzzles
		if !t.SE || !cfg.TechniqueOn(t.Key, t.SE) || t.Ratings.Min < rr.Min || rr.Max != 0 && t.Ratings.Min > rr.Max {
			continue
		}
		names = append(names, t.Name)
		if f := string(t.Family); !slices.Contains(families, f) {
			families = append(families, f)
		}
	}
	note := "Sudoku Explainer rating " + band + "."
	switch {
	case len(names) == 0 || rr.Min <= 1.0 && rr.Max == 0: // none, or every one (4x4's only level)
		return note
	case len(names) > 8:
		return note + " Needs " + strings.Join(families, ", ") + ", besides the techniques of the easier levels."
	case rr.Min <= 1.0:
		return note + " Needs " + strings.Join(names, ", ") + "."
	}
	return note + " Needs " + strings.Join(names, ", ") + ", besides the techniques of the easier levels."
}
