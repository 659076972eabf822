package export

import (
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
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

// TestRate: rates are plain numbers, never "7.96e+03".
func TestRate(t *testing.T) {
	tests := map[float64]string{7960.4: "7,960", 312.2: "312", 45.66: "45.7", 4.561: "4.56", 0.01234: "0.0123", 0: "0", 1234567.8: "1,234,568"}
	for v, want := range tests {
		if got := Rate(v); got != want {
			t.Errorf("Rate(%g) = %q, want %q", v, got, want)
		}
	}
}

// TestCount: one thing is singular, any other number plural.
func TestCount(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{{0, "0 candidates"}, {1, "1 candidate"}, {2, "2 candidates"}, {12345, "12,345 candidates"}}
	for _, tt := range tests {
		if got := Count(tt.n, "candidate"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestSolveSummary(t *testing.T) {
	var s solve.Summary
	for i := 0; i < 3; i++ {
		s.Add(solve.Report{Status: solve.Unique, Elapsed: 10 * time.Microsecond})
	}
	s.Add(solve.Report{Status: solve.Multiple, Elapsed: 30 * time.Microsecond})
	s.Add(solve.Report{Status: solve.Invalid})
	var b strings.Builder
	if err := WriteSummary(&b, "line", Summary{Job: Solve, Solve: &s, Wall: 2 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	want := "Solved 4 of 5 (3 unique, 1 multiple, 0 unsolvable, 1 invalid) in 2.00 ms; mean 12.0 us, max 30.0 us, 2,500 puzzles/s\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
	if s.OK() {
		t.Error("a batch with a multiple and an invalid puzzle reported OK")
	}
	b.Reset()
	if err := WriteSummary(&b, "csv", Summary{Job: Solve, Solve: &s, Wall: 2 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "puzzles,unique,multiple,") || !strings.Contains(b.String(), "\n5,3,1,0,1,0,0,2.000,") {
		t.Errorf("csv summary:\n%s", b.String())
	}
}

// TestSummaryCSVIsOneTable: a grade or generate summary in CSV is one
// rectangular table under one header line, grouped by level or not; a
// section column tells the technique rows from the level rows (and a
// generate run's totals). In JSON a generate summary is one object.
func TestSummaryCSVIsOneTable(t *testing.T) {
	sum := grade.NewSummary()
	sum.Add(grade.Result{Status: grade.Rated, Level: "easy", Usage: map[string]*grade.Usage{"hidden-single": {Steps: 40, Placements: 40}}})
	sum.Add(grade.Result{Status: grade.Rated, Level: "hard", Usage: map[string]*grade.Usage{"hidden-single": {Steps: 30, Placements: 30},
		"pointing": {Steps: 2, Eliminations: 5}}})
	levels := []string{"easy", "medium", "hard"}
	for _, tt := range []struct {
		name  string
		s     Summary
		width int
		first string
	}{
		{"grade", Summary{Job: Grade, Grade: sum, Levels: levels}, 9, "techniques,,hidden-single,1.2-1.5,2,70,70,0,"},
		{"grade by level", Summary{Job: Grade, Grade: sum, Levels: levels, GroupByLevel: true}, 9, "techniques,easy,hidden-single,1.2-1.5,1,40,40,0,"},
		{"generate", Summary{Job: Generate, Grade: sum, Levels: levels, Asked: 3, Made: 2, Tries: 7, Wall: time.Second}, 14,
			"run,,,,,,,,,3,2,7,1000.000,500.000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			if err := WriteSummary(&b, "csv", tt.s); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.String(), "\n\n") {
				t.Errorf("a blank line splits the table:\n%s", b.String())
			}
			rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll() // every row as wide as the header
			if err != nil {
				t.Fatalf("%v:\n%s", err, b.String())
			}
			if len(rows[0]) != tt.width || rows[0][0] != "section" || strings.Join(rows[1], ",") != tt.first {
				t.Errorf("header %v, first row %v", rows[0], rows[1])
			}
			if last := rows[len(rows)-1]; last[0] != "levels" || last[1] != "hard" || last[4] != "1" || last[8] != "50.0%" {
				t.Errorf("last row %v, want the level hard", last)
			}
		})
	}
	var b strings.Builder
	if err := WriteSummary(&b, "json", Summary{Job: Generate, Grade: sum, Levels: levels, Asked: 3, Made: 2}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), "\n"); n != 1 || !strings.HasPrefix(b.String(), `{"summary":{"asked":3,"made":2,`) {
		t.Errorf("generate's JSON summary in %d lines: %s", n, b.String())
	}
}

// TestFitColumns: on a terminal the table format's columns fit its width
// when their narrowest widths can, keeping the first column and ER; with
// no width (not a terminal) they stay as they are.
func TestFitColumns(t *testing.T) {
	for _, job := range []Job{Solve, Grade, Generate} {
		cols := columns[job][0]
		if got := fitColumns(cols, 0); tableWidth(got) != tableWidth(cols) {
			t.Errorf("%v: no terminal, width %d, want %d", job, tableWidth(got), tableWidth(cols))
		}
		for width := 40; width <= 200; width++ {
			got := fitColumns(cols, width)
			if tableWidth(got) > width && slices.ContainsFunc(got, func(c column) bool { return c.drop > 0 || c.min > 0 && c.width > c.min }) {
				t.Errorf("%v at %d: %d wide, yet a column could go or narrow", job, width, tableWidth(got))
			}
			if got[0].name != cols[0].name || job != Solve && got[1].name != "ER" && got[2].name != "ER" {
				t.Errorf("%v at %d: columns %v", job, width, names(got))
			}
		}
	}
	if got := tableWidth(columns[Grade][0]); got != 132 {
		t.Errorf("grade's table is %d wide, want 132", got)
	}
}

// TestShortNames: the technique list in markdown says the words its other
// names share once.
func TestShortNames(t *testing.T) {
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"Turbot Fish"}, "Turbot Fish"},
		{[]string{"Forcing X-Chain", "Turbot Fish"}, "Forcing X-Chain; Turbot Fish"},
		{[]string{"BUG type 1", "BUG type 2"}, "BUG type 1 / 2"},
		{[]string{"Finned X-Wing", "Sashimi X-Wing"}, "Finned / Sashimi X-Wing"},
		{[]string{"Dynamic Cell Forcing Chains (+)", "Dynamic Region Forcing Chains (+)"}, "Dynamic Cell / Region Forcing Chains (+)"},
	} {
		if got := shortNames(tt.names); got != tt.want {
			t.Errorf("shortNames(%q) = %q, want %q", tt.names, got, tt.want)
		}
	}
}

func TestSolveStatus(t *testing.T) {
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
		if got := solveStatus(Record{Solve: &tt.r}); got != tt.want {
			t.Errorf("solveStatus(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}
}

func TestNewWriter(t *testing.T) {
	var b strings.Builder
	for _, tt := range []struct {
		format string
		job    Job
		opt    Options
		want   string
	}{
		{"pdf", Solve, Options{}, `unknown format "pdf" (want one of line, table, grid, candidates, json, csv, markdown, pm729, sdk, opensudoku)`},
		{"se", Solve, Options{}, `unknown format "se"`},
		{"csv", Grade, Options{Explain: true}, "format csv cannot carry the solving path (line, table, grid, candidates, json can)"},
	} {
		_, err := NewWriter(tt.format, tt.job, &b, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewWriter(%s, %v): %v, want %q", tt.format, tt.job, err, tt.want)
		}
	}
	for _, job := range []Job{Solve, Grade, Generate} {
		for _, f := range Formats(job) {
			if _, err := NewWriter(f, job, &b, Options{}); err != nil {
				t.Errorf("NewWriter(%s, %v): %v", f, job, err)
			}
		}
	}
}

func TestWrap(t *testing.T) {
	line := "  12. 7.1 Forcing Chain: r1c2=5 -> r1c7<>5 => r3c8=5 -> r3c1<>5 => r2c1=5"
	got := wrap(line, 40, 6)
	want := "  12. 7.1 Forcing Chain: r1c2=5 ->\n      r1c7<>5 => r3c8=5 -> r3c1<>5 =>\n      r2c1=5\n"
	if got != want {
		t.Errorf("wrap:\n%q\nwant\n%q", got, want)
	}
	if got := wrap(line, 0, 6); got != line+"\n" {
		t.Errorf("no width: %q", got)
	}
}

// TestLineWriterSolveRowsAllocateNothing checks that the line format's
// solve rows are made in a buffer kept from row to row: a large batch
// costs no allocation per row. The row itself is checked too.
func TestLineWriterSolveRowsAllocateNothing(t *testing.T) {
	var g sudoku.Grid
	for i := range g {
		g[i] = uint8((i/9*3+i/27+i%9)%9 + 1) // a valid complete grid
	}
	records := []Record{
		{Puzzle: sudoku.Puzzle{Label: "#1 17 clues"}, Solve: &solve.Report{Status: solve.Unique, Count: 1, Limit: 2, Solution: g}},
		{Puzzle: sudoku.Puzzle{}, Solve: &solve.Report{Status: solve.Unique, Count: 1, Limit: 2, Solution: g}},
		{Puzzle: sudoku.Puzzle{Grid: g}, Solve: &solve.Report{Status: solve.Unsolvable, Limit: 2}},
		{Puzzle: sudoku.Puzzle{}, Solve: &solve.Report{Status: solve.Multiple, Count: 2, Limit: 2, Solution: g}},
		{Puzzle: sudoku.Puzzle{}, Solve: &solve.Report{Status: solve.Multiple, Count: 3, Limit: 5, Solution: g}},
	}
	var out bytes.Buffer
	w, err := NewWriter("line", Solve, &out, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := g.String() + " #1 17 clues\n" + g.String() + "\n" + g.String() + " unsolvable\n" +
		g.String() + " multiple(2+)\n" + g.String() + " multiple(3)\n"
	if out.String() != want {
		t.Errorf("rows:\n%s\nwant:\n%s", out.String(), want)
	}
	w, err = NewWriter("line", Solve, io.Discard, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if n := testing.AllocsPerRun(100, func() { _ = w.Write(r) }); n != 0 {
			t.Errorf("a solve row (%s) made %.0f allocations, want none", r.Status(), n)
		}
	}
}
