package sudoku

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Rating is a rating on Sudoku Explainer's scale (1.0 for a full house up
// to 11.x for the hardest nested chains). It holds the float64 that SE's own
// arithmetic gives (such as 6.6 + 0.2 for a chain's length bonus), so that
// ratings compare exactly as they do in SE; people see it in tenths,
// rounded as SE rounds (String, Tenths, JSON).
type Rating float64

// RatingBeyond is Sudoku Explainer's code for a puzzle its rules cannot
// finish: SE's batch rater writes 20.0, and for EP and ED when they are not
// reached before the rules run out.
const RatingBeyond Rating = 20.0

// Tenths returns the rating in tenths, rounded as SE prints it: 62 for 6.2.
func (r Rating) Tenths() int { return int(math.Floor((float64(r) + 0.05) * 10)) }

// RatingOfTenths returns the rating of a number of tenths: 62 gives 6.2.
func RatingOfTenths(t int) Rating { return Rating(t) / 10 }

// String prints the rating with one decimal, as SE does: "6.2", "20.0".
func (r Rating) String() string {
	t := r.Tenths()
	return fmt.Sprintf("%d.%d", t/10, t%10)
}

// MarshalJSON writes the rating as a number with one decimal (6.2, 2.0).
func (r Rating) MarshalJSON() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalJSON reads a rating written as a number.
func (r *Rating) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return Invalidf("bad rating %s: want a number such as 6.2", b)
	}
	*r = Rating(v)
	return nil
}

// ParseRating reads a rating from 1.0 to 20.0 ("6.2", "7", "20.0").
func ParseRating(s string) (Rating, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 1.0 || v > float64(RatingBeyond) {
		return 0, Invalidf("bad rating %q: want a number from 1.0 to 20.0", s)
	}
	return Rating(v), nil
}

// RatingRange is a band of ratings, compared in tenths: Min <= r <= Max, or
// no upper bound when Max is 0.
type RatingRange struct {
	Min, Max Rating
}

// ParseRatingRange reads a band: "2.6-4.0", "7.6+" (no upper bound) or
// "4.5" (exactly that rating).
func ParseRatingRange(s string) (RatingRange, error) {
	var rr RatingRange
	var err error
	switch {
	case strings.HasSuffix(s, "+"):
		rr.Min, err = ParseRating(strings.TrimSuffix(s, "+"))
	case strings.Contains(s, "-"):
		lo, hi, _ := strings.Cut(s, "-")
		if rr.Min, err = ParseRating(lo); err != nil {
			return rr, err
		}
		if rr.Max, err = ParseRating(hi); err != nil {
			return rr, err
		}
		if rr.Min.Tenths() > rr.Max.Tenths() {
			return rr, Invalidf("rating range %q is empty: %s is above %s", s, strings.TrimSpace(lo), strings.TrimSpace(hi))
		}
	default:
		rr.Min, err = ParseRating(s)
		rr.Max = rr.Min
	}
	return rr, err
}

// Contains reports whether r is in the band.
func (rr RatingRange) Contains(r Rating) bool {
	t := r.Tenths()
	return t >= rr.Min.Tenths() && (rr.Max == 0 || t <= rr.Max.Tenths())
}

// String prints the band as ParseRatingRange reads it: "3.2", "4.5-5.1",
// "6.5+".
func (rr RatingRange) String() string {
	switch {
	case rr.Max == 0:
		return rr.Min.String() + "+"
	case rr.Max.Tenths() == rr.Min.Tenths():
		return rr.Min.String()
	}
	return rr.Min.String() + "-" + rr.Max.String()
}
