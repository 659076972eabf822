package sudoku

import (
	"slices"
	"strings"
	"testing"
)

// TestRulesPretty draws jigsaw grids with their regions' borders and reads
// them back: every line between two rows must be a separator to the
// reader, also one with no horizontal border at all (regions in columns),
// and no box line may be drawn where regions do not part.
func TestRulesPretty(t *testing.T) {
	var columns, boxes strings.Builder
	for i := range 81 {
		columns.WriteByte(byte('1' + i%9))
		boxes.WriteByte(byte('1' + BoxOf[i]))
	}
	var g Grid // 1 to 9 down the main diagonal: valid under any layout
	for i := range 9 {
		g[i*10] = uint8(i + 1)
	}
	for _, tt := range []struct{ name, layout string }{
		{"testdata", "111111222115559922133355922333355992337755992777449968774466668774666868444488888"},
		{"columns", columns.String()},
		{"boxes", boxes.String()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseRules("jigsaw", tt.layout)
			if err != nil {
				t.Fatal(err)
			}
			text := r.Pretty(g)
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if len(lines) != 19 {
				t.Fatalf("%d lines, want 19:\n%s", len(lines), text)
			}
			// A border between two cells of a row exactly where regions part.
			for row := range 9 {
				line := lines[2*row+1]
				for col := 1; col < 9; col++ {
					wall := line[4*col] == '|'
					if parts := tt.layout[row*9+col-1] != tt.layout[row*9+col]; wall != parts {
						t.Errorf("r%dc%d: border %v, regions part %v:\n%s", row+1, col+1, wall, parts, text)
					}
				}
			}
			rd := NewReader(strings.NewReader(text), "pretty")
			rd.SetRules(r)
			n := 0
			for p, err := range rd.All() {
				if err != nil {
					t.Fatalf("reading back: %v\n%s", err, text)
				}
				if n++; p.Grid != g {
					t.Errorf("read back %s, want %s", p.Grid, g)
				}
			}
			if n != 1 {
				t.Errorf("read back %d puzzles, want 1", n)
			}
		})
	}
	if classic := (Rules{}).Pretty(g); classic != g.Pretty() {
		t.Errorf("classic rules draw\n%s, want the boxes' lines\n%s", classic, g.Pretty())
	}
}

// TestFormatStateJigsaw draws a jigsaw's candidate grid with its regions'
// borders (not the boxes' lines) and reads it back as the same state, its
// rules from the title line above it.
func TestFormatStateJigsaw(t *testing.T) {
	const layout = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"
	r, err := ParseRules("jigsaw", layout)
	if err != nil {
		t.Fatal(err)
	}
	var g Grid // testdata/puzzles/variants/jigsaw.txt:2 (no classic puzzle: ParseGrid refuses it)
	for i, c := range "..9....4........1..2.8.......4...........8..5.......59...3.9..67.....5.........2." {
		if c != '.' {
			g[i] = uint8(c - '0')
		}
	}
	st := r.StateOf(g, nil)
	st.Cands[0] &^= DigitSet(5) // a state, not only a puzzle's candidates
	text := FormatState(st)
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 19 {
		t.Fatalf("%d lines, want 19:\n%s", len(lines), text)
	}
	for row := range 9 {
		// The frame's two walls, and one wherever the regions part.
		want := 2
		for col := 1; col < 9; col++ {
			if layout[row*9+col-1] != layout[row*9+col] {
				want++
			}
		}
		if got := strings.Count(lines[2*row+1], "|"); got != want {
			t.Errorf("row %d: %d borders, want %d:\n%s", row+1, got, want, text)
		}
	}
	rd := NewReader(strings.NewReader(r.Label()+"\n"+text), "candidates")
	n := 0
	for p, err := range rd.All() {
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, text)
		}
		n++
		back := p.State()
		if !p.Rules.Has("jigsaw") || back.Values != st.Values || back.Cands != st.Cands {
			t.Errorf("read back %v %s, want the state drawn:\n%s", p.Rules, FormatState(back), text)
		}
	}
	if n != 1 {
		t.Errorf("read back %d puzzles, want 1", n)
	}
	if classic := FormatState(NewState(g)); strings.HasPrefix(classic, "+") || !strings.Contains(classic, "-+-") {
		t.Errorf("a classic state drawn without the boxes' lines:\n%s", classic)
	}
}

// TestBoardPrettyJigsaw draws sized jigsaw boards with their regions'
// borders, not the boxes' lines (it drew the boxes), and reads them back
// under their title line as the same board and layout.
func TestBoardPrettyJigsaw(t *testing.T) {
	for _, tt := range []struct {
		size   int
		layout string // "" for regions in columns
	}{
		{6, "332222333322514444511164551664551666"},
		{6, ""},
		{8, ""},
		{12, ""},
		{16, ""},
	} {
		s := ShapeOf(tt.size)
		n := s.N()
		layout := tt.layout
		if layout == "" {
			var b strings.Builder
			for i := range n * n {
				b.WriteByte(Letters.Symbol(i%n + 1))
			}
			layout = b.String()
		}
		regions, err := s.ParseRegions(layout)
		if err != nil {
			t.Fatalf("%d: %v", tt.size, err)
		}
		b := NewBoard(s)
		b.Regions = regions
		for i := range n {
			b.Cells[i*n+i] = uint8(i + 1) // 1 to N down the diagonal: valid under any layout
		}
		for _, numbers := range []bool{false, true} {
			text := b.Pretty(Letters, numbers)
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if len(lines) != 2*n+1 {
				t.Fatalf("%d: %d lines, want %d:\n%s", n, len(lines), 2*n+1, text)
			}
			// A border between two cells of a row exactly where regions part.
			cellWidth := 3 + boolInt(numbers && n > 9)
			for row := range n {
				line := lines[2*row+1]
				for col := 1; col < n; col++ {
					wall := line[(cellWidth+1)*col] == '|'
					if parts := regions[row*n+col-1] != regions[row*n+col]; wall != parts {
						t.Errorf("%d numbers=%v r%dc%d: border %v, regions part %v:\n%s", n, numbers, row+1, col+1, wall, parts, text)
					}
				}
			}
			input := SizeLabel(s, Letters) + " " + b.RulesLabel() + "\n" + text
			rd := NewReader(strings.NewReader(input), "pretty")
			count := 0
			for p, err := range rd.All() {
				if err != nil {
					t.Fatalf("%d: reading back: %v\n%s", n, err, input)
				}
				count++
				if p.Board == nil || !slices.Equal(p.Board.Cells, b.Cells) || !slices.Equal(p.Board.Regions, regions) {
					t.Errorf("%d numbers=%v: read back %+v, want %v on %v", n, numbers, p.Board, b.Cells, regions)
				}
			}
			if count != 1 {
				t.Errorf("%d: read back %d puzzles, want 1", n, count)
			}
		}
	}
}
