package cli

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/sudokit/sudokit/config"
)

// An exampleSource is the example command lines of one place, in order:
// one command's --help, the README, a page of docs/.
type exampleSource struct {
	name  string // the script's name: help-grade, README, docs-formats
	lines []string
}

// Pages of docs/ whose examples this test leaves to another, by name.
var examplePagesElsewhere = map[string]string{
	"cli.md":     "it is --help itself (TestReferenceDocs), whose examples run here",
	"scale.md":   "TestScaleCommands runs its lines with smaller counts, on a bank of puzzles",
	"library.md": "its example is Go code, grade's ExampleGrader_Grade (TestLibraryExample)",
	"testing.md": "its commands are go test's own",
}

// TestDocumentedCommands runs every example command a user reads: the
// Examples of sudokit --help and of each command's --help, and the sh
// blocks of README.md and of every page of docs/ (but those
// examplePagesElsewhere names), each place as one script, in a directory
// that holds what a clone holds (testdata, config.yaml), with `sudokit`
// (and `go run .`) being this program. Each line runs in bash with
// pipefail (a reader that stops early, such as head, may end the writer
// with SIGPIPE) and must exit 0, or N when it ends with the comment
// "# exit N". Explicitly:
//
//   - lines naming ../shared (a clone does not have it), a font that is
//     not installed, or running go test, go install or go get are skipped,
//     and said;
//   - `sudokit serve ...` (with or without a final &) starts the server in
//     the background, on a free port in place of the one it names (or
//     8080), and waits until it answers (waitserver); the lines after it
//     reach it at that port; "kill %N" or the end of the place stops it
//     with Ctrl-C, and it must then exit 0. --open finds an xdg-open that
//     does nothing;
//   - curl lines get --fail-with-body, so that an answer other than 2xx
//     fails.
//
// It also checks that each help names only keys of config.yaml that
// config takes, and units as the steps name them (block, not box).
func TestDocumentedCommands(t *testing.T) {
	sources := helpExamples(t)
	for _, path := range append([]string{"README.md"}, docsPages(t)...) {
		sources = append(sources, markdownExamples(t, path))
	}
	dir := t.TempDir()
	n := 0
	for _, src := range sources {
		script, ran := exampleScript(t, src)
		if ran == 0 {
			t.Errorf("%s has no example that runs", src.name)
			continue
		}
		n += ran
		if err := os.WriteFile(filepath.Join(dir, src.name+".txtar"), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testscript.Run(t, exampleParams(dir))
	t.Logf("%d examples from %d places ran", n, len(sources))
}

// TestDocumentedCommandsCatchMistakes: an example that names a missing
// file or an unknown flag fails, even before a pipe; a good one passes.
func TestDocumentedCommandsCatchMistakes(t *testing.T) {
	tests := []struct {
		line string
		fail bool
	}{
		{"sudokit solve testdata/puzzles/norvig-top95.txt", false},
		{"sudokit solve testdata/puzzles/no-such-file.txt", true},
		{"sudokit solve --no-such-flag testdata/puzzles/norvig-top95.txt", true},
		{"sudokit canon testdata/puzzles/no-such-file.txt | sort -u > distinct.txt", true},
		{"sudokit solve testdata/puzzles/norvig-top95.txt | head -1", false},
		{"sudokit solve 4.....8.5.3.......... # exit 1", false},
		{"sudokit solve 4.....8.5.3..........", true},
		{"sudokit serve --no-such-flag", true},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		script, _ := exampleScript(t, exampleSource{name: fmt.Sprint(i), lines: []string{tt.line}})
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.txtar", i)), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rec := &recordT{failed: map[string]bool{}}
	testscript.RunT(rec, exampleParams(dir))
	for i, tt := range tests {
		if rec.failed[fmt.Sprint(i)] != tt.fail {
			t.Errorf("example %q: failed %v, want %v", tt.line, rec.failed[fmt.Sprint(i)], tt.fail)
		}
	}
}

// exampleParams runs the scripts of dir from a directory holding testdata
// and config.yaml, with an xdg-open that does nothing first on the PATH.
func exampleParams(dir string) testscript.Params {
	wd, _ := os.Getwd()
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		ContinueOnError:     true,
		Setup: func(env *testscript.Env) error {
			if err := os.Symlink(filepath.Join(wd, "testdata"), filepath.Join(env.WorkDir, "testdata")); err != nil {
				return err
			}
			if err := os.Symlink(filepath.Join(wd, "config", "config.yaml"), filepath.Join(env.WorkDir, "config.yaml")); err != nil {
				return err
			}
			bin := filepath.Join(env.WorkDir, ".bin")
			if err := os.Mkdir(bin, 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(bin, "xdg-open"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
				return err
			}
			env.Setenv("PATH", bin+string(os.PathListSeparator)+env.Getenv("PATH"))
			return nil
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){"waitserver": cmdWaitServer},
	}
}

// cmdWaitServer is "waitserver HOST:PORT": it waits until the server
// started last in the background answers there, and fails when that
// server exits first or does not answer within 20 s.
func cmdWaitServer(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 || neg {
		ts.Fatalf("usage: waitserver HOST:PORT")
	}
	bg := ts.BackgroundCmds()
	if len(bg) == 0 {
		ts.Fatalf("waitserver: no server started")
	}
	server := bg[len(bg)-1].Process
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if conn, err := net.DialTimeout("tcp", args[0], time.Second); err == nil {
			conn.Close()
			return
		}
		if err := server.Signal(syscall.Signal(0)); err != nil {
			ts.Fatalf("the server exited before answering at %s", args[0])
		}
	}
	ts.Fatalf("no answer at %s within 20 s", args[0])
}

// helpExamples returns the Examples of sudokit --help and of each
// command's --help.
func helpExamples(t *testing.T) []exampleSource {
	_, top, _ := runApp(t, "", "--help")
	out := []exampleSource{{"help", examplesOfHelp(top)}}
	_, commands, _ := strings.Cut(top, "\nCOMMANDS:\n")
	commands, _, _ = strings.Cut(commands, "\n\n")
	for _, line := range strings.Split(commands, "\n") {
		name := strings.Fields(line)[0]
		if name == "help" {
			continue
		}
		code, help, stderr := runApp(t, "", name, "--help")
		if code != 0 {
			t.Fatalf("sudokit %s --help: exit %d: %s", name, code, stderr)
		}
		out = append(out, exampleSource{"help-" + name, examplesOfHelp(help)})
		checkConfigKeys(t, name, help)
		if box := regexp.MustCompile(`(?:^|[^-\w])box [1-9]`).FindString(help); box != "" { // not the flag --box 3x2
			t.Errorf("sudokit %s --help says %q: steps and hints name a box \"block\"", name, box)
		}
	}
	if len(out) < 12 {
		t.Fatalf("only %d helps found in sudokit --help", len(out))
	}
	return out
}

// examplesOfHelp returns the lines of a help's "Examples:" block.
func examplesOfHelp(help string) []string {
	var out []string
	in, indent := false, 0
	for _, line := range strings.Split(help, "\n") {
		trimmed := strings.TrimSpace(line)
		depth := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case trimmed == "Examples:":
			in, indent = true, depth
		case in && trimmed != "" && depth > indent:
			out = append(out, trimmed)
		default:
			in = false
		}
	}
	return out
}

// checkConfigKeys checks that the keys of config.yaml a help names as a
// flag's default ("output.grade in config.yaml") are keys config.yaml
// takes.
func checkConfigKeys(t *testing.T, command, help string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`default: ([a-z]+), or (output)\.([a-z]+) in config\.yaml`).FindAllStringSubmatch(help, -1) {
		yaml := fmt.Sprintf("%s:\n  %s: %s\n", m[2], m[3], m[1])
		if _, err := config.Parse([]byte(yaml), "help.yaml", config.Default(), config.Schema{}); err != nil {
			t.Errorf("sudokit %s --help names %s.%s in config.yaml, which config takes not: %v", command, m[2], m[3], err)
		}
	}
}

