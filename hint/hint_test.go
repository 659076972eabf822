package hint

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

func grader(t testing.TB, extras bool) *grade.Grader {
	t.Helper()
	cfg := config.Default()
	if extras {
		for _, tech := range techniques.All() {
			if !tech.SE {
				cfg.Techniques[tech.Key] = true
			}
		}
	}
	g, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// puzzles reads the first field of each puzzle line of a testdata set.
func puzzles(t testing.TB, name string) []sudoku.Grid {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "puzzles", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sudoku.Grid
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := sudoku.ParseGrid(strings.Fields(line)[0])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, g)
	}
	return out
}

var (
	cellName  = regexp.MustCompile(`r[1-9]c[1-9]`)
	anyDigit  = regexp.MustCompile(`[1-9]`)
	effectRef = regexp.MustCompile(`=|<>`)
)

// checkLevels checks what each level may say of a hint: level 1 no cell
// and no digit; level 2 no effect (no "=", no "<>") and no cell that the
// step places in or eliminates from.
func checkLevels(t *testing.T, where string, h Hint) {
	t.Helper()
	if one := h.At(1); cellName.MatchString(one) || anyDigit.MatchString(one) {
		t.Errorf("%s: level 1 %q names a cell or a digit", where, one)
	}
	two := h.At(2)
	if effectRef.MatchString(two) {
		t.Errorf("%s: level 2 %q gives an effect", where, two)
	}
	for _, e := range append(append([]string{}, h.Placements...), h.Eliminations...) {
		if cell := e[:4]; strings.Contains(two, cell) {
			t.Errorf("%s: level 2 %q names %s, which the step changes", where, two, cell)
		}
	}
	if !strings.HasPrefix(h.At(3), h.Name) {
		t.Errorf("%s: level 3 %q does not start with the step's name %q", where, h.At(3), h.Name)
	}
	// One name at every depth: the step's.
	for depth := Technique; depth <= Where; depth++ {
		if !strings.HasPrefix(h.At(depth), "Look for "+article(spoken(h.Name))) {
			t.Errorf("%s: depth %d %q does not name the step as depth 3 does (%q)", where, depth, h.At(depth), h.Name)
		}
	}
}

