package techniques

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// TestNestedStepsShown checks that a nested chain's step carries the steps
// of the rules its chains name in parentheses: one for each name, in the
// order of the text, and a nested chain found again with its own text.
func TestNestedStepsShown(t *testing.T) {
	g, err := sudoku.ParseGrid("........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3")
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(g)
	names := regexp.MustCompile(`\(([^()]+)\)`)
	checked := 0
	for step := 0; step < 3 && !s.Solved(); step++ {
		st := seStep(s)
		if st == nil {
			t.Fatal("the path stops")
		}
		var inText []string
		for _, m := range names.FindAllStringSubmatch(st.Detail, -1) {
			if n := m[1]; n != "+" && n != "+ Forcing Chains" && !slices.Contains(inText, n) {
				inText = append(inText, n)
			}
		}
		var nested []string
		for _, n := range st.Nested {
			if n.Detail == "" {
				t.Errorf("step %d: nested %s has no text", step+1, n.Name)
			}
			if !slices.Contains(nested, n.Name) {
				nested = append(nested, n.Name)
			}
		}
		if !slices.Equal(inText, nested) {
			t.Errorf("step %d %s: the text names %q, the nested steps are %q", step+1, st.Name, inText, nested)
		}
		checked += len(st.Nested)
		st.ApplyTo(s)
	}
	if checked == 0 {
		t.Error("no nested step on a path that needs nested chains")
	}
}

// TestKeptHintsChangeNoStep walks SE's path of a puzzle rated 11.5 (two
// nested forcing chains of level 4 on the way) with one session, which keeps
// the hints nested dynamic chains find on working grids from state to
// state, and checks every step against the one a fresh session finds.
func TestKeptHintsChangeNoStep(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole path of an 11.5 puzzle, twice")
	}
	g, err := sudoku.ParseGrid("..34......5...9...6...2.1..2...6...1.4.5...6...6..3.....9...6.7......8.28...7..1.")
	if err != nil {
		t.Fatal(err)
	}
	session := NewSession(1)
	first := func(sess *Session, s *State) *Step {
		for _, p := range seProducers {
			if st := p.First(context.Background(), s, sess); st != nil {
				return st
			}
		}
		return nil
	}
	level4 := 0
	for s := NewState(g); !s.Solved(); {
		got := first(session, s)
		want := first(NewSession(1), s)
		if got == nil || want == nil {
			t.Fatalf("no step: %v, fresh session %v", got, want)
		}
		// The step as shown: its chains (their potentials and main
		// parents) and the steps nested in them.
		show := func(st *Step) string {
			return fmt.Sprint(st.Name, st.Rating, st.Eliminations, st.Placements, st.Detail, st.Chains, st.Nested)
		}
		if show(got) != show(want) {
			t.Fatalf("step\n%s\nfresh session\n%s", show(got), show(want))
		}
		if got.Technique == nestedKey(4) {
			level4++
		}
		got.ApplyTo(s)
	}
	if level4 < 2 || len(session.kept) == 0 {
		t.Fatalf("%d steps of level 4, %d working grids kept: the path no longer tests the kept hints", level4, len(session.kept))
	}
	t.Logf("%d steps of level 4, %d working grids kept", level4, len(session.kept))
}
