package sudoku

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A 4x4 solution whose diagonals hold 1 to 4 (an x solution), and cages
// of two cells on it, each row cut in halves.
const (
	x4Solution = "1234341243212143"
	x4Cages    = "3<7<7<3<7<3<3<7<"
	// jig4 is a 4x4 jigsaw layout: 1112 / 3122 / 3342 / 3444.
	jig4 = "1112312233423444"
)

// readBoardRules renders what a Reader returns as "line: shape cells
// variants [label] | the label written back", an error as "line: error ...".
func readBoardRules(t *testing.T, input string, rules Rules) []string {
	t.Helper()
	rd := NewReader(strings.NewReader(input), "in")
	rd.SetRules(rules)
	var out []string
	for {
		p, err := rd.Next()
		if err == io.EOF {
			return out
		}
		var ie *InputError
		switch {
		case errors.As(err, &ie):
			out = append(out, fmt.Sprintf("%d: error %v", ie.Line, ie.Err))
		case err != nil:
			t.Fatalf("fatal error %v", err)
		case p.Board == nil:
			out = append(out, fmt.Sprintf("%d: 9x9 %s", p.Line, p.Rules))
		default:
			out = append(out, fmt.Sprintf("%d: %s %s %v %d [%s] | %s", p.Line, p.Board.Shape, p.Cells(),
				p.Board.Variants(), len(p.Board.Cages), p.Label, p.LabelWithRules()))
		}
	}
}

