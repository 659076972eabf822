package sudoku

import (
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
