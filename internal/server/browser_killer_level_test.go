package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// TestBrowserKillerLevel makes a killer of a chosen level in a real
// browser: tick killer and the level picker offers config.yaml's killer
// levels (their bands, no classic band by rating); choose hard and New
// makes a killer the library grades hard, with the rating the page shows.
// Untick killer and the classic levels come back.
func TestBrowserKillerLevel(t *testing.T) {
	ts := newTestServer(t, Options{})
	ctx := browser(t, 1280, 900)
	options := `Array.from(document.querySelectorAll('#new-level option'), (o) => o.textContent).join(" | ")`
	do(t, ctx, "tick killer",
		chromedp.Navigate(ts.URL+"/"),
		idle(),
		click(`#variants input[value="killer"]`), idle(),
		until(`document.querySelector('#variants input[value="killer"]').checked`))
	want := "easy (1.0–2.3) | medium (2.4–2.7) | hard (2.8–3.0) | fiendish (3.1–4.4) | diabolical (4.5+)"
	if got := eval[string](t, ctx, options); got != want {
		t.Errorf("killer levels offered: %s\nwant %s", got, want)
	}
	if eval[bool](t, ctx, `document.querySelector('#new-level').disabled`) {
		t.Errorf("the level picker is disabled for a 9x9 killer")
	}
	do(t, ctx, "new hard killer",
		chromedp.SetValue(chromedp.CSS(`#new-level`), "hard"),
		click(`#new`), idle(),
		until(`document.querySelectorAll('#board .cage').length === 81 && document.querySelector('#status').dataset.status === "unique"`),
		until(`document.querySelector('#rating dl') !== null`))

	// The killer on the board, as the page keeps it, graded by the library.
	saved := eval[string](t, ctx, `localStorage.getItem("sudokit.assistant.v1")`)
	var page struct {
		Board struct {
			Values string `json:"values"`
		} `json:"board"`
		Rules struct {
			Cages []struct {
				Sum   int      `json:"sum"`
				Cells []string `json:"cells"`
			} `json:"cages"`
		} `json:"rules"`
	}
	if err := json.Unmarshal([]byte(saved), &page); err != nil {
		t.Fatalf("the page's saved state: %v", err)
	}
	var cages []sudoku.Cage
	for _, c := range page.Rules.Cages {
		cage := sudoku.Cage{Sum: c.Sum}
		for _, name := range c.Cells {
			cell, err := sudoku.ParseCellName(name)
			if err != nil {
				t.Fatal(err)
			}
			cage.Cells = append(cage.Cells, cell)
		}
		cages = append(cages, cage)
	}
	rules, err := sudoku.Rules{}.WithCages(cages)
	if err != nil {
		t.Fatalf("the page's cages: %v", err)
	}
	grid, err := sudoku.ParseGrid(strings.ReplaceAll(page.Board.Values, "0", "."))
	if err != nil {
		t.Fatal(err)
	}
	grader, err := grade.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	res := grader.Grade(context.Background(), rules.StateOf(grid, nil), grade.Options{})
	if res.Status != grade.Rated || res.Level != "hard" {
		t.Errorf("the new killer grades %v %v %s, want hard", res.Status, res.ER, res.Level)
	}
	box := eval[string](t, ctx, `document.querySelector('#rating').textContent`)
	msg := eval[string](t, ctx, `document.querySelector('#message') ? document.querySelector('#message').textContent : ""`)
	if !strings.Contains(box, res.ER.String()) || !strings.Contains(box, "hard") {
		t.Errorf("the rating box shows %q, want ER %s and hard (message %q)", box, res.ER, msg)
	}

	// Classic again: config's levels and the bands by rating.
	do(t, ctx, "untick killer",
		click(`#clear`), click(`#rules-classic`), idle(),
		until(`!document.querySelector('#variants input[value="killer"]').checked`))
	if got := eval[string](t, ctx, options); !strings.HasPrefix(got, "easy (1.0–1.5) | medium (1.6–2.5)") || !strings.Contains(got, "ER 10.0+") {
		t.Errorf("classic levels offered: %s", got)
	}
}
