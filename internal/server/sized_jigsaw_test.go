package server

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// sizedJigsaw returns the first 6x6 jigsaw of
// testdata/puzzles/sizes/variants/jigsaw-6x6.txt: its board (with its
// regions, as the library reads the line), its layout, and the request
// fields that give it without a label.
func sizedJigsaw(t testing.TB) (sudoku.Board, string, string) {
	t.Helper()
	line := readFirstLine(t, filepath.Join(sizedVariantsDir, "jigsaw-6x6.txt"))
	p, err := sudoku.NewReader(strings.NewReader(line), "jigsaw-6x6.txt").Next()
	if err != nil || p.Board == nil || !p.Board.IsJigsaw() {
		t.Fatalf("jigsaw-6x6.txt: %v", err)
	}
	layout := p.Board.Shape.FormatRegions(p.Board.Regions)
	fields := fmt.Sprintf(`"puzzle": %q, "size": 6, "variant": ["jigsaw"], "regions": %q`, strings.Fields(line)[0], layout)
	return *p.Board, layout, fields
}

// houseCells reads the cells of house h of a rules answer.
func houseCells(t testing.TB, got map[string]any, h int) (kind string, cells []string) {
	t.Helper()
	houses, _ := got["houses"].([]any)
	if h >= len(houses) {
		t.Fatalf("rules: %d houses, want house %d", len(houses), h)
	}
	house, _ := houses[h].(map[string]any)
	for _, c := range house["cells"].([]any) {
		cells = append(cells, fmt.Sprint(c))
	}
	return fmt.Sprint(house["kind"]), cells
}

