package sudoku

import (
	"slices"
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
