package generate

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"math/rand/v2"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// top95Seeds returns the puzzles of Norvig's top95 that SE 1.2.1 rates
// 7.6 to 8.5 (their labels say so): a seed pool quick to rate, for targets
// just under it.
func top95Seeds(t *testing.T) []sudoku.Grid {
	t.Helper()
	f, err := os.Open("../testdata/puzzles/norvig-top95.se121.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Grid
	for p, err := range sudoku.NewReader(f, "top95").All() {
		if err != nil {
			t.Fatal(err)
		}
		er, err := sudoku.ParseRating(strings.TrimPrefix(strings.Fields(p.Label)[0][:6], "ED="))
		if err != nil {
			t.Fatalf("label %q: %v", p.Label, err)
		}
		if band(7.6, 8.5).Contains(er) {
			out = append(out, p.Grid)
		}
	}
	if len(out) < 10 {
		t.Fatalf("%d seeds rated 7.6-8.5 in top95, want 10 or more", len(out))
	}
	return out
}

// relabel writes a puzzle with its digits renamed in order of first
// appearance: the same key for puzzles that differ only by their digits'
// names (isomorphs, which rate the same).
func relabel(g sudoku.Grid) string {
	var names [10]uint8
	next := uint8('1')
	b := []byte(g.String())
	for i, c := range b {
		if c < '1' || c > '9' {
			continue
		}
		if names[c-'0'] == 0 {
			names[c-'0'] = next
			next++
		}
		b[i] = names[c-'0']
	}
	return string(b)
}

// vicinityRun runs a search and returns the puzzles it emitted.
func vicinityRun(t *testing.T, ctx context.Context, gopt Options, count int, opt VicinityOptions) ([]Puzzle, Stats, error) {
	t.Helper()
	gen := newGen(t, gopt)
	var out []Puzzle
	st, err := gen.Vicinity(ctx, count, opt, func(p Puzzle) error {
		out = append(out, p)
		return nil
	})
	return out, st, err
}

// checkVicinity checks what every puzzle of a search must be: one
// solution (by the independent counter), minimal, in the target, its key
// new: not a seed's, not an earlier puzzle's.
func checkVicinity(t *testing.T, got []Puzzle, target Target, from []sudoku.Grid, key func(sudoku.Grid) string) {
	t.Helper()
	if key == nil {
		key = func(g sudoku.Grid) string { return g.String() }
	}
	seen := map[string]bool{}
	for _, g := range from {
		seen[key(g)] = true
	}
	for i, p := range got {
		if n := countSolutions(p.Grid, 2); n != 1 {
			t.Errorf("puzzle %d %s has %d solutions", i, p.Grid, n)
		}
		if !Minimal(p.Grid) {
			t.Errorf("puzzle %d %s is not minimal", i, p.Grid)
		}
		if !target.accepts(p.Result) {
			t.Errorf("puzzle %d %s rated %v (%v) is outside the target %v", i, p.Grid, p.Result.ER, p.Result.Status, target.Rating)
		}
		if c := p.Grid.Givens(); c < target.MinClues || (target.MaxClues > 0 && c > target.MaxClues) {
			t.Errorf("puzzle %d %s has %d clues, outside the target", i, p.Grid, c)
		}
		if sol, ok := solveRef(p.Grid); !ok || sol != p.Solution {
			t.Errorf("puzzle %d %s: solution %s is not its solution", i, p.Grid, p.Solution)
		}
		k := key(p.Grid)
		if seen[k] {
			t.Errorf("puzzle %d %s repeats key %q (a seed's or an earlier puzzle's)", i, p.Grid, k)
		}
		seen[k] = true
		if p.Index != i {
			t.Errorf("puzzle %d has index %d", i, p.Index)
		}
	}
}

// solveRef returns the one solution of a puzzle by the independent counter.
func solveRef(g sudoku.Grid) (sudoku.Grid, bool) {
	if countSolutions(g, 2) != 1 {
		return g, false
	}
	for c := range g {
		if g[c] != 0 {
			continue
		}
		for d := uint8(1); d <= 9; d++ {
			g[c] = d
			if g.Validate() == nil && countSolutions(g, 1) == 1 {
				break
			}
		}
	}
	return g, true
}

func TestVicinity(t *testing.T) {
	from := top95Seeds(t)
	tests := []struct {
		name  string
		gopt  Options
		count int
		opt   VicinityOptions
	}{
		// Bands under the seeds': graded candidates above them stop early.
		{"from top95 7.0-7.4", Options{Seed: 1, Target: Target{Rating: band(7.0, 7.4)}}, 4,
			VicinityOptions{From: from, PoolSize: 4, Round: 64}},
		{"from top95 6.6-7.2, 21-22 clues", Options{Seed: 2, Target: Target{Rating: band(6.6, 7.2), MinClues: 21, MaxClues: 22}}, 3,
			VicinityOptions{From: from, PoolSize: 4, Round: 64, Moves: []Move{{1, 1}, {2, 2}}}},
		// Random minimal puzzles rate 7.5 or more once in hundreds: the
		// rounds climb to them from the hardest of 10.
		{"cold start 7.5-7.9", Options{Seed: 3, Target: Target{Rating: band(7.5, 7.9)}}, 3,
			VicinityOptions{ColdTries: 10, PoolSize: 4, Round: 16}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var runs [][]sudoku.Grid
			for _, workers := range []int{1, 2} {
				opt := tt.opt
				opt.Workers = workers
				rounds := 0
				opt.Progress = func(s VicinityStatus) {
					rounds++
					if s.Round != rounds || s.Pool == 0 || s.Pool > max(opt.PoolSize, 1) || s.Minimal > s.Unique || s.Made > tt.count {
						t.Errorf("progress %+v after %d rounds", s, rounds)
					}
				}
				got, st, err := vicinityRun(t, context.Background(), tt.gopt, tt.count, opt)
				if err != nil {
					t.Fatalf("%d workers: %v", workers, err)
				}
				if len(got) != tt.count || st.Made != tt.count {
					t.Fatalf("%d workers: %d puzzles (stats: %d), want %d", workers, len(got), st.Made, tt.count)
				}
				checkVicinity(t, got, tt.gopt.Target, tt.opt.From, nil)
				var grids []sudoku.Grid
				for _, p := range got {
					grids = append(grids, p.Grid)
				}
				runs = append(runs, grids)
			}
			if !slices.Equal(runs[0], runs[1]) {
				t.Errorf("1 and 2 workers differ:\n%v\n%v", runs[0], runs[1])
			}
		})
	}
}