// TestSizedJigsawAPI: a 6x6 jigsaw, given by fields ("size", "variant":
// ["jigsaw"] and "regions"), goes through every endpoint: the rules have
// its regions in place of the boxes, the solve honours them (the
// library's solution, unique, where the same cells without them have
// several), grade and hint answer under them, and generate makes
// jigsaws, of a random layout or of the one given.
func TestSizedJigsawAPI(t *testing.T) {
	ts := newTestServer(t, Options{})
	b, layout, fields := sizedJigsaw(t)

	code, got, _ := post(t, ts, "/api/v1/rules", fmt.Sprintf(`{"size": 6, "variant": ["jigsaw"], "regions": %q}`, layout))
	if code != 200 || got["regions"] != layout || fmt.Sprint(got["variant"]) != "[jigsaw]" || !strings.Contains(fmt.Sprint(got["label"]), "regions="+layout) {
		t.Fatalf("rules: %d %v", code, got)
	}
	for k := range 6 {
		kind, cells := houseCells(t, got, 12+k)
		var want []string
		for _, c := range b.HouseCells(12 + k) {
			want = append(want, b.Shape.CellName(c))
		}
		if kind != "region" || !slices.Equal(cells, want) {
			t.Errorf("house %d: %s %v, want region %v", 12+k, kind, cells, want)
		}
	}

	want := solve.CountBoard(b, 2)
	code, got, _ = post(t, ts, "/api/v1/solve", "{"+fields+"}")
	if code != 200 || got["status"] != "unique" || got["solution"] != want.Solution.String() || got["regions"] != layout {
		t.Errorf("solve: %d %v, want unique %s", code, got, want.Solution)
	}
	// Its solution repeats digits in the boxes that its regions replace:
	// it is read under the regions, as solved.
	if sol := want.Solution; sol.Validate() != nil {
		t.Fatalf("the solution %s under its regions: %v", sol, sol.Validate())
	}
	boxedSolution := want.Solution.WithCells(want.Solution.Cells)
	boxedSolution.Regions = nil
	if boxedSolution.Validate() == nil {
		t.Fatalf("the solution %s keeps the boxes: the test proves nothing", want.Solution)
	}
	if !strings.Contains(fields, b.String()) {
		t.Fatalf("the fields %s do not hold the puzzle %s", fields, b)
	}
	code, got, _ = post(t, ts, "/api/v1/solve", "{"+strings.Replace(fields, b.String(), want.Solution.String(), 1)+"}")
	if code != 200 || got["status"] != "unique" || got["solution"] != want.Solution.String() {
		t.Errorf("solve the solution: %d %v", code, got)
	}
	boxed := b.WithCells(b.Cells)
	boxed.Regions = nil
	if solve.CountBoard(boxed, 2).Count < 2 {
		t.Fatalf("the jigsaw's cells under the boxes are not ambiguous: the test proves nothing")
	}
	code, got, _ = post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "size": 6}`, b.String()))
	if code != 200 || got["status"] == "unique" {
		t.Errorf("solve under the boxes: %d %v, want not unique", code, got)
	}
	code, got, _ = post(t, ts, "/api/v1/grade", "{"+fields+"}")
	if code != 200 || got["status"] != "rated" || fmt.Sprint(got["variant"]) != "[jigsaw]" {
		t.Errorf("grade: %d %v", code, got)
	}
	code, got, _ = post(t, ts, "/api/v1/hint", "{"+fields+`, "depth": 3}`)
	if code != 200 || got["hint"] == nil || got["regions"] != layout {
		t.Errorf("hint: %d %v", code, got)
	}
	// The puzzle's label names its rules: the fields may then be left out.
	code, got, _ = post(t, ts, "/api/v1/hint", fmt.Sprintf(`{"puzzle": %q}`, readFirstLine(t, filepath.Join(sizedVariantsDir, "jigsaw-6x6.txt"))))
	if code != 200 || got["hint"] == nil || got["regions"] != layout {
		t.Errorf("hint of the labelled line: %d %v", code, got)
	}

	// generate: a random layout, or the one given.
	for _, given := range []string{"", layout} {
		body := `{"size": 6, "variant": ["jigsaw"], "level": "medium", "seed": 3, "solution": true}`
		if given != "" {
			body = strings.Replace(body, `"level"`, fmt.Sprintf(`"regions": %q, "level"`, given), 1)
		}
		code, got, _ = post(t, ts, "/api/v1/generate", body)
		puzzles, _ := got["puzzles"].([]any)
		if code != 200 || len(puzzles) != 1 {
			t.Fatalf("generate %s: %d %v", body, code, got)
		}
		row := puzzles[0].(map[string]any)
		regions, _ := row["regions"].(string)
		if given != "" && regions != given {
			t.Errorf("generate with a layout: regions %q, want %q", regions, given)
		}
		made := sudoku.NewBoard(b.Shape)
		if regions == b.Shape.FormatRegions(b.Shape.BoxRegions()) {
			t.Errorf("generate: the layout %q is the boxes", regions)
		}
		if err := made.SetRules("jigsaw", regions, nil); err != nil || fmt.Sprint(row["variant"]) != "[jigsaw]" {
			t.Fatalf("generate: the row %v is no jigsaw: %v", row, err)
		}
		p, err := sudoku.NewReader(strings.NewReader(fmt.Sprint(row["puzzle"])), "row").Next()
		if err != nil || p.Board == nil {
			t.Fatalf("generate: puzzle %v: %v", row["puzzle"], err)
		}
		made = made.WithCells(p.Board.Cells)
		if rep := solve.CountBoard(made, 2); rep.Count != 1 || rep.Solution.String() != row["solution"] {
			t.Errorf("generate: %v under its regions has %d solutions (%s), want %s", row["puzzle"], rep.Count, rep.Solution, row["solution"])
		}
	}

	// A jigsaw to be made: the rules name it, and keep the boxes until
	// generate draws its layout.
	code, got, _ = post(t, ts, "/api/v1/rules", `{"size": 6, "variant": ["jigsaw"]}`)
	if kind, _ := houseCells(t, got, 12); code != 200 || fmt.Sprint(got["variant"]) != "[jigsaw]" || kind != "block" {
		t.Errorf("rules of a jigsaw to be made: %d %v", code, got)
	}
}

// TestSizedJigsawRefused: bad regions at a size, and digits that break
// them, are answered 400 in the library's words.
func TestSizedJigsawRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	b, layout, _ := sizedJigsaw(t)
	pieces := []byte(layout)
	pieces[0], pieces[35] = pieces[35], pieces[0] // r1c1 and r6c6 swap regions
	for _, tc := range []struct{ body, want string }{
		{`{"size": 6, "variant": ["jigsaw"], "regions": "111"}`, `field "regions" with field "size" 6: 6x6 regions layout has 3 cells`},
		{`{"size": 6, "variant": ["jigsaw"], "regions": "` + string(pieces) + `"}`, "is in pieces"},
		{`{"size": 6, "variant": ["jigsaw"], "regions": "7` + layout[1:] + `"}`, "unexpected '7' at r1c1"},
		{`{"size": 6, "regions": "` + layout + `"}`, `field "regions": a regions layout goes with the jigsaw variant only`},
		{`{"size": 6, "variant": ["jigsaw", "killer"], "regions": "` + layout + `"}`, "jigsaw and killer together are for 9x9 puzzles only"},
	} {
		for _, path := range []string{"/api/v1/rules", "/api/v1/solve", "/api/v1/generate"} {
			body := tc.body
			if path == "/api/v1/solve" {
				body = `{"puzzle": "` + strings.Repeat(".", 36) + `", ` + body[1:]
			}
			code, got, _ := post(t, ts, path, body)
			if code != 400 || !strings.Contains(fmt.Sprint(got["error"]), tc.want) {
				t.Errorf("%s %s: %d %v, want 400 with %q", path, body, code, got, tc.want)
			}
		}
	}
	// A jigsaw to solve needs its layout.
	code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+b.String()+`", "size": 6, "variant": ["jigsaw"]}`)
	if code != 400 || !strings.Contains(fmt.Sprint(got["error"]), "a jigsaw needs its regions layout, 36 region ids") {
		t.Errorf("solve without a layout: %d %v", code, got)
	}
	// Two 1s in region 1, in other rows, columns and boxes.
	cells := []byte(strings.Repeat(".", 36))
	region := b.HouseCells(12)
	a := region[0]
	for _, c := range region[1:] {
		if c/6 != a/6 && c%6 != a%6 && b.Shape.BoxOf(c/6, c%6) != b.Shape.BoxOf(a/6, a%6) {
			cells[a], cells[c] = '1', '1'
			break
		}
	}
	if !strings.Contains(string(cells), "1") {
		t.Fatal("region 1 has no two cells apart in rows, columns and boxes")
	}
	code, got, _ = post(t, ts, "/api/v1/solve", fmt.Sprintf(`{"puzzle": %q, "size": 6, "variant": ["jigsaw"], "regions": %q}`, cells, layout))
	if code != 400 || !strings.Contains(fmt.Sprint(got["error"]), "region 1") {
		t.Errorf("two 1s in region 1: %d %v", code, got)
	}
}
