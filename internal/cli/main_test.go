package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sudokit/sudokit/internal/testenv"
)

// The command line's tests run from the repository's root, where
// testdata/, docs/, config.yaml and the README are, so that the paths in
// goldens, rows and examples read as a user in a clone types them. The
// test binary is also the program, "sudokit", for the tests that run it
// as a process (the scripts of the documentation, an interrupt by a
// signal): testscript puts it on the PATH.
func TestMain(m *testing.M) {
	testscript.Main(fromRoot{m}, map[string]func(){"sudokit": program})
}

// program is sudokit as main.go runs it: the command line of os.Args on
// the process's streams, cancelled by Ctrl-C or SIGTERM, exiting with the
// status ExitCode gives.
func program() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(ExitCode(err, os.Stderr))
}

// fromRoot runs the tests from the repository's root.
type fromRoot struct{ m *testing.M }

func (r fromRoot) Run() int {
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	code := r.m.Run()
	if pg != nil {
		if err := pg.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	return code
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden, and docs/cli.md and docs/sudokit.1")

// runApp runs the CLI in-process and returns its exit code and streams.
func runApp(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := Run(context.Background(), append([]string{"sudokit"}, args...), strings.NewReader(stdin), &out, &errOut)
	return ExitCode(err, &errOut), out.String(), errOut.String()
}

// timings matches the values that change from run to run.
var timings = regexp.MustCompile(`"time_(us|ms)":[0-9.e+-]+|,[0-9]+\.[0-9]{3}(,|\n)`)

// TestGolden compares each output format with its golden file; run
// `go test -run TestGolden -update ./internal/cli` to rewrite them after a deliberate change.
func TestGolden(t *testing.T) {
	input := filepath.Join("testdata", "golden", "solve-input.txt")
	gradeInput := filepath.Join("testdata", "golden", "grade-input.txt")
	bookInput := filepath.Join("testdata", "golden", "book-input.txt")
	mixedVariants := filepath.Join("testdata", "puzzles", "variants", "mixed.txt")
	sizesInput := filepath.Join("testdata", "golden", "sizes-input.txt")
	jigsawLayout := filepath.Join("testdata", "puzzles", "variants", "jigsaw.regions")
	jigsawPuzzles := filepath.Join("testdata", "puzzles", "variants", "jigsaw.txt")
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		{"solve-line.golden", []string{"solve", input}, 1},
		{"solve-grid.golden", []string{"solve", "--format", "grid", input}, 1},
		{"solve-candidates.golden", []string{"solve", "--format", "candidates", input}, 1},
		{"solve-json.golden", []string{"solve", "--format", "json", "--workers", "3", input}, 1},
		{"solve-csv.golden", []string{"solve", "--format", "csv", input}, 1},
		{"solve-table.golden", []string{"solve", "--format", "table", input}, 1},
		{"solve-max5.golden", []string{"solve", "--max-solutions", "5", input}, 1},
		{"grade-table.golden", []string{"grade", gradeInput}, 1},
		{"grade-line.golden", []string{"grade", "-f", "line", gradeInput}, 1},
		{"grade-grid.golden", []string{"grade", "-f", "grid", gradeInput}, 1},
		{"grade-grid-jigsaw.golden", []string{"grade", "-f", "grid", "--variant", "jigsaw", "--regions", jigsawLayout, jigsawPuzzles}, 0},
		{"grade-candidates-jigsaw.golden", []string{"grade", "-f", "candidates", "--variant", "jigsaw", "--regions", jigsawLayout, jigsawPuzzles}, 0},
		{"grade-explain-candidates-jigsaw.golden", []string{"grade", "--explain", "--candidates", "--variant", "jigsaw", "--regions", jigsawLayout,
			"139572648867435912421856793354691287973128465.......59...3.9..67.....5.........2."}, 0},
		{"grade-csv.golden", []string{"grade", "-f", "csv", gradeInput}, 1},
		{"grade-markdown.golden", []string{"grade", "-f", "markdown", gradeInput}, 1},
		{"grade-json.golden", []string{"grade", "-f", "json", "-j", "3", gradeInput}, 1},
		{"grade-se.golden", []string{"grade", "-f", "se", gradeInput}, 1},
		{"grade-summary.golden", []string{"grade", "--summary", gradeInput}, 1},
		{"grade-summary-csv.golden", []string{"grade", "--summary", "-f", "csv", gradeInput}, 1},
		{"grade-summary-json.golden", []string{"grade", "--summary", "-f", "json", gradeInput}, 1},
		{"grade-explain.golden", []string{"grade", "--explain", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}, 0},
		{"grade-explain-candidates.golden", []string{"grade", "--explain", "--candidates", "..68..9.5...7...............475.3..2..5....379.........64.9...373.48....8523.6..."}, 0},
		{"grade-explain-nested.golden", []string{"grade", "--explain", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"}, 0},
		{"generate-line.golden", []string{"generate", "-n", "4", "--seed", "42", "--level", "medium", "-q"}, 0},
		{"generate-grid.golden", []string{"generate", "-n", "2", "--seed", "42", "--level", "hard", "-f", "grid", "--with-solution", "-q"}, 0},
		{"generate-json.golden", []string{"generate", "-n", "2", "--seed", "42", "--rating", "4.1-6.0", "-f", "json", "-q"}, 0},
		{"generate-csv.golden", []string{"generate", "-n", "3", "--seed", "42", "--symmetry", "rot90", "-f", "csv", "--with-solution", "-q"}, 0},
		{"generate-se.golden", []string{"generate", "-n", "3", "--seed", "7", "--level", "easy", "-f", "se", "-q"}, 0},
		{"generate-table.golden", []string{"generate", "-n", "3", "--seed", "7", "--level", "fiendish", "-f", "table", "-q"}, 0},
		{"grade-summary-by-level.golden", []string{"grade", "--summary", "--group-by", "level", "-f", "markdown", gradeInput}, 1},
		{"grade-summary-by-level-csv.golden", []string{"grade", "--summary", "--group-by", "level", "-f", "csv", gradeInput}, 1},
		{"grade-summary-by-level-json.golden", []string{"grade", "--summary", "--group-by", "level", "-f", "json", gradeInput}, 1},
		{"print-svg.golden", []string{"print", "-f", "svg", "--title", "Golden", bookInput}, 1},
		{"print-html.golden", []string{"print", "-f", "html", "--title", "Golden", "--per-page", "2", "--group-by", "level", bookInput}, 1},
		{"grade-explain-json.golden", []string{"grade", "--explain", "-f", "json", "..68..9.5...7...............475.3..2..5....379.........64.9...373.48....8523.6..."}, 0},
		{"canon-variants.golden", []string{"canon", "--with-transform", mixedVariants}, 0},
		{"transform-variants.golden", []string{"transform", "--random", "--seed", "7", "--with-transform", mixedVariants}, 0},
		{"solve-sizes-line.golden", []string{"solve", sizesInput}, 1},
		{"solve-sizes-grid.golden", []string{"solve", "-f", "grid", sizesInput}, 1},
		{"solve-sizes-grid-numbers.golden", []string{"solve", "-f", "grid", "--symbols", "numbers", sizesInput}, 1},
		{"solve-sizes-json.golden", []string{"solve", "-f", "json", "-j", "3", sizesInput}, 1},
		{"solve-sizes-csv.golden", []string{"solve", "-f", "csv", sizesInput}, 1},
		{"techniques.golden", []string{"techniques"}, 0},
		{"techniques-json.golden", []string{"techniques", "-f", "json"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, stdout, stderr := runApp(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			got := withoutTimes(stdout) + "--- stderr\n" + stderr
			path := filepath.Join("testdata", "golden", tt.golden)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got); diff != "" {
				t.Errorf("%s differs (-want +got):\n%s", path, diff)
			}
		})
	}
}

func TestExitCodes(t *testing.T) {
	const (
		unique   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		multiple = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
	)
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  int
	}{
		{"unique", "", []string{"solve", unique}, 0},
		{"unique from stdin", unique + "\n", []string{"solve"}, 0},
		{"max-solutions 1 on a multi-solution puzzle", "", []string{"solve", "--max-solutions", "1", multiple}, 0},
		{"multiple", "", []string{"solve", multiple}, 1},
		{"unsolvable", "", []string{"solve", "12345678.......9" + strings.Repeat(".", 65)}, 1},
		{"invalid", "", []string{"solve", "44" + unique[2:]}, 1},
		{"bad line on stdin", "4.....\n", []string{"solve"}, 1},
		{"missing file", "", []string{"solve", "no-such-file.txt"}, 1},
		{"no puzzle at all", "", []string{"solve"}, 1},
		{"unknown format", "", []string{"solve", "--format", "x", unique}, 2},
		{"max-solutions 0", "", []string{"solve", "--max-solutions", "0", unique}, 2},
		{"workers 0", "", []string{"solve", "--workers", "0", unique}, 2},
		{"unknown flag", "", []string{"solve", "--bogus", unique}, 2},
		{"flag without value", "", []string{"solve", "--max-solutions"}, 2},
		{"unknown command", "", []string{"bogus"}, 2},
		{"generate: empty rating range", "", []string{"generate", "--rating", "9-2"}, 2},
		{"generate: unknown level", "", []string{"generate", "--level", "impossible"}, 2},
		{"generate: unknown symmetry", "", []string{"generate", "--symmetry", "spiral"}, 2},
		{"generate: negative count", "", []string{"generate", "--count", "-1"}, 2},
		{"generate: level and rating", "", []string{"generate", "--level", "hard", "--rating", "2.6-4.0"}, 2},
		{"generate: impossible clues", "", []string{"generate", "--clues", "10-15"}, 2},
		{"generate: unknown technique", "", []string{"generate", "--require", "x-wingg"}, 2},
		{"generate: gives up", "", []string{"generate", "--seed", "1", "--level", "easy", "--clues", "17", "--max-tries", "10"}, 1},
		{"generate: ok", "", []string{"generate", "--seed", "1", "-q"}, 0},
		{"help", "", []string{"--help"}, 0},
		{"help of a command", "", []string{"help", "grade"}, 0},
		{"help of nothing", "", []string{"help", "nosuch"}, 2},
		{"stray argument", "", []string{"generate", "10"}, 2},
		{"interrupted", "", []string{"generate", "--seed", "1", "--timeout", "1ns", "-n", "100"}, 1},
		{"version", "", []string{"--version"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runApp(t, tt.stdin, tt.args...)
			if code != tt.want {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.want, stdout, stderr)
			}
			if strings.Contains(stderr, "panic") {
				t.Errorf("stderr mentions a panic:\n%s", stderr)
			}
		})
	}
}

// TestGoldenPDF checks that a book's bytes do not change (the PDF carries a
// fixed date); run with -update after a deliberate change and look at the
// pages (pdftoppm -png testdata/golden/print.pdf /tmp/page).
func TestGoldenPDF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "book.pdf")
	code, _, stderr := runApp(t, "", "print", "--title", "Golden book", "--per-page", "2", "--group-by", "level", "--toc", "-o", out,
		filepath.Join("testdata", "golden", "book-input.txt"))
	// The input holds a puzzle with several solutions: left out, exit 1.
	if code != 1 || !strings.Contains(stderr, "several solutions, not rated, left out") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "golden", "print.pdf")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		kept := filepath.Join(os.TempDir(), "sudokit-print-got.pdf")
		os.WriteFile(kept, got, 0o644)
		t.Errorf("the PDF differs from %s (%d bytes, want %d); the new one is at %s", golden, len(got), len(want), kept)
	}
}

