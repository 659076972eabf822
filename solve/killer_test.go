package solve

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// killerFiles are the public killers of testdata/puzzles/killer (their
// sources are named in each file).
var killerFiles = []string{"extreme-ps.txt", "hs-zero-ps.txt", "tarek-arrows.txt", "mathemagic-arrows.txt"}

func loadKillers(tb testing.TB) []sudoku.Puzzle {
	tb.Helper()
	var out []sudoku.Puzzle
	for _, name := range killerFiles {
		out = append(out, testenv.Puzzles(tb, filepath.Join("..", "testdata", "puzzles", "killer", name), 0)...)
	}
	return out
}

// TestKillerPublic: the public killers have one solution, the one their
// source gives when it gives one, and it keeps the cages. The hardest
// (the extreme, Mathemagic's, the last of tarek's) take the solver
// seconds to minutes each: they are left to BenchmarkKiller/hardest; -short
// keeps the quickest.
func TestKillerPublic(t *testing.T) {
	n := 0
	for _, p := range loadKillers(t) {
		if slow(p, testing.Short()) {
			continue
		}
		n++
		rep := For(p.Rules).Check(p.State(), 2)
		if rep.Status != Unique {
			t.Errorf("%s:%d: %s (%d solutions), want unique: %v", p.Source, p.Line, rep.Status, rep.Count, rep.Err)
			continue
		}
		if len(p.Label) == 81 && rep.Solution.String() != p.Label {
			t.Errorf("%s:%d: solution %s, want %s", p.Source, p.Line, rep.Solution, p.Label)
		}
	}
	if n < 15 {
		t.Errorf("%d public killers checked", n)
	}
}

// slow reports whether a public killer takes the solver long: over a
// second (over 50ms with short).
func slow(p sudoku.Puzzle, short bool) bool {
	switch filepath.Base(p.Source) {
	case "extreme-ps.txt", "mathemagic-arrows.txt":
		return true
	case "hs-zero-ps.txt":
		return p.Line == 10 || short && (p.Line == 9 || p.Line == 13)
	case "tarek-arrows.txt":
		return p.Line == 40 || p.Line == 42 || p.Line >= 44 || short && p.Line > 13
	}
	panic("slow: unknown file " + p.Source)
}

// refKiller is a reference counter that shares no code with the killer
// solver: backtracking on the empty cell with the fewest digits left,
// with its own masks of the digits in each row, column, box (and
// diagonal for killer-x) and cage, checking each cage as it fills: no
// repeat, and a sum that the cage's empty cells can still reach with
// digits it does not hold (the smallest and the largest they could add).
type refKiller struct {
	x         bool
	cageOf    [81]int
	sum, size []int
	limit     int
	count     int
	first     sudoku.Grid
	g         sudoku.Grid
	row, col  [9]uint16
	box       [9]uint16
	diag      [2]uint16
	inCage    []uint16 // each cage's digits so far
	partial   []int    // and their sum
	filled    []int    // and how many
}

func newRefKiller(cages []sudoku.Cage, x bool) *refKiller {
	r := &refKiller{x: x}
	for i := range r.cageOf {
		r.cageOf[i] = -1
	}
	for i, c := range cages {
		r.sum = append(r.sum, c.Sum)
		r.size = append(r.size, len(c.Cells))
		for _, cell := range c.Cells {
			r.cageOf[cell] = i
		}
	}
	r.inCage = make([]uint16, len(cages))
	r.partial = make([]int, len(cages))
	r.filled = make([]int, len(cages))
	return r
}

