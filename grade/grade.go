// Package grade rates puzzles the way Sudoku Explainer does: it replays human
// techniques in SE's order, one step at a time, always applying the first
// step the first technique finds, and derives the ER/EP/ED ratings from the
// path. Grader.Grade is the one entry point for rating; its Options select
// the path, the candidates before each step, and an early stop for the
// generator. Grader.Next gives the one next step from a candidate state.
package grade

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Status says whether a puzzle could be rated.
type Status int

// Statuses.
const (
	Rated      Status = iota // the techniques solved it: ER/EP/ED are SE's
	Beyond                   // the techniques ran out before the end (SE: 20.0)
	Invalid                  // the givens break the rules
	Unsolvable               // no solution
	Multiple                 // more than one solution
	Over                     // stopped at a step rated above Options.StopAbove
	Budget                   // not rated: the time budget ran out
	Cancelled                // not rated: the caller's context was done
)

var statusNames = [...]string{"rated", "beyond", "invalid", "unsolvable", "multiple", "over", "budget", "cancelled"}

func (s Status) String() string { return statusNames[s] }

// Graded reports whether the status carries ratings: rated, or beyond the
// rules.
func (s Status) Graded() bool { return s == Rated || s == Beyond }

// Usage counts how one technique was used.
type Usage struct {
	Steps        int `json:"steps"`
	Placements   int `json:"placements"`
	Eliminations int `json:"eliminations"`
}

// Ratings are a puzzle's three ratings on Sudoku Explainer's scale: ER,
// the hardest step; EP, the hardest step up to the first placement; ED,
// the first step.
type Ratings struct {
	ER, EP, ED sudoku.Rating
}

// String writes the ratings as SE's batch rater does: "2.6/1.2/1.2".
func (r Ratings) String() string { return r.ER.String() + "/" + r.EP.String() + "/" + r.ED.String() }

// Result is the grade of one puzzle.
type Result struct {
	Status Status
	// Ratings are SE's for a rated puzzle. For a puzzle beyond the rules,
	// ER is the highest rating applied before they ran out, and EP and ED
	// are 0 when not reached (SE's own codes come from SE). For a puzzle
	// over StopAbove, ER is the rating of the step that stopped it.
	Ratings
	// Hardest names the step that set ER.
	Hardest string
	// Path is every step applied, in order (kept with Options.Path).
	Path []techniques.Step
	// Before holds the state before each step of Path (kept with
	// Options.Candidates).
	Before []sudoku.State
	// Usage counts steps, placements and eliminations per technique key.
	Usage map[string]*Usage
	// Steps is the number of steps applied.
	Steps int
	// Level is the configured level of the rating ("" when not graded).
	Level string
	// Solution is the puzzle's solution, when the uniqueness check ran and
	// found exactly one.
	Solution sudoku.Grid
	// Err tells why a puzzle is Invalid.
	Err error
}

// SE returns the ratings as Sudoku Explainer's batch rater writes them: a
// rated puzzle's own; for a puzzle beyond the rules, 20.0 for ER and for
// EP and ED not reached; 0.0 for a puzzle not rated.
func (r Result) SE() Ratings {
	switch r.Status {
	case Rated:
		return r.Ratings
	case Beyond:
		rs := Ratings{sudoku.RatingBeyond, r.EP, r.ED}
		if rs.EP == 0 {
			rs.EP = sudoku.RatingBeyond
		}
		if rs.ED == 0 {
			rs.ED = sudoku.RatingBeyond
		}
		return rs
	}
	return Ratings{}
}

// Options tunes one grading.
type Options struct {
	// Path keeps every step in Result.Path.
	Path bool
	// Candidates keeps the candidates before each step (implies Path).
	Candidates bool
	// StopAbove, when positive, stops at the first step rated above it
	// (compared in tenths): the result is Over, its ER that step's rating,
	// a lower bound of the real ER. A technique whose steps all rate above
	// it is not even tried. The generator's grading: a candidate outside
	// the target costs only the steps up to the first that is too hard.
	StopAbove sudoku.Rating
	// Unique says that the caller knows the puzzle has exactly one
	// solution (the generator makes only such puzzles): the check is
	// skipped and Result.Solution is left empty.
	Unique bool
	// Workers is how many goroutines the chain searches of this puzzle may
	// use (0 or 1: the caller's alone). A batch with fewer puzzles than
	// cores can give each puzzle more than one. The ratings, the path and
	// every step are the same for any number of workers.
	Workers int
	// Known holds ratings already known for the puzzle (from its label,
	// written by an earlier run): the techniques are not replayed; the
	// uniqueness check still runs.
	Known *Ratings
}

