package sudoku

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	top1     = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	top1Zero = "400000805030000000000700000020000060000080400000010000000603070500200000104000000"
	easy1    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
)

// readItems renders what a Reader returns, one string per puzzle or error.
func readItems(t *testing.T, input string) []string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "in.txt")
	var out []string
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("reader does not stop")
		}
		p, err := rd.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("fatal error %v", err)
			}
			if ie.Line != p.Line && p.Line != 0 && !errors.Is(err, ErrRowLength) && !errors.Is(err, ErrCharacter) {
				t.Errorf("puzzle line %d, error line %d", p.Line, ie.Line)
			}
			out = append(out, "error "+err.Error())
			continue
		}
		s := fmt.Sprintf("%d %s", p.Line, p.Grid)
		if p.Label != "" {
			s += " [" + p.Label + "]"
		}
		out = append(out, s)
	}
}

func TestReader(t *testing.T) {
	easyGrid := `. . 3 | . 2 . | 6 . .
9 . . | 3 . 5 | . . 1
. . 1 | 8 . 6 | 4 . .
------+-------+------
. . 8 | 1 . 2 | 9 . .
7 . . | . . . | . . 8
. . 6 | 7 . 8 | 2 . .
------+-------+------
. . 2 | 6 . 9 | 5 . .
8 . . | 2 . 3 | . . 9
. . 5 | . 1 . | 3 . .
`
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"line with dots", top1 + "\n", []string{"1 " + top1}},
		{"line with zeros, no final newline", top1Zero, []string{"1 " + top1}},
		{"other blanks", strings.NewReplacer(".", "_").Replace(top1) + "\n" +
			strings.NewReplacer(".", "*").Replace(top1) + "\n" +
			strings.NewReplacer(".", "-").Replace(top1) + "\n" +
			strings.NewReplacer(".", "x").Replace(top1) + "\n",
			[]string{"1 " + top1, "2 " + top1, "3 " + top1, "4 " + top1}},
		{"label kept", top1 + " ED=2.6/1.2/1.2 0.43s\n" + top1 + "\tqqwing expert\n",
			[]string{"1 " + top1 + " [ED=2.6/1.2/1.2 0.43s]", "2 " + top1 + " [qqwing expert]"}},
		{"comments, blank lines, CRLF, BOM", "\xEF\xBB\xBF# header\r\n\r\n" + top1 + "\r\n  \r\n# x\r\n" + easy1 + "\r\n",
			[]string{"3 " + top1, "6 " + easy1}},
		{"leading spaces", "   " + top1 + "  \n", []string{"1 " + top1}},
		{"81 cells separated by spaces", strings.Join(strings.Split(top1Zero, ""), " ") + "\n",
			[]string{"1 " + top1}},
		{"grid with separators", easyGrid, []string{"1 " + easy1}},
		{"compact grid", "..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n",
			[]string{"1 " + easy1}},
		{"boxed grid", "*-----------*\n|..3|.2.|6..|\n|9..|3.5|..1|\n|..1|8.6|4..|\n|---+---+---|\n|..8|1.2|9..|\n|7..|...|..8|\n|..6|7.8|2..|\n|---+---+---|\n|..2|6.9|5..|\n|8..|2.3|..9|\n|..5|.1.|3..|\n*-----------*\n",
			[]string{"2 " + easy1}},
		{"bordered grid", "+-------+-------+-------+\n| . . 3 | . 2 . | 6 . . |\n| 9 . . | 3 . 5 | . . 1 |\n| . . 1 | 8 . 6 | 4 . . |\n+-------+-------+-------+\n| . . 8 | 1 . 2 | 9 . . |\n| 7 . . | . . . | . . 8 |\n| . . 6 | 7 . 8 | 2 . . |\n+-------+-------+-------+\n| . . 2 | 6 . 9 | 5 . . |\n| 8 . . | 2 . 3 | . . 9 |\n| . . 5 | . 1 . | 3 . . |\n+-------+-------+-------+\n",
			[]string{"2 " + easy1}},
		{"two grids, ==== separator and titles", "Grid 01\n" + easyGrid + "========\nGrid 02\n" + easyGrid,
			[]string{"2 " + easy1 + " [Grid 01]", "15 " + easy1 + " [Grid 02]"}},
		{"grids back to back", easyGrid + easyGrid, []string{"1 " + easy1, "12 " + easy1}},
		{"all-blank grid row of dashes", "- - - | - - - | - - -\n" + strings.Join(strings.Split(easyGrid, "\n")[1:], "\n"),
			[]string{"1 " + "........." + easy1[9:]}},
		{"mixed line and grid", top1 + "\n\n" + easyGrid + "\n" + top1 + "\n",
			[]string{"1 " + top1, "3 " + easy1, "15 " + top1}},
		{"title before a line puzzle", "Puzzle A\n" + top1 + "\n", []string{"2 " + top1 + " [Puzzle A]"}},

		// Bad input: each error names the line and the problem, and reading goes on.
		{"too short", top1[:80] + "\n" + top1 + "\n",
			[]string{"error in.txt:1: wrong length: found 80 cells, want 81", "2 " + top1}},
		{"too long", top1 + "5\n", []string{"error in.txt:1: wrong length: found 82 cells, want 81"}},
		{"too short with label", top1[:79] + " ED=1.2/1.2/1.2\n",
			[]string{"error in.txt:1: wrong length: found 79 cells, want 81"}},
		{"bad character", top1[:11] + "q" + top1[12:] + "\n" + top1 + "\n",
			[]string{"error in.txt:1: unexpected character 'q' at column 12", "2 " + top1}},
		{"bad character after spaces", "  " + top1[:3] + "é" + top1[4:] + "\n",
			[]string{"error in.txt:1: unexpected character 'é' at column 6"}},
		{"repeated digit in column", top1[:9] + "4" + top1[10:] + "\n",
			[]string{"error in.txt:1: digit 4 repeated in column 1: r1c1 and r2c1"}},
		{"repeated digit in box", top1[:10] + "4" + top1[11:] + "\n",
			[]string{"error in.txt:1: digit 4 repeated in block 1: r1c1 and r2c2"}},
		{"repeated digit in row", top1[:1] + "8" + top1[2:] + "\n",
			[]string{"error in.txt:1: digit 8 repeated in row 1: r1c2 and r1c7"}},
		{"incomplete grid", "..3.2.6..\n9..3.5..1\n..18.64..\n\n" + top1 + "\n",
			[]string{"error in.txt:1: incomplete grid: found 3 rows, want 9", "5 " + top1}},
		{"grid row too short", "..3.2.6..\n9..3.5..\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n" + top1 + "\n",
			[]string{"error in.txt:2: bad grid row: found 8 cells, want 9", "10 " + top1}},
		{"grid row with a bad character", strings.Replace(easyGrid, "7 . .", "7 ? .", 1),
			[]string{"error in.txt:6: unexpected character '?' at column 3"}},
		{"grid with a repeated digit", strings.Replace(easyGrid, "9 . . | 3", "9 . 3 | 3", 1),
			[]string{"error in.txt:1: digit 3 repeated in row 2: r2c3 and r2c4"}},
		{"text that is no puzzle", "hello world\n", []string{`error in.txt:1: unexpected text "hello world": no puzzle follows it`}},

		// A title labels only the puzzle that starts on the next line.
		{"title, a bad line, a puzzle", top1 + "\n" + top1 + "\n" + top1 + "\nhello\n" + top1[:79] + "\n" + top1 + "\n",
			[]string{"1 " + top1, "2 " + top1, "3 " + top1, `error in.txt:4: unexpected text "hello": no puzzle follows it`,
				"error in.txt:5: wrong length: found 79 cells, want 81", "6 " + top1}},
		{"title, a blank line, a puzzle", "Puzzle A\n\n" + top1 + "\n",
			[]string{`error in.txt:1: unexpected text "Puzzle A": no puzzle follows it`, "3 " + top1}},
		{"title, a comment, a puzzle", "Puzzle A\n# note\n" + top1 + "\n",
			[]string{`error in.txt:1: unexpected text "Puzzle A": no puzzle follows it`, "3 " + top1}},
		{"title, a bad grid row, a grid", "Grid 01\n..3.2.6..?\n" + easyGrid,
			[]string{`error in.txt:1: unexpected text "Grid 01": no puzzle follows it`, "error in.txt:2: unexpected character '?' at column 10", "3 " + easy1}},
		{"title, a border, a grid", "Grid 01\n*-----------*\n|..3|.2.|6..|\n|9..|3.5|..1|\n|..1|8.6|4..|\n|---+---+---|\n|..8|1.2|9..|\n|7..|...|..8|\n|..6|7.8|2..|\n|---+---+---|\n|..2|6.9|5..|\n|8..|2.3|..9|\n|..5|.1.|3..|\n*-----------*\n",
			[]string{"3 " + easy1 + " [Grid 01]"}},
		{"two titles", "Old\nNew\n" + top1 + "\n",
			[]string{`error in.txt:1: unexpected text "Old": no puzzle follows it`, "3 " + top1 + " [New]"}},
		{"title before a grid with an error", "Grid 01\n" + strings.Replace(easyGrid, "7 . .", "7 ? .", 1) + top1 + "\n",
			[]string{"error in.txt:7: unexpected character '?' at column 3", "13 " + top1}},
		{"only comments", "# nothing\n\n", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readItems(t, tt.input)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("input %q: (-want +got)\n%s", tt.input, diff)
			}
		})
	}
}