func (r *refKiller) ok(cell int, d int) bool {
	bit := uint16(1) << d
	row, col := cell/9, cell%9
	if (r.row[row]|r.col[col]|r.box[row/3*3+col/3])&bit != 0 {
		return false
	}
	if r.x && (row == col && r.diag[0]&bit != 0 || row+col == 8 && r.diag[1]&bit != 0) {
		return false
	}
	k := r.cageOf[cell]
	if k < 0 {
		return true
	}
	if r.inCage[k]&bit != 0 {
		return false
	}
	need := r.sum[k] - r.partial[k] - d
	left := r.size[k] - r.filled[k] - 1
	lo, hi, n := 0, 0, 0
	for e := 1; e <= 9 && n < left; e++ {
		if (r.inCage[k]|bit)&(1<<e) == 0 {
			lo += e
			n++
		}
	}
	n = 0
	for e := 9; e >= 1 && n < left; e-- {
		if (r.inCage[k]|bit)&(1<<e) == 0 {
			hi += e
			n++
		}
	}
	return n == left && need >= lo && need <= hi
}

// run counts the solutions of a grid of givens up to limit.
func (r *refKiller) run(g sudoku.Grid, limit int) int {
	r.limit, r.count = limit, 0
	for c, v := range g {
		if v == 0 {
			continue
		}
		if !r.ok(c, int(v)) {
			return 0
		}
		r.put(c, int(v))
	}
	r.search()
	return r.count
}

func (r *refKiller) put(c, d int) {
	bit := uint16(1) << d
	row, col := c/9, c%9
	r.g[c] = uint8(d)
	r.row[row] |= bit
	r.col[col] |= bit
	r.box[row/3*3+col/3] |= bit
	if r.x && row == col {
		r.diag[0] |= bit
	}
	if r.x && row+col == 8 {
		r.diag[1] |= bit
	}
	if k := r.cageOf[c]; k >= 0 {
		r.inCage[k] |= bit
		r.partial[k] += d
		r.filled[k]++
	}
}

func (r *refKiller) take(c int) {
	d := int(r.g[c])
	bit := uint16(1) << d
	row, col := c/9, c%9
	r.g[c] = 0
	r.row[row] &^= bit
	r.col[col] &^= bit
	r.box[row/3*3+col/3] &^= bit
	if r.x && row == col {
		r.diag[0] &^= bit
	}
	if r.x && row+col == 8 {
		r.diag[1] &^= bit
	}
	if k := r.cageOf[c]; k >= 0 {
		r.inCage[k] &^= bit
		r.partial[k] -= d
		r.filled[k]--
	}
}

func (r *refKiller) search() {
	best, bestN := -1, 10
	for c := range 81 {
		if r.g[c] != 0 {
			continue
		}
		n := 0
		for d := 1; d <= 9; d++ {
			if r.ok(c, d) {
				n++
			}
		}
		if n < bestN {
			best, bestN = c, n
		}
	}
	if best < 0 {
		if r.count == 0 {
			r.first = r.g
		}
		r.count++
		return
	}
	for d := 1; d <= 9 && r.count < r.limit; d++ {
		if r.ok(best, d) {
			r.put(best, d)
			r.search()
			r.take(best)
		}
	}
}

// randomKiller makes a killer from a random solution grid: cages of 1 to
// maxSize connected cells grown at random, no digit twice in a cage, and
// givens: the cells of a random few (none when givens is 0).
func randomKiller(rng *rand.Rand, x bool, maxSize, givens int) (sudoku.Rules, sudoku.Grid, sudoku.Grid) {
	base := sudoku.Rules{}
	if x {
		base, _ = sudoku.ParseRules("x", "")
	}
	sol := For(base).RandomGrid(rng)
	var cages []sudoku.Cage
	var taken [81]bool
	for _, start := range rng.Perm(81) {
		if taken[start] {
			continue
		}
		want := 1 + rng.IntN(maxSize)
		cells := []int{start}
		used := 1 << sol[start]
		taken[start] = true
		for len(cells) < want {
			var next []int
			for _, c := range cells {
				for _, n := range []int{c - 9, c + 9, c - 1, c + 1} {
					if n < 0 || n > 80 || (n == c-1 || n == c+1) && n/9 != c/9 || taken[n] || used&(1<<sol[n]) != 0 {
						continue
					}
					next = append(next, n)
				}
			}
			if len(next) == 0 {
				break
			}
			n := next[rng.IntN(len(next))]
			cells = append(cells, n)
			used |= 1 << sol[n]
			taken[n] = true
		}
		sum := 0
		for _, c := range cells {
			sum += int(sol[c])
		}
		cages = append(cages, sudoku.Cage{Sum: sum, Cells: cells})
	}
	rules, err := base.WithCages(cages)
	if err != nil {
		panic(err)
	}
	var g sudoku.Grid
	for _, c := range rng.Perm(81)[:givens] {
		g[c] = sol[c]
	}
	return rules, g, sol
}

