package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// tarek6 is one of tarek's killers (testdata/puzzles/killer/sample.txt)
// in the arrow format: no givens, cages and sums only.
const tarek6 = "L<<Q<J<G<^N>^>^J^^>^C8<H^<F^>^^I^<>^FC<D^<I^L^^H^<>^>^^E^<AG<^PG^<>^^I<^^<G<<>^>^"

// killerFields returns tarek6 as the request fields "puzzle" (no givens),
// "variant" and "cages", and its cages.
func killerFields(t testing.TB) (string, []sudoku.Cage) {
	t.Helper()
	cages, err := sudoku.ParseArrows(tarek6)
	if err != nil {
		t.Fatal(err)
	}
	type cage struct {
		Sum   int      `json:"sum"`
		Cells []string `json:"cells"`
	}
	var list []cage
	for _, c := range cages {
		k := cage{Sum: c.Sum}
		for _, cell := range c.Cells {
			k.Cells = append(k.Cells, sudoku.CellName(cell))
		}
		list = append(list, k)
	}
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf(`"puzzle": %q, "variant": ["killer"], "cages": %s`, strings.Repeat(".", 81), b), cages
}

// TestKillerSolve: a killer given as fields ("cages" with "variant":
// ["killer"]), or as a line in the arrow format, is solved under its
// cages: one solution, the library's; the answer echoes the cages.
func TestKillerSolve(t *testing.T) {
	ts := newTestServer(t, Options{})
	fields, cages := killerFields(t)
	rules, err := sudoku.Rules{}.WithCages(cages)
	if err != nil {
		t.Fatal(err)
	}
	want, ok := solve.For(rules).Solve(sudoku.Grid{})
	if !ok {
		t.Fatal("the library finds no solution")
	}
	for _, body := range []string{"{" + fields + "}", `{"puzzle": "` + tarek6 + `"}`} {
		code, got, _ := post(t, ts, "/api/v1/solve", body)
		echoed, _ := got["cages"].([]any)
		if code != 200 || got["status"] != "unique" || got["solution"] != want.String() || len(echoed) != len(cages) {
			t.Errorf("%.80s: %d %v, want unique %s", body, code, got, want)
		}
	}
}

// TestKillerRefused: bad cages are answered 400 naming the cage and the
// problem.
func TestKillerRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	empty := strings.Repeat(".", 81)
	for _, tc := range []struct{ cages, want string }{
		{`[{"sum": 50, "cells": ["r1c1", "r1c2"]}]`, `no 2 distinct digits add up to 50`},
		{`[{"sum": 5, "cells": ["r1c1", "r1c3"]}]`, `is in pieces`},
		{`[{"sum": 5, "cells": ["r1c1", "r10c3"]}]`, `"r10c3" is no cell name`},
		{`[{"sum": 5, "cells": ["r1c1", "r1c2"]}, {"sum": 7, "cells": ["r1c2", "r1c3"]}]`, `r1c2`},
		{`[{"sum": 5, "cells": []}]`, `cage 1`},
	} {
		body := fmt.Sprintf(`{"puzzle": %q, "variant": ["killer"], "cages": %s}`, empty, tc.cages)
		code, got, _ := post(t, ts, "/api/v1/solve", body)
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, `field "cages"`) || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %q, want 400 with %q", tc.cages, code, msg, tc.want)
		}
	}
	// A killer without its cages, and a killer of a size the library has
	// none of.
	for _, tc := range []struct{ body, want string }{
		{`{"puzzle": "` + empty + `", "variant": ["killer"]}`, "a killer needs its cages"},
		{`{"puzzle": "....31.....42.1.", "size": 10, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}`, "killer is for 4x4, 6x6, 8x8 and 9x9 puzzles, not 10x10"},
	} {
		code, got, _ := post(t, ts, "/api/v1/solve", tc.body)
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %q, want 400 with %q", tc.body, code, msg, tc.want)
		}
	}
}

// TestKillerRules: the rules of a killer carry its cages, each named, and
// its label reads back.
func TestKillerRules(t *testing.T) {
	ts := newTestServer(t, Options{})
	fields, cages := killerFields(t)
	_, fields, _ = strings.Cut(fields, ", ") // no "puzzle"
	code, got, _ := post(t, ts, "/api/v1/rules", "{"+fields+"}")
	list, _ := got["cages"].([]any)
	if code != 200 || len(list) != len(cages) || !strings.HasPrefix(got["label"].(string), "variant=killer cages=") {
		t.Fatalf("%d %v", code, got)
	}
	first := list[0].(map[string]any)
	if first["name"] != cages[0].Name() || first["sum"] != float64(cages[0].Sum) || first["cells"].([]any)[0] != sudoku.CellName(cages[0].Cells[0]) {
		t.Errorf("first cage %v, want %s", first, cages[0].Name())
	}
}

