package cli

import (
	"bytes"
	"context"
	"os"
	"sync"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/sudokit/sudokit/export"
)

// progress is a progress bar on the error stream, drawn only when that
// stream is a terminal and -q is not given. Whatever else goes to that
// terminal (messages, and the rows when standard output is the same
// terminal) goes through it, whole lines at a time, and is printed above
// the bar: the bar never overwrites it.
type progress struct {
	p   *mpb.Progress
	bar *mpb.Bar

	mu      sync.Mutex
	pending []byte // the start of a line not yet ended
}

// startProgress starts the bar of a session: "verb 12/40" with a known
// total, "verb 12" without (total 0). extra, when set, adds a note after
// the count. It returns nil when no bar is drawn.
func (s *session) startProgress(ctx context.Context, verb string, total int, extra func() string) *progress {
	if s.quiet || !isTerminal(s.c.App.ErrWriter) {
		return nil
	}
	p := mpb.NewWithContext(ctx, mpb.WithOutput(s.c.App.ErrWriter), mpb.WithWidth(40), mpb.WithAutoRefresh())
	count := decor.CurrentNoUnit("%d")
	if total > 0 {
		count = decor.CountersNoUnit("%d/%d")
	}
	after := []decor.Decorator{decor.AverageSpeed(0, " %.1f/s")}
	if extra != nil {
		after = append([]decor.Decorator{decor.Any(func(decor.Statistics) string { return " " + extra() })}, after...)
	}
	var bar *mpb.Bar
	if total > 0 {
		bar = p.AddBar(int64(total), mpb.BarRemoveOnComplete(),
			mpb.PrependDecorators(decor.Name(verb+" "), count), mpb.AppendDecorators(after...))
	} else {
		bar = p.New(0, mpb.SpinnerStyle(), mpb.PrependDecorators(decor.Name(verb+" "), count), mpb.AppendDecorators(after...))
	}
	s.progress = &progress{p: p, bar: bar}
	return s.progress
}

// Write prints whole lines above the bar and keeps the start of a line
// until it ends.
func (pr *progress) Write(b []byte) (int, error) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.pending = append(pr.pending, b...)
	if i := bytes.LastIndexByte(pr.pending, '\n'); i >= 0 {
		if _, err := pr.p.Write(pr.pending[:i+1]); err != nil {
			return 0, err
		}
		pr.pending = append(pr.pending[:0], pr.pending[i+1:]...)
	}
	return len(b), nil
}

// increment counts one item done (nothing without a bar).
func (pr *progress) increment() {
	if pr != nil {
		pr.bar.Increment()
	}
}

// stop removes the bar and prints what is left of the text that went
// through it; the session's messages go straight to the stream again.
func (s *session) stopProgress() {
	pr := s.progress
	if pr == nil {
		return
	}
	pr.bar.Abort(true)
	pr.p.Wait()
	s.progress = nil
	if len(pr.pending) > 0 {
		s.c.App.ErrWriter.Write(pr.pending)
	}
}

// rowsOut returns where the rows go on standard output: through the bar
// when standard output is the terminal the bar is drawn on.
func (s *session) rowsOut() (out interface{ Write([]byte) (int, error) }) {
	stdout := s.c.App.Writer
	if s.progress != nil && isTerminal(stdout) && sameFile(stdout, s.c.App.ErrWriter) {
		return s.progress
	}
	return stdout
}

// sameFile reports whether two streams are the same file (such as one
// terminal).
func sameFile(a, b any) bool {
	fa, ok1 := a.(*os.File)
	fb, ok2 := b.(*os.File)
	if !ok1 || !ok2 {
		return false
	}
	sa, err1 := fa.Stat()
	sb, err2 := fb.Stat()
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// tries formats a number of candidates for the bar.
func tries(n int64) string { return export.Count(n, "candidate") }
