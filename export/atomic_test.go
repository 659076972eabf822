package export

import (
	"os"
	"path/filepath"
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
