package server

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sudokit/sudokit/sudoku"
)

var (
	sizesShot  = flag.String("sizes-screenshot", "", "write TestBrowserSizes's picture of a 16x16 board to `FILE` (docs/assistant-16x16.png)")
	killerShot = flag.String("killer-screenshot", "", "write TestBrowserKiller's picture of a killer to `FILE` (docs/assistant-killer.png)")
)

// givensExpr is the expression of the board's givens as a line.
const givensExpr = `Array.from(document.querySelectorAll('#board .cell'), (c) => c.classList.contains('given') ? c.querySelector('.value').textContent : '.').join('')`

// chooseSize picks a size in the size chooser, as a user does.
func chooseSize(value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#size'); s.value = "` + value +
		`"; s.dispatchEvent(new Event('change', {bubbles: true})); })()`)
}

// writeShot writes the page's screenshot to file when the flag asks.
func writeShot(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	if file == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserSizes plays other sizes in a real browser: choose 4x4 in the
// size chooser, make an easy puzzle, and play it to the end by typing
// each digit of its solution (the status says solved); paste a 16x16 and
// see its 256 cells, 16 digit buttons, and a cell's 16 candidates each
// inside the cell and apart from each other (bounding boxes, at the
// default window size); type a letter (G is 16), see a repeated one
// flagged; climb the hint ladder to the step and apply it.
func TestBrowserSizes(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	status := `document.querySelector('#status').dataset.status`
	do(t, ctx, "4x4",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chooseSize("4:2x2"),
		idle(),
		until(`document.querySelectorAll('#board .cell').length === 16`),
		chromedp.SetValue(chromedp.CSS(`#new-level`), "easy"),
		click(`#new`),
		idle(),
		until(`document.querySelectorAll('#board .cell.given').length > 0 && `+status+` === "unique"`))
	givens := eval[string](t, ctx, givensExpr)
	sol := apiAnswer(t, ts.URL, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q}`, givens))
	solution, _ := sol["solution"].(string)
	if len(solution) != 16 {
		t.Fatalf("4x4 givens %q: %v", givens, sol)
	}
	for i := range 16 {
		if givens[i] != '.' {
			continue
		}
		do(t, ctx, "type", click(fmt.Sprintf(`.cell[data-cell="%d"]`, i)), chromedp.KeyEvent(string(solution[i])))
	}
	do(t, ctx, "solved", idle(), until(status+` === "unique" && document.querySelector('#status').textContent.startsWith('Solved')`))
	if board := eval[string](t, ctx, `Array.from(document.querySelectorAll('#board .value'), (v) => v.textContent).join('')`); board != solution {
		t.Errorf("played %q, want %q", board, solution)
	}

	// A pasted 16x16: its size comes from its 256 cells.
	puzzle := sizedPuzzle(t, "16x16-110.txt")
	do(t, ctx, "16x16",
		chromedp.SetValue(chromedp.CSS(`#paste`), puzzle),
		click(`#load`),
		idle(),
		until(`document.querySelectorAll('#board .cell').length === 256 && `+status+` === "unique"`))
	if n := eval[int](t, ctx, `document.querySelectorAll('#digits button[data-digit]:not([data-digit="0"])').length`); n != 16 {
		t.Errorf("%d digit buttons, want 16", n)
	}
	if got := eval[string](t, ctx, `document.querySelector('#size').value`); got != "16:4x4" {
		t.Errorf("size chooser shows %q after loading a 16x16", got)
	}
	// An empty cell with all 16 candidates drawn: each inside the cell,
	// none overlapping another, glyphs of at least 8 px.
	empty := strings.IndexByte(puzzle, '.')
	if bad := eval[[]string](t, ctx, candidatesFit(empty, 16, 8)); len(bad) != 0 {
		t.Errorf("r%dc%d of a 16x16: %q", empty/16+1, empty%16+1, bad)
	}
	if shown := eval[string](t, ctx, fmt.Sprintf(`Array.from(document.querySelectorAll('.cell[data-cell="%d"] .cand'), (x) => x.textContent).join('')`, empty)); shown != "123456789ABCDEFG" {
		t.Errorf("candidates written %q", shown)
	}
	// A reload keeps the board, its size with it.
	do(t, ctx, "reload", chromedp.Reload(), idle(),
		until(`document.querySelectorAll('#board .cell').length === 256 && `+status+` === "unique"`))
	if got := eval[string](t, ctx, givensExpr); got != puzzle {
		t.Errorf("after a reload the board holds %q, want %q", got, puzzle)
	}

	// A letter: G is 16. The solution's digit in the first empty cell,
	// then a repeat of a given in its row, flagged.
	full := apiAnswer(t, ts.URL, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q}`, puzzle))["solution"].(string)
	do(t, ctx, "letter", click(fmt.Sprintf(`.cell[data-cell="%d"]`, empty)), chromedp.KeyEvent(strings.ToLower(full[empty:empty+1])), idle())
	if got := eval[string](t, ctx, cellValue(empty)); got != full[empty:empty+1] {
		t.Errorf("typed %q into r1c%d: it shows %q", full[empty:empty+1], empty+1, got)
	}
	row := empty / 16
	given := -1
	for c := range 16 {
		if puzzle[row*16+c] != '.' && puzzle[row*16+c] != full[empty] {
			given = row*16 + c
			break
		}
	}
	do(t, ctx, "repeat", chromedp.KeyEvent(strings.ToLower(puzzle[given:given+1])), idle(),
		until(`document.querySelectorAll('.cell.conflict').length >= 2`))
	if msg := eval[string](t, ctx, `document.querySelector('#status').textContent`); !strings.Contains(msg, fmt.Sprintf("row %d", row+1)) {
		t.Errorf("a repeated %c in row %d: status %q", puzzle[given], row+1, msg)
	}
	do(t, ctx, "undo", click(`#undo`), idle(), until(`document.querySelectorAll('.cell.conflict').length === 0`))

	// The hint ladder to the step, applied: a placement the solution has.
	do(t, ctx, "hint", click(`#hint`), idle(), click(`#hint`), idle(), click(`#hint`), idle(),
		until(`document.querySelector('#hint-text').dataset.level === "3"`))
	text := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`)
	places := eval[int](t, ctx, `document.querySelectorAll('.cand.hl-placed').length`)
	filled := eval[int](t, ctx, `document.querySelectorAll('#board .value').length`)
	writeShot(t, ctx, *sizesShot)
	do(t, ctx, "apply", click(`#apply`), idle())
	after := eval[int](t, ctx, `document.querySelectorAll('#board .cell.given, #board .cell.entered').length`)
	if text == "" || places == 0 || after <= filled-1 {
		t.Errorf("hint %q: %d placements shown, %d cells filled before applying, %d after", text, places, filled, after)
	}
	if st := eval[string](t, ctx, status); st != "unique" {
		t.Errorf("after applying the hint: status %q", st)
	}

	// A 25x25: its 25 candidates fit a cell too, at 7 px or more (the
	// board takes the page's width).
	big := sizedPuzzle(t, "25x25-360.txt")
	do(t, ctx, "25x25",
		chromedp.SetValue(chromedp.CSS(`#paste`), big),
		click(`#load`),
		idle(),
		until(`document.querySelectorAll('#board .cell').length === 625`))
	if bad := eval[[]string](t, ctx, candidatesFit(strings.IndexByte(big, '.'), 25, 7)); len(bad) != 0 {
		t.Errorf("a 25x25: %q", bad)
	}
}

