package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
)

// benchmarkSolveCLI runs `sudokit solve -q --max-solutions 2 -f line` on a
// whole file in-process, end to end (reading, the batch, checking,
// formatting, buffered output to a sink), with workers goroutines, and
// reports puzzles per second of wall time and of CPU time (all threads),
// and allocations per puzzle (those of starting the command left out).
func benchmarkSolveCLI(b *testing.B, path string, workers string) {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	n, first := 0, ""
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			if n++; n == 1 {
				first = line
			}
		}
	}
	args := []string{"sudokit", "solve", "-j", workers, "-q", "--max-solutions", "2", "-f", "line", path}
	run := func(args []string, stdin string) {
		if err := Run(context.Background(), args, strings.NewReader(stdin), io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	// What a run costs whatever its input (flags, configuration): a run
	// of one puzzle, less that puzzle.
	fixed := mallocs(func() { run(args[:len(args)-1], first+"\n") })
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	all := mallocs(func() {
		for i := 0; i < b.N; i++ {
			run(args, "")
		}
	})
	cpu = cpuTime() - cpu
	total := float64(b.N * n)
	b.ReportMetric(total/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/puzzle")
	if cpu > 0 { // the CPU time of every goroutine: the reader's, the workers', the writer's
		b.ReportMetric(total/cpu.Seconds(), "puzzles/cpu-s")
	}
	b.ReportMetric((float64(all)/float64(b.N)-float64(fixed))/float64(n-1), "allocs/puzzle")
}

// benchmarkEngine is the solver alone on the same file, as the solve
// package's BenchmarkShared runs it (solve.Count to 2 on puzzles read
// beforehand), measured as benchmarkSolveCLI measures the command: the
// ratio of the two is what reading, checking and writing cost.
func benchmarkEngine(b *testing.B, path string) {
	puzzles := testenv.Puzzles(b, path, 0)
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, p := range puzzles {
			if r := solve.Count(p.Grid, 2); r.Count != 1 {
				b.Fatalf("line %d: %d solutions", p.Line, r.Count)
			}
		}
	}
	cpu = cpuTime() - cpu
	total := float64(b.N * len(puzzles))
	b.ReportMetric(total/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/puzzle")
	if cpu > 0 {
		b.ReportMetric(total/cpu.Seconds(), "puzzles/cpu-s")
	}
}

// mallocs returns how many heap allocations f made.
func mallocs(f func()) uint64 {
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	before := mem.Mallocs
	f()
	runtime.ReadMemStats(&mem)
	return mem.Mallocs - before
}

// BenchmarkSolveCLI is `sudokit solve` end to end on the 2,000 17-clue
// puzzles of testdata (any clone), on one worker and on two; compare with
// the engine alone, BenchmarkRoyle17 of ./solve.
func BenchmarkSolveCLI(b *testing.B) {
	path := filepath.Join("testdata", "puzzles", "royle-17clue-2000.txt")
	b.Run("engine", func(b *testing.B) { benchmarkEngine(b, path) })
	b.Run("j1", func(b *testing.B) { benchmarkSolveCLI(b, path, "1") })
	b.Run("j2", func(b *testing.B) { benchmarkSolveCLI(b, path, "2") })
}

// BenchmarkSolveCLIShared is BenchmarkSolveCLI on the whole royle-17clue
// set of ../shared/data (the figure of docs/performance.md, beside the
// engine's BenchmarkShared); it skips where the set is absent.
func BenchmarkSolveCLIShared(b *testing.B) {
	path := testenv.SharedData(b, "royle-17clue.txt")
	b.Run("engine", func(b *testing.B) { benchmarkEngine(b, path) })
	b.Run("j1", func(b *testing.B) { benchmarkSolveCLI(b, path, "1") })
	b.Run("j2", func(b *testing.B) { benchmarkSolveCLI(b, path, "2") })
}