// TestKillerCages: /api/v1/cages answers each cage's combinations that its
// cells can still hold, and the digits they leave each cell, from the
// digits placed and the pencil marks.
func TestKillerCages(t *testing.T) {
	ts := newTestServer(t, Options{})
	cages := `[{"sum": 17, "cells": ["r1c1", "r1c2"]}, {"sum": 10, "cells": ["r2c1", "r2c2", "r2c3"]}, {"sum": 8, "cells": ["r3c1", "r3c2"]}]`
	for _, tc := range []struct {
		name, puzzle string
		want         [][2][]string // per cage: combinations, candidates
	}{
		{"empty", strings.Repeat(".", 81), [][2][]string{
			{{"89"}, {"89", "89"}},
			{{"127", "136", "145", "235"}, {"1234567", "1234567", "1234567"}},
			{{"17", "26", "35"}, {"123567", "123567"}}}},
	} {
		body := fmt.Sprintf(`{"puzzle": %q, "cages": %s}`, tc.puzzle, cages)
		code, got, _ := post(t, ts, "/api/v1/cages", body)
		list, _ := got["cages"].([]any)
		if code != 200 || len(list) != 3 {
			t.Fatalf("%s: %d %v", tc.name, code, got)
		}
		for i, w := range tc.want {
			c := list[i].(map[string]any)
			if fmt.Sprint(c["combinations"]) != fmt.Sprint(w[0]) || fmt.Sprint(c["candidates"]) != fmt.Sprint(w[1]) {
				t.Errorf("%s: cage %d %v %v, want %v %v", tc.name, i+1, c["combinations"], c["candidates"], w[0], w[1])
			}
		}
	}
	// A 5 in r2c3 and a 1 in r3c1: the 10-cage holds 235, the 8-cage 17.
	puzzle := []byte(strings.Repeat(".", 81))
	puzzle[9+2], puzzle[18] = '5', '1'
	_, got, _ := post(t, ts, "/api/v1/cages", fmt.Sprintf(`{"puzzle": %q, "cages": %s}`, puzzle, cages))
	list, _ := got["cages"].([]any)
	ten, eight := list[1].(map[string]any), list[2].(map[string]any)
	if fmt.Sprint(ten["combinations"]) != "[235]" || fmt.Sprint(ten["candidates"]) != "[23 23 5]" ||
		fmt.Sprint(eight["combinations"]) != "[17]" || fmt.Sprint(eight["candidates"]) != "[1 7]" {
		t.Errorf("placed: 10-cage %v %v, 8-cage %v %v", ten["combinations"], ten["candidates"], eight["combinations"], eight["candidates"])
	}
	code, got, _ := post(t, ts, "/api/v1/cages", `{"puzzle": "`+strings.Repeat(".", 81)+`"}`)
	if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, "no cages") {
		t.Errorf("no cages: %d %v", code, got)
	}
}

