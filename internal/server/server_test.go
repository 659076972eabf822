package server

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

const (
	top95First = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	pointing   = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"
	solved     = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	twoSols    = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
)

func newTestServer(t testing.TB, opt Options) *httptest.Server {
	t.Helper()
	if opt.Config == nil {
		opt.Config = config.Default()
	}
	s, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

// post sends a JSON body and returns the status and the decoded answer.
func post(t testing.TB, ts *httptest.Server, path, body string) (int, map[string]any, http.Header) {
	t.Helper()
	resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: answer is not a JSON object: %v: %s", path, err, data)
		}
	}
	return resp.StatusCode, v, resp.Header
}

func TestEndpoints(t *testing.T) {
	ts := newTestServer(t, Options{Version: "test"})
	cases := []struct {
		name, path, body string
		status           int
		// want holds fields of the answer (compared as JSON text).
		want map[string]string
	}{
		{"solve", "/api/v1/solve", `{"puzzle": "` + top95First + `"}`, 200,
			map[string]string{"status": `"unique"`, "count": "1", "solution": `"417369825632158947958724316825437169791586432346912758289643571573291684164875293"`}},
		{"solve a grid with borders", "/api/v1/solve", `{"puzzle": "4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 . . |. . .\n------+------+------\n. 2 . |. . . |. 6 .\n. . . |. 8 . |4 . .\n. . . |. 1 . |. . .\n------+------+------\n. . . |6 . 3 |. 7 .\n5 . . |2 . . |. . .\n1 . 4 |. . . |. . ."}`, 200,
			map[string]string{"status": `"unique"`}},
		{"solve several", "/api/v1/solve", `{"puzzle": "` + twoSols + `"}`, 200, map[string]string{"status": `"multiple"`}},
		{"solve max_solutions", "/api/v1/solve", `{"puzzle": "` + twoSols + `", "max_solutions": 1}`, 200, map[string]string{"count": "1"}},
		{"grade", "/api/v1/grade", `{"puzzle": "` + pointing + `"}`, 200,
			map[string]string{"status": `"rated"`, "er": "10.3", "ep": "10.3", "ed": "2.6", "level": `"diabolical"`}},
		{"grade several", "/api/v1/grade", `{"puzzle": "` + twoSols + `"}`, 200, map[string]string{"status": `"multiple"`}},
		{"hint depth 1", "/api/v1/hint", `{"puzzle": "` + pointing + `"}`, 200,
			map[string]string{"status": `"hint"`, "depth": "1", "hint": `{"family":"intersections","name":"Pointing","rating":2.6,"technique":"pointing","text":"Look for pointing."}`}},
		{"hint depth 3", "/api/v1/hint", `{"puzzle": "` + pointing + `", "depth": 3}`, 200, map[string]string{"depth": "3"}},
		{"hint level, the old name of depth", "/api/v1/hint", `{"puzzle": "` + pointing + `", "level": 2}`, 200, map[string]string{"depth": "2"}},
		{"hint depth and level agree", "/api/v1/hint", `{"puzzle": "` + pointing + `", "depth": 2, "level": 2}`, 200, map[string]string{"depth": "2"}},
		{"hint solved", "/api/v1/hint", `{"puzzle": "` + solved + `"}`, 200, map[string]string{"status": `"solved"`, "error": `"the puzzle is solved"`}},
		{"hint all", "/api/v1/hint", `{"puzzle": "` + pointing + `", "all": true, "level": 3}`, 200, nil},
		{"generate", "/api/v1/generate", `{"level": "easy", "seed": 7, "count": 2}`, 200, nil},
		{"levels", "/api/v1/levels", "", 200, nil},

		{"broken JSON", "/api/v1/solve", `{"puzzle": `, 400, map[string]string{"error": `"the JSON body ends too early"`}},
		{"syntax", "/api/v1/solve", `{"puzzle" "x"}`, 400, nil},
		{"empty body", "/api/v1/solve", ``, 400, nil},
		{"not an object", "/api/v1/solve", `[1,2]`, 400, map[string]string{"error": `"the body must be a JSON object, not array"`}},
		{"two values", "/api/v1/solve", `{"puzzle": "` + pointing + `"} {}`, 400, nil},
		{"wrong type", "/api/v1/hint", `{"puzzle": "` + pointing + `", "level": "2"}`, 400, map[string]string{"error": `"field \"level\" must be a number, not string"`}},
		{"unknown field", "/api/v1/grade", `{"puzzle": "` + pointing + `", "explain": true}`, 400, map[string]string{"error": `"unknown field \"explain\""`}},
		{"missing puzzle", "/api/v1/grade", `{}`, 400, nil},
		{"a variant's rule broken", "/api/v1/grade", `{"puzzle": "..1` + strings.Repeat(".", 9) + `1` + strings.Repeat(".", 68) + ` variant=anti-king"}`, 400,
			map[string]string{"error": `"puzzle:1: r1c3 and r2c4 are a king's move apart and both hold 1"`}},
		{"bad puzzle", "/api/v1/grade", `{"puzzle": "12345"}`, 400, nil},
		{"repeated digit", "/api/v1/solve", `{"puzzle": "11` + strings.Repeat(".", 79) + `"}`, 400,
			map[string]string{"error": `"puzzle:1: digit 1 repeated in row 1: r1c1 and r1c2"`}},
		{"two puzzles", "/api/v1/grade", `{"puzzle": "` + pointing + "\\n" + top95First + `"}`, 400, nil},
		{"bad level", "/api/v1/hint", `{"puzzle": "` + pointing + `", "level": 4}`, 400, map[string]string{"error": `"field \"level\" must be 1, 2 or 3, not 4"`}},
		{"bad depth", "/api/v1/hint", `{"puzzle": "` + pointing + `", "depth": 0.5}`, 400, nil},
		{"depth and level differ", "/api/v1/hint", `{"puzzle": "` + pointing + `", "depth": 3, "level": 1}`, 400,
			map[string]string{"error": `"give field \"depth\" (or its older name \"level\"), not both"`}},
		{"bad max_solutions", "/api/v1/solve", `{"puzzle": "` + pointing + `", "max_solutions": -1}`, 400, nil},
		{"generate unknown level", "/api/v1/generate", `{"level": "impossible"}`, 400, nil},
		{"generate too many", "/api/v1/generate", `{"count": 1000}`, 400, nil},
		{"generate level and rating", "/api/v1/generate", `{"level": "easy", "rating": "2.0"}`, 400, nil},
		{"print nothing", "/api/v1/print", `{"puzzles": []}`, 400, nil},
		{"print bad format", "/api/v1/print", `{"puzzles": ["` + pointing + `"], "format": "docx"}`, 400, nil},
		{"print several solutions", "/api/v1/print", `{"puzzles": ["` + twoSols + `"]}`, 400, nil},
		{"unknown endpoint", "/api/v1/nothing", `{}`, 404, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var (
				status int
				got    map[string]any
				h      http.Header
			)
			if tc.body == "" && tc.status == 200 {
				resp, err := http.Get(ts.URL + tc.path)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				status, h = resp.StatusCode, resp.Header
			} else {
				status, got, h = post(t, ts, tc.path, tc.body)
			}
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, got)
			}
			if h.Get("Sudokit-Version") != "test" || h.Get("Access-Control-Allow-Origin") != "" {
				t.Errorf("headers: %v", h)
			}
			if status >= 400 {
				if msg, _ := got["error"].(string); msg == "" {
					t.Errorf("an error without a message: %v", got)
				}
			}
			for k, want := range tc.want {
				b, _ := json.Marshal(got[k])
				if string(b) != want {
					t.Errorf("%s = %s, want %s", k, b, want)
				}
			}
		})
	}
}