// Grader grades puzzles with the techniques, levels and time budget of a
// configuration. It is safe for concurrent use.
type Grader struct {
	cfg    *config.Config
	killer *config.Config // cfg with the killer levels
	budget time.Duration
	// rating are SE's producers that are on, in SE's order; explain adds
	// the extras that are on (nil without extras).
	rating, explain []rule
}

// rule is a producer the grader runs; on lists its techniques that are on
// when some are off (nil: all are on).
type rule struct {
	p   *techniques.Producer
	on  map[string]bool
	min sudoku.Rating // the lowest rating of its techniques that are on
	// easiest names the technique rated min.
	easiest string
}

// first returns the first step of the rule's techniques that are on; sess
// is the session of the puzzle's path.
func (r rule) first(ctx context.Context, s *techniques.State, sess *techniques.Session) *techniques.Step {
	if r.on == nil {
		return r.p.First(ctx, s, sess)
	}
	var first *techniques.Step
	r.p.Find(ctx, s, sess, func(st *techniques.Step) bool {
		if r.on[st.Technique] {
			first = st
			return false
		}
		return true
	})
	return first
}

// New returns a grader for cfg. A technique missing from cfg.Techniques
// keeps its default: SE's on, extras off.
func New(cfg *config.Config) (*Grader, error) {
	for key := range cfg.Techniques {
		if _, ok := techniques.Lookup(key); !ok {
			return nil, config.UnknownTechnique(key, techniques.Keys())
		}
	}
	g := &Grader{cfg: cfg, killer: cfg.ForKiller(), budget: cfg.Budget}
	var extras []rule
	for _, p := range techniques.Producers() {
		r := rule{p: p, on: map[string]bool{}, min: -1}
		all := true
		for _, t := range p.Techniques() {
			on, ok := cfg.Techniques[t.Key]
			if !ok {
				on = t.SE
			}
			if !on {
				all = false
				continue
			}
			r.on[t.Key] = true
			if r.min < 0 || t.Ratings.Min < r.min {
				r.min, r.easiest = t.Ratings.Min, t.Name
			}
		}
		switch {
		case len(r.on) == 0:
			continue
		case all:
			r.on = nil
		}
		if p.SE() {
			g.rating = append(g.rating, r)
		} else {
			extras = append(extras, r)
		}
	}
	if len(extras) > 0 {
		// The extras go where SE would start chaining, so that an
		// explanation uses them instead of a chain when it can.
		for _, r := range g.rating {
			if r.p.Chain() && len(extras) > 0 {
				g.explain = append(g.explain, extras...)
				extras = nil
			}
			g.explain = append(g.explain, r)
		}
		g.explain = append(g.explain, extras...)
	}
	return g, nil
}

