package techniques

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// TestNoChainOrCycleFindsNothing checks the shortcut of forcing chains and
// cycles: where noChainOrCycle says nothing can be found, the three passes,
// run in full, find nothing. The states are hard puzzles with more or less
// of their solution given, the working grids their dynamic chains leave (as
// nested chains see them: the cells the chain set hold one candidate), and
// random dense states around a solution, some of whose one-candidate cells
// see their digit elsewhere. A state where a cycle rules out a lone
// candidate while no start implies its opposite tests the lone candidates'
// part of noChainOrCycle and quietInside.
func TestNoChainOrCycleFindsNothing(t *testing.T) {
	var states []*State
	rng := rand.New(rand.NewPCG(5, 6))
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0) {
		if i >= 6 || (testing.Short() && i >= 2) {
			break
		}
		for _, g := range moreGiven(t, p.Grid, rng, 0, 10) {
			s := NewState(g)
			states = append(states, s)
			states = append(states, workingGrids(s)...)
		}
	}
	solution := filledGrid()
	states = append(states, denseStates(rng, 200, 3)...)

	// An X-wing of 1s in rows 1 and 2 (columns 1 and 7) rules out the
	// lone candidate of r5c1, which sees its digit in r1c1 and r2c1; no
	// start implies its opposite.
	edge := &State{}
	for i, v := range solution {
		edge.Cands[i] = sudoku.DigitSet(int(v))
	}
	edge.Cands[6] = edge.Cands[6].With(1)
	edge.Cands[9] = edge.Cands[9].With(1)
	edge.Cands[36] = sudoku.DigitSet(1)
	c := newChainer(context.Background(), edge, nil)
	c.lk.prepareStatic()
	c.buildReach(&c.reach[1], true, 0)
	if c.reach[1].forced != [23]uint64{} || c.noChainOrCycle() || len(c.chainPasses()) == 0 {
		t.Fatalf("the X-wing state: forced starts %v, shortcut %v: it no longer tests the lone candidates",
			c.reach[1].forced != [23]uint64{}, c.noChainOrCycle())
	}
	// So is quietInside, the state being its own (quiet) outer grid.
	if !c.outerQuiet() || c.quietInside(&c.g.ref, &c.g.refPos) {
		t.Fatalf("the X-wing state: outer quiet %v, quietInside %v", c.outerQuiet(), c.quietInside(&c.g.ref, &c.g.refPos))
	}
	c.done()
	states = append(states, edge)

	nothing, found, idle := 0, 0, 0
	for si, s := range states {
		c := newChainer(context.Background(), s, nil)
		c.lk.prepareStatic()
		c.buildReach(&c.reach[1], true, 0)
		short := c.noChainOrCycle()
		hints := c.chainPasses()
		c.done()
		switch {
		case short && len(hints) > 0:
			t.Fatalf("state %d: the shortcut says nothing, the passes find %d hints, the first %q",
				si, len(hints), hints[0].step.Name)
		case short:
			nothing++
		case len(hints) > 0:
			found++
		default:
			idle++ // the shortcut keeps to what it can prove
		}
	}
	// The test must see both outcomes in numbers.
	if nothing < 100 || found < 100 {
		t.Fatalf("%d states with the shortcut, %d with hints: the states no longer test both", nothing, found)
	}
	t.Logf("%d states: %d with the shortcut, %d with hints, %d without either", len(states), nothing, found, idle)
}

// workingGrids returns the grids the dynamic chains of s leave where they
// meet no contradiction: s's candidates but those the chain made false.
func workingGrids(s *State) []*State {
	var out []*State
	c := newChainer(context.Background(), s, nil)
	defer c.done()
	r := c.run()
	defer c.release(r)
	for cell := 0; cell < 81; cell++ {
		if s.Cands[cell].Count() < 2 {
			continue
		}
		for _, d := range s.Cands[cell].Slice() {
			for _, on := range []bool{true, false} {
				c.propagate(r, cell, d, on, modeDynamic)
				if r.contraOn >= 0 {
					continue
				}
				w := &State{Values: s.Values, Cands: s.Cands, Rules: s.Rules}
				for _, n := range r.offOrder {
					x := r.nodes[n]
					w.Cands[x.cell] = w.Cands[x.cell].Without(int(x.digit))
				}
				out = append(out, w)
			}
		}
	}
	return out
}

// TestQuietInsideFindsNothing checks the shortcut of forcing chains and
// cycles inside chains: on the working grids of a quiet state (see
// outerQuiet), where quietInside says nothing can be found, the three
// passes, run in full, find nothing.
func TestQuietInsideFindsNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	quietStates, nothing, found, idle := 0, 0, 0, 0
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "forum-hardest-40.txt"), 0) {
		if i >= 6 || (testing.Short() && i >= 2) {
			break
		}
		// The states along SE's path, without nested chains, with more or
		// less of the solution given: the quiet ones.
		var states []*State
		for _, g := range moreGiven(t, p.Grid, rng, 0, 6) {
			states = append(states, unnestedPath(NewState(g))...)
		}
		for si, s := range states {
			outer := newChainer(context.Background(), s, nil)
			if !outer.outerQuiet() {
				outer.done()
				continue
			}
			quietStates++
			for wi, w := range workingGrids(s) {
				c := newChainer(context.Background(), w, nil)
				short := c.quietInside(&outer.g.ref, &outer.g.refPos)
				c.lk.prepareStatic()
				c.buildReach(&c.reach[1], true, 0)
				hints := c.chainPasses()
				c.done()
				switch {
				case short && len(hints) > 0:
					t.Fatalf("line %d, state %d, grid %d: quietInside says nothing, the passes find %d hints, the first %q",
						p.Line, si, wi, len(hints), hints[0].step.Name)
				case short:
					nothing++
				case len(hints) > 0:
					found++
				default:
					idle++
				}
			}
			outer.done()
		}
	}
	if quietStates < 10 || nothing < 500 || found < 100 {
		t.Fatalf("%d quiet states, %d grids with the shortcut, %d with hints: the states no longer test both",
			quietStates, nothing, found)
	}
	t.Logf("%d quiet states: %d grids with the shortcut, %d with hints, %d without either", quietStates, nothing, found, idle)
}

