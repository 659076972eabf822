package server

import "testing"

// TestSizedPuzzleRefused checks that a puzzle of another size than 9x9,
// which the reader now reads as such, is refused with a 400 that says so
// rather than answered as an empty 9x9 grid.
func TestSizedPuzzleRefused(t *testing.T) {
	ts := newTestServer(t, Options{})
	const want = `field "puzzle" holds a 4x4 puzzle: the server takes 9x9 puzzles only for now (sudokit solve takes every size)`
	for _, path := range []string{"/api/v1/solve", "/api/v1/grade", "/api/v1/hint"} {
		code, got, _ := post(t, ts, path, `{"puzzle": "....31.....42.1."}`)
		if msg, _ := got["error"].(string); code != 400 || msg != want {
			t.Errorf("%s: %d %q, want 400 %q", path, code, msg, want)
		}
	}
}
