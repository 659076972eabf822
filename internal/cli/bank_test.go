package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

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

// checkBank checks that a bank holds n puzzles, passes SQLite's integrity
// check, and still takes puzzles and picks.
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
	if code, _, stderr := runApp(t, "", "bank", "add", "--bank", path, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"); code != 0 {
		t.Fatalf("adding after the stop: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runApp(t, "", "bank", "pick", "--bank", path, "-n", "10", "--book", "after"); code != 0 {
		t.Fatalf("picking after the stop: exit %d\n%s", code, stderr)
	}
}

// kill -9 during bank add loses nothing committed and leaves the bank
// usable.
func TestBankAddKilled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bank.db")
	cmd, _ := startAdd(t, path)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	checkBank(t, path, 220)
}

// SIGINT during bank add stops it with 130, the rows read committed, and
// says how many puzzles were added: as many as the bank holds.
func TestBankAddInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bank.db")
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
}
