package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/sys/unix"
	"gopkg.in/yaml.v3"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/internal/cli"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/techniques"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden, and docs/cli.md and docs/sudokit.1")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"sudokit": main})
}

// TestScripts runs the command-line scripts in testdata/script: exit codes,
// error messages, stdin, flags.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// Scripts may use the project's puzzle files and format examples.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			env.Setenv("PUZZLES", filepath.Join(wd, "testdata", "puzzles"))
			env.Setenv("FORMATS", filepath.Join(wd, "testdata", "formats"))
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"terminal": cmdTerminal},
	})
}

// runApp runs the CLI in-process and returns its exit code and streams.
func runApp(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := cli.Run(context.Background(), append([]string{"sudokit"}, args...), strings.NewReader(stdin), &out, &errOut)
	return cli.ExitCode(err, &errOut), out.String(), errOut.String()
}

// timings matches the values that change from run to run.
var timings = regexp.MustCompile(`"time_(us|ms)":[0-9.e+-]+|,[0-9]+\.[0-9]{3}(,|\n)`)

// TestGolden compares each output format with its golden file; run
// `go test -run TestGolden -update` to rewrite them after a deliberate change.
func TestGolden(t *testing.T) {
	input := filepath.Join("testdata", "golden", "solve-input.txt")
	gradeInput := filepath.Join("testdata", "golden", "grade-input.txt")
	bookInput := filepath.Join("testdata", "golden", "book-input.txt")
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

// TestVocabulary ties the technique vocabulary together: config.yaml lists
// every technique of the registry once, in its order; the table of
// docs/grading.md is `sudokit techniques -f markdown`; every key is
// accepted by config.yaml and by generate --require; grade's usage tables
// use the same keys.
func TestVocabulary(t *testing.T) {
	keys := techniques.Keys()
	var doc yaml.Node
	if err := yaml.Unmarshal(config.DefaultYAML(), &doc); err != nil {
		t.Fatal(err)
	}
	var inConfig []string
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "techniques" {
			m := root.Content[i+1]
			for j := 0; j < len(m.Content); j += 2 {
				inConfig = append(inConfig, m.Content[j].Value)
			}
		}
	}
	if diff := cmp.Diff(keys, inConfig); diff != "" {
		t.Errorf("config.yaml's techniques differ from the registry (-registry +config.yaml):\n%s", diff)
	}

	_, table, _ := runApp(t, "", "techniques", "-f", "markdown")
	page := filepath.Join("docs", "grading.md")
	text, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(text), "<!-- techniques:")
	if !ok {
		t.Fatalf("%s has no technique table (<!-- techniques: ... -->)", page)
	}
	_, after, _ = strings.Cut(after, "\n")
	inDoc, _, _ := strings.Cut(after, "<!-- /techniques -->")
	if diff := cmp.Diff(table, inDoc); diff != "" {
		t.Errorf("the technique table of %s is not `sudokit techniques -f markdown` (-want +%s):\n%s", page, page, diff)
	}

	for _, k := range keys {
		if _, err := config.Parse([]byte("techniques:\n  "+k+": true\n"), "t.yaml", config.Default(), config.Schema{Techniques: keys}); err != nil {
			t.Errorf("config.yaml rejects %s: %v", k, err)
		}
		if _, err := generate.NewTarget(config.Default(), generate.TargetSpec{Require: []string{k}}); err != nil {
			t.Errorf("--require rejects %s: %v", k, err)
		}
	}
	_, out, _ := runApp(t, "", "grade", "-f", "json", filepath.Join("testdata", "puzzles", "qqwing-sample220.se121.txt"))
	used := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var row struct{ Usage map[string]any }
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		for k := range row.Usage {
			used++
			if !slices.Contains(keys, k) {
				t.Errorf("grade's usage names %q, which is not a technique key", k)
			}
		}
	}
	if used == 0 {
		t.Error("no usage counted")
	}
}

