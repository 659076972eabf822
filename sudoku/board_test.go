package sudoku

import (
	"errors"
	"strings"
	"testing"
)

func TestParseShape(t *testing.T) {
	for _, tc := range []struct {
		size, box string
		want      string // String of the shape, or part of the error
		n, r, c   int
	}{
		{"4", "", "4x4", 4, 2, 2},
		{"6", "", "6x6", 6, 2, 3},
		{"6", "3x2", "6x6 (3x2 boxes)", 6, 3, 2},
		{"8", "4X2", "8x8 (4x2 boxes)", 8, 4, 2},
		{"9", "", "9x9", 9, 3, 3},
		{"10", "2x5", "10x10", 10, 2, 5},
		{"12", "4x3", "12x12 (4x3 boxes)", 12, 4, 3},
		{"16", "", "16x16", 16, 4, 4},
		{" 25 ", "", "25x25", 25, 5, 5},
		{"7", "", `size "7": want 4, 6, 8, 9, 10, 12, 16 or 25`, 0, 0, 0},
		{"sixteen", "", `size "sixteen"`, 0, 0, 0},
		{"16", "2x8", `box "2x8" for size 16: want 4x4`, 0, 0, 0},
		{"6", "6", `box "6": want rows x columns, such as 2x3`, 0, 0, 0},
		{"12", "2x6", `want 3x4 or 4x3`, 0, 0, 0},
	} {
		s, err := ParseShape(tc.size, tc.box)
		if tc.n == 0 {
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrInvalid) {
				t.Errorf("ParseShape(%q, %q) = %v, %v; want error with %q", tc.size, tc.box, s, err, tc.want)
			}
			continue
		}
		if err != nil || s.String() != tc.want || s.N() != tc.n || s.BoxRows() != tc.r || s.BoxCols() != tc.c {
			t.Errorf("ParseShape(%q, %q) = %v (%d, %dx%d), %v; want %s", tc.size, tc.box, s, s.N(), s.BoxRows(), s.BoxCols(), err, tc.want)
		}
	}
}

func TestShapeHouses(t *testing.T) {
	for _, s := range shapes {
		n := s.N()
		in := make([]int, s.Cells()) // per cell, how many houses of each kind hold it
		for h := range 3 * n {
			cells := s.HouseCells(h)
			if len(cells) != n {
				t.Fatalf("%s: house %d has %d cells", s, h, len(cells))
			}
			for _, c := range cells {
				in[c] += 1 << (8 * (h / n))
				if h >= 2*n && s.BoxOf(c/n, c%n) != h-2*n {
					t.Fatalf("%s: BoxOf(%s) = %d, want %d", s, s.CellName(c), s.BoxOf(c/n, c%n), h-2*n)
				}
			}
		}
		for c, k := range in {
			if k != 0x010101 {
				t.Fatalf("%s: cell %s in houses %#x, want one of each kind", s, s.CellName(c), k)
			}
		}
	}
}

// A valid 16x16 solution in the default alphabet (a pattern grid).
func patternBoard(s Shape) Board {
	b := NewBoard(s)
	n, r, c := s.N(), s.BoxRows(), s.BoxCols()
	for row := range n {
		for col := range n {
			// rows shift by c within a band, by 1 between bands
			b.Cells[row*n+col] = uint8((c*(row%r)+row/r+col)%n + 1)
		}
	}
	return b
}

