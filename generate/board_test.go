package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// refCount counts the solutions of a board up to limit, and returns the
// first found. It shares no code with the generator or the solvers: an
// exact cover search over the constraints "cell filled" and "digit in
// house", branching on the constraint with the fewest ways to meet it.
func refCount(b sudoku.Board, limit int) (int, []uint8) {
	n, br, bc := b.Shape.N(), b.Shape.BoxRows(), b.Shape.BoxCols()
	grid := slices.Clone(b.Cells)
	used := make([]uint32, 3*n) // rows, columns, boxes: the digits placed
	house := func(k, cell int) int {
		r, c := cell/n, cell%n
		switch k {
		case 0:
			return r
		case 1:
			return n + c
		}
		return 2*n + r/br*(n/bc) + c/bc
	}
	for cell, v := range grid {
		if v == 0 {
			continue
		}
		for k := range 3 {
			h := house(k, cell)
			if used[h]&(1<<v) != 0 {
				return 0, nil
			}
			used[h] |= 1 << v
		}
	}
	full := uint32(1<<(n+1)) - 2
	cands := func(cell int) uint32 {
		return full &^ (used[house(0, cell)] | used[house(1, cell)] | used[house(2, cell)])
	}
	count := 0
	var first []uint8
	var search func()
	set := func(cell int, v uint8, on bool) {
		for k := range 3 {
			used[house(k, cell)] ^= 1 << v
		}
		if on {
			grid[cell] = v
		} else {
			grid[cell] = 0
		}
	}
	search = func() {
		// The constraint with the fewest options: a cell, or a digit in a
		// house (places[h][d]).
		bestCell, bestN := -1, 1<<30
		places := make([][]int, 3*n)
		for h := range places {
			places[h] = make([]int, n+1)
		}
		for cell, v := range grid {
			if v != 0 {
				continue
			}
			c := cands(cell)
			k := bits.OnesCount32(c)
			if k == 0 {
				return
			}
			if k < bestN {
				bestCell, bestN = cell, k
			}
			for x := c; x != 0; x &= x - 1 {
				d := bits.TrailingZeros32(x)
				for kind := range 3 {
					places[house(kind, cell)][d]++
				}
			}
		}
		if bestCell < 0 {
			if count++; count == 1 {
				first = slices.Clone(grid)
			}
			return
		}
		bestHouse, bestDigit := -1, 0
		for h := range places {
			for d := 1; d <= n; d++ {
				if used[h]&(1<<d) != 0 {
					continue
				}
				if places[h][d] == 0 {
					return
				}
				if places[h][d] < bestN {
					bestHouse, bestDigit, bestN = h, d, places[h][d]
				}
			}
		}
		if bestHouse < 0 {
			for x := cands(bestCell); x != 0 && count < limit; x &= x - 1 {
				v := uint8(bits.TrailingZeros32(x))
				set(bestCell, v, true)
				search()
				set(bestCell, v, false)
			}
			return
		}
		v := uint8(bestDigit)
		for cell := range grid {
			if count >= limit {
				return
			}
			if grid[cell] != 0 || house(bestHouse/n, cell) != bestHouse || cands(cell)&(1<<v) == 0 {
				continue
			}
			set(cell, v, true)
			search()
			set(cell, v, false)
		}
	}
	search()
	return count, first
}

func TestRefCount(t *testing.T) {
	empty := sudoku.NewBoard(sudoku.ShapeOf(4))
	if n, _ := refCount(empty, 300); n != 288 {
		t.Errorf("empty 4x4: %d solutions, want 288", n)
	}
	b, _, err := sudoku.ParseBoard("1...........3..4", sudoku.Shape{}, sudoku.Letters)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := refCount(b, 1000); n == 1 {
		t.Errorf("a 4x4 of 3 givens has %d solution", n)
	}
	b.Cells[1] = 1
	if n, _ := refCount(b, 2); n != 0 {
		t.Errorf("a 4x4 with a repeated given: %d solutions, want 0", n)
	}
}

// boardCase is a shape and level to generate at, and how many puzzles.
type boardCase struct {
	shape sudoku.Shape
	level string
	count int
}