// commandPages names the page of docs/ that holds each command's section
// ("## `sudokit COMMAND`") and its table of flags.
var commandPages = map[string]string{
	"solve":      "solve.md",
	"grade":      "grading.md",
	"techniques": "grading.md",
	"hint":       "hint.md",
	"generate":   "generate.md",
	"print":      "books.md",
	"serve":      "assistant.md",
	"canon":      "isomorphs.md",
	"transform":  "isomorphs.md",
	"merge":      "scale.md",
	"config":     "commands.md",
	"completion": "commands.md",
}

// docSection returns a page's section about a command, up to the next
// section of the same level.
func docSection(page, command string) string {
	_, after, ok := strings.Cut(page, "\n## `sudokit "+command+"`")
	if !ok {
		return ""
	}
	section, _, _ := strings.Cut(after, "\n## ")
	return section
}

// TestDocsFlags checks that the section on each command, in its page of
// docs/, names exactly the flags its --help lists, and that every command
// of sudokit --help has a page.
func TestDocsFlags(t *testing.T) {
	_, top, _ := runApp(t, "", "--help")
	_, commands, _ := strings.Cut(top, "\nCOMMANDS:\n")
	commands, _, _ = strings.Cut(commands, "\n\n")
	for _, line := range strings.Split(commands, "\n") {
		if name := strings.Fields(line)[0]; name != "help" && commandPages[name] == "" {
			t.Errorf("sudokit %s has no page in commandPages", name)
		}
	}
	flagRE := regexp.MustCompile(`--[a-z][a-z-]+`)
	helpRE := regexp.MustCompile(`(?m)^ +(--[a-z][a-z-]+)`)
	for _, cmd := range slices.Sorted(maps.Keys(commandPages)) {
		path := filepath.Join("docs", commandPages[cmd])
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		section := docSection(string(doc), cmd)
		if section == "" {
			t.Errorf("%s has no section on sudokit %s", path, cmd)
			continue
		}
		// Mentions of other commands' flags ("`generate --require`", an
		// example line "sudokit generate ... --pdf") belong to those.
		other := regexp.MustCompile("(`|(?m)^\\$? ?sudokit )(solve|grade|hint|generate|print|serve|merge|canon|transform|techniques|config|completion)( [^`\n]*)")
		section = other.ReplaceAllStringFunc(section, func(m string) string {
			if strings.Contains(m, " "+cmd+" ") || strings.HasSuffix(m, " "+cmd) || strings.Contains(m, "`"+cmd+" ") {
				return m
			}
			return ""
		})
		// curl's own flags, in the API's examples.
		section = regexp.MustCompile(`(?m)^curl .*$`).ReplaceAllString(section, "")
		_, help, _ := runApp(t, "", cmd, "--help")
		var want []string
		for _, m := range helpRE.FindAllStringSubmatch(help, -1) {
			if m[1] != "--help" && !slices.Contains(want, m[1]) {
				want = append(want, m[1])
			}
		}
		var got []string
		for _, f := range flagRE.FindAllString(section, -1) {
			if !slices.Contains(got, f) {
				got = append(got, f)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sudokit %s: the flags of %s differ from --help (-help +%s):\n%s", cmd, path, path, diff)
		}
	}
}

// cmdTerminal is the scripts' "terminal [-cols N] PROG ARGS..." command: it
// runs a program in a pseudo-terminal of 160x50 (N columns with -cols), as
// a person would, puts the screen as the terminal shows it at the end on
// stdout, and what the program wrote, escape sequences and all, on stderr.
func cmdTerminal(ts *testscript.TestScript, neg bool, args []string) {
	cols := 160
	if len(args) > 1 && args[0] == "-cols" {
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		cols, args = n, args[2:]
	}
	if len(args) == 0 {
		ts.Fatalf("usage: terminal [-cols N] program [args...]")
	}
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		ts.Fatalf("no pseudo-terminals here")
	}
	bin, err := exec.LookPath(args[0])
	ts.Check(err)
	raw, err := runInTerminal(bin, ts.MkAbs("."), cols, args[1:]...)
	ts.Stdout().Write([]byte(render(raw) + "\n"))
	ts.Stderr().Write(raw)
	if (err != nil) != neg {
		ts.Fatalf("%s: %v", args[0], err)
	}
}

