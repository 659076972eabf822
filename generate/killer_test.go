package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// killerCounter counts a killer's solutions with no code of the solve
// package: a backtracking over the cages, each filled at once with one of
// the orders of distinct digits that make its sum (listed up front), the
// cage with the fewest orders that fit the rows, columns, boxes (and
// diagonals with x) first.
type killerCounter struct {
	x      bool
	cages  [][]int
	orders [][][]int
	used   [4][9]uint16 // rows, columns, boxes, diagonals: digits placed
	done   []bool
	found  int
	limit  int
}

func countKiller(cages []sudoku.Cage, x bool, givens sudoku.Grid, limit int) int {
	k := &killerCounter{x: x, limit: limit}
	for _, cage := range cages {
		var orders [][]int
		order := make([]int, len(cage.Cells))
		var fill func(i, sum int, used uint16)
		fill = func(i, sum int, used uint16) {
			if i == len(order) {
				if sum == cage.Sum {
					orders = append(orders, slices.Clone(order))
				}
				return
			}
			for d := 1; d <= 9; d++ {
				g := int(givens[cage.Cells[i]])
				if used&(1<<d) == 0 && sum+d <= cage.Sum && (g == 0 || g == d) {
					order[i] = d
					fill(i+1, sum+d, used|1<<d)
				}
			}
		}
		fill(0, 0, 0)
		k.cages = append(k.cages, cage.Cells)
		k.orders = append(k.orders, orders)
	}
	k.done = make([]bool, len(k.cages))
	k.search(0)
	return k.found
}

// houses returns the houses of a cell: row, column, box and diagonal
// (-1: none; 0 the main diagonal, 1 the anti-diagonal, 2 both).
func (k *killerCounter) houses(c int) (r, col, b, diag int) {
	r, col = c/9, c%9
	b, diag = r/3*3+col/3, -1
	if k.x {
		switch {
		case r == col && r+col == 8:
			diag = 2
		case r == col:
			diag = 0
		case r+col == 8:
			diag = 1
		}
	}
	return
}

// fits reports whether an order of digits fits cells.
func (k *killerCounter) fits(cells, order []int) bool {
	for i, c := range cells {
		r, col, b, diag := k.houses(c)
		m := k.used[0][r] | k.used[1][col] | k.used[2][b]
		if diag == 0 || diag == 2 {
			m |= k.used[3][0]
		}
		if diag == 1 || diag == 2 {
			m |= k.used[3][1]
		}
		if m&(1<<order[i]) != 0 {
			return false
		}
		// Two cells of the cage in one house must differ: they do, as
		// an order holds distinct digits.
	}
	return true
}

// put places an order in cells, or removes it when it is there.
func (k *killerCounter) put(cells, order []int) {
	for i, c := range cells {
		r, col, b, diag := k.houses(c)
		bit := uint16(1) << order[i]
		for _, h := range [][2]int{{0, r}, {1, col}, {2, b}} {
			k.used[h[0]][h[1]] ^= bit
		}
		if diag == 0 || diag == 2 {
			k.used[3][0] ^= bit
		}
		if diag == 1 || diag == 2 {
			k.used[3][1] ^= bit
		}
	}
}

func (k *killerCounter) search(placed int) {
	if placed == len(k.cages) {
		k.found++
		return
	}
	best, bestN := -1, 1<<30
	for i := range k.cages {
		if k.done[i] {
			continue
		}
		n := 0
		for _, o := range k.orders[i] {
			if n >= bestN {
				break
			}
			if k.fits(k.cages[i], o) {
				n++
			}
		}
		if n < bestN {
			best, bestN = i, n
		}
	}
	if bestN == 0 {
		return
	}
	k.done[best] = true
	for _, o := range k.orders[best] {
		if k.found >= k.limit {
			break
		}
		if k.fits(k.cages[best], o) {
			k.put(k.cages[best], o)
			k.search(placed + 1)
			k.put(k.cages[best], o)
		}
	}
	k.done[best] = false
}

