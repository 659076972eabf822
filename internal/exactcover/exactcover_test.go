package exactcover

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestKnuth is the example of Knuth's "Dancing links" paper: one
// solution, rows 1, 4 and 5 (from 1).
func TestKnuth(t *testing.T) {
	m := New(7)
	for _, r := range [][]int{{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}} {
		m.AddRow(r...)
	}
	for range 2 { // the matrix is whole again after a count
		n, rows := m.Count(10)
		slices.Sort(rows)
		if n != 1 || !slices.Equal(rows, []int{0, 3, 4}) {
			t.Fatalf("Count = %d %v, want 1 [0 3 4]", n, rows)
		}
	}
}

func TestCountSudokuGrids(t *testing.T) {
	for _, tc := range []struct {
		n, r, c, limit, want int
	}{
		{4, 2, 2, 1000, 288}, // every 4x4 grid
		{6, 2, 3, 5, 5},
		{9, 3, 3, 3, 3},
		{16, 4, 4, 2, 2},
		{6, 4, 2, 2, 0}, // no such box
	} {
		cells := make([]uint8, tc.n*tc.n)
		n, sol := CountSudoku(tc.n, tc.r, tc.c, cells, tc.limit)
		if n != tc.want {
			t.Errorf("%dx%d (%dx%d boxes): %d grids, want %d", tc.n, tc.n, tc.r, tc.c, n, tc.want)
		}
		if n > 0 && !isSolution(tc.n, tc.r, tc.c, cells, sol) {
			t.Errorf("%dx%d: %v is no solution", tc.n, tc.n, sol)
		}
	}
}

// isSolution checks a solution the plain way: every house holds each
// digit once, and the givens are kept.
func isSolution(n, br, bc int, puzzle, sol []uint8) bool {
	if len(sol) != n*n {
		return false
	}
	for i, v := range puzzle {
		if v != 0 && sol[i] != v {
			return false
		}
	}
	for h := range n {
		var row, col, box []uint8
		for k := range n {
			row = append(row, sol[h*n+k])
			col = append(col, sol[k*n+h])
			r, c := h/(n/bc)*br+k/bc, h%(n/bc)*bc+k%bc
			box = append(box, sol[r*n+c])
		}
		for _, house := range [][]uint8{row, col, box} {
			slices.Sort(house)
			for k, v := range house {
				if int(v) != k+1 {
					return false
				}
			}
		}
	}
	return true
}

// TestCountSudokuClassic checks a few known 9x9 puzzles: unique, with two
// solutions, with none.
func TestCountSudokuClassic(t *testing.T) {
	const unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tc := range []struct {
		puzzle string
		want   int
	}{
		{unique, 1},
		{"." + unique[1:], 2},               // a given less: many
		{"44" + unique[2:], 0},              // a repeated given
		{"11" + strings.Repeat(".", 79), 0}, // 1 twice in row 1
		{"12345678." + strings.Repeat(".", 35) + "9" + strings.Repeat(".", 36), 0}, // no place for r1c9's 9
	} {
		cells := parse(t, tc.puzzle)
		n, sol := CountSudoku(9, 3, 3, cells, 2)
		if n != tc.want {
			t.Errorf("%s: %d solutions, want %d", tc.puzzle, n, tc.want)
		}
		if n > 0 && !isSolution(9, 3, 3, cells, sol) {
			t.Errorf("%s: %v is no solution", tc.puzzle, sol)
		}
	}
}

// parse reads a line of cells: 1-9 then A-Z, '.' or '0' for a blank.
func parse(t *testing.T, line string) []uint8 {
	t.Helper()
	cells := make([]uint8, len(line))
	for i := range len(line) {
		switch ch := line[i]; {
		case ch == '.' || ch == '0':
		case '1' <= ch && ch <= '9':
			cells[i] = ch - '0'
		case 'A' <= ch && ch <= 'Z':
			cells[i] = ch - 'A' + 10
		default:
			t.Fatalf("bad character %q in %s", ch, line)
		}
	}
	return cells
}

