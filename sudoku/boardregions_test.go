package sudoku

import (
	"slices"
	"strings"
	"testing"
)

// TestBoxRegionsReadBack writes the boxes of every shape as a jigsaw
// layout (ids 1-9 then letters: 16x16's up to G, 25x25's up to P), reads
// it back, and checks that a board with those regions has the houses of
// the plain shape.
func TestBoxRegionsReadBack(t *testing.T) {
	for _, s := range Shapes() {
		regions := s.BoxRegions()
		text := s.FormatRegions(regions)
		got, err := s.ParseRegions(text)
		if err != nil {
			t.Fatalf("%v: %q: %v", s, text, err)
		}
		if !slices.Equal(got, regions) {
			t.Fatalf("%v: read back %v, want %v", s, got, regions)
		}
		if s.N() == 16 && text[255] != 'G' || s.N() == 25 && text[624] != 'P' {
			t.Fatalf("%v: last id %c", s, text[len(text)-1])
		}
		b := Board{Shape: s, Regions: regions}
		for h := range 3 * s.N() {
			if !slices.Equal(b.HouseCells(h), s.HouseCells(h)) {
				t.Fatalf("%v house %d: %v, want %v", s, h, b.HouseCells(h), s.HouseCells(h))
			}
		}
	}
}

// TestParseRegionsFile reads a layout as a file holds it: ids separated by
// spaces, a comment line, lower-case letters.
func TestParseRegionsFile(t *testing.T) {
	s := ShapeOf(12)
	text := "# boxes of 12x12\n" + s.FormatRegions(s.BoxRegions())[:72] + "\n"
	for _, c := range s.FormatRegions(s.BoxRegions())[72:] {
		text += string(c|0x20) + " "
	}
	got, err := s.ParseRegions(text)
	if err != nil || !slices.Equal(got, s.BoxRegions()) {
		t.Fatalf("%v, %v", got, err)
	}
}

// TestReaderSetBoardRules reads sized puzzles under the rules a reader was
// given for their shape (SetBoardRules): a 6x6 jigsaw whose digits repeat
// in a box, which its regions replace, is read with its regions; without
// them it is an error naming the box. A puzzle of another shape, or one
// whose label names its rules, keeps its own.
func TestReaderSetBoardRules(t *testing.T) {
	s := ShapeOf(6)
	const layout = "111222511422551442553446533646333666"
	regions, err := s.ParseRegions(layout)
	if err != nil {
		t.Fatal(err)
	}
	// r1c2 and r2c1 share box 1 (2x3), and are in regions 1 and 5.
	line := ".1....1............................."
	read := func(text string, b *Board) (Puzzle, error) {
		r := NewReader(strings.NewReader(text), "test")
		r.SetShape(s, AutoAlphabet)
		r.SetBoardRules(b)
		return r.Next()
	}
	jigsaw := &Board{Shape: s, Regions: regions}
	p, err := read(line, jigsaw)
	if err != nil || p.Board == nil || s.FormatRegions(p.Board.Regions) != layout {
		t.Fatalf("under the jigsaw: %v, %v", p.Board, err)
	}
	if _, err := read(line, nil); err == nil || !strings.Contains(err.Error(), "block 1") {
		t.Errorf("under the boxes: %v, want the repeat in block 1", err)
	}
	p, err = read("1234............", jigsaw)
	if err != nil || p.Board == nil || p.Board.Shape.N() != 4 || p.Board.IsJigsaw() {
		t.Errorf("a 4x4 under a 6x6 jigsaw's rules: %v, %v", p.Board, err)
	}
	p, err = read(strings.Repeat(".", 36)+" variant=x", jigsaw)
	if err != nil || p.Board == nil || p.Board.IsJigsaw() || !p.Board.X {
		t.Errorf("a line that names x: %+v, %v", p.Board, err)
	}
}