// boardCases are the shapes at the levels they reach (4x4 reaches easy
// only; 6x6 medium seldom, hard hardly ever).
func boardCases(t *testing.T) []boardCase {
	var cases []boardCase
	for _, s := range sudoku.Shapes() {
		levels := []string{"easy", "medium", "hard", ""}
		switch {
		case s.N() == 4:
			levels = []string{"easy", ""}
		case s.N() == 6:
			levels = []string{"easy", ""}
		case s.N() == 25 && testing.Short():
			levels = []string{"easy"}
		case s.N() == 25:
			levels = []string{"easy", "medium"}
		}
		count := 6
		if s.N() >= 16 {
			count = 1
		}
		for _, l := range levels {
			cases = append(cases, boardCase{s, l, count})
		}
	}
	return cases
}

func TestBoardsUnique(t *testing.T) {
	for _, c := range boardCases(t) {
		t.Run(fmt.Sprintf("%s/%s", c.shape, c.level), func(t *testing.T) {
			t.Parallel()
			gen, err := NewBoards(BoardOptions{Shape: c.shape, Seed: 7, Level: c.level, Symmetry: Random})
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.count {
				p, err := gen.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				if p.Board.Shape != c.shape || p.Solution.Shape != c.shape {
					t.Fatalf("puzzle %d: shapes %s and %s, want %s", i, p.Board.Shape, p.Solution.Shape, c.shape)
				}
				n, sol := refCount(p.Board, 2)
				if n != 1 {
					t.Fatalf("puzzle %d has %d solutions: %s", i, n, p.Board)
				}
				if !slices.Equal(sol, p.Solution.Cells) {
					t.Fatalf("puzzle %d: solution %s, want %v", i, p.Solution, sol)
				}
				for cell, v := range p.Board.Cells {
					if v != 0 && v != sol[cell] {
						t.Fatalf("puzzle %d: given %d at %s, solution %d", i, v, c.shape.CellName(cell), sol[cell])
					}
				}
				if !p.Symmetry.HoldsOn(p.Board) {
					t.Errorf("puzzle %d is not %s-symmetric: %s", i, p.Symmetry, p.Board)
				}
			}
		})
	}
}

// TestBoardLevels9x9 checks the levels where the classic grader can say
// what they are: 9x9 puzzles of each level rate within its band of
// config.yaml.
func TestBoardLevels9x9(t *testing.T) {
	cfg := config.Default()
	g, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bands := map[string][2]int{"easy": {10, 15}, "medium": {16, 25}, "hard": {26, 40}}
	for _, level := range BoardLevels() {
		gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(9), Seed: 3, Level: level, Symmetry: Random})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 {
			p, err := gen.Puzzle(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			var grid sudoku.Grid
			copy(grid[:], p.Board.Cells)
			res := g.Grade(context.Background(), sudoku.Rules{}.StateOf(grid, nil), grade.Options{Unique: true})
			if er := res.ER.Tenths(); er < bands[level][0] || er > bands[level][1] {
				t.Errorf("%s puzzle %d rates ER %s: %s", level, i, res.ER, p.Board)
			}
		}
	}
}