// TestKillerAgainstReference: on random killers, with and without
// givens, killer and killer-x, the solver's count (to 2) and solution
// agree with the reference counter's, and every solution keeps the
// rules.
func TestKillerAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	n := 200
	if testing.Short() {
		n = 40
	}
	unique := 0
	for i := range n {
		x := i%3 == 2
		size, givens := 2+i%5, []int{0, 0, 3, 10}[i%4]
		if size == 6 {
			givens = 12 // the reference takes up to minutes on some cages of 6 without givens
		}
		rules, g, sol := randomKiller(rng, x, size, givens)
		compareKiller(t, rules, g, x)
		r := For(rules).Count(g, 2)
		if r.Count == 1 {
			unique++
			if r.Solution != sol {
				t.Fatalf("unique killer solved as %s, made from %s", r.Solution, sol)
			}
		}
	}
	if unique < n/10 {
		t.Errorf("%d of %d random killers unique: the test barely checks solutions", unique, n)
	}
}

// compareKiller checks the solver against the reference on one killer.
func compareKiller(t *testing.T, rules sudoku.Rules, g sudoku.Grid, x bool) {
	t.Helper()
	ref := newRefKiller(rules.Cages(), x)
	want := ref.run(g, 2)
	got := For(rules).Count(g, 2)
	if got.Count != want {
		t.Fatalf("%s %s: %d solutions, the reference finds %d", g, rules.Label(), got.Count, want)
	}
	if got.Count > 0 {
		if err := rules.CheckSolution(g, got.Solution); err != nil {
			t.Fatalf("%s %s: solution %s: %v", g, rules.Label(), got.Solution, err)
		}
	}
	if want == 1 && got.Solution != ref.first {
		t.Fatalf("%s %s: solution %s, the reference's %s", g, rules.Label(), got.Solution, ref.first)
	}
}

// FuzzKiller compares the solver with the reference on random killers
// drawn from the fuzzer's seeds.
func FuzzKiller(f *testing.F) {
	f.Add(uint64(1), uint8(4), uint8(0), false)
	f.Add(uint64(2), uint8(6), uint8(5), true)
	f.Fuzz(func(t *testing.T, seed uint64, size, givens uint8, x bool) {
		rng := rand.New(rand.NewPCG(seed, 35))
		rules, g, _ := randomKiller(rng, x, 1+int(size%5), int(givens%20)) // cages of 6 without givens can take the reference minutes
		compareKiller(t, rules, g, x)
	})
}

// TestKillerState: candidates given with the puzzle restrict it, and a
// cancelled context stops the count.
func TestKillerState(t *testing.T) {
	p := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "killer", "sample.txt"), 1)[0]
	k := For(p.Rules)
	sol, ok := k.Solve(p.Grid)
	if !ok {
		t.Fatal("no solution")
	}
	st := p.State()
	st.Cands[0] &^= 1 << sol[0]
	if r := k.CountState(st, 2); r.Count != 0 {
		t.Errorf("without its digit at r1c1: %d solutions, want none", r.Count)
	}
	n := k.Each(sudoku.Grid{}, 5, func(sudoku.Grid) bool { return true })
	if n != 1 {
		t.Errorf("Each: %d, want 1", n)
	}
}

