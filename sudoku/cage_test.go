package sudoku

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// killerFiles are the public killers of testdata (sources in each file).
var killerFiles = []string{"extreme-ps.txt", "hs-zero-ps.txt", "tarek-arrows.txt", "mathemagic-arrows.txt"}

// readKillers reads a killer file of testdata.
func readKillers(t testing.TB, name string) []Puzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "killer", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Puzzle
	for p, err := range NewReader(f, name).All() {
		if err != nil {
			t.Fatalf("%v", err)
		}
		out = append(out, p)
	}
	return out
}

// TestReadKillers: the public killers read in both formats; each is a
// killer with cages that keep the solution given in its label, and each
// writes back in the PS and arrow formats and in a label to the same
// rules.
func TestReadKillers(t *testing.T) {
	total := 0
	for _, name := range killerFiles {
		for _, p := range readKillers(t, name) {
			total++
			r := p.Rules
			if !r.Has("killer") || !r.HasCages() || p.Grid.Givens() != 0 {
				t.Fatalf("%s:%d: rules %s with %d cages and %d givens", name, p.Line, r, r.NumCages(), p.Grid.Givens())
			}
			if len(p.Label) == 81 {
				var sol Grid
				for i := range 81 {
					sol[i] = p.Label[i] - '0'
				}
				if err := r.CheckSolution(p.Grid, sol); err != nil {
					t.Errorf("%s:%d: the solution breaks the cages: %v", name, p.Line, err)
				}
			}
			arrows, err := FormatArrows(r)
			if err != nil {
				t.Fatal(err)
			}
			cages, err := ParseArrows(arrows)
			if err != nil {
				t.Fatalf("%s:%d: %s does not read back: %v", name, p.Line, arrows, err)
			}
			if back, err := r.WithoutCages().WithCages(cages); err != nil || !back.Equal(r) {
				t.Errorf("%s:%d: arrows %s read back as other cages (%v)", name, p.Line, arrows, err)
			}
			if ps, err := FormatPS(r); err != nil {
				t.Errorf("%s:%d: %v", name, p.Line, err)
			} else if x, cages, err := ParsePS(ps); err != nil || x != r.Has("x") {
				t.Errorf("%s:%d: %s does not read back: %v", name, p.Line, ps, err)
			} else if back, err := r.WithoutCages().WithCages(cages); err != nil || !back.Equal(r) {
				t.Errorf("%s:%d: %s reads back as other cages (%v)", name, p.Line, ps, err)
			}
			line := p.Grid.String() + " " + r.Label()
			q, err := readOne(line)
			if err != nil || !q.Rules.Equal(r) || q.Label != "" {
				t.Errorf("%s:%d: the line %s reads back as %s %q (%v)", name, p.Line, line, q.Rules, q.Label, err)
			}
		}
	}
	if total != 70 {
		t.Errorf("%d killers, want 70", total)
	}
}

// readOne reads the one puzzle of a text.
func readOne(text string) (Puzzle, error) {
	rd := NewReader(strings.NewReader(text), "in.txt")
	return rd.Next()
}

// TestPSIds: the PS format's ids are opaque labels (Wecoc's strings number
// cages 0, 1, 2, ...; sudocue's posts use the first cell's index), and
// the writer writes the index of each cage's first cell, as sudocue's
// posts do; "d" makes killer-x; sums and ids decode as sum*256+id.
func TestPSIds(t *testing.T) {
	p := readKillers(t, "extreme-ps.txt")[0]
	ps, _ := FormatPS(p.Rules)
	fields := strings.Split(strings.TrimPrefix(ps, "3x3::k:"), ":")
	// Wecoc #1 starts 6150:6150:6401: the 24-cage with id 6 and the 25-cage
	// with id 1; written back with ids 0 and 2, their first cells.
	if fields[0] != "6144" || fields[1] != "6144" || fields[2] != "6402" {
		t.Errorf("PS fields %v, want 6144 6144 6402 ...", fields[:3])
	}
	hs := readKillers(t, "hs-zero-ps.txt")
	if !hs[0].Rules.Has("x") || hs[2].Rules.Has("x") {
		t.Errorf("3x3:d:k: gives %s, 3x3::k: gives %s; want killer-x, then killer", hs[0].Rules, hs[2].Rules)
	}
	if got := hs[1].Rules.CageOf(cell("r1c2")); got != -1 {
		t.Errorf("a cell of sum 0 is in cage %d, want none", got)
	}
	if ps, err := FormatPS(hs[0].Rules); err != nil || !strings.HasPrefix(ps, "3x3:d:k:") {
		t.Errorf("killer-x in PS: %q %v", ps, err)
	}
	windoku, _ := ParseRules("windoku", "")
	k, _ := windoku.WithCages(twoCages)
	if _, err := FormatPS(k); err == nil || !strings.Contains(err.Error(), "killer and killer-x only, not windoku,killer") {
		t.Errorf("windoku killer in PS: %v", err)
	}
}

