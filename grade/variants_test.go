package grade

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// The variants of ../shared/data/variants: Sukaku Explainer 1.18.1's
// ratings (<variant>.se.txt) and paths (<variant>.paths.txt), with SE
// 1.2.1's techniques, of 50 puzzles each (see its README.md).
var variantFiles = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
	"anti-knight", "anti-king", "non-consecutive"}

// variantRules returns the rules of a variant.
func variantRules(t *testing.T, name string) sudoku.Rules {
	t.Helper()
	r, err := sudoku.ParseRules(name, "")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// isChainRule reports whether a rule of Sukaku Explainer's paths is one of
// the chaining techniques (forcing chains and cycles and beyond; SukE
// calls an X-cycle of four cells a "Generalized X-Wing").
func isChainRule(name string) bool {
	return strings.Contains(name, "Forcing Chain") || strings.Contains(name, "Forcing X-Chain") ||
		strings.HasPrefix(name, "Bidirectional") || name == "Turbot Fish" || name == "Generalized X-Wing"
}

// chainsFollowRules reports whether the chaining techniques run under
// variant rules (see techniques.Technique.Scope): until they do, a
// variant puzzle that needs a chain is beyond the grader.
func chainsFollowRules() bool {
	t, _ := techniques.Lookup("forcing-chain")
	return t.Scope == techniques.AllRules
}

// TestVariantAgreement grades the calibration puzzles of each variant and
// compares with Sukaku Explainer: ER, EP and ED must all be equal on at
// least 99% of each file. Until the chaining techniques follow the rules,
// the puzzles whose SukE path uses no chain must all agree, and the
// figures of the others are logged. With -short, once the chains follow
// the rules, one puzzle in five is graded.
func TestVariantAgreement(t *testing.T) {
	g := grader(t, 0)
	for _, v := range variantFiles {
		t.Run(v, func(t *testing.T) {
			rules := variantRules(t, v)
			rated := readSERated(t, testenv.SharedData(t, "variants/"+v+".se.txt"))
			paths := readPaths(t, "variants/"+v+".paths.txt")
			chained := map[sudoku.Grid]bool{}
			for _, p := range paths {
				chained[p.puzzle] = slices.ContainsFunc(p.rules, isChainRule)
			}
			var total, exact, plain, plainExact int
			for i, p := range rated {
				if testing.Short() && chainsFollowRules() && i%5 != 0 {
					continue // one puzzle in five, over every band
				}
				r := g.Grade(context.Background(), rules.StateOf(p.grid, nil), Options{})
				got := [3]int{r.SE().ER.Tenths(), r.SE().EP.Tenths(), r.SE().ED.Tenths()}
				ok := got == [3]int{p.er, p.ep, p.ed}
				total++
				if ok {
					exact++
				}
				if chained[p.grid] {
					continue
				}
				plain++
				if ok {
					plainExact++
				} else {
					t.Errorf("%s.se.txt:%d: %v %s, SukE %d.%d/%d.%d/%d.%d (no chain in its path)", v, p.line, r.Status,
						r.SE(), p.er/10, p.er%10, p.ep/10, p.ep%10, p.ed/10, p.ed%10)
				}
			}
			t.Logf("%s: ER/EP/ED equal on %d of %d (%.0f%%); on %d of the %d whose path uses no chain",
				v, exact, total, 100*float64(exact)/float64(total), plainExact, plain)
			if chainsFollowRules() && 100*exact < 99*total {
				t.Errorf("%s: %d of %d equal, want 99%%", v, exact, total)
			}
		})
	}
}

// TestVariantPaths walks Sukaku Explainer's paths of each variant, carrying
// out SukE's steps: at each step that is not a chain, the grader's next
// step must be SukE's (its rating and its effects). The first step is
// Grader.Next's (which counts the solutions under the rules first); the
// others, the step grading's replay takes, without the count.
func TestVariantPaths(t *testing.T) {
	g := grader(t, 0)
	for _, v := range variantFiles {
		t.Run(v, func(t *testing.T) {
			rules := variantRules(t, v)
			paths := readPaths(t, "variants/"+v+".paths.txt")
			total, equal, shown := 0, 0, 0
			for _, p := range paths {
				st := rules.StateOf(p.puzzle, nil)
				for k, rule := range p.rules {
					if !isChainRule(rule) {
						total++
						got, step := nextStep(g, st, k == 0)
						if want := stepKey(p.ratings[k], p.effects[k]); got == want {
							equal++
						} else if shown++; shown <= 10 {
							t.Errorf("%s.paths.txt:%d step %d: next step %s (%s), SukE's %s (%s)", v, p.line, k+1, got, step.Name, want, rule)
						}
						// SukE's own techniques describe themselves in SukE's words.
						if tech, _ := techniques.Lookup(step.Technique); tech.Family == techniques.NonConsecutive &&
							rule == step.Name && step.Detail != p.descs[k] {
							t.Errorf("%s.paths.txt:%d step %d: %q, SukE's %q", v, p.line, k+1, step.Detail, p.descs[k])
						}
					}
					apply(t, st, p.effects[k])
				}
				if !st.Solved() {
					t.Errorf("%s.paths.txt:%d: SukE's effects do not solve the puzzle", v, p.line)
				}
			}
			t.Logf("%s: %d of %d steps that are not chains are SukE's (%.1f%%)", v, equal, total, 100*float64(equal)/float64(total))
		})
	}
}

// nextStep returns the step grading takes next from st, as a stepKey, and
// the step: Grader.Next's with next (which checks the state's solutions
// first), else the step its replay takes.
func nextStep(g *Grader, st *sudoku.State, next bool) (key string, step techniques.Step) {
	var res Result
	if next {
		res = g.Next(context.Background(), st, Options{})
	} else {
		res = g.replay(context.Background(), st.Clone(), g.rating, Options{Path: true}, 1)
	}
	if len(res.Path) != 1 {
		return res.Status.String(), step
	}
	step = res.Path[0]
	var effects []string
	placed := map[uint8]bool{}
	for _, p := range step.Placements {
		effects = append(effects, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
		placed[p.Cell] = true
	}
	for _, e := range step.Eliminations {
		if !placed[e.Cell] {
			effects = append(effects, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
		}
	}
	return stepKey(step.Rating, effects), step
}

// stepKey writes a step's rating and effects in a canonical order.
func stepKey(r sudoku.Rating, effects []string) string {
	effects = slices.Clone(effects)
	slices.Sort(effects)
	return r.String() + " " + strings.Join(effects, " ")
}

// TestSolvedBySinglesUnder checks the generator's quick test against
// Sukaku Explainer's ratings: true exactly for the puzzles rated 1.5 or
// less.
func TestSolvedBySinglesUnder(t *testing.T) {
	yes, no := 0, 0
	for _, v := range variantFiles {
		rules := variantRules(t, v)
		for _, p := range readSERated(t, testenv.SharedData(t, "variants/"+v+".se.txt")) {
			want := p.er <= 15
			if got := techniques.SolvedBySinglesUnder(rules, p.grid); got != want {
				t.Errorf("%s.se.txt:%d: SolvedBySinglesUnder = %v, ER %d.%d", v, p.line, got, p.er/10, p.er%10)
			}
			if want {
				yes++
			} else {
				no++
			}
		}
	}
	if yes == 0 || no == 0 {
		t.Errorf("%d puzzles solved by singles, %d not: the test lost its power", yes, no)
	}
}
