// Package suggest finds the known word nearest a mistyped one, for the
// "did you mean" of messages: an unknown configuration key or technique,
// an unknown command or flag. It is a leaf: the library (config, grade,
// generate) and the faces use it alike.
package suggest

import "github.com/xrash/smetrics"

// Nearest returns the word of known most like s (Jaro-Winkler similarity
// above 0.8), or "" when none is close.
func Nearest(s string, known []string) string {
	best, score := "", 0.8
	for _, k := range known {
		if x := smetrics.JaroWinkler(s, k, 0.7, 4); x > score {
			best, score = k, x
		}
	}
	return best
}
