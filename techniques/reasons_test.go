package techniques

import (
	"context"
	"math/bits"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// effectReason returns what a step's text says in parentheses after the
// eliminations of cell ("r7c7<>5 (knight's move from r5c8)"), or "".
func effectReason(text string, cell int) string {
	_, effects, _ := strings.Cut(text, " ==> ")
	name := sudoku.CellName(cell) + "<>"
	i := strings.Index(effects, name)
	if i < 0 {
		return ""
	}
	rest := effects[i+len(name):]
	open := strings.IndexByte(rest, '(')
	if open < 0 || strings.Contains(rest[:open], ",") {
		return ""
	}
	// The reason runs to the parenthesis that closes the first.
	depth := 0
	for j := open; j < len(rest); j++ {
		switch rest[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return rest[open+1 : j]
			}
		}
	}
	return ""
}

// tieWords is what a step must say to explain why cells a and b may not
// share a digit: "" when a row, a column or a box (region) ties them; the
// extra house's name; "knight's move" or "king's move".
func tieWords(r sudoku.Rules, a, b int) string {
	shared := r.HousesOf(a) & r.HousesOf(b)
	switch {
	case shared&(1<<27-1) != 0:
		return ""
	case shared != 0:
		return r.House(bits.TrailingZeros64(shared)).Name()
	case r.Partners(sudoku.AntiKnight, a).Has(b):
		return "knight's move"
	case r.Partners(sudoku.AntiKing, a).Has(b):
		return "king's move"
	}
	return "nothing"
}

// TestEliminationReasons walks the variant puzzles of testdata and checks
// that the steps that are not chains say why a cell loses a digit when a
// variant's extra house or pair rule is what ties it to the pattern: an
// XY- or XYZ-wing's or a BUG type 2's eliminated cell, the pattern's cells
// it must see; an aligned exclusion's cells and excluders; under
// non-consecutive, the neighbour a forcing cell or a locked digit's places
// rule the digit out from.
func TestEliminationReasons(t *testing.T) {
	keys := []string{"xy-wing", "xyz-wing", "bug", "aligned-pair-exclusion", "nc-forcing-cell", "locked-nc",
		"unique-rectangle", "unique-loop"}
	said := map[string]int{}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "puzzles", "variants", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no variant puzzles: %v", err)
	}
	for _, path := range files {
		file := filepath.Base(path)
		for _, p := range variantPuzzles(t, file) {
			sol, ok := solve.For(p.Rules).Solve(p.Grid)
			if !ok {
				t.Fatalf("%s:%d: no solution", file, p.Line)
			}
			s := p.State()
			for !s.Solved() && !t.Failed() {
				for _, key := range keys {
					pr := producerOf(t, key)
					pr.FindAll(context.Background(), s, func(st *Step) bool {
						if st.Technique == key {
							said[key] += checkReasons(t, file, p.Line, s, st)
						}
						return true
					})
				}
				walkOn(s, sol)
			}
		}
	}
	for _, key := range []string{"xy-wing", "xyz-wing", "aligned-pair-exclusion", "nc-forcing-cell", "locked-nc",
		"unique-rectangle", "unique-loop"} {
		if said[key] == 0 {
			t.Errorf("no %s step gave a reason: the test checks too little", key)
		}
	}
}

// walkOn takes the first step that is not a chain from s, or else places
// the solution's digit in a cell with the fewest candidates.
func walkOn(s *State, sol sudoku.Grid) {
	for _, pr := range seProducers {
		if pr.Chain() {
			continue
		}
		if next := pr.First(context.Background(), s, nil); next != nil {
			next.ApplyTo(s)
			return
		}
	}
	best := -1
	for c := range 81 {
		if s.Values[c] == 0 && (best < 0 || s.Cands[c].Count() < s.Cands[best].Count()) {
			best = c
		}
	}
	s.Place(best, int(sol[best]))
}

// checkReasons checks the reasons of one step found on s, and returns how
// many ties it had to explain.
func checkReasons(t *testing.T, file string, line int, s *State, st *Step) int {
	t.Helper()
	r := s.Rules
	text := st.String()
	n := 0
	want := func(e int, words string) {
		n++
		if why := effectReason(text, e); !strings.Contains(why, words) {
			t.Errorf("%s:%d: %q does not say %q for %s", file, line, text, words, sudoku.CellName(e))
		}
	}
	for _, el := range st.Eliminations {
		e, d := int(el.Cell), int(el.Digit)
		switch st.Technique {
		case "xy-wing", "xyz-wing", "bug":
			if st.Technique == "bug" && !strings.HasPrefix(st.Name, "BUG type 2") {
				continue
			}
			for _, w := range st.Cells {
				if !s.Cands[w].Has(d) {
					continue
				}
				if words := tieWords(r, w, e); words != "" {
					want(e, words)
				}
			}
		case "unique-rectangle", "unique-loop":
			// Type 2: the extra cells that hold the extra digit; type 3
			// naked: the extra cells and the subset's cells that hold it.
			var witnesses []int
			for _, c := range st.Cells {
				if s.Cands[c].Count() > 2 {
					witnesses = append(witnesses, c) // the extra cells
				}
			}
			switch {
			case strings.HasSuffix(st.Name, "type 2"):
			case strings.HasSuffix(st.Name, "type 3") && strings.Contains(st.Detail, ", naked "):
				_, with, _ := strings.Cut(st.Detail, " with ")
				list, _, _ := strings.Cut(with, " in ")
				for _, name := range strings.Split(list, ",") {
					witnesses = append(witnesses, int(name[1]-'1')*9+int(name[3]-'1'))
				}
			default:
				continue
			}
			for _, w := range witnesses {
				if s.Cands[w].Has(d) {
					if words := tieWords(r, w, e); words != "" {
						want(e, words)
					}
				}
			}
		case "aligned-pair-exclusion":
			for i, a := range st.Cells[:2] {
				for _, b := range st.Cells[i+1:] {
					// The aligned cells need not see each other.
					if words := tieWords(r, a, b); words != "" && words != "nothing" {
						want(e, sudoku.CellName(a)+" and "+sudoku.CellName(b)+" ")
						want(e, words)
					}
				}
			}
		case "nc-forcing-cell":
			if !r.Partners(sudoku.NonConsecutive, st.Cells[0]).Has(e) {
				t.Errorf("%s:%d: %q eliminates from %s, not next to its cell", file, line, text, sudoku.CellName(e))
			}
			want(e, "next to "+sudoku.CellName(st.Cells[0])+" (non-consecutive)")
		case "locked-nc":
			others := 0
			for _, c := range st.Cells {
				if c != e {
					want(e, sudoku.CellName(c))
					others++
				}
			}
			if others > 0 {
				want(e, "non-consecutive")
			} else {
				want(e, "itself") // the digit's one place: it holds the digit
			}
		}
	}
	return n
}