// TestKillerCounter checks the test's counter against the solver on
// random cage layouts before their repair, unique or not.
func TestKillerCounter(t *testing.T) {
	g, _ := Killers(KillerOptions{})
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[int]int{}
	for range 8 {
		sol := g.base.RandomGrid(rng)
		l := killerLayout{sol: &sol}
		if !g.cover(&l, rng, everyCell()) {
			continue
		}
		rules, err := sudoku.Rules{}.WithCages(l.cages())
		if err != nil {
			t.Fatal(err)
		}
		want := solve.For(rules).Count(sudoku.Grid{}, 2).Count
		if got := countKiller(rules.Cages(), false, sudoku.Grid{}, 2); got != want {
			t.Fatalf("%s: the counter finds %d solutions, the solver %d", rules.Label(), got, want)
		}
		seen[want]++
	}
	if seen[1] == 0 || seen[2] == 0 {
		t.Fatalf("solutions of the layouts: %v; want unique and not unique ones", seen)
	}
}

// checkKiller checks a killer's shape and uniqueness, by the counter.
func checkKiller(t *testing.T, p KillerPuzzle, x bool, minCage, maxCage, givens int) {
	t.Helper()
	var covered [81]bool
	for _, cage := range p.Rules.Cages() {
		if n := len(cage.Cells); n < minCage || n > maxCage {
			t.Fatalf("puzzle %d: %s has %d cells, want %d-%d", p.Index, cage.Name(), n, minCage, maxCage)
		}
		sum, digits := 0, sudoku.Digits(0)
		for _, c := range cage.Cells {
			covered[c] = true
			d := p.Solution[c]
			if digits.Has(int(d)) {
				t.Fatalf("puzzle %d: %s repeats %d", p.Index, cage.Name(), d)
			}
			digits = digits.With(int(d))
			sum += int(d)
		}
		if sum != cage.Sum {
			t.Fatalf("puzzle %d: %s adds up to %d in the solution", p.Index, cage.Name(), sum)
		}
		if !cageConnected(cage.Cells) {
			t.Fatalf("puzzle %d: %s is not orthogonally connected: %v", p.Index, cage.Name(), cage.Cells)
		}
	}
	for c, ok := range covered {
		if !ok {
			t.Fatalf("puzzle %d: %s is in no cage", p.Index, sudoku.CellName(c))
		}
	}
	if n := p.Grid.Givens(); n != givens {
		t.Fatalf("puzzle %d: %d givens, want %d", p.Index, n, givens)
	}
	for c, v := range p.Grid {
		if v != 0 && v != p.Solution[c] {
			t.Fatalf("puzzle %d: given %d at %s, the solution has %d", p.Index, v, sudoku.CellName(c), p.Solution[c])
		}
	}
	if n := countKiller(p.Rules.Cages(), x, p.Grid, 2); n != 1 {
		t.Fatalf("puzzle %d: the counter finds %d solutions: %s %s", p.Index, n, p.Grid, p.Rules.Label())
	}
}

// cageConnected reports whether cells are orthogonally connected.
func cageConnected(cells []int) bool {
	seen := map[int]bool{cells[0]: true}
	queue := []int{cells[0]}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range cells {
			if dr, dc := d/9-c/9, d%9-c%9; dr*dr+dc*dc == 1 && !seen[d] {
				seen[d] = true
				queue = append(queue, d)
			}
		}
	}
	return len(seen) == len(cells)
}

