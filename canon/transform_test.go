package canon

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

const top95First = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// at reads row r, column c of g.
func at(g sudoku.Grid, r, c int) uint8 { return g[r*9+c] }

// The keywords do what their names say, checked cell by cell.
func TestParseTransformKeywords(t *testing.T) {
	g := mustGrid(t, top95First)
	tests := []struct {
		spec string
		cell func(r, c int) uint8 // the result's cell at r, c
	}{
		{"identity", func(r, c int) uint8 { return at(g, r, c) }},
		{"ID", func(r, c int) uint8 { return at(g, r, c) }},
		{"transpose", func(r, c int) uint8 { return at(g, c, r) }},
		{"t", func(r, c int) uint8 { return at(g, c, r) }},
		{"rot90", func(r, c int) uint8 { return at(g, 8-c, r) }},
		{"rot180", func(r, c int) uint8 { return at(g, 8-r, 8-c) }},
		{"rot270", func(r, c int) uint8 { return at(g, c, 8-r) }},
		{"rot90,rot90", func(r, c int) uint8 { return at(g, 8-r, 8-c) }},
		{"mirror", func(r, c int) uint8 { return at(g, r, 8-c) }},
		{"flip", func(r, c int) uint8 { return at(g, 8-r, c) }},
		{" mirror , flip ", func(r, c int) uint8 { return at(g, 8-r, 8-c) }},
		{"r=120345678", func(r, c int) uint8 { return at(g, []int{1, 2, 0, 3, 4, 5, 6, 7, 8}[r], c) }},
		{"c=012345678,r=345012678", func(r, c int) uint8 { return at(g, []int{3, 4, 5, 0, 1, 2, 6, 7, 8}[r], c) }},
		{"d=987654321", func(r, c int) uint8 {
			if v := at(g, r, c); v != 0 {
				return 10 - v
			}
			return 0
		}},
		// terms apply left to right: rotate, then swap the first two columns
		{"rot90,c=102345678", func(r, c int) uint8 { return at(g, 8-[]int{1, 0, 2, 3, 4, 5, 6, 7, 8}[c], r) }},
	}
	for _, tc := range tests {
		tr, err := ParseTransform(tc.spec)
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if err := tr.Validate(); err != nil {
			t.Errorf("%q parses to an invalid transform: %v", tc.spec, err)
		}
		got := tr.Apply(g)
		for r := range 9 {
			for c := range 9 {
				if want := tc.cell(r, c); at(got, r, c) != want {
					t.Fatalf("%q: r%dc%d = %d, want %d\n%s", tc.spec, r+1, c+1, at(got, r, c), want, got.Pretty())
				}
			}
		}
	}
}

// String reads back to the same transform, and the exact text is stable.
func TestTransformStringRoundTrip(t *testing.T) {
	if got, want := Identity().String(), "r=012345678,c=012345678,d=123456789"; got != want {
		t.Errorf("Identity().String() = %q, want %q", got, want)
	}
	rot, err := ParseTransform("rot90,d=213456789")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rot.String(), "t,r=012345678,c=876543210,d=213456789"; got != want {
		t.Errorf("rot90,d=213456789 prints as %q, want %q", got, want)
	}
	rng := rand.New(rand.NewPCG(15, 2))
	for range 1000 {
		tr := Random(rng)
		back, err := ParseTransform(tr.String())
		if err != nil {
			t.Fatalf("%v: %v", tr, err)
		}
		if back != tr {
			t.Fatalf("%v reads back as %v", tr, back)
		}
	}
}

func TestParseTransformErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", "empty spec"},
		{"  ", "empty spec"},
		{"rot45", `"rot45": unknown term`},
		{"rot90,", "empty term"},
		{"x=012345678", `unknown key "x"`},
		{"r=01234567", "has 8 characters, want 9 digits 0-8"},
		{"r=01234567a", "character 9 is 'a'"},
		{"r=012345679", "want a digit 0-8"},
		{"r=012345677", "rows 012345677: row 7 appears twice"},
		{"r=031245678", "rows 031245678: row 3 moved out of its band"},
		{"c=012346578", "columns 012346578: column 6 moved out of its stack"},
		{"d=123456780", "want a digit 1-9"},
		{"d=123456788", "digits 123456788: digit 8 appears twice"},
		{"t,r=012345678,c=012345678,d=12345678", "has 8 characters"},
	}
	for _, tc := range tests {
		_, err := ParseTransform(tc.spec)
		if err == nil {
			t.Errorf("%q: no error, want %q", tc.spec, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %q, want it to contain %q", tc.spec, err, tc.want)
		}
		if !errors.Is(err, ErrSpec) {
			t.Errorf("%q: error %q does not wrap ErrSpec", tc.spec, err)
		}
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Transform)
		want string // "" for valid
	}{
		{"identity", func(*Transform) {}, ""},
		{"zero value", func(t *Transform) { *t = Transform{} }, "row 0 appears twice"},
		{"bands swapped", func(t *Transform) { t.Rows = [9]uint8{6, 7, 8, 0, 1, 2, 3, 4, 5} }, ""},
		{"row out of range", func(t *Transform) { t.Rows[4] = 9 }, "row 9 at position 4 is not 0-8"},
		{"column out of its stack", func(t *Transform) { t.Cols[2], t.Cols[3] = 3, 2 }, "column 3 moved out of its stack"},
		{"blank relabelled", func(t *Transform) { t.Digits[0] = 1 }, "a blank must stay blank"},
		{"digit to blank", func(t *Transform) { t.Digits[5] = 0 }, "digit 5 becomes 0"},
	}
	for _, tc := range tests {
		tr := Identity()
		tc.edit(&tr)
		err := tr.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// Inverse undoes, Then composes, on real puzzles and random transforms.
func TestInverseAndThen(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	puzzles := spread(loadSet(t, "magictour-top1465.txt"), 50)
	for i, p := range puzzles {
		tr, u := Random(rng), Random(rng)
		if got := tr.Inverse().Apply(tr.Apply(p)); got != p {
			t.Fatalf("puzzle %d, %v: the inverse gives %s", i, tr, got)
		}
		if got := tr.Then(tr.Inverse()); got != Identity() {
			t.Fatalf("%v then its inverse is %v, not the identity", tr, got)
		}
		if got, want := tr.Then(u).Apply(p), u.Apply(tr.Apply(p)); got != want {
			t.Fatalf("puzzle %d: (%v).Then(%v) gives %s, applying one then the other %s", i, tr, u, got, want)
		}
		if err := tr.Then(u).Validate(); err != nil {
			t.Fatalf("composition invalid: %v", err)
		}
		if err := tr.Inverse().Validate(); err != nil {
			t.Fatalf("inverse invalid: %v", err)
		}
	}
}

// Random draws valid transforms and reaches every value of each field.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	var transposed int
	var rows0, cols8, digit1 [10]int
	const n = 9000
	for range n {
		tr := Random(rng)
		if err := tr.Validate(); err != nil {
			t.Fatalf("%v: %v", tr, err)
		}
		if tr.Transpose {
			transposed++
		}
		rows0[tr.Rows[0]]++
		cols8[tr.Cols[8]]++
		digit1[tr.Digits[1]]++
	}
	// Each is uniform; allow a wide margin (expected 1,000 per value, 4,500 transposed).
	if transposed < 4000 || transposed > 5000 {
		t.Errorf("%d of %d transposed", transposed, n)
	}
	for v := range 9 {
		if rows0[v] < 800 || rows0[v] > 1200 || cols8[v] < 800 || cols8[v] > 1200 || digit1[v+1] < 800 || digit1[v+1] > 1200 {
			t.Errorf("value %d: Rows[0] %d, Cols[8] %d, Digits[1]=%d %d times of %d", v, rows0[v], cols8[v], v+1, digit1[v+1], n)
		}
	}
}

// Apply never panics on an invalid transform or out-of-range cells.
func TestApplyInvalid(t *testing.T) {
	var g sudoku.Grid
	for i := range g {
		g[i] = uint8(i * 7 % 256)
	}
	bad := Transform{Rows: [9]uint8{200, 9, 9}, Cols: [9]uint8{255}, Digits: [10]uint8{7, 30}}
	_ = bad.Apply(g)
	_ = bad.Inverse()
	_ = bad.Then(bad)
	_ = bad.String()
	if got := Identity().Apply(g); got[10] != 0 || got[1] != 7 {
		t.Errorf("Identity().Apply: cell 10 (holding 70) = %d, want 0; cell 1 = %d, want 7", got[10], got[1])
	}
}