// candidatesFit is the expression of what is wrong with the candidates of
// cell of an n×n board: fewer than n drawn, one outside the cell or its
// glyph outside its slot, two overlapping, a glyph under min px.
func candidatesFit(cell, n, min int) string {
	return fmt.Sprintf(`(() => {
		const cell = document.querySelector('.cell[data-cell="%d"]');
		const c = cell.getBoundingClientRect();
		const cands = Array.from(cell.querySelectorAll('.cand'));
		const out = [];
		if (cands.length !== %d) out.push(cands.length + " candidates");
		const boxes = cands.map((x) => x.getBoundingClientRect());
		boxes.forEach((b, k) => {
			if (b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5) out.push("candidate " + (k + 1) + " outside the cell");
			boxes.forEach((o, j) => {
				if (j > k && b.left < o.right - 0.5 && o.left < b.right - 0.5 && b.top < o.bottom - 0.5 && o.top < b.bottom - 0.5) out.push((k + 1) + " overlaps " + (j + 1));
			});
			const r = document.createRange();
			r.selectNodeContents(cands[k]);
			const g = r.getBoundingClientRect();
			if (g.width === 0 || g.left < b.left - 0.5 || g.right > b.right + 0.5 || g.top < b.top - 0.5 || g.bottom > b.bottom + 0.5) out.push("glyph " + (k + 1) + " outside its slot");
			const size = parseFloat(getComputedStyle(cands[k]).fontSize);
			if (size < %d) out.push("candidate " + (k + 1) + " at " + size + " px");
		});
		return out;
	})()`, cell, n, min)
}