func TestPatternBoardValid(t *testing.T) {
	for _, s := range shapes {
		if err := patternBoard(s).Validate(); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

func TestBoardValidate(t *testing.T) {
	s16 := ShapeOf(16)
	b := patternBoard(s16)
	b.Cells[0], b.Cells[5] = b.Cells[5], b.Cells[0] // row 1 still fine, columns 1 and 6 repeat
	err := b.Validate()
	var ce *BoardConflictError
	if !errors.As(err, &ce) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("Validate = %v, want a *BoardConflictError", err)
	}
	if want := "digit 6 repeated in column 1: r1c1 and r6c1"; err.Error() != want {
		t.Errorf("Validate = %q, want %q", err, want)
	}
	b = NewBoard(ShapeOf(6))
	b.Cells[0], b.Cells[7] = 3, 3
	if err, want := b.Validate(), "digit 3 repeated in block 1: r1c1 and r2c2"; err == nil || err.Error() != want {
		t.Errorf("Validate = %v, want %q", err, want)
	}
	b.Cells[7] = 7
	if err, want := b.Validate(), "cell r2c2 holds 7, want 0..6"; err == nil || err.Error() != want {
		t.Errorf("Validate = %v, want %q", err, want)
	}
	if err := (Board{Shape: s16, Cells: make([]uint8, 10)}).Validate(); err == nil {
		t.Error("Validate accepts a board of 10 cells")
	}
	if err := (Board{}).Validate(); err == nil {
		t.Error("Validate accepts the zero board")
	}
}

func TestBoardFormatRoundTrip(t *testing.T) {
	for _, s := range shapes {
		b := patternBoard(s)
		for i := 0; i < len(b.Cells); i += 3 {
			b.Cells[i] = 0
		}
		for _, a := range []Alphabet{Letters, FromZero} {
			line := b.Format(a)
			got, ga, err := ParseBoard(line, s, AutoAlphabet)
			if err != nil || got.String() != b.String() || got.Shape != s {
				t.Errorf("%s %s: ParseBoard(%s) = %v, %v, %v", s, a, line, got, ga, err)
			}
			if s.IsUsual() {
				got, _, err = ParseBoard(line, Shape{}, a)
				if err != nil || got.String() != b.String() {
					t.Errorf("%s %s: ParseBoard(%s) without shape = %v, %v", s, a, line, got, err)
				}
			}
		}
	}
	// The full grid in 0-F reads back by rule 3.
	full := patternBoard(ShapeOf(16))
	got, a, err := ParseBoard(full.Format(FromZero), Shape{}, AutoAlphabet)
	if err != nil || a != FromZero || got.String() != full.String() {
		t.Errorf("full 0-F grid: %v, %v, %v", got, a, err)
	}
}

func TestDetectAlphabet(t *testing.T) {
	// 16x16 lines: 256 cells, built from a prefix and a filler.
	line := func(prefix string, fill byte) string {
		return prefix + strings.Repeat(string(fill), 256-len(prefix))
	}
	for _, tc := range []struct {
		name, line string
		want       Alphabet
		first      uint8 // value of cell 0
	}{
		{"G present, 0 blank", line("G0F", '.'), Letters, 16},
		{"g lowercase", line("g0f", '0'), Letters, 16},
		{"0 with .", line("0F", '.'), FromZero, 1},
		{"0 only as blank", line("1F", '0'), Letters, 1},
		{"no 0 no G", line("1F", '.'), Letters, 1},
		{"4x4 with 4", "4..0" + strings.Repeat(".", 12), Letters, 4},
		{"4x4 0 and .", "3..0" + strings.Repeat(".", 12), FromZero, 4},
	} {
		b, a, err := ParseBoard(tc.line, Shape{}, AutoAlphabet)
		if err != nil || a != tc.want || b.Cells[0] != tc.first {
			t.Errorf("%s: alphabet %v, cell 0 = %v, err %v; want %v, %d", tc.name, a, b.Cells, err, tc.want, tc.first)
		}
	}
}

func TestParseBoardRows(t *testing.T) {
	text := "1 2 | . 4\n. . | 1 2\n----+----\n2 1 | 4 .\n4 . | 2 1\n"
	b, _, err := ParseBoard(text, Shape{}, AutoAlphabet)
	if err != nil || b.String() != "12.4..12214.4.21" || b.Shape != ShapeOf(4) {
		t.Fatalf("ParseBoard(rows) = %v, %v", b, err)
	}
	if _, _, err := ParseBoard("12.4\n..12\n2.4\n4.21", Shape{}, AutoAlphabet); err == nil ||
		!errors.Is(err, ErrRowLength) || !strings.Contains(err.Error(), "row 3 has 3 cells, want 4") {
		t.Errorf("short row: %v", err)
	}
}

func TestParseBoardErrors(t *testing.T) {
	s6, _ := ParseShape("6", "3x2")
	for _, tc := range []struct {
		line  string
		shape Shape
		alpha Alphabet
		kind  error
		want  string
	}{
		{strings.Repeat(".", 80), Shape{}, AutoAlphabet, ErrLength,
			"80 characters, want the cells of a 4, 6, 8, 9, 10, 12, 16 or 25 board"},
		{strings.Repeat(".", 36), ShapeOf(16), AutoAlphabet, ErrLength, "36 characters, want 256 for 16x16"},
		{strings.Repeat(".", 17) + "H" + strings.Repeat(".", 238), Shape{}, AutoAlphabet, ErrCharacter,
			`unexpected character 'H' at position 18 (r2c2): want 1-9, A-G, '.' or '0' (alphabet 1-9A-Z of 16x16)`},
		{"G" + strings.Repeat(".", 255), Shape{}, FromZero, ErrCharacter,
			`unexpected character 'G' at position 1 (r1c1): want 0-9, A-F, '.' (alphabet 0-F of 16x16)`},
		{"7" + strings.Repeat(".", 35), s6, AutoAlphabet, ErrCharacter,
			`'7' at position 1 (r1c1): want 1-6, '.' or '0' (alphabet 1-9A-Z of 6x6 (3x2 boxes))`},
		{strings.Repeat(".", 15) + "é", Shape{}, AutoAlphabet, ErrLength, "17 characters"},
		{strings.Repeat(".", 14) + "é", Shape{}, AutoAlphabet, ErrCharacter, "byte 0xc3 at position 15 (r4c3)"},
		{"1 2 3 4\n1 2 3 4", Shape{}, AutoAlphabet, ErrRows, "2 rows, want 4, 6"},
	} {
		_, _, err := ParseBoard(tc.line, tc.shape, tc.alpha)
		if err == nil || !errors.Is(err, tc.kind) || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseBoard(%.20q...) = %v; want %v with %q", tc.line, err, tc.kind, tc.want)
		}
	}
}

