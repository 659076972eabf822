package cli

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer that the server's goroutines and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeSaysWhere: serve names the page's URL even with -q (with port
// 0 it is the only place the port is told), and the URL answers.
func TestServeSaysWhere(t *testing.T) {
	for _, args := range [][]string{{"--addr", "127.0.0.1:0"}, {"--addr", "127.0.0.1:0", "-q"}} {
		ctx, cancel := context.WithCancel(context.Background())
		var stdout, stderr lockedBuffer
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, append([]string{"sudokit", "serve"}, args...), nil, &stdout, &stderr)
		}()
		urlRE := regexp.MustCompile(`^sudokit: serving the assistant at (http://localhost:[1-9][0-9]*/) \(Ctrl-C to stop\)\n`)
		var url string
		for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if m := urlRE.FindStringSubmatch(stderr.String()); m != nil {
				url = m[1]
			}
		}
		if url == "" {
			cancel()
			t.Fatalf("serve %v: no URL on standard error: %q", args, stderr.String())
		}
		resp, err := http.Get(url)
		if err != nil {
			t.Fatalf("serve %v: %v", args, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("serve %v: GET %s: %s", args, url, resp.Status)
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve %v: %v", args, err)
		}
		if stdout.String() != "" {
			t.Errorf("serve %v wrote on standard output: %q", args, stdout.String())
		}
	}
}
