package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveAllocatesNothingPerPuzzle checks that `sudokit solve -f line`
// makes no allocation per puzzle: reading a line, handing it to a worker,
// solving, checking and writing the row reuse their memory, so that ten
// times the puzzles cost the same allocations (those of the run itself:
// flags, buffers, the batch's chunks), within a margin far below one per
// thousand puzzles.
func TestSolveAllocatesNothingPerPuzzle(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "puzzles", "royle-17clue-2000.txt"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(input string) uint64 {
		return mallocs(func() {
			args := []string{"sudokit", "solve", "-j", "2", "-q", "-f", "line"}
			if err := Run(context.Background(), args, strings.NewReader(input), io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
		})
	}
	short, long := string(data), strings.Repeat(string(data), 10)
	run(short) // warm up: the app's tables, the config parsed once
	a, b := run(short), run(long)
	if puzzles := strings.Count(long, "\n") - strings.Count(short, "\n"); b > a+40 {
		t.Errorf("%d more puzzles made %d more allocations (%d, then %d): the solve rows allocate", puzzles, b-a, a, b)
	}
}
