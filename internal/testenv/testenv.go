// Package testenv finds what some tests need beside the project: the
// public puzzle sets in ../shared/data, and programs such as pdftoppm; and
// it keeps the benchmarks that take minutes out of `go test -bench .`.
// Where they are absent (a user's clone) such a test skips with a message;
// CI sets SUDOKIT_REQUIRE_SHARED=1 and SUDOKIT_REQUIRE_TOOLS=1, which turn
// those skips into failures, so that CI always runs them.
package testenv

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// RequireShared and RequireTools are the environment variables that make
// a missing ../shared, or a missing program, a failure instead of a skip.
const (
	RequireShared = "SUDOKIT_REQUIRE_SHARED"
	RequireTools  = "SUDOKIT_REQUIRE_TOOLS"
)

// SharedData returns the path of a file of ../shared/data (beside the
// module's root), skipping tb when it is absent, or failing it when
// SUDOKIT_REQUIRE_SHARED is set.
func SharedData(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(moduleRoot(tb), "..", "shared", "data", name)
	if _, err := os.Stat(path); err != nil {
		missing(tb, RequireShared, "%s is absent (it ships beside the project, not in it)", path)
	}
	return path
}

// Program returns the path of a program on $PATH, skipping tb when it is
// not installed (install is how to get it), or failing it when
// SUDOKIT_REQUIRE_TOOLS is set.
func Program(tb testing.TB, name, install string) string {
	tb.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		missing(tb, RequireTools, "%s is not installed (%s)", name, install)
	}
	return path
}

// missing skips tb with the message, or fails it when the variable is set.
func missing(tb testing.TB, variable, format string, args ...any) {
	tb.Helper()
	if os.Getenv(variable) != "" {
		tb.Fatalf(format+" (and %s is set)", append(args, variable)...)
	}
	tb.Skipf(format, args...)
}

// moduleRoot is the directory of the go.mod above the working directory.
func moduleRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// File returns path when that file exists (a font a package installs, say),
// skipping tb when it does not (install is how to get it), or failing it
// when SUDOKIT_REQUIRE_TOOLS is set.
func File(tb testing.TB, path, install string) string {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		missing(tb, RequireTools, "%s is absent (%s)", path, install)
	}
	return path
}

// Puzzles reads the puzzles of a file, at most limit of them (0: all),
// failing tb when the file does not open, a line is bad, or it holds no
// puzzle.
func Puzzles(tb testing.TB, path string, limit int) []sudoku.Puzzle {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Puzzle
	for p, err := range sudoku.NewReader(f, path).All() {
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
		if len(out) == limit {
			break
		}
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}

// Grids reads the grids of a file as Puzzles does.
func Grids(tb testing.TB, path string, limit int) []sudoku.Grid {
	tb.Helper()
	puzzles := Puzzles(tb, path, limit)
	out := make([]sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		out[i] = p.Grid
	}
	return out
}

// Long skips a benchmark that takes minutes per pass unless the -bench
// pattern names it (its name without "Benchmark", as in -bench
// VicinityCold95to99), so that `go test -run X -bench . -benchtime 1x
// ./...` stays short; such a benchmark says so in its doc comment.
func Long(b *testing.B) {
	b.Helper()
	name, _, _ := strings.Cut(strings.TrimPrefix(b.Name(), "Benchmark"), "/")
	if f := flag.Lookup("test.bench"); f == nil || !strings.Contains(f.Value.String(), name) {
		b.Skipf("takes minutes per pass: run it by name (-bench %s)", name)
	}
}