// runInTerminal runs bin in dir with its three streams on a new
// pseudo-terminal of cols x 50 and returns what it wrote there, and how it
// exited.
func runInTerminal(bin, dir string, cols int, args ...string) ([]byte, error) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer ptmx.Close()
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		return nil, err
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		return nil, err
	}
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	if err := unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: uint16(cols)}); err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	pts.Close()
	var out bytes.Buffer
	buf := make([]byte, 4096)
	for {
		k, err := ptmx.Read(buf)
		out.Write(buf[:k])
		if err != nil {
			break // EIO once the program has exited and closed the terminal
		}
	}
	return out.Bytes(), cmd.Wait()
}

// render plays terminal output onto a screen (text, CR, LF, cursor up,
// erase line and erase below) and returns the final screen's lines.
func render(b []byte) string {
	var lines [][]rune
	row, col := 0, 0
	ensure := func() {
		for len(lines) <= row {
			lines = append(lines, nil)
		}
	}
	s := []rune(string(b))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\r':
			col = 0
		case c == '\n':
			row++
			col = 0
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == '?') {
				j++
			}
			if j == len(s) {
				i = j
				break
			}
			arg := 1
			fmt.Sscanf(string(s[i+2:j]), "%d", &arg)
			ensure()
			switch s[j] {
			case 'A':
				row = max(0, row-arg)
			case 'J':
				lines[row] = lines[row][:min(col, len(lines[row]))]
				lines = lines[:row+1]
			case 'K':
				lines[row] = lines[row][:min(col, len(lines[row]))]
			}
			i = j
		case c >= ' ':
			ensure()
			for len(lines[row]) < col {
				lines[row] = append(lines[row], ' ')
			}
			if col < len(lines[row]) {
				lines[row][col] = c
			} else {
				lines[row] = append(lines[row], c)
			}
			col++
		}
	}
	var out []string
	for _, l := range lines {
		out = append(out, strings.TrimRight(string(l), " "))
	}
	return strings.Join(out, "\n")
}

// TestReferenceDocs: docs/cli.md and docs/sudokit.1 are the reference the
// application writes of itself (cli.Docs); remake them with
// go test -run TestReferenceDocs -update .
func TestReferenceDocs(t *testing.T) {
	md, man, err := cli.Docs()
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{"docs/cli.md": md, "docs/sudokit.1": man} {
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s is out of date with the commands: remake it with go test -run TestReferenceDocs -update .", path)
		}
	}
	for _, cmd := range []string{"solve", "grade", "hint", "generate", "print", "serve", "merge", "canon", "transform", "techniques", "config", "completion"} {
		if !strings.Contains(md, "## "+cmd) {
			t.Errorf("docs/cli.md has no section on %s", cmd)
		}
	}
}

// TestDockerfile reads the Dockerfile: a Go stage builds a static binary,
// the final stage is an empty or distroless static base running as a
// non-root user with sudokit as its entrypoint.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	var user, entry, lastFrom string
	static := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch strings.ToUpper(f[0]) {
		case "FROM":
			lastFrom = f[1]
			stages = append(stages, f[1])
			user, entry = "", ""
		case "USER":
			user = f[1]
		case "ENTRYPOINT":
			entry = strings.Join(f[1:], " ")
		case "ENV", "RUN", "ARG":
			static = static || strings.Contains(line, "CGO_ENABLED=0")
		}
	}
	if len(stages) < 2 || !strings.HasPrefix(stages[0], "golang:") {
		t.Errorf("stages %v: want a golang build stage, then the final one", stages)
	}
	if lastFrom != "scratch" && !strings.HasPrefix(lastFrom, "gcr.io/distroless/static") {
		t.Errorf("final stage FROM %s: want scratch or distroless static", lastFrom)
	}
	if user == "" || user == "root" || user == "0" || strings.HasPrefix(user, "0:") {
		t.Errorf("final stage runs as %q: want a non-root user", user)
	}
	if entry != `["/sudokit"]` && entry != `["sudokit"]` {
		t.Errorf("ENTRYPOINT %s: want the sudokit binary", entry)
	}
	if !static {
		t.Error("the build does not set CGO_ENABLED=0: the binary would not be static")
	}
}
