package canon

import (
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

var fullCheck = flag.Bool("canon.full", false,
	"compare Minlex with the brute force on every puzzle of the testdata sets and of ../shared/data/royle-17clue.txt (minutes)")

// rawGrid reads 81 characters into a grid without checking the rules:
// '0' or '.' is blank, '1'-'9' a digit, any other byte its value minus
// '0' (so ':' is 10, out of range).
func rawGrid(tb testing.TB, s string) sudoku.Grid {
	tb.Helper()
	if len(s) != 81 {
		tb.Fatalf("rawGrid: %d characters, want 81", len(s))
	}
	var g sudoku.Grid
	for i := range 81 {
		if s[i] != '.' {
			g[i] = s[i] - '0'
		}
	}
	return g
}

// sanitize blanks the cells outside 0..9, as Minlex documents.
func sanitize(g sudoku.Grid) sudoku.Grid {
	for i, v := range g {
		if v > 9 {
			g[i] = 0
		}
	}
	return g
}

// checkMinlex checks Minlex(g) against the brute force and its transform.
func checkMinlex(t *testing.T, name string, g sudoku.Grid) bool {
	t.Helper()
	form, tr := Minlex(g)
	want := sudoku.Grid(bruteMinlex(sanitize(g)))
	ok := true
	if form != want {
		t.Errorf("%s %s:\nMinlex      %s\nbrute force %s", name, Format(g), Format(form), Format(want))
		ok = false
	}
	if err := tr.Validate(); err != nil {
		t.Errorf("%s %s: transform %v: %v", name, Format(g), tr, err)
		ok = false
	} else if got := tr.Apply(g); got != form {
		t.Errorf("%s %s: transform %v gives %s, not the form %s", name, Format(g), tr, Format(got), Format(form))
		ok = false
	}
	return ok
}

// Minlex equals the brute-force smallest string on puzzles spread through
// the sets (every puzzle of them with -canon.full, which also reads the
// 49,151 puzzles of ../shared/data/royle-17clue.txt).
func TestMinlexBruteForce(t *testing.T) {
	sets := []struct {
		name string
		n    int
	}{
		{"royle-17clue-2000.txt", 100},
		{"magictour-top1465.txt", 100},
		{"forum-hardest-1106.txt", 25},
		{"serg-multisolution-1000.txt", 25},
		{"norvig-easy50.txt", 10},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			n := set.n
			if testing.Short() {
				n = 20
			}
			if *fullCheck {
				n = 0
			}
			puzzles := spread(loadSet(t, set.name), n)
			agree := 0
			for i, g := range puzzles {
				if checkMinlex(t, set.name+" #"+strconv.Itoa(i), g) {
					agree++
				}
			}
			t.Logf("%s: %d of %d equal to the brute force", set.name, agree, len(puzzles))
		})
	}
	if *fullCheck {
		t.Run("royle-17clue.txt", func(t *testing.T) {
			puzzles := loadShared(t, "royle-17clue.txt")
			agree := 0
			for i, g := range puzzles {
				if checkMinlex(t, "royle-17clue #"+strconv.Itoa(i+1), g) {
					agree++
				}
			}
			t.Logf("royle-17clue.txt: %d of %d equal to the brute force", agree, len(puzzles))
		})
	}
}

// Grids far from puzzles: blank, one clue, a solution, rule breakers,
// symmetric ones, cells out of range.
func TestMinlexEdgeCases(t *testing.T) {
	solution := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	tests := []struct {
		name, grid string
		want       string // when known by hand; else the brute force decides
	}{
		{"blank", strings.Repeat("0", 81), strings.Repeat("0", 81)},
		{"one clue", strings.Repeat("0", 40) + "7" + strings.Repeat("0", 40), strings.Repeat("0", 80) + "1"},
		{"two equal clues", "0004" + strings.Repeat("0", 76) + "4", ""},
		{"one full row", "987654321" + strings.Repeat("0", 72), ""},
		{"solution", solution, ""},
		{"solution, one cell blank", "0" + solution[1:], ""},
		{"digit twice in a row", "550000000" + strings.Repeat("0", 72), ""},
		{"two identical rows", "120000000120000000" + strings.Repeat("0", 63), ""},
		{"two identical bands", strings.Repeat("100000000020000000003000000", 2) + strings.Repeat("0", 27), ""},
		{"all ones", strings.Repeat("1", 81), strings.Repeat("1", 81)},
		{"diagonal (symmetric under transposition)", diagonal(), ""},
		{"out of range cells count as blank", ":;<" + strings.Repeat("0", 77) + "3", strings.Repeat("0", 80) + "1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := rawGrid(t, tc.grid)
			if tc.want != "" {
				if got := Key(g); got != tc.want {
					t.Errorf("Key = %s, want %s", got, tc.want)
				}
			}
			if testing.Short() && tc.want != "" {
				return // the brute force takes a second on these
			}
			checkMinlex(t, tc.name, g)
		})
	}
}

// diagonal is 1..9 on the main diagonal.
func diagonal() string {
	b := []byte(strings.Repeat("0", 81))
	for i := range 9 {
		b[i*10] = byte('1' + i)
	}
	return string(b)
}

