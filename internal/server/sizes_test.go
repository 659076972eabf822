package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// sizesDir holds the puzzles of other sizes than 9x9, a file per size.
const sizesDir = "../../testdata/puzzles/sizes"

// sizedPuzzle returns the first puzzle (its cells) of a file of sizesDir.
func sizedPuzzle(t testing.TB, file string) string {
	t.Helper()
	f, err := os.Open(filepath.Join(sizesDir, file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			return strings.Fields(line)[0]
		}
	}
	t.Fatalf("no puzzle in %s", file)
	return ""
}

// TestSizedPuzzles: a puzzle of every size, as a line of N×N cells (with
// "box" where the size has two shapes), is solved (its one solution, the
// library's), graded (rated, or beyond the ladder at its size) and hinted by the library's entry points for boards,
// with the size in each answer.
func TestSizedPuzzles(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		file  string
		n     int
		box   string
		grade bool // 25x25 grading may take the budget: solved and hinted only
	}{
		{"4x4-minimal.txt", 4, "", true},
		{"6x6-minimal.txt", 6, "", true},
		{"6x6-3x2-minimal.txt", 6, "3x2", true},
		{"8x8-minimal.txt", 8, "", true},
		{"10x10-minimal.txt", 10, "", true},
		{"12x12-minimal.txt", 12, "", true},
		{"16x16-110.txt", 16, "", true},
		{"25x25-360.txt", 25, "", false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			puzzle := sizedPuzzle(t, tc.file)
			fields := fmt.Sprintf(`"puzzle": %q`, puzzle)
			if tc.box != "" {
				fields += fmt.Sprintf(`, "box": %q`, tc.box)
			}
			shape, err := sudoku.ParseShape(fmt.Sprint(tc.n), tc.box)
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := sudoku.ParseBoard(puzzle, shape, sudoku.Letters)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := solve.SolveBoard(b)
			if !ok {
				t.Fatal("the library finds no solution")
			}
			code, got, _ := post(t, ts, "/api/v1/solve", "{"+fields+"}")
			if code != 200 || got["status"] != "unique" || got["solution"] != want.Format(sudoku.Letters) || got["size"] != float64(tc.n) {
				t.Errorf("solve: %d %v, want unique %s", code, got, want.Format(sudoku.Letters))
			}
			if tc.box != "" && got["box"] != tc.box {
				t.Errorf("solve: box %v, want %s", got["box"], tc.box)
			}
			if tc.grade {
				code, got, _ = post(t, ts, "/api/v1/grade", "{"+fields+"}")
				if st := got["status"]; code != 200 || (st != "rated" && st != "beyond") || got["hardest"] == nil {
					t.Errorf("grade: %d %v", code, got)
				}
			}
			code, got, _ = post(t, ts, "/api/v1/hint", `{"depth": 3, `+fields+"}")
			h, _ := got["hint"].(map[string]any)
			if code != 200 || h == nil || h["text"] == "" {
				t.Fatalf("hint: %d %v", code, got)
			}
			// The hint's placements are right: the solution's digits.
			places, _ := h["placements"].([]any)
			for _, p := range places {
				var r, c, d int
				if _, err := fmt.Sscanf(p.(string), "r%dc%d=%d", &r, &c, &d); err != nil || want.Cells[(r-1)*tc.n+c-1] != uint8(d) {
					t.Errorf("hint places %v, the solution has %d there", p, want.Cells[(r-1)*tc.n+c-1])
				}
			}
		})
	}
}

