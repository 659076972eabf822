package sudoku

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// jigsawLayout is a jigsaw's regions layout with no region a plain box.
const jigsawLayout = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"

// mustRules builds rules from a spec the test knows to be good.
func mustRules(t testing.TB, spec, regions string) Rules {
	t.Helper()
	r, err := ParseRules(spec, regions)
	if err != nil {
		t.Fatalf("ParseRules(%q): %v", spec, err)
	}
	return r
}

// cell returns the number of a cell named rRcC.
func cell(name string) int { return int(name[1]-'1')*9 + int(name[3]-'1') }

// gridWith returns an empty grid with the digits given as "r1c1=4 r5c5=4".
func gridWith(placements string) Grid {
	var g Grid
	for _, p := range strings.Fields(placements) {
		g[cell(p[:4])] = p[5] - '0'
	}
	return g
}

func TestRulesHouses(t *testing.T) {
	tests := []struct {
		spec, regions string
		houses        int
		names         []string // the names of the houses after the 27 of rows, columns and boxes
		peers         map[string]int
	}{
		{"", "", 27, nil, map[string]int{"r1c1": 20, "r5c5": 20}},
		{"x", "", 29, []string{"diagonal 1", "diagonal 2"}, map[string]int{"r1c1": 26, "r5c5": 32, "r1c2": 20}},
		{"windoku", "", 36, []string{"window 1", "window 2", "window 3", "window 4",
			"window group 1", "window group 2", "window group 3", "window group 4", "window group 5"},
			map[string]int{"r1c1": 24, "r2c2": 23}},
		{"disjoint-groups", "", 36, []string{"disjoint group 1", "disjoint group 2", "disjoint group 3", "disjoint group 4",
			"disjoint group 5", "disjoint group 6", "disjoint group 7", "disjoint group 8", "disjoint group 9"},
			map[string]int{"r1c1": 24}},
		{"asterisk", "", 28, []string{"asterisk"}, map[string]int{"r5c5": 24, "r1c1": 20}},
		{"girandola", "", 28, []string{"girandola"}, map[string]int{"r1c1": 26}},
		{"center-dot", "", 28, []string{"centre dot"}, map[string]int{"r5c5": 24}},
		{"anti-knight", "", 27, nil, map[string]int{"r1c1": 20, "r5c5": 28}},
		{"anti-king", "", 27, nil, map[string]int{"r5c5": 20, "r3c3": 23}},
		{"non-consecutive", "", 27, nil, map[string]int{"r5c5": 20}},
		{"jigsaw", jigsawLayout, 27, nil, nil},
		{"x,anti-knight,windoku", "", 38, []string{"diagonal 1", "diagonal 2", "window 1", "window 2", "window 3", "window 4",
			"window group 1", "window group 2", "window group 3", "window group 4", "window group 5"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			r := mustRules(t, tt.spec, tt.regions)
			if got := r.NumHouses(); got != tt.houses {
				t.Fatalf("%d houses, want %d", got, tt.houses)
			}
			var names []string
			for h := range r.NumHouses() {
				house := r.House(h)
				seen := CellSet{}
				for _, c := range house.Cells {
					if c > 80 || seen.Has(int(c)) {
						t.Fatalf("%s: cells %v", house.Name(), house.Cells)
					}
					seen.Add(int(c))
					if r.HousesOf(int(c))&(1<<h) == 0 {
						t.Errorf("HousesOf(%s) lacks %s", CellName(int(c)), house.Name())
					}
				}
				if !slices.IsSorted(house.Cells[:]) || seen != r.HouseCells(h) {
					t.Errorf("%s: cells %v not in reading order, or not its HouseCells", house.Name(), house.Cells)
				}
				if h < 27 && !r.Has("jigsaw") && (house.Cells != Units[h] || house.Name() != UnitName(h)) {
					t.Errorf("house %d is %s %v, want the unit %s %v", h, house.Name(), house.Cells, UnitName(h), Units[h])
				}
				if h >= 27 {
					names = append(names, house.Name())
				}
			}
			if !slices.Equal(names, tt.names) {
				t.Errorf("extra houses %q, want %q", names, tt.names)
			}
			for name, want := range tt.peers {
				c := cell(name)
				peers := r.Peers(c)
				if got := peers.Count(); got != want {
					t.Errorf("%s has %d peers, want %d", name, got, want)
				}
				if peers.Has(c) {
					t.Errorf("%s is its own peer", name)
				}
				for p := range peers.All() {
					if !r.Peers(p).Has(c) || !r.Sees(c, p) {
						t.Errorf("%s sees %s, not the other way round", name, CellName(p))
					}
				}
			}
		})
	}
}

