package server

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// variantEnabled is the expression of whether a variant's box in the
// picker can be ticked.
func variantEnabled(name string) string {
	return `!document.querySelector('#variants input[value="` + name + `"]').disabled`
}

// TestBrowserSizedX plays x at other sizes in a real browser: at 6x6
// the picker offers x, killer and jigsaw and greys the 9x9 variants (their titles
// say why), at 10x10 killer too; tick x at 6x6 and its two diagonals are
// shaded (12 cells), the rule stated at the size; paste an x of 8x8 and
// see its 16 diagonal cells shaded and the puzzle unique (as a classic
// 8x8 it has several solutions).
func TestBrowserSizedX(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	do(t, ctx, "6x6",
		chromedp.Navigate(ts.URL+"/"), idle(),
		until(`document.querySelectorAll('#variants input[name=variant]').length === 11`),
		chooseSize("6:2x3"), idle(),
		until(`document.querySelectorAll('#board .cell').length === 36`))
	for name, want := range map[string]bool{"x": true, "killer": true, "anti-knight": false, "windoku": false, "jigsaw": true} {
		if got := eval[bool](t, ctx, variantEnabled(name)); got != want {
			t.Errorf("6x6: %s can be ticked: %v, want %v", name, got, want)
		}
	}
	if title := eval[string](t, ctx, `document.querySelector('#variants input[value="anti-knight"]').closest('label').title`); !strings.Contains(title, "9x9") {
		t.Errorf("the greyed anti-knight's title %q does not say why", title)
	}
	do(t, ctx, "10x10", chooseSize("10:2x5"), idle(), until(`document.querySelectorAll('#board .cell').length === 100`))
	if eval[bool](t, ctx, variantEnabled("killer")) || !eval[bool](t, ctx, variantEnabled("x")) {
		t.Errorf("10x10: killer can be ticked, or x cannot")
	}

	do(t, ctx, "x at 6x6", chooseSize("6:2x3"), idle(),
		until(`document.querySelectorAll('#board .cell').length === 36`),
		click(`#variants input[value="x"]`), idle(),
		until(`document.querySelectorAll('#board .cell.rule-diagonal').length === 12`))
	if size := eval[string](t, ctx, `document.querySelector('#size').value`); size != "6:2x3" {
		t.Errorf("ticking x at 6x6 set the size to %q", size)
	}
	if text := eval[string](t, ctx, `document.querySelector('#rules-text') ? document.querySelector('#rules-text').textContent : document.body.textContent`); !strings.Contains(text, "1 to 6") {
		t.Errorf("the x rule at 6x6 is not stated at the size: %.200q", text)
	}
	diag := eval[string](t, ctx, `Array.from(document.querySelectorAll('#board .cell.rule-diagonal'), (c) => c.dataset.cell).join(' ')`)
	if diag != "0 5 7 10 14 15 20 21 25 28 30 35" {
		t.Errorf("shaded cells %s, want the two diagonals of 6x6", diag)
	}

	line := readFirstLine(t, filepath.Join(sizedVariantsDir, "x-8x8.txt"))
	do(t, ctx, "paste an 8x8 x",
		chromedp.SetValue(chromedp.CSS(`#paste`), line), click(`#load`), idle(),
		until(`document.querySelectorAll('#board .cell').length === 64 && document.querySelectorAll('#board .cell.rule-diagonal').length === 16`),
		until(`document.querySelector('#status').dataset.status === "unique"`))
	if !eval[bool](t, ctx, `document.querySelector('#variants input[value="x"]').checked`) {
		t.Errorf("the pasted 8x8 x does not tick x")
	}
}

