package solve

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// variantNames are the variants of ../shared/data/variants, by file name.
var variantNames = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
	"anti-knight", "anti-king", "non-consecutive"}

// mustRules builds rules the test knows to be good.
func mustRules(tb testing.TB, spec, regions string) sudoku.Rules {
	tb.Helper()
	r, err := sudoku.ParseRules(spec, regions)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// loadVariant reads the calibration puzzles of a variant in ../shared.
func loadVariant(tb testing.TB, name string) []sudoku.Puzzle {
	tb.Helper()
	return loadShared(tb, "variants/"+name+".se.txt")
}

// TestSharedVariantsUnique: every calibration puzzle of
// ../shared/data/variants has exactly one solution under its variant's
// rules, which keeps them; as classic puzzles most have several.
func TestSharedVariantsUnique(t *testing.T) {
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			s := For(mustRules(t, name, ""))
			classicMultiple := 0
			puzzles := loadVariant(t, name)
			for _, p := range puzzles {
				r := s.Count(p.Grid, 2)
				if r.Count != 1 {
					t.Errorf("%s:%d: %d solutions under %s, want 1", p.Source, p.Line, r.Count, name)
					continue
				}
				if err := s.Rules().CheckSolution(p.Grid, r.Solution); err != nil {
					t.Errorf("%s:%d: solution %s: %v", p.Source, p.Line, r.Solution, err)
				}
				if Count(p.Grid, 2).Count > 1 {
					classicMultiple++
				}
			}
			if classicMultiple < len(puzzles)/2 {
				t.Errorf("only %d of %d puzzles have several classic solutions: are the rules used?", classicMultiple, len(puzzles))
			}
		})
	}
}

