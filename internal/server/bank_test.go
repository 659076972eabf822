package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// newBank makes a bank of the rated rows of path.
func newBank(t testing.TB, path string) *bank.Bank {
	t.Helper()
	b, err := bank.Open(context.Background(), filepath.Join(t.TempDir(), "bank.db"), bank.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	cfg := config.Default()
	a := b.NewAdder(context.Background(), nil)
	for p, err := range sudoku.Inputs([]string{path}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		r, _ := grade.RatingsFromLabel(p.Label)
		e, err := bank.NewEntry(p, grade.Result{Status: grade.Rated, Ratings: r, Level: cfg.Level(r.ER)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	return b
}

func getJSON(t *testing.T, url string) (int, any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatalf("%s: not JSON: %v", url, err)
	}
	return resp.StatusCode, v
}

// serve --bank: a page session draws unused puzzles of the level asked,
// never the same twice, until there are none (422); scripts read the bank.
func TestBankEndpoints(t *testing.T) {
	b := newBank(t, "../../testdata/puzzles/norvig-top95.se121.txt")
	ts := newTestServer(t, Options{Version: "test", Bank: b})
	fiendish, err := b.Count(context.Background(), bank.Filter{Levels: []string{"fiendish"}})
	if err != nil || fiendish < 2 {
		t.Fatalf("%d fiendish puzzles in the bank (%v)", fiendish, err)
	}
	seen := map[string]bool{}
	for i := range fiendish {
		status, v, _ := post(t, ts, "/api/v1/bank/draw", `{"level": "fiendish", "session": "page-1"}`)
		if status != 200 || v["level"] != "fiendish" || v["status"] != "rated" {
			t.Fatalf("draw %d: %d %v", i, status, v)
		}
		p, _ := v["puzzle"].(string)
		if seen[p] {
			t.Fatalf("draw %d: %s served twice", i, p)
		}
		seen[p] = true
	}
	if status, v, _ := post(t, ts, "/api/v1/bank/draw", `{"level": "fiendish", "session": "page-2"}`); status != 422 {
		t.Fatalf("a draw from an exhausted level: %d %v, want 422", status, v)
	}
	// The bank holds 9x9 puzzles: a draw of another size is not one.
	if status, v, _ := post(t, ts, "/api/v1/bank/draw", `{"level": "easy", "size": 16, "session": "page-3"}`); status != 422 || !strings.Contains(v["error"].(string), "another size") {
		t.Errorf("a draw of a 16x16: %d %v, want 422", status, v)
	}
	for _, bad := range []string{`{"level": "fiendish"}`, `{"level": "nope", "session": "s"}`, `{"level": "easy", "rating": "2.0", "session": "s"}`,
		`{"rating": "2.0-1.0", "session": "s"}`, `{"level": "easy", "session": "a b"}`} {
		if status, v, _ := post(t, ts, "/api/v1/bank/draw", bad); status != 400 {
			t.Errorf("draw %s: %d %v, want 400", bad, status, v)
		}
	}
	status, v := getJSON(t, ts.URL+"/api/v1/bank/find?level=diabolical&unused&n=3")
	if rows, _ := v.(map[string]any)["puzzles"].([]any); status != 200 || len(rows) != 3 {
		t.Fatalf("find: %d %v", status, v)
	}
	if status, _ := getJSON(t, ts.URL+"/api/v1/bank/find?lvl=easy"); status != 400 {
		t.Errorf("find with an unknown parameter: %d, want 400", status)
	}
	if status, _ := getJSON(t, ts.URL+"/api/v1/bank/find?n=5000"); status != 400 {
		t.Errorf("find with n=5000: %d, want 400", status)
	}
	status, v = getJSON(t, ts.URL+"/api/v1/bank/books")
	if books, _ := v.([]any); status != 200 || len(books) != 1 || !strings.Contains(toJSON(books[0]), `"name":"served page-1"`) {
		t.Errorf("books: %d %v", status, v)
	}
	status, v = getJSON(t, ts.URL+"/api/v1/bank/stats")
	if status != 200 || !strings.Contains(toJSON(v), `"used":`+toJSON(fiendish)) {
		t.Errorf("stats: %d %v", status, v)
	}
	// Without a bank there are no such endpoints.
	plain := newTestServer(t, Options{Version: "test"})
	if status, _ := getJSON(t, plain.URL+"/api/v1/bank/stats"); status != 404 {
		t.Errorf("stats without a bank: %d, want 404", status)
	}
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// FuzzBankAPI sends any body to the bank's draw, and any query to its
// find: the answer is 200, 400 or 422 with a JSON message, never a 500.
func FuzzBankAPI(f *testing.F) {
	for _, seed := range []string{`{"level": "hard", "session": "s"}`, `{"rating": "7.0+", "session": "x-1"}`,
		`{"level": "easy", "variant": ["x"], "session": "s"}`, `{"session": ""}`, `{"level": 3}`, `null`, `[]`} {
		f.Add(seed, "level=hard&unused&n=2")
	}
	f.Add(`{}`, "rating=9-1&book=%00&variant=x&used&unused")
	b := newBank(f, "../../testdata/puzzles/norvig-top95.se121.txt")
	s, err := New(Options{Config: config.Default(), Version: "test", Bank: b})
	if err != nil {
		f.Fatal(err)
	}
	h := s.Handler()
	f.Fuzz(func(t *testing.T, body, query string) {
		for _, req := range []*http.Request{
			httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080/api/v1/bank/draw", strings.NewReader(body)),
			httptest.NewRequest(http.MethodGet, "http://127.0.0.1:8080/api/v1/bank/find?"+url.PathEscape(query), nil),
		} {
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if c := w.Code; c != 200 && c != 400 && c != 422 {
				t.Fatalf("%s %s: %d %s", req.Method, req.URL, c, w.Body)
			}
			var v any
			if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
				t.Fatalf("%s %s: not JSON: %s", req.Method, req.URL, w.Body)
			}
		}
	})
}

// TestBrowserBank: with a bank, the page's New draws an unused puzzle of
// the level asked from it (the message names the bank's puzzle), a second
// New draws another, and when the level is exhausted New generates one.
func TestBrowserBank(t *testing.T) {
	b := newBank(t, "../../testdata/puzzles/norvig-top95.se121.txt")
	s, err := New(Options{Config: config.Default(), Version: "test", Bank: b})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx := browser(t, 1280, 900)
	fiendish, _ := b.Count(context.Background(), bank.Filter{Levels: []string{"fiendish"}})
	var shown []string
	for i := range fiendish + 1 {
		steps := []chromedp.Action[chromedp.Void]{}
		if i == 0 {
			steps = append(steps, chromedp.Navigate(ts.URL+"/"), idle())
		}
		steps = append(steps, until(`(document.querySelector('#message').dataset.kind = "", true)`),
			chromedp.SetValue(chromedp.CSS(`#new-level`), "fiendish"),
			click(`#new`),
			until(`document.querySelector('#message').dataset.kind === "ok"`),
			idle())
		do(t, ctx, fmt.Sprintf("new %d", i), steps...)
		msg := eval[string](t, ctx, `document.querySelector('#message').textContent`)
		givens := eval[string](t, ctx, `Array.from(document.querySelectorAll('#board .cell'), (c) => c.classList.contains('given') ? c.querySelector('.value').textContent : '.').join('')`)
		if i < fiendish && !strings.Contains(msg, "fiendish puzzle from the bank (puzzle ") {
			t.Errorf("new %d: message %q, want a puzzle from the bank", i, msg)
		}
		if i == fiendish && !strings.Contains(msg, "the bank has none left: generated") {
			t.Errorf("new %d, the bank's fiendish puzzles all served: message %q", i, msg)
		}
		if slices.Contains(shown, givens) {
			t.Errorf("new %d: %s shown again", i, givens)
		}
		shown = append(shown, givens)
	}
}