// TestKillerGenerate: generate makes killers (no givens, cages drawn by
// generate.Killers), each with one solution, the same for the same seed;
// a level is refused in words while killers are not graded.
func TestKillerGenerate(t *testing.T) {
	ts := newTestServer(t, Options{})
	body := `{"variant": ["killer"], "seed": 11, "solution": true}`
	code, got, _ := post(t, ts, "/api/v1/generate", body)
	list, _ := got["puzzles"].([]any)
	if code != 200 || len(list) != 1 {
		t.Fatalf("%d %v", code, got)
	}
	p := list[0].(map[string]any)
	cages, _ := json.Marshal(p["cages"])
	if len(p["cages"].([]any)) < 9 || p["puzzle"] != strings.Repeat(".", 81) {
		t.Fatalf("made %v", p)
	}
	_, solved, _ := post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "variant": ["killer"], "cages": %s}`, p["puzzle"], cages))
	if solved["status"] != "unique" || solved["solution"] != p["solution"] {
		t.Errorf("solved %v, made with %v", solved, p["solution"])
	}
	_, again, _ := post(t, ts, "/api/v1/generate", body)
	if a, _ := again["puzzles"].([]any); len(a) != 1 || fmt.Sprint(a[0].(map[string]any)["cages"]) != fmt.Sprint(p["cages"]) {
		t.Errorf("the same seed made other cages")
	}
	for _, f := range []string{`"symmetry": "rot90"`, `"minimal": true`} {
		code, got, _ = post(t, ts, "/api/v1/generate", `{"variant": ["killer"], `+f+`}`)
		name, _, _ := strings.Cut(f, ":")
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, `field `+name+` does not go with killers`) {
			t.Errorf("%s: %d %v", f, code, got)
		}
	}
}

// TestKillerGenerateLevel: generate makes 9x9 killers by level (config's
// killer levels) or rating through the library's entry point
// (generate.GradedKillers): each row carries its grade, which the
// library's grader gives again, the same for the same seed; a level the
// configuration lacks, a bad rating, and a level for a killer of another
// size are answered 400; a target too rare for the time allowed 422.
func TestKillerGenerateLevel(t *testing.T) {
	ts := newTestServer(t, Options{})
	grader, err := grade.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ ask, level, min, max string }{
		{`"level": "medium"`, "medium", "2.4", "2.7"},
		{`"rating": "2.8-3.0"`, "hard", "2.8", "3.0"},
	} {
		body := `{"variant": ["killer"], "seed": 5, "count": 2, ` + tc.ask + `}`
		code, got, _ := post(t, ts, "/api/v1/generate", body)
		list, _ := got["puzzles"].([]any)
		if code != 200 || len(list) != 2 {
			t.Fatalf("%s: %d %v", tc.ask, code, got)
		}
		for _, item := range list {
			p := item.(map[string]any)
			er, _ := p["er"].(string)
			if p["status"] != "rated" || p["level"] != tc.level || er < tc.min || er > tc.max {
				t.Errorf("%s: made %v %v ER %v", tc.ask, p["status"], p["level"], p["er"])
			}
			res := grader.Grade(context.Background(), madeKiller(t, p), grade.Options{})
			if res.Status != grade.Rated || res.ER.String() != er || res.Level != tc.level {
				t.Errorf("%s: the library grades it %v %v %s, the server said %v %s", tc.ask, res.Status, res.ER, res.Level, er, p["level"])
			}
		}
		_, again, _ := post(t, ts, "/api/v1/generate", body)
		if fmt.Sprint(again["puzzles"]) != fmt.Sprint(got["puzzles"]) {
			t.Errorf("%s: the same seed made other killers", tc.ask)
		}
	}
	for _, tc := range []struct{ body, want string }{
		{`{"variant": ["killer"], "level": "nosuch"}`, `field "level": no such killer level "nosuch" (config.yaml's are easy, medium, hard, fiendish, diabolical)`},
		{`{"variant": ["killer"], "rating": "x"}`, `field "rating": bad rating`},
		{`{"variant": ["killer"], "level": "easy", "rating": "2.0"}`, `use one`},
		{`{"variant": ["killer"], "size": 6, "level": "easy"}`, `field "level" does not go with killers of other sizes than 9x9`},
		{`{"variant": ["killer"], "size": 6, "rating": "2.0"}`, `field "rating" does not go with killers of other sizes than 9x9`},
		{`{"variant": ["killer"], "clues": "20-30"}`, `field "clues" does not go with killers`},
	} {
		code, got, _ := post(t, ts, "/api/v1/generate", tc.body)
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d %q, want 400 with %q", tc.body, code, msg, tc.want)
		}
	}
	// Over the server's time cap: 422 in words, as for classic puzzles.
	short := newTestServer(t, Options{GenerateTimeout: 300 * time.Millisecond})
	code, got, _ := post(t, short, "/api/v1/generate", `{"variant": ["killer"], "rating": "19.0-19.9", "seed": 1}`)
	if msg, _ := got["error"].(string); code != 422 || !strings.Contains(msg, "no puzzle made: the time allowed (300ms) ran out") {
		t.Errorf("over the time cap: %d %v", code, got)
	}
}

// madeKiller reads a killer row of generate as a state under its cages.
func madeKiller(t *testing.T, row map[string]any) *sudoku.State {
	t.Helper()
	var cages []sudoku.Cage
	for _, c := range row["cages"].([]any) {
		c := c.(map[string]any)
		cage := sudoku.Cage{Sum: int(c["sum"].(float64))}
		for _, name := range c["cells"].([]any) {
			cell, err := sudoku.ParseCellName(name.(string))
			if err != nil {
				t.Fatal(err)
			}
			cage.Cells = append(cage.Cells, cell)
		}
		cages = append(cages, cage)
	}
	rules, err := sudoku.Rules{}.WithCages(cages)
	if err != nil {
		t.Fatal(err)
	}
	grid, err := sudoku.ParseGrid(row["puzzle"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return rules.StateOf(grid, nil)
}

// TestKillerHint: a hint at a killer comes from the same library call as
// for variants (hint.Find under the killer's rules), and names its cage.
func TestKillerHint(t *testing.T) {
	ts := newTestServer(t, Options{Budget: 5 * time.Second})
	fields, _ := killerFields(t)
	code, got, _ := post(t, ts, "/api/v1/hint", `{"depth": 3, `+fields+"}")
	if code != 200 || got["hint"] == nil {
		t.Fatalf("%d %v, want a hint", code, got)
	}
	if text := fmt.Sprint(got["hint"]); !strings.Contains(text, "-cage at r") {
		t.Errorf("hint %s names no cage", text)
	}
}