// TestBrowserKiller plays a killer in a real browser: paste one (the
// arrow format) and see its cages drawn as printers draw them (a dashed
// outline in every cell of a cage, the sum small in each cage's first
// cell and nowhere else); select a cell and see its cage's combinations,
// the API's; the candidates of a two-cell cage of 17 are 8 and 9 alone
// (the cage's sum rules); a repeated digit in a cage is flagged; then
// tick killer on a classic board and make a new one.
func TestBrowserKiller(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	cages, err := sudoku.ParseArrows(tarek6)
	if err != nil {
		t.Fatal(err)
	}
	do(t, ctx, "load",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), tarek6),
		click(`#load`),
		idle(),
		until(`document.querySelectorAll('#board .cage').length === 81`))
	dashed := eval[int](t, ctx, `Array.from(document.querySelectorAll('#board .cage'), (x) => getComputedStyle(x))
		.filter((s) => [s.borderTopStyle, s.borderLeftStyle, s.borderRightStyle, s.borderBottomStyle].includes('dashed')).length`)
	if dashed != 81 {
		t.Errorf("%d cells of 81 draw a dashed cage line", dashed)
	}
	// The outline is inset inside the cell: a cage's line 3 px in from
	// the cell border on its outer sides.
	inset := eval[float64](t, ctx, `(() => { const c = document.querySelector('.cell[data-cell="0"]');
		return c.querySelector('.cage').getBoundingClientRect().top - c.getBoundingClientRect().top; })()`)
	if inset < 2 || inset > 5 {
		t.Errorf("r1c1's cage line is %v px in from the cell's top", inset)
	}
	sums := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cage-sum'), (x) => x.closest('.cell').dataset.cell + ":" + x.textContent)`)
	var want []string
	for _, c := range cages {
		want = append(want, fmt.Sprintf("%d:%d", c.Cells[0], c.Sum))
	}
	if strings.Join(sortedStrings(sums), " ") != strings.Join(sortedStrings(want), " ") {
		t.Errorf("sums drawn %v, want %v (cell:sum)", sums, want)
	}

	// The selected cell's cage: its combinations, as the cages endpoint
	// gives them for the empty board.
	fields, _ := killerFields(t)
	answer := apiAnswer(t, ts.URL, "/api/v1/cages", "{"+fields+"}")
	list := answer["cages"].([]any)
	pick := -1
	for k, c := range cages {
		if len(c.Cells) >= 3 {
			pick = k
			break
		}
	}
	var combos []string
	for _, x := range list[pick].(map[string]any)["combinations"].([]any) {
		combos = append(combos, x.(string))
	}
	do(t, ctx, "select", click(fmt.Sprintf(`.cell[data-cell="%d"]`, cages[pick].Cells[1])), idle(),
		until(`!document.querySelector('#cage-info').hidden && document.querySelectorAll('#cage-info .combo').length > 0`))
	shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#cage-info .combo'), (x) => x.textContent)`)
	name := eval[string](t, ctx, `document.querySelector('#cage-info').textContent`)
	if strings.Join(shown, " ") != strings.Join(combos, " ") || !strings.Contains(strings.ToLower(name), cages[pick].Name()) {
		t.Errorf("cage info %q shows %v, want %s's %v", name, shown, cages[pick].Name(), combos)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.cell.in-cage').length`); n != len(cages[pick].Cells) {
		t.Errorf("%d cells marked in the selected cage, want %d", n, len(cages[pick].Cells))
	}

	// Candidates under the cages' sums: each cell's, the endpoint's.
	for k, c := range cages {
		cands := list[k].(map[string]any)["candidates"].([]any)
		for j, cell := range c.Cells {
			got := eval[string](t, ctx, fmt.Sprintf(`Array.from(document.querySelectorAll('.cell[data-cell="%d"] .cand:not(.off)'), (x) => x.textContent).join('')`, cell))
			if got != cands[j].(string) {
				t.Errorf("%s: r%dc%d shows %q, the cage leaves %q", c.Name(), cell/9+1, cell%9+1, got, cands[j])
			}
		}
	}
	writeShot(t, ctx, *killerShot)

	// A reload keeps the killer, its cages with it.
	do(t, ctx, "reload", chromedp.Reload(), idle(),
		until(`document.querySelectorAll('#board .cage').length === 81 && document.querySelector('#status').dataset.status === "unique"`))
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .cage-sum').length`); n != len(cages) {
		t.Errorf("after a reload: %d sums drawn, want %d", n, len(cages))
	}

	// A repeated digit in a cage: both cells flagged, the cage named.
	a, b := cages[pick].Cells[0], cages[pick].Cells[1]
	do(t, ctx, "repeat",
		click(`#mode`),
		click(fmt.Sprintf(`.cell[data-cell="%d"]`, a)), chromedp.KeyEvent("1"),
		click(fmt.Sprintf(`.cell[data-cell="%d"]`, b)), chromedp.KeyEvent("1"),
		idle(), until(`document.querySelectorAll('.cell.conflict').length >= 2`))
	if msg := eval[string](t, ctx, `document.querySelector('#status').textContent`); !strings.Contains(msg, cages[pick].Name()) && !strings.Contains(msg, "row") && !strings.Contains(msg, "column") {
		t.Errorf("a repeated 1 in %s: status %q", cages[pick].Name(), msg)
	}

	// Killer ticked on a classic board: New makes one, cages and all.
	do(t, ctx, "new killer",
		click(`#clear`), click(`#rules-classic`), idle(),
		until(`document.querySelectorAll('#board .cage').length === 0`),
		click(`#variants input[value="killer"]`), idle(),
		click(`#new`), idle(),
		until(`document.querySelectorAll('#board .cage').length === 81 && document.querySelector('#status').dataset.status === "unique"`))
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .cage-sum').length`); n < 9 {
		t.Errorf("a new killer draws %d sums", n)
	}
}

// sortedStrings returns a sorted copy of list.
func sortedStrings(list []string) []string {
	out := append([]string(nil), list...)
	slices.Sort(out)
	return out
}
