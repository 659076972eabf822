package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

var (
	pgOnce sync.Once
	pg     *testenv.PostgresServer
	pgErr  error
)

// pgServer is the PostgreSQL server of the package's tests: started by the
// first test that needs it, stopped when they end (fromRoot.Run).
func pgServer(t *testing.T) *testenv.PostgresServer {
	t.Helper()
	pgOnce.Do(func() { pg, pgErr = testenv.StartPostgres() })
	testenv.NeedPostgres(t, pgErr)
	return pg
}

// forEachBackend runs f on a new bank of each backend: an SQLite file, and
// a database of the tests' PostgreSQL server.
func forEachBackend(t *testing.T, f func(t *testing.T, name string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "bank.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, pgServer(t).NewDatabase(t)) })
}

// feedRows writes to w, until it fails, the rated rows of the qqwing
// sample as they are and then as random isomorphs of them (duplicates of
// the first, so that the bank stops growing at the sample's size while
// the add keeps committing).
func feedRows(t *testing.T, w io.WriteCloser) {
	defer w.Close()
	var rows []sudoku.Puzzle
	for p, err := range sudoku.Inputs([]string{filepath.Join("testdata", "puzzles", "qqwing-sample220.se121.txt")}, nil) {
		if err != nil {
			t.Error(err)
			return
		}
		rows = append(rows, p)
	}
	bw := bufio.NewWriter(w)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; ; i++ {
		p := rows[i%len(rows)]
		g := p.Grid
		if i >= len(rows) {
			g = canon.Random(rng).Apply(g)
		}
		if _, err := fmt.Fprintf(bw, "%s %s\n", g, p.Label); err != nil {
			return
		}
		if i%500 == 0 && bw.Flush() != nil {
			return
		}
	}
}

// startAdd starts `sudokit bank add` on a bank, reading rows fed without
// end, and waits until the bank holds the sample's 220 puzzles (committed).
func startAdd(t *testing.T, path string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	bin, err := exec.LookPath("sudokit") // this test binary, as testscript installs it
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(bin, "bank", "add", "-q", "--bank", path, "-j", "2", "-")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go feedRows(t, stdin)
	waitFor(t, "the first commits", func() bool {
		b, err := bank.Open(context.Background(), path, bank.Options{})
		if err != nil {
			return false
		}
		defer b.Close()
		n, _ := b.Count(context.Background(), bank.Filter{})
		return n == 220
	})
	return cmd, &stderr
}

// checkBank checks that a bank holds n puzzles, as bank stats says too,
// passes SQLite's integrity check, and still takes puzzles and picks.
func checkBank(t *testing.T, path string, n int) {
	t.Helper()
	b, err := bank.Open(context.Background(), path, bank.Options{})
	if err != nil {
		t.Fatalf("the bank does not open after the add stopped: %v", err)
	}
	defer b.Close()
	if err := b.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, err := b.Count(context.Background(), bank.Filter{}); err != nil || got != n {
		t.Fatalf("the bank holds %d puzzles (%v), want %d", got, err, n)
	}
	code, stdout, stderr := runApp(t, "", "bank", "stats", "-f", "json", "--bank", path)
	var st bank.Stats
	if err := json.Unmarshal([]byte(stdout), &st); code != 0 || err != nil || st.Total.Total != n {
		t.Fatalf("bank stats after the stop: exit %d, %v, total %d, want %d\n%s%s", code, err, st.Total.Total, n, stdout, stderr)
	}
	if code, _, stderr := runApp(t, "", "bank", "add", "--bank", path, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"); code != 0 {
		t.Fatalf("adding after the stop: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runApp(t, "", "bank", "pick", "--bank", path, "-n", "10", "--book", "after"); code != 0 {
		t.Fatalf("picking after the stop: exit %d\n%s", code, stderr)
	}
}

// kill -9 during bank add loses nothing committed and leaves the bank
// usable, on both backends (PostgreSQL rolls back the transaction of the
// connection that died).
func TestBankAddKilled(t *testing.T) {
	forEachBackend(t, func(t *testing.T, path string) {
		cmd, _ := startAdd(t, path)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		checkBank(t, path, 220)
	})
}

// SIGINT during bank add stops it with 130, the rows read committed, and
// says how many puzzles were added: as many as the bank holds; on both
// backends.
func TestBankAddInterrupted(t *testing.T) {
	forEachBackend(t, func(t *testing.T, path string) {
		cmd, stderr := startAdd(t, path)
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 130 {
			t.Fatalf("exit %d, want 130; stderr:\n%s", code, stderr)
		}
		m := regexp.MustCompile(`sudokit: interrupted: ([0-9,]+) puzzles added to .*, ([0-9,]+) duplicates of stored ones\n`).FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("stderr %q: want a line saying how many were added", stderr)
		}
		if n, _ := strconv.Atoi(m[1]); n != 220 {
			t.Errorf("%s added, want 220 (the sample, and duplicates after it)", m[1])
		}
		checkBank(t, path, 220)
	})
}

// A bad row between a good one and an isomorph of it: the bad row is
// reported with its line and left out, the isomorph is named a duplicate
// of the good one, and the exit status is 1.
func TestBankAddBadRows(t *testing.T) {
	good := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... ED=2.6/1.2/1.2"
	tests := []struct {
		name, row, want string
	}{
		{"short", "4.....8.5.3..........7......2.....6", "rows.txt:2: "},
		{"letter", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....k", "rows.txt:2: unexpected character"},
		{"repeated digit", "44....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "rows.txt:2: "},
		{"no solution", "12345678.........9...............................................................", "rows.txt:2: "},
		{"several solutions", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........ ED=2.6/1.2/1.2", "rows.txt:2: "},
		{"bad JSON", `{"puzzle": 12}`, "rows.txt:2: "},
		{"unknown variant", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... variant=spiral", "rows.txt:2: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			rows := filepath.Join(dir, "rows.txt")
			iso := "..1.........84....5.7...3.........2...3..7......9...8.24.....9......5..1.9....... ED=2.6/1.2/1.2"
			if err := os.WriteFile(rows, []byte(good+"\n"+tt.row+"\n"+iso+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "bank.db")
			code, _, stderr := runApp(t, "", "bank", "add", "--bank", path, rows)
			if code != 1 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "1 bad row left out") {
				t.Fatalf("exit %d, stderr:\n%s\nwant exit 1, %q and one bad row", code, stderr, tt.want)
			}
			if !strings.Contains(stderr, "rows.txt:3: a duplicate of puzzle 1 of the bank") || strings.Count(stderr, "rows.txt:") != 2 {
				t.Errorf("stderr does not name line 3 a duplicate of puzzle 1, or names another line:\n%s", stderr)
			}
			b, err := bank.Open(context.Background(), path, bank.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if n, err := b.Count(context.Background(), bank.Filter{}); err != nil || n != 1 {
				t.Errorf("%d puzzles stored (%v), want the good one", n, err)
			}
		})
	}
}

// Eight `bank pick -n 50` processes at once on one bank (SQLite, and
// PostgreSQL when installed): 400 distinct puzzles, none in two books.
func TestBankConcurrentPickProcesses(t *testing.T) {
	bin, err := exec.LookPath("sudokit")
	if err != nil {
		t.Skip(err)
	}
	var rows strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(puzzleLines(t, "royle-17clue-2000.txt", 450)), "\n") {
		fmt.Fprintf(&rows, "%s ED=2.0/1.2/1.2\n", strings.Fields(l)[0])
	}
	forEachBackend(t, func(t *testing.T, path string) {
		if code, _, stderr := runApp(t, rows.String(), "bank", "add", "-q", "--bank", path, "-"); code != 0 {
			t.Fatalf("add: exit %d\n%s", code, stderr)
		}
		cmds := make([]*exec.Cmd, 8)
		outs := make([]*bytes.Buffer, 8)
		for i := range cmds {
			cmds[i] = exec.Command(bin, "bank", "pick", "-q", "--bank", path, "-n", "50", "--book", fmt.Sprintf("book%d", i))
			outs[i] = &bytes.Buffer{}
			cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
		}
		for _, c := range cmds {
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
		}
		seen := map[string]int{}
		for i, c := range cmds {
			if err := c.Wait(); err != nil {
				t.Fatalf("pick %d: %v\n%s", i, err, outs[i])
			}
			ids := regexp.MustCompile(`bank=([0-9]+) book=book`+strconv.Itoa(i)+`#`).FindAllStringSubmatch(outs[i].String(), -1)
			if len(ids) != 50 {
				t.Errorf("pick %d wrote %d puzzles of its book:\n%s", i, len(ids), outs[i])
			}
			for _, m := range ids {
				if j, dup := seen[m[1]]; dup {
					t.Errorf("puzzle %s picked by %d and %d", m[1], j, i)
				}
				seen[m[1]] = i
			}
		}
		if len(seen) != 400 {
			t.Errorf("%d distinct puzzles picked, want 400", len(seen))
		}
		b, err := bank.Open(context.Background(), path, bank.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		used := true
		if n, err := b.Count(context.Background(), bank.Filter{Used: &used}); err != nil || n != 400 {
			t.Errorf("%d puzzles used in the bank (%v), want 400", n, err)
		}
	})
}

// A full disk during bank add (a tmpfs of 3 MiB, mounted where the test
// may, as root): the add stops with exit 1, saying how many puzzles it
// added and that the disk is full; the bank holds them, and still serves
// finds and picks.
func TestBankAddDiskFull(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a small tmpfs needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	// 14,000 distinct puzzles: Royle's 17-clue puzzles, and each with one
	// clue of its solution added.
	var rows strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(puzzleLines(t, "royle-17clue-2000.txt", 2000)), "\n") {
		g, err := sudoku.ParseGrid(strings.Fields(l)[0])
		if err != nil {
			t.Fatal(err)
		}
		sol, ok := solve.Solve(g)
		if !ok {
			t.Fatalf("%s has no solution", l)
		}
		fmt.Fprintf(&rows, "%s ED=2.0/1.2/1.2\n", g)
		added := 0
		for i := range 81 {
			if g[i] == 0 && added < 6 {
				h := g
				h[i] = sol[i]
				fmt.Fprintf(&rows, "%s ED=2.0/1.2/1.2\n", h)
				added++
			}
		}
	}
	path := filepath.Join(dir, "bank.db")
	code, _, stderr := runApp(t, rows.String(), "bank", "add", "-q", "--bank", path, "-")
	m := regexp.MustCompile(`sudokit: stopped: ([0-9,]+) puzzles added`).FindStringSubmatch(stderr)
	if code != 1 || m == nil || !strings.Contains(stderr, "database or disk is full") {
		t.Fatalf("exit %d, stderr:\n%s\nwant exit 1, how many were added, and that the disk is full", code, stderr)
	}
	n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
	if n == 0 {
		t.Fatalf("nothing committed before the disk filled: make the tmpfs larger")
	}
	b, err := bank.Open(context.Background(), path, bank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, err := b.Count(context.Background(), bank.Filter{}); err != nil || got != n {
		t.Fatalf("the bank holds %d puzzles (%v), and the add said %d", got, err, n)
	}
	if _, err := b.Pick(context.Background(), "after", 10, bank.Filter{}); err != nil {
		t.Fatalf("pick on the full disk: %v", err)
	}
}
