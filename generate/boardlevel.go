package generate

import "github.com/sudokit/sudokit/sudoku"

// boardLevelRatings are the ratings each technique level of sized
// generation gives (see BoardLevels): its techniques bound the hardest
// step from above, and what fails the puzzle from below.
var boardLevelRatings = map[string]sudoku.RatingRange{
	"easy":   {Min: 1.0, Max: 1.5}, // full houses and hidden singles
	"medium": {Min: 1.7, Max: 2.5}, // direct techniques and naked singles
	"hard":   {Min: 2.6, Max: 2.8}, // pointing and claiming
}

// BoardLevelPlan says how to make the puzzles of a named level of a
// size's levels (config.yaml's sizes), whose band of ratings is band: Dig
// is the technique level to dig by (BoardOptions.Level; "" to dig to the
// end), and Rate says whether the grader must check each candidate
// against the band (BoardOptions.Rate and Rating), because what Dig gives
// is not all inside it.
type BoardLevelPlan struct {
	Dig  string
	Rate bool
}

// PlanBoardLevel returns how to make the puzzles of level name with the
// ratings band: by the technique level of the same name when its ratings
// meet the band (easy, medium and hard of the built-in levels, which then
// need no grader: their techniques keep them inside it), else by digging
// to the end and keeping the puzzles the grader rates in the band (a
// level above hard, such as 16x16's diabolical, or a level of a
// configuration's own).
func PlanBoardLevel(name string, band sudoku.RatingRange) BoardLevelPlan {
	r, ok := boardLevelRatings[name]
	switch {
	case !ok || !meets(r, band):
		return BoardLevelPlan{Rate: true}
	case inside(r, band):
		return BoardLevelPlan{Dig: name}
	}
	return BoardLevelPlan{Dig: name, Rate: true}
}

// meets reports whether two bands share a rating (Max 0: no upper bound).
func meets(a, b sudoku.RatingRange) bool {
	return (b.Max == 0 || a.Min.Tenths() <= b.Max.Tenths()) && (a.Max == 0 || b.Min.Tenths() <= a.Max.Tenths())
}

// inside reports whether band a lies within band b.
func inside(a, b sudoku.RatingRange) bool {
	return a.Min.Tenths() >= b.Min.Tenths() && (b.Max == 0 || a.Max != 0 && a.Max.Tenths() <= b.Max.Tenths())
}

// IntersectRatings returns the ratings two bands share (Max 0: no upper
// bound), and false when they share none.
func IntersectRatings(a, b sudoku.RatingRange) (sudoku.RatingRange, bool) {
	if !meets(a, b) {
		return sudoku.RatingRange{}, false
	}
	out := sudoku.RatingRange{Min: a.Min, Max: a.Max}
	if b.Min.Tenths() > out.Min.Tenths() {
		out.Min = b.Min
	}
	if out.Max == 0 || b.Max != 0 && b.Max.Tenths() < out.Max.Tenths() {
		out.Max = b.Max
	}
	return out, true
}
