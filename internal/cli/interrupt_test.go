package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The tests of this file interrupt the commands that write rows and check
// that what they leave is the prefix of their output: the rows finished,
// in input order, in a whole and valid file (or on standard output), and
// one line on standard error saying how many. They wait for rows to be
// written before interrupting, never for a time.

// heldInput serves text, then waits, as a pipe from a slow program does,
// until ctx is done, and ends (as the pipe of a program killed by the same
// Ctrl-C does).
type heldInput struct {
	ctx  context.Context
	text string
}

func (r *heldInput) Read(p []byte) (int, error) {
	if r.text == "" {
		<-r.ctx.Done()
		return 0, io.EOF
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// syncBuffer is a buffer that a test reads while a command writes it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// partial returns what the temporary file of an output path holds so far
// ("" when there is none yet).
func partial(path string) string {
	names, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".sudokit-partial-*"))
	if len(names) == 0 {
		return ""
	}
	b, _ := os.ReadFile(names[0])
	return string(b)
}

// waitFor polls cond until it holds, failing the test after a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// interrupted runs the CLI in-process with input held open after stdin,
// cancels it (as Ctrl-C does) once ready says so, and returns its exit
// code and streams.
func interrupted(t *testing.T, stdin string, ready func(stdout string) bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, append([]string{"sudokit"}, args...), &heldInput{ctx, stdin}, &out, &errOut)
	}()
	waitFor(t, "rows before interrupting "+strings.Join(args, " "), func() bool {
		select {
		case err := <-done:
			t.Fatalf("%s ended before the interruption: %v\n%s", strings.Join(args, " "), err, errOut.String())
		default:
		}
		return ready(out.String())
	})
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s did not end within a minute of the interruption", strings.Join(args, " "))
	}
	var msg bytes.Buffer
	code = ExitCode(err, &msg)
	return code, out.String(), errOut.String() + msg.String()
}

// keptRows reads the line of an interrupted run that kept rows in a file:
// "sudokit: interrupted: 12 rows kept in out.csv" (1 row).
func keptRows(stderr, file string) (int, bool) {
	m := regexp.MustCompile(`^sudokit: interrupted: ([0-9]+) rows? kept in (.*)\n$`).FindStringSubmatch(stderr)
	if m == nil || m[2] != file {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil && (n == 1) == strings.HasSuffix(m[0], " row kept in "+file+"\n")
}

// puzzleLines returns the first n puzzle lines of a file of testdata/puzzles.
func puzzleLines(t *testing.T, name string, n int) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "puzzles", name))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && len(lines) < n {
			lines = append(lines, l)
		}
	}
	if len(lines) < n {
		t.Fatalf("%s holds %d puzzles, want %d", name, len(lines), n)
	}
	return strings.Join(lines, "\n") + "\n"
}

// withoutClosing drops an output's last line: a table's bottom border, an
// XML document's closing tag, written when the writer closes.
func withoutClosing(s string) string {
	i := strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")
	return s[:i+1]
}