// TestVicinityKey checks that the dedupe key is the one given: with
// relabelled copies of the seeds among the seeds and of every puzzle of a
// first run, a second run that names puzzles by relabel emits none of
// those puzzles again.
func TestVicinityKey(t *testing.T) {
	from := top95Seeds(t)
	target := Target{Rating: band(7.0, 7.4)}
	gopt := Options{Seed: 4, Target: target}
	first, _, err := vicinityRun(t, context.Background(), gopt, 3, VicinityOptions{From: from, PoolSize: 4, Round: 64})
	if err != nil {
		t.Fatal(err)
	}
	// Each puzzle with its digits renamed 1->2->...->9->1.
	rename := func(g sudoku.Grid) sudoku.Grid {
		for c, d := range g {
			if d != 0 {
				g[c] = d%9 + 1
			}
		}
		return g
	}
	more := slices.Clone(from)
	for _, p := range first {
		more = append(more, rename(p.Grid))
	}
	calls := 0
	key := func(g sudoku.Grid) string { calls++; return relabel(g) }
	second, _, err := vicinityRun(t, context.Background(), gopt, 3, VicinityOptions{From: more, PoolSize: 4, Round: 64, Key: key})
	if err != nil {
		t.Fatal(err)
	}
	checkVicinity(t, second, target, more, relabel)
	for _, p := range second {
		for _, q := range first {
			if p.Grid == q.Grid {
				t.Errorf("%s emitted again: its relabelled copy was a seed", p.Grid)
			}
		}
	}
	if calls <= len(more)+len(second) {
		t.Errorf("the key was called %d times, for %d seeds and %d puzzles", calls, len(more), len(second))
	}
}

