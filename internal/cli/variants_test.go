package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Puzzles of the variant tests: xUnique has one solution under x's rules
// and as classic (so that any grader rates it); noX has several as classic
// and none under x (r1c1: its row leaves it 1, diagonal 1 holds a 1).
const (
	xUnique = "1359...824..8...3......5..9..73.4..6.4.29....91...74.83..4..2...8..219..792.53.1."
	noX     = ".23456789...............................1........................................"
	// classicUnique has one solution as classic, and breaks x's rules.
	classicUnique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
)

var jigsawRegions = filepath.Join("testdata", "puzzles", "variants", "jigsaw.regions")

// TestVariantExitCodes: the commands that take variants refuse a bad
// --variant or --regions as a bad command line (2), a puzzle that breaks
// its rules or names others than --variant's as an item's failure (1).
func TestVariantExitCodes(t *testing.T) {
	dir := t.TempDir()
	// conflict names other rules than --variant x, under which it would
	// be fine; labelled names x.
	conflict, labelled := filepath.Join(dir, "conflict.txt"), filepath.Join(dir, "labelled.txt")
	if err := os.WriteFile(conflict, []byte(classicUnique+" variant=classic\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(labelled, []byte(xUnique+" variant=x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"grade: x", []string{"grade", "--variant", "x", xUnique}, 0},
		{"hint: x", []string{"hint", "--variant", "x", xUnique}, 0},
		{"grade: no solution under x", []string{"grade", "--variant", "x", noX}, 1},
		{"hint: no solution under x", []string{"hint", "--variant", "x", noX}, 1},
		{"grade: the line names other rules", []string{"grade", "--variant", "x", conflict}, 1},
		{"hint: the line names other rules", []string{"hint", "--variant", "x", conflict}, 1},
		{"grade: unknown variant", []string{"grade", "--variant", "windoko", xUnique}, 2},
		{"hint: unknown variant", []string{"hint", "--variant", "windoko", xUnique}, 2},
		{"grade: variant twice", []string{"grade", "--variant", "x,x", xUnique}, 2},
		{"grade: jigsaw without regions", []string{"grade", "--variant", "jigsaw", xUnique}, 2},
		{"hint: regions without jigsaw", []string{"hint", "--regions", jigsawRegions, xUnique}, 2},
		{"grade: bad regions", []string{"grade", "--variant", "jigsaw", "--regions", "1234", xUnique}, 2},
		{"grade: variants that do not go together", []string{"grade", "--variant", "disjoint-groups,center-dot", xUnique}, 2},
		{"canon: x", []string{"canon", "--variant", "x", xUnique}, 0},
		{"canon: the line names other rules", []string{"canon", "--variant", "x", conflict}, 1},
		{"canon: unknown variant", []string{"canon", "--variant", "windoko", xUnique}, 2},
		{"transform: a spec that keeps x", []string{"transform", "--variant", "x", "--spec", "rot90,d=912345678", xUnique}, 0},
		{"transform: random under x", []string{"transform", "--variant", "x", "--random", "--seed", "1", xUnique}, 0},
		{"transform: a spec that does not keep x", []string{"transform", "--variant", "x", "--spec", "r=102345678", xUnique}, 2},
		{"transform: a spec that does not keep the line's rules", []string{"transform", "--spec", "r=102345678", labelled}, 1},
		{"transform: the line names other rules", []string{"transform", "--variant", "x", "--spec", "rot90", conflict}, 1},
		{"transform: jigsaw without regions", []string{"transform", "--variant", "jigsaw", "--random", xUnique}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runApp(t, "", tt.args...)
			if code != tt.want {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.want, stdout, stderr)
			}
		})
	}
}

// TestVariantRulesReachGrade: grade and hint work on the puzzle's state
// under its rules, from --variant or from the line, and their rows say
// which rules.
func TestVariantRulesReachGrade(t *testing.T) {
	for _, args := range [][]string{
		{"grade", "-f", "json", "--variant", "x", noX},
		{"hint", "-f", "json", "--variant", "x", noX},
	} {
		code, stdout, _ := runApp(t, "", args...)
		var row struct {
			Variant []string `json:"variant"`
			Status  string   `json:"status"`
		}
		if err := json.Unmarshal([]byte(stdout), &row); err != nil {
			t.Fatalf("%s: %v\n%s", args[0], err, stdout)
		}
		if code != 1 || row.Status != "unsolvable" || fmt.Sprint(row.Variant) != "[x]" {
			t.Errorf("%s --variant x: exit %d, %s %v; want 1, unsolvable [x] (as classic it has several solutions)",
				args[0], code, row.Status, row.Variant)
		}
	}
	// As classic, the same puzzle has several solutions.
	if _, stdout, _ := runApp(t, "", "grade", "-f", "json", noX); !strings.Contains(stdout, `"status":"multiple"`) {
		t.Errorf("grade as classic: %s, want multiple", stdout)
	}
}

// TestVariantSinglesRatings holds the ratings of puzzles that hidden
// singles solve (ER 1.5 at most: a hidden single in a row, a column or an
// extra house such as a diagonal rates 1.5, in a block 1.2), the first of
// each variant's file in testdata/puzzles/variants, whose label is Sukaku
// Explainer's rating: what a grader that knows the variants' houses and
// pair rules must give (issue 33). Singles-only logic, so they do not
// depend on how the harder techniques treat the variants.
func TestVariantSinglesRatings(t *testing.T) {
	variants := []string{"x", "windoku", "disjoint-groups", "asterisk", "girandola", "center-dot", "anti-knight", "anti-king", "non-consecutive"}
	for _, v := range variants {
		t.Run(v, func(t *testing.T) {
			line := firstPuzzle(t, v)
			puzzle, want, _ := strings.Cut(line, " ")
			code, stdout, stderr := runApp(t, "", "grade", "-f", "se", "--variant", v, puzzle)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if got := strings.TrimSpace(stdout); got != puzzle+" "+want+" variant="+v {
				t.Errorf("got  %s\nwant %s %s variant=%s (Sukaku Explainer's)", got, puzzle, want, v)
			}
		})
	}
}

// firstPuzzle returns the first puzzle line of a variant's file, "<puzzle>
// ED=ER/EP/ED", checking that hidden singles rate it (ER 1.5 at most).
func firstPuzzle(t *testing.T, variant string) string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "puzzles", "variants", variant+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "#") {
			var er, ep, ed float64
			if _, err := fmt.Sscanf(line[82:], "ED=%g/%g/%g", &er, &ep, &ed); err != nil || er > 1.5 {
				t.Fatalf("%s.txt: the first puzzle is not one of hidden singles: %s", variant, line)
			}
			return line
		}
	}
	t.Fatalf("%s.txt has no puzzle", variant)
	return ""
}
