package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/internal/server"
	"github.com/sudokit/sudokit/sudoku"
)

// TestHintFacesAgree: the same puzzle or candidate state gives the same
// hints through `sudokit hint -f json` and through POST /api/v1/hint, at
// every level, the next step and --all, and the same "no hint" status
// (issue 32: both faces call hint.Find).
func TestHintFacesAgree(t *testing.T) {
	inputs := []string{
		"...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327", // pointing
		"534678912672195348198342567859761423426853791713924856961537284287419635345286179", // solved
		".....6....59.....82....8....45........3........6..3.54...325..6..................", // two solutions
		"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3", // starts with singles, ends in nested chains
		"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....", // top95
		"6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....", // top95
		"....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...", // top95
	}
	for _, f := range []string{"sudopedia-pencilmarks.txt", "pencilmark-729.txt", "simple-sudoku-candidates.txt", "one-cell-per-line.txt"} {
		file, err := os.Open(filepath.Join("testdata", "formats", f))
		if err != nil {
			t.Fatal(err)
		}
		p, err := sudoku.NewReader(file, f).Next() // the first of each file is enough
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, sudoku.PM729(p.State()))
		file.Close()
	}
	s, err := server.New(server.Options{Config: config.Default(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	compared := 0
	for i, in := range inputs {
		for _, all := range []bool{false, true} {
			for level := 1; level <= 3; level++ {
				args := []string{"hint", "-f", "json", "--level", fmt.Sprint(level)}
				if all {
					args = append(args, "--all")
				}
				_, stdout, stderr := runApp(t, "", append(args, in)...)
				cli := hintRow(t, stdout)
				if cli == nil {
					t.Fatalf("input %d: the CLI wrote no row: %s", i+1, stderr)
				}
				body, _ := json.Marshal(map[string]any{"puzzle": in, "level": level, "all": all})
				resp, err := http.Post(ts.URL+"/api/v1/hint", "application/json", strings.NewReader(string(body)))
				if err != nil {
					t.Fatal(err)
				}
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				api := hintRow(t, string(data))
				if diff := cmp.Diff(cli, api); diff != "" {
					t.Errorf("input %d, level %d, all %v: the CLI and the API differ (-cli +api):\n%s", i+1, level, all, diff)
				}
				compared++
			}
		}
	}
	if want := len(inputs) * 6; compared != want {
		t.Errorf("%d comparisons, want %d", compared, want)
	}
}

// hintRow decodes a hint row without what names the source or times it.
func hintRow(t *testing.T, s string) map[string]any {
	t.Helper()
	if strings.TrimSpace(s) == "" {
		return nil
	}
	var row map[string]any
	if err := json.Unmarshal([]byte(s), &row); err != nil {
		t.Fatalf("not a JSON row: %v: %s", err, s)
	}
	for _, k := range []string{"source", "line", "time_ms", "time_us"} {
		delete(row, k)
	}
	if row["status"] == nil {
		t.Fatalf("a row without a status: %s", s)
	}
	return row
}

// TestBookFacesAgree: the same puzzles make the same book through
// `sudokit print` and through POST /api/v1/print (issue 32: both faces
// make each entry with bookgrade.Grade and the levels with
// bookgrade.Levels): ratings a label carries are reused, the levels rank
// as the configuration orders them (a page of diabolical, medium and easy
// puzzles is headed "easy – diabolical"), a puzzle over the grading
// budget is printed without a level or rating and a note says so, and a
// puzzle that cannot go into a book is refused in the same words.
func TestBookFacesAgree(t *testing.T) {
	const (
		pointing = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"
		medium   = "379..15.2..............8...82..7..5.1......3..5..26.1..6......9.876..1..5......7."
		solved   = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	)
	books := []struct {
		name   string
		budget time.Duration
		lines  []string
		notes  int // puzzles printed without a rating
	}{
		{"rated and from labels", 0, []string{
			medium + " ED=9.3/1.2/1.2 made up", // a label's ratings are reused: diabolical
			pointing,                           // graded: hard
			medium + " intermediate 2.0/1.2/1.2 0.00s",
			solved,
			"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... ED=2.6/1.2/1.2 0.43s", // top95, as graded before
		}, 0},
		{"over the budget", time.Nanosecond, []string{
			pointing,                                // printed without a rating
			medium + " ED=2.0/1.2/1.2 from a label", // the label's ratings need no grading
		}, 1},
	}
	for _, b := range books {
		t.Run(b.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "puzzles.txt")
			if err := os.WriteFile(in, []byte(strings.Join(b.lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"print", "-f", "html", "-o", "-"}
			if b.budget > 0 {
				args = append(args, "--budget", b.budget.String())
			}
			code, cliBook, stderr := runApp(t, "", append(args, in)...)
			if code != 0 {
				t.Fatalf("print: exit %d: %s", code, stderr)
			}
			s, err := server.New(server.Options{Config: config.Default(), Budget: b.budget, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(s.Handler())
			defer ts.Close()
			body, _ := json.Marshal(map[string]any{"puzzles": b.lines, "format": "html", "per_page": 4})
			resp, err := http.Post(ts.URL+"/api/v1/print", "application/json", strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			apiBook, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("API: %d %s", resp.StatusCode, apiBook)
			}
			if diff := cmp.Diff(cliBook, string(apiBook)); diff != "" {
				t.Errorf("the CLI's and the API's books differ (-cli +api):\n%s", diff)
			}
			if b.budget == 0 && !strings.Contains(cliBook, "<span>easy – diabolical</span>") {
				t.Errorf("no page headed \"easy – diabolical\":\n%s", cliBook)
			}
			// The notes: the same words, each face naming the puzzle its
			// own way.
			cliNotes := regexp.MustCompile(`puzzles\.txt:(\d+): (not rated: [^\n]*) \(raise --budget to rate it\)`).FindAllStringSubmatch(stderr, -1)
			var apiNotes []string
			if h := resp.Header.Get("Sudokit-Note"); h != "" {
				apiNotes = strings.Split(h, "; puzzle ")
			}
			if len(cliNotes) != b.notes || len(apiNotes) != b.notes {
				t.Fatalf("%d notes from the CLI, %d from the API, want %d:\n%s\n%q", len(cliNotes), len(apiNotes), b.notes, stderr, apiNotes)
			}
			for i, n := range cliNotes {
				if want := "puzzle " + n[1] + ": " + n[2]; "puzzle "+strings.TrimPrefix(apiNotes[i], "puzzle ") != want {
					t.Errorf("the API's note %q, want %q", apiNotes[i], want)
				}
				if !strings.Contains(cliBook, "#"+n[1]+"</b><span></span>") {
					t.Errorf("puzzle %s has a level or rating in the book", n[1])
				}
			}
		})
	}

	// Puzzles that cannot go into a book: the CLI leaves each out, the API
	// refuses it, in the same words.
	for _, bad := range []string{
		".....6....59.....82....8....45........3........6..3.54...325..6..................", // two solutions
		"11...............................................................................", // breaks the rules
		"12345678.........9" + strings.Repeat(".", 63),                                      // no solution: r1c9 has no candidate
	} {
		code, _, stderr := runApp(t, "", "print", "-f", "html", "-o", "-", bad)
		m := regexp.MustCompile(`^sudokit: argument 1:1: (.*?)(, left out)?\n$`).FindStringSubmatch(stderr)
		if code != 1 || m == nil {
			t.Errorf("%s: the CLI: exit %d, %q; want exit 1 and the puzzle left out", bad, code, stderr)
			continue
		}
		s, err := server.New(server.Options{Config: config.Default(), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(s.Handler())
		body, _ := json.Marshal(map[string]any{"puzzles": []string{bad}, "format": "html"})
		resp, err := http.Post(ts.URL+"/api/v1/print", "application/json", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		var answer struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&answer)
		resp.Body.Close()
		ts.Close()
		// The API names the puzzle by its place in the list (and a bad
		// line by the reader's location in the field).
		if resp.StatusCode != 400 || !strings.HasPrefix(answer.Error, "puzzle 1: ") || !strings.HasSuffix(answer.Error, ": "+m[1]) {
			t.Errorf("%s: the API: %d %q, want 400 \"puzzle 1: ...%s\"", bad, resp.StatusCode, answer.Error, m[1])
		}
	}
}

// TestMistakesFacesAgree: the same mistake in an option, made through
// `sudokit` and through the API, is refused by both faces as the one kind
// sudoku.ErrInvalid that each maps once: exit status 2 on the command
// line, 400 from the API, never a 500. Where the library says what is
// wrong, both faces say it in its words. A bad puzzle is the exception
// that the faces decide by context: in a batch of the command line it is
// that item's failure (reported, exit 1), in a request it is the
// request's mistake (400).
func TestMistakesFacesAgree(t *testing.T) {
	const pointing = "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327"
	cfg := config.Default()
	targetErr := func(spec generate.TargetSpec) string {
		_, err := generate.NewTarget(cfg, spec)
		if err == nil {
			t.Fatalf("%+v: no error", spec)
		}
		return err.Error()
	}
	_, symErr := generate.ParseSymmetry("spiral")
	mistakes := []struct {
		name     string
		args     []string // the command line
		endpoint string
		body     string // the request
		cliCode  int
		words    string // in both messages, when the library says it
	}{
		{"unknown level", []string{"generate", "--level", "impossible"}, "generate", `{"level": "impossible"}`, 2,
			targetErr(generate.TargetSpec{Level: "impossible"})},
		{"empty rating band", []string{"generate", "--rating", "9-2"}, "generate", `{"rating": "9-2"}`, 2,
			targetErr(generate.TargetSpec{Rating: "9-2"})},
		{"bad rating", []string{"generate", "--rating", "hard"}, "generate", `{"rating": "hard"}`, 2,
			targetErr(generate.TargetSpec{Rating: "hard"})},
		{"level and rating", []string{"generate", "--level", "hard", "--rating", "2.0"}, "generate", `{"level": "hard", "rating": "2.0"}`, 2,
			targetErr(generate.TargetSpec{Level: "hard", Rating: "2.0"})},
		{"impossible clues", []string{"generate", "--clues", "10-15"}, "generate", `{"clues": "10-15"}`, 2,
			targetErr(generate.TargetSpec{Clues: "10-15"})},
		{"unknown technique", []string{"generate", "--require", "x-wingg"}, "generate", `{"require": ["x-wingg"]}`, 2,
			targetErr(generate.TargetSpec{Require: []string{"x-wingg"}})},
		{"unknown symmetry", []string{"generate", "--symmetry", "spiral"}, "generate", `{"symmetry": "spiral"}`, 2, symErr.Error()},
		{"depth out of range", []string{"hint", "--depth", "4", pointing}, "hint", `{"puzzle": "` + pointing + `", "depth": 4}`, 2, ""},
		{"max solutions out of range", []string{"solve", "--max-solutions", "0", pointing}, "solve",
			`{"puzzle": "` + pointing + `", "max_solutions": -1}`, 2, ""},
		{"unknown book format", []string{"print", "-f", "docx", pointing}, "print", `{"puzzles": ["` + pointing + `"], "format": "docx"}`, 2,
			book.CheckFormat("docx").Error()},
		{"unknown paper", []string{"print", "--page-size", "b9", "-o", "-", "-f", "html", pointing}, "print",
			`{"puzzles": ["` + pointing + `"], "format": "html", "paper": "b9"}`, 2, `unknown page size "b9"`},
		{"not a layout", []string{"print", "--per-page", "3", "-o", "-", "-f", "html", pointing}, "print",
			`{"puzzles": ["` + pointing + `"], "format": "html", "per_page": 3}`, 2, "3 puzzles per page is not a layout"},
		{"a title the font lacks", []string{"print", "--title", "数独", "-o", "-", "-f", "html", pointing}, "print",
			`{"puzzles": ["` + pointing + `"], "format": "html", "title": "数独"}`, 2, `title "数独": the `},
		{"a bad puzzle", []string{"grade", "4.....8.5"}, "grade", `{"puzzle": "4.....8.5"}`, 1, "incomplete grid"},
		{"a puzzle with two solutions in a book", []string{"print", "-f", "html", "-o", "-", ".....6....59.....82....8....45........3........6..3.54...325..6.................."},
			"print", `{"puzzles": [".....6....59.....82....8....45........3........6..3.54...325..6.................."], "format": "html"}`, 1,
			"several solutions, not rated"},
	}
	s, err := server.New(server.Options{Config: cfg, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			code, _, stderr := runApp(t, "", m.args...)
			if code != m.cliCode || !strings.HasPrefix(stderr, "sudokit: ") || !strings.Contains(stderr, m.words) {
				t.Errorf("sudokit %s: exit %d, %q; want exit %d and a message with %q", strings.Join(m.args, " "), code, stderr, m.cliCode, m.words)
			}
			resp, err := http.Post(ts.URL+"/api/v1/"+m.endpoint, "application/json", strings.NewReader(m.body))
			if err != nil {
				t.Fatal(err)
			}
			var answer struct{ Error string }
			json.NewDecoder(resp.Body).Decode(&answer)
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest || answer.Error == "" || !strings.Contains(answer.Error, m.words) {
				t.Errorf("POST /api/v1/%s %s: %d %q; want 400 and a message with %q", m.endpoint, m.body, resp.StatusCode, answer.Error, m.words)
			}
		})
	}
}