// Grade rates a puzzle from a candidate state (sudoku.NewState(grid) for a
// puzzle given by its givens; a person's pencil marks; a state midway along
// a path) and names its level. It first checks that the state has exactly
// one solution (grading is meaningless otherwise), then replays the
// techniques from it, within the configured time budget; past it the result
// is Budget, and when ctx is done, Cancelled. The ratings always come from
// SE's techniques; when extras are on, Path, Usage and Steps come from a
// second pass that may use them where SE would need a chain. st is not
// changed.
func (g *Grader) Grade(ctx context.Context, st *sudoku.State, opt Options) Result {
	solution, failed := g.check(ctx, st, opt.Unique)
	if failed != nil {
		return *failed
	}
	if opt.Known != nil {
		res := Result{Status: Rated, Ratings: *opt.Known, Solution: solution}
		if res.ER.Tenths() >= sudoku.RatingBeyond.Tenths() {
			res.Status = Beyond
		}
		res.Level = g.levels(st.Rules).Level(res.ER)
		return res
	}
	opt.Path = opt.Path || opt.Candidates
	pass := opt
	if g.explain != nil {
		pass.Path, pass.Candidates = false, false
	}
	res := g.replay(ctx, st.Clone(), g.rating, pass, 0)
	res.Solution = solution
	switch res.Status {
	case Rated:
		res.Level = g.levels(st.Rules).Level(res.ER)
	case Beyond:
		res.Level = g.levels(st.Rules).Level(sudoku.RatingBeyond)
	default:
		return res
	}
	if g.explain != nil {
		ex := g.replay(ctx, st.Clone(), g.explain, Options{Path: opt.Path, Candidates: opt.Candidates, Workers: opt.Workers}, 0)
		if !ex.Status.Graded() {
			res.Status = ex.Status
			return res
		}
		res.Path, res.Before, res.Usage, res.Steps = ex.Path, ex.Before, ex.Usage, ex.Steps
	}
	return res
}

// levels returns the configuration whose levels name the ratings of
// puzzles under the rules: a killer's have levels of their own.
func (g *Grader) levels(r sudoku.Rules) *config.Config {
	if r.HasCages() {
		return g.killer
	}
	return g.cfg
}

// check returns the solution of a state, or the result of a state that
// cannot be graded: one that breaks the rules, or has not exactly one
// solution. With unique, the caller vouches for the solution, which is
// not sought.
func (g *Grader) check(ctx context.Context, st *sudoku.State, unique bool) (sudoku.Grid, *Result) {
	if err := st.Rules.Check(st.Grid()); err != nil {
		return sudoku.Grid{}, &Result{Status: Invalid, Err: err}
	}
	if st.Check() != nil {
		return sudoku.Grid{}, &Result{Status: Unsolvable}
	}
	if unique {
		return sudoku.Grid{}, nil
	}
	// The search gets the budget too: an adversarial candidate state can
	// keep it going for seconds.
	search := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		search, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	r := solve.For(st.Rules).CountStateContext(search, st, 2)
	switch {
	case r.Stopped && ctx.Err() != nil:
		return sudoku.Grid{}, &Result{Status: Cancelled}
	case r.Stopped:
		return sudoku.Grid{}, &Result{Status: Budget}
	}
	switch r.Count {
	case 0:
		return sudoku.Grid{}, &Result{Status: Unsolvable}
	case 2:
		return sudoku.Grid{}, &Result{Status: Multiple}
	}
	return r.Solution, nil
}

// Next returns the step that comes next from a candidate state, as
// grading takes it (with the extras that are on, as an explanation takes
// it): the hint for a person at that state. The result is Rated with the
// step alone in Path (an empty Path when the state is solved), Beyond when
// no technique applies, or why there is no step, as Grade says: Invalid,
// Unsolvable (a wrong digit or elimination on the way), Multiple, Budget,
// Cancelled. Of opt, only Workers counts: the goroutines the step's chain
// search may use (the step found does not depend on it). st is not
// changed.
func (g *Grader) Next(ctx context.Context, st *sudoku.State, opt Options) Result {
	solution, failed := g.check(ctx, st, false)
	if failed != nil {
		return *failed
	}
	rules := g.rating
	if g.explain != nil {
		rules = g.explain
	}
	res := g.replay(ctx, st.Clone(), rules, Options{Path: true, Workers: opt.Workers}, 1)
	res.Solution = solution
	return res
}

