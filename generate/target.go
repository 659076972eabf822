package generate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"sudokit/config"
	"sudokit/grade"
	"sudokit/techniques"
)

// Target is what a generated puzzle must satisfy.
type Target struct {
	// MinER and MaxER bound the SE rating in tenths (MinER <= ER <= MaxER);
	// MaxER 0 means no upper bound.
	MinER, MaxER int
	// Require lists step kinds the solving path must use, such as "x-wing".
	Require []string
	// MinClues and MaxClues bound the number of givens (MaxClues 0: none).
	MinClues, MaxClues int
	// Beyond accepts a puzzle the techniques cannot finish (SE rates it
	// grade.MinBeyond, 20.0) when the band reaches that far.
	Beyond bool
}

// ParseRating reads an ER range: "2.6-4.0", "7.0+" (no upper bound) or
// "4.5" (exactly). It returns tenths.
func ParseRating(s string) (min, max int, err error) {
	tenths := func(x string) (int, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || v < 1.0 || v > 20 {
			return 0, fmt.Errorf("bad rating %q (want a number from 1.0 to 20.0)", x)
		}
		return techniques.RatingTenths(v), nil
	}
	switch {
	case strings.HasSuffix(s, "+"):
		min, err = tenths(strings.TrimSuffix(s, "+"))
		return min, 0, err
	case strings.Contains(s, "-"):
		lo, hi, _ := strings.Cut(s, "-")
		if min, err = tenths(lo); err != nil {
			return 0, 0, err
		}
		if max, err = tenths(hi); err != nil {
			return 0, 0, err
		}
		if min > max {
			return 0, 0, fmt.Errorf("rating range %q is empty: %s is above %s", s, lo, hi)
		}
		return min, max, nil
	default:
		min, err = tenths(s)
		return min, min, err
	}
}

// ParseClues reads a clue range "MIN-MAX" or a single number.
func ParseClues(s string) (min, max int, err error) {
	lo, hi, found := strings.Cut(s, "-")
	if !found {
		hi = lo
	}
	min, err1 := strconv.Atoi(strings.TrimSpace(lo))
	max, err2 := strconv.Atoi(strings.TrimSpace(hi))
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("bad clue range %q (want MIN-MAX, such as 22-26)", s)
	case min > max:
		return 0, 0, fmt.Errorf("clue range %q is empty", s)
	case max < 17:
		return 0, 0, fmt.Errorf("clue range %q is impossible: no sudoku with a unique solution has fewer than 17 clues", s)
	case min > 80:
		return 0, 0, fmt.Errorf("clue range %q is impossible: a puzzle has at most 80 clues", s)
	}
	return max2(min, 17), max, nil
}

func max2(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// ForLevel returns the rating band of a configured level.
func ForLevel(cfg *config.Config, name string) (min, max int, err error) {
	lo, hi, ok := cfg.LevelRange(name)
	if !ok {
		return 0, 0, fmt.Errorf("unknown level %q (levels: %s)", name, strings.Join(cfg.LevelNames(), ", "))
	}
	min = 10
	if lo >= 0 {
		min = techniques.RatingTenths(lo) + 1
	}
	if hi >= 0 {
		max = techniques.RatingTenths(hi)
	}
	return min, max, nil
}

// Check validates a target's technique names and clue range and returns it
// with Beyond set when the band reaches grade.MinBeyond.
func (t Target) Check(known []string) (Target, error) {
	for _, r := range t.Require {
		if !slices.Contains(known, r) {
			return t, fmt.Errorf("unknown technique %q for --require (known: %s)", r, strings.Join(known, ", "))
		}
	}
	beyond := techniques.RatingTenths(grade.MinBeyond)
	t.Beyond = (t.MaxER == 0 || t.MaxER >= beyond) && t.MinER <= beyond
	if t.MaxClues != 0 && t.MinClues > t.MaxClues {
		return t, fmt.Errorf("clue range %d-%d is empty", t.MinClues, t.MaxClues)
	}
	return t, nil
}

// accepts reports whether a graded puzzle meets the target.
func (t Target) accepts(res grade.Result) bool {
	switch res.Status {
	case grade.Rated:
		er := techniques.RatingTenths(res.ER)
		if er < t.MinER || (t.MaxER != 0 && er > t.MaxER) {
			return false
		}
	case grade.Beyond:
		if !t.Beyond {
			return false
		}
	default:
		return false
	}
	for _, r := range t.Require {
		if res.Usage[r] == nil {
			return false
		}
	}
	return true
}