// docsPages returns the pages of docs/ whose examples run here.
func docsPages(t *testing.T) []string {
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(pages, func(p string) bool {
		if why, ok := examplePagesElsewhere[filepath.Base(p)]; ok {
			t.Logf("%s: not here: %s", p, why)
			return true
		}
		return false
	})
}

// markdownExamples returns the command lines of a page's sh blocks; in a
// block whose lines start with "$ ", those alone (the others are output).
func markdownExamples(t *testing.T, path string) exampleSource {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".md")
	if filepath.Dir(path) == "docs" {
		name = "docs-" + name
	}
	src := exampleSource{name: name}
	for _, block := range strings.Split(string(data), "```sh\n")[1:] {
		body, _, _ := strings.Cut(block, "```")
		lines := strings.Split(strings.TrimSpace(body), "\n")
		prompted := slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "$ ") })
		for _, l := range lines {
			if prompted {
				var ok bool
				if l, ok = strings.CutPrefix(l, "$ "); !ok {
					continue
				}
			}
			src.lines = append(src.lines, strings.TrimSpace(l))
		}
	}
	return src
}

var (
	addrRE    = regexp.MustCompile(`\b(127\.0\.0\.1|localhost):([0-9]+)\b`)
	fontRE    = regexp.MustCompile(`/usr/share/fonts/[^ :]+`)
	exitRE    = regexp.MustCompile(`#\s*exit ([0-9]+)\s*$`)
	killRE    = regexp.MustCompile(`^kill %([0-9]+)$`)
	portsMu   sync.Mutex // freePort hands out distinct ports within a run
	usedPorts = map[int]bool{}
)

