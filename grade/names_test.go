package grade

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// TestStepNamesAreListed: every name a step carries on a solving path (and
// its nested steps, and the hardest technique), with SE's techniques and
// with the extras on, is one that `sudokit techniques` lists for the
// step's technique (techniques.Technique.HasName): its name, its name and
// a variant, or one of its other names.
func TestStepNamesAreListed(t *testing.T) {
	sets := []string{"norvig-top95.se121.txt", "hardest-se.txt"}
	if testing.Short() {
		sets = sets[:1] // the nested chains take a few seconds
	}
	seen := map[string]bool{}
	var check func(where string, st *techniques.Step)
	check = func(where string, st *techniques.Step) {
		t.Helper()
		tech, ok := techniques.Lookup(st.Technique)
		if !ok {
			t.Errorf("%s: step of unknown technique %q", where, st.Technique)
			return
		}
		if !tech.HasName(st.Name) && !seen[st.Name] {
			t.Errorf("%s: step named %q, which `sudokit techniques` does not list for %s", where, st.Name, tech.Key)
		}
		seen[st.Name] = true
		for i := range st.Nested {
			check(where+" (nested)", &st.Nested[i])
		}
	}
	for _, extras := range []bool{false, true} {
		cfg := config.Default()
		for _, tech := range techniques.All() {
			if !tech.SE {
				cfg.Techniques[tech.Key] = extras
			}
		}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range sets {
			for _, p := range readSERated(t, filepath.Join("..", "testdata", "puzzles", set)) {
				if set == "hardest-se.txt" && extras {
					continue // the extras do not reach the nested chains
				}
				res := g.Grade(context.Background(), sudoku.NewState(p.grid), Options{Path: true, Workers: 2})
				for i := range res.Path {
					check(set, &res.Path[i])
				}
				if !hasName(res.Hardest) {
					t.Errorf("%s:%d: hardest %q is no technique's name", set, p.line, res.Hardest)
				}
			}
		}
	}
	if len(seen) < 40 {
		t.Errorf("saw %d step names: too few to mean anything", len(seen))
	}
}

// hasName reports whether some technique's steps may carry name.
func hasName(name string) bool {
	for _, tech := range techniques.All() {
		if tech.HasName(name) {
			return true
		}
	}
	return false
}