// TestSpokenNames: depths 1 and 2 say the step's name in words, with no
// digit, and the right article.
func TestSpokenNames(t *testing.T) {
	for name, want := range map[string]string{
		"Unique Rectangle type 2": "Look for a unique rectangle type two.",
		"Unique Loop 8 type 3":    "Look for a unique loop eight type three.",
		"BUG type 1":              "Look for a BUG type one.",
		"2-String Kite":           "Look for a two-string kite.",
		"Turbot Fish":             "Look for a turbot fish.",
		"XY-Wing":                 "Look for an XY-Wing.",
		"Dynamic Region Forcing Chains (+ Forcing Chains)": "Look for dynamic region forcing chains (+ forcing chains).",
	} {
		h := Of(&techniques.Step{Technique: "x", Name: name})
		if got := h.At(Technique); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// TestFirstStepIsExplainsFirst: the level-3 hint from the givens of every
// calibration puzzle is the first step of grade --explain, with SE's
// techniques alone and with the extras on.
func TestFirstStepIsExplainsFirst(t *testing.T) {
	sets := []string{"norvig-top95.se121.txt", "qqwing-sample220.se121.txt", "hardest-se.txt"}
	for _, extras := range []bool{false, true} {
		g := grader(t, extras)
		for _, set := range sets {
			if set == "hardest-se.txt" && (testing.Short() || extras) {
				// Nested chains: 1 s a puzzle; the extras do not change
				// their first step.
				continue
			}
			n := 0
			for i, p := range puzzles(t, set) {
				st := sudoku.NewState(p)
				res := g.Grade(context.Background(), st, grade.Options{Path: true})
				if !res.Status.Graded() || len(res.Path) == 0 {
					t.Fatalf("%s #%d: %v", set, i+1, res.Status)
				}
				h, err := findNext(g, st, 1)
				if err != nil {
					t.Fatalf("%s #%d: %v", set, i+1, err)
				}
				if want := res.Path[0].String(); h.At(Step) != want {
					t.Errorf("%s #%d (extras %v): hint %q, explain's first step %q", set, i+1, extras, h.At(Step), want)
				}
				checkLevels(t, set, h)
				n++
			}
			if n == 0 {
				t.Fatalf("%s: no puzzle checked", set)
			}
		}
	}
}

// TestLevelsAlongPaths checks the levels of every step of the paths of
// top95, where every technique up to dynamic chains appears, and that a
// chain's potentials are the chains its Detail writes.
func TestLevelsAlongPaths(t *testing.T) {
	g := grader(t, true)
	kinds := map[string]bool{}
	chains := 0
	for i, p := range puzzles(t, "norvig-top95.se121.txt")[:40] {
		res := g.Grade(context.Background(), sudoku.NewState(p), grade.Options{Path: true})
		for k := range res.Path {
			h := Of(&res.Path[k])
			where := h.Name
			checkLevels(t, where, h)
			kinds[h.Technique] = true
			for _, ch := range h.Chains {
				chains++
				if len(ch) < 2 {
					t.Errorf("top95 #%d step %d: chain of %d potentials", i+1, k+1, len(ch))
				}
				for _, pot := range ch {
					// Chains write the potentials themselves; XY-chains
					// and remote pairs name their cells ("r1c2(3=7)").
					if !strings.Contains(h.Detail, pot) && !strings.Contains(h.Detail, pot[:4]) {
						t.Errorf("top95 #%d step %d: potential %s not in %q", i+1, k+1, pot, h.Detail)
					}
				}
			}
		}
	}
	if chains == 0 || len(kinds) < 10 {
		t.Fatalf("checked %d chains and %d techniques: too few to mean anything", chains, len(kinds))
	}
}

// TestRegistryNamesAtLevelOne: level 1 of every technique names no digit.
func TestRegistryNamesAtLevelOne(t *testing.T) {
	for _, tech := range techniques.All() {
		h := Of(&techniques.Step{Technique: tech.Key, Name: tech.Name, Rating: tech.Ratings.Min})
		if one := h.At(1); anyDigit.MatchString(one) || !strings.HasPrefix(one, "Look for ") {
			t.Errorf("%s: level 1 is %q", tech.Key, one)
		}
	}
}

func TestNoHint(t *testing.T) {
	g := grader(t, false)
	solved := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// A wrong digit that breaks no rule: a candidate of an empty cell of
	// top95 #1 that is not the solution's.
	first := puzzles(t, "norvig-top95.se121.txt")[0]
	res := g.Grade(context.Background(), sudoku.NewState(first), grade.Options{})
	wrong := []byte(first.String())
	cands := sudoku.NewState(first).AllCandidates()
	for c := range wrong {
		if wrong[c] == '.' && cands[c].Count() > 1 {
			wrong[c] = byte('0' + cands[c].Without(int(res.Solution[c])).First())
			break
		}
	}
	cases := []struct {
		name, puzzle, status string
	}{
		{"solved", solved, "solved"},
		{"several solutions", puzzles(t, "serg-multisolution-1000.txt")[0].String(), "multiple"},
		{"no solution", string(wrong), "unsolvable"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := sudoku.ParseGrid(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Find(context.Background(), g, sudoku.NewState(p), Options{})
			var no *NoHint
			if !errors.As(err, &no) || no.Status != tc.status {
				t.Fatalf("got %v, want status %s", err, tc.status)
			}
			_, err = Find(context.Background(), g, sudoku.NewState(p), Options{All: true})
			if !errors.As(err, &no) || no.Status != tc.status {
				t.Fatalf("all: got %v, want status %s", err, tc.status)
			}
		})
	}
}

// TestAll: every step listed is sound (its eliminations and placements
// agree with the solution), the list is easiest first, and it holds the
// step Find gives without All.
func TestAll(t *testing.T) {
	g := grader(t, false)
	for i, p := range puzzles(t, "norvig-top95.se121.txt")[:20] {
		st := sudoku.NewState(p)
		all, err := Find(context.Background(), g, st, Options{All: true})
		if err != nil {
			t.Fatal(err)
		}
		next, err := findNext(g, st, 1)
		if err != nil {
			t.Fatal(err)
		}
		res := g.Grade(context.Background(), st, grade.Options{Unique: false})
		sol := res.Solution.String()
		found := false
		for k, h := range all {
			if k > 0 && all[k-1].Rating > h.Rating {
				t.Errorf("#%d: %s (%v) after %s (%v)", i+1, h.Name, h.Rating, all[k-1].Name, all[k-1].Rating)
			}
			for _, e := range h.Eliminations {
				cell := int(e[1]-'1')*9 + int(e[3]-'1')
				if sol[cell] == e[len(e)-1] {
					t.Errorf("#%d: %s eliminates the solution's %s", i+1, h.At(3), e)
				}
			}
			for _, pl := range h.Placements {
				cell := int(pl[1]-'1')*9 + int(pl[3]-'1')
				if sol[cell] != pl[len(pl)-1] {
					t.Errorf("#%d: %s places %s against the solution", i+1, h.At(3), pl)
				}
			}
			found = found || h.At(3) == next.At(3)
		}
		if !found {
			t.Errorf("#%d: the next step %q is not among the %d of All", i+1, next.At(3), len(all))
		}
	}
}

func TestUpto(t *testing.T) {
	g := grader(t, false)
	p := puzzles(t, "norvig-top95.se121.txt")[0]
	h, err := findNext(g, sudoku.NewState(p), 1)
	if err != nil {
		t.Fatal(err)
	}
	one, two := h.Upto(1), h.Upto(2)
	if one.Region != nil || one.Placements != nil || one.Eliminations != nil || one.Text[1] != "" || one.Cells != nil {
		t.Errorf("level 1 reveals more than the technique: %+v", one)
	}
	if two.Placements != nil || two.Eliminations != nil || two.Text[2] != "" || two.Region == nil {
		t.Errorf("level 2 is wrong: %+v", two)
	}
	if three := h.Upto(3); three.Text != h.Text || len(three.Cells) == 0 {
		t.Errorf("level 3 lost something: %+v", three)
	}
}

// findNext is Find's next step: exactly one hint.
func findNext(g *grade.Grader, st *sudoku.State, workers int) (Hint, error) {
	hs, err := Find(context.Background(), g, st, Options{Workers: workers})
	if err != nil {
		return Hint{}, err
	}
	if len(hs) != 1 {
		return Hint{}, fmt.Errorf("Find gave %d hints, want 1", len(hs))
	}
	return hs[0], nil
}

// TestNextWorkers: the hint at a state that needs nested forcing chains is
// the same whether its search runs on one goroutine or on three.
func TestNextWorkers(t *testing.T) {
	g := grader(t, false)
	p := puzzles(t, "hardest-se.txt")[0]
	res := g.Grade(context.Background(), sudoku.NewState(p), grade.Options{Path: true})
	st := sudoku.NewState(p)
	for i := range res.Path {
		if res.Path[i].Rating.Tenths() >= 95 {
			break
		}
		res.Path[i].ApplyTo(st)
	}
	one, err := findNext(g, st, 1)
	if err != nil {
		t.Fatal(err)
	}
	if one.Rating.Tenths() < 95 {
		t.Fatalf("the hint is %s (%v), not a nested chain", one.Name, one.Rating)
	}
	three, err := findNext(g, st, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("three workers: %s\none: %s", three.At(3), one.At(3))
	}
}

// TestVariantHouseNames checks that a hint names a step's houses as its
// rules do: a variant's houses are numbered past the 27 of classic rules.
func TestVariantHouseNames(t *testing.T) {
	x, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	st := techniques.Step{Technique: "hidden-single", Name: "Hidden Single", Rating: 1.5,
		Placements: []techniques.Candidate{{Cell: 10, Digit: 5}}, Cells: []int{10}, Units: []int{27},
		Digits: sudoku.DigitSet(5), Rules: x, Detail: "5 in diagonal 1"}
	h := Of(&st)
	if !slices.Equal(h.Units, []string{"diagonal 1"}) || !slices.Equal(h.Region, []string{"diagonal 1"}) {
		t.Errorf("units %v, region %v, want diagonal 1", h.Units, h.Region)
	}
}

// TestFindBoardBudget: the hint at a sparse 12x12 whose uniqueness check
// keeps the sized solver searching for over a minute is refused at the
// grader's budget (a NoHint of status "budget"), not searched for.
func TestFindBoardBudget(t *testing.T) {
	shape, _ := sudoku.ParseShape("12", "")
	line := "2...A7......A3......86..7...18..92B.B2......58....84.1......37..25..4.6.4B..6.1.A...6A.........................................................."
	slow, _, err := sudoku.ParseBoard(line, shape, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Budget = 100 * time.Millisecond
	g, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := FindBoard(context.Background(), g, slow)
		done <- err
	}()
	select {
	case err := <-done:
		var no *NoHint
		if !errors.As(err, &no) || no.Status != "budget" {
			t.Errorf("error %v, want a NoHint of status budget", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("still searching 20 s past a budget of 100ms")
	}
}

// TestFindBoardJigsawNakedSingle: the depth-2 hint of a naked single on a
// sized jigsaw points to its cell's region, as on a 9x9 jigsaw (it used
// to point to the cell's row). The 6x6 jigsaw was found by following the
// hints of generate's 6x6 jigsaws (BoardOptions{Jigsaw: true, Symmetry:
// None, Seed: 1}, puzzle 22) to the first naked single: r5c6, region 6.
func TestFindBoardJigsawNakedSingle(t *testing.T) {
	shape := sudoku.ShapeOf(6)
	b, _, err := sudoku.ParseBoard(".....6......6...1.........23...4..5.", shape, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	if b.Regions, err = shape.ParseRegions("111422311422331422355444355556366666"); err != nil {
		t.Fatal(err)
	}
	hs, err := FindBoard(context.Background(), grader(t, false), b)
	if err != nil {
		t.Fatal(err)
	}
	h := hs[0]
	if h.Technique != "naked-single" || !slices.Equal(h.Placements, []string{"r5c6=1"}) {
		t.Fatalf("the next step is %s %v, want the naked single r5c6=1", h.Technique, h.Placements)
	}
	if want := "Look for a naked single in region 6."; h.Text[1] != want || !slices.Equal(h.Region, []string{"region 6"}) {
		t.Errorf("depth 2 says %q (region %v), want %q", h.Text[1], h.Region, want)
	}
}
