package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sudokit/sudokit/sudoku"
)

// checkAsBefore is what CheckPuzzle must equal: Check of the puzzle's
// state under its rules, with the timing left out.
func checkAsBefore(p sudoku.Puzzle, limit int) Report {
	rep := For(p.Rules).Check(p.State(), limit)
	rep.Elapsed = 0
	return rep
}

// reportsEqual compares two reports, the timing left out and the errors by
// their text.
func reportsEqual(t *testing.T, what string, got, want Report) {
	t.Helper()
	errText := func(err error) string { return fmt.Sprint(err) }
	got.Elapsed = 0
	if diff := cmp.Diff(want, got, cmp.Transformer("err", errText), cmp.AllowUnexported(sudoku.Shape{})); diff != "" {
		t.Errorf("%s: CheckPuzzle differs from Check (-Check +CheckPuzzle):\n%s", what, diff)
	}
}

// TestCheckPuzzleIsCheck checks that CheckPuzzle, the fast path of
// `sudokit solve`, reports what Check of the puzzle's state reports: on
// real sets (unique, multiple), under every count limit, and on the
// puzzles that go the slow way (invalid givens, no solution, pencil marks,
// variants).
func TestCheckPuzzleIsCheck(t *testing.T) {
	var puzzles []sudoku.Puzzle
	for _, set := range []string{"royle-17clue-2000.txt", "serg-multisolution-1000.txt", "norvig-top95.txt", "variants/mixed.txt"} {
		puzzles = append(puzzles, loadTestdata(t, set)...)
	}
	grid := func(s string) sudoku.Grid { return mustGrid(t, s) }
	const unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	conflict := grid(unique)
	conflict[1] = 4 // a second 4 in row 1
	noCandidate := grid("123456789" + "........." + "........." + "4........" + "5........" + "6........" + "7........" + "8........" + ".........")
	noCandidate[9*8+0] = 0 // r9c1 sees 4..8 below and 1..3 above; 9 is left: make it see 9 too
	noCandidate[9*8+4] = 9
	noRoom := grid("..9......" + "..8......" + "..7......" + ".........." + "........" + "3........" + "........." + "........." + ".3.......")
	outOfRange := grid(unique)
	outOfRange[80] = 12
	marked := sudoku.Puzzle{Grid: grid(unique), Line: 1}
	cands := sudoku.NewState(marked.Grid).Cands
	cands[1] = cands[1].Without(9) // a pencil mark removed
	marked.Cands = &cands
	for i, g := range []sudoku.Grid{conflict, noCandidate, noRoom, outOfRange, {}, grid(unique)} {
		puzzles = append(puzzles, sudoku.Puzzle{Grid: g, Line: 1000 + i})
	}
	puzzles = append(puzzles, marked)
	statuses := map[Status]int{}
	for _, p := range puzzles {
		for _, limit := range []int{0, 1, 2, 3} {
			want := checkAsBefore(p, limit)
			statuses[want.Status]++
			reportsEqual(t, fmt.Sprintf("line %d %s limit %d", p.Line, p.Grid, limit), CheckPuzzle(p, limit), want)
		}
	}
	for _, st := range []Status{Invalid, Unsolvable, Multiple, Found, Unique} {
		if statuses[st] == 0 {
			t.Errorf("no puzzle of status %v was compared", st)
		}
	}
}

