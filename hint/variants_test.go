package hint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// jigsawRules reads the layout of the jigsaw puzzles of testdata.
func jigsawRules(t *testing.T) (sudoku.Rules, string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := sudoku.ParseRules("jigsaw", string(text))
	if err != nil {
		t.Fatal(err)
	}
	return r, r.Regions()
}

// TestJigsawRegionNames checks that hints on a jigsaw name its regions as
// "region N", N the region's id in the layout, never a "block": where a
// naked single points (the region of its cell), and where the steps of the
// grading paths of testdata's jigsaws point, chains included (the region
// of a chain's start).
func TestJigsawRegionNames(t *testing.T) {
	r, layout := jigsawRules(t)
	regionOf := func(cell int) string { return "region " + layout[cell:cell+1] }
	// A naked single points to its cell's region alone.
	for _, cell := range []int{0, 8, 12, 30, 40, 44, 52, 72, 80} {
		st := techniques.Step{Technique: "naked-single", Name: "Naked Single", Rating: 2.3,
			Placements: []techniques.Candidate{{Cell: uint8(cell), Digit: 4}}, Cells: []int{cell},
			Digits: sudoku.DigitSet(4), Rules: r}
		h := Of(&st)
		if len(h.Region) != 1 || h.Region[0] != regionOf(cell) {
			t.Errorf("naked single at %s: region %v, want [%s]", sudoku.CellName(cell), h.Region, regionOf(cell))
		}
	}
	g := grader(t, false)
	chains := 0
	for i, p := range variantPuzzles(t, "jigsaw.txt", r) {
		res := g.Grade(context.Background(), p.State(), grade.Options{Path: true})
		if len(res.Path) == 0 {
			t.Fatalf("jigsaw #%d: %s, no path", i+1, res.Status)
		}
		for k := range res.Path {
			st := &res.Path[k]
			h := Of(st)
			where := h.At(Step)
			checkLevels(t, where, h)
			for _, text := range append(append([]string{h.At(Where), h.At(Step)}, h.Units...), h.Region...) {
				if strings.Contains(text, "block") {
					t.Errorf("jigsaw #%d step %d: %q names a block", i+1, k+1, text)
				}
			}
			if len(st.Chains) == 0 {
				continue
			}
			chains++
			start := int(st.Chains[0][0].Cell)
			if len(h.Region) != 1 {
				t.Errorf("jigsaw #%d step %d (%s): region %v, want one place", i+1, k+1, where, h.Region)
				continue
			}
			name := h.Region[0]
			if strings.HasPrefix(name, "cell ") {
				continue
			}
			if !houseHas(r, name, start) && name != regionOf(start) {
				t.Errorf("jigsaw #%d step %d (%s): region %q does not hold the chain's start %s",
					i+1, k+1, where, name, sudoku.CellName(start))
			}
		}
	}
	if chains == 0 {
		t.Fatal("no chain on the paths: the test checks too little")
	}
}

// variantPuzzles reads a file of testdata/puzzles/variants under rules.
func variantPuzzles(t *testing.T, file string, rules sudoku.Rules) []sudoku.Puzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "variants", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := sudoku.NewReader(f, file)
	rd.SetRules(rules)
	var out []sudoku.Puzzle
	for p, err := range rd.All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// houseHas reports whether the house of the rules named name holds cell.
func houseHas(r sudoku.Rules, name string, cell int) bool {
	for h := range r.NumHouses() {
		if r.House(h).Name() == name {
			return r.HouseCells(h).Has(cell)
		}
	}
	return false
}