// twoCages are a 3-cage of 10 at r1c1-r1c3 and a 2-cage of 17 at r2c1.
var twoCages = []Cage{{Sum: 10, Cells: []int{0, 1, 2}}, {Sum: 17, Cells: []int{9, 10}}}

func TestWithCages(t *testing.T) {
	r, err := Rules{}.WithCages(twoCages)
	if err != nil {
		t.Fatal(err)
	}
	if r.String() != "killer" || r.NumCages() != 2 || r.CageOf(1) != 0 || r.CageOf(10) != 1 || r.CageOf(40) != -1 {
		t.Errorf("rules %s, %d cages, cages of r1c2 %d, r2c2 %d, r5c5 %d", r, r.NumCages(), r.CageOf(1), r.CageOf(10), r.CageOf(40))
	}
	// Cage-mates in a row add no peer; across boxes, diagonally, they do.
	across, _ := Rules{}.WithCages([]Cage{{Sum: 3, Cells: []int{2, 3}}})
	if !across.Sees(2, 3) || across.Peers(2).Count() != 20 {
		t.Errorf("cage-mates r1c3 and r1c4: sees %v, %d peers", across.Sees(2, 3), across.Peers(2).Count())
	}
	diag, _ := Rules{}.WithCages([]Cage{{Sum: 3, Cells: []int{2, 12}}})
	if !diag.Sees(2, 12) || diag.Peers(2).Count() != 21 || diag.Peers(12).Count() != 21 {
		t.Errorf("cage-mates r1c3 and r2c4: sees %v, %d and %d peers, want 21", diag.Sees(2, 12), diag.Peers(2).Count(), diag.Peers(12).Count())
	}
	if Rules.Equal(r, r.WithoutCages()) || !r.WithoutCages().Equal(mustRules(t, "killer", "")) {
		t.Errorf("WithoutCages: %s", r.WithoutCages())
	}
	x := mustRules(t, "x", "")
	kx, err := x.WithCages(twoCages)
	if err != nil || kx.String() != "x,killer" || kx.NumHouses() != 29 {
		t.Errorf("x with cages: %s, %d houses, %v", kx, kx.NumHouses(), err)
	}
	if c := r.Cage(0); c.Name() != "the 10-cage at r1c1-r1c3" {
		t.Errorf("name %q", c.Name())
	}
	if got := CageCombinations(3, 9); !slices.Equal(got, []Digits{DigitSet(1, 2, 6), DigitSet(1, 3, 5), DigitSet(2, 3, 4)}) {
		t.Errorf("9 in 3: %v", got)
	}
	n := 0
	for k := 1; k <= 9; k++ {
		for s := 1; s <= 45; s++ {
			n += len(CageCombinations(k, s))
		}
	}
	if n != 511 {
		t.Errorf("%d combinations in all, want 511", n)
	}
}

func TestWithCagesErrors(t *testing.T) {
	tests := []struct {
		cages []Cage
		want  string
	}{
		{nil, "a killer needs its cages"},
		{[]Cage{{Sum: 3}}, "cage 1 (sum 3) has 0 cells, want 1 to 9"},
		{[]Cage{{Sum: 3, Cells: []int{0, 0}}}, "cage 1 (sum 3 at r1c1) names r1c1 twice"},
		{[]Cage{{Sum: 3, Cells: []int{0, 81}}}, "cell 81 is off the grid"},
		{[]Cage{{Sum: 3, Cells: []int{0, 1}}, {Sum: 5, Cells: []int{1, 2}}}, "cage 2 (sum 5 at r1c2) overlaps cage 1 at r1c2"},
		{[]Cage{{Sum: 18, Cells: []int{0, 1}}}, "cage 1 (sum 18 at r1c1): no 2 distinct digits add up to 18 (3 to 17 do)"},
		{[]Cage{{Sum: 2, Cells: []int{0, 1}}}, "no 2 distinct digits add up to 2"},
		{[]Cage{{Sum: 10, Cells: []int{0, 2}}}, "cage 1 (sum 10 at r1c1) is in pieces: r1c3 does not join r1c1"},
		{[]Cage{{Sum: 45, Cells: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}}, "has 10 cells, want 1 to 9"},
	}
	for _, tt := range tests {
		_, err := Rules{}.WithCages(tt.cages)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: %v, want %q", tt.cages, err, tt.want)
		}
	}
}