// TestSolves checks the solution check of CheckPuzzle's fast path: it
// takes a solution that keeps the givens, and refuses one with a digit
// twice in a unit, a blank, a digit out of range, or a given changed.
func TestSolves(t *testing.T) {
	puzzle := mustGrid(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	r := Count(puzzle, 1)
	if r.Count != 1 || !solves(&puzzle, &r.Solution) {
		t.Fatalf("the solution %s is refused", r.Solution)
	}
	swapped := r.Solution
	swapped[1], swapped[2] = swapped[2], swapped[1] // row 1 still has nine digits; columns 2 and 3 do not
	blank := r.Solution
	blank[40] = 0
	big := r.Solution
	big[40] = 10
	huge := r.Solution
	huge[40] = 16
	changed := r.Solution
	changed[0] = r.Solution[1] // a given (4 at r1c1) changed
	rowSwap := r.Solution      // rows 1 and 4 swapped: every row and column complete, boxes broken, givens changed
	copy(rowSwap[0:9], r.Solution[27:36])
	copy(rowSwap[27:36], r.Solution[0:9])
	firstColumns := r.Solution // r1c1 and r1c2 swapped: row and box whole, columns 1 and 2 not
	firstColumns[0], firstColumns[1] = r.Solution[1], r.Solution[0]
	relabelled := r.Solution // 1 and 2 swapped everywhere: a valid grid, but not with these givens
	for i, v := range relabelled {
		switch v {
		case 1:
			relabelled[i] = 2
		case 2:
			relabelled[i] = 1
		}
	}
	empty := sudoku.Grid{}
	for name, g := range map[string]sudoku.Grid{"swapped": swapped, "blank": blank, "10": big, "16": huge,
		"changed": changed, "rows swapped": rowSwap, "first columns": firstColumns, "relabelled": relabelled} {
		if solves(&puzzle, &g) {
			t.Errorf("%s: %s accepted", name, g)
		}
		if name != "changed" && name != "relabelled" && solves(&empty, &g) {
			t.Errorf("%s: %s accepted as a solution of the empty grid", name, g)
		}
	}
	if !solves(&empty, &r.Solution) || !solves(&r.Solution, &r.Solution) || !solves(&empty, &relabelled) {
		t.Error("a solution refused against the empty grid or itself")
	}
}

// TestSolvesAgainstPlainChecks checks keepsGivens and complete, the two
// halves of solves, against their plain definitions (a cell by cell
// comparison; each unit holding each digit once) on random changes of a
// solution: cells swapped (within a row, a column, a box, or anywhere),
// cells set to any byte, givens taken from the solution or not.
func TestSolvesAgainstPlainChecks(t *testing.T) {
	solution := Count(mustGrid(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), 1).Solution
	rng := rand.New(rand.NewPCG(37, 2))
	refused := 0
	for n := range 20000 {
		g := solution
		for range rng.IntN(3) {
			a, b := rng.IntN(81), rng.IntN(81)
			switch n % 4 {
			case 0:
				b = a/9*9 + b%9 // the same row
			case 1:
				b = a%9 + b/9*9 // the same column
			case 2:
				b = int(sudoku.Units[18+int(sudoku.BoxOf[a])][b%9]) // the same box
			}
			g[a], g[b] = g[b], g[a]
		}
		if n%7 == 0 {
			g[rng.IntN(81)] = uint8(rng.IntN(256))
		}
		var puzzle sudoku.Grid
		for range rng.IntN(30) {
			i := rng.IntN(81)
			puzzle[i] = solution[i]
			if n%5 == 0 {
				puzzle[i] = uint8(rng.IntN(256))
			}
		}
		if got, want := keepsGivens(&puzzle, &g), plainKeepsGivens(&puzzle, &g); got != want {
			t.Fatalf("keepsGivens(%v, %v) = %v, want %v", puzzle, g, got, want)
		}
		if got, want := complete(&g), plainComplete(&g); got != want {
			t.Fatalf("complete(%v) = %v, want %v", g, got, want)
		} else if !want {
			refused++
		}
	}
	if refused < 5000 || refused > 18000 {
		t.Errorf("%d grids of 20000 incomplete: the sample does not test both sides", refused)
	}
}

func plainKeepsGivens(puzzle, solution *sudoku.Grid) bool {
	for i, v := range puzzle {
		if v != 0 && solution[i] != v {
			return false
		}
	}
	return true
}

func plainComplete(g *sudoku.Grid) bool {
	for _, unit := range sudoku.Units {
		var seen [256]bool
		for _, cell := range unit {
			v := g[cell]
			if v < 1 || v > 9 || seen[v] {
				return false
			}
			seen[v] = true
		}
	}
	return true
}
