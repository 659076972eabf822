package sudoku

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Puzzles of testdata/puzzles/sizes.
const (
	p4  = "....31.....42.1."
	p6  = ".16.....1.6..2.4......5......35..3.." // 3x2 boxes
	p16 = "3.F.E.6.4B.5C..1.4.....571..3.2......A1..C........A.C84F...9.B.7....6F8...BG2...AE6.D..C..1F..8...23G.A..6.7.F..F..4.27...9..C....B...5..G7C.D.9..56.C.7.....1A27349..D.2.51....8..F23....4..........9E.B36A..7CD...86......E35..5E..B.38.C2.A4..F...GC415D....."
)

// readSized renders what a Reader set to a shape returns: a puzzle as
// "line: shape alphabet cells [label]", an error as "line: error ...".
func readSized(t *testing.T, input string, shape Shape, a Alphabet) []string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "in")
	rd.SetShape(shape, a)
	var out []string
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return out
		}
		var ie *InputError
		switch {
		case errors.As(err, &ie):
			out = append(out, fmt.Sprintf("%d: error %v", ie.Line, ie.Err))
		case err != nil:
			t.Fatalf("fatal error %v", err)
		case p.Board == nil:
			out = append(out, fmt.Sprintf("%d: 9x9 %s [%s]", p.Line, p.Grid, p.Label))
		default:
			out = append(out, fmt.Sprintf("%d: %s %s %s [%s]", p.Line, p.Board.Shape, p.Alphabet, p.Cells(), p.Label))
		}
	}
}

