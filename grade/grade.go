// Package grade rates puzzles the way Sudoku Explainer does: it replays human
// techniques in SE's order, one step at a time, always applying the first
// step the first technique finds, and derives the ER/EP/ED ratings from the
// path.
package grade

import (
	"fmt"
	"math"
	"slices"
	"time"

	"sudokit/config"
	"sudokit/solve"
	"sudokit/sudoku"
	"sudokit/techniques"
)

// Status says whether a puzzle could be rated.
type Status int

// Statuses.
const (
	Rated      Status = iota // the techniques solved it: ER/EP/ED are SE's
	Beyond                   // the techniques ran out before the end
	Invalid                  // the givens break the rules
	Unsolvable               // no solution
	Multiple                 // more than one solution
	Over                     // stopped at a step rated above Options.StopAbove
	Budget                   // not rated: the time budget ran out
)

var statusNames = [...]string{"rated", "beyond", "invalid", "unsolvable", "multiple", "over", "budget"}

func (s Status) String() string { return statusNames[s] }

// Usage counts how one technique was used.
type Usage struct {
	Steps        int `json:"steps"`
	Placements   int `json:"placements"`
	Eliminations int `json:"eliminations"`
}

// Result is the grade of one puzzle.
type Result struct {
	Status Status
	// ER is the highest rating on the path, EP the highest up to the first
	// placement, ED the rating of the first step (SE's definitions). For a
	// puzzle rated Beyond, ER is the highest rating applied before the
	// techniques ran out, and EP/ED are 0 when not reached.
	ER, EP, ED float64
	// Hardest is the step that set ER.
	Hardest string
	// Path is every step applied, in order (kept when Options.Path is set).
	Path []techniques.Step
	// Usage counts steps, placements and eliminations per technique key.
	Usage map[string]*Usage
	// Steps is the number of steps applied.
	Steps int
	// Before holds the candidates before each step of Path, a placed cell
	// showing its digit (kept when Options.Snapshots is set).
	Before [][81]sudoku.Digits
	// Level is the configured level of the rating ("" when unknown).
	Level string
	// Err tells why a puzzle is Invalid.
	Err error
}

// Options tunes Grade.
type Options struct {
	// Techniques are tried in this order; nil means techniques.SE.
	Techniques []techniques.Technique
	// Path keeps every step in the Result.
	Path bool
	// Snapshots keeps the candidates before each step (implies Path).
	Snapshots bool
	// StopAbove, when positive, stops at the first step rated above it
	// (compared in tenths, as SE prints ratings): the result is Over and its
	// ER that step's rating, a lower bound of the real ER. A technique whose
	// steps all rate above it is not even tried.
	StopAbove float64
	// Budget, when positive, bounds the time spent on the puzzle: past it,
	// the result is Budget (not rated).
	Budget time.Duration
	// Cancel, when closed, stops the grading as a spent budget does.
	Cancel <-chan struct{}
}

// Grade rates a puzzle. It first checks that the puzzle has exactly one
// solution (grading is meaningless otherwise), then replays the techniques.
func Grade(g sudoku.Grid, opt Options) Result {
	if err := g.Validate(); err != nil {
		return Result{Status: Invalid, Err: err}
	}
	switch solve.Count(g, 2).Count {
	case 0:
		return Result{Status: Unsolvable}
	case 2:
		return Result{Status: Multiple}
	}
	return Replay(techniques.NewState(g), opt)
}

// Replay runs the techniques on a state until it is solved or no technique
// applies, without checking uniqueness first. The state is changed.
func Replay(s *techniques.State, opt Options) Result {
	techs := opt.Techniques
	if techs == nil {
		techs = techniques.SE
	}
	res := Result{Status: Rated, ER: math.Inf(-1), Usage: map[string]*Usage{}}
	if opt.Budget > 0 {
		s.Deadline = time.Now().Add(opt.Budget)
		defer func() { s.Deadline = time.Time{} }()
	}
	if opt.Cancel != nil {
		s.Cancel = opt.Cancel
		defer func() { s.Cancel = nil }()
	}
	for !s.Solved() {
		var step *techniques.Step
		for _, t := range techs {
			if opt.StopAbove > 0 && techniques.RatingTenths(t.Min) > techniques.RatingTenths(opt.StopAbove) {
				// Whatever this technique finds is too hard: the puzzle is
				// over the limit, rated at least t.Min.
				res.Status, res.ER, res.Hardest = Over, t.Min, t.Name
				return res
			}
			if t.First != nil {
				step = t.First(s)
			} else {
				t.Find(s, func(st *techniques.Step) bool {
					step = st
					return false
				})
			}
			if s.Expired() {
				// The search was cut short: its answer (or its silence) is
				// not SE's.
				res.Status = Budget
				return res
			}
			if step != nil {
				break
			}
		}
		if step == nil {
			res.Status = Beyond
			break
		}
		if opt.Snapshots {
			snap := s.Cands
			for i, v := range s.Values {
				if v != 0 {
					snap[i] = sudoku.DigitSet(int(v))
				}
			}
			res.Before = append(res.Before, snap)
		}
		if opt.StopAbove > 0 && techniques.RatingTenths(step.Rating) > techniques.RatingTenths(opt.StopAbove) {
			res.Status, res.ER, res.Hardest = Over, step.Rating, step.Name
			return res
		}
		s.Apply(step)
		res.Steps++
		if step.Rating > res.ER {
			res.ER, res.Hardest = step.Rating, step.Name
		}
		if res.EP == 0 {
			if res.ED == 0 {
				res.ED = res.ER
			}
			if step.Places() {
				res.EP = res.ER
			}
		}
		u := res.Usage[step.Technique]
		if u == nil {
			u = &Usage{}
			res.Usage[step.Technique] = u
		}
		u.Steps++
		u.Placements += len(step.Placements)
		u.Eliminations += len(step.Eliminations)
		if opt.Path || opt.Snapshots {
			res.Path = append(res.Path, *step)
		}
	}
	if math.IsInf(res.ER, -1) {
		res.ER = 0
	}
	return res
}