func TestRulesClassicIsZero(t *testing.T) {
	var zero Rules
	r, err := ParseRules("classic", "")
	if err != nil || !r.IsClassic() || !r.Equal(zero) || r.String() != "classic" {
		t.Fatalf("ParseRules(classic) = %v, %v", r, err)
	}
	for c := range 81 {
		var want CellSet
		for _, p := range Peers[c] {
			want.Add(int(p))
		}
		if got := zero.Peers(c); got != want {
			t.Fatalf("classic peers of %s: %v, want %v", CellName(c), got.Cells(), want.Cells())
		}
	}
	if zero.Regions() != "" || len(zero.Variants()) != 0 || zero.HasPair(AntiKnight) {
		t.Error("classic rules have variants")
	}
	g := gridWith("r1c1=1 r2c3=1")
	if err := zero.Check(g); err == nil || err.Error() != g.Validate().Error() {
		t.Errorf("classic Check = %v, want Validate's %v", err, g.Validate())
	}
	if zero.Candidates(g) != g.Candidates() {
		t.Error("classic Candidates differ from Grid.Candidates")
	}
}

func TestParseRulesOrderAndLabel(t *testing.T) {
	r := mustRules(t, " anti-knight , x ", "")
	if got := r.Variants(); !slices.Equal(got, []string{"x", "anti-knight"}) {
		t.Errorf("Variants() = %q", got)
	}
	if r.String() != "x,anti-knight" {
		t.Errorf("String %q", r.String())
	}
	if !r.Equal(mustRules(t, "x,anti-knight", "")) || r.Equal(mustRules(t, "x", "")) || r.Equal(Rules{}) {
		t.Error("Equal is wrong")
	}
	if !r.HasPair(AntiKnight) || r.HasPair(AntiKing) || !r.Has("x") || r.Has("windoku") {
		t.Error("Has/HasPair are wrong")
	}
	j := mustRules(t, "x,jigsaw", "# a comment\n"+jigsawLayout[:40]+"\n "+jigsawLayout[40:]+"\n")
	if j.String() != "jigsaw,x" || j.Regions() != jigsawLayout {
		t.Errorf("jigsaw: String %q, Regions %q", j.String(), j.Regions())
	}
	if alias := mustRules(t, "centre-dot", ""); alias.String() != "center-dot" {
		t.Errorf("centre-dot reads as %s", alias)
	}
	if got := len(mustRules(t, "non-consecutive,anti-king", "").Describe()); got != 2 {
		t.Errorf("Describe gives %d sentences", got)
	}
}

func TestParseRulesErrors(t *testing.T) {
	var boxes []byte
	for i := range 81 {
		boxes = append(boxes, byte('1'+i/27*3+i%9/3))
	}
	boxes[0], boxes[80] = boxes[80], boxes[0]
	boxesSwapped := string(boxes)
	tests := []struct{ spec, regions, want string }{
		{"windoko", "", `unknown variant "windoko" (did you mean "windoku"?); known: jigsaw, x, windoku,`},
		{"anti-knigth", "", `(did you mean "anti-knight"?)`},
		{"hexagon", "", `unknown variant "hexagon"; known:`},
		{"x,x", "", "variant x given twice"},
		{"x,,anti-king", "", "an empty name between commas"},
		{"classic,x", "", "classic is the rules without variants: it does not combine with them"},
		{"disjoint-groups,center-dot", "", "variants disjoint-groups and center-dot do not go together: the box centres are disjoint group 5"},
		{"jigsaw,disjoint-groups", jigsawLayout, "variants jigsaw and disjoint-groups do not go together"},
		{"jigsaw", "", "jigsaw needs its regions layout"},
		{"x", jigsawLayout, "a regions layout goes with the jigsaw variant only"},
		{"jigsaw", jigsawLayout[:80], "regions layout has 80 cells, want 81"},
		{"jigsaw", jigsawLayout + "1", "regions layout has 82 cells"},
		{"jigsaw", jigsawLayout + "a", "unexpected 'a' after the 81st cell"},
		{"jigsaw", "0" + jigsawLayout[1:], "regions layout: unexpected '0' at r1c1, want a region id 1-9"},
		{"jigsaw", "2" + jigsawLayout[1:], "regions layout: region 1 has 8 cells, want 9"},
		{"jigsaw", boxesSwapped, "region 1 is in pieces (r9c9 does not join r1c2)"},
	}
	for _, tt := range tests {
		_, err := ParseRules(tt.spec, tt.regions)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseRules(%q, %.10q) = %v, want an ErrInvalid containing %q", tt.spec, tt.regions, err, tt.want)
		}
	}
}

