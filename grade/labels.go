package grade

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// RatingsFromLabel reads SE ratings written after a puzzle: "ED=7.1/1.2/1.2"
// (SE's batch output, sudokit's line format) or "7.1/1.2/1.2" (as in QQWing
// samples). ok is false when the label holds none.
func RatingsFromLabel(label string) (r Ratings, ok bool) {
	for _, f := range strings.Fields(label) {
		f = strings.TrimPrefix(f, "ED=")
		var er, ep, ed float64
		if n, _ := fmt.Sscanf(f, "%g/%g/%g", &er, &ep, &ed); n == 3 && er >= 1 && er <= float64(sudoku.RatingBeyond) {
			return Ratings{sudoku.Rating(er), sudoku.Rating(ep), sudoku.Rating(ed)}, true
		}
	}
	return Ratings{}, false
}

// IsStatus reports whether word is the name of a status ("rated",
// "budget", ...), as Status.String writes it.
func IsStatus(word string) bool { return slices.Contains(statusNames[:], word) }