// TestSizedFields: a puzzle's size comes from the "size" and "box"
// fields, from the count of its cells, or from its label; its alphabet
// from "alphabet" or its characters.
func TestSizedFields(t *testing.T) {
	ts := newTestServer(t, Options{})
	const four = "....31.....42.1."
	for _, body := range []string{
		`{"puzzle": "` + four + `"}`,
		`{"puzzle": "` + four + `", "size": 4}`,
		`{"puzzle": "....\n31..\n...4\n2.1.", "size": 4}`,
		`{"puzzle": "` + four + ` size=4"}`,
	} {
		code, got, _ := post(t, ts, "/api/v1/solve", body)
		if code != 200 || got["status"] != "unique" || got["size"] != 4.0 || got["solution"] != "4231314213242413" {
			t.Errorf("%s: %d %v", body, code, got)
		}
	}
	// 0-F: the common 16x16 form, F for 16; the answer keeps its alphabet.
	sixteen := sizedPuzzle(t, "16x16-110.txt")
	zeroF := strings.Map(func(r rune) rune {
		switch {
		case r == '.':
			return r
		case r == 'A':
			return '9'
		case r > 'A':
			return r - 1
		}
		return r - 1
	}, sixteen)
	code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+zeroF+`", "alphabet": "0-F"}`)
	if code != 200 || got["status"] != "unique" || got["alphabet"] != "0-F" || got["puzzle"] != zeroF {
		t.Errorf("0-F: %d %v", code, got)
	}
}

// TestSizedRefused: a wrong size, a puzzle of another size than the
// fields say, a 9x9 variant with a size, pencil marks and "all" with a sized
// puzzle are answered 400 in words.
func TestSizedRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	const four = "....31.....42.1."
	for _, tc := range []struct{ path, body, want string }{
		{"/api/v1/solve", `{"puzzle": "` + four + `", "size": 7}`, `field "size": size "7": want 4, 6, 8, 9, 10, 12, 16 or 25`},
		{"/api/v1/solve", `{"puzzle": "` + four + `", "size": 16}`, "16"},
		{"/api/v1/solve", `{"puzzle": "` + four + `", "box": "7x7"}`, `field "size"`},
		{"/api/v1/solve", `{"puzzle": "` + four + `", "size": 4, "variant": ["anti-knight"]}`, `variant anti-knight is for 9x9 puzzles only`},
		{"/api/v1/solve", `{"puzzle": "` + four + `", "size": 4, "alphabet": "hex"}`, `field "alphabet"`},
		{"/api/v1/hint", `{"puzzle": "` + four + `", "all": true}`, `field "all" is for 9x9 puzzles`},
		{"/api/v1/candidates", `{"puzzle": "` + four + `"}`, `9x9 puzzles only`},
		{"/api/v1/rules", `{"size": 5}`, `field "size"`},
		{"/api/v1/generate", `{"size": 4, "level": "diabolical"}`, `"diabolical" is no level of a 4x4 puzzle: easy, medium, hard`},
		{"/api/v1/generate", `{"size": 16}`, `field "level" is needed for a 16x16 puzzle`},
		{"/api/v1/generate", `{"size": 9, "box": "3x3", "rating": "2.0-3.0"}`, `field "rating" does not go with puzzles of other sizes`},
	} {
		code, got, _ := post(t, ts, tc.path, tc.body)
		if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s %s: %d %q, want 400 with %q", tc.path, tc.body, code, msg, tc.want)
		}
	}
}

// TestSizedGenerate: generate makes puzzles of a size by level, each
// with one solution that its solution field gives, the same for the same
// seed.
func TestSizedGenerate(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		n     int
		box   string
		level string
	}{{4, "", "easy"}, {6, "3x2", "easy"}, {8, "", "medium"}, {12, "", "medium"}, {16, "", "hard"}} {
		body := fmt.Sprintf(`{"size": %d, "box": %q, "level": %q, "seed": 7, "solution": true}`, tc.n, tc.box, tc.level)
		code, got, _ := post(t, ts, "/api/v1/generate", body)
		list, _ := got["puzzles"].([]any)
		if code != 200 || len(list) != 1 {
			t.Fatalf("%s: %d %v", body, code, got)
		}
		p := list[0].(map[string]any)
		puzzle, _ := p["puzzle"].(string)
		if p["size"] != float64(tc.n) || p["level"] != tc.level || len(puzzle) != tc.n*tc.n {
			t.Errorf("%s: %v", body, p)
		}
		if tc.box != "" && p["box"] != tc.box {
			t.Errorf("%s: box %v", body, p["box"])
		}
		fields := fmt.Sprintf(`"puzzle": %q, "size": %d, "box": %q`, puzzle, tc.n, tc.box)
		code, solved, _ := post(t, ts, "/api/v1/solve", "{"+fields+"}")
		if code != 200 || solved["status"] != "unique" || solved["solution"] != p["solution"] {
			t.Errorf("%s: solved %d %v, made with %v", body, code, solved, p["solution"])
		}
		_, again, _ := post(t, ts, "/api/v1/generate", body)
		if a, _ := again["puzzles"].([]any); len(a) != 1 || a[0].(map[string]any)["puzzle"] != puzzle {
			t.Errorf("%s: the same seed made %v, then %v", body, puzzle, again)
		}
	}
}

