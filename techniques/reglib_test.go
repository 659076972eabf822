package techniques

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// The HoDoKu regression library (../shared/data/hodoku-reglib-1.3.txt, GPLv3,
// read in place and never copied) holds one case per technique instance: a
// pencil-mark grid and the eliminations or placements the technique must
// find. A case passes when some step of the matching technique has exactly
// the expected effects.

// reglibCase is one line of the library.
type reglibCase struct {
	line   int
	code   string // technique code, such as "0300" or "0600-1"
	state  *State
	elims  []Candidate
	places []Candidate
	fail   bool // a "-x" case: the technique must find nothing
}

// reglibTechniques maps HoDoKu's codes to our technique keys and, for
// families, the step-name prefix that identifies the variant.
var reglibTechniques = map[string]struct{ key, name string }{
	"0000": {"full-house", ""},
	"0002": {"hidden-single", ""},
	"0003": {"naked-single", ""},
	"0100": {"pointing", ""},
	"0101": {"claiming", ""},
	"0110": {"naked-pair", ""},
	"0111": {"naked-triple", ""},
	"0200": {"naked-pair", ""},
	"0201": {"naked-triple", ""},
	"0202": {"naked-quad", ""},
	"0210": {"hidden-pair", ""},
	"0211": {"hidden-triple", ""},
	"0212": {"hidden-quad", ""},
	"0300": {"x-wing", ""},
	"0301": {"swordfish", ""},
	"0302": {"jellyfish", ""},
	"0600": {"unique-rectangle", "Unique Rectangle type 1"},
	"0601": {"unique-rectangle", "Unique Rectangle type 2"},
	"0602": {"unique-rectangle", "Unique Rectangle type 3"},
	"0603": {"unique-rectangle", "Unique Rectangle type 4"},
	"0310": {"finned-x-wing", ""},
	"0311": {"finned-swordfish", ""},
	"0320": {"finned-x-wing", ""},
	"0321": {"finned-swordfish", ""},
	"0400": {"skyscraper", ""},
	"0401": {"two-string-kite", ""},
	"0402": {"empty-rectangle", ""},
	"0500": {"simple-coloring", "Simple Colors Trap"},
	"0501": {"simple-coloring", "Simple Colors Wrap"},
	"0610": {"bug", "BUG type 1"},
	"0702": {"xy-chain", ""},
	"0703": {"remote-pairs", ""},
	"0803": {"w-wing", ""},
	"0800": {"xy-wing", ""},
	"0801": {"xyz-wing", ""},
	"1000": {"aligned-pair-exclusion", ""},
}

// parseCandidates reads HoDoKu's "<digit><row><col>" list.
func parseCandidates(s string) ([]Candidate, error) {
	var out []Candidate
	for _, f := range strings.Fields(s) {
		if len(f) != 3 {
			return nil, fmt.Errorf("bad candidate %q", f)
		}
		d, r, c := int(f[0]-'0'), int(f[1]-'0'), int(f[2]-'0')
		if d < 1 || d > 9 || r < 1 || r > 9 || c < 1 || c > 9 {
			return nil, fmt.Errorf("bad candidate %q", f)
		}
		out = append(out, Candidate{uint8((r-1)*9 + c - 1), uint8(d)})
	}
	return out, nil
}

func readReglib(t *testing.T) []reglibCase {
	t.Helper()
	f, err := os.Open(testenv.SharedData(t, "hodoku-reglib-1.3.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []reglibCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, ":") {
			continue
		}
		parts := strings.Split(line, ":")
		for len(parts) < 8 { // a few lines omit the trailing empty fields
			parts = append(parts, "")
		}
		code, givens := parts[1], parts[3]
		var g sudoku.Grid
		i := 0
		for j := 0; j < len(givens) && i < 81; j++ {
			switch c := givens[j]; {
			case c == '+':
			case c >= '1' && c <= '9':
				g[i] = c - '0'
				i++
			default:
				i++
			}
		}
		if i != 81 {
			t.Fatalf("line %d: %d cells", n, i)
		}
		st := NewState(g)
		deleted, err1 := parseCandidates(parts[4])
		elims, err2 := parseCandidates(parts[5])
		places, err3 := parseCandidates(parts[6])
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatalf("line %d: %v %v %v", n, err1, err2, err3)
		}
		for _, c := range deleted {
			st.Eliminate(int(c.Cell), int(c.Digit))
		}
		out = append(out, reglibCase{line: n, code: code, state: st, elims: elims, places: places,
			fail: strings.HasSuffix(code, "-x")})
	}
	return out
}

