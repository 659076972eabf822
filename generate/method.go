package generate

import (
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Method is how puzzles are found.
type Method int

const (
	// MethodRandom fills a random grid and removes clues: Generator.Run.
	MethodRandom Method = iota
	// MethodVicinity searches the neighbourhood of the hardest puzzles
	// known or found: Generator.Vicinity.
	MethodVicinity
)

// String names the method as the command line's --method does.
func (m Method) String() string {
	if m == MethodVicinity {
		return "vicinity"
	}
	return "random"
}

// MethodFor returns the method that finds puzzles for a target: the
// vicinity search when the target's band starts above SpreadTop, which
// random generation almost never reaches, and random generation
// otherwise. The command line's --method auto and the server's generate
// both choose by it.
func MethodFor(t Target) Method {
	if t.Rating.Min.Tenths() > SpreadTop.Tenths() {
		return MethodVicinity
	}
	return MethodRandom
}

// HardestSeedsFor returns the built-in seed pool of a vicinity search
// (HardestSeeds) for a Generator that grades with cfg: with the list's
// ratings, which are Sudoku Explainer's, only when every technique of SE
// is on in cfg; otherwise the ratings are nil and the search rates the
// seeds as cfg does.
func HardestSeedsFor(cfg *config.Config) ([]sudoku.Grid, []grade.Ratings) {
	grids, ratings := HardestSeeds()
	if !ratesAsSE(cfg) {
		ratings = nil
	}
	return grids, ratings
}

// ratesAsSE reports whether every technique of Sudoku Explainer is on in
// cfg, so that its ratings are SE's (techniques beyond SE's may be on too).
func ratesAsSE(cfg *config.Config) bool {
	for _, t := range techniques.All() {
		if t.SE && !cfg.TechniqueOn(t.Key, true) {
			return false
		}
	}
	return true
}
