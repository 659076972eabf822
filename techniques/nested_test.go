package techniques

import (
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
