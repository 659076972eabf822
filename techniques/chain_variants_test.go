package techniques

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// The chain engine under variants, against Sukaku Explainer 1.18.1's
// paths (../shared/data/variants/<variant>.paths.txt, rated with SE
// 1.2.1's techniques): the state before each of SukE's chain steps is
// replayed from the puzzle with SukE's own effects, and our producer of
// that step's technique must find SukE's step first: the same rating and
// the same effects.

// sukeStep is one step of a SukE path: its rating, its effects as the
// paths write them ("r1c2=5", "r3c4<>7"; removals implied by a placement
// left out) and its rule's name.
type sukeStep struct {
	rating  sudoku.Rating
	effects []string
	rule    string
	line    int
}

// sukePath is a puzzle's path.
type sukePath struct {
	line   int
	puzzle sudoku.Grid
	steps  []sukeStep
}

func readSukePaths(t *testing.T, variant string) []sukePath {
	t.Helper()
	path := testenv.SharedData(t, "variants/"+variant+".paths.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sukePath
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "puzzle "):
			g, err := sudoku.ParseGrid(strings.Fields(line)[1])
			if err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			out = append(out, sukePath{line: n, puzzle: g})
		case line == "" || len(out) == 0:
		default:
			parts := strings.Split(line, " | ")
			if len(parts) != 3 {
				t.Fatalf("%s:%d: want 3 fields", path, n)
			}
			var r float64
			if _, err := fmt.Sscanf(parts[0], "%g", &r); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
			p := &out[len(out)-1]
			p.steps = append(p.steps, sukeStep{sudoku.Rating(r), strings.Fields(parts[1]), parts[2], n})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// applySuke carries out a SukE step's effects on a state.
func applySuke(t *testing.T, st *State, effects []string) {
	t.Helper()
	for _, e := range effects {
		var r, c, d int
		if !strings.Contains(e, "<>") {
			if _, err := fmt.Sscanf(e, "r%dc%d=%d", &r, &c, &d); err != nil {
				t.Fatalf("effect %q: %v", e, err)
			}
			st.Place((r-1)*9+c-1, d)
			continue
		}
		if _, err := fmt.Sscanf(e, "r%dc%d<>%d", &r, &c, &d); err != nil {
			t.Fatalf("effect %q: %v", e, err)
		}
		st.Eliminate((r-1)*9+c-1, d)
	}
}

// sukeEffects writes a step's effects as SukE's paths do: placements, and
// the eliminations a placement does not imply under the rules, sorted.
func sukeEffects(s *State, st *Step) []string {
	var out []string
	placed := map[int]int{}
	for _, p := range st.Placements {
		out = append(out, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
		placed[int(p.Cell)] = int(p.Digit)
	}
	implied := func(cell, d int) bool {
		if _, ok := placed[cell]; ok {
			return true
		}
		for pc, pd := range placed {
			if pd == d && s.Rules.Sees(pc, cell) {
				return true
			}
			if (pd == d+1 || pd == d-1) && s.Rules.Partners(sudoku.NonConsecutive, pc).Has(cell) {
				return true
			}
		}
		return false
	}
	for _, e := range st.Eliminations {
		if !implied(int(e.Cell), int(e.Digit)) {
			out = append(out, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
		}
	}
	slices.Sort(out)
	return out
}

// chainKind names the kind of chain step a SukE rule name is, and the
// technique key of its producer; "" for a rule that is not a chain.
func chainKind(rule string) (kind, key string) {
	switch {
	case strings.Contains(rule, "Cycle") || rule == "Generalized X-Wing":
		return "cycle", techCycle
	case rule == "Forcing Chain" || rule == "Forcing X-Chain" || rule == "Turbot Fish" || rule == "Forcing Y-Chain":
		return "forcing chain", techChain
	case rule == "Nishio Forcing Chains":
		return "nishio", modeNishio.key
	case rule == "Cell Forcing Chains" || rule == "Region Forcing Chains":
		return strings.ToLower(strings.TrimSuffix(rule, " Forcing Chains")) + " (multiple)", modeMultiple.key
	case strings.HasPrefix(rule, "Dynamic ") && strings.HasSuffix(rule, "Forcing Chains"):
		return "dynamic " + strings.ToLower(strings.Fields(rule)[1]), modeDynamic.key
	case strings.HasSuffix(rule, " (+)"):
		return "dynamic (+)", modeDynamicPlus.key
	}
	for level := 2; level <= 5; level++ {
		if strings.HasSuffix(rule, nestedSuffix(level)) {
			return fmt.Sprintf("nested %d", level), nestedKey(level)
		}
	}
	return "", ""
}

// variantNames are the variants of ../shared/data/variants.
var variantNames = []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot",
	"anti-knight", "anti-king", "non-consecutive"}

// tally counts agreements per kind of chain step.
type tally struct {
	kinds []string
	n, ok map[string]int
}

func (t *tally) add(kind string, ok bool) {
	if t.n == nil {
		t.n, t.ok = map[string]int{}, map[string]int{}
	}
	if _, seen := t.n[kind]; !seen {
		t.kinds = append(t.kinds, kind)
	}
	t.n[kind]++
	if ok {
		t.ok[kind]++
	}
}

func (t *tally) total() (n, ok int) {
	for _, k := range t.kinds {
		n += t.n[k]
		ok += t.ok[k]
	}
	return n, ok
}

func (t *tally) String() string {
	var b strings.Builder
	slices.Sort(t.kinds)
	for _, k := range t.kinds {
		fmt.Fprintf(&b, " %s %d/%d;", k, t.ok[k], t.n[k])
	}
	n, ok := t.total()
	fmt.Fprintf(&b, " all %d/%d (%.1f%%)", ok, n, 100*float64(ok)/float64(max(n, 1)))
	return b.String()
}

// TestChainsAlongSukePaths replays SukE's paths and checks each chain step
// (a sample of them with -short, or SUDOKIT_CHAIN_STEPS=all for all).
func TestChainsAlongSukePaths(t *testing.T) {
	every := 1
	if testing.Short() {
		every = 4
	}
	if os.Getenv("SUDOKIT_CHAIN_STEPS") == "all" {
		every = 1
	}
	only := os.Getenv("SUDOKIT_CHAIN_VARIANT")
	for _, variant := range variantNames {
		if only != "" && only != variant {
			continue
		}
		t.Run(variant, func(t *testing.T) {
			rules, err := sudoku.ParseRules(variant, "")
			if err != nil {
				t.Fatal(err)
			}
			var tl tally
			seen := 0
			for _, p := range readSukePaths(t, variant) {
				st := rules.StateOf(p.puzzle, nil)
				sess := NewSession(1)
				for _, step := range p.steps {
					kind, key := chainKind(step.rule)
					if kind != "" {
						seen++
					}
					if kind != "" && seen%every == 0 {
						got := producerOf(t, key).First(context.Background(), st, sess)
						want := slices.Clone(step.effects)
						slices.Sort(want)
						ok := got != nil && got.Rating.Tenths() == step.rating.Tenths() && slices.Equal(sukeEffects(st, got), want)
						tl.add(kind, ok)
						if !ok && testing.Verbose() {
							desc := "nothing"
							if got != nil {
								desc = fmt.Sprintf("%v %s %v", got.Rating, got.Name, sukeEffects(st, got))
							}
							t.Logf("line %d: SukE %v %s %v; ours %s", step.line, step.rating, step.rule, want, desc)
						}
					}
					applySuke(t, st, step.effects)
				}
			}
			t.Logf("%s:%s", variant, &tl)
		})
	}
}
