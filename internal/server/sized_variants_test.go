package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// sizedVariantsDir holds x and killer puzzles of other sizes than 9x9.
var sizedVariantsDir = filepath.Join(sizesDir, "variants")

// sizedVariantPuzzle returns the first puzzle of a file of
// sizedVariantsDir: its board (with its variants, as the library reads
// the line) and the request fields that give it without a label:
// "puzzle", "size", "variant" and "cages" (cells named at its size).
func sizedVariantPuzzle(t testing.TB, file string, n int) (sudoku.Board, string) {
	t.Helper()
	line := sizedPuzzle(t, filepath.Join("variants", file))
	fields := strings.Fields(readFirstLine(t, filepath.Join(sizedVariantsDir, file)))
	p, err := sudoku.NewReader(strings.NewReader(strings.Join(fields, " ")), file).Next()
	if err != nil || p.Board == nil {
		t.Fatalf("%s: %v", file, err)
	}
	b := *p.Board
	type cage struct {
		Sum   int      `json:"sum"`
		Cells []string `json:"cells"`
	}
	var cages []cage
	for _, c := range b.Cages {
		k := cage{Sum: c.Sum}
		for _, cell := range c.Cells {
			k.Cells = append(k.Cells, b.Shape.CellName(cell))
		}
		cages = append(cages, k)
	}
	variant, _ := json.Marshal(b.Variants())
	out := fmt.Sprintf(`"puzzle": %q, "size": %d, "variant": %s`, line, n, variant)
	if len(cages) > 0 {
		cj, _ := json.Marshal(cages)
		out += `, "cages": ` + string(cj)
	}
	return b, out
}

// readFirstLine returns the first puzzle line of a file, label and all.
func readFirstLine(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	t.Fatalf("no puzzle in %s", path)
	return ""
}

// TestSizedXAPI: x at other sizes, given by fields ("size" and "variant":
// ["x"]), goes through every endpoint: the rules have the two diagonals
// as houses and state the rule at the size, the solve honours them (the
// library's solution, unique, where without x there are several), grade
// and hint answer, and a generated puzzle is an x.
func TestSizedXAPI(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		file string
		n    int
	}{{"x-4x4.txt", 4}, {"x-6x6.txt", 6}, {"x-8x8.txt", 8}} {
		t.Run(tc.file, func(t *testing.T) {
			b, fields := sizedVariantPuzzle(t, tc.file, tc.n)
			code, got, _ := post(t, ts, "/api/v1/rules", fmt.Sprintf(`{"size": %d, "variant": ["x"]}`, tc.n))
			houses, _ := got["houses"].([]any)
			rules, _ := got["rules"].([]any)
			if code != 200 || len(houses) != 3*tc.n+2 || len(rules) != 1 || !strings.Contains(fmt.Sprint(rules[0]), fmt.Sprintf("1 to %d", tc.n)) {
				t.Fatalf("rules: %d %v", code, got)
			}
			last, _ := houses[len(houses)-1].(map[string]any)
			if last["kind"] != "diagonal" || last["name"] != "diagonal 2" || fmt.Sprint(last["cells"].([]any)[0]) != fmt.Sprintf("r1c%d", tc.n) {
				t.Errorf("the last house: %v, want diagonal 2 from r1c%d", last, tc.n)
			}
			if got["label"] != fmt.Sprintf("size=%d variant=x", tc.n) {
				t.Errorf("label %q", got["label"])
			}

			want := solve.CountBoard(b, 2)
			code, got, _ = post(t, ts, "/api/v1/solve", "{"+fields+"}")
			if code != 200 || got["status"] != "unique" || got["solution"] != want.Solution.String() {
				t.Errorf("solve: %d %v, want unique %s", code, got, want.Solution)
			}
			plain := b.WithCells(b.Cells)
			plain.X = false
			if solve.CountBoard(plain, 2).Count > 1 {
				// Without x, the same cells have several solutions: the
				// answer above took the diagonals.
				code, got, _ = post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "size": %d}`, b.String(), tc.n))
				if code != 200 || got["status"] != "multiple" {
					t.Errorf("solve without x: %d %v, want multiple", code, got)
				}
			}
			code, got, _ = post(t, ts, "/api/v1/grade", "{"+fields+"}")
			if code != 200 || (got["status"] != "rated" && got["status"] != "beyond") || fmt.Sprint(got["variant"]) != "[x]" {
				t.Errorf("grade: %d %v", code, got)
			}
			code, got, _ = post(t, ts, "/api/v1/hint", "{"+fields+", \"depth\": 3}")
			if code != 200 || got["hint"] == nil {
				t.Errorf("hint: %d %v", code, got)
			}
			code, got, _ = post(t, ts, "/api/v1/generate", fmt.Sprintf(`{"size": %d, "variant": ["x"], "level": "easy", "seed": 3, "solution": true}`, tc.n))
			puzzles, _ := got["puzzles"].([]any)
			if code != 200 || len(puzzles) != 1 {
				t.Fatalf("generate: %d %v", code, got)
			}
			row := puzzles[0].(map[string]any)
			if fmt.Sprint(row["variant"]) != "[x]" {
				t.Errorf("generate: %v, want variant [x]", row)
			}
			code, got, _ = post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "size": %d, "variant": ["x"]}`, row["puzzle"], tc.n))
			if code != 200 || got["status"] != "unique" || got["solution"] != row["solution"] {
				t.Errorf("the puzzle made, solved as an x: %d %v, want %v", code, got, row["solution"])
			}
		})
	}
}