// TestSizedRules: the rules of a size are its rows, columns and boxes of
// N cells each, named as hints name them, with the size and the box.
func TestSizedRules(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		body    string
		n       int
		box     string
		boxCell string // the cells of block 2 start here
	}{
		{`{"size": 6, "box": "3x2"}`, 6, "3x2", "r1c3"},
		{`{"size": 16}`, 16, "4x4", "r1c5"},
		{`{"size": 25}`, 25, "5x5", "r1c6"},
		{`{}`, 9, "3x3", "r1c4"},
	} {
		code, got, _ := post(t, ts, "/api/v1/rules", tc.body)
		houses, _ := got["houses"].([]any)
		if code != 200 || got["size"] != float64(tc.n) || got["box"] != tc.box || len(houses) != 3*tc.n {
			t.Fatalf("%s: %d size %v box %v, %d houses", tc.body, code, got["size"], got["box"], len(houses))
		}
		for _, x := range houses {
			if cells := x.(map[string]any)["cells"].([]any); len(cells) != tc.n {
				t.Errorf("%s: %v has %d cells", tc.body, x.(map[string]any)["name"], len(cells))
			}
		}
		block2 := houses[2*tc.n+1].(map[string]any)
		if block2["name"] != "block 2" || block2["cells"].([]any)[0] != tc.boxCell {
			t.Errorf("%s: house %d is %v, want block 2 from %s", tc.body, 2*tc.n+1, block2, tc.boxCell)
		}
	}
}

// TestSizedSolveBudget: a search on a board is cut at the grading budget:
// an almost empty 25x25 is answered within the budget, 200 or 422, never
// held; a sparse 12x12 that keeps the solver searching for over a minute
// is answered 422, and its search ends (no goroutine left searching it).
func TestSizedSolveBudget(t *testing.T) {
	ts := newTestServer(t, Options{Budget: 300 * time.Millisecond})
	body, _ := json.Marshal(map[string]any{"puzzle": "1" + strings.Repeat(".", 624), "size": 25})
	start := time.Now()
	code, got, _ := post(t, ts, "/api/v1/solve", string(body))
	if code != 200 && code != 422 {
		t.Errorf("%d %v", code, got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("answered after %s, with a budget of 300ms", d)
	}
	slow, err := os.ReadFile(filepath.Join(sizesDir, "12x12-slow.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(slow)), "\n")
	body, _ = json.Marshal(map[string]any{"puzzle": lines[len(lines)-1], "size": 12})
	start = time.Now()
	if code, got, _ := post(t, ts, "/api/v1/solve", string(body)); code != 422 {
		t.Errorf("the slow 12x12: %d %v, want 422", code, got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the slow 12x12 answered after %s, with a budget of 300ms", d)
	}
	searching := func() bool {
		buf := make([]byte, 1<<20)
		return strings.Contains(string(buf[:runtime.Stack(buf, true)]), "solve.(*boardSearch)")
	}
	for deadline := time.Now().Add(10 * time.Second); searching(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the slow 12x12's search still runs 10 s after its answer")
		}
	}
}
