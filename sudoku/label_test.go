package sudoku

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestReaderRules(t *testing.T) {
	xLine := ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8."
	bad := "4...4" + strings.Repeat(".", 76) // 4 at r1c1 and r1c5
	diag := "4" + strings.Repeat(".", 39) + "4" + strings.Repeat(".", 40)
	one := "1" + strings.Repeat(".", 80)
	// x.txt's first puzzle's solution: 81 digits 1-9, nine of each, no
	// two neighbours alike.
	xSolution := "986471253751239864432856179328647591694185732517923648175398426849762315263514987"
	tests := []struct {
		name, input string
		want        []string // "line rules label" or "error ..."
	}{
		{"a label field", xLine + " ED=1.5/1.2/1.2 variant=x\n", []string{"1 x [ED=1.5/1.2/1.2]"}},
		{"fields anywhere", one + " variant=jigsaw,x id7 regions=" + jigsawLayout + "\n", []string{"1 jigsaw,x [id7]"}},
		{"checked under its rules", diag + " variant=x\n" + diag + "\n",
			[]string{"error in.txt:1: digit 4 repeated in diagonal 1: r1c1 and r5c5", "2 classic"}},
		{"classic conflicts first", bad + " variant=x\n", []string{"error in.txt:1: digit 4 repeated in row 1: r1c1 and r1c5"}},
		{"unknown variant", xLine + " variant=xx\n" + xLine + "\n",
			[]string{`error in.txt:1: unknown variant "xx" (did you mean "x"?); known: ` + strings.Join(VariantNames(), ", "), "2 classic"}},
		{"regions without jigsaw", xLine + " regions=" + jigsawLayout + "\n", []string{"error in.txt:1: the label has a regions= field but no variant=jigsaw"}},
		{"two fields", xLine + " variant=x variant=x\n", []string{"error in.txt:1: the label has two variant fields"}},
		{"json row", `{"puzzle":"` + one + `","variant":["anti-knight","x"],"label":"a"}` + "\n", []string{"1 x,anti-knight [a]"}},
		{"json row, a string", `{"puzzle":"` + xLine + `","variant":"x"}` + "\n", []string{"1 x"}},
		{"json row, jigsaw", `{"puzzle":"` + one + `","variant":["jigsaw"],"regions":"` + jigsawLayout + `"}` + "\n", []string{"1 jigsaw"}},
		{"json row, bad", `{"puzzle":"` + xLine + `","variant":["jigsaw"]}` + "\n", []string{"error in.txt:1: jigsaw needs its regions layout: 81 region ids 1-9, row by row"}},
		{"json row, conflict", `{"puzzle":"` + diag + `","variant":["x"]}` + "\n", []string{"error in.txt:1: digit 4 repeated in diagonal 1: r1c1 and r5c5"}},
		{"csv row", "puzzle,label\n" + xLine + ",variant=x\n", []string{"2 x"}},
		{"a title", "Grid 1 variant=anti-king\n" + strings.Repeat(".........\n", 9), []string{"2 anti-king [Grid 1]"}},
		// A jigsaw's layout as the line's second field.
		{"layout field", one + " " + jigsawLayout + " ED=2.0/1.2/1.2\n", []string{"1 jigsaw [ED=2.0/1.2/1.2]"}},
		{"layout field alone", one + "\t" + jigsawLayout + "\n", []string{"1 jigsaw"}},
		{"layout field and variants", one + " " + jigsawLayout + " variant=x id\n" + one + " " + jigsawLayout + " variant=x,jigsaw\n",
			[]string{"1 jigsaw,x [id]", "2 jigsaw,x"}},
		{"layout field, checked", diag + " " + jigsawLayout + "\n" + "4.........4" + strings.Repeat(".", 70) + " " + jigsawLayout + "\n",
			[]string{"1 jigsaw", "error in.txt:2: digit 4 repeated in region 1: r1c1 and r2c2"}},
		{"a solution is no layout", one + " " + xSolution + " id\n", []string{"1 classic [" + xSolution + " id]"}},
		{"nor a field elsewhere", one + " id " + jigsawLayout + "\n", []string{"1 classic [id " + jigsawLayout + "]"}},
		{"layout field, broken", one + " " + strings.Replace(jigsawLayout, "1", "2", 1) + "\n",
			[]string{"error in.txt:1: regions layout: region 1 has 8 cells, want 9"}},
		{"layout field and regions=", one + " " + jigsawLayout + " regions=" + jigsawLayout + "\n",
			[]string{"error in.txt:1: the line gives a jigsaw layout after the puzzle and a regions= field: give one"}},
		{"layout field and disjoint groups", one + " " + jigsawLayout + " variant=disjoint-groups\n",
			[]string{"error in.txt:1: variants jigsaw and disjoint-groups do not go together: disjoint groups are places inside the boxes, which jigsaw's regions replace"}},
		{"sdk metadata", "#Did7 variant=x\n#Leasy\n" + strings.Repeat(".........\n", 9),
			[]string{"3 x [description: id7; level: easy]"}},
		{"sdk metadata, the rules alone", "#Dvariant=x\n#Leasy\n" + strings.Repeat(".........\n", 9),
			[]string{"3 x [level: easy]"}},
		{"opensudoku note", "<opensudoku>\n<name>n</name>\n<game data=\"" + strings.Repeat("0", 81) + "\" note=\"ED=1.2/1.2/1.2 variant=anti-king\"/>\n" +
			"<game data=\"" + strings.Repeat("0", 81) + "\" note=\"variant=xx\"/>\n</opensudoku>\n",
			[]string{"3 anti-king [n]", `error in.txt:4: unknown variant "xx" (did you mean "x"?); known: ` + strings.Join(VariantNames(), ", ")}},
		{"layout field, a csv label", "puzzle,label\n" + one + "," + jigsawLayout + "\n", []string{"2 jigsaw"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := NewReader(strings.NewReader(tt.input), "in.txt")
			var got []string
			for p, err := range rd.All() {
				if err != nil {
					got = append(got, "error "+err.Error())
					continue
				}
				s := fmt.Sprintf("%d %s", p.Line, p.Rules)
				if p.Label != "" {
					s += " [" + p.Label + "]"
				}
				got = append(got, s)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestReaderSetRules(t *testing.T) {
	diag := "4" + strings.Repeat(".", 39) + "4" + strings.Repeat(".", 40)
	rd := NewReader(strings.NewReader(diag+"\n"+diag+" variant=anti-king\n"), "in.txt")
	rd.SetRules(mustRules(t, "x", ""))
	_, err := rd.Next()
	if err == nil || !strings.Contains(err.Error(), "diagonal 1") {
		t.Errorf("a puzzle without its own rules: %v, want the reader's (x) conflict", err)
	}
	p, err := rd.Next()
	if err != nil || p.Rules.String() != "anti-king" {
		t.Errorf("a puzzle with its own rules: %v %v, want anti-king", p.Rules, err)
	}
}

func TestLabelWithRules(t *testing.T) {
	x := mustRules(t, "x", "")
	if got := mustRules(t, "anti-knight,x", "").Label(); got != "variant=x,anti-knight" {
		t.Errorf("Label() = %q", got)
	}
	if got := mustRules(t, "x,jigsaw", jigsawLayout).Label(); got != "variant=jigsaw,x regions="+jigsawLayout {
		t.Errorf("Label() = %q", got)
	}
	if got := (Rules{}).Label(); got != "" {
		t.Errorf("classic Label() = %q", got)
	}
	tests := []struct {
		p    Puzzle
		want string
	}{
		{Puzzle{Label: "ED=1.5/1.2/1.2"}, "ED=1.5/1.2/1.2"},
		{Puzzle{Label: "ED=1.5/1.2/1.2", Rules: x}, "ED=1.5/1.2/1.2 variant=x"},
		{Puzzle{Rules: x}, "variant=x"},
	}
	for _, tt := range tests {
		if got := tt.p.LabelWithRules(); got != tt.want {
			t.Errorf("LabelWithRules() = %q, want %q", got, tt.want)
		}
		// It reads back as the same rules and label.
		rules, rest, _, err := rulesFromLabel(tt.want)
		if err != nil || !rules.Equal(tt.p.Rules) || rest != tt.p.Label {
			t.Errorf("%q reads back as %v %q %v", tt.want, rules, rest, err)
		}
	}
}
