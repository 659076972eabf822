// Package grade rates puzzles the way Sudoku Explainer does: it replays human
// techniques in SE's order, one step at a time, always applying the first
// step the first technique finds, and derives the ER/EP/ED ratings from the
// path.
package grade

import (
	"math"

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
)

var statusNames = [...]string{"rated", "beyond", "invalid", "unsolvable", "multiple"}

func (s Status) String() string { return statusNames[s] }

// Usage counts how one technique was used.
type Usage struct {
	Steps        int
	Placements   int
	Eliminations int
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
	// Err tells why a puzzle is Invalid.
	Err error
}

// Options tunes Grade.
type Options struct {
	// Techniques are tried in this order; nil means techniques.SE.
	Techniques []techniques.Technique
	// Path keeps every step in the Result.
	Path bool
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
	for !s.Solved() {
		var step *techniques.Step
		for _, t := range techs {
			t.Find(s, func(st *techniques.Step) bool {
				step = st
				return false
			})
			if step != nil {
				break
			}
		}
		if step == nil {
			res.Status = Beyond
			break
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
		if opt.Path {
			res.Path = append(res.Path, *step)
		}
	}
	if math.IsInf(res.ER, -1) {
		res.ER = 0
	}
	return res
}
