package server

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// BrowserTests is the variable that makes a missing Chromium a failure of
// the browser tests instead of a skip (.ci/run sets it).
const BrowserTests = "SUDOKIT_BROWSER_TESTS"

var screenshot = flag.String("screenshot", "", "write the browser test's screenshot of the page to `FILE` (the README's picture: ../../docs/assistant.png)")

// chromium returns the path of a Chromium, skipping t when there is none
// (failing it with SUDOKIT_BROWSER_TESTS=1).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	msg := "no Chromium found (apt-get install -y chromium)"
	if os.Getenv(BrowserTests) == "1" {
		t.Fatalf("%s, and %s=1", msg, BrowserTests)
	}
	t.Skip(msg)
	return ""
}

// browser starts a headless Chromium for t, with the flags that keep it off
// the network, and returns a context whose actions drive one tab.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return ctx
}

// idle waits until the page has no API request in flight.
func idle() chromedp.Action[chromedp.Void] {
	return until(`document.body.dataset.ready === "1" && !document.body.dataset.busy`)
}

// until waits until a JavaScript condition holds.
func until(cond string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(30*time.Second))
}

// click clicks the first element a CSS selector finds.
func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

// eval evaluates a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// do runs steps, failing t with what when one fails.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// cellValue is the expression of the digit shown in a cell ("" when empty).
func cellValue(cell int) string {
	return fmt.Sprintf(`(document.querySelector('.cell[data-cell="%d"] .value') || {}).textContent || ""`, cell)
}

