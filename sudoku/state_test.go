package sudoku

import (
	"fmt"
	"testing"
)

// FuzzCheckedStateOf checks the Reader's fused state builder against
// StateOf followed by Check: the same state, the same error.
func FuzzCheckedStateOf(f *testing.F) {
	f.Add([]byte(top1), []byte("\xff\xff\x01\x00"))
	f.Add([]byte("11"), []byte{})
	f.Add([]byte(top1Zero), []byte("\x02\x04\x08"))
	f.Fuzz(func(t *testing.T, digits, marks []byte) {
		var g Grid
		for i := 0; i < len(digits) && i < 81; i++ {
			if c := digits[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		var cands [81]Digits
		for i := range cands {
			cands[i] = AllDigits
			if 2*i+1 < len(marks) {
				cands[i] = Digits(marks[2*i]) | Digits(marks[2*i+1])<<8
			}
		}
		got, gotErr := checkedStateOf(g, &cands)
		want := StateOf(g, &cands)
		wantErr := want.Check()
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("error %v, want %v", gotErr, wantErr)
		}
		if gotErr == nil && *got != *want {
			t.Fatalf("state differs from StateOf's")
		}
	})
}