func TestHintLevelsRevealOnlyTheirPart(t *testing.T) {
	ts := newTestServer(t, Options{})
	for level, forbidden := range map[int][]string{1: {"region", "eliminations", "cells", "key", "technique_name"}, 2: {"eliminations", "cells", "placements"}, 3: {}} {
		_, got, _ := post(t, ts, "/api/v1/hint", `{"puzzle": "`+pointing+`", "depth": `+string(rune('0'+level))+`}`)
		h, _ := got["hint"].(map[string]any)
		if h == nil {
			t.Fatalf("level %d: no hint: %v", level, got)
		}
		for _, k := range forbidden {
			if _, ok := h[k]; ok {
				t.Errorf("level %d tells %s: %v", level, k, h)
			}
		}
		if level == 3 && h["eliminations"] == nil {
			t.Errorf("level 3 lacks the eliminations: %v", h)
		}
	}
}

func TestPrint(t *testing.T) {
	ts := newTestServer(t, Options{})
	two := `"puzzles": ["` + pointing + `", "` + top95First + `"]`
	for _, tc := range []struct {
		body, mime, name string
		// files: the zip's files (nil: not a zip); magic: the file's start.
		files []string
		magic string
	}{
		{`{` + two + `, "format": "pdf", "title": "Test"}`, "application/pdf", "sudoku.pdf", nil, "%PDF-"},
		{`{` + two + `, "title": "Test"}`, "application/pdf", "sudoku.pdf", nil, "%PDF-"},
		{`{` + two + `, "format": "svg", "title": "Test"}`, "image/svg+xml", "sudoku.svg", nil, "<svg"},
		{`{` + two + `, "title": "Судоку Σ"}`, "application/pdf", "sudoku.pdf", nil, "%PDF-"},
		{`{` + two + `, "format": "html", "title": "Test"}`, "text/html; charset=utf-8", "sudoku.html", nil, "<!DOCTYPE html>"},
		{`{"puzzles": ["` + pointing + `"], "format": "png"}`, "image/png", "sudoku.png", nil, "\x89PNG\r\n"},
		{`{` + two + `, "format": "png"}`, "application/zip", "sudoku-png.zip",
			[]string{"puzzle-001.png", "solution-001.png", "puzzle-002.png", "solution-002.png"}, "\x89PNG\r\n"},
	} {
		resp, err := http.Post(ts.URL+"/api/v1/print", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != tc.mime {
			t.Errorf("%s: status %d, %s: %.200s", tc.body, resp.StatusCode, resp.Header.Get("Content-Type"), data)
			continue
		}
		if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="`+tc.name+`"` {
			t.Errorf("%s: Content-Disposition %q", tc.body, cd)
		}
		files := [][]byte{data}
		if tc.files != nil {
			z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatalf("%s: %v", tc.body, err)
			}
			files = nil
			var names []string
			for _, f := range z.File {
				names = append(names, f.Name)
				r, err := f.Open()
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(r)
				files = append(files, b)
			}
			if strings.Join(names, " ") != strings.Join(tc.files, " ") {
				t.Errorf("%s: files %v, want %v", tc.body, names, tc.files)
			}
		}
		for _, f := range files {
			if !bytes.Contains(f[:min(len(f), 200)], []byte(tc.magic)) {
				t.Errorf("%s: a file starts %q", tc.body, f[:min(len(f), 40)])
			}
		}
	}
}

// TestLevels: the configured levels, easiest first, each with its band; a
// band open above has no "max".
func TestLevels(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.URL + "/api/v1/levels")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	want := `[{"name":"easy","min":1.0,"max":1.5},{"name":"medium","min":1.6,"max":2.5},{"name":"hard","min":2.6,"max":4.0},` +
		`{"name":"fiendish","min":4.1,"max":6.0},{"name":"diabolical","min":6.1}]`
	if got := strings.TrimSpace(string(body)); got != want {
		t.Errorf("levels:\n%s\nwant\n%s", got, want)
	}
	// Killers have levels of their own (config.yaml's killer.levels).
	resp, err = http.Get(ts.URL + "/api/v1/levels/killer")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ = io.ReadAll(resp.Body)
	want = `[{"name":"easy","min":1.0,"max":2.3},{"name":"medium","min":2.4,"max":2.7},{"name":"hard","min":2.8,"max":3.0},` +
		`{"name":"fiendish","min":3.1,"max":4.4},{"name":"diabolical","min":4.5}]`
	if got := strings.TrimSpace(string(body)); resp.StatusCode != 200 || got != want {
		t.Errorf("killer levels: %d\n%s\nwant\n%s", resp.StatusCode, got, want)
	}
}

// TestPrintRefusals: what print refuses, each with 400 and words that
// name no command-line flag.
func TestPrintRefusals(t *testing.T) {
	ts := newTestServer(t, Options{})
	one := `"puzzles": ["` + pointing + `"]`
	for _, tc := range []struct{ body, want string }{
		{`{` + one + `, "format": "docx"}`, `field "format": unknown format "docx" (want one of pdf, svg, html, png)`},
		{`{` + one + `, "format": "PNG"}`, `field "format": unknown format "PNG"`},
		{`{` + one + `, "format": "png", "title": "T"}`, `field "title" does not go with format png`},
		{`{` + one + `, "format": "png", "paper": "a4"}`, `field "paper" does not go with format png`},
		{`{` + one + `, "format": "png", "per_page": 4}`, `field "per_page" does not go with format png`},
		{`{` + one + `, "format": "pdf", "per_page": 5}`, `5 puzzles per page is not a layout`},
		{`{` + one + `, "format": "pdf", "title": "数独"}`, `title "数独": the server's font has no glyph for 数 (U+6570), 独 (U+72EC); the API writes text in its built-in font only`},
		{`{` + one + `, "format": 3}`, `field "format" must be a string`},
		{`{` + one + `, "paper": "80x80mm", "per_page": 9}`, `page 80x80mm with margins 12.7/16.0 mm leaves grids of 3 mm: too small (fewer puzzles per page, or smaller margins)`},
		{`{` + one + `, "paper": "80x80mm", "per_page": 6}`, `page 80x80mm with margins 12.7/16.0 mm leaves grids of 0 mm: too small`},
		{`{"puzzles": ["` + twoSols + `"], "format": "png"}`, `puzzle 1: several solutions`},
	} {
		code, got, _ := post(t, ts, "/api/v1/print", tc.body)
		msg, _ := got["error"].(string)
		if code != 400 || !strings.Contains(msg, tc.want) || strings.Contains(msg, "--") {
			t.Errorf("%s: %d %q, want 400 %q (and no flag)", tc.body, code, msg, tc.want)
		}
	}
}

// TestPrintOverBudget: a puzzle whose grading runs over the budget is
// printed (without a level or rating), and the Sudokit-Note header says
// which and why; a book of rated puzzles has no note.
func TestPrintOverBudget(t *testing.T) {
	body := `{"puzzles": ["` + pointing + `", "` + top95First + ` ED=2.6/1.2/1.2"], "format": "html"}`
	code, _, h := post(t, newTestServer(t, Options{Budget: time.Nanosecond}), "/api/v1/print", body)
	want := "puzzle 1: not rated: grading took longer than the time budget; printed with its solution, without a level or rating"
	if code != 200 || h.Get("Sudokit-Note") != want {
		t.Errorf("%d, note %q; want 200 and %q", code, h.Get("Sudokit-Note"), want)
	}
	code, _, h = post(t, newTestServer(t, Options{}), "/api/v1/print", body)
	if code != 200 || h.Values("Sudokit-Note") != nil {
		t.Errorf("within the budget: %d, note %q; want 200 and none", code, h.Values("Sudokit-Note"))
	}
}

// TestAnswersNameNoFlag: the answers of grade and hint over the budget,
// and the refusal of an unknown technique, say what is wrong in the
// library's words, which name no flag (issue 32: "raise --budget" was the
// command line's advice, and reached the API's answers); the API adds
// its own advice where it has one.
func TestAnswersNameNoFlag(t *testing.T) {
	ts := newTestServer(t, Options{Budget: time.Nanosecond})
	for _, path := range []string{"/api/v1/grade", "/api/v1/hint"} {
		code, got, _ := post(t, ts, path, `{"puzzle": "`+pointing+`"}`)
		msg, _ := got["error"].(string)
		if code != 200 || got["status"] != "budget" || !strings.Contains(msg, "time budget") || strings.Contains(msg, "--") {
			t.Errorf("%s over the budget: %d %v; want 200, status budget, an error in words without a flag", path, code, got)
		}
	}
	code, got, _ := post(t, ts, "/api/v1/generate", `{"require": ["x-wingg"]}`)
	want := `unknown technique "x-wingg" (did you mean "x-wing"?); GET /api/v1/techniques lists every key`
	if msg, _ := got["error"].(string); code != 400 || msg != want {
		t.Errorf("unknown technique: %d %q, want 400 %q", code, msg, want)
	}
}

func TestTechniques(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := http.Get(ts.URL + "/api/v1/techniques")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct {
		Key, Name string
		On        bool
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	if len(list) < 40 || list[0].Key != "full-house" || !list[0].On {
		t.Fatalf("techniques: %d, first %+v", len(list), list[0])
	}
	resp2, err := http.Post(ts.URL+"/api/v1/techniques", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST techniques: %d", resp2.StatusCode)
	}
}

func TestGuards(t *testing.T) {
	ts := newTestServer(t, Options{AllowHosts: []string{"sudoku.lan"}})
	do := func(method, path, host, ctype string, body io.Reader) *http.Response {
		req, err := http.NewRequest(method, ts.URL+path, body)
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	body := func() io.Reader { return strings.NewReader(`{"puzzle": "` + pointing + `"}`) }
	cases := []struct {
		name, method, path, host, ctype string
		body                            io.Reader
		status                          int
	}{
		{"page", "GET", "/", "", "", nil, 200},
		{"script", "GET", "/app.js", "", "", nil, 200},
		{"localhost", "POST", "/api/v1/solve", "localhost", "application/json", body(), 200},
		{"allowed name", "POST", "/api/v1/solve", "sudoku.lan:80", "application/json", body(), 200},
		{"IPv6 loopback", "POST", "/api/v1/solve", "[::1]:8080", "application/json", body(), 200},
		{"rebinding", "POST", "/api/v1/solve", "attacker.example:8080", "application/json", body(), 403},
		{"rebinding page", "GET", "/", "attacker.example", "", nil, 403},
		{"form post", "POST", "/api/v1/solve", "", "application/x-www-form-urlencoded", body(), 415},
		{"text post", "POST", "/api/v1/solve", "", "text/plain", body(), 415},
		{"no type", "POST", "/api/v1/solve", "", "", body(), 415},
		{"charset", "POST", "/api/v1/solve", "", "application/json; charset=utf-8", body(), 200},
		{"GET an action", "GET", "/api/v1/solve", "", "", nil, 405},
		{"too large", "POST", "/api/v1/solve", "", "application/json",
			strings.NewReader(`{"puzzle": "` + strings.Repeat(".", MaxBody) + `"}`), 413},
		{"not found", "GET", "/etc/passwd", "", "", nil, 404},
		{"dot dot", "GET", "/../../etc/passwd", "", "", nil, 404},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp := do(tc.method, tc.path, tc.host, tc.ctype, tc.body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("CSP %q", csp)
			}
		})
	}
}

// TestBusy: beyond its workers and queue the server answers 503 with
// Retry-After, at once; the others are answered.
func TestBusy(t *testing.T) {
	s, err := New(Options{Config: config.Default(), Workers: 1, Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	release, err := s.acquire(context.Background()) // the one worker is busy
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	var wg sync.WaitGroup
	codes := make(chan int, 2)
	for range 2 { // one waits in the queue, one is refused
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, _, h := post(t, ts, "/api/v1/solve", `{"puzzle": "`+pointing+`"}`)
			if code == 503 && h.Get("Retry-After") == "" {
				t.Error("503 without Retry-After")
			}
			codes <- code
		}()
	}
	// The refused one comes back at once; then the worker is freed.
	select {
	case code := <-codes:
		if code != 503 {
			t.Fatalf("first answer %d, want 503", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no 503 while the server was full")
	}
	release()
	wg.Wait()
	if code := <-codes; code != 200 {
		t.Fatalf("queued request: %d", code)
	}
}

// serveLoopback runs a server with the default configuration on a free
// loopback port until cancel; served receives what Serve returns.
func serveLoopback(t testing.TB) (url string, cancel context.CancelFunc, served <-chan error) {
	t.Helper()
	s, err := New(Options{Config: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln, 30*time.Second) }()
	return "http://" + ln.Addr().String(), cancel, done
}

// TestGracefulShutdown: a request in flight when the server is told to
// stop is answered; then Serve returns.
func TestGracefulShutdown(t *testing.T) {
	url, cancel, served := serveLoopback(t)
	answered := make(chan int, 1)
	go func() {
		// A nested-chain puzzle: grading takes a few tenths of a second.
		resp, err := http.Post(url+"/api/v1/grade", "application/json", strings.NewReader(`{"puzzle": "`+pointing+`"}`))
		if err != nil {
			answered <- -1
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	if code := <-answered; code != 200 {
		t.Fatalf("request in flight: %d", code)
	}
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return")
	}
	if _, err := http.Get(url + "/"); err == nil {
		t.Fatal("still answering after shutdown")
	}
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:8080": true, "[::1]:80": true, "localhost:1": true,
		"0.0.0.0:8080": false, "192.168.1.2:80": false, ":8080": false} {
		if Loopback(addr) != want {
			t.Errorf("Loopback(%q) = %v", addr, !want)
		}
	}
}

// TestPageWeight: the page loads as one HTML, one script and one style
// sheet, under 200 KB in all, and asks for nothing else (the icon is
// "data:,", so that the browser does not ask for /favicon.ico).
func TestPageWeight(t *testing.T) {
	total := 0
	for _, name := range []string{"index.html", "app.js", "style.css"} {
		data, err := webFiles.ReadFile("web/" + name)
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
	}
	if total > 200<<10 {
		t.Errorf("the page weighs %d bytes, over 200 KB", total)
	}
	html, _ := webFiles.ReadFile("web/index.html")
	refs := regexp.MustCompile(`(?:src|href)="([^"#]+)"`).FindAllStringSubmatch(string(html), -1)
	for _, m := range refs {
		if m[1] != "/app.js" && m[1] != "/style.css" && m[1] != "app.js" && m[1] != "style.css" && m[1] != "data:," {
			t.Errorf("index.html loads %s", m[1])
		}
	}
	if len(refs) < 2 {
		t.Errorf("index.html loads %d files, want app.js and style.css", len(refs))
	}
	t.Logf("page: %d bytes", total)
}

// TestGenerateStopsWithTheClient: a generation for a target it cannot
// meet (random generation, and the vicinity search) stops when its client
// goes away, freeing the worker at once.
func TestGenerateStopsWithTheClient(t *testing.T) {
	for _, body := range []string{`{"level": "easy", "clues": "17", "count": 1}`, `{"rating": "10.0+", "clues": "17", "count": 1}`} {
		ts := newTestServer(t, Options{Workers: 1, Queue: 1})
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/api/v1/generate", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			t.Fatalf("%s in 300 ms: %d", body, resp.StatusCode)
		}
		cancel()
		start := time.Now()
		code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+pointing+`"}`)
		if code != 200 || time.Since(start) > 2*time.Second {
			t.Fatalf("%s: after the client left: %d in %v: %v", body, code, time.Since(start), got)
		}
	}
}

// TestGenerateHard: a rating above 9.0 is made by the vicinity search, as
// the command line makes it, well within the time allowed; the same seed
// gives the same puzzles, never two isomorphs, even from one search (the
// near-copies of "diverse": false: TestGenerateDiverse has the default).
func TestGenerateHard(t *testing.T) {
	ts := newTestServer(t, Options{GenerateTimeout: 30 * time.Second})
	for _, tc := range []struct {
		body  string
		count int
		min   float64
	}{
		{`{"rating": "10.0+", "seed": 1}`, 1, 10.0},
		{`{"rating": "9.8", "seed": 1}`, 1, 9.8},
		{`{"rating": "10.0+", "seed": 2, "count": 3, "symmetry": "none", "minimal": true, "diverse": false}`, 3, 10.0},
	} {
		code, got, _ := post(t, ts, "/api/v1/generate", tc.body)
		if code != 200 || got["error"] != nil {
			t.Fatalf("%s: %d %v", tc.body, code, got)
		}
		puzzles, _ := got["puzzles"].([]any)
		if len(puzzles) != tc.count {
			t.Fatalf("%s: %d puzzles, want %d", tc.body, len(puzzles), tc.count)
		}
		seen := map[string]bool{}
		for _, p := range puzzles {
			p := p.(map[string]any)
			er, _ := p["er"].(float64)
			if er < tc.min || (strings.Contains(tc.body, `"9.8"`) && er != 9.8) || p["level"] != "diabolical" {
				t.Errorf("%s: %v", tc.body, p)
			}
			if seen[p["puzzle"].(string)] {
				t.Errorf("%s: %s twice", tc.body, p["puzzle"])
			}
			seen[p["puzzle"].(string)] = true
		}
		_, again, _ := post(t, ts, "/api/v1/generate", tc.body)
		if a, b := fmt.Sprint(got["puzzles"]), fmt.Sprint(again["puzzles"]); a != b {
			t.Errorf("%s: not reproducible:\n%s\n%s", tc.body, a, b)
		}
	}
}

// TestGenerateDiverse: several puzzles of the vicinity search differ, as
// the command line's do (generate.MaxSharedFor): no two share more than
// half of their givens under any isomorphism (canon.Shared); with
// "diverse": false the search answers its near-copies, as before. The
// first puzzle is the same either way.
func TestGenerateDiverse(t *testing.T) {
	ts := newTestServer(t, Options{GenerateTimeout: 30 * time.Second})
	share := func(body string) (float64, string) {
		t.Helper()
		code, got, _ := post(t, ts, "/api/v1/generate", body)
		puzzles, _ := got["puzzles"].([]any)
		if code != 200 || got["error"] != nil || len(puzzles) != 2 {
			t.Fatalf("%s: %d %v", body, code, got)
		}
		var grids []sudoku.Grid
		for _, p := range puzzles {
			g, err := sudoku.ParseGrid(p.(map[string]any)["puzzle"].(string))
			if err != nil {
				t.Fatalf("%s: %v", body, err)
			}
			grids = append(grids, g)
		}
		a, b := grids[0], grids[1]
		return float64(canon.Shared(a, b)) / float64(min(a.Givens(), b.Givens())), a.String()
	}
	diverse, first := share(`{"rating": "9.2-9.5", "count": 2, "seed": 1}`)
	if diverse > generate.DiverseShare {
		t.Errorf("by default the 2 puzzles share %.2f of their givens, want at most %.2f", diverse, generate.DiverseShare)
	}
	near, nearFirst := share(`{"rating": "9.2-9.5", "count": 2, "seed": 1, "diverse": false}`)
	if near <= generate.DiverseShare {
		t.Errorf(`with "diverse": false the 2 puzzles share %.2f of their givens: the test needs near-copies`, near)
	}
	if first != nearFirst {
		t.Errorf("the first puzzles differ: %s by default, %s without diverse", first, nearFirst)
	}
	t.Logf("shared: %.2f by default, %.2f without diverse", diverse, near)
}

// TestGenerateErrors: what generate refuses, and what it answers when the
// time allowed runs out; no message names a command-line flag.
func TestGenerateErrors(t *testing.T) {
	ts := newTestServer(t, Options{GenerateTimeout: 300 * time.Millisecond})
	for _, tc := range []struct {
		body   string
		status int
		want   string
	}{
		{`{"rating": "10.0+", "symmetry": "rot180"}`, 400, `field "symmetry" does not go with a rating above 9.0`},
		{`{"rating": "10.0+", "symmetry": "diagonal"}`, 400, `field "symmetry" does not go with a rating above 9.0`},
		{`{"rating": "8.0", "symmetry": "spiral"}`, 400, `field "symmetry"`},
		{`{"level": "hard", "count": 2, "diverse": false}`, 400, `field "diverse" goes only with a rating above 9.0`},
		{`{"size": 4, "level": "easy", "diverse": true}`, 400, `field "diverse" goes only with a rating above 9.0`},
		{`{"level": "easy", "clues": "17"}`, 422, "no puzzle made: the time allowed (300ms) ran out; the target may be too rare"},
		{`{"rating": "10.0+", "clues": "17"}`, 422, "no puzzle made: the time allowed (300ms) ran out; the target may be too rare"},
	} {
		code, got, _ := post(t, ts, "/api/v1/generate", tc.body)
		msg, _ := got["error"].(string)
		if code != tc.status || !strings.Contains(msg, tc.want) || strings.Contains(msg, "--") {
			t.Errorf("%s: %d %q, want %d %q (and no flag)", tc.body, code, msg, tc.status, tc.want)
		}
	}
	// Cut short after some puzzles: those made, and why not more.
	body := `{"rating": "10.0+", "count": 20, "seed": 1}`
	code, got, _ := post(t, ts, "/api/v1/generate", body)
	msg, _ := got["error"].(string)
	puzzles, _ := got["puzzles"].([]any)
	switch {
	case code == 422 && strings.HasPrefix(msg, "no puzzle made: the time allowed (300ms) ran out"):
	case code == 200 && len(puzzles) > 0 && len(puzzles) < 20 &&
		msg == fmt.Sprintf("made %d of 20: the time allowed (300ms) ran out; the target may be too rare: widen it, or ask for fewer puzzles", len(puzzles)):
	default:
		t.Errorf("%s in 300 ms: %d, %d puzzles, %q", body, code, len(puzzles), msg)
	}
}

// TestSearchWorkers: a lone job's chain searches get every worker; each
// other job running takes one away, down to one.
func TestSearchWorkers(t *testing.T) {
	s, err := New(Options{Config: config.Default(), Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	var releases []func()
	for _, want := range []int{3, 2, 1} {
		release, err := s.acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, release)
		if got := s.slots.Share(); got != want {
			t.Errorf("with %d jobs running: %d search workers, want %d", len(releases), got, want)
		}
	}
	for _, release := range releases {
		release()
	}
}
