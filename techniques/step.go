package techniques

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Candidate is a digit in a cell: a placement or an elimination.
type Candidate struct {
	Cell  uint8
	Digit uint8
}

// Potential is a link end of a chain: a candidate assumed true (On: the
// cell is the digit) or false (the digit goes from the cell).
type Potential struct {
	Cell  uint8
	Digit uint8
	On    bool
	// Rule names the rule that proved the link to this potential when it is
	// not a plain link (a nested chain, a basic technique); "" otherwise.
	Rule string
}

// String writes the potential as the chains do: "r1c2=5" or "r1c2<>5".
func (p Potential) String() string {
	if p.On {
		return fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit)
	}
	return fmt.Sprintf("%s<>%d", sudoku.CellName(int(p.Cell)), p.Digit)
}

// Step is one application of a technique: what it places and eliminates, and
// what justifies it.
type Step struct {
	// Technique is the technique's key, as in the Techniques table and
	// config.yaml (such as "x-wing").
	Technique string
	// Name is the name shown to people, with the variant ("Unique Loop 8
	// type 3", "Swordfish").
	Name string
	// Rating is the step's rating on Sudoku Explainer's scale, computed with
	// SE's own arithmetic so that comparisons match SE's.
	Rating sudoku.Rating

	Placements   []Candidate
	Eliminations []Candidate

	// Cells, Units and Digits are the pattern that justifies the step (the
	// cells of the pair, the lines of the fish, ...).
	Cells  []int
	Units  []int
	Digits sudoku.Digits
	// Detail describes the pattern in words, such as "7 in r2,r8 c3,c6".
	Detail string
	// Chains holds, for a chaining step, the chains that Detail writes,
	// each from its start: the potentials that each link implies. Like
	// Detail, it is filled only for a step that is shown.
	Chains [][]Potential
	// Reasons, when not nil, says for each of Eliminations (same index)
	// why the cell loses the digit when a variant's pair rule or extra
	// house is what ties it to the pattern ("knight's move from r5c8",
	// "diagonal 1", "next to r3c4 (non-consecutive)"); "" where a row, a
	// column or a box (region) does. String writes them after the
	// eliminations.
	Reasons []string
	// Rules are the rules of the grid the step was found on, which number
	// its Units (see UnitNames); the zero value is classic.
	Rules sudoku.Rules
	// Cages are the killer cages a killer technique's step reads (indexes
	// into Rules.Cages), which hints name ("the 15-cage at r1c1-r1c2").
	Cages []int
	// Nested holds, for a nested chain, the steps of the rules its chains
	// use inside (the names in parentheses in Detail), found on the grid
	// of the chain at that point.
	Nested []Step
}

// String describes the step on one line: its name, the pattern, and after
// "==>" what it places or eliminates, such as
// "X-Wing: 7 in r2,r8 c3,c6 ==> r5c3<>7, r5c6<>7". A chain's links inside
// the pattern are written "->" and "=>": the conclusion is marked once.
func (st *Step) String() string {
	var b strings.Builder
	b.WriteString(st.Name)
	if st.Detail != "" {
		b.WriteString(": ")
		b.WriteString(st.Detail)
	}
	b.WriteString(" ==> ")
	b.WriteString(st.effects(true))
	return b.String()
}

// ReasonsByElimination returns the Reasons that are not "", keyed by the
// elimination they explain, written "r7c7<>5"; nil when there are none (a
// classic step never has any).
func (st *Step) ReasonsByElimination() map[string]string {
	var out map[string]string
	for i, e := range st.Eliminations {
		if i < len(st.Reasons) && st.Reasons[i] != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit)] = st.Reasons[i]
		}
	}
	return out
}

// Effects lists the step's placements and eliminations: "r1c2=5",
// "r5c3<>7, r5c6<>7" (eliminations of one cell grouped: "r2c4<>25"). The
// other candidates of a cell it places go without saying.
func (st *Step) Effects() string { return st.effects(false) }

// effects is Effects, with the Reasons of each cell's eliminations after
// them when reasons is true: "r7c7<>5 (knight's move from r5c8)".
func (st *Step) effects(reasons bool) string {
	var parts []string
	var placed [81]bool
	for _, p := range st.Placements {
		parts = append(parts, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
		placed[p.Cell] = true
	}
	var order []uint8
	byCell := map[uint8]sudoku.Digits{}
	why := map[uint8][]string{}
	for i, e := range st.Eliminations {
		if placed[e.Cell] {
			continue
		}
		if _, ok := byCell[e.Cell]; !ok {
			order = append(order, e.Cell)
		}
		byCell[e.Cell] = byCell[e.Cell].With(int(e.Digit))
		if reasons && i < len(st.Reasons) && st.Reasons[i] != "" && !slices.Contains(why[e.Cell], st.Reasons[i]) {
			why[e.Cell] = append(why[e.Cell], st.Reasons[i])
		}
	}
	for _, c := range order {
		part := fmt.Sprintf("%s<>%s", sudoku.CellName(int(c)), byCell[c])
		if len(why[c]) > 0 {
			part += " (" + strings.Join(why[c], "; ") + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// UnitNames names the step's units as its rules name their houses: "row
// 2", "block 5", "region 3", "diagonal 1", "window group 5".
func (st *Step) UnitNames() []string {
	names := make([]string, len(st.Units))
	for i, u := range st.Units {
		names[i] = st.Rules.House(u).Name()
	}
	return names
}

// Places reports whether the step places a digit.
func (st *Step) Places() bool { return len(st.Placements) > 0 }

// cellList names cells compactly: "r2c4,r2c7".
func cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = sudoku.CellName(c)
	}
	return strings.Join(names, ",")
}

// digitList prints digits with commas: "2,6".
func digitList(d sudoku.Digits) string {
	s := d.String()
	return strings.Join(strings.Split(s, ""), ",")
}

// unitName names a unit of classic rules in SE's words: "block 3", "row
// 2", "column 5".
func unitName(u int) string { return sudoku.UnitName(u) }

// ApplyTo carries out the step on s: its eliminations, then its placements.
func (st *Step) ApplyTo(s *State) {
	for _, c := range st.Eliminations {
		s.Eliminate(int(c.Cell), int(c.Digit))
	}
	for _, c := range st.Placements {
		s.Place(int(c.Cell), int(c.Digit))
	}
}