func TestReaderLongLine(t *testing.T) {
	input := strings.Repeat("1", maxLine+10) + "\n" + top1 + "\n"
	got := readItems(t, input)
	want := []string{"error in.txt:1: line too long (over 65536 bytes)", "2 " + top1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

type failingReader struct{ after string }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.after != "" {
		n := copy(p, f.after)
		f.after = f.after[n:]
		return n, nil
	}
	return 0, errors.New("disk on fire")
}

func TestReaderReadErrorIsFatalAndSticky(t *testing.T) {
	rd := NewReader(&failingReader{after: top1 + "\n"}, "f")
	if p, err := rd.Next(); err != nil || p.Grid.String() != top1 {
		t.Fatalf("first puzzle: %v %v", p.Grid, err)
	}
	for i := 0; i < 2; i++ {
		_, err := rd.Next()
		if err == nil || err == io.EOF || !strings.Contains(err.Error(), "read f: disk on fire") {
			t.Fatalf("call %d: err = %v, want the read error", i, err)
		}
	}
	n := 0
	for range NewReader(&failingReader{after: top1 + "\n"}, "f").All() {
		n++
	}
	if n != 2 {
		t.Errorf("All yielded %d items, want the puzzle and the read error", n)
	}
}

func TestParseGrid(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr error
	}{
		{top1, top1, nil},
		{top1Zero + " label", top1, nil},
		{"", "", ErrNoPuzzle},
		{top1 + "\n" + top1, "", ErrTooMany},
		{top1[:40], "", ErrLength},
		{"....31.....42.1.", "", ErrLength}, // a 4x4 puzzle is no Grid
		{"88" + top1[2:], "", nil},
	}
	for _, tt := range tests {
		g, err := ParseGrid(tt.in)
		if tt.in == "88"+top1[2:] {
			var ce *ConflictError
			if !errors.As(err, &ce) || ce.Digit != 8 {
				t.Errorf("ParseGrid(%q) = %v, want a conflict on 8", tt.in, err)
			}
			continue
		}
		if !errors.Is(err, tt.wantErr) || (err == nil && g.String() != tt.want) {
			t.Errorf("ParseGrid(%q) = %v, %v; want %s, %v", tt.in, g, err, tt.want, tt.wantErr)
		}
	}
}