// exampleScript writes the testscript that runs a place's examples, and
// says how many lines it runs.
func exampleScript(t *testing.T, src exampleSource) (string, int) {
	var script, files strings.Builder
	ports := map[string]int{} // a port written in the examples -> the one used
	port := func(p string) int {
		if ports[p] == 0 {
			ports[p] = freePort(t)
		}
		return ports[p]
	}
	var servers []string // background servers, by job number - 1
	stop := func(name string) {
		fmt.Fprintf(&script, "kill -INT %s\nwait %s\n", name, name)
	}
	ran := 0
	for _, l := range src.lines {
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
			continue
		case strings.Contains(l, "../shared"):
			t.Logf("%s: skipped, it names ../shared, which a clone does not have: %s", src.name, l)
			continue
		case strings.Contains(l, "/usr/share/fonts/") && !fileExists(fontRE.FindString(l)):
			t.Logf("%s: skipped, the font it names is not installed: %s", src.name, l)
			continue
		case strings.HasPrefix(l, "go test") || strings.HasPrefix(l, "go install") || strings.HasPrefix(l, "go get"):
			t.Logf("%s: skipped, go's own command: %s", src.name, l)
			continue
		}
		fmt.Fprintf(&script, "# %s\n", l) // the example, in the log
		l = strings.Replace(l, "go run . ", "sudokit ", 1)
		l = addrRE.ReplaceAllStringFunc(l, func(a string) string {
			m := addrRE.FindStringSubmatch(a)
			return fmt.Sprintf("%s:%d", m[1], port(m[2]))
		})
		ran++
		if m := killRE.FindStringSubmatch(l); m != nil {
			k, _ := strconv.Atoi(m[1])
			if k < 1 || k > len(servers) || servers[k-1] == "" {
				t.Errorf("%s: %q: no such server started before it", src.name, l)
				continue
			}
			stop(servers[k-1])
			servers[k-1] = ""
			continue
		}
		if rest, ok := strings.CutPrefix(strings.TrimSuffix(l, "&"), "sudokit serve"); ok && (rest == "" || rest[0] == ' ') {
			addr := fmt.Sprintf("127.0.0.1:%d", port("8080"))
			if m := regexp.MustCompile(`--addr ([^ ]+)`).FindStringSubmatch(rest); m != nil {
				addr = m[1]
			} else {
				rest += " --addr " + addr
			}
			name := fmt.Sprintf("server%d", len(servers)+1)
			servers = append(servers, name)
			fmt.Fprintf(&script, "exec sudokit serve %s &%s&\n", strings.TrimSpace(rest), name)
			fmt.Fprintf(&script, "waitserver %s\n", addr)
			continue
		}
		want := "0"
		if m := exitRE.FindStringSubmatch(l); m != nil {
			want = m[1]
		}
		if rest, ok := strings.CutPrefix(l, "curl "); ok {
			l = "curl --fail-with-body " + rest
		}
		file := fmt.Sprintf(".examples/%03d.sh", ran)
		fmt.Fprintf(&files, "-- %s --\n# %s\nset -o pipefail\n%s\nstatus=$?\n", file, src.name, l)
		fmt.Fprintf(&files, "if [ $status -eq 141 ]; then status=0; fi # SIGPIPE: the reader stopped early\n")
		fmt.Fprintf(&files, "if [ $status -ne %s ]; then echo \"exit status $status, want %s\" >&2; exit 1; fi\n", want, want)
		fmt.Fprintf(&script, "exec bash %s\n", file)
	}
	for _, name := range servers {
		if name != "" {
			stop(name)
		}
	}
	return script.String() + files.String(), ran
}

// freePort returns a port on 127.0.0.1 that nothing listens on, and that
// this run has not handed out before.
func freePort(t *testing.T) int {
	portsMu.Lock()
	defer portsMu.Unlock()
	for {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		p := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		if !usedPorts[p] {
			usedPorts[p] = true
			return p
		}
	}
}

// recordT runs testscripts and records which failed, instead of failing.
type recordT struct {
	name   string
	mu     *sync.Mutex
	failed map[string]bool
}

func (r *recordT) Skip(args ...any)  { runtime.Goexit() }
func (r *recordT) Fatal(args ...any) { r.FailNow() }
func (r *recordT) Parallel()         {}
func (r *recordT) Log(args ...any)   {}
func (r *recordT) Verbose() bool     { return false }
func (r *recordT) FailNow() {
	r.lock()
	r.failed[r.name] = true
	r.unlock()
	runtime.Goexit()
}
func (r *recordT) Run(name string, f func(testscript.T)) {
	if r.mu == nil {
		r.mu = &sync.Mutex{}
	}
	sub := &recordT{name: name, mu: r.mu, failed: r.failed}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(sub)
	}()
	<-done
}
func (r *recordT) lock() {
	if r.mu != nil {
		r.mu.Lock()
	}
}
func (r *recordT) unlock() {
	if r.mu != nil {
		r.mu.Unlock()
	}
}
