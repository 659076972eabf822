package techniques

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// checkSteps runs every finder but the chaining ones to completion on s and
// fails on any step that eliminates a digit of the solution or places a
// wrong one. It returns how many steps it checked.
func checkSteps(t *testing.T, s *State, sol sudoku.Grid, where string) int {
	t.Helper()
	n := 0
	for _, p := range Producers() {
		if p.Chain() {
			continue // checked where the path reaches them (walkSound)
		}
		p.FindAll(context.Background(), s, func(st *Step) bool {
			n++
			checkStep(t, s, sol, st, where)
			return true
		})
	}
	return n
}

// seStep returns the step Sudoku Explainer's path takes from s: the first
// step of the first producer that finds one.
func seStep(s *State) *Step {
	for _, p := range seProducers {
		if st := p.First(context.Background(), s, nil); st != nil {
			return st
		}
	}
	return nil
}

// producerOf returns the producer of the technique key.
func producerOf(t *testing.T, key string) *Producer {
	t.Helper()
	for _, p := range producers {
		for _, tech := range p.techniques {
			if tech.Key == key {
				return p
			}
		}
	}
	t.Fatalf("no producer of %q", key)
	return nil
}

// checkStep fails when a step eliminates a digit of the solution, places a
// wrong one, removes a candidate that is not there, or does nothing.
func checkStep(t *testing.T, s *State, sol sudoku.Grid, st *Step, where string) {
	t.Helper()
	for _, e := range st.Eliminations {
		if sol[e.Cell] == e.Digit {
			t.Errorf("%s: %s eliminates the solution's %d at %s", where, st, e.Digit, sudoku.CellName(int(e.Cell)))
		}
		if !s.Cands[e.Cell].Has(int(e.Digit)) {
			t.Errorf("%s: %s eliminates %s<>%d, which is not a candidate", where, st, sudoku.CellName(int(e.Cell)), e.Digit)
		}
	}
	for _, p := range st.Placements {
		if sol[p.Cell] != p.Digit {
			t.Errorf("%s: %s places %d at %s, the solution has %d", where, st, p.Digit, sudoku.CellName(int(p.Cell)), sol[p.Cell])
		}
	}
	if len(st.Eliminations)+len(st.Placements) == 0 {
		t.Errorf("%s: %s does nothing", where, st)
	}
}

func where(name string, line int) string { return name + ":" + itoa(line) }