// TestSizedKillerAPI: killers of 4x4 and 6x6 (and killer-x), given by
// fields ("size", "variant" and "cages" named at the size), are read under
// their cages: the rules list them with their names, the cages endpoint
// answers each one's combinations (the library's CageOptions), the solve
// is the library's; grade and hint are answered 422 in the library's
// words (its killer techniques are 9x9's); generate makes killers of the
// size, and print takes one.
func TestSizedKillerAPI(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		file string
		n    int
		x    bool
	}{{"killer-4x4.txt", 4, false}, {"killer-6x6.txt", 6, false}, {"killer-x-6x6.txt", 6, true}} {
		t.Run(tc.file, func(t *testing.T) {
			b, fields := sizedVariantPuzzle(t, tc.file, tc.n)
			rulesFields := fields[strings.Index(fields, `"size"`):]
			code, got, _ := post(t, ts, "/api/v1/rules", "{"+rulesFields+"}")
			cages, _ := got["cages"].([]any)
			houses, _ := got["houses"].([]any)
			wantHouses := 3 * tc.n
			if tc.x {
				wantHouses += 2
			}
			if code != 200 || len(cages) != len(b.Cages) || len(houses) != wantHouses {
				t.Fatalf("rules: %d %v", code, got)
			}
			first := cages[0].(map[string]any)
			if first["name"] != b.Shape.CageName(b.Cages[0]) {
				t.Errorf("the first cage's name: %v, want %q", first["name"], b.Shape.CageName(b.Cages[0]))
			}

			code, got, _ = post(t, ts, "/api/v1/cages", "{"+fields+"}")
			answered, _ := got["cages"].([]any)
			if code != 200 || len(answered) != len(b.Cages) {
				t.Fatalf("cages: %d %v", code, got)
			}
			for k, c := range b.Cages {
				in := make([]sudoku.Digits, len(c.Cells))
				for i := range in {
					in[i] = sudoku.DigitSet(digitsTo(tc.n)...)
				}
				combos, _ := sudoku.CageOptions(c.Sum, in)
				var want []string
				for _, d := range combos {
					want = append(want, d.String())
				}
				a := answered[k].(map[string]any)
				if fmt.Sprint(a["combinations"]) != fmt.Sprint(want) || a["name"] != b.Shape.CageName(c) {
					t.Errorf("cage %d: %v, want combinations %v", k+1, a, want)
				}
			}

			want := solve.CountBoard(b, 2)
			code, got, _ = post(t, ts, "/api/v1/solve", "{"+fields+"}")
			if code != 200 || got["status"] != "unique" || got["solution"] != want.Solution.String() || len(got["cages"].([]any)) != len(b.Cages) {
				t.Errorf("solve: %d %v, want unique %s", code, got, want.Solution)
			}
			for _, path := range []string{"/api/v1/hint", "/api/v1/grade"} {
				code, got, _ = post(t, ts, path, "{"+fields+"}")
				if msg := fmt.Sprint(got["error"]); code != 422 || !strings.Contains(msg, fmt.Sprintf("%dx%d killer", tc.n, tc.n)) ||
					!strings.Contains(msg, "9x9's for now") || strings.Contains(msg, "sized:") {
					t.Errorf("%s: %d %v, want 422 with the library's refusal", path, code, got)
				}
			}

			variant := `["killer"]`
			if tc.x {
				variant = `["x", "killer"]`
			}
			code, got, _ = post(t, ts, "/api/v1/generate", fmt.Sprintf(`{"size": %d, "variant": %s, "seed": 5, "solution": true}`, tc.n, variant))
			puzzles, _ := got["puzzles"].([]any)
			if code != 200 || len(puzzles) != 1 {
				t.Fatalf("generate: %d %v", code, got)
			}
			row := puzzles[0].(map[string]any)
			made, _ := row["cages"].([]any)
			if row["size"] != float64(tc.n) || len(made) == 0 || !strings.Contains(fmt.Sprint(row["variant"]), "killer") || tc.x != strings.Contains(fmt.Sprint(row["variant"]), "x") {
				t.Fatalf("generate: %v, want a %dx%d killer", row, tc.n, tc.n)
			}
			cj, _ := json.Marshal(made)
			code, got, _ = post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "size": %d, "variant": %s, "cages": %s}`, row["puzzle"], tc.n, variant, cj))
			if code != 200 || got["status"] != "unique" || got["solution"] != row["solution"] {
				t.Errorf("the killer made, solved: %d %v, want %v", code, got, row["solution"])
			}

			// The book draws the cages given by the fields.
			resp, err := http.Post(ts.URL+"/api/v1/print", "application/json",
				strings.NewReader(fmt.Sprintf(`{"puzzles": [%q], %s, "format": "svg"}`, b.String(), rulesFields)))
			if err != nil {
				t.Fatal(err)
			}
			svg, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || strings.Count(string(svg), `class="cage"`) < len(b.Cages) {
				t.Errorf("print: %d, %d cages drawn, want %d: %.300s", resp.StatusCode, strings.Count(string(svg), `class="cage"`), len(b.Cages), svg)
			}
		})
	}
}

// digitsTo returns 1..n.
func digitsTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// TestSizedVariantsRefused: what the library does not take at a size is
// answered 400 in its words: a 9x9 variant with a size, killer above
// 8x8, cages that break the size's rules, a digit on a diagonal twice.
func TestSizedVariantsRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct{ body, want string }{
		{`{"size": 6, "variant": ["anti-knight"]}`, "for 9x9 puzzles only"},
		{`{"size": 10, "variant": ["killer"]}`, "killer is for 4x4, 6x6, 8x8 and 9x9"},
		{`{"size": 6, "variant": ["killer"], "cages": [{"sum": 13, "cells": ["r1c1", "r1c2"]}]}`, "no 2 distinct digits 1-6 add up to 13"},
		{`{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r5c1"]}]}`, `"r5c1" is no cell name of 4x4`},
	} {
		for _, path := range []string{"/api/v1/rules", "/api/v1/solve"} {
			body := tc.body
			if path == "/api/v1/solve" {
				body = `{"puzzle": "` + strings.Repeat(".", 36) + `", ` + body[1:]
				if strings.Contains(body, `"size": 4`) {
					body = strings.Replace(body, strings.Repeat(".", 36), strings.Repeat(".", 16), 1)
				}
			}
			code, got, _ := post(t, ts, path, body)
			if code != 400 || !strings.Contains(fmt.Sprint(got["error"]), tc.want) {
				t.Errorf("%s %s: %d %v, want 400 with %q", path, body, code, got, tc.want)
			}
		}
	}
	code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "1...`+strings.Repeat(".", 8)+`...1", "size": 4, "variant": ["x"]}`)
	if code != 400 || !strings.Contains(fmt.Sprint(got["error"]), "diagonal 1") {
		t.Errorf("a digit twice on a diagonal: %d %v, want 400 naming diagonal 1", code, got)
	}
}

// TestVariantsSizes: the variants endpoint says which sizes take each
// variant, as the library's boards do: x and jigsaw every size, killer
// up to 8x8, the others 9x9 only.
func TestVariantsSizes(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := ts.Client().Get(ts.URL + "/api/v1/variants")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct {
		Name  string
		Sizes []int
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"x": "[4 6 8 9 10 12 16 25]", "killer": "[4 6 8 9]", "anti-knight": "[9]", "jigsaw": "[4 6 8 9 10 12 16 25]"}
	seen := 0
	for _, v := range list {
		if w, ok := want[v.Name]; ok {
			seen++
			if fmt.Sprint(v.Sizes) != w {
				t.Errorf("%s: sizes %v, want %s", v.Name, v.Sizes, w)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the variants %v listed", seen, want)
	}
}