// TestTestdataVariants: the variant puzzles of testdata (in every clone)
// have one solution under their rules: the file's variant, or the rules a
// line of mixed.txt names.
func TestTestdataVariants(t *testing.T) {
	for _, name := range append(slices.Clone(variantNames), "jigsaw", "mixed") {
		rules := sudoku.Rules{}
		switch name {
		case "jigsaw":
			rules = mustRules(t, name, jigsawLayout)
		case "mixed":
		default:
			rules = mustRules(t, name, "")
		}
		f, err := os.Open(filepath.Join("..", "testdata", "puzzles", "variants", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		rd := sudoku.NewReader(f, name)
		rd.SetRules(rules)
		n := 0
		for p, err := range rd.All() {
			if err != nil {
				t.Fatal(err)
			}
			if r := For(p.Rules).Count(p.Grid, 2); r.Count != 1 || (name != "mixed" && !p.Rules.Equal(rules)) {
				t.Errorf("%s:%d: %d solutions under %s", p.Source, p.Line, r.Count, p.Rules)
			}
			n++
		}
		f.Close()
		if n < 4 {
			t.Errorf("%s: %d puzzles", name, n)
		}
	}
}

// loadUnder reads a file of puzzles under the given rules.
func loadUnder(tb testing.TB, path string, rules sudoku.Rules) []sudoku.Puzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rd := sudoku.NewReader(f, path)
	rd.SetRules(rules)
	var out []sudoku.Puzzle
	for p, err := range rd.All() {
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// jigsawLayout is a jigsaw's regions layout with no region a plain box:
// testdata/puzzles/variants/jigsaw.regions.
const jigsawLayout = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"

// ruleSpecs are the rules the tests solve under: each variant, jigsaw, and
// some combinations.
var ruleSpecs = append(slices.Clone(variantNames), "jigsaw", "x,anti-knight", "jigsaw,x", "windoku,x",
	"anti-king,anti-knight,non-consecutive", "disjoint-groups,asterisk,girandola")

// rulesOf builds the rules of a spec of ruleSpecs.
func rulesOf(tb testing.TB, spec string) sudoku.Rules {
	tb.Helper()
	if strings.Contains(spec, "jigsaw") {
		return mustRules(tb, spec, jigsawLayout)
	}
	return mustRules(tb, spec, "")
}

// TestGeneralAgreesWithTuned: on classic rules the general solver finds
// the tuned solver's counts, and the same solution when it is unique.
func TestGeneralAgreesWithTuned(t *testing.T) {
	g := generalClassic()
	sets := []struct {
		name  string
		n     int
		limit int
	}{
		{"norvig-top95.txt", 0, 2},
		{"norvig-easy50.txt", 0, 2},
		{"qqwing-sample220.se121.txt", 0, 2},
		{"royle-17clue-2000.txt", 300, 2},
		{"forum-hardest-1106.txt", 100, 2},
		{"magictour-top1465.txt", 100, 2},
		{"serg-multisolution-1000.txt", 200, 50},
	}
	for _, set := range sets {
		puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", set.name), set.n)
		for _, p := range puzzles {
			want, got := Count(p.Grid, set.limit), g.Count(p.Grid, set.limit)
			if got.Count != want.Count || (want.Count == 1 && got.Solution != want.Solution) {
				t.Errorf("%s:%d: general %d %s, tuned %d %s", set.name, p.Line, got.Count, got.Solution, want.Count, want.Solution)
			}
		}
	}
}

// TestGeneralAgainstReference compares the general solver's counts under
// every rule set with plain backtracking, on grids a few cells short of a
// solution (some unique, some not, some broken by a changed digit).
func TestGeneralAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, spec := range ruleSpecs {
		t.Run(spec, func(t *testing.T) {
			s := For(rulesOf(t, spec))
			compared := 0
			for k := range 30 {
				g := s.RandomGrid(rng)
				for _, c := range rng.Perm(81)[:25+k] {
					g[c] = 0
				}
				if k%5 == 4 {
					c := rng.IntN(81)
					g[c] = uint8(rng.IntN(9) + 1)
				}
				got := s.Count(g, 3)
				want, ok := referenceCountUnder(s.Rules(), g, nil, 3, 2e4)
				if ok && got.Count != want {
					t.Fatalf("%s: general %d, reference %d", g, got.Count, want)
				}
				if ok {
					compared++
				}
				if got.Count > 0 {
					if err := s.Rules().CheckSolution(g, got.Solution); err != nil {
						t.Fatalf("%s: solution %s: %v", g, got.Solution, err)
					}
				}
			}
			if compared < 20 {
				t.Errorf("the reference finished %d times of 30", compared)
			}
		})
	}
}

// TestGeneralCountsOnVariantFiles checks the general solver's counts on
// the variant files' puzzles with two clues taken out (one for jigsaw;
// most then have several solutions): they agree with plain backtracking wherever it
// finishes, and Each's solutions are distinct and keep the rules. The
// search's choices of where to branch are thus checked on the grids they
// were tuned on.
func TestGeneralCountsOnVariantFiles(t *testing.T) {
	sets := map[string][]sudoku.Puzzle{}
	for _, name := range variantNames {
		sets[name] = loadVariant(t, name)
	}
	jigsaw := mustRules(t, "jigsaw", jigsawLayout)
	sets["jigsaw"] = loadUnder(t, filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.txt"), jigsaw)
	for name, puzzles := range sets {
		t.Run(name, func(t *testing.T) {
			s := For(puzzles[0].Rules)
			if name != "jigsaw" {
				s = For(mustRules(t, name, ""))
			}
			compared, several := 0, 0
			for _, p := range puzzles {
				g := p.Grid
				out := 2 // the jigsaw puzzles have 15 clues: one out is enough
				if name == "jigsaw" {
					out = 1
				}
				for i, taken := 0, 0; i < 81 && taken < out; i++ {
					if g[i] != 0 {
						g[i], taken = 0, taken+1
					}
				}
				const limit = 20
				seen := map[sudoku.Grid]bool{}
				n := s.Each(g, limit, func(sol sudoku.Grid) bool {
					if err := s.Rules().CheckSolution(g, sol); err != nil {
						t.Errorf("%s:%d: solution %s: %v", p.Source, p.Line, sol, err)
					}
					seen[sol] = true
					return true
				})
				if got := s.Count(g, limit).Count; got != n || len(seen) != n {
					t.Errorf("%s:%d: Count %d, Each %d (%d distinct)", p.Source, p.Line, got, n, len(seen))
				}
				if want, ok := referenceCountUnder(s.Rules(), g, nil, limit, 2e4); ok {
					compared++
					if want != n {
						t.Errorf("%s:%d: general %d, reference %d", p.Source, p.Line, n, want)
					}
				}
				if n > 1 {
					several++
				}
			}
			// Plain backtracking rarely finishes on the sparse jigsaw
			// grids: TestGeneralAgainstReference compares jigsaw counts.
			if (name != "jigsaw" && compared < len(puzzles)/3) || several < len(puzzles)/4 {
				t.Errorf("compared %d, several solutions %d, of %d", compared, several, len(puzzles))
			}
		})
	}
}

// TestGeneralJigsawPointingFourPlaces: in a jigsaw, a region and a row can
// share more than three cells; where a digit's places in the region are
// four cells of one row, the rest of the row loses it (pointing, which
// eliminations once left to guesses past three places).
func TestGeneralJigsawPointingFourPlaces(t *testing.T) {
	tb := newTables(mustRules(t, "jigsaw", jigsawLayout))
	var s gstate
	var g sudoku.Grid
	if !s.init(tb, &g) {
		t.Fatal("empty grid refused")
	}
	// Region 1 is r1c1-c6, r2c1-c2 and r3c1; keep digit 1 there only on
	// r1c1-c4.
	for _, cell := range []int{4, 5, 9, 10, 18} {
		s.pos[0][cell>>6] &^= 1 << (cell & 63)
	}
	if !s.propagate(tb, tb.maxElim) {
		t.Fatal("propagate found a contradiction")
	}
	for cell := 4; cell < 9; cell++ {
		if s.pos[0][0]>>cell&1 != 0 {
			t.Errorf("r1c%d still holds 1, which region 1 takes to r1c1-c4", cell+1)
		}
	}
}

// TestGeneralRandomGrid: random grids keep the rules, come again with the
// same seed, and make minimal puzzles with one solution.
func TestGeneralRandomGrid(t *testing.T) {
	for _, spec := range ruleSpecs {
		t.Run(spec, func(t *testing.T) {
			s := For(rulesOf(t, spec))
			a := s.RandomGrid(rand.New(rand.NewPCG(7, uint64(len(spec)))))
			b := s.RandomGrid(rand.New(rand.NewPCG(7, uint64(len(spec)))))
			if a != b {
				t.Errorf("the same seed gives %s and %s", a, b)
			}
			if err := s.Rules().CheckSolution(sudoku.Grid{}, a); err != nil {
				t.Errorf("random grid %s: %v", a, err)
			}
			p := minimalPuzzle(s, rand.New(rand.NewPCG(8, 9)))
			if r := s.Count(p, 2); r.Count != 1 {
				t.Errorf("minimal puzzle %s has %d solutions", p, r.Count)
			}
			for c := range 81 {
				if p[c] != 0 {
					q := p
					q[c] = 0
					if s.Count(q, 2).Count != 2 {
						t.Fatalf("%s is not minimal: without %s it is still unique", p, sudoku.CellName(c))
					}
					break
				}
			}
		})
	}
}

// TestGeneralEachAndContext: Each visits distinct solutions under the
// rules, as many as Count finds; a done context stops a search.
func TestGeneralEachAndContext(t *testing.T) {
	s := For(mustRules(t, "x", ""))
	var g sudoku.Grid // empty: very many solutions
	seen := map[sudoku.Grid]bool{}
	n := s.Each(g, 20, func(sol sudoku.Grid) bool {
		if err := s.Rules().CheckSolution(g, sol); err != nil {
			t.Errorf("solution %s: %v", sol, err)
		}
		seen[sol] = true
		return true
	})
	if n != 20 || len(seen) != 20 || s.Count(g, 20).Count != 20 {
		t.Errorf("Each visited %d (%d distinct), want 20", n, len(seen))
	}
	if n := s.Each(g, 20, func(sudoku.Grid) bool { return false }); n != 1 {
		t.Errorf("Each went on after visit said stop: %d", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := s.CountStateContext(ctx, s.Rules().StateOf(g, nil), 1<<30)
	if !r.Stopped || r.Count >= 1<<30 {
		t.Errorf("a cancelled search: %+v", r)
	}
}

// TestSolverCheck: the report under a variant's rules: its conflicts,
// its unique solution, and the same puzzle's several classic ones.
func TestSolverCheck(t *testing.T) {
	x := For(mustRules(t, "x", ""))
	const puzzle = ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8." // x.se.txt's first
	g := mustGrid(t, puzzle)
	if rep := x.Check(sudoku.NewState(g), 2); rep.Status != Unique || x.Rules().CheckSolution(g, rep.Solution) != nil {
		t.Errorf("under x: %v %v %s", rep.Status, rep.Err, rep.Solution)
	}
	if rep := Check(sudoku.NewState(g), 2); rep.Status != Multiple {
		t.Errorf("as classic: %v", rep.Status)
	}
	bad := g
	bad[0], bad[40] = 6, 6 // r1c1 and r5c5, on diagonal 1, empty in the puzzle and free of 6 as classic cells
	rep := x.Check(x.Rules().StateOf(bad, nil), 2)
	if rep.Status != Invalid || rep.Err == nil || rep.Err.Error() != "digit 6 repeated in diagonal 1: r1c1 and r5c5" {
		t.Errorf("a conflict on a diagonal: %v %v", rep.Status, rep.Err)
	}
	st := x.Rules().StateOf(g, nil)
	for i := range 9 {
		st.Cands[i*10] = st.Cands[i*10].Without(2)
	}
	if rep := x.Check(st, 2); rep.Status != Unsolvable || rep.Err == nil || rep.Err.Error() != "no 2 left in diagonal 1" {
		t.Errorf("no room for 2 on a diagonal: %v %v", rep.Status, rep.Err)
	}
	if rep := For(sudoku.Rules{}).Check(sudoku.NewState(g), 2); rep.Status != Multiple {
		t.Errorf("For(classic): %v", rep.Status)
	}
}

// FuzzCountRules checks the general solver on arbitrary grids under rules
// picked by the first byte: on classic rules it agrees with the tuned
// solver (count, and the solution when unique); under any rules its
// solutions keep them and its counts agree with plain backtracking.
func FuzzCountRules(f *testing.F) {
	f.Add([]byte("\x00" + "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	f.Add([]byte("\x01" + ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8."))
	f.Add([]byte("\x07" + "8.........95.......76.........426798...571243...893165......916....3.487....1.532"))
	f.Add([]byte("\x0a11"))
	f.Add([]byte(""))
	specs := append([]string{""}, ruleSpecs...)
	solvers := make([]Solver, len(specs))
	for i, spec := range specs {
		solvers[i] = For(rulesOf(f, spec))
	}
	solvers[0] = generalClassic()
	f.Fuzz(func(t *testing.T, data []byte) {
		var g sudoku.Grid
		k := 0
		if len(data) > 0 {
			k, data = int(data[0])%len(solvers), data[1:]
		}
		for i := 0; i < len(data) && i < 81; i++ {
			if c := data[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		s := solvers[k]
		r := s.Count(g, 3)
		if r.Count > 0 {
			if err := s.Rules().CheckSolution(g, r.Solution); err != nil {
				t.Fatalf("%s under %s: solution %s: %v", g, s.Rules(), r.Solution, err)
			}
		}
		if k == 0 {
			if want := Count(g, 3); want.Count != r.Count || (want.Count == 1 && want.Solution != r.Solution) {
				t.Fatalf("%s: general %d %s, tuned %d %s", g, r.Count, r.Solution, want.Count, want.Solution)
			}
		}
		if ref, ok := referenceCountUnder(s.Rules(), g, nil, 3, 2e4); ok && ref != r.Count {
			t.Fatalf("%s under %s: general %d, reference %d", g, s.Rules(), r.Count, ref)
		}
	})
}

// minimalPuzzle makes a minimal puzzle under a solver's rules, as the
// variants' calibration puzzles were made: a random grid, then clues
// removed in random order while the solution stays unique.
func minimalPuzzle(s Solver, rng *rand.Rand) sudoku.Grid {
	g := s.RandomGrid(rng)
	for _, c := range rng.Perm(81) {
		v := g[c]
		g[c] = 0
		if s.Count(g, 2).Count != 1 {
			g[c] = v
		}
	}
	return g
}

// classicLike returns, for each puzzle, a minimal classic puzzle with as
// many clues (made as minimalPuzzle does; royle-17clue's for 17 clues or
// fewer, and the nearest count above when none has as many): the
// classic reference of "variant solve within 3x of classic per puzzle of
// the same clue count".
var classicLike = func() func(tb testing.TB, puzzles []sudoku.Puzzle) []sudoku.Grid {
	var once sync.Once
	byClues := map[int][]sudoku.Grid{}
	return func(tb testing.TB, puzzles []sudoku.Puzzle) []sudoku.Grid {
		once.Do(func() {
			for _, p := range loadTestdata(tb, "royle-17clue-2000.txt")[:200] {
				byClues[17] = append(byClues[17], p.Grid)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			for range 2000 {
				g := minimalPuzzle(Solver{}, rng)
				byClues[g.Givens()] = append(byClues[g.Givens()], g)
			}
		})
		used := map[int]int{}
		out := make([]sudoku.Grid, len(puzzles))
		for i, p := range puzzles {
			c := max(p.Grid.Givens(), 17)
			for len(byClues[c]) == 0 {
				c++
			}
			out[i] = byClues[c][used[c]%len(byClues[c])]
			used[c]++
		}
		return out
	}
}()

// classicByER returns, for each puzzle, a classic puzzle of testdata's
// Sudoku Explainer-rated sets (qqwing-sample220 and norvig-top95, ER
// 1.2-9.3) with the nearest ER (the first field of ER/EP/ED in the
// label), taking the puzzles of an ER in turn; nil when a puzzle has no
// rating.
func classicByER(tb testing.TB, puzzles []sudoku.Puzzle) []sudoku.Grid {
	type ratedGrid struct {
		er int // ER in tenths
		g  sudoku.Grid
	}
	var pool []ratedGrid
	for _, name := range []string{"qqwing-sample220.se121.txt", "norvig-top95.se121.txt"} {
		for _, p := range loadTestdata(tb, name) {
			if er, ok := labelER(p.Label); ok {
				pool = append(pool, ratedGrid{er, p.Grid})
			}
		}
	}
	used := map[int]int{}
	out := make([]sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		er, ok := labelER(p.Label)
		if !ok {
			return nil
		}
		best := -1
		for _, r := range pool {
			if d := abs(r.er - er); best < 0 || d < abs(best-er) {
				best = r.er
			}
		}
		var same []sudoku.Grid
		for _, r := range pool {
			if r.er == best {
				same = append(same, r.g)
			}
		}
		out[i] = same[used[best]%len(same)]
		used[best]++
	}
	return out
}

// labelER returns, in tenths, the ER of the first field of a label that
// reads ER/EP/ED (as 2.0/1.2/1.2 or ED=2.0/1.2/1.2).
func labelER(label string) (int, bool) {
	for _, f := range strings.Fields(label) {
		f = strings.TrimPrefix(f, "ED=")
		er, rest, ok := strings.Cut(f, "/")
		if !ok || strings.Count(rest, "/") != 1 {
			continue
		}
		whole, tenth, ok := strings.Cut(er, ".")
		if !ok || len(tenth) != 1 {
			continue
		}
		w, err1 := strconv.Atoi(whole)
		t, err2 := strconv.Atoi(tenth)
		if err1 == nil && err2 == nil {
			return 10*w + t, true
		}
	}
	return 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// benchmarkSolver is benchmarkSet through a Solver, and reports the mean
// number of clues of the set beside its speed.
func benchmarkSolver(b *testing.B, s Solver, puzzles []sudoku.Puzzle) {
	guesses, clues := 0, 0
	for _, p := range puzzles {
		clues += p.Grid.Givens()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range puzzles {
			r := s.Count(p.Grid, 2)
			guesses += r.Guesses
		}
	}
	n := float64(b.N * len(puzzles))
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
	b.ReportMetric(float64(clues)/float64(len(puzzles)), "clues/puzzle")
}

// BenchmarkVariants solves the calibration puzzles of each variant of
// ../shared/data/variants (and testdata's jigsaw puzzles, on the layout of
// jigsaw.regions) with the variant solver (counting to 2), and,
// interleaved, minimal classic puzzles of the same clue counts with the
// tuned solver: classic-ns/puzzle is theirs, x-classic the ratio, and
// x-classic-cpu the ratio of the thread's CPU times (on Linux; steadier
// than wall time on a machine that runs other work). Beside it,
// x-classic-er-cpu is the same ratio against classic puzzles of the same
// Explainer rating (ER) instead of the same clue count (see classicByER;
// not for jigsaw, whose puzzles are not rated): the calibration puzzles
// are spread evenly over ER 1.2-10, while random minimal classic puzzles
// are mostly easy. cpu-ns/puzzle is the variant solver's own CPU time per
// puzzle, which a change to the classic solver alone leaves alone.
func BenchmarkVariants(b *testing.B) {
	for _, name := range append(slices.Clone(variantNames), "jigsaw") {
		b.Run(name, func(b *testing.B) {
			var puzzles []sudoku.Puzzle
			var s Solver
			if name == "jigsaw" {
				s = For(mustRules(b, name, jigsawLayout))
				puzzles = loadUnder(b, filepath.Join("..", "testdata", "puzzles", "variants", "jigsaw.txt"), s.Rules())
			} else {
				puzzles = loadVariant(b, name)
				s = For(mustRules(b, name, ""))
			}
			classic := classicLike(b, puzzles)
			rated := classicByER(b, puzzles)
			clues, guesses := 0, 0
			for _, p := range puzzles {
				clues += p.Grid.Givens()
			}
			var variant, tuned, variantCPU, tunedCPU, ratedCPU time.Duration
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ResetTimer()
			for range b.N {
				start, startCPU := time.Now(), threadCPU()
				for _, p := range puzzles {
					guesses += s.Count(p.Grid, 2).Guesses
				}
				mid, midCPU := time.Now(), threadCPU()
				for _, g := range classic {
					Count(g, 2)
				}
				variant += mid.Sub(start)
				tuned += time.Since(mid)
				variantCPU += midCPU - startCPU
				endCPU := threadCPU()
				tunedCPU += endCPU - midCPU
				for _, g := range rated {
					Count(g, 2)
				}
				ratedCPU += threadCPU() - endCPU
			}
			n := float64(b.N * len(puzzles))
			b.ReportMetric(n/variant.Seconds(), "puzzles/s")
			b.ReportMetric(float64(variant.Nanoseconds())/n, "ns/puzzle")
			b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
			b.ReportMetric(float64(clues)/float64(len(puzzles)), "clues/puzzle")
			b.ReportMetric(float64(tuned.Nanoseconds())/n, "classic-ns/puzzle")
			b.ReportMetric(variant.Seconds()/tuned.Seconds(), "x-classic")
			b.ReportMetric(variantCPU.Seconds()/tunedCPU.Seconds(), "x-classic-cpu")
			if rated != nil {
				b.ReportMetric(variantCPU.Seconds()/ratedCPU.Seconds(), "x-classic-er-cpu")
			}
			b.ReportMetric(float64(variantCPU.Nanoseconds())/n, "cpu-ns/puzzle")
		})
	}
}

// generalClassic is the general solver on classic rules, which For never
// gives (classic rules go to the tuned solver): for cross-checks and
// benchmarks.
func generalClassic() Solver { return Solver{t: newTables(sudoku.Rules{})} }

// BenchmarkGeneralClassic solves classic sets of testdata with the general
// solver, beside the tuned solver's figures of the same sets.
func BenchmarkGeneralClassic(b *testing.B) {
	for _, name := range []string{"royle-17clue-2000.txt", "norvig-top95.txt", "qqwing-sample220.se121.txt", "norvig-easy50.txt"} {
		b.Run(name, func(b *testing.B) { benchmarkSolver(b, generalClassic(), loadTestdata(b, name)) })
		b.Run(name+"/tuned", func(b *testing.B) { benchmarkSolver(b, Solver{}, loadTestdata(b, name)) })
	}
}