// walkSound follows SE's path (first step of the first finder that has one)
// and checks every step every finder sees at every state on the way. Finders
// whose steps rate above maxMin (0: no bound) are not run; the walk ends
// where they would be needed.
func walkSound(t *testing.T, name string, puzzles []sudoku.Puzzle, maxMin sudoku.Rating) (states, steps int) {
	for _, p := range puzzles {
		sol, ok := solve.For(p.Rules).Solve(p.Grid)
		if !ok {
			t.Fatalf("%s line %d: no solution", name, p.Line)
		}
		s := p.State()
		for !s.Solved() && !t.Failed() {
			steps += checkSteps(t, s, sol, where(name, p.Line))
			states++
			var next *Step
			for _, pr := range seProducers {
				if maxMin > 0 && pr.Min() > maxMin {
					break
				}
				if !pr.Chain() {
					next = pr.First(context.Background(), s, nil)
				} else {
					// Every hint of a chain producer is checked here; the
					// first is SE's step.
					pr.Find(context.Background(), s, nil, func(st *Step) bool {
						if next == nil {
							next = st
						}
						steps++
						checkStep(t, s, sol, st, where(name, p.Line))
						return true
					})
				}
				if next != nil {
					break
				}
			}
			if next == nil {
				break
			}
			next.ApplyTo(s)
		}
	}
	return states, steps
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0 || len(b) == 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// maxUnnested bounds the walks of whole sets below the nested forcing
// chains (9.5 and up), which take seconds per step on the hardest puzzles;
// TestSoundnessNested checks those on a sample.
const maxUnnested = 9.0

func TestSoundnessTestdata(t *testing.T) {
	// Every finder runs to completion at every state, which costs about a
	// millisecond per state: the 17-clue sample is cut to keep CI short.
	sets := []struct {
		name  string
		limit int
	}{{"norvig-top95.txt", 0}, {"qqwing-sample220.se121.txt", 0}, {"norvig-hardest.txt", 0},
		{"norvig-easy50.txt", 0}, {"forum-hardest-1106.txt", 0}, {"royle-17clue-2000.txt", 200}}
	for _, set := range sets {
		name := set.name
		t.Run(name, func(t *testing.T) {
			limit := set.limit
			if testing.Short() {
				limit = 20
			}
			states, steps := walkSound(t, name, testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", name), limit), maxUnnested)
			t.Logf("%d states, %d steps checked", states, steps)
		})
	}
}

// TestSoundnessNested walks puzzles that need nested forcing chains (levels
// 2 to 4) with every producer, checking every hint each one finds.
func TestSoundnessNested(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0)
	// One puzzle per nesting level keeps the walk to seconds: 1106 lines
	// 363 (no nesting, 9.7), 329 (level 2), 238 (level 3), 197 (level 4).
	var sample []sudoku.Puzzle
	for _, i := range []int{0, 2, 6, 10} {
		sample = append(sample, puzzles[i])
	}
	if testing.Short() {
		sample = sample[:2]
	}
	states, steps := walkSound(t, "hardest-se.txt", sample, 0)
	t.Logf("%d states, %d steps checked", states, steps)
	if states < 50*len(sample) {
		t.Errorf("only %d states walked for %d puzzles: the walk stopped early", states, len(sample))
	}
}

// TestSoundnessShared runs the larger public sets from ../shared when present.
func TestSoundnessShared(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	// The 11plus puzzles (SE 11 and up) mostly start with a nested chain:
	// below 9.5 their walk would check nothing, so a few are walked whole.
	for _, tc := range []struct {
		name   string
		limit  int
		maxMin sudoku.Rating
	}{{"magictour-top1465.txt", 500, maxUnnested}, {"forum-hardest-1905-11plus.txt", 3, 0}, {"royle-17clue.txt", 500, maxUnnested}} {
		t.Run(tc.name, func(t *testing.T) {
			path := testenv.SharedData(t, tc.name)
			states, steps := walkSound(t, tc.name, testenv.Puzzles(t, path, tc.limit), tc.maxMin)
			t.Logf("%d states, %d steps checked", states, steps)
			if steps < 100*tc.limit {
				t.Errorf("only %d steps checked on %d puzzles: the walk lost its power", steps, tc.limit)
			}
		})
	}
}

// TestSolvedBySingles checks the quick test against grading-by-hand: it must
// say true exactly for the puzzles whose path uses only full houses and
// hidden singles.
func TestSolvedBySingles(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "qqwing-sample220.se121.txt"), 0)
	puzzles = append(puzzles, testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "norvig-easy50.txt"), 0)...)
	yes := 0
	for _, p := range puzzles {
		s := NewState(p.Grid)
		singlesOnly := true
		for !s.Solved() {
			next := seStep(s)
			if next == nil || next.Rating > 1.5 {
				singlesOnly = false
				break
			}
			next.ApplyTo(s)
		}
		if got := SolvedBySingles(p.Grid); got != singlesOnly {
			t.Errorf("%s: SolvedBySingles = %v, path says %v", p.Grid, got, singlesOnly)
		}
		if singlesOnly {
			yes++
		}
	}
	if yes == 0 || yes == len(puzzles) {
		t.Errorf("%d of %d puzzles solved by singles: the test lost its power", yes, len(puzzles))
	}
}

// TestSoundnessLevel5 runs the last nesting level (11.0: dynamic chains, then
// level-2 nested producers, inside a dynamic chain), which no puzzle of the
// test sets reaches on its path, on the last state of a 9.7 puzzle that
// needs a dynamic chain, and checks every hint it finds.
func TestSoundnessLevel5(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	p := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 1)[0]
	sol, ok := solve.Solve(p.Grid)
	if !ok {
		t.Fatal("no solution")
	}
	level5 := producerOf(t, nestedKey(5))
	// Follow SE's path; keep the last state whose step is rated 9.0 or more.
	s := NewState(p.Grid)
	var hard *State
	for !s.Solved() {
		next := seStep(s)
		if next == nil {
			t.Fatal("the path stops before the end")
		}
		if next.Rating >= 9.0 {
			hard = s.Clone()
		}
		next.ApplyTo(s)
	}
	if hard == nil {
		t.Fatal("no step of 9.0 or more on the path")
	}
	n := 0
	level5.Find(context.Background(), hard, nil, func(st *Step) bool {
		n++
		checkStep(t, hard, sol, st, "level 5")
		return true
	})
	t.Logf("%d level-5 hints checked", n)
	if n == 0 {
		t.Error("level 5 found nothing where a dynamic chain applies")
	}
}