func TestBoardsReproducible(t *testing.T) {
	for _, size := range []int{6, 12, 16} {
		opt := BoardOptions{Shape: sudoku.ShapeOf(size), Seed: 11, Symmetry: Random}
		var runs [2][]string
		for j := range 2 {
			gen, err := NewBoards(opt)
			if err != nil {
				t.Fatal(err)
			}
			_, err = gen.Run(context.Background(), RunOptions{Count: 4, Workers: j + 1}, func(p BoardPuzzle) error {
				runs[j] = append(runs[j], p.Board.String())
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(runs[0], runs[1]) {
			t.Errorf("%dx%d: -j 1 made %v, -j 2 %v", size, size, runs[0], runs[1])
		}
		gen, _ := NewBoards(opt)
		p, err := gen.Puzzle(context.Background(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if p.Board.String() != runs[0][2] {
			t.Errorf("%dx%d: puzzle 2 alone is %s, in a run %s", size, size, p.Board, runs[0][2])
		}
		other, _ := NewBoards(BoardOptions{Shape: opt.Shape, Seed: 12, Symmetry: Random})
		if q, _ := other.Puzzle(context.Background(), 2); q.Board.String() == p.Board.String() {
			t.Errorf("%dx%d: seeds 11 and 12 made the same puzzle", size, size)
		}
	}
}

func TestBoardsSymmetry(t *testing.T) {
	for sym := range None + 1 {
		for _, s := range []sudoku.Shape{sudoku.ShapeOf(6), sudoku.ShapeOf(16)} {
			gen, err := NewBoards(BoardOptions{Shape: s, Seed: 5, Symmetry: sym, Level: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			p, err := gen.Puzzle(context.Background(), 0)
			if err != nil {
				t.Fatal(err)
			}
			if p.Symmetry != sym || !sym.HoldsOn(p.Board) {
				t.Errorf("%s, %s: puzzle of symmetry %s, holds: %v: %s", s, sym, p.Symmetry, sym.HoldsOn(p.Board), p.Board)
			}
		}
	}
	b, _, _ := sudoku.ParseBoard("1..................................2", sudoku.Shape{}, sudoku.Letters)
	if !Rot180.HoldsOn(b) || Mirror.HoldsOn(b) {
		t.Errorf("r1c1 and r6c6 given: rot180 %v (want true), mirror %v (want false)", Rot180.HoldsOn(b), Mirror.HoldsOn(b))
	}
}

// TestBoardsMinimal checks that no given of a minimal puzzle can go: with
// Minimal, and without a symmetry or a level, where digging to the end
// gives minimal puzzles. (Up to 12x12: the reference counter takes
// minutes to find two solutions of a 16x16 minimal puzzle less a given.)
func TestBoardsMinimal(t *testing.T) {
	for _, c := range []struct {
		shape sudoku.Shape
		sym   Symmetry
		min   bool
	}{
		{sudoku.ShapeOf(6), Rot180, true},
		{sudoku.ShapeOf(9), Rot180, true},
		{sudoku.ShapeOf(12), None, false},
		{sudoku.ShapeOf(10), None, false},
	} {
		gen, err := NewBoards(BoardOptions{Shape: c.shape, Seed: 9, Symmetry: c.sym, Minimal: c.min})
		if err != nil {
			t.Fatal(err)
		}
		p, err := gen.Puzzle(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		b := p.Board.Clone()
		for cell, v := range b.Cells {
			if v == 0 {
				continue
			}
			b.Cells[cell] = 0
			if n, _ := refCount(b, 2); n == 1 {
				t.Errorf("%s, %s: given %s of %s can go", c.shape, c.sym, c.shape.CellName(cell), p.Board)
			}
			b.Cells[cell] = v
		}
		if !MinimalBoard(p.Board) {
			t.Errorf("%s: MinimalBoard says %s is not minimal", c.shape, p.Board)
		}
	}
	full := sudoku.NewBoard(sudoku.ShapeOf(4))
	copy(full.Cells, []uint8{1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1})
	if MinimalBoard(full) {
		t.Error("MinimalBoard says a full 4x4 is minimal")
	}
}

func TestBoardsGivens(t *testing.T) {
	gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(16), Seed: 1, Symmetry: None, Level: "easy", MinGivens: 160})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if g := p.Board.Givens(); g != 160 {
		t.Errorf("easy 16x16 with at least 160 givens: %d givens", g)
	}
	gen, _ = NewBoards(BoardOptions{Shape: sudoku.ShapeOf(9), Seed: 1, MaxGivens: 24, MaxTries: 5000})
	p, err = gen.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if g := p.Board.Givens(); g > 24 {
		t.Errorf("9x9 with at most 24 givens: %d givens", g)
	}
}

func TestBoardsRate(t *testing.T) {
	calls := 0
	rate := func(b sudoku.Board) (sudoku.Rating, error) {
		calls++
		return sudoku.Rating(float64(calls)), nil // 1.0, 2.0, 3.0, ...
	}
	gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(8), Seed: 1, Rate: rate,
		Rating: sudoku.RatingRange{Min: 3, Max: 3}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Tries != 3 || p.Rating != 3 {
		t.Errorf("the third candidate rates 3.0: took candidate %d, rated %s", p.Tries, p.Rating)
	}
	bad := errors.New("no grader")
	gen, _ = NewBoards(BoardOptions{Shape: sudoku.ShapeOf(8), Rate: func(sudoku.Board) (sudoku.Rating, error) { return 0, bad }})
	if _, err := gen.Puzzle(context.Background(), 0); !errors.Is(err, bad) {
		t.Errorf("Rate's error: got %v", err)
	}
}

func TestBoardsBadOptions(t *testing.T) {
	for _, opt := range []BoardOptions{
		{},
		{Shape: sudoku.ShapeOf(16), Level: "fiendish"},
		{Shape: sudoku.ShapeOf(4), MinGivens: 17},
		{Shape: sudoku.ShapeOf(9), MinGivens: 30, MaxGivens: 25},
	} {
		if _, err := NewBoards(opt); !errors.Is(err, sudoku.ErrInvalid) {
			t.Errorf("%+v: got %v, want an error of kind ErrInvalid", opt, err)
		}
	}
	gen, _ := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(4), Level: "hard", MaxTries: 50})
	if _, err := gen.Puzzle(context.Background(), 0); !errors.Is(err, ErrGaveUp) {
		t.Errorf("hard 4x4: got %v, want ErrGaveUp", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := gen.Puzzle(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

// TestUniqueWithin: the digger's uniqueness check says yes to a unique
// board, no to a board of several solutions, and no, soon, when its
// context ends during the search of a sparse 12x12 that goes on for over
// a minute unstopped.
func TestUniqueWithin(t *testing.T) {
	shape, _ := sudoku.ParseShape("12", "")
	slow, _, err := sudoku.ParseBoard("2...A7......A3......86..7...18..92B.B2......58....84.1......37..25..4.6.4B..6.1.A...6A..........................................................", shape, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	unique, _, err := sudoku.ParseBoard("3...49..86.A.....3.....9.7C5......3.2.....C1.45....95.....1.......9B..8.6.4......3..B...64......7.2.B.3.C.........73..C.5C1..6..A....63.A...B...", shape, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	if !uniqueWithin(context.Background(), unique) || uniqueWithin(context.Background(), sudoku.NewBoard(shape)) {
		t.Error("a unique 12x12 is not unique, or an empty one is")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	done := make(chan bool, 1)
	go func() { done <- uniqueWithin(ctx, slow) }()
	select {
	case got := <-done:
		if got {
			t.Error("the slow 12x12 stopped is called unique")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the slow 12x12's search went on 20 s past its deadline")
	}
}

// doneOnAsk is a context that is cancelled the first time something asks
// for its Done channel: the generator's digging by level only looks at
// Err, so the cancellation lands in the first search that takes the
// context (the minimality check), whatever the machine's speed.
type doneOnAsk struct {
	context.Context
	cancel context.CancelFunc
}

func (c doneOnAsk) Done() <-chan struct{} {
	c.cancel()
	return c.Context.Done()
}

// TestBoardsMinimalStops: a sized run with --minimal stops inside its
// minimality check when its context ends there, with the context's
// error (it used to check every given of the board unstopped, then
// return the puzzle); MinimalBoardContext with a context ended up front
// returns its error.
func TestBoardsMinimalStops(t *testing.T) {
	for _, n := range []int{16, 25} {
		gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(n), Seed: 3, Level: "easy", Minimal: true, MaxTries: 1})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		p, err := gen.Puzzle(doneOnAsk{ctx, cancel}, 0)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%dx%d: a run cancelled in its minimality check returns %v (puzzle %s), want %v", n, n, err, p.Board, context.Canceled)
		}
	}
	gen, err := NewBoards(BoardOptions{Shape: sudoku.ShapeOf(16), Seed: 3, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if minimal, err := MinimalBoardContext(ctx, p.Board); !errors.Is(err, context.Canceled) || minimal {
		t.Errorf("MinimalBoardContext with a cancelled context = %v, %v; want false, %v", minimal, err, context.Canceled)
	}
}