func TestRulesCheck(t *testing.T) {
	tests := []struct{ spec, regions, grid, want string }{
		{"", "", "r1c1=4 r1c5=4", "digit 4 repeated in row 1: r1c1 and r1c5"},
		{"", "", "r3c4=7 r5c5=7", ""}, // a knight's move is fine in classic
		{"x", "", "r1c1=4 r5c5=4", "digit 4 repeated in diagonal 1: r1c1 and r5c5"},
		{"x", "", "r1c9=4 r9c1=4", "digit 4 repeated in diagonal 2: r1c9 and r9c1"},
		{"x", "", "r1c1=4 r2c3=4", "digit 4 repeated in block 1: r1c1 and r2c3"},
		{"windoku", "", "r2c6=3 r4c8=3", "digit 3 repeated in window 2: r2c6 and r4c8"},
		{"windoku", "", "r1c1=3 r9c9=3", "digit 3 repeated in window group 5: r1c1 and r9c9"},
		{"windoku", "", "r1c2=3 r5c4=3", "digit 3 repeated in window group 1: r1c2 and r5c4"},
		{"disjoint-groups", "", "r1c3=2 r7c9=2", "digit 2 repeated in disjoint group 3: r1c3 and r7c9"},
		{"asterisk", "", "r3c3=5 r7c7=5", "digit 5 repeated in asterisk: r3c3 and r7c7"},
		{"girandola", "", "r1c1=5 r9c9=5", "digit 5 repeated in girandola: r1c1 and r9c9"},
		{"center-dot", "", "r2c2=5 r8c8=5", "digit 5 repeated in centre dot: r2c2 and r8c8"},
		{"anti-knight", "", "r3c4=7 r5c5=7", "r3c4 and r5c5 are a knight's move apart and both hold 7"},
		{"anti-knight", "", "r3c4=7 r4c5=7", ""},
		{"anti-king", "", "r3c4=7 r4c5=7", "r3c4 and r4c5 are a king's move apart and both hold 7"},
		{"anti-king", "", "r3c4=7 r5c5=7", ""},
		{"non-consecutive", "", "r2c2=4 r2c3=5", "r2c2 and r2c3 are neighbours holding 4 and 5"},
		{"non-consecutive", "", "r2c2=5 r3c2=4", "r2c2 and r3c2 are neighbours holding 5 and 4"},
		{"non-consecutive", "", "r2c2=1 r2c3=9 r3c3=4", ""}, // 1 and 9 are not consecutive; diagonal neighbours are free
		{"jigsaw", jigsawLayout, "r1c1=2 r2c3=2", ""},       // one box, two regions
		{"jigsaw", jigsawLayout, "r1c1=2 r1c9=2", "digit 2 repeated in row 1: r1c1 and r1c9"},
		{"jigsaw", jigsawLayout, "r2c3=2 r3c5=2", "digit 2 repeated in region 5: r2c3 and r3c5"},
		{"x,anti-knight", "", "r1c1=6 r9c9=6 r1c3=8 r2c5=8", "digit 6 repeated in diagonal 1: r1c1 and r9c9"},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.grid, func(t *testing.T) {
			r := mustRules(t, tt.spec, tt.regions)
			err := r.Check(gridWith(tt.grid))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check = %v, want nil", err)
			case tt.want == "":
			case err == nil || err.Error() != tt.want:
				t.Errorf("Check = %v, want %q", err, tt.want)
			case !errors.Is(err, ErrInvalid):
				t.Errorf("Check's error %v is not of kind ErrInvalid", err)
			}
		})
	}
}

