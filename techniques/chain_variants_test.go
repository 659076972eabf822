package techniques

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// The chain engine under variants, against Sukaku Explainer 1.18.1's
// paths (../shared/data/variants/<variant>.paths.txt, rated with SE
// 1.2.1's techniques): the state before each of SukE's chain steps is
// replayed from the puzzle with SukE's own effects, and our producer of
// that step's technique must find SukE's step first: the same rating and
// the same effects.

// sukeStep is one step of a SukE path: its rating, its effects as the
// paths write them ("r1c2=5", "r3c4<>7"; removals implied by a placement
// left out) and its rule's name.
type sukeStep struct {
	rating  sudoku.Rating
	effects []string
	rule    string
	line    int
}

// sukePath is a puzzle's path.
type sukePath struct {
	line   int
	puzzle sudoku.Grid
	steps  []sukeStep
}

func readSukePaths(t *testing.T, variant string) []sukePath {
	t.Helper()
	var out []sukePath
	for _, p := range testenv.ReadPaths(t, "variants/"+variant+".paths.txt") {
		sp := sukePath{line: p.Line, puzzle: p.Puzzle}
		for _, st := range p.Steps {
			sp.steps = append(sp.steps, sukeStep{st.Rating, st.Effects, st.Rule, st.Line})
		}
		out = append(out, sp)
	}
	return out
}

// applySuke carries out a SukE step's effects on a state.
func applySuke(t *testing.T, st *State, effects []string) {
	t.Helper()
	testenv.ApplyEffects(t, st, effects)
}