// The form is invariant under random isomorphs, the transform returned
// maps the input onto it, and the form is its own form.
func TestMinlexInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	var puzzles []sudoku.Grid
	for _, name := range []string{"royle-17clue-2000.txt", "magictour-top1465.txt", "forum-hardest-1106.txt", "serg-multisolution-1000.txt"} {
		puzzles = append(puzzles, spread(loadSet(t, name), 100)...)
	}
	for i, p := range puzzles {
		form, _ := Minlex(p)
		if again, _ := Minlex(form); again != form {
			t.Errorf("puzzle %d: the form %s has the form %s", i, Format(form), Format(again))
		}
		for range 5 {
			tr := Random(rng)
			q := tr.Apply(p)
			formQ, back := Minlex(q)
			if formQ != form {
				t.Errorf("puzzle %d %s, transform %v:\nform of the isomorph %s\nform of the puzzle   %s", i, p, tr, Format(formQ), Format(form))
			}
			if got := back.Apply(q); got != formQ {
				t.Errorf("puzzle %d, transform %v: the returned transform %v gives %s, not the form", i, tr, back, Format(got))
			}
			// Composing: p -> q -> form is one isomorphism mapping p onto its form.
			if got := tr.Then(back).Apply(p); got != form {
				t.Errorf("puzzle %d: composed transform gives %s, not the form", i, Format(got))
			}
		}
	}
}

// The smallest string is not the pattern-first form. On magictour's
// puzzle #5 the pattern-first form has the smaller clue pattern in row 8
// ("100000000" against "100000001"), but the minlex form is smaller at
// cell 63 of row 8 ('2' against '9'). Do not optimise Minlex into
// minimising the pattern first.
func TestMinlexIsNotPatternFirst(t *testing.T) {
	const (
		puzzle       = "5..7..6....38...........2..62.4............917............35.8.4.....1......9...."
		minlex       = "000000001000000023004056000000003000007000000058010400000780900200000006900000000"
		patternFirst = "000000001000000023004056000000003000007000000058010400000780900900000000200000006"
	)
	g := mustGrid(t, puzzle)
	if got := Key(g); got != minlex {
		t.Fatalf("Key = %s, want %s", got, minlex)
	}
	// The pattern-first string is an isomorph of the puzzle, with a
	// smaller pattern and a larger string: not a form Minlex may return.
	pf := mustGrid(t, patternFirst)
	if got := Key(pf); got != minlex {
		t.Errorf("the pattern-first string is not an isomorph: its Key is %s", got)
	}
	if pattern(patternFirst) >= pattern(minlex) || patternFirst <= minlex {
		t.Errorf("want the pattern-first string to have the smaller pattern and the larger string")
	}
	// and the independent pattern-first search in the test finds it
	if got := Format(sudoku.Grid(patternFirstForm(g))); got != patternFirst {
		t.Errorf("pattern-first search gives %s, want %s", got, patternFirst)
	}
}

// On a sample, count how often the pattern-first form differs (a
// measure for the record, with a floor so that a broken comparison shows).
func TestPatternFirstDiffers(t *testing.T) {
	for _, name := range []string{"royle-17clue-2000.txt", "magictour-top1465.txt"} {
		puzzles := spread(loadSet(t, name), 50)
		differ := 0
		for _, g := range puzzles {
			form, _ := Minlex(g)
			if sudoku.Grid(patternFirstForm(g)) != form {
				differ++
			}
		}
		t.Logf("%s: the pattern-first form differs on %d of %d", name, differ, len(puzzles))
		if differ == 0 {
			t.Errorf("%s: the pattern-first form never differs; the test search is broken", name)
		}
	}
}

// pattern maps a form to its clue pattern, '0' blank and '1' a clue.
func pattern(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c != '0' {
			b[i] = '1'
		}
	}
	return string(b)
}

func TestKeyAndFormat(t *testing.T) {
	g := mustGrid(t, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	if got, want := Format(g), "400030000000600800000000001000050090080000600070200000000102700503000040900000000"; got != want {
		t.Errorf("Format = %s, want %s", got, want)
	}
	form, _ := Minlex(g)
	if Key(g) != Format(form) {
		t.Errorf("Key %s is not Format of the form %s", Key(g), Format(form))
	}
	if Key(g) == Format(g) {
		t.Errorf("Key(g) == Format(g): the puzzle is not in its canonical form")
	}
	var odd sudoku.Grid
	odd[0] = 12
	if got := Format(odd)[:2]; got != "?0" {
		t.Errorf("Format of an out-of-range cell = %q, want \"?0\"", got)
	}
}

// Minlex is safe for concurrent use (run with -race).
func TestMinlexConcurrent(t *testing.T) {
	puzzles := spread(loadSet(t, "magictour-top1465.txt"), 200)
	want := make([]sudoku.Grid, len(puzzles))
	for i, p := range puzzles {
		want[i], _ = Minlex(p)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := range 4 {
		wg.Go(func() {
			for j := range puzzles {
				i := (j + 50*w) % len(puzzles)
				if got, _ := Minlex(puzzles[i]); got != want[i] {
					errs <- Format(puzzles[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for p := range errs {
		t.Errorf("concurrent Minlex differs on %s", p)
	}
}

// Gordon Royle's 49,151 17-clue puzzles are pairwise non-isomorphic: they
// must have 49,151 distinct keys, and a random isomorph of each must have
// its key (from ../shared/data, about a second).
func TestKeyRoyleAll(t *testing.T) {
	puzzles := loadShared(t, "royle-17clue.txt")
	rng := rand.New(rand.NewPCG(15, 6))
	keys := make(map[string]int, len(puzzles))
	for i, g := range puzzles {
		k := Key(g)
		if j, dup := keys[k]; dup {
			t.Errorf("puzzles %d and %d have the same key %s", j+1, i+1, k)
		}
		keys[k] = i
		tr := Random(rng)
		if got := Key(tr.Apply(g)); got != k {
			t.Errorf("puzzle %d %s under %v: key %s, want %s", i+1, g, tr, got, k)
		}
	}
	if len(keys) != 49151 {
		t.Errorf("%d distinct keys, want 49151", len(keys))
	}
}
