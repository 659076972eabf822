package grade

import (
	"fmt"
	"strings"
)

// RatingFromLabel reads SE ratings written after a puzzle: "ED=7.1/1.2/1.2"
// (SE's batch output, sudokit's line format) or "7.1/1.2/1.2" (as in QQWing
// samples). ok is false when the label holds none.
func RatingFromLabel(label string) (er, ep, ed float64, ok bool) {
	for _, f := range strings.Fields(label) {
		f = strings.TrimPrefix(f, "ED=")
		if n, _ := fmt.Sscanf(f, "%g/%g/%g", &er, &ep, &ed); n == 3 && er >= 1 && er <= 20 {
			return er, ep, ed, true
		}
	}
	return 0, 0, 0, false
}
