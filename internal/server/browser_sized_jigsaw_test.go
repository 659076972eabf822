package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// teeWriter is a ResponseWriter that keeps a copy of the body.
type teeWriter struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// generatedRows serves the page and the API, and keeps the rows that
// generate answers, in order, so that a test knows what the server made.
func generatedRows(t *testing.T) (*httptest.Server, func() []boardRow) {
	t.Helper()
	s, err := New(Options{Config: config.Default()})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var rows []boardRow
	h := s.Handler()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/generate" {
			h.ServeHTTP(w, r)
			return
		}
		tw := &teeWriter{ResponseWriter: w}
		h.ServeHTTP(tw, r)
		var ans struct{ Puzzles []boardRow }
		if json.Unmarshal(tw.body.Bytes(), &ans) == nil {
			mu.Lock()
			rows = append(rows, ans.Puzzles...)
			mu.Unlock()
		}
	}))
	t.Cleanup(ts.Close)
	return ts, func() []boardRow {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(rows)
	}
}

// edgesExpr is the expression of each cell's thick edges on the board:
// "r" on its right, "b" below it.
const edgesExpr = `Array.from(document.querySelectorAll('#board .cell'), (c) => (c.classList.contains('edge-r') ? "r" : "") + (c.classList.contains('edge-b') ? "b" : ""))`

// layoutEdges returns the thick edges a layout of n×n cells draws, as
// edgesExpr reads them.
func layoutEdges(n int, regions []uint8) []string {
	out := make([]string, n*n)
	for i := range out {
		if i%n < n-1 && regions[i] != regions[i+1] {
			out[i] += "r"
		}
		if i/n < n-1 && regions[i] != regions[i+n] {
			out[i] += "b"
		}
	}
	return out
}

// TestBrowserSizedJigsaw plays a 6x6 jigsaw in a real browser: choose
// 6x6, tick jigsaw (the layout box says what a 6x6 layout is, and may
// stay empty), press New: the server makes a jigsaw of a random layout,
// and the board draws the thick edges of that layout, not the boxes';
// the status says unique; a digit repeated in a region (in no common
// row, column or box) is flagged with the region named; a hint answers;
// New again draws another layout, and the edges follow it.
func TestBrowserSizedJigsaw(t *testing.T) {
	ts, made := generatedRows(t)
	ctx := browser(t, 1280, 900)
	status := `document.querySelector('#status').dataset.status`
	do(t, ctx, "6x6",
		chromedp.Navigate(ts.URL+"/"), idle(),
		until(`document.querySelectorAll('#variants input[name=variant]').length === 11`),
		chooseSize("6:2x3"), idle(),
		until(`document.querySelectorAll('#board .cell').length === 36`))
	if !eval[bool](t, ctx, variantEnabled("jigsaw")) {
		t.Fatal("6x6: jigsaw cannot be ticked")
	}
	do(t, ctx, "tick jigsaw", click(`#variants input[value="jigsaw"]`), idle(),
		until(`!document.querySelector('#regions-box').hidden`))
	if label := eval[string](t, ctx, `document.querySelector('#regions-box label').textContent`); !strings.Contains(label, "36 region ids 1-6") {
		t.Errorf("the layout box of a 6x6 jigsaw says %q", label)
	}
	shape := sudoku.ShapeOf(6)
	boxes := layoutEdges(6, shape.BoxRegions())
	for round := 1; round <= 2; round++ {
		do(t, ctx, fmt.Sprintf("new %d", round),
			chromedp.SetValue(chromedp.CSS(`#new-level`), "easy"), click(`#new`), idle(),
			until(fmt.Sprintf(`document.querySelector('#new').textContent === "New" && document.querySelectorAll('#board .cell.given').length > 0 && ["unique", "error", "invalid", "multiple", "unsolvable"].includes(%s)`, status)))
		if st := eval[string](t, ctx, status); st != "unique" {
			t.Fatalf("new %d: status %s: %s; %s", round, st, eval[string](t, ctx, `document.querySelector('#status').textContent`),
				eval[string](t, ctx, `document.querySelector('#message').textContent`))
		}
		if msg := eval[string](t, ctx, `document.querySelector('#rules-error').textContent`); msg != "" {
			t.Fatalf("new %d: %s", round, msg)
		}
		rows := made()
		if len(rows) != round {
			t.Fatalf("new %d: %d puzzles generated", round, len(rows))
		}
		row := rows[round-1]
		regions, err := shape.ParseRegions(row.Regions)
		if err != nil || fmt.Sprint(row.Variant) != "[jigsaw]" || row.Size != 6 {
			t.Fatalf("new %d: the server made %+v: %v", round, row, err)
		}
		if round == 2 && row.Regions == rows[0].Regions {
			t.Errorf("new 2 kept the layout New drew before: %s", row.Regions)
		}
		if givens := eval[string](t, ctx, givensExpr); givens != row.Puzzle {
			t.Errorf("new %d: the board shows %s, the server made %s", round, givens, row.Puzzle)
		}
		want := layoutEdges(6, regions)
		if slices.Equal(want, boxes) {
			t.Fatalf("new %d: the layout %s draws the boxes' edges: the test proves nothing", round, row.Regions)
		}
		if got := eval[[]string](t, ctx, edgesExpr); !slices.Equal(got, want) {
			t.Errorf("new %d: the edges drawn are %q, the layout %s draws %q", round, got, row.Regions, want)
		}
	}

	// A digit repeated in a region, in no common row, column or box with
	// the given it repeats: flagged, the region named.
	row := made()[1]
	regions, _ := shape.ParseRegions(row.Regions)
	given, empty := -1, -1
	for a := range 36 {
		for b := range 36 {
			if row.Puzzle[a] != '.' && row.Puzzle[b] == '.' && regions[a] == regions[b] && a/6 != b/6 && a%6 != b%6 &&
				shape.BoxOf(a/6, a%6) != shape.BoxOf(b/6, b%6) && given < 0 {
				given, empty = a, b
			}
		}
	}
	if given < 0 {
		t.Fatalf("no empty cell shares only its region with a given in %s %s", row.Puzzle, row.Regions)
	}
	do(t, ctx, "repeat in a region", click(fmt.Sprintf(`.cell[data-cell="%d"]`, empty)), chromedp.KeyEvent(row.Puzzle[given:given+1]), idle(),
		until(`document.querySelectorAll('.cell.conflict').length >= 2`))
	if msg := eval[string](t, ctx, `document.querySelector('#status').textContent`); !strings.Contains(msg, fmt.Sprintf("region %d", regions[given]+1)) {
		t.Errorf("a repeated %c in region %d: status %q", row.Puzzle[given], regions[given]+1, msg)
	}
	do(t, ctx, "undo", click(`#undo`), idle(), until(`document.querySelectorAll('.cell.conflict').length === 0`))
	do(t, ctx, "hint", click(`#hint`), idle(), click(`#hint`), idle(), click(`#hint`), idle(),
		until(`document.querySelector('#hint-text').dataset.level === "3"`))
	if text := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`); text == "" || eval[string](t, ctx, `document.querySelector('#hint-text').dataset.status`) != "hint" {
		t.Errorf("hint: %q", text)
	}
}
