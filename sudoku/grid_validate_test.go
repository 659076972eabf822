package sudoku

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestValidateOutOfRange checks that a digit out of range after a repeated
// digit is reported, not a panic (found by the canon fuzzer).
func TestValidateOutOfRange(t *testing.T) {
	var g Grid
	g[7], g[9], g[18], g[19] = 1, 1, 1, 10 // r1c8=1, r2c1=1 and r3c1=1 repeat; r3c2 holds 10
	err := g.Validate()
	if err == nil || !strings.Contains(err.Error(), "holds 10, want 0..9") {
		t.Errorf("Validate: %v", err)
	}
}

// TestValidateIsFirstConflict checks Validate's fast path against the
// plain search it falls back on (firstConflict, units in order, cells in
// reading order): on random grids, sparse to full, with and without
// repetitions and digits out of range, both say the same.
func TestValidateIsFirstConflict(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 1))
	conflicts := 0
	for n := range 20000 {
		var g Grid
		filled := rng.IntN(82)
		for range filled {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		if n%50 == 0 {
			g[rng.IntN(81)] = uint8(10 + rng.IntN(246))
		}
		got, want := fmt.Sprint(g.Validate()), fmt.Sprint(g.firstConflict())
		if got != want {
			t.Fatalf("%v: Validate says %s, firstConflict %s", g, got, want)
		}
		if want != "<nil>" {
			conflicts++
		}
	}
	if conflicts < 1000 || conflicts > 19000 {
		t.Errorf("%d grids of 20000 had a conflict: the sample does not test both sides", conflicts)
	}
}