// BenchmarkKiller proves each public killer unique (count to 2), none
// with givens, and random killers of testdata's kind; -cpu 1.
func BenchmarkKiller(b *testing.B) {
	var quick, hard []sudoku.Puzzle
	for _, p := range loadKillers(b) {
		switch {
		case !slow(p, true):
			quick = append(quick, p)
		case !slow(p, false):
			hard = append(hard, p)
		}
	}
	b.Run("public-quick", func(b *testing.B) { benchmarkKillers(b, quick) })
	b.Run("public-hard", func(b *testing.B) { benchmarkKillers(b, hard) })
	rng := rand.New(rand.NewPCG(35, 2))
	var made []sudoku.Puzzle
	for len(made) < 200 {
		rules, g, _ := randomKiller(rng, false, 5, 0)
		if For(rules).Count(g, 2).Count == 1 {
			made = append(made, sudoku.Puzzle{Grid: g, Rules: rules})
		}
	}
	b.Run("random", func(b *testing.B) { benchmarkKillers(b, made) })
}

func benchmarkKillers(b *testing.B, puzzles []sudoku.Puzzle) {
	solvers := make([]Solver, len(puzzles))
	for i, p := range puzzles {
		solvers[i] = For(p.Rules)
	}
	guesses := 0
	b.ResetTimer()
	for range b.N {
		for i, p := range puzzles {
			guesses += solvers[i].Count(p.Grid, 2).Guesses
		}
	}
	n := float64(b.N * len(puzzles))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/puzzle")
	b.ReportMetric(float64(guesses)/n, "guesses/puzzle")
}

// TestForTakesCages: For hands rules with cages to the killer solver, so
// that every caller of For counts a killer's solutions under its sums (the
// general solver knows cage-mates as peers but not the sums, and finds
// many solutions to a killer with no givens).
func TestForTakesCages(t *testing.T) {
	for _, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "killer", "sample.txt"), 0) {
		s := For(p.Rules)
		if r := s.Count(p.Grid, 2); r.Count != 1 {
			t.Fatalf("%s:%d: For's solver counts %d solutions, want 1", p.Source, p.Line, r.Count)
		}
		if g := s.RandomGrid(nil); p.Rules.CheckSolution(p.Grid, g) != nil {
			t.Errorf("%s:%d: RandomGrid under cages is not a solution: %v", p.Source, p.Line, p.Rules.CheckSolution(p.Grid, g))
		}
		if n := s.Each(p.Grid, 5, func(sudoku.Grid) bool { return true }); n != 1 {
			t.Errorf("%s:%d: Each visits %d solutions, want 1", p.Source, p.Line, n)
		}
	}
}

// TestCageCounterMatchesFor: a CageCounter reused over many killers builds
// the same tables as For(rules) does for each (so it counts alike), with
// x and non-consecutive under the cages too.
func TestCageCounterMatchesFor(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 9))
	counters := map[bool]*CageCounter{}
	for _, x := range []bool{false, true} {
		base := sudoku.Rules{}
		if x {
			base, _ = sudoku.ParseRules("x", "")
		}
		k, err := NewCageCounter(base)
		if err != nil {
			t.Fatal(err)
		}
		if n := k.Count(sudoku.Grid{}, 2).Count; n != 2 {
			t.Fatalf("a counter without cages counts %d solutions of the empty grid, want 2 (the limit)", n)
		}
		counters[x] = k
	}
	for i := range 300 {
		x := i%2 == 1
		rules, g, _ := randomKiller(rng, x, 1+i%6, i%7)
		k := counters[x]
		cages := make([]sudoku.Cage, rules.NumCages())
		for j := range cages {
			cages[j] = rules.Cage(j)
		}
		k.SetCages(cages)
		want := newKTables(rules)
		got := k.t
		got.sets, want.sets = nil, nil
		got.cages, want.cages = nil, nil
		if !reflect.DeepEqual(&got, want) {
			t.Fatalf("killer %d (%s): the counter's tables differ from For's", i, rules.Label())
		}
		if a, b := k.Count(g, 2), For(rules).Count(g, 2); a != b {
			t.Fatalf("killer %d: counter %+v, For %+v", i, a, b)
		}
	}
	nc, err := sudoku.ParseRules("non-consecutive", "")
	if err != nil || !nc.HasPair(sudoku.NonConsecutive) {
		t.Fatal(err)
	}
	k, _ := NewCageCounter(nc)
	cages := []sudoku.Cage{{Sum: 3, Cells: []int{0, 1}}, {Sum: 17, Cells: []int{40, 41}}}
	k.SetCages(cages)
	rules, err := nc.WithCages(cages)
	if err != nil {
		t.Fatal(err)
	}
	got, want := k.t, newKTables(rules)
	got.sets, want.sets, got.cages, want.cages = nil, nil, nil, nil
	if !reflect.DeepEqual(&got, want) {
		t.Fatal("non-consecutive killer: the counter's tables differ from For's")
	}
	if _, err := NewCageCounter(rules); err == nil {
		t.Error("NewCageCounter took rules with cages")
	}
}

