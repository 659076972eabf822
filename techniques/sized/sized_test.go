package sized

import (
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// soundPuzzles is the number of puzzles per shape TestSoundness makes;
// the figures of docs/grading.md come from -sized.puzzles=2000.
var soundPuzzles = flag.Int("sized.puzzles", 0, "puzzles per shape for TestSoundness (0: a quick default)")

// digBoard makes a unique puzzle of a shape: a random solution, its cells
// emptied in random order while the puzzle stays unique (solve.CountBoard),
// down to a minimal puzzle, or stopping once keep of the cells are left
// when keep > 0.
func digBoard(s sudoku.Shape, rng *rand.Rand, keep int) (puzzle, solution sudoku.Board) {
	solution = solve.RandomBoard(s, rng)
	return digFrom(solution, rng, keep), solution
}

// digFrom empties the cells of solution in a random order while it stays
// unique under its rules, down to a minimal puzzle, or stopping once keep
// of the cells are left when keep > 0.
func digFrom(solution sudoku.Board, rng *rand.Rand, keep int) sudoku.Board {
	puzzle := solution.Clone()
	givens := solution.Shape.Cells()
	for _, c := range rng.Perm(solution.Shape.Cells()) {
		if givens <= keep {
			break
		}
		v := puzzle.Cells[c]
		puzzle.Cells[c] = 0
		if solve.CountBoard(puzzle, 2).Count != 1 {
			puzzle.Cells[c] = v
			continue
		}
		givens--
	}
	return puzzle
}

// checkStep fails t when a step places a digit its cell does not hold in
// the solution, or eliminates a cell's solution digit; it returns the
// number of placements and eliminations checked.
func checkStep(t *testing.T, puzzle sudoku.Board, st *Step, sol sudoku.Board) int {
	t.Helper()
	for _, p := range st.Placements {
		if int(sol.Cells[p.Cell]) != p.Digit {
			t.Fatalf("%s: unsound step %s (solution %s=%d)", puzzle, st, sol.Shape.CellName(p.Cell), sol.Cells[p.Cell])
		}
	}
	for _, e := range st.Eliminations {
		if int(sol.Cells[e.Cell]) == e.Digit {
			t.Fatalf("%s: unsound step %s (solution %s=%d)", puzzle, st, sol.Shape.CellName(e.Cell), e.Digit)
		}
	}
	if len(st.Placements)+len(st.Eliminations) == 0 {
		t.Fatalf("%s: step with no effect: %s", puzzle, st)
	}
	return len(st.Placements) + len(st.Eliminations)
}

// soundness counts what TestSoundness checked on one shape.
type soundness struct {
	puzzles, solved, steps, effects, all int
	// byKey counts the steps applied per technique, checked the steps
	// checked (every rung's, at every state).
	byKey, checked map[string]int
}

// TestSoundness grades unique puzzles of every shape with the ladder and
// checks every step each rung finds at every state of the path (not only
// the step applied) against the known solution; of the forcing chains
// and cycles, on boards over 9x9 and on three puzzles in four of the
// others, only those applied.
func TestSoundness(t *testing.T) {
	perShape := map[int]int{4: 200, 6: 100, 8: 50, 9: 50, 10: 40, 12: 30, 16: 4, 25: 2}
	if testing.Short() {
		perShape = map[int]int{4: 50, 6: 30, 8: 20, 9: 20, 10: 20, 12: 10, 16: 2, 25: 1}
	}
	for _, shape := range sudoku.Shapes() {
		t.Run(strings.ReplaceAll(shape.String(), " ", "_"), func(t *testing.T) {
			n := perShape[shape.N()]
			if *soundPuzzles > 0 {
				n = *soundPuzzles
			}
			rng := rand.New(rand.NewPCG(uint64(shape.N()), uint64(shape.BoxRows())))
			sum := soundness{byKey: map[string]int{}, checked: map[string]int{}}
			for i := range n {
				// Half minimal (hard, mostly beyond the ladder at big sizes),
				// half stopped early (the ladder's whole range).
				keep := 0
				if i%2 == 1 || shape.N() == 25 {
					// A 25x25 is never dug to minimal: counting the
					// solutions of one with few givens takes minutes.
					keep = shape.Cells() * (35 + rng.IntN(20)) / 100
				}
				if shape.N() == 25 {
					keep = shape.Cells() * (56 + rng.IntN(6)) / 100
				}
				puzzle, sol := digBoard(shape, rng, keep)
				sum.add(t, puzzle, sol)
			}
			t.Logf("%s: %d puzzles (%d solved by the ladder), %d steps applied, %d steps checked, %d placements and eliminations checked; steps applied by technique %v; checked %v",
				shape, sum.puzzles, sum.solved, sum.steps, sum.all, sum.effects, sum.byKey, sum.checked)
			if sum.steps == 0 {
				t.Errorf("%s: no step applied", shape)
			}
		})
	}
}

// allChains reports whether every chain and cycle found at every state of
// a puzzle's path is checked: on boards up to 9x9, one puzzle in four.
func (sum *soundness) allChains(puzzle sudoku.Board) bool {
	return puzzle.Shape.N() <= 9 && sum.puzzles%4 == 1
}

// add grades one puzzle, checking every step of every rung at each state.
func (sum *soundness) add(t *testing.T, puzzle, sol sudoku.Board) {
	t.Helper()
	s, err := NewState(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	sum.puzzles++
	for !s.Solved() {
		for _, r := range ladder {
			if r.first != nil && !sum.allChains(puzzle) {
				// Every forcing chain and cycle, at every state, is
				// minutes of searching: on a big board, and on three
				// puzzles in four of the others, only the chain applied
				// is checked (below).
				continue
			}
			r.Find(s, func(st *Step) bool {
				sum.effects += checkStep(t, puzzle, st, sol)
				sum.all++
				sum.checked[st.Technique]++
				return true
			})
		}
		st := Next(s)
		if st == nil {
			return
		}
		if !sum.allChains(puzzle) && (st.Technique == "forcing-chain" || st.Technique == "bidirectional-cycle") {
			sum.effects += checkStep(t, puzzle, st, sol)
			sum.all++
			sum.checked[st.Technique]++
		}
		st.ApplyTo(s)
		sum.steps++
		sum.byKey[st.Technique]++
		if s.Broken() {
			t.Fatalf("%s: broken after %s", puzzle, st)
		}
	}
	sum.solved++
}

// TestLadderKeys checks that every key of the ladder is in the registry,
// that the ladder follows the order of SE's producers in the registry,
// and that a step carries the registry's name and a rating in its band.
func TestLadderKeys(t *testing.T) {
	order := map[string]int{}
	for i, p := range techniques.Producers() {
		for _, tech := range p.Techniques() {
			order[tech.Key] = i
		}
	}
	last := -1
	for _, r := range ladder {
		for _, k := range r.Keys {
			i, ok := order[k]
			if !ok {
				t.Fatalf("ladder key %s is not in the registry", k)
			}
			if i < last {
				t.Errorf("ladder key %s comes before a technique SE tries earlier", k)
			}
			last = i
		}
	}
}

// TestSteps checks the words of steps on boards of three sizes: cells
// named as the shape names them (two-figure rows and columns), houses by
// the shape's names, digits over 9 as numbers.
func TestSteps(t *testing.T) {
	cases := []struct {
		name  string
		board string
		want  []string // each a step of the path, in order, to be found in it
	}{
		{"4x4 full houses", "123.34..2.4.4.2.", []string{
			"Full House: 1 in column 3 ==> r2c3=1",
			"Full House: 4 in row 1 ==> r1c4=4",
			"Full House: 2 in block 2 ==> r2c4=2"}},
		// The first and third puzzles of testdata/puzzles/sizes/16x16-110.txt.
		{"16x16 direct hidden pair", "3.F.E.6.4B.5C..1.4.....571..3.2......A1..C........A.C84F...9.B.7....6F8...BG2...AE6.D..C..1F..8...23G.A..6.7.F..F..4.27...9..C....B...5..G7C.D.9..56.C.7.....1A27349..D.2.51....8..F23....4..........9E.B36A..7CD...86......E35..5E..B.38.C2.A4..F...GC415D.....",
			[]string{"Direct Hidden Pair: 1,12 only in r12c2,r12c3 of block 9, so 13 goes to r10c2 ==> r10c2=13"}},
		{"16x16 subsets and intersections", ".....453.17..B.8.5918EAC.B.3.74.3D.8.26....E....4EB.F.1......3.6FA6....B.DEG..7..9...G3AF...68....D.E5.......AG...3E.62.9.A.........C9.FB..735...BE..745...FD68G93.D...6E...1.....8.......61...F6....1.27.....F4..1..3D..FGA.C..D......8..B..2..5..B..7.D..49G31",
			[]string{
				"Naked Pair: r11c11,r11c12 hold only 5,12 in block 11 ==> r10c9<>12, r10c10<>12, r10c11<>12, r12c9<>12, r12c10<>12",
				"Direct Pointing: 12 of block 11 only in row 11, so block 12 has 12 only at r12c13 ==> r12c13=12",
				"Direct Hidden Triplet: 2,7,8 only in r14c2,r14c9,r14c13 of row 14, so 11 goes to r14c16 ==> r14c16=11",
				"Naked Single: r8c16 can only be 12 ==> r8c16=12",
				"Claiming: 5 of column 9 only in block 3 ==> r3c10<>5, r3c11<>5, r4c10<>5, r4c11<>5, r4c12<>5",
				"Hidden Pair: 6,15 only in r1c2,r1c4 of block 1 ==> r1c2<>2,12,16, r1c4<>10,12,16"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, _, err := sudoku.ParseBoard(tc.board, sudoku.Shape{}, sudoku.AutoAlphabet)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewState(b)
			if err != nil {
				t.Fatal(err)
			}
			var path []string
			for st := Next(s); st != nil; st = Next(s) {
				path = append(path, st.String())
				st.ApplyTo(s)
			}
			got := strings.Join(path, "\n")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("path lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