// TestBrowserSizedKiller plays a 6x6 killer in a real browser: paste one
// (its label carries the cages), see each cell's dashed cage line and
// each cage's sum, select a cell and see its cage's combinations as the
// cages endpoint gives them; ask for a hint and see the library's
// refusal (its killer techniques are 9x9's) as the hint's text; then
// choose 4x4, where x and killer stay ticked, make one with New, and
// reload: the board keeps it.
func TestBrowserSizedKiller(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	b, fields := sizedVariantPuzzle(t, "killer-x-6x6.txt", 6)
	line := readFirstLine(t, filepath.Join(sizedVariantsDir, "killer-x-6x6.txt"))
	do(t, ctx, "load",
		chromedp.Navigate(ts.URL+"/"), idle(),
		chromedp.SetValue(chromedp.CSS(`#paste`), line), click(`#load`), idle(),
		until(`document.querySelectorAll('#board .cell').length === 36 && document.querySelectorAll('#board .cage').length === 36`),
		until(`document.querySelector('#status').dataset.status === "unique"`))
	dashed := eval[int](t, ctx, `Array.from(document.querySelectorAll('#board .cage'), (x) => getComputedStyle(x))
		.filter((s) => [s.borderTopStyle, s.borderLeftStyle, s.borderRightStyle, s.borderBottomStyle].includes('dashed')).length`)
	if dashed != 36 {
		t.Errorf("%d cells of 36 draw a dashed cage line", dashed)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .cell.rule-diagonal').length`); n != 12 {
		t.Errorf("%d diagonal cells shaded, want 12", n)
	}
	sums := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cage-sum'), (x) => x.closest('.cell').dataset.cell + ":" + x.textContent)`)
	var want []string
	for _, c := range b.Cages {
		want = append(want, fmt.Sprintf("%d:%d", c.Cells[0], c.Sum))
	}
	if strings.Join(sortedStrings(sums), " ") != strings.Join(sortedStrings(want), " ") {
		t.Errorf("sums drawn %v, want %v (cell:sum)", sums, want)
	}
	pick := -1
	for k, c := range b.Cages {
		if len(c.Cells) >= 2 {
			pick = k
			break
		}
	}
	answer := apiAnswer(t, ts.URL, "/api/v1/cages", "{"+fields+"}")
	var combos []string
	for _, x := range answer["cages"].([]any)[pick].(map[string]any)["combinations"].([]any) {
		combos = append(combos, x.(string))
	}
	do(t, ctx, "select", click(fmt.Sprintf(`.cell[data-cell="%d"]`, b.Cages[pick].Cells[1])), idle(),
		until(`!document.querySelector('#cage-info').hidden && document.querySelectorAll('#cage-info .combo').length > 0`))
	shown := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#cage-info .combo'), (x) => x.textContent)`)
	name := eval[string](t, ctx, `document.querySelector('#cage-info').textContent`)
	if strings.Join(shown, " ") != strings.Join(combos, " ") || !strings.Contains(strings.ToLower(name), b.Shape.CageName(b.Cages[pick])) {
		t.Errorf("cage info %q shows %v, want %s's %v", name, shown, b.Shape.CageName(b.Cages[pick]), combos)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.cell.in-cage').length`); n != len(b.Cages[pick].Cells) {
		t.Errorf("%d cells marked in the selected cage, want %d", n, len(b.Cages[pick].Cells))
	}

	do(t, ctx, "hint", click(`#hint`), idle(), until(`document.querySelector('#hint-text').textContent !== ''`))
	if text := eval[string](t, ctx, `document.querySelector('#hint-text').textContent`); !strings.Contains(text, "6x6 killer") || !strings.Contains(text, "9x9's for now") {
		t.Errorf("the hint of a 6x6 killer says %q, want the library's refusal", text)
	}

	// At 4x4 x and killer stay ticked (the size takes both): New makes a
	// killer-x of 4x4.
	do(t, ctx, "new 4x4 killer",
		click(`#clear`), chooseSize("4:2x2"), idle(),
		until(`document.querySelectorAll('#board .cell').length === 16 && document.querySelectorAll('#board .cage').length === 0`),
		until(`document.querySelector('#variants input[value="killer"]').checked && document.querySelector('#variants input[value="x"]').checked`),
		click(`#new`), idle(),
		until(`document.querySelectorAll('#board .cage').length === 16 && document.querySelector('#status').dataset.status === "unique"`))
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .cage-sum').length`); n < 2 {
		t.Errorf("a new 4x4 killer draws %d sums", n)
	}
	if size := eval[string](t, ctx, `document.querySelector('#size').value`); size != "4:2x2" {
		t.Errorf("after New, the size is %q, want 4:2x2", size)
	}
	// A reload keeps the 4x4 killer-x, its cages and diagonals with it.
	sums = eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cage-sum'), (x) => x.closest('.cell').dataset.cell + ":" + x.textContent)`)
	do(t, ctx, "reload", chromedp.Reload(), idle(),
		until(`document.querySelectorAll('#board .cage').length === 16 && document.querySelector('#status').dataset.status === "unique"`))
	after := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .cage-sum'), (x) => x.closest('.cell').dataset.cell + ":" + x.textContent)`)
	if strings.Join(after, " ") != strings.Join(sums, " ") || eval[int](t, ctx, `document.querySelectorAll('#board .cell.rule-diagonal').length`) != 8 {
		t.Errorf("after a reload: sums %v (were %v), or the diagonals not shaded", after, sums)
	}
}