// TestRuleOf45Sums checks the killer tables' sum constraints against a
// plain reading of the rule of 45: the cages, then per house and per band
// of 2 to 8 rows or columns, each cage tested against the area, the
// innies (the area less the cages within it) and outies (the cages that
// meet it, less the area, when they cover it).
func TestRuleOf45Sums(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 1))
	for i := range 300 {
		rules, _, _ := randomKiller(rng, i%2 == 1, 1+i%6, 0)
		type sum struct {
			set   sudoku.CellSet
			sum   int
			loose bool
		}
		var want []sum
		add := func(set sudoku.CellSet, s int, loose bool) {
			if len(want) == maxSums || set.Empty() || set.Count() > 9 || loose && set.Count() > maxLoose {
				return
			}
			for _, o := range want {
				if o.set == set {
					return
				}
			}
			want = append(want, sum{set, s, loose})
		}
		see := func(set sudoku.CellSet) bool {
			for a := range set.All() {
				for b := range set.All() {
					if a != b && !rules.Sees(a, b) {
						return false
					}
				}
			}
			return true
		}
		for k := range rules.NumCages() {
			add(rules.Cage(k).Set(), rules.Cage(k).Sum, false)
		}
		area := func(a sudoku.CellSet, lines int) {
			var inner, outer sudoku.CellSet
			innerSum, outerSum := 0, 0
			for k := range rules.NumCages() {
				c := rules.Cage(k)
				if c.Set().Intersect(a) == c.Set() {
					inner, innerSum = inner.Union(c.Set()), innerSum+c.Sum
				}
				if !c.Set().Intersect(a).Empty() {
					outer, outerSum = outer.Union(c.Set()), outerSum+c.Sum
				}
			}
			if rest := a.Minus(inner); !inner.Empty() && !rest.Empty() {
				add(rest, 45*lines-innerSum, !see(rest))
			}
			if out := outer.Minus(a); a.Minus(outer).Empty() && !out.Empty() {
				add(out, outerSum-45*lines, !see(out))
			}
		}
		for h := range rules.NumHouses() {
			area(rules.HouseCells(h), 1)
		}
		for first := range 9 {
			for last := first + 1; last < 9 && last-first < 8; last++ {
				var rows, cols sudoku.CellSet
				for l := first; l <= last; l++ {
					rows, cols = rows.Union(rules.HouseCells(l)), cols.Union(rules.HouseCells(9+l))
				}
				area(rows, last-first+1)
				area(cols, last-first+1)
			}
		}
		got := newKTables(rules).sums
		if len(got) != len(want) {
			t.Fatalf("killer %d (%s): %d sum constraints, want %d", i, rules.Label(), len(got), len(want))
		}
		for j, w := range want {
			g := got[j]
			var set sudoku.CellSet
			for _, c := range g.cells[:g.n] {
				set.Add(int(c))
			}
			if set != w.set || int(g.sum) != w.sum || g.loose != w.loose {
				t.Fatalf("killer %d (%s): sum constraint %d is %v=%d loose %v, want %v=%d loose %v", i, rules.Label(), j, set, g.sum, g.loose, w.set, w.sum, w.loose)
			}
		}
	}
}