func TestVicinityStops(t *testing.T) {
	from := top95Seeds(t)
	// Nothing has 17 clues near these seeds: the search gives up.
	rare := Target{Rating: band(8.0, 0), MinClues: 17, MaxClues: 17}
	_, st, err := vicinityRun(t, context.Background(), Options{Seed: 1, Target: rare, MaxTries: 300}, 1,
		VicinityOptions{From: from, PoolSize: 4, Round: 100})
	if !errors.Is(err, ErrGaveUp) || st.Made != 0 || st.Tries < 300 {
		t.Errorf("err = %v after %d tries, want ErrGaveUp after 300", err, st.Tries)
	}
	if err != nil && strings.Contains(err.Error(), "raise") {
		t.Errorf("%v: a library error gives the command line's advice", err)
	}
	// Cancelled before the start, and during the search.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	target := Target{Rating: band(9.0, 0)}
	if _, _, err := vicinityRun(t, ctx, Options{Seed: 1, Target: target}, 1, VicinityOptions{From: from}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: err = %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	rounds := 0
	opt := VicinityOptions{From: from, PoolSize: 4, Round: 64, Workers: 2, Progress: func(VicinityStatus) {
		rounds++
		cancel()
	}}
	if _, _, err := vicinityRun(t, ctx, Options{Seed: 1, Target: rare}, 1, opt); !errors.Is(err, context.Canceled) || rounds != 1 {
		t.Errorf("cancelled during: err = %v after %d rounds", err, rounds)
	}
	// Bad moves.
	if _, _, err := vicinityRun(t, context.Background(), Options{Seed: 1, Target: target}, 1,
		VicinityOptions{From: from, Moves: []Move{{0, 0}}}); err == nil {
		t.Error("move {-0+0} accepted")
	}
	// No puzzle asked: nothing done.
	if got, st, err := vicinityRun(t, context.Background(), Options{Seed: 1, Target: target}, 0, VicinityOptions{From: from}); err != nil || len(got) != 0 || st.Tries != 0 {
		t.Errorf("count 0: %d puzzles, %d tries, err %v", len(got), st.Tries, err)
	}
}

// TestVicinityFromRatings: seeds whose ratings are given are not rated
// again; the pool ranks them by the ratings given (here made up: 11.9,
// which no grading of these 7.6-8.5 puzzles gives).
func TestVicinityFromRatings(t *testing.T) {
	from := top95Seeds(t)
	made := make([]grade.Ratings, len(from))
	for i := range made {
		made[i] = grade.Ratings{ER: 11.9, EP: 11.9, ED: 11.9}
	}
	for _, tt := range []struct {
		ratings []grade.Ratings
		used    bool
	}{
		{made, true},
		{made[1:], false}, // not one per seed: ignored, the seeds are rated
	} {
		var best sudoku.Rating
		opt := VicinityOptions{From: from, FromRatings: tt.ratings, PoolSize: 4, Round: 16, Workers: 2,
			Progress: func(s VicinityStatus) { best = max(best, s.Best) }}
		got, _, err := vicinityRun(t, context.Background(), Options{Seed: 1, Target: Target{Rating: band(7.0, 7.4)}}, 1, opt)
		if err != nil || len(got) != 1 {
			t.Fatalf("%d ratings: %d puzzles, %v", len(tt.ratings), len(got), err)
		}
		if (best.Tenths() == 119) != tt.used {
			t.Errorf("%d ratings for %d seeds: best in the pool %v", len(tt.ratings), len(from), best)
		}
	}
}

// TestVicinityColdPatterns checks a cold start on clue patterns: its
// puzzles (emitted when they meet the target) have their clues on the
// pattern, one solution and no clue to spare, the same for any number of
// workers.
func TestVicinityColdPatterns(t *testing.T) {
	pattern, err := ParsePattern("......xxx.xx..x.x....x.....x.x.x.x...xx...xx...x.x.x.x.....x....x.x..xx.xxx......")
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Rating: band(1.0, 11.9)}
	var runs [][]sudoku.Grid
	for _, workers := range []int{1, 2} {
		opt := VicinityOptions{ColdPatterns: []Pattern{pattern}, ColdTries: 4, PoolSize: 4, Round: 8, Workers: workers}
		got, _, err := vicinityRun(t, context.Background(), Options{Seed: 7, Target: target}, 3, opt)
		if err != nil || len(got) != 3 {
			t.Fatalf("%d workers: %d puzzles, %v", workers, len(got), err)
		}
		checkVicinity(t, got, target, nil, nil)
		var grids []sudoku.Grid
		for _, p := range got {
			for c, d := range p.Grid {
				if d != 0 && !pattern[c] {
					t.Errorf("%d workers: %s has a clue off the pattern, at cell %d", workers, p.Grid, c)
				}
			}
			grids = append(grids, p.Grid)
		}
		runs = append(runs, grids)
	}
	if !slices.Equal(runs[0], runs[1]) {
		t.Errorf("1 and 2 workers differ:\n%v\n%v", runs[0], runs[1])
	}
}

