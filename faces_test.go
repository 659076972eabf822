package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sudokit/sudokit/config"
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