func TestCheckCages(t *testing.T) {
	r, _ := Rules{}.WithCages(twoCages)
	tests := []struct {
		grid, want string
	}{
		{"r1c1=1 r1c2=2", ""},
		{"r1c1=1 r1c2=2 r1c3=7", ""},
		{"r1c1=1 r1c2=9", "the digits in the 10-cage at r1c1-r1c3 add up to 10, which its empty cells cannot bring to 10"},
		{"r1c1=4 r1c2=6", "cannot bring to 10"},
		{"r2c1=8", ""},
		{"r2c1=7", "the digits in the 17-cage at r2c1-r2c2 add up to 7"},
		{"r1c1=1 r1c2=2 r1c3=6", "the digits of the 10-cage at r1c1-r1c3 add up to 9"},
	}
	for _, tt := range tests {
		err := r.Check(gridWith(tt.grid))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.grid, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want %q", tt.grid, err, tt.want)
		}
	}
	// A repeated digit in a cage that is in no house together.
	rep, _ := Rules{}.WithCages([]Cage{{Sum: 4, Cells: []int{2, 12}}})
	var ce *CageError
	if err := rep.Check(gridWith("r1c3=2 r2c4=2")); !errors.As(err, &ce) || ce.Digit != 2 ||
		err.Error() != "digit 2 repeated in the 4-cage at r1c3-r2c4: r1c3 and r2c4" {
		t.Errorf("repeated digit: %v", err)
	}
}

// TestKillerLines: the line forms of a killer read, with their errors.
func TestKillerLines(t *testing.T) {
	const mathemagic1 = "R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^"
	p, err := readOne(mathemagic1 + " id1 variant=x")
	if err != nil || p.Rules.String() != "x,killer" || p.Label != "id1" || p.Rules.NumCages() != 17 {
		t.Errorf("arrows with a label: %s %q %d cages %v", p.Rules, p.Label, p.Rules.NumCages(), err)
	}
	if c := p.Rules.Cage(0); c.Sum != 27 || !slices.Equal(c.Cells, []int{0, 1, 2, 3, 9}) {
		t.Errorf("first cage %v, want 27 at r1c1-r1c4 and r2c1", c)
	}
	bad := []struct{ line, want string }{
		{"<" + mathemagic1[1:], "the arrow '<' at r1c1 points off the grid"},
		{"R>" + mathemagic1[2:], "go round in a circle"},
		{"0<" + mathemagic1[2:], "which holds 0: a cell in no cage"},
		{"3x3::k:1:2", "PS format: 2 cell fields, want 81"},
		{"3x3::k:" + strings.Repeat("x:", 81), `the field "x" of r1c1 is no sum*256+id`},
		{"3x3::k:256:" + strings.Repeat("0:", 79) + "512", "r9c9 says cage 0 has sum 2, r1c1 said 1"},
		{"3x3::k:" + strings.Repeat("0:", 81), "PS format: no cage"},
		{strings.Repeat(".", 81) + " variant=killer", "a killer needs its cages"},
		{strings.Repeat(".", 81) + " variant=killer cages=R<<", "the label's cages= field: arrow format: 3 characters"},
		{"5" + strings.Repeat(".", 80) + " cages=A<" + strings.Repeat("0", 79), "the digits in the 10-cage at r1c1-r1c2 add up to 5, which its empty cells cannot bring to 10"},
	}
	for _, b := range bad {
		_, err := readOne(b.line)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%.30s...: %v, want %q", b.line, err, b.want)
		}
	}
}