// maxShare returns the most givens two of the puzzles share (canon.Shared)
// as a part of the fewer givens of the two, and the pair.
func maxShare(got []Puzzle) (share float64, i, j int) {
	for a := range got {
		for b := a + 1; b < len(got); b++ {
			n := float64(canon.Shared(got[a].Grid, got[b].Grid)) / float64(min(got[a].Grid.Givens(), got[b].Grid.Givens()))
			if n > share {
				share, i, j = n, a, b
			}
		}
	}
	return share, i, j
}

// TestVicinityDiverse checks MaxShared: without it, this search emits
// near-copies (pairs sharing more than half of their givens); with it, no
// two puzzles share more under any isomorphism, the first puzzle is the
// plain search's first (lineage 0 is the plain search), and the puzzles
// are the same for any number of workers.
func TestVicinityDiverse(t *testing.T) {
	from := top95Seeds(t)
	gopt := Options{Seed: 1, Target: Target{Rating: band(7.0, 7.4)}}
	const count, most = 3, DiverseShare
	plain, _, err := vicinityRun(t, context.Background(), gopt, count, VicinityOptions{From: from, PoolSize: 4, Round: 64})
	if err != nil {
		t.Fatal(err)
	}
	if share, i, j := maxShare(plain); share <= most {
		t.Fatalf("without MaxShared, the most shared is %.2f (puzzles %d and %d): the test needs near-copies", share, i, j)
	}
	var runs [][]sudoku.Grid
	for _, workers := range []int{1, 2} {
		var near int64
		opt := VicinityOptions{From: from, PoolSize: 4, Round: 64, MaxShared: most, Workers: workers,
			Progress: func(s VicinityStatus) { near = s.Near }}
		got, _, err := vicinityRun(t, context.Background(), gopt, count, opt)
		if err != nil || len(got) != count {
			t.Fatalf("%d workers: %d puzzles, %v", workers, len(got), err)
		}
		checkVicinity(t, got, gopt.Target, from, nil)
		if share, i, j := maxShare(got); share > most {
			t.Errorf("%d workers: puzzles %d and %d share %.2f of their givens:\n%s\n%s", workers, i, j, share, got[i].Grid, got[j].Grid)
		}
		t.Logf("%d workers: %d near-copies not emitted", workers, near)
		if got[0].Grid != plain[0].Grid {
			t.Errorf("%d workers: the first puzzle %s is not the plain search's first %s", workers, got[0].Grid, plain[0].Grid)
		}
		var grids []sudoku.Grid
		for _, p := range got {
			grids = append(grids, p.Grid)
		}
		runs = append(runs, grids)
	}
	if !slices.Equal(runs[0], runs[1]) {
		t.Errorf("1 and 2 workers differ:\n%v\n%v", runs[0], runs[1])
	}
}

