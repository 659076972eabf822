package server

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

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
	for _, f := range []string{`"level": "hard"`, `"symmetry": "rot90"`, `"minimal": true`, `"rating": "2.0-3.0"`} {
		code, got, _ = post(t, ts, "/api/v1/generate", `{"variant": ["killer"], `+f+`}`)
		name, _, _ := strings.Cut(f, ":")
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, `field `+name+` does not go with killers`) {
			t.Errorf("%s: %d %v", f, code, got)
		}
	}
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
