package export

import (
	"strings"
	"testing"
	"time"

	"sudokit/solve"
)

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{850 * time.Nanosecond, "850 ns"},
		{13 * time.Microsecond, "13.0 us"},
		{1234 * time.Microsecond, "1.23 ms"},
		{90 * time.Microsecond, "90.0 us"},
		{4560 * time.Millisecond, "4.56 s"},
		{125 * time.Second, "125 s"},
	}
	for _, tt := range tests {
		if got := Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestThousands(t *testing.T) {
	tests := map[int64]string{0: "0", 999: "999", 1000: "1,000", 75000: "75,000", 1234567: "1,234,567", -4500: "-4,500"}
	for n, want := range tests {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestWriteSolveSummary(t *testing.T) {
	var s solve.Summary
	for i := 0; i < 3; i++ {
		s.Add(solve.Report{Status: solve.Unique, Elapsed: 10 * time.Microsecond})
	}
	s.Add(solve.Report{Status: solve.Multiple, Elapsed: 30 * time.Microsecond})
	s.Add(solve.Report{Status: solve.Invalid})
	var b strings.Builder
	if err := WriteSolveSummary(&b, s, 2*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	want := "Solved 4 of 5 (3 unique, 1 multiple, 0 unsolvable, 1 invalid) in 2.00 ms; mean 12.0 us, max 30.0 us, 2,500 puzzles/s\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
	if s.OK() {
		t.Error("a batch with a multiple and an invalid puzzle reported OK")
	}
}

func TestStatusText(t *testing.T) {
	tests := []struct {
		r    solve.Report
		want string
	}{
		{solve.Report{Status: solve.Unique, Count: 1, Limit: 2}, "unique"},
		{solve.Report{Status: solve.Multiple, Count: 2, Limit: 2}, "multiple(2+)"},
		{solve.Report{Status: solve.Multiple, Count: 3, Limit: 10}, "multiple(3)"},
		{solve.Report{Status: solve.Unsolvable, Limit: 2}, "unsolvable"},
		{solve.Report{Status: solve.Found, Count: 1, Limit: 1}, "solved"},
	}
	for _, tt := range tests {
		if got := statusText(tt.r); got != tt.want {
			t.Errorf("statusText(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestNewSolveWriterRejectsUnknownFormat(t *testing.T) {
	if _, err := NewSolveWriter("pdf", &strings.Builder{}, &strings.Builder{}, false); err == nil {
		t.Error("unknown format accepted")
	}
}
