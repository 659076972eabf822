package grade

import (
	"context"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Steps lists the steps available from a candidate state, easiest first
// (ties in the order grading tries the techniques): every step of every
// technique that is on, except chains, which are searched only when
// nothing simpler applies (then the steps of the first chaining technique
// that finds any). Two steps with the same technique and the same effect
// are listed once. The result's Status says why there is no list, as
// Next's does: Rated (with an empty list when the state is solved), Beyond
// when nothing applies, Invalid, Unsolvable, Multiple, Budget, Cancelled.
// st is not changed.
func (g *Grader) Steps(ctx context.Context, st *sudoku.State) ([]techniques.Step, Result) {
	solution, failed := g.check(ctx, st, false)
	if failed != nil {
		return nil, *failed
	}
	res := Result{Status: Rated, Solution: solution}
	s := st.Clone()
	if s.Solved() {
		return nil, res
	}
	parent := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	rules := g.rating
	if g.explain != nil {
		rules = g.explain
	}
	var steps []techniques.Step
	seen := map[string]bool{}
	for _, r := range rules {
		if r.p.Chain() && len(steps) > 0 {
			continue
		}
		r.p.Find(ctx, s, nil, func(step *techniques.Step) bool {
			if r.on != nil && !r.on[step.Technique] {
				return true
			}
			key := step.Technique + " " + step.Effects()
			if !seen[key] {
				seen[key] = true
				steps = append(steps, *step)
			}
			return true
		})
		if ctx.Err() != nil {
			if parent.Err() != nil {
				return nil, Result{Status: Cancelled}
			}
			return nil, Result{Status: Budget}
		}
	}
	if len(steps) == 0 {
		res.Status = Beyond
		return nil, res
	}
	slices.SortStableFunc(steps, func(a, b techniques.Step) int { return a.Rating.Tenths() - b.Rating.Tenths() })
	return steps, res
}
