package techniques

import (
	"slices"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

func mustRules(t *testing.T, spec, regions string) sudoku.Rules {
	t.Helper()
	r, err := sudoku.ParseRules(spec, regions)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestHouseTableVisible checks the order of a cell's peers under variant
// rules against Sukaku Explainer's tables: the 20 peers of its row, column
// and box in increasing order, then what the variant adds, in SukE's order
// (a window group on columns 1, 5 and 9 column by column, a knight's moves
// by SukE's list of offsets).
func TestHouseTableVisible(t *testing.T) {
	base40 := []uint8{4, 13, 22, 30, 31, 32, 36, 37, 38, 39, 41, 42, 43, 44, 48, 49, 50, 58, 67, 76}
	base9 := []uint8{0, 1, 2, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 27, 36, 45, 54, 63, 72}
	tests := []struct {
		rules string
		cell  int
		extra []uint8
	}{
		{"x", 40, []uint8{0, 8, 10, 16, 20, 24, 56, 60, 64, 70, 72, 80}},
		{"windoku", 9, []uint8{22, 31, 26, 35}},
		{"windoku", 40, []uint8{0, 8, 72, 80}},
		{"disjoint-groups", 40, []uint8{10, 16, 64, 70}},
		{"asterisk", 40, []uint8{20, 24, 56, 60}},
		{"anti-knight", 40, []uint8{51, 33, 47, 29, 59, 23, 57, 21}},
		{"anti-king", 40, nil}, // its diagonal neighbours are in its box
		{"non-consecutive", 40, nil},
	}
	for _, tt := range tests {
		tb := tablesOf(mustRules(t, tt.rules, ""))
		base := base40
		if tt.cell == 9 {
			base = base9
		}
		if want := slices.Concat(base, tt.extra); !slices.Equal(tb.visible[tt.cell], want) {
			t.Errorf("%s: peers of %s in the order %v, want %v", tt.rules, sudoku.CellName(tt.cell), tb.visible[tt.cell], want)
		}
		if n := tb.peers[tt.cell].Count(); n != len(tb.visible[tt.cell]) {
			t.Errorf("%s: %d peers, %d in the order", tt.rules, n, len(tb.visible[tt.cell]))
		}
	}
}

// TestHouseTableOrders checks the scans' orders of houses under variant
// rules.
func TestHouseTableOrders(t *testing.T) {
	x := tablesOf(mustRules(t, "x", ""))
	var want []uint8
	for _, first := range []uint8{18, 9, 0} { // boxes, columns, rows
		for i := range uint8(9) {
			want = append(want, first+i)
		}
	}
	if want = append(want, 27, 28); !slices.Equal(x.singles, want) {
		t.Errorf("x: hidden singles scan %v, want %v", x.singles, want)
	}
	if !slices.Equal(x.subsets, want[:27]) {
		t.Errorf("x: naked subsets scan %v, want the boxes, columns and rows alone", x.subsets)
	}
	if len(x.lockPasses) != 4 {
		t.Errorf("x: %d pointing and claiming passes, want 4 (boxes and lines only)", len(x.lockPasses))
	}
	w := tablesOf(mustRules(t, "windoku", ""))
	if len(w.lockPasses) != 10 || len(w.subsets) != 36 {
		t.Errorf("windoku: %d passes and %d houses for naked subsets, want 10 and 36", len(w.lockPasses), len(w.subsets))
	}
	group3 := int(w.byType[typeWindow][6]) // SukE's seventh window group: columns 1, 5, 9 of rows 2-4
	if got, want := w.cells[group3], [9]uint8{9, 18, 27, 13, 22, 31, 17, 26, 35}; got != want || w.name(group3) != "window group 3" {
		t.Errorf("%s: cells %v, want %v", w.name(group3), got, want)
	}
	if last := int(w.byType[typeWindow][8]); w.name(last) != "window group 5" {
		t.Errorf("SukE's last window group is %s, want window group 5", w.name(last))
	}
	j := tablesOf(mustRules(t, "jigsaw", "111111222115559922133355922333355992337755992777449968774466668774666868444488888"))
	if !j.jigsaw || !j.plainHouses() || j.typ[18] != typeBox || j.name(18) != "region 1" {
		t.Errorf("jigsaw: regions are not the boxes' type (%d, %s)", j.typ[18], j.name(18))
	}
	if x.plainHouses() || tablesOf(mustRules(t, "anti-king", "")).plainHouses() || !tablesOf(mustRules(t, "non-consecutive", "")).plainHouses() {
		t.Error("plainHouses: want false for x and anti-king, true for non-consecutive")
	}
}

func TestSeeReason(t *testing.T) {
	tests := []struct {
		rules string
		a, b  int
		want  string
	}{
		{"", 0, 1, "row 1"},
		{"", 0, 80, ""},
		{"x", 0, 80, "diagonal 1"},
		{"x", 8, 72, "diagonal 2"},
		{"anti-knight", 40, 51, "knight's move from r5c5"},
		{"anti-king", 20, 30, "king's move from r3c3"},
		{"non-consecutive", 40, 41, "row 5"},
		{"windoku", 0, 80, "window group 5"},
		{"girandola", 0, 80, "girandola"},
	}
	for _, tt := range tests {
		if got := SeeReason(mustRules(t, tt.rules, ""), tt.a, tt.b); got != tt.want {
			t.Errorf("%q: %s and %s: %q, want %q", tt.rules, sudoku.CellName(tt.a), sudoku.CellName(tt.b), got, tt.want)
		}
	}
}