// TestVicinityDiffers checks the rule on known near-copies: a puzzle with
// three clues moved, and an isomorph of it, are not emitted after the
// puzzle; a different puzzle is.
func TestVicinityDiffers(t *testing.T) {
	if lineageSeed(1, 0) != 1 || lineageSeed(1, 1) == lineageSeed(1, 2) || lineageSeed(1, 1) == lineageSeed(2, 1) {
		t.Errorf("lineage seeds: %d %d %d %d", lineageSeed(1, 0), lineageSeed(1, 1), lineageSeed(1, 2), lineageSeed(2, 1))
	}
	first, _ := sudoku.ParseGrid("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
	other, _ := sudoku.ParseGrid("8..6..2.3.4..........4.8..9...58..6.2.......4.8..12...6..9.1..........5.9.5..3..6") // shares 11 of 22: half
	near := first
	near[8], near[11], near[25] = 0, 0, 0 // three clues moved
	near[0], near[1], near[2] = 1, 2, 3
	iso := canon.Random(rand.New(rand.NewPCG(1, 2))).Apply(near)
	v := &vicinity{opt: VicinityOptions{MaxShared: DiverseShare, PoolSize: 4}}
	v.noteEmitted(first)
	for _, tt := range []struct {
		name string
		g    sudoku.Grid
		want bool
	}{{"near-copy", near, false}, {"isomorph of the near-copy", iso, false}, {"another puzzle", other, true}} {
		if got := v.differs(tt.g); got != tt.want {
			t.Errorf("%s: differs = %v, want %v", tt.name, got, tt.want)
		}
	}
	v.admit(rated{candidate: candidate{ok: true, grid: near}, res: grade.Result{Status: grade.Rated, Ratings: grade.Ratings{ER: 9.0}}})
	v.admit(rated{candidate: candidate{ok: true, grid: other}, res: grade.Result{Status: grade.Rated, Ratings: grade.Ratings{ER: 8.0}}})
	v.settle()
	if v.pool[0].grid != other || !v.pool[1].near {
		t.Errorf("the pool ranks the near-copy (ER 9.0) above the other puzzle (ER 8.0): %+v", v.pool)
	}
}

// TestVicinityDiverseCold checks the lineages of a cold search: the
// puzzles differ (at most half shared under any isomorphism), are the same
// for any number of workers, and the first is the plain search's.
func TestVicinityDiverseCold(t *testing.T) {
	pattern, err := ParsePattern("......xxx.xx..x.x....x.....x.x.x.x...xx...xx...x.x.x.x.....x....x.x..xx.xxx......")
	if err != nil {
		t.Fatal(err)
	}
	gopt := Options{Seed: 3, Target: Target{Rating: band(6.0, 11.9)}}
	const count = 4
	base := VicinityOptions{ColdPatterns: []Pattern{pattern}, ColdTries: 8, PoolSize: 8, Round: 16}
	plain, _, err := vicinityRun(t, context.Background(), gopt, 1, base)
	if err != nil || len(plain) != 1 {
		t.Fatalf("plain search: %d puzzles, %v", len(plain), err)
	}
	var runs [][]sudoku.Grid
	for _, workers := range []int{1, 2} {
		opt := base
		opt.MaxShared, opt.Workers = DiverseShare, workers
		got, _, err := vicinityRun(t, context.Background(), gopt, count, opt)
		if err != nil || len(got) != count {
			t.Fatalf("%d workers: %d puzzles, %v", workers, len(got), err)
		}
		checkVicinity(t, got, gopt.Target, nil, nil)
		if share, i, j := maxShare(got); share > DiverseShare {
			t.Errorf("%d workers: puzzles %d and %d share %.2f of their givens:\n%s\n%s", workers, i, j, share, got[i].Grid, got[j].Grid)
		}
		if got[0].Grid != plain[0].Grid {
			t.Errorf("%d workers: the first puzzle %s is not the plain search's first %s", workers, got[0].Grid, plain[0].Grid)
		}
		var grids []sudoku.Grid
		for _, p := range got {
			grids = append(grids, p.Grid)
		}
		runs = append(runs, grids)
	}
	if !slices.Equal(runs[0], runs[1]) {
		t.Errorf("1 and 2 workers differ:\n%v\n%v", runs[0], runs[1])
	}
}

// TestVicinityReuse checks how a lineage of a cold search reuses the cold
// puzzles of the lineages before it: not those whose descendants were
// emitted (their root is retired), nor those that share more than half
// with a puzzle emitted; the others join the pool with the lineage's own
// cold puzzles, which are kept for the lineages to come.
func TestVicinityReuse(t *testing.T) {
	first, _ := sudoku.ParseGrid("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
	other, _ := sudoku.ParseGrid("8..6..2.3.4..........4.8..9...58..6.2.......4.8..12...6..9.1..........5.9.5..3..6") // shares 11 of 22 with first: half
	near := first
	near[8], near[11], near[25] = 0, 0, 0
	near[0], near[1], near[2] = 1, 2, 3
	iso := canon.Random(rand.New(rand.NewPCG(1, 2))).Apply(near)
	fresh, _ := sudoku.ParseGrid(".2.4.6.8.4..2..5....6..8..3.......9.1.9...2.7.3.......9..4..6....5..1..8.3.5.1.9.")
	v := &vicinity{opt: VicinityOptions{MaxShared: DiverseShare, PoolSize: 8}, retired: map[int]bool{1: true}}
	v.reservoir = []reserved{
		{member: member{grid: other, er: 9.0, root: 1}}, // retired
		{member: member{grid: iso, er: 9.1, root: 2}},   // an isomorph of a near-copy of the puzzle emitted
		{member: member{grid: other, er: 8.0, root: 3}}, // shares half: kept
	}
	v.noteEmitted(first)
	v.pool = []member{{grid: fresh, er: 7.0, root: 4}}
	v.reuse()
	var roots []int
	for _, m := range v.pool {
		roots = append(roots, m.root)
	}
	if !slices.Equal(roots, []int{3, 4}) {
		t.Errorf("pool roots %v, want [3 4]: the retired root and the near-copy left out", roots)
	}
	roots = roots[:0]
	for _, r := range v.reservoir {
		roots = append(roots, r.root)
		if r.checked != 1 {
			t.Errorf("root %d checked against %d puzzles emitted, want 1", r.root, r.checked)
		}
	}
	if !slices.Equal(roots, []int{3, 4}) {
		t.Errorf("reservoir roots %v, want [3 4]", roots)
	}
}

// TestVicinityLineageSeeds checks that a lineage after the first starts
// from the seeds that differ from the puzzles emitted: with room for one
// seed, an isomorph of a near-copy of the puzzle emitted gives way to a
// seed that shares half.
func TestVicinityLineageSeeds(t *testing.T) {
	first, _ := sudoku.ParseGrid("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
	other, _ := sudoku.ParseGrid("8..6..2.3.4..........4.8..9...58..6.2.......4.8..12...6..9.1..........5.9.5..3..6") // shares 11 of 22 with first: half
	near := first
	near[8], near[11], near[25] = 0, 0, 0
	near[0], near[1], near[2] = 1, 2, 3
	iso := canon.Random(rand.New(rand.NewPCG(1, 2))).Apply(near)
	for _, seed := range []uint64{1, 2, 3, 4} {
		v := &vicinity{g: newGen(t, Options{Seed: seed}), seen: map[string]bool{}, seed: seed,
			opt: VicinityOptions{MaxShared: DiverseShare, PoolSize: 1, From: []sudoku.Grid{iso, other}, Key: func(g sudoku.Grid) string { return g.String() }}}
		v.noteEmitted(first)
		if err := v.seeds(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(v.pool) != 1 || v.pool[0].grid != other {
			t.Errorf("seed %d: the lineage starts from %v, want only %s", seed, v.pool, other)
		}
	}
}