// replay runs the rules on a state until it is solved, no rule applies, or
// it has taken limit steps (0: no limit), within the grader's budget. The
// state is changed.
func (g *Grader) replay(ctx context.Context, s *techniques.State, rules []rule, opt Options, limit int) Result {
	parent := ctx
	if g.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.budget)
		defer cancel()
	}
	stopped := func() Result {
		if parent.Err() != nil {
			return Result{Status: Cancelled}
		}
		return Result{Status: Budget}
	}
	// One session for the whole path: the chaining producers share what
	// they find on one state, and some of it from state to state.
	sess := techniques.NewSession(opt.Workers)
	rules = applicable(rules, s.Rules)
	res := Result{Status: Rated, Ratings: Ratings{ER: -1}, Usage: map[string]*Usage{}}
	for !s.Solved() && (limit == 0 || res.Steps < limit) {
		var step *techniques.Step
		for _, r := range rules {
			if opt.StopAbove > 0 && r.min.Tenths() > opt.StopAbove.Tenths() {
				// Whatever this rule finds is too hard: the puzzle is over
				// the limit, rated at least r.min.
				res.Status, res.ER, res.Hardest = Over, r.min, r.easiest
				return res
			}
			step = r.first(ctx, s, sess)
			if ctx.Err() != nil {
				// The search was cut short: its answer (or its silence) is
				// not SE's.
				return stopped()
			}
			if step != nil {
				break
			}
		}
		if step == nil {
			res.Status = Beyond
			break
		}
		if opt.StopAbove > 0 && step.Rating.Tenths() > opt.StopAbove.Tenths() {
			res.Status, res.ER, res.Hardest = Over, step.Rating, step.Name
			return res
		}
		if opt.Candidates {
			res.Before = append(res.Before, *s)
		}
		step.ApplyTo(s)
		res.add(step, opt.Path)
	}
	if res.ER < 0 {
		res.ER = 0
	}
	return res
}

// applicable returns the rules that apply under the rules of a grid (see
// techniques.Technique.Scope): Sukaku Explainer's two non-consecutive
// techniques apply to non-consecutive puzzles alone, and a technique
// that assumes the boxes to classic puzzles alone. A rule left out is
// neither tried nor bounds StopAbove.
func applicable(rules []rule, r sudoku.Rules) []rule {
	out := make([]rule, 0, len(rules))
	for _, ru := range rules {
		if ru.p.Applies(r) {
			out = append(out, ru)
		}
	}
	return out
}

// add counts an applied step in the result.
func (res *Result) add(step *techniques.Step, keep bool) {
	res.Steps++
	if res.Ratings.take(step.Rating, step.Places()) {
		res.Hardest = step.Name
	}
	countUsage(res.Usage, step.Technique, len(step.Placements), len(step.Eliminations))
	if keep {
		res.Path = append(res.Path, *step)
	}
}

// take counts a step of rating r, which places digits or not, in the
// ratings as SE does: ER is the hardest step, EP the hardest up to the
// first placement, ED the hardest up to the first step. It reports
// whether the step raised ER (it is the new hardest).
func (r *Ratings) take(rating sudoku.Rating, places bool) (hardest bool) {
	if rating > r.ER {
		r.ER, hardest = rating, true
	}
	if r.EP == 0 {
		if r.ED == 0 {
			r.ED = r.ER
		}
		if places {
			r.EP = r.ER
		}
	}
	return hardest
}

// countUsage counts a step of a technique, its placements and
// eliminations, in usage.
func countUsage(usage map[string]*Usage, technique string, placements, eliminations int) {
	u := usage[technique]
	if u == nil {
		u = &Usage{}
		usage[technique] = u
	}
	u.Steps++
	u.Placements += placements
	u.Eliminations += eliminations
}

// ErrNotRated is wrapped by the error Result.Failed returns for a puzzle
// that has no rating.
var ErrNotRated = errors.New("not rated")

// Failed returns why the result has no rating, in words for people, or nil
// for a graded puzzle (rated, or beyond the rules).
func (r Result) Failed() error {
	switch r.Status {
	case Rated, Beyond:
		return nil
	case Invalid:
		return r.Err
	case Unsolvable:
		return fmt.Errorf("no solution, %w", ErrNotRated)
	case Multiple:
		return fmt.Errorf("several solutions, %w", ErrNotRated)
	case Budget:
		return fmt.Errorf("%w (budget): grading took longer than the time budget", ErrNotRated)
	case Over:
		return fmt.Errorf("%w: a step rated %v is above the bound", ErrNotRated, r.ER)
	}
	return fmt.Errorf("%w: interrupted", ErrNotRated)
}
