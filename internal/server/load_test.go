package server

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var loadTime = flag.Duration("load", 0, "run TestLoad for this long (such as 20s): 64 clients of mixed grade, hint and solve on top95")

// TestLoad puts the server under load on loopback: 64 clients send mixed
// grade, hint (levels 1-3) and solve requests on the top95 puzzles for
// -load, waiting as Retry-After says after a 503. Every answer must be
// 200 or 503 (busy, with Retry-After); it logs the latency percentiles and
// the rate. Run it with
//
//	go test -run TestLoad -load 20s -v ./internal/server/
func TestLoad(t *testing.T) {
	if *loadTime <= 0 {
		t.Skip("a load test: run with -load 20s")
	}
	var puzzles []string
	f, err := os.Open(filepath.Join("..", "..", "testdata", "puzzles", "norvig-top95.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); len(line) >= 81 && line[0] != '#' {
			puzzles = append(puzzles, line[:81])
		}
	}
	f.Close()
	url, stop, served := serveLoopback(t)
	const clients = 64
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: time.Minute}
	type sample struct {
		kind   string
		status int
		d      time.Duration
	}
	var (
		mu      sync.Mutex
		samples []sample
		wg      sync.WaitGroup
	)
	deadline := time.Now().Add(*loadTime)
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := c; time.Now().Before(deadline); i += clients {
				p := puzzles[i%len(puzzles)]
				var path, body string
				switch i % 3 {
				case 0:
					path, body = "/api/v1/grade", fmt.Sprintf(`{"puzzle": %q}`, p)
				case 1:
					path, body = "/api/v1/hint", fmt.Sprintf(`{"puzzle": %q, "depth": %d}`, p, i%3+1)
				default:
					path, body = "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q}`, p)
				}
				t0 := time.Now()
				resp, err := client.Post(url+path, "application/json", strings.NewReader(body))
				if err != nil {
					t.Error(err)
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				samples = append(samples, sample{path[len("/api/v1/"):], resp.StatusCode, time.Since(t0)})
				mu.Unlock()
				if resp.StatusCode == 503 {
					// A well-behaved client waits as told.
					secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
					if err != nil {
						t.Errorf("503 with Retry-After %q", resp.Header.Get("Retry-After"))
						return
					}
					time.Sleep(time.Duration(secs) * time.Second)
				}
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	stop()
	if err := <-served; err != nil {
		t.Fatal(err)
	}
	codes := map[int]int{}
	byKind := map[string][]time.Duration{}
	var ok []time.Duration
	for _, s := range samples {
		codes[s.status]++
		if s.status == 200 {
			ok = append(ok, s.d)
			byKind[s.kind] = append(byKind[s.kind], s.d)
		}
	}
	for code := range codes {
		if code != 200 && code != 503 {
			t.Errorf("%d answers with status %d", codes[code], code)
		}
	}
	pct := func(ds []time.Duration, p float64) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return ds[min(len(ds)-1, int(p*float64(len(ds))))]
	}
	t.Logf("%d clients, %v: %d requests, %.0f/s; status 200: %d, 503: %d", clients, wall.Round(time.Millisecond),
		len(samples), float64(len(samples))/wall.Seconds(), codes[200], codes[503])
	t.Logf("all 200s: p50 %v, p99 %v, max %v", pct(ok, .5), pct(ok, .99), pct(ok, 1))
	for _, k := range []string{"grade", "hint", "solve"} {
		t.Logf("%-5s: %5d answered, p50 %v, p99 %v", k, len(byKind[k]), pct(byKind[k], .5), pct(byKind[k], .99))
	}
}
