package sudoku

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// TestPlainLineIsClassify checks Reader.plainLine, the fast path of a
// line of 81 cells and nothing else, against the general path it skips:
// every input reads the same as itself with a space after each line
// (which the fast path leaves to classify), puzzle for puzzle and error
// for error, in every state a line can find the reader in (after titles,
// metadata, grid rows, candidate grids, CSV headers, conflicts at the
// start of an input).
func TestPlainLineIsClassify(t *testing.T) {
	data, err := os.ReadFile("../testdata/puzzles/royle-17clue-2000.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[:200]
	conflict := "11" + top1[2:]
	inputs := []string{
		strings.Join(lines, "\n"),
		strings.Join([]string{conflict, conflict, conflict, conflict, conflict, top1}, "\n"),
		strings.Join([]string{top1, conflict, conflict, conflict, conflict, conflict, top1Zero}, "\n"),
		"Grid 01\n" + top1 + "\n" + easy1,
		"#Aauthor\n#Ddescription\n" + top1 + "\n" + easy1,
		"1 2 3 4 5 6 7 8 9\n" + top1 + "\n" + easy1,
		"puzzle,label\n" + top1 + "\n" + easy1 + ",x",
		strings.ReplaceAll(top1, ".", "0") + "\n" + strings.ReplaceAll(top1, ".", "x") + "\n" + strings.ReplaceAll(top1, ".", "_"),
		"\xEF\xBB\xBF" + top1 + "\r\n" + easy1 + "\r\n",
		top1[:80] + "y\n" + top1,
		FormatState(NewState(mustGrid(t, easy1))) + "\n" + top1,
	}
	for i, in := range inputs {
		spaced := strings.ReplaceAll(in, "\n", " \n") + " "
		if got, want := readRendered(t, in), readRendered(t, spaced); got != want {
			t.Errorf("input %d reads\n%s\nwith a space after each line\n%s", i, got, want)
		}
	}
}

// readRendered renders every item of an input, fatal errors included.
func readRendered(t *testing.T, input string) string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "in.txt")
	var b strings.Builder
	for range 10000 {
		p, err := rd.Next()
		if err == io.EOF {
			return b.String()
		}
		fmt.Fprintf(&b, "%d %s %q %v %v\n", p.Line, p.Grid, p.Label, p.Rules, err)
		if err != nil && !isInputError(err) {
			return b.String() // fatal: every later call says the same
		}
	}
	t.Fatal("the reader does not stop")
	return ""
}

func mustGrid(t *testing.T, s string) Grid {
	t.Helper()
	g, err := ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
