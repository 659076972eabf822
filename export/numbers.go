package export

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Duration formats d for people, with three significant digits and ASCII
// units: "850 ns", "13 us", "1.2 ms", "4.56 s".
func Duration(d time.Duration) string {
	f := float64(d)
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return sig3(f/1e3) + " us"
	case d < time.Second:
		return sig3(f/1e6) + " ms"
	default:
		return sig3(f/1e9) + " s"
	}
}

// sig3 prints a value in [1, 1000) with about three significant digits.
func sig3(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

// Thousands formats n with commas between groups of three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// Rate formats a rate for people as a plain number with about three
// significant digits, never in exponent form: "7,960", "312", "4.56",
// "0.0123".
func Rate(v float64) string {
	switch {
	case v >= 999.5:
		return Thousands(int64(math.Round(v)))
	case v >= 1:
		return sig3(v)
	case v <= 0:
		return "0"
	}
	digits := 2 - int(math.Floor(math.Log10(v)))
	return strconv.FormatFloat(v, 'f', digits, 64)
}

// Count writes a number of things with the noun in the singular for one
// and in the plural (noun + "s") otherwise: "1 candidate", "7,960
// candidates".
func Count[N ~int | ~int64](n N, noun string) string {
	if n == 1 || n == -1 {
		return Thousands(int64(n)) + " " + noun
	}
	return Thousands(int64(n)) + " " + noun + "s"
}