// apiHint asks the server for a hint, as the page's state would.
func apiHint(t *testing.T, base, puzzle string, level int) map[string]any {
	t.Helper()
	resp, err := http.Post(base+"/api/v1/hint", "application/json",
		strings.NewReader(fmt.Sprintf(`{"puzzle": %q, "depth": %d}`, puzzle, level)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	h, _ := v["hint"].(map[string]any)
	if h == nil {
		t.Fatalf("no hint: %v", v)
	}
	return h
}

// TestBrowser drives the page in a real browser: load it, paste a puzzle
// with a conflict and see it highlighted, paste a good one, climb the hint
// ladder (each level's words as the API gives them), apply the step, undo
// it, and take a screenshot.
func TestBrowser(t *testing.T) {
	s, err := New(Options{Config: config.Default(), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx := browser(t, 1280, 900)

	// A repeated 4 in row 1: the two cells are marked, the unit named.
	bad := "4..4..8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	do(t, ctx, "conflict",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), bad),
		click(`#load`),
		idle(),
		until(`document.querySelectorAll('.cell.conflict').length >= 2`))
	conflicts := eval[int](t, ctx, `document.querySelectorAll('.cell.conflict').length`)
	status := eval[string](t, ctx, `document.querySelector('#status').textContent + " " + document.querySelector('#message').textContent`)
	if conflicts != 2 || !strings.Contains(status, "row 1") {
		t.Errorf("a repeated 4 in row 1: %d cells marked, status %q", conflicts, status)
	}

	// A good puzzle: its givens on the board.
	do(t, ctx, "load",
		chromedp.SetValue(chromedp.CSS(`#paste`), pointing),
		click(`#load`),
		idle(),
		until(`document.querySelector('#status').dataset.status === "unique"`))
	first := eval[string](t, ctx, cellValue(3))
	cells := eval[string](t, ctx, `document.querySelectorAll('.cell.given').length + "/" + document.querySelectorAll('#board .cell').length`)
	if first != "4" || cells != "23/81" {
		t.Fatalf("after loading: r1c4 %q, givens/cells %s", first, cells)
	}

	// The hint ladder: each level's words are the API's.
	for level := 1; level <= 3; level++ {
		want := apiHint(t, ts.URL, pointing, level)["text"].(string)
		do(t, ctx, fmt.Sprintf("hint level %d", level),
			click(`#hint`),
			idle(),
			until(fmt.Sprintf(`document.querySelector('#hint-text').dataset.level === "%d"`, level)))
		text := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`)
		shown := eval[int](t, ctx, `document.querySelectorAll('.hl-pattern, .hl-region, .hl-elim, .hl-place').length`)
		if !strings.Contains(text, want) {
			t.Errorf("level %d shows %q, want %q", level, text, want)
		}
		if level == 1 && shown != 0 {
			t.Errorf("level 1 highlights %d elements: it should show nothing on the board", shown)
		}
		if level == 3 && shown == 0 {
			t.Errorf("level 3 highlights nothing")
		}
	}

	// Apply the step (pointing: 6 goes from r8c4 and r8c6), then undo it.
	struck := `document.querySelector('.cell[data-cell="66"] .cand[data-digit="6"]').classList.contains('struck')`
	before := eval[bool](t, ctx, struck)
	do(t, ctx, "apply", click(`#apply`))
	after := eval[bool](t, ctx, struck)
	do(t, ctx, "undo", click(`#undo`))
	undone := eval[bool](t, ctx, struck)
	if before || !after || undone {
		t.Errorf("r8c4's 6: struck before %v, after applying %v, after undo %v", before, after, undone)
	}

	// Enter a digit by keyboard: r1c1 is 1 in the solution.
	do(t, ctx, "typing", click(`.cell[data-cell="0"]`), chromedp.KeyEvent("1"), idle())
	if typed := eval[string](t, ctx, cellValue(0)); typed != "1" {
		t.Errorf("typed 1 into r1c1, it shows %q", typed)
	}

	// The ladder from the new state, to level 3, for the screenshot.
	do(t, ctx, "ladder", click(`#hint`), idle(), click(`#hint`), idle(), click(`#hint`), idle(),
		until(`document.querySelector('#hint-text').dataset.level === "3"`))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	out := filepath.Join(t.TempDir(), "assistant.png")
	if *screenshot != "" {
		out = *screenshot
	}
	if err := os.WriteFile(out, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", out, len(png))
}

// TestBrowserNarrow: on a 360 px screen (emulated: a headless window is
// at least 500 px wide) the board fits the width and nothing scrolls
// sideways; the dark theme darkens the page.
func TestBrowserNarrow(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 800, 800)
	do(t, ctx, "load", chromedp.EmulateViewport(360, 800, chromedp.EmulateMobile), chromedp.Navigate(ts.URL+"/"), idle())
	viewport := eval[float64](t, ctx, `window.innerWidth`)
	boardWidth := eval[float64](t, ctx, `document.querySelector('#board').getBoundingClientRect().width`)
	pageWidth := eval[float64](t, ctx, `document.documentElement.scrollWidth`)
	if viewport != 360 || boardWidth < 300 || boardWidth > viewport || pageWidth > viewport {
		t.Errorf("at %v px: board %v px wide, page %v px", viewport, boardWidth, pageWidth)
	}
	// Light, then dark: the background's brightness drops.
	brightness := `(() => { const m = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
		return (m[0] + m[1] + m[2]) / 3; })()`
	do(t, ctx, "light", chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "light"`))
	light := eval[float64](t, ctx, brightness)
	do(t, ctx, "dark", click(`#theme`))
	theme := eval[string](t, ctx, `document.documentElement.dataset.theme`)
	dark := eval[float64](t, ctx, brightness)
	if theme != "dark" || dark > 100 || light < 150 {
		t.Errorf("theme %q: background brightness light %v, dark %v", theme, light, dark)
	}
	// No theme chosen: the page follows the system's preference, which a
	// chosen theme overrides; printing is light.
	do(t, ctx, "no theme", chromedp.Evaluate[chromedp.Void](`delete document.documentElement.dataset.theme`))
	for _, tt := range []struct {
		prefers, theme, media string
		dark                  bool
	}{
		{"dark", "", "", true},
		{"light", "", "", false},
		{"dark", "light", "", false},
		{"light", "dark", "", true},
		{"dark", "dark", "print", false},
	} {
		set := `delete document.documentElement.dataset.theme`
		if tt.theme != "" {
			set = `document.documentElement.dataset.theme = "` + tt.theme + `"`
		}
		media := emulation.SetEmulatedMediaParams{Media: tt.media,
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: tt.prefers}}}
		do(t, ctx, "prefers "+tt.prefers, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, media)
			return err
		}), chromedp.Evaluate[chromedp.Void](set))
		if got := eval[float64](t, ctx, brightness); (got < 100) != tt.dark {
			t.Errorf("prefers %s, theme %q, media %q: background brightness %v, want dark %v",
				tt.prefers, tt.theme, tt.media, got, tt.dark)
		}
	}
}

