package generate

import (
	"context"
	"flag"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// The long measurements of the neighbourhood search run only when asked:
//
//	go test ./generate -run TestVicinityRate -timeout 0 -args -vicinity 10m
//
// -vicinity bounds each measurement's wall time; -vicinity-rating,
// -vicinity-count, -vicinity-from (a puzzle file for From, builtin for
// HardestSeeds, patterns for a cold start on HardPatterns, empty for one
// from random puzzles), -vicinity-workers, -vicinity-seed, -vicinity-pool,
// -vicinity-round, -vicinity-cold (ColdTries), -vicinity-canon (canon's
// key, as the CLI's) and -vicinity-diverse (MaxShared DiverseShare, as
// the CLI's default for more than one puzzle) choose what is measured.
var (
	vicinityTime    = flag.Duration("vicinity", 0, "run the vicinity search measurements, each bounded by this wall time")
	vicinityRating  = flag.String("vicinity-rating", "10.0+", "target band of the vicinity measurement")
	vicinityCount   = flag.Int("vicinity-count", 20, "puzzles to find in the vicinity measurement")
	vicinityFrom    = flag.String("vicinity-from", "", "seed puzzles for the vicinity measurement (empty: cold start from random puzzles; patterns: from puzzles on HardPatterns; builtin: HardestSeeds)")
	vicinityWorkers = flag.Int("vicinity-workers", runtime.NumCPU(), "workers of the vicinity measurement")
	vicinitySeed    = flag.Uint64("vicinity-seed", 1, "seed of the vicinity measurement")
	vicinityPool    = flag.Int("vicinity-pool", 0, "pool size of the vicinity measurement (0: default)")
	vicinityCanon   = flag.Bool("vicinity-canon", false, "dedupe isomorphs")
	vicinityCold    = flag.Int("vicinity-cold", 0, "puzzles of a cold start (0: default)")
	vicinityRound   = flag.Int("vicinity-round", 0, "moves per round of the vicinity measurement (0: default)")
	vicinityDiverse = flag.Bool("vicinity-diverse", false, "puzzles that differ (MaxShared DiverseShare)")
)

// cpuTime returns the CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestVicinityRate measures a vicinity search: wall and CPU time per
// puzzle, and the ratings found. It is a measurement, not a check: it runs
// only with -vicinity.
func TestVicinityRate(t *testing.T) {
	if *vicinityTime == 0 {
		t.Skip("a measurement: run with -args -vicinity 10m")
	}
	rr, err := sudoku.ParseRatingRange(*vicinityRating)
	if err != nil {
		t.Fatal(err)
	}
	opt := VicinityOptions{Workers: *vicinityWorkers, PoolSize: *vicinityPool, Round: *vicinityRound, ColdTries: *vicinityCold}
	if *vicinityCanon {
		opt.Key = canon.Key
	}
	if *vicinityDiverse {
		opt.MaxShared = DiverseShare
	}
	switch *vicinityFrom {
	case "":
	case "builtin":
		opt.From, opt.FromRatings = HardestSeeds()
	case "patterns":
		opt.ColdPatterns = HardPatterns()
	default:
		opt.From = testenv.Grids(t, *vicinityFrom, 0)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *vicinityTime)
	defer cancel()
	gen := newGen(t, Options{Seed: *vicinitySeed, Target: Target{Rating: rr}, MaxTries: 1 << 40})
	cpu0, start := cpuTime(), time.Now()
	var ers []sudoku.Rating
	last := time.Now()
	opt.Progress = func(s VicinityStatus) {
		if time.Since(last) > 30*time.Second {
			last = time.Now()
			t.Logf("round %d: pool %d, best %v, %d candidates, %d unique, %d minimal, %d rated, %d near-copies, %d found, %v (cpu %v)",
				s.Round, s.Pool, s.Best, s.Tries, s.Unique, s.Minimal, s.Rated, s.Near, s.Made, s.Elapsed.Round(time.Second), (cpuTime() - cpu0).Round(time.Second))
		}
	}
	st, err := gen.Vicinity(ctx, *vicinityCount, opt, func(p Puzzle) error {
		ers = append(ers, p.Result.ER)
		t.Logf("%s %v after %v (cpu %v)", p.Grid, p.Result.Ratings, time.Since(start).Round(time.Second), (cpuTime() - cpu0).Round(time.Second))
		return nil
	})
	cpu := cpuTime() - cpu0
	t.Logf("%s from %s, %d workers: %d puzzles in %v wall, %v CPU; %d candidates; err %v",
		rr, cmpOr(*vicinityFrom, "a cold start"), opt.Workers, st.Made, st.Elapsed.Round(time.Second), cpu.Round(time.Second), st.Tries, err)
	if st.Made > 0 {
		slices.Sort(ers)
		t.Logf("%.1f s wall and %.1f s CPU per puzzle; ER min %v median %v max %v",
			st.Elapsed.Seconds()/float64(st.Made), cpu.Seconds()/float64(st.Made), ers[0], ers[len(ers)/2], ers[len(ers)-1])
	}
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
