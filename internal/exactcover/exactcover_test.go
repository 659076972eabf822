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