var struckShot = flag.String("struck-screenshot", "", "write TestBrowserStatusStrikes's screenshot of the board with struck candidates to `FILE`")

// TestBrowserStatusStrikes: the status follows the whole state, struck
// candidates too, as the hint does: striking the solution's digit in a
// cell says there is no solution, undoing it brings back the unique one,
// striking another candidate keeps it. Struck candidates stand out: struck
// through, fully opaque, in a colour of their own that contrasts with the
// cell as text should (3:1 at least), in the light and the dark theme.
func TestBrowserStatusStrikes(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	status := `document.querySelector('#status').dataset.status`
	do(t, ctx, "load",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), pointing),
		click(`#load`),
		idle(),
		until(status+` === "unique"`))

	// r1c1 is 1 in the solution: striking it leaves no solution.
	do(t, ctx, "strike the solution's 1 in r1c1",
		click(`#pencil`),
		click(`.cell[data-cell="0"] .cand[data-digit="1"]`),
		idle(),
		until(status+` !== "unique"`))
	word := eval[string](t, ctx, status)
	text := eval[string](t, ctx, `document.querySelector('#status').textContent`)
	if word != "unsolvable" || !strings.Contains(text, "No solution") {
		t.Errorf("the solution's digit struck: status %s %q, want unsolvable, No solution", word, text)
	}
	do(t, ctx, "hint", click(`#hint`), idle(), until(`document.querySelector('#hint-text').dataset.status !== "hint"`))
	if h := eval[string](t, ctx, `document.querySelector('#hint-text').dataset.status`); h != "unsolvable" {
		t.Errorf("the hint's status is %s where the page's is %s", h, word)
	}
	if *struckShot != "" {
		do(t, ctx, "strike more", click(`.cell[data-cell="1"] .cand[data-digit="2"]`), click(`.cell[data-cell="9"] .cand[data-digit="3"]`), idle())
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*struckShot, png, 0o644); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, "unstrike", click(`#undo`), click(`#undo`), idle())
	}
	do(t, ctx, "undo", click(`#undo`), idle(), until(status+` === "unique"`))
	do(t, ctx, "strike r1c1's 3, not the solution's", click(`.cell[data-cell="0"] .cand[data-digit="3"]`), idle())
	struck := eval[bool](t, ctx, `document.querySelector('.cell[data-cell="0"] .cand[data-digit="3"]').classList.contains('struck')`)
	if word := eval[string](t, ctx, status); !struck || word != "unique" {
		t.Errorf("another candidate struck (%v): status %s, want unique", struck, word)
	}

	// The look of a struck candidate against its cell's background.
	look := `(() => {
		const lum = (c) => {
			const [r, g, b] = c.match(/[\d.]+/g).map(Number).map((v) => v / 255).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
			return 0.2126 * r + 0.7152 * g + 0.0722 * b;
		};
		const cand = document.querySelector('.cell[data-cell="0"] .cand[data-digit="3"]');
		const plain = document.querySelector('.cell[data-cell="0"] .cand[data-digit="8"]');
		const s = getComputedStyle(cand);
		const a = lum(s.color), b = lum(getComputedStyle(cand.closest('.cell')).backgroundColor);
		return {contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), opacity: +s.opacity,
			line: s.textDecorationLine, color: s.color, plain: getComputedStyle(plain).color};
	})()`
	type style struct {
		Contrast, Opacity  float64
		Line, Color, Plain string
	}
	for _, theme := range []string{"light", "dark"} {
		do(t, ctx, theme, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "`+theme+`"`))
		st := eval[style](t, ctx, look)
		if st.Contrast < 3 || st.Opacity != 1 || !strings.Contains(st.Line, "line-through") || st.Color == st.Plain {
			t.Errorf("%s theme: a struck candidate: %+v, want contrast 3:1 or more, opaque, struck through, its own colour", theme, st)
		}
	}
}

// TestBrowserRatingBox: the rating box describes the puzzle on the board
// or nothing: a new puzzle (pasted, typed as 81 characters, generated) or
// a cleared board empties or refills it. A new puzzle from the hardest
// band (ER 10.0+, past the levels in the selector) comes within seconds,
// with its rating; a generation can be cancelled.
func TestBrowserRatingBox(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	er := `(document.querySelector('#rating dd') || {}).textContent || ""`
	rate := func(what string) {
		t.Helper()
		do(t, ctx, "rate "+what, click(`#rate`), idle(), until(er+` !== ""`))
	}
	do(t, ctx, "load",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), pointing),
		click(`#load`),
		idle())
	rate("pointing")
	if got := eval[string](t, ctx, er); got != "10.3" {
		t.Fatalf("pointing rated %q, want 10.3", got)
	}
	for _, step := range []struct {
		what    string
		actions []chromedp.Action[chromedp.Void]
	}{
		{"paste another puzzle", []chromedp.Action[chromedp.Void]{chromedp.SetValue(chromedp.CSS(`#paste`), top95First), click(`#load`), idle()}},
		{"type 81 characters", []chromedp.Action[chromedp.Void]{chromedp.SetValue(chromedp.CSS(`#row-input`), pointing), chromedp.Focus(chromedp.CSS(`#row-input`)), chromedp.KeyEvent("\r"), idle()}},
		{"clear the board", []chromedp.Action[chromedp.Void]{click(`#clear`), idle()}},
	} {
		do(t, ctx, step.what, step.actions...)
		if box := eval[string](t, ctx, `document.querySelector('#rating').textContent`); box != "" {
			t.Errorf("after %s the rating box still shows %q", step.what, box)
		}
		if step.what != "clear the board" {
			rate(step.what)
		}
	}

	// Undo brings the puzzle back, not its rating; entering a digit of
	// one's own keeps the rating of the givens.
	do(t, ctx, "undo", click(`#undo`), idle())
	rate("after undo")
	do(t, ctx, "enter a digit", click(`.cell[data-cell="0"]`), chromedp.KeyEvent("1"), idle())
	if got := eval[string](t, ctx, er); got != "10.3" {
		t.Errorf("after entering a digit the rating box shows ER %q, want 10.3", got)
	}

	// The hardest band, from the selector: a new puzzle with its rating.
	do(t, ctx, "generate 10.0+",
		chromedp.SetValue(chromedp.CSS(`#new-level`), "rating 10.0+"),
		click(`#new`),
		until(`document.querySelector('#message').dataset.kind === "ok"`),
		idle())
	rated := eval[float64](t, ctx, `Number(document.querySelector('#rating dd').textContent)`)
	msg := eval[string](t, ctx, `document.querySelector('#message').textContent`)
	status := eval[string](t, ctx, `document.querySelector('#status').dataset.status`)
	if rated < 10 || !strings.HasPrefix(msg, "New diabolical puzzle: ER") || status != "unique" {
		t.Errorf("a 10.0+ puzzle: rating box ER %v, message %q, status %s", rated, msg, status)
	}

	// A generation under way can be cancelled.
	do(t, ctx, "cancel",
		chromedp.SetValue(chromedp.CSS(`#new-rating`), "11.5+"),
		click(`#new`),
		until(`document.querySelector('#new').textContent === "Cancel"`),
		click(`#new`),
		until(`document.querySelector('#message').textContent === "Generation cancelled."`),
		until(`document.querySelector('#new').textContent === "New"`))
}