// MinBeyond is the rating of a puzzle the techniques cannot finish: Sudoku
// Explainer 1.2.1 rates such a puzzle 20.0. With SE's whole rule set (the
// default) no valid puzzle seen so far needs it; with techniques switched
// off in config.yaml, the puzzles that need them end up here.
const MinBeyond = 20.0

// Grader grades puzzles with the techniques and levels of a configuration.
type Grader struct {
	// Budget bounds the time per puzzle (0: none); from config.yaml.
	Budget time.Duration
	// Cancel, when closed, stops grading in progress (the result is then
	// Budget); callers set it from their context to stop promptly.
	Cancel <-chan struct{}

	cfg     *config.Config
	rating  []techniques.Technique // SE's techniques that are on, in SE's order
	explain []techniques.Technique // rating plus the extras that are on; nil without extras
}

// Keys lists every technique key, SE's first, for config validation.
func Keys() []string {
	var keys []string
	for _, t := range techniques.All() {
		keys = append(keys, t.Key)
	}
	return keys
}

// NewGrader returns a grader for cfg. Techniques missing from
// cfg.Techniques keep their default: SE's on, extras off.
func NewGrader(cfg *config.Config) (*Grader, error) {
	on := func(key string, def bool) bool {
		if v, ok := cfg.Techniques[key]; ok {
			return v
		}
		return def
	}
	for key := range cfg.Techniques {
		if !slices.Contains(Keys(), key) {
			return nil, fmt.Errorf("unknown technique %q", key)
		}
	}
	g := &Grader{cfg: cfg, Budget: cfg.Budget}
	for _, t := range techniques.SE {
		if on(t.Key, true) {
			g.rating = append(g.rating, t)
		}
	}
	var extras []techniques.Technique
	for _, t := range techniques.Extras {
		if on(t.Key, false) {
			extras = append(extras, t)
		}
	}
	if len(extras) > 0 {
		// The extras go where SE would start chaining, so that an
		// explanation uses them instead of a chain when it can.
		for _, t := range g.rating {
			if t.Chain && len(extras) > 0 {
				g.explain = append(g.explain, extras...)
				extras = nil
			}
			g.explain = append(g.explain, t)
		}
		g.explain = append(g.explain, extras...)
	}
	return g, nil
}

// Config returns the grader's configuration.
func (g *Grader) Config() *config.Config { return g.cfg }

// Grade rates a puzzle and names its level. The ratings always come from
// SE's techniques; when extras are on, Path, Usage and Steps come from a
// second pass that may use them where SE would need a chain.
func (g *Grader) Grade(grid sudoku.Grid, path, snapshots bool) Result {
	opt := Options{Techniques: g.rating, Path: path && g.explain == nil, Snapshots: snapshots && g.explain == nil,
		Budget: g.Budget, Cancel: g.Cancel}
	return g.finish(grid, Grade(grid, opt), path, snapshots)
}

// Within rates a puzzle known to have one solution (the uniqueness check is
// skipped), stopping as soon as a step is rated above max (0: no limit). It
// is the generator's grading: a candidate outside the target costs only the
// steps up to the first one that is too hard. When extras are on, the usage
// counts come from the explanation pass, as in Grade.
func (g *Grader) Within(grid sudoku.Grid, max float64) Result {
	res := Replay(techniques.NewState(grid), Options{Techniques: g.rating, StopAbove: max, Budget: g.Budget, Cancel: g.Cancel})
	return g.finish(grid, res, false, false)
}

// finish names the level of a rated or beyond result and, when extras are
// on, replaces its path and usage counts with those of the explanation pass.
func (g *Grader) finish(grid sudoku.Grid, res Result, path, snapshots bool) Result {
	switch res.Status {
	case Rated:
		res.Level = g.cfg.Level(res.ER)
	case Beyond:
		res.Level = g.cfg.LevelFrom(MinBeyond)
	default:
		return res
	}
	if g.explain != nil {
		ex := Replay(techniques.NewState(grid), Options{Techniques: g.explain, Path: path, Snapshots: snapshots, Budget: g.Budget, Cancel: g.Cancel})
		res.Path, res.Before, res.Usage, res.Steps = ex.Path, ex.Before, ex.Usage, ex.Steps
	}
	return res
}
