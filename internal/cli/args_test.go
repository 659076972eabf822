package cli

import (
	"strings"
	"testing"
)

func TestInterspersedFlags(t *testing.T) {
	app := newApp(nil, nil, nil)
	tests := []struct{ in, want string }{
		{"sudokit grade a.txt --summary", "sudokit grade --summary -- a.txt"},
		{"sudokit grade -f csv a.txt -j 2 b.txt", "sudokit grade -f csv -j 2 -- a.txt b.txt"},
		{"sudokit solve --max-solutions=3 - x", "sudokit solve --max-solutions=3 -- - x"},
		{"sudokit solve a -- --weird-file", "sudokit solve -- a --weird-file"},
		{"sudokit --help", "sudokit --help"},
		{"sudokit bogus a --x", "sudokit bogus a --x"},
		{"sudokit solve", "sudokit solve"},
		{"sudokit __complete grade -f", "sudokit __complete grade -f"},
		{"sudokit grade a.txt --budget", "sudokit grade --budget"}, // the parser says --budget lacks its value
	}
	for _, tt := range tests {
		got := strings.Join(interspersed(app, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}