// TestBookPicture makes the book of the README's example and renders one
// page as a reader sees it; with -update it writes that page to
// docs/book-page.png, the README's picture (pdftoppm's rendering varies a
// little between versions, so it is not compared).
func TestBookPicture(t *testing.T) {
	pdftoppm := testenv.Program(t, "pdftoppm", "apt-get install poppler-utils")
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmd := regexp.MustCompile(`(?m)^sudokit (print --page-size 6x9in .*)$`).FindSubmatch(readme)
	if cmd == nil {
		t.Fatal("the README has no example sudokit print --page-size 6x9in ...")
	}
	dir := t.TempDir()
	args := splitQuoted(string(cmd[1]))
	for i, a := range args {
		if a == "book.pdf" {
			args[i] = filepath.Join(dir, "book.pdf")
		}
	}
	if code, _, stderr := runApp(t, "", args...); code != 0 {
		t.Fatalf("%s: exit %d: %s", cmd[1], code, stderr)
	}
	const page = "33" // the first page of the hard puzzles
	out, err := exec.Command(pdftoppm, "-r", "80", "-png", "-singlefile", "-f", page, "-l", page, filepath.Join(dir, "book.pdf"), filepath.Join(dir, "page")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	png, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil || len(png) < 10000 {
		t.Fatalf("page %s rendered to %d bytes (%v)", page, len(png), err)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("docs", "book-page.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// splitQuoted splits a command line at spaces, keeping "double-quoted"
// words whole.
func splitQuoted(s string) []string {
	var out []string
	for i, part := range strings.Split(s, `"`) {
		if i%2 == 1 {
			out = append(out, part)
			continue
		}
		out = append(out, strings.Fields(part)...)
	}
	return out
}
