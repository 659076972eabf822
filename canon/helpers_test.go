package canon

import (
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// loadSet reads every puzzle of a set of testdata/puzzles.
func loadSet(tb testing.TB, name string) []sudoku.Grid {
	tb.Helper()
	return testenv.Grids(tb, filepath.Join("..", "testdata", "puzzles", name), 0)
}

// loadShared reads a public set from ../shared/data (see testenv).
func loadShared(tb testing.TB, name string) []sudoku.Grid {
	tb.Helper()
	return testenv.Grids(tb, testenv.SharedData(tb, name), 0)
}

// spread returns n puzzles of set taken at even steps through it (the
// sets are sorted, so the first n would all look alike), or all of them
// when n <= 0 or n >= len(set).
func spread(set []sudoku.Grid, n int) []sudoku.Grid {
	if n <= 0 || n >= len(set) {
		return set
	}
	out := make([]sudoku.Grid, n)
	for i := range out {
		out[i] = set[i*len(set)/n]
	}
	return out
}

// mustGrid parses a grid of a test table.
func mustGrid(tb testing.TB, s string) sudoku.Grid {
	tb.Helper()
	g, err := sudoku.ParseGrid(s)
	if err != nil {
		tb.Fatalf("%q: %v", s, err)
	}
	return g
}