// TestSkippableBasesFindNothing checks the bases multiple forcing chains
// skip inside chains: on the working grids of states along SE's paths
// where outerQuietMultiple holds, the search that skips them finds the
// hints, in order, of the search that does not.
func TestSkippableBasesFindNothing(t *testing.T) {
	quietStates, grids, skipped, hints := 0, 0, 0, 0
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "forum-hardest-40.txt"), 0) {
		if i >= 3 || (testing.Short() && i >= 1) {
			break
		}
		for si, s := range unnestedPath(NewState(p.Grid)) {
			outer := newChainer(context.Background(), s, nil)
			if !outer.outerQuietMultiple() {
				outer.done()
				continue
			}
			quietStates++
			for wi, w := range workingGrids(s) {
				var lists [2][]string
				for pass := range lists {
					c := newChainer(context.Background(), w, nil)
					if pass == 0 {
						c.skip = c.skippableBases(&outer.g.ref, &outer.g.refPos)
						if c.skip != nil {
							skipped += c.skip.cells.count()
							for _, u := range c.skip.units {
								skipped += bits.OnesCount32(u)
							}
						}
					}
					for _, h := range sortChainHints(c.multipleChains(modeMultiple)) {
						lists[pass] = append(lists[pass], fmt.Sprint(h.step.Name, h.step.Eliminations, h.complexity))
					}
					c.done()
				}
				if !slices.Equal(lists[0], lists[1]) {
					t.Fatalf("line %d, state %d, grid %d: skipping bases finds\n%q\nnot skipping them:\n%q",
						p.Line, si, wi, lists[0], lists[1])
				}
				grids++
				hints += len(lists[1])
			}
			outer.done()
		}
	}
	if quietStates < 10 || skipped < 10000 || hints < 100 {
		t.Fatalf("%d quiet states, %d bases skipped, %d hints: too few to compare", quietStates, skipped, hints)
	}
	t.Logf("%d quiet states, %d grids: %d bases skipped, %d hints", quietStates, grids, skipped, hints)
}

// TestImpliedMatchesLinks checks staticBoards.implied against a plain walk
// of the static links (prepareStatic's tables) that does not stop at a
// contradiction, on hard puzzles and their dynamic chains' working grids,
// from every candidate.
func TestImpliedMatchesLinks(t *testing.T) {
	checked, conflicts := 0, 0
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0) {
		if i >= 3 || (testing.Short() && i >= 1) {
			break
		}
		s := NewState(p.Grid)
		for gi, w := range append(workingGrids(s), s) {
			c := newChainer(context.Background(), w, nil)
			c.lk.prepareStatic()
			var sb staticBoards
			sb.load(&c.g.ref, &c.g.refPos)
			for cell := 0; cell < 81; cell++ {
				for _, d := range w.Cands[cell].Slice() {
					wantOn, wantOff := walkStaticLinks(&c.lk, candID(cell, d))
					checked++
					if wantOn.meets(&wantOff) {
						conflicts++
					}
					if on, off := sb.implied(cell, d); on != wantOn || off != wantOff {
						t.Fatalf("line %d, grid %d, from %s: implied differs from the links' walk", p.Line, gi, potentialName(cell, d, true))
					}
				}
			}
			c.done()
		}
	}
	if checked < 10000 || conflicts < 1000 {
		t.Fatalf("%d starts checked, %d with a contradiction: too few", checked, conflicts)
	}
	t.Logf("%d starts checked, %d with a contradiction", checked, conflicts)
}

// walkStaticLinks returns every potential the static X and Y links lead to
// from "id is true", contradictions or not.
func walkStaticLinks(lk *linker, id int) (on, off digitBoards) {
	queue := []int{id*2 + 1}
	on[id%9].add(id / 9)
	visit := func(x int, true_ bool) {
		set, v := &off, x*2
		if true_ {
			set, v = &on, v+1
		}
		if !set[x%9].has(x / 9) {
			set[x%9].add(x / 9)
			queue = append(queue, v)
		}
	}
	for n := 0; n < len(queue); n++ {
		x := queue[n] / 2
		if queue[n]&1 == 1 {
			for _, y := range lk.onOffCell[x] {
				visit(int(y), false)
			}
			for _, y := range lk.onOffRegion[x] {
				visit(linkID(y), false)
			}
			continue
		}
		if y := lk.offOnCell[x]; y >= 0 {
			visit(int(y), true)
		}
		for _, y := range lk.offOnRegion[x] {
			visit(linkID(y), true)
		}
	}
	return on, off
}
