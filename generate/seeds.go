package generate

import (
	_ "embed"
	"slices"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// hardestText is HardestDatabase 2011-06, the Sudoku Players' Forum's list
// of the hardest puzzles then known (375, SE 9.7 to 11.9), as tdoku's
// benchmark data keeps it (the puzzles of
// testdata/puzzles/forum-hardest-1106.txt), each with the ratings
// "sudokit grade -f se" gives it.
//
//go:embed hardest.txt
var hardestText string

// HardestSeeds returns the built-in seed pool of the vicinity search: the
// 375 puzzles of the forum's hardest list of June 2011 (ER 9.7 to 11.9),
// and their ratings (for VicinityOptions.From and FromRatings). The
// slices are the caller's.
func HardestSeeds() ([]sudoku.Grid, []grade.Ratings) {
	s := hardestSeeds()
	return slices.Clone(s.grids), slices.Clone(s.ratings)
}

type seedList struct {
	grids   []sudoku.Grid
	ratings []grade.Ratings
}

var hardestSeeds = sync.OnceValue(func() seedList {
	var s seedList
	for p, err := range sudoku.NewReader(strings.NewReader(hardestText), "hardest.txt").All() {
		if err != nil {
			panic("generate: the built-in seed list does not read: " + err.Error())
		}
		r, ok := grade.RatingsFromLabel(p.Label)
		if !ok {
			panic("generate: the built-in seed list has a puzzle without its ratings: " + p.Grid.String())
		}
		s.grids = append(s.grids, p.Grid)
		s.ratings = append(s.ratings, r)
	}
	return s
})

// patternsText holds the built-in clue patterns of a cold vicinity search.
//
//go:embed patterns.txt
var patternsText string

// HardPatterns returns the built-in clue patterns of a cold vicinity search
// (for VicinityOptions.ColdPatterns): sparse patterns whose puzzles rate far
// above random ones, such as the 21-clue "X" of the Players' Forum. The
// slice is the caller's.
func HardPatterns() []Pattern {
	return slices.Clone(hardPatterns())
}

var hardPatterns = sync.OnceValue(func() []Pattern {
	pats, err := ReadPatterns(strings.NewReader(patternsText), "patterns.txt")
	if err != nil {
		panic("generate: the built-in patterns do not read: " + err.Error())
	}
	return pats
})
