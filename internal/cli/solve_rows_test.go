package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveRowsAcrossChunks runs solve on more puzzles than several
// chunks of the batch hold, with bad lines among them (a repeated digit,
// a line too short), on one worker and on three: every input gets its
// row in input order, a bad line's row says invalid and its error names
// the line, and the rows after a bad one are solved as ever (the places
// of the batch, reused from chunk to chunk, keep nothing of the rows
// before).
func TestSolveRowsAcrossChunks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "puzzles", "royle-17clue-2000.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var puzzles []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "#") {
			puzzles = append(puzzles, line)
		}
	}
	puzzles = puzzles[:1500]
	var in strings.Builder
	var bad []int
	for i, line := range puzzles {
		switch {
		case i%97 == 5:
			line = line[:80]
			bad = append(bad, i+1)
		case i%89 == 3:
			line = "11" + line[2:]
			bad = append(bad, i+1)
		}
		in.WriteString(line + "\n")
	}
	run := func(workers string) (string, string) {
		var out, errs bytes.Buffer
		args := []string{"sudokit", "solve", "-j", workers, "-q", "-f", "line"}
		err := Run(context.Background(), args, strings.NewReader(in.String()), &out, &errs)
		if ExitCode(err, &errs) != 1 {
			t.Errorf("-j %s: exit status %d, want 1 (some puzzles invalid)", workers, ExitCode(err, &errs))
		}
		return out.String(), errs.String()
	}
	rows, errs := run("1")
	lines := strings.Split(strings.TrimSuffix(rows, "\n"), "\n")
	if len(lines) != 1500 {
		t.Fatalf("%d rows for 1500 inputs", len(lines))
	}
	invalid := 0
	for i, row := range lines {
		isBad := strings.HasSuffix(row, " invalid")
		if !isBad && (len(row) != 81 || strings.Contains(row, ".") || !keepsGivens(puzzles[i], row)) {
			t.Errorf("row %d is no solution of its puzzle %s: %q", i+1, puzzles[i], row)
		}
		if isBad {
			invalid++
		}
	}
	if invalid != len(bad) {
		t.Errorf("%d rows invalid, want %d", invalid, len(bad))
	}
	for _, line := range bad {
		if !strings.Contains(errs, fmt.Sprintf("<stdin>:%d: ", line)) {
			t.Errorf("no error names line %d:\n%s", line, errs)
		}
	}
	if rows3, errs3 := run("3"); rows3 != rows || errs3 != errs {
		t.Errorf("-j 3 writes other rows or errors than -j 1")
	}
}

// keepsGivens reports whether a solution row holds the digits of its puzzle.
func keepsGivens(puzzle, row string) bool {
	for c := range 81 {
		if puzzle[c] >= '1' && puzzle[c] <= '9' && puzzle[c] != row[c] {
			return false
		}
	}
	return true
}