// sukeEffects writes a step's effects as SukE's paths do: placements, and
// the eliminations a placement does not imply under the rules, sorted.
func sukeEffects(s *State, st *Step) []string {
	var out []string
	placed := map[int]int{}
	for _, p := range st.Placements {
		out = append(out, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
		placed[int(p.Cell)] = int(p.Digit)
	}
	implied := func(cell, d int) bool {
		if _, ok := placed[cell]; ok {
			return true
		}
		for pc, pd := range placed {
			if pd == d && s.Rules.Sees(pc, cell) {
				return true
			}
			if (pd == d+1 || pd == d-1) && s.Rules.Partners(sudoku.NonConsecutive, pc).Has(cell) {
				return true
			}
		}
		return false
	}
	for _, e := range st.Eliminations {
		if !implied(int(e.Cell), int(e.Digit)) {
			out = append(out, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
		}
	}
	slices.Sort(out)
	return out
}

// chainKind names the kind of chain step a SukE rule name is, and the
// technique key of its producer; "" for a rule that is not a chain.
func chainKind(rule string) (kind, key string) {
	switch {
	case strings.Contains(rule, "Cycle") || rule == "Generalized X-Wing":
		return "cycle", techCycle
	case rule == "Forcing Chain" || rule == "Forcing X-Chain" || rule == "Turbot Fish" || rule == "Forcing Y-Chain":
		return "forcing chain", techChain
	case rule == "Nishio Forcing Chains":
		return "nishio", modeNishio.key
	case rule == "Cell Forcing Chains" || rule == "Region Forcing Chains":
		return strings.ToLower(strings.TrimSuffix(rule, " Forcing Chains")) + " (multiple)", modeMultiple.key
	case strings.HasPrefix(rule, "Dynamic ") && strings.HasSuffix(rule, "Forcing Chains"):
		return "dynamic " + strings.ToLower(strings.Fields(rule)[1]), modeDynamic.key
	case strings.HasSuffix(rule, " (+)"):
		return "dynamic (+)", modeDynamicPlus.key
	}
	for level := 2; level <= 5; level++ {
		if strings.HasSuffix(rule, nestedSuffix(level)) {
			return fmt.Sprintf("nested %d", level), nestedKey(level)
		}
	}
	return "", ""
}

// variantNames are the variants of ../shared/data/variants.
var variantNames = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
	"anti-knight", "anti-king", "non-consecutive"}

// tally counts agreements per kind of chain step.
type tally struct {
	kinds []string
	n, ok map[string]int
}

func (t *tally) add(kind string, ok bool) {
	if t.n == nil {
		t.n, t.ok = map[string]int{}, map[string]int{}
	}
	if _, seen := t.n[kind]; !seen {
		t.kinds = append(t.kinds, kind)
	}
	t.n[kind]++
	if ok {
		t.ok[kind]++
	}
}

func (t *tally) total() (n, ok int) {
	for _, k := range t.kinds {
		n += t.n[k]
		ok += t.ok[k]
	}
	return n, ok
}

func (t *tally) String() string {
	var b strings.Builder
	slices.Sort(t.kinds)
	for _, k := range t.kinds {
		fmt.Fprintf(&b, " %s %d/%d;", k, t.ok[k], t.n[k])
	}
	n, ok := t.total()
	fmt.Fprintf(&b, " all %d/%d (%.1f%%)", ok, n, 100*float64(ok)/float64(max(n, 1)))
	return b.String()
}

// TestChainsAlongSukePaths replays SukE's paths and checks each chain step
// (a sample of them with -short, or SUDOKIT_CHAIN_STEPS=all for all): our
// producer of its technique finds it first, and the chain producers
// before that one (in SE's order, aligned triplet exclusion aside) find
// nothing. Half the puzzles run their searches on two goroutines.
func TestChainsAlongSukePaths(t *testing.T) {
	every := 1
	if testing.Short() {
		every = 4
	}
	if os.Getenv("SUDOKIT_CHAIN_STEPS") == "all" {
		every = 1
	}
	only := os.Getenv("SUDOKIT_CHAIN_VARIANT")
	order := chainProducers(t)
	for level := 2; level <= 5; level++ {
		order = append(order, producerOf(t, nestedKey(level)))
	}
	for _, variant := range variantNames {
		if only != "" && only != variant {
			continue
		}
		t.Run(variant, func(t *testing.T) {
			rules, err := sudoku.ParseRules(variant, "")
			if err != nil {
				t.Fatal(err)
			}
			var found, silent, named tally
			seen := 0
			for i, p := range readSukePaths(t, variant) {
				st := rules.StateOf(p.puzzle, nil)
				sess := NewSession(1 + i%2)
				for _, step := range p.steps {
					kind, key := chainKind(step.rule)
					if kind != "" {
						seen++
					}
					if kind != "" && seen%every == 0 {
						want := slices.Clone(step.effects)
						slices.Sort(want)
						var got *Step
						quiet := true
						for _, pr := range order {
							first := pr.First(context.Background(), st, sess)
							if slices.ContainsFunc(pr.techniques, func(x Technique) bool { return x.Key == key }) {
								got = first
								break
							}
							if first != nil {
								quiet = false
								if testing.Verbose() {
									t.Logf("line %d: SukE %v %s, but %s finds %v %s %v", step.line, step.rating, step.rule,
										pr.techniques[0].Key, first.Rating, first.Name, sukeEffects(st, first))
								}
							}
						}
						ok := got != nil && got.Rating.Tenths() == step.rating.Tenths() && slices.Equal(sukeEffects(st, got), want)
						found.add(kind, ok)
						if kind == "cycle" {
							// Cycles carry SukE's own names ("Generalized X-Wing" for
							// an X-cycle of four cells).
							named.add(step.rule, got != nil && got.Name == step.rule)
						}
						silent.add(kind, quiet)
						if !ok && testing.Verbose() {
							desc := "nothing"
							if got != nil {
								desc = fmt.Sprintf("%v %s %v", got.Rating, got.Name, sukeEffects(st, got))
							}
							t.Logf("line %d: SukE %v %s %v; ours %s", step.line, step.rating, step.rule, want, desc)
						}
					}
					applySuke(t, st, step.effects)
				}
			}
			t.Logf("%s, SukE's step found:%s", variant, &found)
			t.Logf("%s, the earlier chain producers find nothing:%s", variant, &silent)
			t.Logf("%s, cycles named as SukE names them:%s", variant, &named)
			// Every step agrees (100%): any change is a regression.
			if n, ok := named.total(); ok < n {
				t.Errorf("%s: %d of %d cycles carry SukE's name", variant, ok, n)
			}
			for _, tl := range []*tally{&found, &silent} {
				if n, ok := tl.total(); n == 0 || ok < n {
					t.Errorf("%s: %d of %d chain steps agree with SukE's (all did)", variant, ok, n)
				}
			}
		})
	}
}

// variantPuzzle is a puzzle with its rules and solution.
type variantPuzzle struct {
	name     string
	rules    sudoku.Rules
	grid     sudoku.Grid
	solution sudoku.Grid
}

// solvedUnder returns the solution of g under rules, failing t unless it
// has exactly one.
func solvedUnder(t *testing.T, rules sudoku.Rules, g sudoku.Grid, where string) sudoku.Grid {
	t.Helper()
	res := solve.For(rules).Count(g, 2)
	if res.Count != 1 {
		t.Fatalf("%s: %d solutions under %v", where, res.Count, rules)
	}
	return res.Solution
}

// testdataVariants reads the variant puzzles of testdata/puzzles/variants:
// six per variant, and the jigsaws on their layout.
func testdataVariants(t *testing.T) []variantPuzzle {
	t.Helper()
	dir := filepath.Join("..", "testdata", "puzzles", "variants")
	var out []variantPuzzle
	for _, name := range append(slices.Clone(variantNames), "jigsaw") {
		layout := ""
		if name == "jigsaw" {
			b, err := os.ReadFile(filepath.Join(dir, "jigsaw.regions"))
			if err != nil {
				t.Fatal(err)
			}
			layout = string(b)
		}
		rules, err := sudoku.ParseRules(name, layout)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(filepath.Join(dir, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		r := sudoku.NewReader(f, name+".txt")
		r.SetRules(rules)
		for p, err := range r.All() {
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s.txt:%d", name, p.Line)
			out = append(out, variantPuzzle{where, rules, p.Grid, solvedUnder(t, rules, p.Grid, where)})
		}
		f.Close()
	}
	return out
}

// chainProducers are the chain producers up to dynamic forcing chains
// (+), in SE's order (aligned triplet exclusion aside).
func chainProducers(t *testing.T) []*Producer {
	var out []*Producer
	for _, key := range []string{techCycle, modeNishio.key, modeMultiple.key, modeDynamic.key, modeDynamicPlus.key} {
		out = append(out, producerOf(t, key))
	}
	return out
}

// singlesUnder places the naked and hidden singles of s under its rules,
// until there are none; it reports false when s breaks the rules.
func singlesUnder(s *State) bool {
	for {
		placed := false
		for c := 0; c < 81; c++ {
			if s.Values[c] == 0 && s.Cands[c].Count() == 1 {
				s.Place(c, s.Cands[c].First())
				placed = true
			}
		}
		for h := 0; h < s.Rules.NumHouses(); h++ {
			for d := 1; d <= 9; d++ {
				at, n := -1, 0
				for c := range s.Rules.HouseCells(h).All() {
					if s.Values[c] == 0 && s.Cands[c].Has(d) {
						at, n = c, n+1
					}
				}
				if n == 1 {
					s.Place(at, d)
					placed = true
				}
			}
		}
		if !placed {
			return s.Rules.CheckState(s) == nil
		}
	}
}

// TestChainSoundnessVariants walks the variant puzzles of testdata (the
// jigsaws included), and minimal puzzles made here under variants that
// combine, with singles and chains alone, and checks every step
// the chain producers find on the way against the solution under the
// puzzle's rules: forcing chains and cycles at every state, the others
// at every fourth state and where the earlier ones find nothing.
func TestChainSoundnessVariants(t *testing.T) {
	prods := chainProducers(t)
	states, steps := 0, 0
	jigsaw := 0
	for i, p := range append(testdataVariants(t), combinedPuzzles(t, 2)...) {
		if testing.Short() && i%3 != 0 {
			continue
		}
		s := p.rules.StateOf(p.grid, nil)
		for n := 0; !t.Failed(); n++ {
			if !singlesUnder(s) {
				t.Fatalf("%s: the walk broke the rules", p.name)
			}
			if s.Solved() {
				break
			}
			states++
			var next *Step
			for _, pr := range prods {
				if next != nil && n%4 != 0 {
					break
				}
				pr.Find(context.Background(), s, nil, func(st *Step) bool {
					steps++
					if p.rules.Has("jigsaw") {
						jigsaw++
					}
					checkStep(t, s, p.solution, st, fmt.Sprintf("%s state %d %s", p.name, n, pr.techniques[0].Key))
					if next == nil {
						next = st
					}
					return true
				})
			}
			if next == nil {
				break // nested chains needed: beyond this walk
			}
			next.ApplyTo(s)
		}
	}
	t.Logf("%d states, %d chain steps checked (%d on jigsaws)", states, steps, jigsaw)
	if steps < 500 || jigsaw < 50 {
		t.Fatalf("only %d steps checked (%d on jigsaws)", steps, jigsaw)
	}
}

// TestChainSoundnessSukePaths checks, along SukE's paths of the variants'
// calibration puzzles, every step of the chain producers up to the one of
// SukE's step (a sample of SukE's chain steps) against the solution.
func TestChainSoundnessSukePaths(t *testing.T) {
	every := 5
	if testing.Short() {
		every = 20
	}
	prods := chainProducers(t)
	for _, variant := range variantNames {
		t.Run(variant, func(t *testing.T) {
			rules, err := sudoku.ParseRules(variant, "")
			if err != nil {
				t.Fatal(err)
			}
			states, steps, seen := 0, 0, 0
			for _, p := range readSukePaths(t, variant) {
				where := fmt.Sprintf("%s.paths.txt:%d", variant, p.line)
				sol := solvedUnder(t, rules, p.puzzle, where)
				st := rules.StateOf(p.puzzle, nil)
				for _, step := range p.steps {
					kind, key := chainKind(step.rule)
					if kind != "" {
						seen++
					}
					if kind != "" && seen%every == 0 && key != nestedKey(2) {
						states++
						for _, pr := range prods {
							pr.Find(context.Background(), st, nil, func(x *Step) bool {
								steps++
								checkStep(t, st, sol, x, fmt.Sprintf("%s:%d %s", variant, step.line, pr.techniques[0].Key))
								return true
							})
							if slices.ContainsFunc(pr.techniques, func(x Technique) bool { return x.Key == key }) {
								break
							}
						}
					}
					applySuke(t, st, step.effects)
				}
			}
			t.Logf("%d states, %d chain steps checked", states, steps)
		})
	}
}

// sukeChainStates returns, per variant, states before SukE's chain steps:
// every k-th of them, at most n per variant.
func sukeChainStates(t *testing.T, k, n int) []*State {
	t.Helper()
	var out []*State
	for _, variant := range variantNames {
		rules, err := sudoku.ParseRules(variant, "")
		if err != nil {
			t.Fatal(err)
		}
		seen, taken := 0, 0
		for _, p := range readSukePaths(t, variant) {
			st := rules.StateOf(p.puzzle, nil)
			for _, step := range p.steps {
				if kind, _ := chainKind(step.rule); kind != "" {
					if seen++; seen%k == 0 && taken < n {
						out = append(out, st.Clone())
						taken++
					}
				}
				applySuke(t, st, step.effects)
			}
		}
	}
	return out
}

// TestRunSetsMatchRunsVariants is TestRunSetsMatchRuns under the rules of
// the variants: states along SukE's paths, the jigsaws of testdata with
// more or less of their solution given.
func TestRunSetsMatchRunsVariants(t *testing.T) {
	states := sukeChainStates(t, 37, 4)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range testdataVariants(t) {
		if p.rules.Has("jigsaw") {
			for _, n := range []int{0, 10, 20} {
				g := p.grid
				for _, cell := range rng.Perm(81)[:n] {
					g[cell] = p.solution[cell]
				}
				states = append(states, p.rules.StateOf(g, nil))
			}
		}
	}
	checked, conflicts := checkRunSets(t, states)
	if checked < 5000 || conflicts < checked/20 || conflicts > checked*19/20 {
		t.Fatalf("%d runs checked, %d with a contradiction: the states no longer test both kinds", checked, conflicts)
	}
	t.Logf("%d states, %d runs checked, %d with a contradiction", len(states), checked, conflicts)
}

// TestSetsFirstFindsAllHintsVariants is TestSetsFirstFindsAllHints under
// the rules of the variants: states along SukE's paths, the jigsaws of
// testdata, and some of the working grids their dynamic chains leave.
func TestSetsFirstFindsAllHintsVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	n := 3
	if testing.Short() {
		n = 1
	}
	var states []*State
	bases := sukeChainStates(t, 53, n)
	for _, p := range testdataVariants(t) {
		if p.rules.Has("jigsaw") {
			bases = append(bases, p.rules.StateOf(p.grid, nil))
		}
	}
	for _, s := range bases {
		states = append(states, s)
		grids := workingGrids(s)
		for _, k := range rng.Perm(len(grids))[:min(len(grids), 4)] {
			states = append(states, grids[k])
		}
	}
	hints := checkSetsFirst(t, states)
	if hints < 300 {
		t.Fatalf("%d hints on %d states: too few to compare", hints, len(states))
	}
	t.Logf("%d states, %d hints", len(states), hints)
}

// TestChainTextNamesVariantRules: under a variant, a chain step's text
// names the extra houses (a region forcing chain's "3 in diagonal 1", a
// link through one) and the pair rules it links through ("knight's move
// from r3c4", "next to r3c4 (non-consecutive)"), and so do its chains'
// potentials (Potential.Rule).
func TestChainTextNamesVariantRules(t *testing.T) {
	want := map[string]*regexp.Regexp{
		"x":               regexp.MustCompile(`^\d in diagonal [12]: |\(diagonal [12]\)`),
		"windoku":         regexp.MustCompile(`^\d in window (group )?\d: `),
		"disjoint-groups": regexp.MustCompile(`^\d in disjoint group \d: `),
		"asterisk":        regexp.MustCompile(`^\d in asterisk: |\(asterisk\)`),
		"girandola":       regexp.MustCompile(`^\d in girandola: |\(girandola\)`),
		"center-dot":      regexp.MustCompile(`^\d in centre dot: |\(centre dot\)`),
		"anti-knight":     regexp.MustCompile(`r\dc\d<>\d \(knight's move from r\dc\d\)`),
		"anti-king":       regexp.MustCompile(`r\dc\d<>\d \(king's move from r\dc\d\)`),
		"non-consecutive": regexp.MustCompile(`r\dc\d<>\d \(next to r\dc\d \(non-consecutive\)\)`),
	}
	for _, variant := range variantNames {
		rules, err := sudoku.ParseRules(variant, "")
		if err != nil {
			t.Fatal(err)
		}
		found := ""
	paths:
		for _, p := range readSukePaths(t, variant) {
			st := rules.StateOf(p.puzzle, nil)
			for _, step := range p.steps {
				if _, key := chainKind(step.rule); key != "" && key != techCycle && key != techChain {
					if got := producerOf(t, key).First(context.Background(), st, nil); got != nil && want[variant].MatchString(got.Detail) {
						found = got.Detail
						named := false
						for _, chain := range got.Chains {
							for _, q := range chain {
								named = named || (q.Rule != "" && strings.Contains(got.Detail, "("+q.Rule+")"))
							}
						}
						if !named && !strings.Contains(found, " in ") {
							t.Errorf("%s: the chains' potentials name no rule: %s", variant, found)
						}
						break paths
					}
				}
				applySuke(t, st, step.effects)
			}
		}
		if found == "" {
			t.Errorf("%s: no chain step's text matches %s", variant, want[variant])
			continue
		}
		t.Logf("%s: %.200s", variant, found)
	}
}

// TestJavaHashOrder: a rule's eliminations are taken in the order of a
// Java HashMap keyed by cell: by the cell's index modulo the table's size
// (16 for up to 12 cells, then 32, ...), then in the order they came.
func TestJavaHashOrder(t *testing.T) {
	c := func(cell, d int) Candidate { return Candidate{uint8(cell), uint8(d)} }
	ids := func(cands ...Candidate) []int {
		var out []int
		for _, x := range cands {
			out = append(out, candID(int(x.Cell), int(x.Digit)))
		}
		return out
	}
	for _, tc := range []struct {
		in, want []Candidate
	}{
		// r1c4 (3) and r2c9 (17): buckets 3 and 1.
		{[]Candidate{c(3, 5), c(17, 5)}, []Candidate{c(17, 5), c(3, 5)}},
		// One bucket (2 and 18): the order they came; a cell's digits
		// ascending, the cell where it first came.
		{[]Candidate{c(18, 4), c(2, 7), c(18, 1)}, []Candidate{c(18, 1), c(18, 4), c(2, 7)}},
		// Thirteen cells: a table of 32, so 40 (bucket 8) before 20.
		{[]Candidate{c(0, 1), c(1, 1), c(2, 1), c(3, 1), c(4, 1), c(5, 1), c(6, 1), c(7, 1), c(9, 1), c(10, 1),
			c(11, 1), c(20, 1), c(40, 1)},
			[]Candidate{c(0, 1), c(1, 1), c(2, 1), c(3, 1), c(4, 1), c(5, 1), c(6, 1), c(7, 1), c(40, 1), c(9, 1),
				c(10, 1), c(11, 1), c(20, 1)}},
	} {
		if got := javaHashOrder(tc.in); !slices.Equal(got, ids(tc.want...)) {
			t.Errorf("javaHashOrder(%v) = %v, want %v", tc.in, got, ids(tc.want...))
		}
	}
}

// combinedPuzzles makes minimal puzzles under variants that combine
// (SukE's data has none): a random grid under the rules, less givens in
// random order while the solution stays the only one. (The jigsaw of
// testdata takes x; with anti-knight the general solver finds no grid on
// it in minutes.)
func combinedPuzzles(t *testing.T, perRules int) []variantPuzzle {
	t.Helper()
	layout, err := os.ReadFile(filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	var out []variantPuzzle
	for _, spec := range []string{"x,anti-knight", "jigsaw,x", "windoku,x", "x,non-consecutive",
		"asterisk,anti-king", "disjoint-groups,windoku"} {
		regions := ""
		if strings.Contains(spec, "jigsaw") {
			regions = string(layout)
		}
		rules, err := sudoku.ParseRules(spec, regions)
		if err != nil {
			t.Fatal(err)
		}
		solver := solve.For(rules)
		for i := 0; i < perRules; i++ {
			sol := solver.RandomGrid(rng)
			// Givens removed in random order while the solution stays
			// the only one: a minimal puzzle.
			g := sol
			for _, cell := range rng.Perm(81) {
				g[cell] = 0
				if solver.Count(g, 2).Count != 1 {
					g[cell] = sol[cell]
				}
			}
			out = append(out, variantPuzzle{fmt.Sprintf("%s #%d", spec, i), rules, g, sol})
		}
	}
	return out
}
