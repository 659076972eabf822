package grade

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques/sized"
)

// This file grades a sudoku.Board of any size (4x4 to 25x25) with the
// sized finders of package techniques/sized: SE's ladder, generalised to N
// digits, up to the hidden quad with unique rectangles of type 1, then
// SE's bidirectional cycles and static forcing chains. Classic grids keep
// Grader.Grade, which has all of SE's techniques.

// BoardResult is the grade of a Board.
type BoardResult struct {
	// Status is Rated when the ladder solved the board, Beyond when it ran
	// out of techniques (ER is then the hardest step applied so far, a
	// lower bound), Over when a step or a rung was above
	// Options.StopAbove.
	Status Status
	// Ratings are SE's ratings of the path: for a rated board, the same
	// ratings SE's scale gives its techniques at every size.
	Ratings
	// Hardest names the step that set ER.
	Hardest string
	// Path is every step applied, in order (kept with Options.Path).
	Path []sized.Step
	// Usage counts steps, placements and eliminations per technique key.
	Usage map[string]*Usage
	// Steps is the number of steps applied.
	Steps int
	// Shape is the board's shape.
	Shape sudoku.Shape
	// Solution is the board's solution, when the uniqueness check ran.
	Solution sudoku.Board
}

// Rating describes the result's rating for people: "2.6 (Pointing)"; for
// a board beyond the ladder, "beyond what sudokit grades at 16x16 (hardest
// step before: 3.4, Hidden Pair)".
func (r BoardResult) Rating() string {
	switch r.Status {
	case Rated:
		return fmt.Sprintf("%v (%s)", r.ER, r.Hardest)
	case Beyond:
		if r.Steps == 0 {
			return fmt.Sprintf("beyond what sudokit grades at %s (no step found)", r.Shape)
		}
		return fmt.Sprintf("beyond what sudokit grades at %s (hardest step before: %v, %s)", r.Shape, r.ER, r.Hardest)
	case Over:
		return fmt.Sprintf("above the bound: at least %v (%s)", r.ER, r.Hardest)
	}
	return r.Status.String()
}

// Board grades a board of any shape by human technique, as Grade does a
// classic grid: it checks that the board has exactly one solution (unless
// opt.Unique), then applies, step by step, the first step of the first
// technique of the sized ladder that finds one (see package
// techniques/sized), until the board is solved or no technique applies
// (Beyond: the rating says the board is beyond what sudokit grades at
// that size, rather than guessing). Of opt, Path, StopAbove and Unique
// count. Its error says why a board cannot be graded: invalid (of kind
// sudoku.ErrInvalid), no solution, several solutions (wrapping
// ErrNotRated), or ctx done.
func Board(ctx context.Context, b sudoku.Board, opt Options) (BoardResult, error) {
	st, err := sized.NewState(b)
	if err != nil {
		return BoardResult{Status: Invalid, Shape: b.Shape}, fmt.Errorf("grade: %w", err)
	}
	res := BoardResult{Shape: b.Shape}
	if !opt.Unique {
		sol, status, err := uniqueSolution(ctx, b)
		if err != nil {
			res.Status = status
			return res, err
		}
		res.Solution = sol
	}
	err = replayBoard(ctx, st, opt, 0, &res)
	return res, err
}

// GradeBoard grades a board of any size as Board does, within the
// grader's time budget, and also gives the result in Grade's terms, for
// the writers of graded rows: its Status (Invalid with Err, Unsolvable,
// Multiple, Budget or Cancelled for a board that was not graded; a board
// beyond the ladder is Beyond, which SE writes 20.0), ratings, hardest
// step, usage and steps, and its Level from the board's size's levels
// (config.Config.AtSize; a board beyond the ladder takes the last); no
// Path: the board's steps are the BoardResult's.
// Of opt, Path and Unique count.
func (g *Grader) GradeBoard(ctx context.Context, b sudoku.Board, opt Options) (Result, BoardResult) {
	inner := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		inner, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	br, err := Board(inner, b, Options{Path: opt.Path || opt.Candidates, Unique: opt.Unique})
	res := Result{Status: br.Status, Ratings: br.Ratings, Hardest: br.Hardest, Usage: br.Usage, Steps: br.Steps}
	if err != nil {
		res.Status = boardStatus(ctx, br.Status, err)
		if res.Status == Invalid {
			res.Err = errors.Unwrap(err)
		}
		res.Ratings, res.Hardest, res.Usage, res.Steps = Ratings{}, "", nil, 0
		return res, br
	}
	levels := g.cfg.AtSize(b.Shape.N())
	switch res.Status {
	case Rated:
		res.Level = levels.Level(res.ER)
	case Beyond:
		res.Level = levels.Level(sudoku.RatingBeyond)
	}
	return res, br
}