// TestCountSudokuSizes checks puzzles of every size from
// testdata/puzzles/sizes (made unique by the sized solver): each is
// unique, and each with one given removed still has a solution.
func TestCountSudokuSizes(t *testing.T) {
	for _, set := range []struct {
		file       string
		n, br, bc  int
		count      int
		minimalSet bool
	}{
		{"4x4-minimal.txt", 4, 2, 2, 50, true},
		{"6x6-minimal.txt", 6, 2, 3, 50, true},
		{"6x6-3x2-minimal.txt", 6, 3, 2, 50, true},
		{"8x8-minimal.txt", 8, 2, 4, 30, true},
		{"9x9-minimal.txt", 9, 3, 3, 30, true},
		{"10x10-minimal.txt", 10, 2, 5, 20, true},
		{"12x12-minimal.txt", 12, 3, 4, 10, true},
		{"16x16-110.txt", 16, 4, 4, 5, false},
		{"25x25-360.txt", 25, 5, 5, 2, false},
	} {
		lines := readLines(t, filepath.Join("..", "..", "testdata", "puzzles", "sizes", set.file))
		if testing.Short() {
			set.count = min(set.count, 3)
		}
		for _, line := range lines[:min(len(lines), set.count)] {
			cells := parse(t, line)
			n, sol := CountSudoku(set.n, set.br, set.bc, cells, 2)
			if n != 1 || !isSolution(set.n, set.br, set.bc, cells, sol) {
				t.Fatalf("%s: %s has %d solutions, want 1", set.file, line, n)
			}
			if !set.minimalSet {
				continue
			}
			// A minimal puzzle less any given has several solutions.
			i := strings.IndexFunc(line, func(r rune) bool { return r != '.' })
			less := append([]uint8(nil), cells...)
			less[i] = 0
			if n, _ := CountSudoku(set.n, set.br, set.bc, less, 2); n != 2 {
				t.Fatalf("%s: %s less its first given has %d solutions, want 2", set.file, line, n)
			}
		}
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && l[0] != '#' {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestCountSudokuX counts the grids of the variant x: the 4x4 ones by a
// plain enumeration of all 288 4x4 grids, kept when their diagonals hold
// 1 to 4, and some of larger sizes against a filter of plain solutions.
func TestCountSudokuX(t *testing.T) {
	want := 0
	var grid [16]uint8
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			if isSolution(4, 2, 2, make([]uint8, 16), grid[:]) && diagonalsHold(4, grid[:]) {
				want++
			}
			return
		}
		for d := uint8(1); d <= 4; d++ {
			ok := true
			for j := range i { // the cells before i that share its row, column or box
				same := j/4 == i/4 || j%4 == i%4 || j/8 == i/8 && j%4/2 == i%4/2
				ok = ok && !(same && grid[j] == d)
			}
			if ok {
				grid[i] = d
				fill(i + 1)
			}
		}
	}
	fill(0)
	if want == 0 || want >= 288 {
		t.Fatalf("the plain enumeration found %d x grids", want)
	}
	if n, _ := CountSudokuX(4, 2, 2, make([]uint8, 16), 1000); n != want {
		t.Errorf("4x4 x grids: %d, the plain enumeration %d", n, want)
	}
	for _, tc := range []struct{ n, r, c int }{{6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}} {
		cells := make([]uint8, tc.n*tc.n)
		n, sol := CountSudokuX(tc.n, tc.r, tc.c, cells, 1)
		if n != 1 || !isSolution(tc.n, tc.r, tc.c, cells, sol) || !diagonalsHold(tc.n, sol) {
			t.Errorf("%dx%d: %d, %v is no x solution", tc.n, tc.n, n, sol)
		}
	}
	// A given that repeats on a diagonal only: no x solution.
	cells := make([]uint8, 16)
	cells[0], cells[15] = 1, 1
	if n, _ := CountSudokuX(4, 2, 2, cells, 2); n != 0 {
		t.Errorf("1 at r1c1 and r4c4: %d x solutions, want 0", n)
	}
	if n, _ := CountSudoku(4, 2, 2, cells, 2); n == 0 {
		t.Errorf("1 at r1c1 and r4c4: no plain solution")
	}
}

// diagonalsHold reports whether both main diagonals of a full grid hold
// 1..n once.
func diagonalsHold(n int, g []uint8) bool {
	for _, cell := range []func(i int) int{func(i int) int { return i*n + i }, func(i int) int { return i*n + n - 1 - i }} {
		seen := map[uint8]bool{}
		for i := range n {
			seen[g[cell(i)]] = true
		}
		if len(seen) != n || seen[0] {
			return false
		}
	}
	return true
}

// TestCountJigsaw counts the grids of a 4x4 jigsaw layout against a plain
// enumeration (with and without the diagonals), checks that the boxes as
// regions count as CountSudoku does, and that the 9x9 jigsaws of
// testdata are unique on their layout.
func TestCountJigsaw(t *testing.T) {
	// 1112 / 3122 / 3342 / 3444, regions from 0.
	layout := []uint8{0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}
	for _, x := range []bool{false, true} {
		want := 0
		var grid [16]uint8
		var fill func(i int)
		fill = func(i int) {
			if i == 16 {
				if !x || diagonalsHold(4, grid[:]) {
					want++
				}
				return
			}
			for d := uint8(1); d <= 4; d++ {
				ok := true
				for j := range i {
					same := j/4 == i/4 || j%4 == i%4 || layout[j] == layout[i]
					ok = ok && !(same && grid[j] == d)
				}
				if ok {
					grid[i] = d
					fill(i + 1)
				}
			}
		}
		fill(0)
		if n, _ := CountJigsaw(4, layout, x, make([]uint8, 16), 1000); n != want || (!x && want == 0) {
			t.Errorf("x %v: %d grids, the plain enumeration %d", x, n, want)
		}
	}
	boxes := make([]uint8, 36)
	for i := range boxes {
		boxes[i] = uint8(i/12*2 + i%6/3)
	}
	cells := make([]uint8, 36)
	cells[0], cells[7], cells[14] = 1, 2, 3
	a, _ := CountJigsaw(6, boxes, false, cells, 5000)
	b, _ := CountSudoku(6, 2, 3, cells, 5000)
	if a != b || a == 0 {
		t.Errorf("6x6 boxes as regions: %d, CountSudoku %d", a, b)
	}
	if n, _ := CountJigsaw(4, []uint8{0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}, false, make([]uint8, 16), 2); n != 0 {
		t.Errorf("a region of 5 cells: %d grids", n)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "puzzles", "variants", "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	var regions []uint8
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			for _, c := range strings.TrimSpace(line) {
				regions = append(regions, uint8(c-'1'))
			}
		}
	}
	puzzles, err := os.ReadFile(filepath.Join("..", "..", "testdata", "puzzles", "variants", "jigsaw.txt"))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, line := range strings.Split(string(puzzles), "\n") {
		if len(line) < 81 || line[0] == '#' {
			continue
		}
		g := make([]uint8, 81)
		for i := range 81 {
			if line[i] != '.' {
				g[i] = line[i] - '0'
			}
		}
		if n, _ := CountJigsaw(9, regions, false, g, 2); n != 1 {
			t.Errorf("%s: %d solutions on its layout", line[:81], n)
		}
		seen++
	}
	if seen == 0 {
		t.Fatal("no jigsaw puzzles read")
	}
}
