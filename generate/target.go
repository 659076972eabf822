package generate

import (
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// Target is what a generated puzzle must satisfy.
type Target struct {
	// Rating bounds the SE rating (ER); the zero band takes any. A band
	// that reaches 20.0 also takes puzzles beyond SE's rules, which SE
	// rates 20.0.
	Rating sudoku.RatingRange
	// Level is the configured level the band comes from ("" when none).
	Level string
	// Require lists technique keys the solving path must use.
	Require []string
	// MinClues and MaxClues bound the number of givens (MaxClues 0: none).
	MinClues, MaxClues int
}

// TargetSpec is a target as people write it, such as the generate
// command's flags.
type TargetSpec struct {
	Level   string   // a level of the configuration: "hard"
	Rating  string   // an ER band: "2.6-4.0", "7.6+" or "4.5"
	Clues   string   // a clue range "22-26", or a number
	Require []string // technique keys; an entry may hold several, comma-separated
}

// NewTarget reads a target: the level's band comes from cfg. Its errors
// are of kind sudoku.ErrInvalid.
func NewTarget(cfg *config.Config, spec TargetSpec) (Target, error) {
	var t Target
	var err error
	switch {
	case spec.Level != "" && spec.Rating != "":
		return t, sudoku.Invalidf("a level and a rating both set a rating band: use one")
	case spec.Level != "":
		rr, ok := cfg.LevelRange(spec.Level)
		if !ok {
			return t, sudoku.Invalidf("unknown level %q (levels: %s)", spec.Level, strings.Join(cfg.LevelNames(), ", "))
		}
		t.Rating, t.Level = rr, spec.Level
	case spec.Rating != "":
		if t.Rating, err = sudoku.ParseRatingRange(spec.Rating); err != nil {
			return t, err
		}
	}
	if spec.Clues != "" {
		if t.MinClues, t.MaxClues, err = parseClues(spec.Clues); err != nil {
			return t, err
		}
	}
	for _, r := range spec.Require {
		for _, k := range strings.Split(r, ",") {
			if k = strings.TrimSpace(k); k == "" {
				continue
			}
			if _, ok := techniques.Lookup(k); !ok {
				return t, config.UnknownTechnique(k, techniques.Keys())
			}
			t.Require = append(t.Require, k)
		}
	}
	return t, nil
}

// String describes the target for titles and messages: "hard", "rated
// 7.6+", or "" for any puzzle.
func (t Target) String() string {
	switch {
	case t.Level != "":
		return t.Level
	case t.Rating != sudoku.RatingRange{}:
		return "rated " + t.Rating.String()
	}
	return ""
}

// parseClues reads a clue range "MIN-MAX" or a single number.
func parseClues(s string) (lo, hi int, err error) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, sudoku.Invalidf("bad clue range %q (want MIN-MAX, such as 22-26)", s)
	case lo > hi:
		return 0, 0, sudoku.Invalidf("clue range %q is empty", s)
	case hi < 17:
		return 0, 0, sudoku.Invalidf("clue range %q is impossible: no sudoku with a unique solution has fewer than 17 clues", s)
	case lo > 80:
		return 0, 0, sudoku.Invalidf("clue range %q is impossible: a puzzle has at most 80 clues", s)
	}
	return max(lo, 17), hi, nil
}

// accepts reports whether a graded puzzle meets the target.
func (t Target) accepts(res grade.Result) bool {
	switch res.Status {
	case grade.Rated:
		if !t.Rating.Contains(res.ER) {
			return false
		}
	case grade.Beyond:
		if !t.Rating.Contains(sudoku.RatingBeyond) {
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