// BoardSolution returns the solution of a board of any size (its cages
// too) that has exactly one, sought within the grader's time budget. Its
// error says why there is none, in the words of Result.Failed (the board
// breaks the rules, has no solution or several, or the search ran over
// the budget), or is ctx's error when ctx is done first. A book's entry
// takes it before grading.
func (g *Grader) BoardSolution(ctx context.Context, b sudoku.Board) (sudoku.Board, error) {
	if err := b.Validate(); err != nil {
		return sudoku.Board{}, err
	}
	inner := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		inner, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	sol, status, err := uniqueSolution(inner, b)
	if err == nil {
		return sol, nil
	}
	if status = boardStatus(ctx, status, err); status == Cancelled {
		if err := ctx.Err(); err != nil {
			return sudoku.Board{}, err
		}
		return sudoku.Board{}, context.Canceled
	}
	return sudoku.Board{}, Result{Status: status}.Failed()
}

// boardStatus is the status of a board that Board or NextBoard could not
// grade: the status they set (Invalid, Unsolvable, Multiple), else Budget
// when the grader's budget ran out before the caller's ctx was done, else
// Cancelled.
func boardStatus(ctx context.Context, status Status, err error) Status {
	switch {
	case status == Invalid || status == Unsolvable || status == Multiple:
		return status
	case errors.Is(err, sudoku.ErrInvalid):
		return Invalid
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		return Budget
	}
	return Cancelled
}

// uniqueSolution returns the solution of a board that has exactly one,
// else the status of a board that has none (Unsolvable) or several
// (Multiple), or Cancelled with ctx's error when ctx is done first (a
// sparse board can keep the search going for minutes).
func uniqueSolution(ctx context.Context, b sudoku.Board) (sudoku.Board, Status, error) {
	r := solve.CountBoardContext(ctx, b, 2)
	if r.Stopped {
		return sudoku.Board{}, Cancelled, fmt.Errorf("grade: %w", ctx.Err())
	}
	switch r.Count {
	case 0:
		return sudoku.Board{}, Unsolvable, fmt.Errorf("grade: no solution, %w", ErrNotRated)
	case 1:
		return r.Solution, Rated, nil
	}
	return sudoku.Board{}, Multiple, fmt.Errorf("grade: several solutions, %w", ErrNotRated)
}

// NextBoard returns the hint at a candidate state of a board: the step
// grading takes next from it, alone in Path (an empty Path when the board
// is solved; Status Beyond when no technique of the ladder applies). Its
// error says why there is no hint: the placed digits have no solution or
// several, or a candidate of the solution has been removed (a wrong
// elimination on the way), named by its cell. st is not changed.
func NextBoard(ctx context.Context, st *sized.State) (BoardResult, error) {
	b := st.Board()
	res := BoardResult{Shape: b.Shape}
	sol, status, err := uniqueSolution(ctx, b)
	if err != nil {
		res.Status = status
		return res, err
	}
	res.Solution = sol
	for c, v := range st.Values {
		if v == 0 && st.Cands[c]>>sol.Cells[c]&1 == 0 {
			res.Status = Unsolvable
			return res, fmt.Errorf("grade: %s has lost candidate %d, which its solution needs, %w",
				b.Shape.CellName(c), sol.Cells[c], ErrNotRated)
		}
	}
	err = replayBoard(ctx, st.Clone(), Options{Path: true}, 1, &res)
	return res, err
}

// replayBoard applies the ladder's steps to s until it is solved, no rung
// applies, or limit steps are taken (0: no limit), filling res.
func replayBoard(ctx context.Context, s *sized.State, opt Options, limit int, res *BoardResult) error {
	rungs := sized.Ladder()
	res.Status, res.ER, res.Usage = Rated, -1, map[string]*Usage{}
	for !s.Solved() && (limit == 0 || res.Steps < limit) {
		if err := ctx.Err(); err != nil {
			res.Status = Cancelled
			return fmt.Errorf("grade: %w", err)
		}
		var step *sized.Step
		for _, r := range rungs {
			if opt.StopAbove > 0 && r.Min().Tenths() > opt.StopAbove.Tenths() {
				res.Status, res.ER, res.Hardest = Over, r.Min(), r.Keys[0]
				return nil
			}
			if step = r.First(s); step != nil {
				break
			}
		}
		if step == nil {
			res.Status = Beyond
			break
		}
		if opt.StopAbove > 0 && step.Rating.Tenths() > opt.StopAbove.Tenths() {
			res.Status, res.ER, res.Hardest = Over, step.Rating, step.Name
			return nil
		}
		step.ApplyTo(s)
		res.addBoard(step, opt.Path)
	}
	if res.ER < 0 {
		res.ER = 0
	}
	return nil
}

// addBoard counts an applied step in the result, as Result.add does.
func (res *BoardResult) addBoard(step *sized.Step, keep bool) {
	res.Steps++
	if res.Ratings.take(step.Rating, step.Places()) {
		res.Hardest = step.Name
	}
	countUsage(res.Usage, step.Technique, len(step.Placements), len(step.Eliminations))
	if keep {
		res.Path = append(res.Path, *step)
	}
}

// NextBoard returns the hint at a candidate state of a board as the
// function NextBoard does, within the grader's time budget; a board that
// gives no step has its status (Invalid, Unsolvable, Multiple, Budget,
// Cancelled) in the result.
func (g *Grader) NextBoard(ctx context.Context, st *sized.State) (BoardResult, error) {
	inner := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		inner, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	res, err := NextBoard(inner, st)
	if err != nil {
		res.Status = boardStatus(ctx, res.Status, err)
	}
	return res, err
}