func TestRulesCandidatesAndState(t *testing.T) {
	nc := mustRules(t, "non-consecutive", "")
	g := gridWith("r5c5=5")
	c := nc.Candidates(g)
	if got := c[cell("r5c4")]; got.Has(4) || got.Has(6) || got.Has(5) || !got.Has(3) {
		t.Errorf("non-consecutive: r5c4 candidates %s", got)
	}
	if got := c[cell("r4c4")]; got.Has(5) || !got.Has(4) || !got.Has(6) {
		t.Errorf("non-consecutive: r4c4 candidates %s", got)
	}
	knight := mustRules(t, "anti-knight", "")
	if got := knight.Candidates(g)[cell("r3c4")]; got.Has(5) {
		t.Errorf("anti-knight: r3c4 keeps 5: %s", got)
	}
	st := knight.StateOf(g, nil)
	if st.Cands[cell("r3c4")].Has(5) || st.Cands[cell("r5c5")] != 0 {
		t.Errorf("StateOf: %s, %s", st.Cands[cell("r3c4")], st.Cands[cell("r5c5")])
	}
	if err := knight.CheckState(st); err != nil {
		t.Errorf("CheckState = %v", err)
	}
	st.Cands[cell("r1c1")] = 0
	if err := knight.CheckState(st); err == nil || err.Error() != "r1c1 has no candidate" {
		t.Errorf("CheckState = %v", err)
	}
	x := mustRules(t, "x", "")
	st = x.StateOf(Grid{}, nil)
	for i := range 9 {
		st.Cands[i*10] = st.Cands[i*10].Without(7)
	}
	if err := x.CheckState(st); err == nil || err.Error() != "no 7 left in diagonal 1" {
		t.Errorf("CheckState = %v, want no 7 left in diagonal 1", err)
	}
}

// TestStateFollowsItsRules checks that a state made under rules carries
// them: placing a digit removes it along a diagonal and a knight's move,
// non-consecutive removes the digits next to it from the neighbours, and
// Check finds a digit with no place left in an extra house.
func TestStateFollowsItsRules(t *testing.T) {
	var g Grid
	x := mustRules(t, "x,anti-knight", "")
	st := x.StateOf(g, nil)
	if !st.Rules.Equal(x) {
		t.Fatalf("StateOf lost the rules: %v", st.Rules)
	}
	st.Place(0, 5)                            // r1c1
	for _, c := range []int{80, 40, 11, 19} { // r9c9, r5c5 (diagonal 1), r2c3, r3c2 (knight)
		if st.Cands[c].Has(5) {
			t.Errorf("placing 5 at r1c1 left 5 in %s", CellName(c))
		}
	}
	if !st.Cands[58].Has(5) { // r7c5 is no peer of r1c1 under these rules
		t.Errorf("placing 5 at r1c1 removed 5 from r7c5")
	}
	nc := mustRules(t, "non-consecutive", "")
	st = nc.StateOf(g, nil)
	st.Place(40, 5) // r5c5
	for _, c := range []int{31, 49, 39, 41} {
		if st.Cands[c].Has(4) || st.Cands[c].Has(6) {
			t.Errorf("placing 5 at r5c5 left 4 or 6 in neighbour %s: %v", CellName(c), st.Cands[c])
		}
	}
	if !st.Cands[30].Has(4) { // r4c4, a diagonal neighbour, keeps 4
		t.Errorf("r4c4 lost 4")
	}
	st = x.StateOf(g, nil)
	for _, c := range []int{0, 10, 20, 30, 40, 50, 60, 70, 80} {
		st.Eliminate(c, 7)
	}
	if err := st.Check(); err == nil || !strings.Contains(err.Error(), "diagonal 1") {
		t.Errorf("Check with no 7 left on diagonal 1: %v", err)
	}
	classic := NewState(g)
	if err := classic.Check(); err != nil {
		t.Errorf("classic empty state: %v", err)
	}
}
