package techniques

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
)

// TestRunSetsMatchRuns checks what the search without nested rules relies
// on: for every start, in each mode, the sets closeDynamic and (static)
// staticBoards.implied find are the run's (propagate's) when it meets no
// contradiction, and they report a contradiction exactly when the run meets
// one. The states are hard puzzles with more or less of their solution
// given, and random dense states around a solution, some of whose cells
// hold one candidate, as the working grids of nested chains do (where the
// rules differ: a cell or unit of one candidate forces nothing).
func TestRunSetsMatchRuns(t *testing.T) {
	var states []*State
	rng := rand.New(rand.NewPCG(3, 4))
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0) {
		if testing.Short() && i >= 3 {
			break
		}
		// The puzzle, and the puzzle with more of its solution given.
		for _, g := range moreGiven(t, p.Grid, rng, 0, 8, 16, 24) {
			states = append(states, NewState(g))
		}
	}
	states = append(states, denseStates(rng, 60, 4)...)

	checked, conflicts := checkRunSets(t, states)
	// The test must see both kinds of run in numbers.
	if checked < 10000 || conflicts < checked/20 || conflicts > checked*19/20 {
		t.Fatalf("%d runs checked, %d with a contradiction: the states no longer test both kinds", checked, conflicts)
	}
	t.Logf("%d runs checked, %d with a contradiction", checked, conflicts)
}

// checkRunSets checks, on each state, that the sets of every start's runs
// are the runs' (see TestRunSetsMatchRuns); it returns how many runs it
// checked and how many met a contradiction.
func checkRunSets(t *testing.T, states []*State) (checked, conflicts int) {
	t.Helper()
	for si, s := range states {
		for _, m := range []chainMode{modeNishio, modeMultiple, modeDynamic} {
			c := newChainer(context.Background(), s, nil)
			if !m.dynamic {
				c.lk.prepareStatic()
			}
			c.closures = &closures{}
			c.closures.reset(&c.g)
			r := c.run()
			for cell := 0; cell < 81; cell++ {
				if s.Cands[cell].Count() < 2 {
					continue
				}
				for _, d := range s.Cands[cell].Slice() {
					for _, on := range []bool{true, false} {
						c.propagate(r, cell, d, on, m)
						got := c.runSets(cell, d, on, m)
						checked++
						if contra := r.contraOn >= 0; got.conflict != contra {
							t.Fatalf("state %d, %s, start %s: sets say contradiction %v, the run %v",
								si, m.key, potentialName(cell, d, on), got.conflict, contra)
						}
						if got.conflict {
							conflicts++
							continue
						}
						var want runSets
						for _, n := range r.onOrder {
							want.on[r.nodes[n].digit-1].add(int(r.nodes[n].cell))
						}
						for _, n := range r.offOrder {
							want.off[r.nodes[n].digit-1].add(int(r.nodes[n].cell))
						}
						if want.on != got.on || want.off != got.off {
							t.Fatalf("state %d, %s, start %s: the sets differ from the run's", si, m.key,
								potentialName(cell, d, on))
						}
					}
				}
			}
			c.release(r)
			c.done()
		}
	}
	return checked, conflicts
}

// TestSetsFirstFindsAllHints checks that a search without nested rules,
// which builds only the runs whose sets may make a hint (startHints,
// commonSets), finds the hints of one that builds every run, in the same
// order: on hard puzzles with more or less of their solution given, and on
// the working grids their dynamic chains leave, which hold many runs that
// meet a contradiction.
func TestSetsFirstFindsAllHints(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var states []*State
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0) {
		if i >= 3 || (testing.Short() && i >= 1) {
			break
		}
		for _, g := range moreGiven(t, p.Grid, rng, 0, 12) {
			s := NewState(g)
			states = append(states, s)
			grids := workingGrids(s)
			for _, k := range rng.Perm(len(grids))[:min(len(grids), 25)] {
				states = append(states, grids[k])
			}
		}
	}
	hints := checkSetsFirst(t, states)
	if hints < 1000 {
		t.Fatalf("%d hints on %d states: too few to compare", hints, len(states))
	}
	t.Logf("%d states, %d hints", len(states), hints)
}

// checkSetsFirst checks, on each state, that the sets-first search finds
// the hints of one that builds every run (see TestSetsFirstFindsAllHints);
// it returns how many hints it compared.
func checkSetsFirst(t *testing.T, states []*State) int {
	t.Helper()
	hints := 0
	for si, s := range states {
		for _, m := range []chainMode{modeMultiple, modeDynamic} {
			var lists [2][]string
			for pass, all := range []bool{false, true} {
				c := newChainer(context.Background(), s, nil)
				c.allRuns = all
				for _, h := range sortChainHints(c.multipleChains(m)) {
					lists[pass] = append(lists[pass], fmt.Sprint(h.step.Name, h.step.Eliminations, h.complexity))
				}
				c.done()
			}
			if !slices.Equal(lists[0], lists[1]) {
				t.Fatalf("state %d, %s: the sets-first search finds\n%q\nbuilding every run:\n%q", si, m.key, lists[0], lists[1])
			}
			hints += len(lists[0])
		}
	}
	return hints
}
