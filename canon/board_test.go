package canon

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// loadBoards reads the first max boards (0: all) of a file of
// testdata/puzzles/sizes, of shape.
func loadBoards(tb testing.TB, name string, shape sudoku.Shape, max int) []sudoku.Board {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "sizes", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Board
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max == 0 || len(out) < max) {
		line := strings.Fields(sc.Text())
		if len(line) == 0 || strings.HasPrefix(line[0], "#") {
			continue
		}
		b, _, err := sudoku.ParseBoard(line[0], shape, sudoku.AutoAlphabet)
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, b)
	}
	return out
}

var boardSets = []struct {
	file string
	box  string
	max  int
}{
	{"4x4-minimal.txt", "2x2", 0},
	{"6x6-minimal.txt", "2x3", 100},
	{"6x6-3x2-minimal.txt", "3x2", 100},
	{"8x8-minimal.txt", "2x4", 60},
	{"9x9-minimal.txt", "3x3", 40},
	{"10x10-minimal.txt", "2x5", 40},
	{"12x12-minimal.txt", "3x4", 30},
	{"16x16-110.txt", "4x4", 10},
	{"16x16-minimal.txt", "4x4", 10},
	{"25x25-360.txt", "5x5", 2},
}

func shapeOf(tb testing.TB, box string) sudoku.Shape {
	r, c, _ := strings.Cut(box, "x")
	rn, _ := strconv.Atoi(r)
	cn, _ := strconv.Atoi(c)
	s, err := sudoku.ParseShape(strconv.Itoa(rn*cn), box)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestMinlexBoardIsomorphs: random isomorphs of every board of the sets
// (transformations of the board's group, RandomBoardTransform, and for a
// 3x2 box the transpose, a 2x3 board) have the board's form; the form is
// itself an isomorph of the board, so its form is itself; and boards of
// one set that differ have different forms (the sets hold no isomorphs,
// but for 4x4, whose minimal puzzles are few up to isomorphism).
func TestMinlexBoardIsomorphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 1))
	for _, set := range boardSets {
		t.Run(set.file, func(t *testing.T) {
			shape := shapeOf(t, set.box)
			boards := loadBoards(t, set.file, shape, set.max)
			forms := map[string]int{}
			for i, b := range boards {
				form, err := MinlexBoard(b)
				if err != nil {
					t.Fatal(err)
				}
				if !form.Shape.IsUsual() || form.Givens() != b.Givens() {
					t.Fatalf("line %d: form %s of shape %s, %d givens for %d", i+1, form, form.Shape, form.Givens(), b.Givens())
				}
				if again, _ := MinlexBoard(form); again.String() != form.String() {
					t.Errorf("line %d: the form's form %s differs from the form %s", i+1, again, form)
				}
				if j, ok := forms[form.String()]; ok && shape.N() != 4 {
					t.Errorf("lines %d and %d have one form %s", j+1, i+1, form)
				}
				forms[form.String()] = i
				for k := range 3 {
					iso := RandomBoardTransform(shape, rng).Apply(b)
					if k == 0 && !shape.IsUsual() {
						iso = transposeBoard(iso)
					}
					if got, _ := MinlexBoard(iso); got.String() != form.String() {
						t.Fatalf("line %d: isomorph %s has form\n%s, want\n%s", i+1, iso, got, form)
					}
				}
			}
		})
	}
}

// TestMinlexBoardClassic: at 9x9 the form is the one Minlex gives a Grid,
// which is found by another search (bands and stacks in triples, digits
// by first appearance): the same definition, independent code.
func TestMinlexBoardClassic(t *testing.T) {
	for _, g := range spread(loadSet(t, "norvig-top95.txt"), 40) {
		b := sudoku.Board{Shape: sudoku.ShapeOf(9), Cells: make([]uint8, 81)}
		for i := range 81 {
			b.Cells[i] = g[i]
		}
		form, err := MinlexBoard(b)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Minlex(g)
		if got := strings.ReplaceAll(form.String(), ".", "0"); got != Format(want) {
			t.Errorf("%s: MinlexBoard %s, Minlex %s", g, got, Format(want))
		}
	}
}

// TestMinlexBoardNotIsomorphs: boards that are not isomorphs have
// different forms: a board and itself with one given moved, or its
// mirror image where the mirror is not in the group (12x12's columns
// reversed are in it; a 6x6's transpose changes its shape).
func TestMinlexBoardNotIsomorphs(t *testing.T) {
	shape := sudoku.ShapeOf(6)
	b := loadBoards(t, "6x6-minimal.txt", shape, 1)[0]
	moved := b.Clone()
	for i, v := range moved.Cells {
		if v != 0 {
			moved.Cells[i] = 0
			break
		}
	}
	a, _ := MinlexBoard(b)
	c, _ := MinlexBoard(moved)
	if a.String() == c.String() {
		t.Errorf("a board and itself less a given share the form %s", a)
	}
	if _, err := MinlexBoard(sudoku.Board{Shape: shape, Cells: append([]uint8{1, 1}, make([]uint8, 34)...)}); err == nil {
		t.Error("a board with a repeated digit has a form")
	}
}

// TestMinlexBoardTooLarge: a board whose search would keep too many
// partial transformations is refused with ErrTooLarge, in about a second
// rather than gigabytes: a full 12x12 grid, one 25x25 puzzle of 360
// givens (98 of the 100 of that set have forms, in 75 ms on average, 2.4 s
// at most).
func TestMinlexBoardTooLarge(t *testing.T) {
	full := solve.RandomBoard(sudoku.ShapeOf(12), rand.New(rand.NewPCG(1, 2)))
	dense := loadBoards(t, "25x25-360.txt", sudoku.ShapeOf(25), 52)[51] // 98 of the 100 have forms, not line 52
	for _, b := range []sudoku.Board{full, dense} {
		if _, err := MinlexBoard(b); !errors.Is(err, ErrTooLarge) || !errors.Is(err, sudoku.ErrInvalid) {
			t.Errorf("%s: err %v, want ErrTooLarge", b.Shape, err)
		}
	}
	// A full 9x9 grid is within the bound.
	if _, err := MinlexBoard(solve.RandomBoard(sudoku.ShapeOf(9), rand.New(rand.NewPCG(1, 2)))); err != nil {
		t.Error(err)
	}
}

// BenchmarkMinlexBoard: the form of puzzles of each size.
func BenchmarkMinlexBoard(b *testing.B) {
	for _, set := range boardSets {
		boards := loadBoards(b, set.file, shapeOf(b, set.box), set.max)
		b.Run(set.file, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := MinlexBoard(boards[i%len(boards)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