func TestReaderSizes(t *testing.T) {
	zero := strings.Map(func(r rune) rune { // p16 in 0-F
		if i := strings.IndexRune("123456789ABCDEFG", r); i >= 0 {
			return rune("0123456789ABCDEF"[i])
		}
		return r
	}, p16)
	tests := []struct {
		name  string
		input string
		shape string // --size, "" for none
		box   string
		want  []string
	}{
		{"lines of every size, in a mix", p4 + " a label\n" + top1 + "\n" + p6 + " box=3x2 x\n" + p16 + "\n", "", "", []string{
			"1: 4x4 1-9A-Z " + p4 + " [a label]",
			"2: 9x9 " + top1 + " []",
			"3: 6x6 (3x2 boxes) 1-9A-Z " + p6 + " [x]",
			"4: 16x16 1-9A-Z " + p16 + " []",
		}},
		{"0-F detected and kept", zero + " zero\n", "", "", []string{"1: 16x16 0-F " + zero + " [zero]"}},
		{"alphabet field", "....20.....31.0. alphabet=0-F\n", "", "", []string{"1: 4x4 0-F ....20.....31.0. []"}},
		{"lower case letters", strings.ToLower(p16) + "\n", "", "", []string{"1: 16x16 1-9A-Z " + p16 + " []"}},
		{"box from the reader", p6 + "\n", "6", "3x2", []string{"1: 6x6 (3x2 boxes) 1-9A-Z " + p6 + " []"}},
		{"a grid under a size line", "size=4 title\n1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n", "", "", []string{
			"2: 4x4 1-9A-Z 1.....3..4.....2 [title]"}},
		{"a grid of numbers", "size=10\n" + strings.Repeat(" . . . . . | . . . . .\n", 9) + "10 . . . . | . . . . 1\n", "", "", []string{
			"2: 10x10 1-9A-Z " + strings.Repeat(".", 90) + "A........1 []"}},
		{"a grid by --size", "1234\n3412\n2143\n4321\n\n12.4\n", "4", "", []string{
			"1: 4x4 1-9A-Z 1234341221434321 []",
			"6: error incomplete grid: found 1 rows, want 4 for 4x4"}},
		{"a short row", "size=4\n1 2 | 3\n3 4 | 1 2\n", "", "", []string{"2: error bad grid row: found 3 cells, want 4 for 4x4"}},
		{"a word of 16 letters is a title", "Introductionpage\n" + top1 + "\n", "", "", []string{"2: 9x9 " + top1 + " [Introductionpage]"}},
		{"a bad character", p16[:20] + "H" + p16[21:] + "\n", "", "", []string{
			"1: error unexpected character 'H' at position 21 (r2c5): want 1-9, A-G, '.' or '0' (alphabet 1-9A-Z of 16x16)"}},
		{"a repeated digit", "11..............\n", "", "", []string{"1: error digit 1 repeated in row 1: r1c1 and r1c2"}},
		{"a size that does not fit", p4 + " size=6\n", "", "", []string{"1: error wrong length: 16 characters, want 36 for 6x6"}},
		{"a bad box", p6 + " box=4x4\n", "", "", []string{`1: error box "4x4" for size 6: want 2x3 or 3x2`}},
		{"two sizes", p4 + " size=4 size=4\n", "", "", []string{"1: error the label has two size fields"}},
		{"a 9x9 variant", p4 + " variant=anti-knight\n", "", "", []string{"1: error variant anti-knight is for 9x9 puzzles only: a 4x4 puzzle takes jigsaw, x and killer"}},
		{"JSON and CSV rows", `{"puzzle":"` + p6 + `","size":6,"box":"3x2","label":"j"}` + "\nsource,line,label,puzzle\nf,1,size=16 c," + zero + "\n", "", "", []string{
			"1: 6x6 (3x2 boxes) 1-9A-Z " + p6 + " [j]",
			"3: 16x16 0-F " + zero + " [c]"}},
		{"a JSON row of a bad size", `{"puzzle":"` + p4 + `","size":5}` + "\n", "", "", []string{`1: error size "5": want 4, 6, 8, 9, 10, 12, 16 or 25`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var shape Shape
			if tt.shape != "" {
				var err error
				if shape, err = ParseShape(tt.shape, tt.box); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(tt.want, readSized(t, tt.input, shape, AutoAlphabet)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestPrettyReadsBack draws a board of every shape in both symbol modes
// and reads it back under its size line.
func TestPrettyReadsBack(t *testing.T) {
	for _, s := range Shapes() {
		b := NewBoard(s)
		for i := range b.Cells {
			if i%3 != 1 {
				b.Cells[i] = uint8((i/s.N()*s.BoxCols() + i/s.N()/s.BoxRows() + i%s.N()) % s.N()) // a valid grid, thinned
				b.Cells[i]++
			}
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		for _, numbers := range []bool{false, true} {
			for _, a := range []Alphabet{Letters, FromZero} {
				text := SizeLabel(s, a) + "\n" + b.Pretty(a, numbers)
				if s.N() == 9 {
					text = b.Pretty(a, numbers)
				}
				got := readSized(t, text, Shape{}, AutoAlphabet)
				want := fmt.Sprintf("2: %s %s %s []", s, a, b.Format(a))
				if s.N() == 9 {
					want = "1: 9x9 " + b.Format(Letters) + " []"
					if a == FromZero {
						continue
					}
				}
				if len(got) != 1 || got[0] != want {
					t.Errorf("%v numbers=%v %v:\n%s\nread %q, want %q", s, numbers, a, text, got, want)
				}
			}
		}
	}
}

func TestSizeLabel(t *testing.T) {
	s6, _ := ParseShape("6", "3x2")
	for _, tt := range []struct {
		s    Shape
		a    Alphabet
		want string
	}{
		{ShapeOf(16), Letters, "size=16"},
		{ShapeOf(16), FromZero, "size=16 alphabet=0-F"},
		{s6, AutoAlphabet, "size=6 box=3x2"},
		{ShapeOf(9), Letters, ""},
		{Shape{}, Letters, ""},
	} {
		if got := SizeLabel(tt.s, tt.a); got != tt.want {
			t.Errorf("SizeLabel(%v, %v) = %q, want %q", tt.s, tt.a, got, tt.want)
		}
	}
}