func TestKillers(t *testing.T) {
	x, _ := sudoku.ParseRules("x", "")
	for _, tc := range []struct {
		name             string
		rules            sudoku.Rules
		min, max, givens int
		x                bool
	}{
		{name: "killer", min: 2, max: 6},
		{name: "killer-x", rules: x, min: 2, max: 6, x: true},
		{name: "ones allowed", min: 1, max: 4},
		{name: "small cages", min: 2, max: 4},
		{name: "givens", min: 2, max: 6, givens: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := KillerOptions{Rules: tc.rules, Seed: 11, Givens: tc.givens}
			if tc.min != 2 || tc.max != 6 {
				opt.MinCage, opt.MaxCage = tc.min, tc.max
			}
			g, err := Killers(opt)
			if err != nil {
				t.Fatal(err)
			}
			n := 12
			if testing.Short() {
				n = 4
			}
			cells, cages := 0, 0
			sizes := map[int]int{}
			_, err = g.Run(context.Background(), RunOptions{Count: n, Workers: 2}, func(p KillerPuzzle) error {
				checkKiller(t, p, tc.x, tc.min, tc.max, tc.givens)
				if !p.Rules.Has("killer") || p.Rules.Has("x") != tc.x {
					t.Fatalf("puzzle %d: rules %s", p.Index, p.Rules)
				}
				for _, c := range p.Rules.Cages() {
					cells += len(c.Cells)
					sizes[len(c.Cells)]++
					cages++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			mean := float64(cells) / float64(cages)
			t.Logf("%d cages a puzzle, mean size %.2f, sizes %v", cages/n, mean, sizes)
			if tc.min == 2 && tc.max == 6 && (mean < 2 || mean > 3.5) {
				t.Errorf("mean cage size %.2f, want 2-3.5 as published killers", mean)
			}
			if tc.min == 1 && sizes[1] == 0 {
				t.Errorf("no cage of one cell in %d killers with --cage-size 1-4", n)
			}
		})
	}
}

// TestKillersReproducible checks that a seed gives the same killers on 1
// and 2 workers, and other killers with another seed.
func TestKillersReproducible(t *testing.T) {
	run := func(seed uint64, workers int) []string {
		g, err := Killers(KillerOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		_, err = g.Run(context.Background(), RunOptions{Count: 6, Workers: workers}, func(p KillerPuzzle) error {
			out = append(out, fmt.Sprintf("%s %s", p.Grid, p.Rules.Label()))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, two := run(3, 1), run(3, 2)
	if !slices.Equal(one, two) {
		t.Fatalf("seed 3 on 1 and 2 workers:\n%v\n%v", one, two)
	}
	if other := run(4, 2); slices.Equal(one, other) {
		t.Fatal("seeds 3 and 4 made the same killers")
	}
}

func TestKillersOptions(t *testing.T) {
	l := BoxLayout()
	jigsaw, _ := sudoku.ParseRules("jigsaw", l.String())
	for _, opt := range []KillerOptions{
		{MinCage: 5, MaxCage: 3},
		{MaxCage: 10},
		{Givens: 81},
		{Rules: jigsaw},
	} {
		if _, err := Killers(opt); !errors.Is(err, sudoku.ErrInvalid) {
			t.Errorf("%+v: error %v, want ErrInvalid", opt, err)
		}
	}
	for s, want := range map[string][2]int{"2-6": {2, 6}, "1-4": {1, 4}, "3": {3, 3}} {
		lo, hi, err := ParseCageSize(s)
		if err != nil || lo != want[0] || hi != want[1] {
			t.Errorf("ParseCageSize(%q) = %d, %d, %v", s, lo, hi, err)
		}
	}
	for _, s := range []string{"0-3", "2-10", "5-3", "a-b", ""} {
		if _, _, err := ParseCageSize(s); !errors.Is(err, sudoku.ErrInvalid) {
			t.Errorf("ParseCageSize(%q): error %v", s, err)
		}
	}
}

// TestKillersRate checks the rating hook: only killers rated within the
// band are kept, and Rate's error stops the run.
func TestKillersRate(t *testing.T) {
	calls := 0
	g, _ := Killers(KillerOptions{Seed: 5, Rating: sudoku.RatingRange{Min: sudoku.RatingOfTenths(20), Max: sudoku.RatingOfTenths(30)},
		Rate: func(p KillerPuzzle) (sudoku.Rating, error) {
			calls++
			if calls%2 == 1 {
				return sudoku.RatingOfTenths(90), nil // out of the band: tried again
			}
			return sudoku.RatingOfTenths(25), nil
		}})
	p, err := g.Puzzle(context.Background(), 0)
	if err != nil || p.Rating.Tenths() != 25 || p.Tries != 2 {
		t.Fatalf("rated killer %v after %d tries: %v", p.Rating, p.Tries, err)
	}
	bad := errors.New("no ladder")
	g, _ = Killers(KillerOptions{Seed: 5, Rate: func(KillerPuzzle) (sudoku.Rating, error) { return 0, bad }})
	if _, err := g.Puzzle(context.Background(), 0); !errors.Is(err, bad) {
		t.Fatalf("error %v, want Rate's", err)
	}
}

// TestGradedKillers checks the library's entry point for killers by level
// or rating: each killer kept is rated within the band by a grading of
// its own (the same ER and level), carries that grade, and the same seed
// gives the same killers; a bad target is refused.
func TestGradedKillers(t *testing.T) {
	cfg := config.Default()
	grader, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []KillerTarget{{Level: "easy"}, {Level: "medium"}, {Rating: "2.8-3.0"}} {
		band, err := KillerBand(cfg, target)
		if err != nil {
			t.Fatal(err)
		}
		g, err := GradedKillers(cfg, KillerOptions{Seed: 3}, target)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			p, err := g.Puzzle(context.Background(), i)
			if err != nil {
				t.Fatalf("%+v: puzzle %d: %v", target, i, err)
			}
			if p.Result == nil || !band.Contains(p.Rating) || p.Result.ER != p.Rating {
				t.Fatalf("%+v: puzzle %d rated %v (result %v), band %v", target, i, p.Rating, p.Result, band)
			}
			res := grader.Grade(context.Background(), p.Rules.StateOf(p.Grid, nil), grade.Options{})
			if res.Status != grade.Rated || res.ER != p.Rating || res.Level != p.Result.Level {
				t.Errorf("%+v: puzzle %d regraded %v ER %v %s, generated %v %s", target, i, res.Status, res.ER, res.Level, p.Rating, p.Result.Level)
			}
			if target.Level != "" && res.Level != target.Level {
				t.Errorf("%+v: puzzle %d is %s", target, i, res.Level)
			}
			again, _ := GradedKillers(cfg, KillerOptions{Seed: 3}, target)
			if q, err := again.Puzzle(context.Background(), i); err != nil || q.Rules.Label() != p.Rules.Label() {
				t.Errorf("%+v: puzzle %d not the same again: %v", target, i, err)
			}
		}
	}
	g, err := GradedKillers(cfg, KillerOptions{Seed: 3}, KillerTarget{})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := g.Puzzle(context.Background(), 0); err != nil || p.Result != nil {
		t.Errorf("no target: graded %v, %v", p.Result, err)
	}
	for _, bad := range []struct {
		opt    KillerOptions
		target KillerTarget
		want   string
	}{
		{KillerOptions{}, KillerTarget{Level: "nosuch"}, `no such killer level "nosuch" (config.yaml's are easy, medium, hard, fiendish, diabolical)`},
		{KillerOptions{}, KillerTarget{Level: "easy", Rating: "2.0"}, "a level and a rating both set a rating band: use one"},
		{KillerOptions{}, KillerTarget{Rating: "x"}, "bad rating"},
		{KillerOptions{Rating: sudoku.RatingRange{Min: 2}}, KillerTarget{Level: "easy"}, "use one"},
	} {
		if _, err := GradedKillers(cfg, bad.opt, bad.target); !errors.Is(err, sudoku.ErrInvalid) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: error %v, want %q", bad.target, err, bad.want)
		}
	}
}

// TestGradedKillersCancel checks that a done context stops a graded
// generation with the context's error, as the assistant's time cap needs.
func TestGradedKillersCancel(t *testing.T) {
	g, err := GradedKillers(config.Default(), KillerOptions{Seed: 3, MaxTries: 1 << 30}, KillerTarget{Rating: "19.0-19.9"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := g.Puzzle(ctx, 0); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the deadline's", err)
	}
}

// BenchmarkGenerateKillers makes killers with the default options, one
// at a time (cpu-ms/puzzle with -cpu 1: the time of one core, which a
// loaded machine's wall time overstates).
func BenchmarkGenerateKillers(b *testing.B) {
	g, err := Killers(KillerOptions{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	repairs, tries := 0, 0
	i := 0
	cpu := processCPU()
	for b.Loop() {
		p, err := g.Puzzle(context.Background(), i)
		if err != nil {
			b.Fatal(err)
		}
		repairs += p.Repairs
		tries += p.Tries
		i++
	}
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(i), "cpu-ms/puzzle")
	b.ReportMetric(float64(repairs)/float64(i), "repairs/op")
	b.ReportMetric(float64(tries)/float64(i), "layouts/op")
}

// BenchmarkGenerateKillersLevel makes killers of each of config's killer
// levels as generate --variant killer --level does: rated by the killer
// ladder, which stops at the first step above the band (cpu-ms/puzzle
// with -cpu 1; 1000 / it is killers per second per core).
func BenchmarkGenerateKillersLevel(b *testing.B) {
	cfg := config.Default()
	for _, level := range []string{"easy", "medium", "hard"} {
		b.Run(level, func(b *testing.B) {
			g, err := GradedKillers(cfg, KillerOptions{Seed: 1}, KillerTarget{Level: level})
			if err != nil {
				b.Fatal(err)
			}
			tries, i := 0, 0
			cpu := processCPU()
			for b.Loop() {
				p, err := g.Puzzle(context.Background(), i)
				if err != nil {
					b.Fatal(err)
				}
				tries += p.Tries
				i++
			}
			b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(i), "cpu-ms/puzzle")
			b.ReportMetric(float64(tries)/float64(i), "layouts/op")
		})
	}
}
