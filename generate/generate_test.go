package generate

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// countSolutions is an independent solution counter (plain backtracking on
// the cell with the fewest candidates, recomputed at every node), so that the
// generator's uniqueness is not checked by its own solver.
func countSolutions(g sudoku.Grid, limit int) int {
	n := 0
	var rec func() bool
	rec = func() bool {
		cands := g.Candidates()
		best, bestN := -1, 10
		for i, v := range g {
			if v == 0 && cands[i].Count() < bestN {
				best, bestN = i, cands[i].Count()
			}
		}
		if best < 0 {
			n++
			return n < limit
		}
		for _, d := range cands[best].Slice() {
			g[best] = uint8(d)
			if !rec() {
				return false
			}
		}
		g[best] = 0
		return true
	}
	rec()
	return n
}

// newGen returns a generator with the built-in configuration.
func newGen(tb testing.TB, opt Options) *Generator {
	tb.Helper()
	g, err := New(config.Default(), opt)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// band is a rating range for the tables below (hi 0: no upper bound).
func band(lo, hi sudoku.Rating) sudoku.RatingRange { return sudoku.RatingRange{Min: lo, Max: hi} }

func TestGeneratedPuzzles(t *testing.T) {
	cfg := config.Default()
	grader, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hard, _ := cfg.LevelRange("hard")
	tests := []struct {
		name string
		opt  Options
		n    int
	}{
		{"easy rot180", Options{Seed: 1, Symmetry: Rot180, Target: Target{Rating: band(1.0, 1.5)}}, 8},
		{"hard rot180", Options{Seed: 2, Symmetry: Rot180, Target: Target{Rating: hard}}, 8},
		{"any rot90", Options{Seed: 3, Symmetry: Rot90}, 6},
		{"any mirror", Options{Seed: 4, Symmetry: Mirror}, 6},
		{"any flip", Options{Seed: 5, Symmetry: Flip}, 6},
		{"any diagonal", Options{Seed: 6, Symmetry: Diagonal}, 6},
		{"any antidiagonal", Options{Seed: 7, Symmetry: Antidiagonal}, 6},
		{"any random symmetry", Options{Seed: 8, Symmetry: Random}, 8},
		{"minimal none", Options{Seed: 9, Symmetry: None, Minimal: true}, 6},
		{"minimal rot180", Options{Seed: 10, Symmetry: Rot180, Minimal: true, Target: Target{Rating: band(2.6, 4.0)}}, 4},
		{"fiendish with a clue range", Options{Seed: 11, Symmetry: Rot180, Target: Target{Rating: band(4.1, 6.0), MinClues: 24, MaxClues: 28}}, 4},
		{"requires x-wing", Options{Seed: 12, Symmetry: None, Target: Target{Require: []string{"x-wing"}}}, 3},
		{"requires an extra", Options{Seed: 14, Symmetry: None, Target: Target{Require: []string{"skyscraper"}}}, 2},
		{"chains", Options{Seed: 13, Symmetry: Rot180, Target: Target{Rating: band(6.3, 7.5)}}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gen := newGen(t, tt.opt)
			for i := 0; i < tt.n; i++ {
				p, err := gen.Puzzle(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				if n := countSolutions(p.Grid, 2); n != 1 {
					t.Fatalf("puzzle %d %s has %d solutions", i, p.Grid, n)
				}
				if err := sudoku.CheckSolution(p.Grid, p.Solution); err != nil {
					t.Fatalf("puzzle %d: solution: %v", i, err)
				}
				var givens [81]bool
				for c, v := range p.Grid {
					givens[c] = v != 0
				}
				if !p.Symmetry.Holds(givens) || (tt.opt.Symmetry != Random && p.Symmetry != tt.opt.Symmetry) {
					t.Fatalf("puzzle %d %s does not keep %v", i, p.Grid, tt.opt.Symmetry)
				}
				if tt.opt.Minimal && !Minimal(p.Grid) {
					t.Fatalf("puzzle %d %s is not minimal", i, p.Grid)
				}
				tg := tt.opt.Target
				if n := p.Grid.Givens(); n < tg.MinClues || (tg.MaxClues > 0 && n > tg.MaxClues) {
					t.Fatalf("puzzle %d has %d clues, want %d-%d", i, n, tg.MinClues, tg.MaxClues)
				}
				// Re-graded from scratch, it falls in the band.
				res := grader.Grade(context.Background(), sudoku.NewState(p.Grid), grade.Options{})
				switch {
				case res.Status == grade.Beyond && !tg.Rating.Contains(sudoku.RatingBeyond):
					t.Fatalf("puzzle %d is beyond the techniques, the band is %v", i, tg.Rating)
				case res.Status == grade.Rated && !tg.Rating.Contains(res.ER):
					t.Fatalf("puzzle %d rates %v, outside %v", i, res.ER, tg.Rating)
				}
				for _, r := range tg.Require {
					if p.Result.Usage[r] == nil {
						t.Fatalf("puzzle %d: path does not use %s", i, r)
					}
				}
				if again, _ := gen.Puzzle(context.Background(), i); again.Grid != p.Grid {
					t.Fatalf("puzzle %d is not reproducible", i)
				}
			}
		})
	}
}

func TestGiveUp(t *testing.T) {
	// 17 clues with a 180-degree symmetry and rated easy: far too rare.
	rare := Target{Rating: band(1.0, 1.5), MinClues: 17, MaxClues: 17}
	gen := newGen(t, Options{Seed: 1, Symmetry: Rot180, MaxTries: 20, Target: rare})
	_, err := gen.Puzzle(context.Background(), 0)
	if !errors.Is(err, ErrGaveUp) {
		t.Fatalf("err = %v, want ErrGaveUp", err)
	}
	if strings.Contains(err.Error(), "--") {
		t.Errorf("%v: a library error names a command-line flag", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gen = newGen(t, Options{Seed: 1, Symmetry: Rot180, Target: rare})
	if _, err := gen.Puzzle(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestNewTarget(t *testing.T) {
	cfg := config.Default()
	tests := []struct {
		spec TargetSpec
		want string // the band, or the error
	}{
		{TargetSpec{Rating: "2.6-4.0"}, "2.6-4.0"},
		{TargetSpec{Rating: "7.0+"}, "7.0+"},
		{TargetSpec{Rating: "4.5"}, "4.5"},
		{TargetSpec{Level: "easy"}, "1.0-1.5"},
		{TargetSpec{Level: "medium"}, "1.6-2.5"},
		{TargetSpec{Level: "hard"}, "2.6-4.0"},
		{TargetSpec{Level: "fiendish"}, "4.1-6.0"},
		{TargetSpec{Level: "diabolical"}, "6.1+"},
		{TargetSpec{Rating: "9-2"}, `rating range "9-2" is empty`},
		{TargetSpec{Rating: "abc"}, `bad rating "abc"`},
		{TargetSpec{Rating: "0.5-2"}, `bad rating "0.5"`},
		{TargetSpec{Rating: "1.0-25"}, `bad rating "25"`},
		{TargetSpec{Level: "impossible"}, `unknown level "impossible" (levels: easy, medium, hard, fiendish, diabolical)`},
		{TargetSpec{Level: "hard", Rating: "2.6-4.0"}, "both set a rating band"},
		{TargetSpec{Require: []string{"x-wingg"}}, `unknown technique "x-wingg"`},
	}
	for _, tt := range tests {
		tg, err := NewTarget(cfg, tt.spec)
		got := tg.Rating.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("NewTarget(%+v) = %s, want %s", tt.spec, got, tt.want)
		}
	}
	for _, in := range []string{"10-15", "30-20", "x", "81-90"} {
		if _, err := NewTarget(cfg, TargetSpec{Clues: in}); err == nil {
			t.Errorf("clues %q accepted", in)
		}
	}
	tg, err := NewTarget(cfg, TargetSpec{Clues: "22-26", Require: []string{"x-wing, skyscraper", "bug"}})
	if err != nil || tg.MinClues != 22 || tg.MaxClues != 26 || !slices.Equal(tg.Require, []string{"x-wing", "skyscraper", "bug"}) {
		t.Errorf("clues and require: %+v, %v", tg, err)
	}
	// Which bands take puzzles beyond SE's rules (rated 20.0).
	for _, tt := range []struct {
		band   sudoku.RatingRange
		beyond bool
	}{{band(7.0, 8.0), false}, {band(10.0, 11.9), false}, {band(10.0, 20.0), true}, {band(6.1, 0), true}, {sudoku.RatingRange{}, true}} {
		if got := tt.band.Contains(sudoku.RatingBeyond); got != tt.beyond {
			t.Errorf("band %v takes beyond puzzles: %v, want %v", tt.band, got, tt.beyond)
		}
	}
}

func TestOrbits(t *testing.T) {
	for s := None; s < Random; s++ {
		seen := 0
		for _, o := range s.Orbits() {
			seen += len(o)
			var givens [81]bool
			for _, c := range o {
				givens[c] = true
			}
			if !s.Holds(givens) {
				t.Errorf("%v: orbit %v is not symmetric", s, o)
			}
		}
		if seen != 81 {
			t.Errorf("%v: orbits cover %d cells", s, seen)
		}
	}
}

// TestRun checks that a run emits count puzzles in index order, the same
// whatever the number of workers, and that dedupe skips repeats.
func TestRun(t *testing.T) {
	run := func(workers int, dedupe bool) []Puzzle {
		gen := newGen(t, Options{Seed: 5, Symmetry: Rot180, Target: Target{Rating: band(1.0, 1.5)}})
		var got []Puzzle
		st, err := gen.Run(context.Background(), RunOptions{Count: 6, Workers: workers, Dedupe: dedupe}, func(p Puzzle) error {
			got = append(got, p)
			return nil
		})
		if err != nil || st.Made != 6 || st.Tries < 6 {
			t.Fatalf("workers %d: %+v, %v", workers, st, err)
		}
		return got
	}
	one, three := run(1, false), run(3, false)
	for i := range one {
		if one[i].Index != i || one[i].Grid != three[i].Grid {
			t.Fatalf("puzzle %d: index %d, %s with 1 worker, %s with 3", i, one[i].Index, one[i].Grid, three[i].Grid)
		}
	}
	seen := map[sudoku.Grid]bool{}
	for _, p := range run(2, true) {
		if seen[p.Grid] {
			t.Fatalf("dedupe emitted %s twice", p.Grid)
		}
		seen[p.Grid] = true
	}
	stop := errors.New("stop")
	gen := newGen(t, Options{Seed: 5})
	if _, err := gen.Run(context.Background(), RunOptions{Count: 4, Workers: 2}, func(Puzzle) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("emit's error: got %v", err)
	}
}

// TestRunParts checks that runs over disjoint indices are parts of one
// run: contiguous ranges and interleaved steps give the same puzzles at
// the same indices.
func TestRunParts(t *testing.T) {
	collect := func(opt RunOptions) []Puzzle {
		gen := newGen(t, Options{Seed: 11, Symmetry: Rot180, Target: Target{Rating: band(1.0, 2.0)}})
		var got []Puzzle
		if _, err := gen.Run(context.Background(), opt, func(p Puzzle) error {
			got = append(got, p)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	whole := collect(RunOptions{Count: 7, Workers: 2})
	parts := [][]Puzzle{
		collect(RunOptions{Count: 3, Workers: 1}),
		collect(RunOptions{Count: 4, Workers: 2, Start: 3}),
	}
	for k := range 3 {
		parts = append(parts, collect(RunOptions{Count: (7 - k + 2) / 3, Workers: 2, Start: k, Step: 3}))
	}
	for _, part := range parts {
		for _, p := range part {
			if p.Index >= len(whole) || whole[p.Index].Grid != p.Grid {
				t.Fatalf("part puzzle at index %d is %s, the whole run's is %v", p.Index, p.Grid, whole[min(p.Index, len(whole)-1)].Grid)
			}
		}
	}
	if n := len(parts[0]) + len(parts[1]); n != 7 {
		t.Errorf("the contiguous parts made %d puzzles, want 7", n)
	}
	if n := len(parts[2]) + len(parts[3]) + len(parts[4]); n != 7 {
		t.Errorf("the interleaved parts made %d puzzles, want 7", n)
	}
}

// TestParsePattern checks the pattern forms read and the errors, which
// name the cell or the count.
func TestParsePattern(t *testing.T) {
	line := "x...x...x.x.x.x.x...x...x...x...x...x.x.x.x.x...x...x...x...x...x.x.x.x.x...x...x"
	var rows []string
	for r := range 9 {
		rows = append(rows, strings.ReplaceAll(line[9*r:9*r+9], "x", "7"))
	}
	grid := strings.Join(rows, "\n")
	for _, s := range []string{line, grid, strings.ReplaceAll(line, "x", "5")} {
		p, err := ParsePattern(s)
		if err != nil || p.Clues() != 27 || p.String() != line {
			t.Errorf("%q: %v, %d clues, %s", s, err, p.Clues(), p)
		}
	}
	for s, want := range map[string]string{
		line[:80]:      "80 cells",
		line + "x":     "more than 81",
		"y" + line[1:]: `cell 1 is 'y'`,
		strings.Repeat("x", 16) + strings.Repeat(".", 65): "16 clues",
	} {
		if _, err := ParsePattern(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", s, err, want)
		}
	}
	file := "# two patterns\n" + line + "\n\n" + grid + "\n#\n" + line[:80] + "\n"
	_, err := ReadPatterns(strings.NewReader(file), "p.txt")
	if err == nil || !strings.Contains(err.Error(), "p.txt:14: pattern: 80 cells") {
		t.Errorf("bad third pattern: %v", err)
	}
	pats, err := ReadPatterns(strings.NewReader(file[:strings.LastIndex(file, "#")]), "p.txt")
	if err != nil || len(pats) != 2 || pats[0] != pats[1] {
		t.Errorf("two patterns: %d, %v", len(pats), err)
	}
}

// TestPatterns checks that every puzzle made on patterns has its clues
// exactly there, used in turn, and one solution; and that a pattern that
// yields nothing stops with a message naming it.
func TestPatterns(t *testing.T) {
	a, _ := ParsePattern("x...x...x.x.x.x.x...x...x...x...x...x.x.x.x.x...x...x...x...x...x.x.x.x.x...x...x")
	b, _ := ParsePattern("xx.....xxx.......x..x...x...x.x.x.x.....x.x.....x.x.x.x...x...x..x.......xxx.....xx")
	gen := newGen(t, Options{Seed: 3, Patterns: []Pattern{a, b}, Target: Target{Rating: band(1.0, 4.0)}})
	var got []Puzzle
	if _, err := gen.Run(context.Background(), RunOptions{Count: 4, Workers: 2}, func(p Puzzle) error {
		got = append(got, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, p := range got {
		want := []Pattern{a, b}[i%2]
		for c := range p.Grid {
			if (p.Grid[c] != 0) != want[c] {
				t.Fatalf("puzzle %d: %s is not on pattern %s", i, p.Grid, want)
			}
		}
		if n := solve.Count(p.Grid, 2).Count; n != 1 || p.Pattern != i%2 {
			t.Errorf("puzzle %d: %d solutions, pattern %d", i, n, p.Pattern)
		}
	}
	// 17 clues in three rows: far too few where they are.
	rows, _ := ParsePattern(strings.Repeat("x", 17) + strings.Repeat(".", 64))
	gen = newGen(t, Options{Seed: 3, Patterns: []Pattern{rows}, MaxTries: 50})
	_, err := gen.Puzzle(context.Background(), 0)
	if !errors.Is(err, ErrGaveUp) || !strings.Contains(err.Error(), "on pattern 1 (17 clues) after 50 candidates") {
		t.Errorf("a barren pattern: %v", err)
	}
}

// TestSpreadEven checks that an even spread aims at the band's ratings in
// turn and gets them, where natural generation gives mostly one.
func TestSpreadEven(t *testing.T) {
	gen := newGen(t, Options{Seed: 8, Spread: true, Target: Target{Rating: band(1.6, 2.5)}})
	values := gen.Spread()
	if len(values) < 4 {
		t.Fatalf("medium spreads over %v", values)
	}
	ers := map[int]int{}
	var got []Puzzle
	if _, err := gen.Run(context.Background(), RunOptions{Count: 2 * len(values), Workers: 2}, func(p Puzzle) error {
		got = append(got, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, p := range got {
		if p.Aimed != values[i%len(values)] || p.Result.ER.Tenths() < 16 || p.Result.ER.Tenths() > 25 {
			t.Errorf("puzzle %d aimed at %s, rated %s", i, p.Aimed, p.Result.ER)
		}
		ers[p.Result.ER.Tenths()]++
	}
	hit := 0
	for _, p := range got {
		if p.Result.ER.Tenths() == p.Aimed.Tenths() {
			hit++
		}
	}
	if len(ers) < 4 || hit < len(got)*3/4 {
		t.Errorf("ratings %v: %d of %d puzzles got the rating aimed at", ers, hit, len(got))
	}
}

// TestPath checks that Options.Path keeps the solving path.
func TestPath(t *testing.T) {
	gen := newGen(t, Options{Seed: 2, Path: true, Target: Target{Rating: band(2.6, 4.0)}})
	p, err := gen.Puzzle(context.Background(), 0)
	if err != nil || len(p.Result.Path) == 0 || p.Result.Path[len(p.Result.Path)-1].Rating == 0 {
		t.Fatalf("%v: a path of %d steps", err, len(p.Result.Path))
	}
}

// TestRunDedupeKey checks that a dedupe key makes puzzles the key calls
// the same count once: a key that sees only the clue count keeps one
// puzzle per count.
func TestRunDedupeKey(t *testing.T) {
	gen := newGen(t, Options{Seed: 4, Target: Target{Rating: band(1.0, 1.5)}})
	seen := map[int]bool{}
	_, err := gen.Run(context.Background(), RunOptions{Count: 3, Workers: 2, Dedupe: true,
		Key: func(_ sudoku.Rules, g sudoku.Grid) string { return strconv.Itoa(g.Givens()) }}, func(p Puzzle) error {
		if seen[p.Grid.Givens()] {
			t.Errorf("two puzzles of %d clues", p.Grid.Givens())
		}
		seen[p.Grid.Givens()] = true
		return nil
	})
	if err != nil || len(seen) != 3 {
		t.Errorf("%v, %d puzzles", err, len(seen))
	}
}

// TestRunDedupeGivesUp checks that a run with Dedupe that asks for more
// puzzles than its key tells apart ends with ErrGaveUp after 1000
// repeats in a row, having emitted the different ones, instead of
// running forever.
func TestRunDedupeGivesUp(t *testing.T) {
	gen := newGen(t, Options{Seed: 4, Target: Target{Rating: band(1.0, 1.5)}})
	made := 0
	st, err := gen.Run(context.Background(), RunOptions{Count: 3, Workers: 2, Dedupe: true,
		Key: func(_ sudoku.Rules, g sudoku.Grid) string { return strconv.Itoa(g.Givens() % 2) }}, func(Puzzle) error {
		made++
		return nil
	})
	if !errors.Is(err, ErrRepeats) || made != 2 || st.Made != 2 {
		t.Errorf("got %v after %d puzzles (stats %d), want ErrRepeats after 2", err, made, st.Made)
	}
}

// TestOptionsDefaults: the zero Options make puzzles with the 180-degree
// symmetry, the command line's default, and None asks for none; Level or
// Rating in Options is the one-call form of NewTarget's band and makes
// the same puzzles.
func TestOptionsDefaults(t *testing.T) {
	ctx := context.Background()
	for i := range 4 {
		p, err := newGen(t, Options{Seed: 1}).Puzzle(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		var givens [81]bool
		for c, v := range p.Grid {
			givens[c] = v != 0
		}
		if p.Symmetry != Rot180 || !Rot180.Holds(givens) {
			t.Errorf("zero Options, puzzle %d: %s, symmetry %v, want rot180", i, p.Grid, p.Symmetry)
		}
		if p, err = newGen(t, Options{Seed: 1, Symmetry: None}).Puzzle(ctx, i); err != nil || p.Symmetry != None {
			t.Errorf("Symmetry None, puzzle %d: symmetry %v (%v)", i, p.Symmetry, err)
		}
	}
	if s, err := ParseSymmetry("rot180"); err != nil || s != Symmetry(0) {
		t.Errorf(`ParseSymmetry("rot180") = %v, %v: want the zero value`, s, err)
	}

	cfg := config.Default()
	for _, spec := range []TargetSpec{{Level: "hard"}, {Rating: "4.1-6.0"}} {
		target, err := NewTarget(cfg, spec)
		if err != nil {
			t.Fatal(err)
		}
		full := newGen(t, Options{Seed: 42, Target: target})
		short := newGen(t, Options{Seed: 42, Level: spec.Level, Rating: spec.Rating})
		for i := range 2 {
			a, err1 := full.Puzzle(ctx, i)
			b, err2 := short.Puzzle(ctx, i)
			if err1 != nil || err2 != nil || a.Grid != b.Grid || a.Result.Level != b.Result.Level {
				t.Errorf("%+v, puzzle %d: NewTarget gives %s %s (%v), Options %s %s (%v)", spec, i, a.Grid, a.Result.Level, err1, b.Grid, b.Result.Level, err2)
			}
		}
	}
	for _, tt := range []struct {
		opt  Options
		want string
	}{
		{Options{Level: "impossible"}, `unknown level "impossible"`},
		{Options{Level: "hard", Rating: "2.6-4.0"}, "both set a rating band"},
		{Options{Rating: "9-2"}, `rating range "9-2" is empty`},
		{Options{Level: "hard", Target: Target{Rating: band(2.6, 4.0)}}, "both set the rating band"},
	} {
		if _, err := New(cfg, tt.opt); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%+v): %v, want an error saying %q", tt.opt, err, tt.want)
		}
	}
}