func TestParseAlphabet(t *testing.T) {
	for name, want := range map[string]Alphabet{"": AutoAlphabet, "0-F": FromZero, "1-9a-z": Letters, "1-9A-G": Letters} {
		if a, err := ParseAlphabet(name); err != nil || a != want {
			t.Errorf("ParseAlphabet(%q) = %v, %v", name, a, err)
		}
	}
	if _, err := ParseAlphabet("1-16"); err == nil || !errors.Is(err, ErrInvalid) {
		t.Errorf("ParseAlphabet(1-16) = %v", err)
	}
}

// FuzzParseBoard checks that ParseBoard never panics, that what it reads
// holds values in range, and that it reads back what it writes.
func FuzzParseBoard(f *testing.F) {
	for _, s := range shapes {
		b := patternBoard(s)
		f.Add(b.Format(Letters), uint8(0))
		f.Add(b.Format(FromZero), uint8(2))
	}
	f.Add("12.4\n..12\n2.4.\n4.21", uint8(1))
	f.Fuzz(func(t *testing.T, text string, alpha uint8) {
		b, a, err := ParseBoard(text, Shape{}, Alphabet(alpha%3))
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error not of kind ErrInvalid: %v", err)
			}
			return
		}
		if len(b.Cells) != b.Shape.Cells() {
			t.Fatalf("%d cells for %s", len(b.Cells), b.Shape)
		}
		for _, v := range b.Cells {
			if int(v) > b.Shape.N() {
				t.Fatalf("value %d in %s", v, b.Shape)
			}
		}
		for _, out := range []Alphabet{a, Letters, FromZero} {
			back, _, err := ParseBoard(b.Format(out), b.Shape, out)
			if err != nil || back.String() != b.String() {
				t.Fatalf("%s read back in %s: %v, %v", b, out, back, err)
			}
		}
		_ = b.Validate()
	})
}