// TestKillerJSON: a JSON row's cages.
func TestKillerJSON(t *testing.T) {
	row := `{"puzzle": "` + strings.Repeat(".", 81) + `", "variant": ["killer"], "cages": [{"sum": 10, "cells": ["r1c1", "r1c2", "r1c3"]}, {"sum": 17, "cells": ["r2c2", "r2c1"]}]}`
	p, err := readOne(row)
	want, _ := Rules{}.WithCages(twoCages)
	if err != nil || !p.Rules.Equal(want) {
		t.Fatalf("%s: %s %v", row, p.Rules, err)
	}
	for _, bad := range []struct{ row, want string }{
		{`{"puzzle": "` + strings.Repeat(".", 81) + `", "cages": 3}`, `"cages" is not a list`},
		{`{"puzzle": "` + strings.Repeat(".", 81) + `", "cages": [{"sum": 3}]}`, `cage 1 is not {"sum"`},
		{`{"puzzle": "` + strings.Repeat(".", 81) + `", "cages": [{"sum": 3, "cells": ["r0c1"]}]}`, `"r0c1" is no cell name`},
		{`{"puzzle": "` + strings.Repeat(".", 81) + `", "cages": [{"sum": 30, "cells": ["r1c1"]}]}`, `no 1 distinct digits add up to 30`},
		{`{"puzzle": "` + strings.Repeat(".", 81) + `", "variant": "killer"}`, `a killer needs its cages`},
	} {
		_, err := readOne(bad.row)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.row, err, bad.want)
		}
	}
}

// FuzzKillerFormats: the parsers never panic, and what they read writes
// back and reads again as the same cages.
func FuzzKillerFormats(f *testing.F) {
	f.Add("R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^")
	f.Add("RJJDEPGD<H```````^F````D```D``````9`L````HE``L`L`SJ```C```I````A``B`````^<```````")
	f.Add("3x3::k:" + strings.Repeat("256:", 80) + "513")
	f.Add("3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846:3846:7705:4361:3847:3848:3841:3843:4621:4876:28:4361:4361:4619:3848:29:3843:4621:4876:4876:5395:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:3844:3844:3843:4621:4114:4114:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:3848:3844:3843:4621:4114:4114:5395:4619:3848:")
	f.Fuzz(func(t *testing.T, s string) {
		var cages []Cage
		var err error
		x := false
		if strings.HasPrefix(s, "3x3:") {
			x, cages, err = ParsePS(s)
		} else {
			cages, err = ParseArrows(s)
		}
		if err != nil {
			return
		}
		base := Rules{}
		if x {
			base, _ = ParseRules("x", "")
		}
		r, err := base.WithCages(cages)
		if err != nil {
			return
		}
		arrows, err := FormatArrows(r)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseArrows(arrows)
		if err != nil {
			t.Fatalf("%s: %v", arrows, err)
		}
		if back, err := base.WithCages(again); err != nil || !back.Equal(r) {
			t.Fatalf("%s reads back as other cages: %v", arrows, err)
		}
		ps, err := FormatPS(r)
		if err != nil {
			t.Fatal(err)
		}
		x2, again, err := ParsePS(ps)
		if err != nil || x2 != x {
			t.Fatalf("%s: %v", ps, err)
		}
		if back, err := base.WithCages(again); err != nil || !back.Equal(r) {
			t.Fatalf("%s reads back as other cages: %v", ps, err)
		}
	})
}

// TestCageOptions checks the combinations a cage can still hold and the
// digits they leave each cell, against cages worked by hand.
func TestCageOptions(t *testing.T) {
	all := DigitSet(1, 2, 3, 4, 5, 6, 7, 8, 9)
	for _, tc := range []struct {
		name  string
		sum   int
		cands []Digits
		want  []Digits // combinations
		cells []Digits
	}{
		{"open 9 in 3", 9, []Digits{all, all, all},
			[]Digits{DigitSet(1, 2, 6), DigitSet(1, 3, 5), DigitSet(2, 3, 4)},
			[]Digits{DigitSet(1, 2, 3, 4, 5, 6), DigitSet(1, 2, 3, 4, 5, 6), DigitSet(1, 2, 3, 4, 5, 6)}},
		{"a 6 placed", 9, []Digits{DigitSet(6), all, all},
			[]Digits{DigitSet(1, 2, 6)},
			[]Digits{DigitSet(6), DigitSet(1, 2), DigitSet(1, 2)}},
		{"a cell without 3 or 5", 9, []Digits{DigitSet(1, 2, 4), DigitSet(3, 5), DigitSet(3, 5)},
			[]Digits{DigitSet(1, 3, 5)},
			[]Digits{DigitSet(1), DigitSet(3, 5), DigitSet(3, 5)}},
		{"two cells, one digit", 3, []Digits{DigitSet(1), DigitSet(1)}, nil, []Digits{0, 0}},
		{"an empty cell", 17, []Digits{0, all}, nil, []Digits{0, 0}},
	} {
		got, cells := CageOptions(tc.sum, tc.cands)
		if !slices.Equal(got, tc.want) || !slices.Equal(cells, tc.cells) {
			t.Errorf("%s: CageOptions = %v %v, want %v %v", tc.name, got, cells, tc.want, tc.cells)
		}
	}
}