// stepsOf runs every finder (SE's and the extras) that produces steps of
// technique key to completion and returns those whose name starts with name.
func stepsOf(s *State, key, name string) []*Step {
	var out []*Step
	for _, p := range Producers() {
		if !slices.ContainsFunc(p.Techniques(), func(t Technique) bool { return t.Key == key }) {
			continue // it cannot produce such steps
		}
		p.FindAll(context.Background(), s, func(st *Step) bool {
			if st.Technique == key && strings.HasPrefix(st.Name, name) {
				out = append(out, st)
			}
			return true
		})
	}
	return out
}

func sameCandidates(a, b []Candidate) bool {
	less := func(x, y Candidate) int {
		if x.Cell != y.Cell {
			return int(x.Cell) - int(y.Cell)
		}
		return int(x.Digit) - int(y.Digit)
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, less)
	slices.SortFunc(b, less)
	return slices.Equal(a, b)
}

// Every case of every implemented technique must pass. The general finders
// (Technique.General) are used: SE's own search skips naked subsets of size
// k in units with fewer than 2k empty cells and hidden ones in units with 2k
// or fewer (the complementary subset does the same work), and it knows no
// rectangles with missing candidates (HoDoKu's "-2" variants).

func TestHoDoKuLibrary(t *testing.T) {
	cases := readReglib(t)
	type tally struct{ pass, total int }
	results := map[string]*tally{}
	for _, c := range cases {
		base := strings.SplitN(c.code, "-", 2)[0]
		tech, ok := reglibTechniques[base]
		if !ok {
			continue
		}
		r := results[c.code]
		if r == nil {
			r = &tally{}
			results[c.code] = r
		}
		r.total++
		steps := stepsOf(c.state, tech.key, tech.name)
		pass := false
		if c.fail {
			pass = len(steps) == 0
		}
		// SE's finders eliminate in one unit per step where HoDoKu takes
		// every unit the pattern shares (locked pairs, UR type 3): the steps
		// of one pattern (same cells and digits) count together.
		union := map[string][]Candidate{}
		for _, st := range steps {
			if c.fail {
				break
			}
			if (len(c.elims) > 0 && sameCandidates(st.Eliminations, c.elims)) ||
				(len(c.places) > 0 && sameCandidates(st.Placements, c.places)) {
				pass = true
				break
			}
			cells := slices.Sorted(slices.Values(st.Cells))
			key := fmt.Sprint(st.Name, cells, st.Digits)
			for _, e := range st.Eliminations {
				if !slices.Contains(union[key], e) {
					union[key] = append(union[key], e)
				}
			}
			if len(c.elims) > 0 && sameCandidates(union[key], c.elims) {
				pass = true
				break
			}
		}
		if pass {
			r.pass++
		} else if testing.Verbose() {
			t.Logf("line %d (%s): no step with the expected effects among %d", c.line, c.code, len(steps))
		}
	}
	var codes []string
	for k := range results {
		codes = append(codes, k)
	}
	sort.Strings(codes)
	pass, total := 0, 0
	for _, k := range codes {
		r := results[k]
		pass += r.pass
		total += r.total
		t.Logf("%-8s %-26s %3d/%3d", k, reglibTechniques[strings.SplitN(k, "-", 2)[0]].key, r.pass, r.total)
		if r.pass < r.total {
			t.Errorf("%s: %d of %d cases pass", k, r.pass, r.total)
		}
	}
	t.Logf("total: %d of %d cases pass", pass, total)
}
