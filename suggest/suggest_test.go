package suggest

import "testing"

func TestNearest(t *testing.T) {
	known := []string{"levels", "techniques", "budget", "output", "x-wing", "xy-wing", "skyscraper"}
	tests := []struct{ typed, want string }{
		{"level", "levels"},
		{"skyscrapper", "skyscraper"},
		{"x-wingg", "x-wing"},
		{"xy-wingg", "xy-wing"},
		{"nosuchkey", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Nearest(tt.typed, known); got != tt.want {
			t.Errorf("Nearest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}