// TestBrowserPrintNote: a puzzle whose grading runs over the server's
// budget still downloads, and the page says it is printed without a
// rating (the API's Sudokit-Note).
func TestBrowserPrintNote(t *testing.T) {
	s, err := New(Options{Config: config.Default(), Budget: time.Nanosecond, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx := browser(t, 1280, 900)
	do(t, ctx, "download",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), pointing),
		click(`#load`),
		idle(),
		click(`#download-pdf`),
		idle(),
		until(`document.querySelector('#message').textContent.includes('downloaded')`))
	msg := eval[string](t, ctx, `document.querySelector('#message').textContent`)
	if want := "sudoku.pdf downloaded; not rated: grading took longer than the time budget; printed with its solution, without a level or rating."; msg != want {
		t.Errorf("message %q, want %q", msg, want)
	}
}

var variantShot = flag.String("variant-screenshot", "", "write TestBrowserVariants's picture of the board under a variant to `FILE` (docs/assistant-variant.png)")

// apiAnswer posts a JSON body to the API and decodes the answer.
func apiAnswer(t *testing.T, base, path, body string) map[string]any {
	t.Helper()
	resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// shownCandidates is the expression of what each cell shows, in the
// candidates endpoint's words: a filled cell's digit, an empty cell's
// automatic candidates.
const shownCandidates = `Array.from(document.querySelectorAll('#board .cell'), (c) =>
	c.classList.contains('given') || c.classList.contains('entered') ? c.querySelector('.value').textContent :
	Array.from(c.querySelectorAll('.cand:not(.off)'), (x) => x.dataset.digit).join(''))`

// TestBrowserVariants plays variants in a real browser: tick x in the
// picker and see the diagonals drawn; load an x puzzle from
// testdata/puzzles/variants and see it unique (as a classic puzzle it has
// two solutions) with every cell's candidates the library's under x; type
// a second 5 on a diagonal and see both flagged, the diagonal named; climb
// the hint ladder under x; a knight's move conflict under anti-knight; a
// pasted line's label sets its rules (windoku, jigsaw with its regions'
// edges); a combination the rules refuse is refused in words.
func TestBrowserVariants(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	status := `document.querySelector('#status').dataset.status`
	count := func(sel string) int {
		t.Helper()
		return eval[int](t, ctx, `document.querySelectorAll('`+sel+`').length`)
	}
	tick := func(variant string) chromedp.Action[chromedp.Void] {
		return click(`#variants input[value="` + variant + `"]`)
	}
	do(t, ctx, "open",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		until(`document.querySelectorAll('#variants input[name=variant]').length === 11`))
	if n := count(`.cell.rule-diagonal`); n != 0 {
		t.Fatalf("classic board: %d diagonal cells drawn", n)
	}

	// Tick x: the two diagonals are drawn, 17 cells, and the rule stated.
	do(t, ctx, "tick x", tick("x"), idle(), until(`document.querySelector('#board').classList.contains('variant')`))
	if n := count(`.cell.rule-diagonal`); n != 17 {
		t.Errorf("x: %d diagonal cells drawn, want 17", n)
	}
	for _, cell := range []int{0, 40, 80, 8, 72} {
		if !eval[bool](t, ctx, fmt.Sprintf(`document.querySelector('.cell[data-cell="%d"]').classList.contains('rule-diagonal')`, cell)) {
			t.Errorf("x: %s is not drawn on a diagonal", sudokuCell(cell))
		}
	}
	if text := eval[string](t, ctx, `document.querySelector('#rules-text').textContent`); !strings.Contains(text, "Each main diagonal holds 1 to 9 once") {
		t.Errorf("x: the rules say %q", text)
	}

	// An x puzzle from the test files, pasted without a label: under the
	// ticked rules it has one solution.
	puzzle := variantPuzzle(t, "x")
	do(t, ctx, "load the x puzzle",
		chromedp.SetValue(chromedp.CSS(`#paste`), puzzle),
		click(`#load`),
		idle(),
		until(status+` !== "empty"`), idle())
	if word := eval[string](t, ctx, status); word != "unique" {
		t.Errorf("the x puzzle under x: status %s, want unique", word)
	}
	underX := apiAnswer(t, ts.URL, "/api/v1/candidates", `{"puzzle": "`+puzzle+`", "variant": ["x"]}`)["candidates"].([]any)
	classic := apiAnswer(t, ts.URL, "/api/v1/candidates", `{"puzzle": "`+puzzle+`"}`)["candidates"].([]any)
	shown := eval[[]string](t, ctx, shownCandidates)
	differ := 0
	for i := range 81 {
		if shown[i] != underX[i] {
			t.Errorf("%s shows %q, the library's candidates under x are %v", sudokuCell(i), shown[i], underX[i])
		}
		if underX[i] != classic[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("x rules out no candidate of the puzzle: the check shows nothing")
	}

	// A second 5 on a diagonal, in a cell where classic rules allow it.
	cell, digit, other := diagonalClash(t, puzzle)
	do(t, ctx, "a clash on a diagonal",
		click(fmt.Sprintf(`.cell[data-cell="%d"]`, cell)),
		chromedp.KeyEvent(string(rune('0'+digit))),
		idle(),
		until(status+` === "invalid"`))
	flagged := eval[[]int](t, ctx, `Array.from(document.querySelectorAll('.cell.conflict'), (c) => +c.dataset.cell)`)
	text := eval[string](t, ctx, `document.querySelector('#status').textContent`)
	if !slices.Equal(flagged, []int{min(cell, other), max(cell, other)}) || !strings.Contains(text, fmt.Sprintf("Two %ds in diagonal", digit)) {
		t.Errorf("%d in %s beside %s: cells %v flagged, status %q", digit, sudokuCell(cell), sudokuCell(other), flagged, text)
	}
	do(t, ctx, "undo the clash", click(`#undo`), idle(), until(status+` === "unique"`))

	// The hint ladder under x: the page's words are the API's under x. On
	// a grid whose two classic solutions x tells apart, there is a step
	// under x and none as classic.
	for _, p := range []string{puzzle, nearlySolvedX} {
		do(t, ctx, "load "+p, chromedp.SetValue(chromedp.CSS(`#paste`), p), click(`#load`), idle())
		for level := 1; level <= 3; level++ {
			want := apiAnswer(t, ts.URL, "/api/v1/hint", fmt.Sprintf(`{"puzzle": %q, "depth": %d, "variant": ["x"]}`, p, level))
			h, _ := want["hint"].(map[string]any)
			if h == nil {
				do(t, ctx, "hint", click(`#hint`), idle(), until(`document.querySelector('#hint-text').dataset.status !== "hint"`))
				if got := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`); !strings.Contains(got, want["error"].(string)) {
					t.Errorf("%s: the page says %q, the API %q", p, got, want["error"])
				}
				break
			}
			do(t, ctx, fmt.Sprintf("hint depth %d", level), click(`#hint`), idle(),
				until(fmt.Sprintf(`document.querySelector('#hint-text').dataset.level === "%d"`, level)))
			if got := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`); got != h["text"] {
				t.Errorf("%s depth %d: the page says %q, the API under x %q", p, level, got, h["text"])
			}
		}
	}
	if apiAnswer(t, ts.URL, "/api/v1/hint", `{"puzzle": "`+nearlySolvedX+`"}`)["hint"] != nil {
		t.Errorf("a classic hint for a puzzle with two classic solutions")
	}
	do(t, ctx, "apply the hint", click(`#apply`), idle(), until(status+` === "unique"`))

	if *variantShot != "" {
		// The picture of docs/assistant.md: the x puzzle, its diagonals
		// shaded, the rules stated, the picker with x ticked.
		do(t, ctx, "back to the x puzzle", chromedp.EmulateViewport(1040, 760),
			chromedp.SetValue(chromedp.CSS(`#paste`), puzzle), click(`#load`), idle(),
			chromedp.KeyEvent(kb.Escape), chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.activeElement.blur()`),
			until(status+` === "unique"`))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		if err := os.WriteFile(*variantShot, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s (%d bytes)", *variantShot, len(png))
		do(t, ctx, "window", chromedp.EmulateViewport(1280, 900))
	}

	// Anti-knight instead: a pair rule, stated in words; two 7s a
	// knight's move apart are flagged.
	do(t, ctx, "clear", click(`#clear`), idle())
	do(t, ctx, "anti-knight", tick("x"), idle(), tick("anti-knight"), idle(),
		until(`document.querySelector('#rules-text').textContent.includes("knight's move")`))
	if n := count(`.cell.rule-diagonal`); n != 0 {
		t.Errorf("anti-knight alone: %d diagonal cells drawn", n)
	}
	do(t, ctx, "two 7s a knight's move apart",
		click(`.cell[data-cell="21"]`), chromedp.KeyEvent("7"),
		click(`.cell[data-cell="40"]`), chromedp.KeyEvent("7"), idle())
	flagged = eval[[]int](t, ctx, `Array.from(document.querySelectorAll('.cell.conflict'), (c) => +c.dataset.cell)`)
	text = eval[string](t, ctx, `document.querySelector('#status').textContent`)
	if !slices.Equal(flagged, []int{21, 40}) || !strings.Contains(text, "anti-knight: 7s in r3c4 and r5c5") {
		t.Errorf("7 in r3c4 and r5c5 under anti-knight: cells %v flagged, status %q", flagged, text)
	}

	// A pasted line names its rules: windoku's windows are drawn, the
	// picker follows.
	windoku := variantPuzzle(t, "windoku")
	do(t, ctx, "paste a windoku line",
		chromedp.SetValue(chromedp.CSS(`#paste`), windoku+" variant=windoku"), click(`#load`), idle(),
		until(`document.querySelectorAll('.cell.rule-window').length > 0`), idle())
	ticked := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#variants input:checked'), (b) => b.value)`)
	if n := count(`.cell.rule-window`); n != 36 || !slices.Equal(ticked, []string{"windoku"}) || eval[string](t, ctx, status) != "unique" {
		t.Errorf("windoku by label: %d window cells, ticked %v, status %s", n, ticked, eval[string](t, ctx, status))
	}

	// The rules are remembered with the board.
	do(t, ctx, "reload", chromedp.Reload(), idle(), until(`document.querySelectorAll('#variants input:checked').length === 1`))
	if n, ticked := count(`.cell.rule-window`), eval[string](t, ctx, `document.querySelector('#variants input:checked').value`); n != 36 || ticked != "windoku" {
		t.Errorf("after a reload: %d window cells, %s ticked", n, ticked)
	}

	// A jigsaw line with its regions: thick edges between the regions,
	// none inside one; the layout in the picker.
	regions := jigsawRegions(t)
	do(t, ctx, "paste a jigsaw line",
		chromedp.SetValue(chromedp.CSS(`#paste`), variantPuzzle(t, "jigsaw")+" variant=jigsaw regions="+regions), click(`#load`), idle(),
		until(`document.querySelector('#counters caption').textContent === "Missing per region"`), idle())
	edges := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cell'), (c) => (c.classList.contains('edge-r') ? "r" : "") + (c.classList.contains('edge-b') ? "b" : ""))`)
	for i := range 81 {
		want := ""
		if i%9 < 8 && regions[i] != regions[i+1] {
			want += "r"
		}
		if i < 72 && regions[i] != regions[i+9] {
			want += "b"
		}
		if edges[i] != want {
			t.Errorf("jigsaw: %s has edges %q, want %q", sudokuCell(i), edges[i], want)
		}
	}
	if word := eval[string](t, ctx, status); word != "unique" {
		t.Errorf("the jigsaw puzzle: status %s", word)
	}
	if layout := eval[string](t, ctx, `document.querySelector('#regions').value.replace(/\s+/g, "")`); layout != regions {
		t.Errorf("the picker's layout is %q", layout)
	}

	// A jigsaw ticked by hand waits for its layout, then takes it.
	do(t, ctx, "tick jigsaw", click(`#rules-classic`), idle(), until(`document.querySelectorAll('#variants input:checked').length === 0`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#regions').value = ""`),
		tick("jigsaw"), idle(), until(`document.querySelector('#rules-error').textContent !== ""`))
	if msg := eval[string](t, ctx, `document.querySelector('#rules-error').textContent`); !strings.Contains(msg, "needs its layout") || count(`.cell.edge-r`) != 18 {
		t.Errorf("jigsaw without a layout: %q, %d right edges (the boxes' 18)", msg, count(`.cell.edge-r`))
	}
	do(t, ctx, "type the layout", chromedp.SendKeys(chromedp.CSS(`#regions`), regions[:80]), idle(),
		until(`document.querySelector('#rules-error').textContent.includes("80 cells")`),
		chromedp.SendKeys(chromedp.CSS(`#regions`), regions[80:]), idle(),
		until(`document.querySelector('#rules-error').textContent === ""`), idle())
	if got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cell'), (c) => (c.classList.contains('edge-r') ? "r" : "") + (c.classList.contains('edge-b') ? "b" : ""))`); !slices.Equal(got, edges) {
		t.Errorf("jigsaw by hand: the edges are not the layout's")
	}

	// A new puzzle under x: the request carries the rules, and the new
	// puzzle is x's, unique under x.
	do(t, ctx, "new x puzzle", click(`#rules-classic`), idle(), tick("x"), idle(),
		chromedp.SetValue(chromedp.CSS(`#new-level`), "easy"), click(`#new`),
		until(`["ok", "error"].includes(document.querySelector('#message').dataset.kind)`), idle())
	msg := eval[string](t, ctx, `document.querySelector('#message').textContent`)
	switch kind := eval[string](t, ctx, `document.querySelector('#message').dataset.kind`); {
	case kind != "ok":
		t.Errorf("new x puzzle: %s %q", kind, msg)
	case (!strings.HasPrefix(msg, "New easy x puzzle") || eval[string](t, ctx, status) != "unique" || count(`.cell.rule-diagonal`) != 17):
		t.Errorf("new x puzzle: %q, status %s", msg, eval[string](t, ctx, status))
	}

	// Rules that do not go together: refused in the library's words, the
	// board keeps its rules.
	do(t, ctx, "classic", click(`#rules-classic`), idle(), tick("disjoint-groups"), idle(), tick("center-dot"), idle(),
		until(`document.querySelector('#rules-error').textContent !== ""`))
	if msg = eval[string](t, ctx, `document.querySelector('#rules-error').textContent`); !strings.Contains(msg, "do not go together") {
		t.Errorf("disjoint-groups with center-dot: %q", msg)
	}
	if n := count(`.cell.rule-group`); n != 81 {
		t.Errorf("after the refusal the board shows %d disjoint-group cells, want 81 (disjoint-groups)", n)
	}
}

// sudokuCell names a cell, r1c1 to r9c9.
func sudokuCell(i int) string { return fmt.Sprintf("r%dc%d", i/9+1, i%9+1) }

// diagonalClash finds in an x puzzle an empty cell, a digit that classic
// rules allow there and x does not, and the cell of its diagonal that
// holds that digit.
func diagonalClash(t *testing.T, puzzle string) (cell, digit, other int) {
	t.Helper()
	rules, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	g := gridUnder(t, puzzle, rules)
	classic, underX := g.Candidates(), rules.Candidates(g)
	for c := range 81 {
		for d := 1; d <= 9; d++ {
			if g[c] != 0 || !classic[c].Has(d) || underX[c].Has(d) {
				continue
			}
			for h := 27; h < rules.NumHouses(); h++ {
				for _, o := range rules.House(h).Cells {
					if rules.HouseCells(h).Has(c) && int(g[o]) == d {
						return c, d, int(o)
					}
				}
			}
		}
	}
	t.Fatalf("no cell of %s where x alone rules a digit out", puzzle)
	return
}

// TestBrowserShortWindow: in a window shorter than the board and its
// tools (a 768-pixel laptop screen), with a variant's rules stated above
// the board and the keyboard help open, every control under the board can
// be scrolled into view and clicked: the board's column stays in view
// while the panels scroll, but scrolls on its own when taller than the
// window.
func TestBrowserShortWindow(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 700)
	do(t, ctx, "open",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		until(`document.querySelectorAll('#variants input[name=variant]').length === 11`),
		click(`#variants input[value="anti-knight"]`), idle(),
		until(`!document.querySelector('#rules-text').hidden`),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('.keys').open = true`))
	reachable := `Array.from(document.querySelectorAll('.board-area button, .board-area summary, .board-area li'), (e) => {
		e.scrollIntoView({block: "nearest"});
		const r = e.getBoundingClientRect();
		const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
		return hit && (hit === e || e.contains(hit)) ? "" : (e.id || e.textContent.trim().slice(0, 20));
	}).filter(Boolean)`
	if out := eval[[]string](t, ctx, reachable); len(out) != 0 {
		t.Errorf("in a 700-pixel window these cannot be reached: %q", out)
	}
}