func TestReaderBoardRules(t *testing.T) {
	x := mustRules(t, "x", "")
	tests := []struct {
		name  string
		input string
		rules Rules // the reader's
		want  []string
	}{
		{"x in the label", p4 + " a variant=x\n", Rules{}, []string{
			"1: 4x4 " + p4 + " [x] 0 [a] | a size=4 variant=x"}},
		{"x from the reader", p6 + " box=3x2\n", x, []string{
			"1: 6x6 (3x2 boxes) " + p6 + " [x] 0 [] | size=6 box=3x2 variant=x"}},
		{"x at 16x16", strings.Repeat(".", 255) + "1 variant=x\n", Rules{}, []string{
			"1: 16x16 " + strings.Repeat(".", 255) + "1 [x] 0 [] | size=16 variant=x"}},
		{"p16 breaks x", p16 + " variant=x\n", Rules{}, []string{
			"1: error digit 3 repeated in diagonal 1: r1c1 and r14c14"}},
		{"a digit twice on a diagonal", "1..............1 variant=x\n", Rules{}, []string{
			"1: error digit 1 repeated in diagonal 1: r1c1 and r4c4"}},
		{"the other diagonal", "...2.....2...... variant=x\n", Rules{}, []string{
			"1: error digit 2 repeated in diagonal 2: r1c4 and r3c2"}},
		{"a killer", strings.Repeat(".", 16) + " variant=killer cages=" + x4Cages + "\n", Rules{}, []string{
			"1: 4x4 " + strings.Repeat(".", 16) + " [killer] 8 [] | size=4 variant=killer cages=" + x4Cages}},
		{"killer-x", x4Solution + " variant=x,killer cages=" + x4Cages + "\n", Rules{}, []string{
			"1: 4x4 " + x4Solution + " [x killer] 8 [] | size=4 variant=x,killer cages=" + x4Cages}},
		{"a cage off its sum", "12.............. variant=killer cages=4<7<7<3<7<3<3<7<\n", Rules{}, []string{
			"1: error the digits of the 4-cage at r1c1-r1c2 add up to 3"}},
		{"a digit twice in a cage", ".1....1......... variant=killer cages=050000`000000000\n", Rules{}, []string{
			"1: error digit 1 repeated in the 5-cage at r1c2-r2c3: r1c2 and r2c3"}},
		{"a sum too big for 4x4", strings.Repeat(".", 16) + " variant=killer cages=8<7<7<3<7<3<3<7<\n", Rules{}, []string{
			"1: error cage 1 (sum 8 at r1c1): no 2 distinct digits 1-4 add up to 8 (3 to 7 do)"}},
		{"a killer without cages", p4 + " variant=killer\n", Rules{}, []string{
			`1: error a killer needs its cages: a cages= field or a JSON row's "cages"`}},
		{"cages of the wrong size", p4 + " variant=killer cages=3<\n", Rules{}, []string{
			"1: error the label's cages= field: arrow format: 2 characters, want 16"}},
		{"a killer at 16x16", p16 + " variant=killer\n", Rules{}, []string{
			"1: error killer is for 4x4, 6x6, 8x8 and 9x9 puzzles, not 16x16"}},
		{"a 9x9 variant", p4 + " variant=windoku\n", Rules{}, []string{
			"1: error variant windoku is for 9x9 puzzles only: a 4x4 puzzle takes jigsaw, x and killer"}},
		{"a jigsaw", "1234............ variant=jigsaw regions=" + jig4 + "\n", Rules{}, []string{
			"1: 4x4 1234............ [jigsaw] 0 [] | size=4 variant=jigsaw regions=" + jig4}},
		{"a jigsaw-x, ids in a file's lines", "................ variant=x,jigsaw regions=" + jig4 + "\n", Rules{}, []string{
			"1: 4x4 ................ [jigsaw x] 0 [] | size=4 variant=jigsaw,x regions=" + jig4}},
		{"a digit twice in a region", "1....1.......... variant=jigsaw regions=" + jig4 + "\n", Rules{}, []string{
			"1: error digit 1 repeated in region 1: r1c1 and r2c2"}},
		{"the boxes no longer count", "..1....1........ variant=jigsaw regions=" + jig4 + "\n", Rules{}, []string{
			"1: 4x4 ..1....1........ [jigsaw] 0 [] | size=4 variant=jigsaw regions=" + jig4}},
		{"a jigsaw without regions", p4 + " variant=jigsaw\n", Rules{}, []string{
			`1: error a jigsaw needs its regions: a regions= field or a JSON row's "regions"`}},
		{"regions without jigsaw", p4 + " regions=" + jig4 + "\n", Rules{}, []string{
			"1: error a regions layout goes with the jigsaw variant only"}},
		{"a region in pieces", p4 + " variant=jigsaw regions=1112312243423443\n", Rules{}, []string{
			"1: error regions layout: region 3 is in pieces (r3c2 does not join r2c1)"}},
		{"a region too big", p4 + " variant=jigsaw regions=1112312233423441\n", Rules{}, []string{
			"1: error regions layout: region 1 has 5 cells, want 4"}},
		{"a layout of 81 at 4x4", p4 + " variant=jigsaw regions=" + strings.Repeat("1", 81) + "\n", Rules{}, []string{
			"1: error 4x4 regions layout has 81 cells, want 16 region ids 1-4, row by row"}},
		{"an id over N", p4 + " variant=jigsaw regions=1115312233423444\n", Rules{}, []string{
			"1: error regions layout: unexpected '5' at r1c4, want a region id of 16 region ids 1-4, row by row"}},
		{"jigsaw-killer", p4 + " variant=jigsaw,killer regions=" + jig4 + " cages=" + x4Cages + "\n", Rules{}, []string{
			"1: error jigsaw and killer together are for 9x9 puzzles only, not 4x4"}},
		{"a JSON jigsaw", `{"puzzle":"1234............","size":4,"variant":"jigsaw","regions":"` + jig4 + `"}` + "\n", Rules{}, []string{
			"1: 4x4 1234............ [jigsaw] 0 [] | size=4 variant=jigsaw regions=" + jig4}},
		{"a JSON jigsaw without size", `{"puzzle":"1234............","variant":"jigsaw","regions":"` + jig4 + `"}` + "\n", Rules{}, []string{
			"1: 4x4 1234............ [jigsaw] 0 [] | size=4 variant=jigsaw regions=" + jig4}},
		{"a 9x9 layout from the reader", p4 + "\n", mustRules(t, "jigsaw", strings.Repeat("1", 9)+strings.Repeat("2", 9)+strings.Repeat("3", 9)+strings.Repeat("4", 9)+strings.Repeat("5", 9)+strings.Repeat("6", 9)+strings.Repeat("7", 9)+strings.Repeat("8", 9)+strings.Repeat("9", 9)), []string{
			"1: error the reader's regions are a 9x9 layout: a 4x4 jigsaw names its own (regions=)"}},
		{"a JSON row", `{"puzzle":"` + strings.Repeat(".", 16) + `","size":4,"variant":["x","killer"],"cages":[{"sum":3,"cells":["r1c1","r1c2"]},{"sum":7,"cells":["r1c3","r1c4"]}]}` + "\n", Rules{}, []string{
			"1: 4x4 " + strings.Repeat(".", 16) + " [x killer] 2 [] | size=4 variant=x,killer cages=3<7<000000000000"}},
		{"a JSON killer with size 9", `{"puzzle":"` + strings.Repeat(".", 81) + `","size":9,"variant":"killer","cages":[{"sum":3,"cells":["r1c1","r1c2"]}]}` + "\n", Rules{}, []string{
			"1: error a 9x9 killer goes without size=9 (as a classic grid, whose rules take cages)"}},
		{"a JSON cage off the board", `{"puzzle":"` + p4 + `","size":4,"variant":"killer","cages":[{"sum":3,"cells":["r1c1","r1c5"]}]}` + "\n", Rules{}, []string{
			`1: error the row's cage 1: "r1c5" is no cell name of 4x4: want r1c1 to r4c4`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, readBoardRules(t, tt.input, tt.rules)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestBoardArrowsReadBack writes cages of 4x4 and 6x6 boards in the arrow
// format and reads them back, diagonal steps included.
func TestBoardArrowsReadBack(t *testing.T) {
	s6 := ShapeOf(6)
	tests := []struct {
		shape Shape
		cages []Cage
		want  string
	}{
		{ShapeOf(4), []Cage{{3, []int{0, 1}}, {10, []int{2, 3, 6, 7}}, {4, []int{5, 10}}}, "3<A<04^^00`00000"},
		{s6, []Cage{{21, []int{0, 1, 2, 6, 12, 18}}, {1, []int{35}}}, "L<<000^00000^00000^00000000000000001"},
	}
	for _, tt := range tests {
		got := tt.shape.FormatArrows(tt.cages)
		if got != tt.want {
			t.Errorf("%s: FormatArrows = %q, want %q", tt.shape, got, tt.want)
		}
		back, err := tt.shape.ParseArrows(got)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.cages, back); diff != "" {
			t.Errorf("%s: read back (-want +got):\n%s", tt.shape, diff)
		}
	}
}