// FuzzReader checks that any input yields, for each item, either a valid
// puzzle or an error that names the line: never a panic, never both.
func FuzzReader(f *testing.F) {
	f.Add(top1 + "\n")
	f.Add(top1Zero + " ED=1.2/1.2/1.2\r\n# c\n")
	f.Add("..3.2.6..\n9..3.5..1\n..18.64..\n..81.29..\n7.......8\n..67.82..\n..26.95..\n8..2.3..9\n..5.1.3..\n")
	f.Add("Grid 01\n5 3 . | . 7 . | . . .\n------+------\n=====\n")
	f.Add("\xEF\xBB\xBF|---+---+---|\n*-*\n- - -\n")
	f.Add("12 3 456 | 7\n(5) 89\n.---.\n'---'\n" + strings.Repeat("123456789\n", 10))
	f.Add("#ARuud\n<opensudoku><game data=\"12\"/>\n")
	f.Add(strings.Repeat("1........", 81) + " x\n")
	f.Add("....31.....42.1. l size=4\n" + p6 + " box=3x2\nsize=4 alphabet=0-F\n0 . | . .\n. . | 2 .\n")
	f.Add("size=10\n" + strings.Repeat(" . . . . . | . . . . 10\n", 3) + p16 + "\n{\"puzzle\":\"1.3.\",\"size\":4}\n")
	f.Fuzz(func(t *testing.T, input string) {
		rd := NewReader(strings.NewReader(input), "fuzz")
		lines := strings.Count(input, "\n") + 1
		for i := 0; ; i++ {
			if i > len(input)+2 {
				t.Fatalf("more items than bytes")
			}
			p, err := rd.Next()
			if err == io.EOF {
				return
			}
			if errors.Is(err, ErrNotPuzzles) {
				return // the reader gave up on input that is not puzzles
			}
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("non-input error %v", err)
				}
				if ie.Line < 1 || ie.Line > lines {
					t.Fatalf("error line %d outside 1..%d: %v", ie.Line, lines, err)
				}
				continue
			}
			if p.Line < 1 || p.Line > lines {
				t.Fatalf("puzzle line %d outside 1..%d", p.Line, lines)
			}
			if p.Board != nil {
				if err := p.Board.Validate(); err != nil {
					t.Fatalf("sized puzzle returned without error fails validation: %v", err)
				}
			} else if p.Cands != nil {
				if err := p.State().Check(); err != nil {
					t.Fatalf("candidate state returned without error is not possible: %v", err)
				}
			} else if err := p.Grid.Validate(); err != nil {
				t.Fatalf("puzzle returned without error fails validation: %v", err)
			}
		}
	})
}
