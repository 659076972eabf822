package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestInterruptSizedSolve interrupts `solve --size 12` while one worker
// searches a sparse 12x12 that goes on for over a minute unstopped, once
// the other has written the 64 rows of the chunk before it: the run ends
// at once, with those rows kept and exit code 130.
func TestInterruptSizedSolve(t *testing.T) {
	easy := puzzleLines(t, "sizes/12x12-minimal.txt", 1)
	slow := puzzleLines(t, "sizes/12x12-slow.txt", 1)
	input := strings.Repeat(easy, 64) + slow + strings.Repeat(easy, 63) // two chunks of 64
	out := filepath.Join(t.TempDir(), "out")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"sudokit", "solve", "--size", "12", "--workers", "2", "-o", out, "-q"},
			&heldInput{ctx, input}, &stdout, &stderr)
	}()
	waitFor(t, "the first chunk's rows", func() bool {
		select {
		case err := <-done:
			t.Fatalf("solve ended before the interruption: %v\n%s", err, stderr.String())
		default:
		}
		return strings.Count(partial(out), "\n") == 64
	})
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("solve still runs 20 s after the interruption")
	}
	var msg strings.Builder
	if code := ExitCode(err, &msg); code != 130 {
		t.Errorf("exit %d, want 130: %s%s", code, stderr.String(), msg.String())
	}
	if want := fmt.Sprintf("sudokit: interrupted: 64 rows kept in %s\n", out); msg.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String()+msg.String(), want)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(got), "\n"); n != 64 {
		t.Errorf("%d rows kept, want 64:\n%s", n, got)
	}
}
