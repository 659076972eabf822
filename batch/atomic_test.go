package batch

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestAtomicFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old\n"), 0o644)

	a, err := CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("new\n")
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Fatalf("the file changed before Commit: %q", b)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("after Commit: %q", b)
	}

	a, _ = CreateAtomic(path)
	a.WriteString("half")
	a.Abort()
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("Abort changed the file: %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

// A device or a pipe is written in place, never replaced.
func TestAtomicFileOnAPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(path)
		got <- string(b)
	}()
	a, err := CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	a.WriteString("through the pipe\n")
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe\n" {
		t.Fatalf("read %q", s)
	}
	if st, err := os.Stat(path); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v %v", st.Mode(), err)
	}
}

// A temporary file left by a killed run is named after its target, and the
// next run writing that target removes it; one of a live process stays.
func TestAtomicFileCleansStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out[1].txt")
	dead := filepath.Join(dir, ".out[1].txt.sudokit-partial-999999999-123")
	live := filepath.Join(dir, ".out[1].txt.sudokit-partial-1-456") // PID 1 is always there
	other := filepath.Join(dir, ".other.txt.sudokit-partial-999999999-7")
	for _, p := range []string{dead, live, other} {
		os.WriteFile(p, []byte("half"), 0o600)
	}
	a, err := CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(a.Name()), ".out[1].txt.sudokit-partial-") {
		t.Errorf("temporary file %s is not named after its target", a.Name())
	}
	a.Abort()
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("the stale temporary file of a dead process is still there")
	}
	for _, p := range []string{live, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}