// TestInterruptKeepsRows interrupts each command that reads puzzles once
// it has finished the rows of the input it was given (the input then waits
// for more): the -o file must hold exactly those rows, whole and in order,
// as a run on that input alone writes them (a table with its bottom
// border), the exit code be 130 and one line say how many rows were kept.
func TestInterruptKeepsRows(t *testing.T) {
	tests := []struct {
		name    string
		file    string // of testdata/puzzles
		rows    int    // input puzzles: a multiple of the batch chunk (64 for solve and canon)
		args    []string
		closing bool // the format writes a closing line
	}{
		{"solve", "norvig-top95.txt", 64, []string{"solve", "-f", "table"}, true},
		{"grade", "norvig-top95.txt", 5, []string{"grade", "-f", "csv"}, false},
		{"hint", "norvig-top95.txt", 3, []string{"hint", "-f", "json", "--level", "3"}, false},
		{"canon", "norvig-top95.txt", 64, []string{"canon", "--with-transform"}, false},
		{"transform", "norvig-top95.txt", 3, []string{"transform", "--spec", "rot90,d=912345678"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			input := puzzleLines(t, tt.file, tt.rows)
			code, want, stderr := runApp(t, input, tt.args...)
			if code != 0 {
				t.Fatalf("uninterrupted: exit %d: %s", code, stderr)
			}
			want = withoutTimes(want)
			out := filepath.Join(t.TempDir(), "out")
			written := want
			if tt.closing {
				written = withoutClosing(want)
			}
			code, _, stderr = interrupted(t, input, func(string) bool { return withoutTimes(partial(out)) == written },
				append(tt.args, "-o", out, "-q")...)
			if code != 130 {
				t.Errorf("exit %d, want 130; stderr:\n%s", code, stderr)
			}
			if msg := fmt.Sprintf("sudokit: interrupted: %d rows kept in %s\n", tt.rows, out); stderr != msg {
				t.Errorf("stderr %q, want %q", stderr, msg)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if withoutTimes(string(got)) != want {
				t.Errorf("the file holds\n%s\nwant the rows finished, whole:\n%s", got, want)
			}
			if p := partial(out); p != "" {
				t.Errorf("a temporary file is left")
			}
		})
	}
}

// TestInterruptGenerate interrupts generate once its first puzzle is in
// the file, in a format that ends with a closing tag: the file must be a
// whole XML document of the puzzles made, the very ones a run asked for
// that many makes.
func TestInterruptGenerate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.xml")
	args := []string{"generate", "--seed", "5", "-f", "opensudoku", "-q"}
	code, _, stderr := interrupted(t, "", func(string) bool { return strings.Contains(partial(out), "<game") },
		append(args, "-n", "1000000", "-o", out)...)
	if code != 130 {
		t.Errorf("exit %d, want 130; stderr:\n%s", code, stderr)
	}
	kept, ok := keptRows(stderr, out)
	if !ok || kept < 1 {
		t.Fatalf("stderr %q: want one line saying how many rows were kept", stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games []struct{} `xml:"game"`
	}
	if err := xml.Unmarshal(got, &doc); err != nil || len(doc.Games) != kept {
		t.Errorf("the file is not a document of %d games (%d, %v):\n%s", kept, len(doc.Games), err, got)
	}
	_, want, _ := runApp(t, "", append(args, "-n", strconv.Itoa(kept))...)
	if string(got) != want {
		t.Errorf("the file holds\n%s\nwant what generate -n %d writes:\n%s", got, kept, want)
	}
}

// TestInterruptShard checks that a shard cut short has no closing line,
// so that merge refuses it.
func TestInterruptShard(t *testing.T) {
	dir := t.TempDir()
	part := filepath.Join(dir, "part0.txt")
	input := puzzleLines(t, "norvig-top95.txt", 4)
	args := []string{"grade", "--shard", "0/2", "-f", "line", "-q"}
	_, want, _ := runApp(t, input, args...)
	rows, end, _ := strings.Cut(want, "# sudokit shard")
	if end == "" || strings.Count(rows, "\n") != 2 {
		t.Fatalf("uninterrupted shard:\n%s", want)
	}
	code, _, stderr := interrupted(t, input, func(string) bool { return partial(part) == rows }, append(args, "-o", part)...)
	if got, _ := os.ReadFile(part); code != 130 || string(got) != rows {
		t.Fatalf("exit %d, file\n%s\nwant 130 and the rows without the closing line; stderr:\n%s", code, got, stderr)
	}
	code, _, stderr = runApp(t, "", "merge", part)
	if code != 2 || !strings.Contains(stderr, "has no closing line") {
		t.Errorf("merge of the shard cut short: exit %d, %s", code, stderr)
	}
}

// TestInterruptStdout checks an interruption with the rows on standard
// output: they are all there, the table closed, and --summary sums up the
// rows kept.
func TestInterruptStdout(t *testing.T) {
	input := puzzleLines(t, "norvig-top95.txt", 3)
	_, want, _ := runApp(t, input, "grade", "-f", "table")
	code, stdout, stderr := interrupted(t, input, func(out string) bool { return out == withoutClosing(want) }, "grade", "-f", "table")
	if code != 130 || stdout != want || stderr != "sudokit: interrupted after 3 rows\n" {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant 130, \"interrupted after 3 rows\" and\n%s", code, stderr, stdout, want)
	}

	out := filepath.Join(t.TempDir(), "rows.csv")
	_, want, _ = runApp(t, input, "grade", "--summary", "-f", "csv")
	code, stdout, stderr = interrupted(t, input, func(string) bool { return strings.Count(partial(out), "\n") == 4 },
		"grade", "--summary", "-f", "csv", "-o", out)
	if code != 130 || stdout != want {
		t.Errorf("--summary: exit %d, stdout\n%s\nwant 130 and the summary of the 3 rows kept:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
}

// TestInterruptBeforeAnyRow checks that a run interrupted before its first
// row leaves an existing file as it was, and says so.
func TestInterruptBeforeAnyRow(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.csv")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := interrupted(t, "", func(string) bool { return true }, "grade", "-f", "csv", "-o", out)
	got, _ := os.ReadFile(out)
	if code != 130 || string(got) != "old\n" || stderr != "sudokit: interrupted before the first row: "+out+" not written\n" {
		t.Errorf("exit %d, file %q, stderr %q; want 130, the old file, and a line saying it was not written", code, got, stderr)
	}
	if partial(out) != "" {
		t.Error("a temporary file is left")
	}
}

// TestInterruptMerge interrupts a merge whose second part is a pipe that
// stops in the middle: the output holds the rows merged, whole, and says
// how many.
func TestInterruptMerge(t *testing.T) {
	dir := t.TempDir()
	input := puzzleLines(t, "norvig-top95.txt", 6)
	var parts [2]string
	for k := range parts {
		_, parts[k], _ = runApp(t, input, "solve", "--shard", fmt.Sprintf("%d/2", k), "-f", "grid")
	}
	_, whole, _ := runApp(t, input, "solve", "-f", "grid")
	part0, fifo, out := filepath.Join(dir, "part0"), filepath.Join(dir, "part1"), filepath.Join(dir, "out")
	if err := os.WriteFile(part0, []byte(parts[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := unix.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	// Part 1 sends its first row (index 1), then waits.
	first, _, _ := strings.Cut(parts[1], "\n3\t")
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		f.WriteString(first + "\n")
		time.Sleep(time.Minute) // held open: the merge waits here until interrupted
	}()
	pipeEmpty := func(string) bool {
		// Ready once merge has read all that was sent, and has merged
		// rows 0 and 1 (row 1 is whole once row 2 starts).
		f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			return false
		}
		defer f.Close()
		n, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCINQ)
		return err == nil && n == 0
	}
	code, _, stderr := interrupted(t, "", pipeEmpty, "merge", "-o", out, part0, fifo)
	if code != 130 {
		t.Fatalf("exit %d, want 130; stderr:\n%s", code, stderr)
	}
	got, _ := os.ReadFile(out)
	kept, ok := keptRows(stderr, out)
	if !ok {
		if stderr != "sudokit: interrupted before the first row: "+out+" not written\n" || len(got) > 0 {
			t.Fatalf("stderr %q: want one line saying how many rows were kept", stderr)
		}
	}
	// Grids with a blank line between them.
	want := ""
	if kept > 0 {
		want = strings.Join(strings.Split(whole, "\n\n")[:kept], "\n\n") + "\n"
	}
	if string(got) != want {
		t.Errorf("the file holds\n%s\nwant the first %d rows, whole:\n%s", got, kept, want)
	}
}

// TestInterruptSignal sends SIGINT to the program grading slow puzzles once
// its first row is written: the exit code is 130 and the -o file holds the
// rows graded, whole, the first ones of the input in order.
func TestInterruptSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("grades some of the hardest puzzles")
	}
	bin, err := exec.LookPath("sudokit") // this test binary, as testscript installs it
	if err != nil {
		t.Skip(err)
	}
	input := filepath.Join("testdata", "puzzles", "forum-hardest-40.txt")
	out := filepath.Join(t.TempDir(), "out.csv")
	cmd := exec.Command(bin, "grade", "-f", "csv", "-j", "2", "-o", out, input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first row", func() bool { return strings.Count(partial(out), "\n") >= 2 })
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d (%v), want 130; stderr:\n%s", code, err, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s is not whole CSV: %v", out, err)
	}
	kept, ok := keptRows(stderr.String(), out)
	if !ok || kept < 1 {
		t.Fatalf("stderr %q: want one line saying how many rows were kept", stderr.String())
	}
	if len(rows) != kept+1 || rows[0][0] != "source" {
		t.Fatalf("%s holds %d records, want the header and %d rows", out, len(rows), kept)
	}
	puzzles := strings.Split(puzzleLines(t, "forum-hardest-40.txt", kept), "\n")
	for i, row := range rows[1:] {
		if want := strings.Fields(puzzles[i])[0]; row[3] != want || row[4] != "rated" {
			t.Errorf("row %d: puzzle %s, status %s; want %s, rated", i+1, row[3], row[4], want)
		}
	}
	t.Logf("kept %d rows", kept)
}
