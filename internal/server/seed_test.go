package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestGenerateSeed checks that generate's answer names its seed, the
// request's or the one drawn (which JavaScript reads exactly), and that
// the seed makes the same puzzles again.
func TestGenerateSeed(t *testing.T) {
	ts := newTestServer(t, Options{Version: "test"})
	answer := func(body string) (seed uint64, puzzles []string) {
		resp, err := http.Post(ts.URL+"/api/v1/generate", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var ans struct {
			Seed    *uint64 `json:"seed"`
			Puzzles []struct {
				Seed   uint64 `json:"seed"`
				Puzzle string `json:"puzzle"`
			} `json:"puzzles"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil || resp.StatusCode != 200 || ans.Seed == nil {
			t.Fatalf("%s: status %d, %v, seed %v", body, resp.StatusCode, err, ans.Seed)
		}
		for _, p := range ans.Puzzles {
			if p.Seed != *ans.Seed {
				t.Errorf("%s: a puzzle of seed %d in an answer of seed %d", body, p.Seed, *ans.Seed)
			}
			puzzles = append(puzzles, p.Puzzle)
		}
		return *ans.Seed, puzzles
	}
	if seed, _ := answer(`{"level": "easy", "seed": 7}`); seed != 7 {
		t.Errorf("seed %d, want the request's 7", seed)
	}
	seed, first := answer(`{"level": "easy", "count": 2}`)
	if seed >= 1<<53 {
		t.Errorf("drawn seed %d does not fit in 53 bits", seed)
	}
	body, _ := json.Marshal(map[string]any{"level": "easy", "count": 2, "seed": seed})
	if _, again := answer(string(body)); strings.Join(again, ",") != strings.Join(first, ",") {
		t.Errorf("seed %d made %v, then %v", seed, first, again)
	}
}
