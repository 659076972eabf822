package server

import (
	"bufio"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// variantsDir holds the variant puzzles of the tests, a file per variant.
const variantsDir = "../../testdata/puzzles/variants"

// variantPuzzle returns the puzzle (81 cells) of the first line of a
// variant's file that holds one.
func variantPuzzle(t testing.TB, variant string) string {
	t.Helper()
	f, err := os.Open(filepath.Join(variantsDir, variant+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			return strings.Fields(line)[0]
		}
	}
	t.Fatalf("no puzzle in %s.txt", variant)
	return ""
}

// jigsawRegions returns the layout of the jigsaw test puzzles, 81 ids.
func jigsawRegions(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(variantsDir, "jigsaw.regions"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for line := range strings.Lines(string(data)) {
		if !strings.HasPrefix(line, "#") {
			b.WriteString(strings.TrimSpace(line))
		}
	}
	return b.String()
}

// rulesJSON writes a request's rule fields: `"variant": [...]` and, for a
// jigsaw, `"regions": "..."`.
func rulesJSON(variants []string, regions string) string {
	v, _ := json.Marshal(variants)
	s := `"variant": ` + string(v)
	if regions != "" {
		s += `, "regions": "` + regions + `"`
	}
	return s
}

// withCells returns an empty grid with digits at cells: "r1c1=5 r5c5=5".
func withCells(placements string) string {
	b := []byte(strings.Repeat(".", 81))
	for _, p := range strings.Fields(placements) {
		b[int(p[1]-'1')*9+int(p[3]-'1')] = p[5]
	}
	return string(b)
}

// TestSolveUnderVariants: every variant's puzzles, given with the rules in
// the request's fields or in the puzzle's label, are solved under them:
// one solution, the general solver's, and the answer echoes the rules.
// As classic puzzles they have several solutions (or none).
func TestSolveUnderVariants(t *testing.T) {
	ts := newTestServer(t, Options{})
	regions := jigsawRegions(t)
	for _, variant := range nonKillerVariants() {
		t.Run(variant, func(t *testing.T) {
			puzzle, layout := variantPuzzle(t, variant), ""
			if variant == "jigsaw" {
				layout = regions
			}
			rules, err := sudoku.ParseRules(variant, layout)
			if err != nil {
				t.Fatal(err)
			}
			g := gridUnder(t, puzzle, rules)
			want, ok := solve.For(rules).Solve(g)
			if !ok {
				t.Fatalf("the library finds no solution")
			}
			label := rules.Label()
			for _, body := range []string{
				`{"puzzle": "` + puzzle + `", ` + rulesJSON([]string{variant}, layout) + `}`,
				`{"puzzle": "` + puzzle + ` ` + label + `"}`,
			} {
				code, got, _ := post(t, ts, "/api/v1/solve", body)
				if code != 200 || got["status"] != "unique" || got["solution"] != want.String() {
					t.Errorf("%s: %d %v, want unique %s", body, code, got, want)
				}
				if v, _ := json.Marshal(got["variant"]); string(v) != `["`+variant+`"]` || got["regions"] != nilIfEmpty(layout) {
					t.Errorf("%s: the answer's rules are %s %v", body, v, got["regions"])
				}
			}
			_, classic, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+puzzle+`"}`)
			if classic["status"] == "unique" && classic["solution"] == want.String() {
				t.Errorf("as a classic puzzle it has the same one solution: the test shows nothing")
			}
		})
	}
}

// readUnder reads a puzzle's grid under rules.
func readUnder(puzzle string, rules sudoku.Rules) (sudoku.Grid, error) {
	rd := sudoku.NewReader(strings.NewReader(puzzle), "test")
	rd.SetRules(rules)
	p, err := rd.Next()
	return p.Grid, err
}

// gridUnder reads a puzzle's grid under rules, which it keeps.
func gridUnder(t testing.TB, puzzle string, rules sudoku.Rules) sudoku.Grid {
	t.Helper()
	g, err := readUnder(puzzle, rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// nilIfEmpty is what a decoded answer holds for an omitted string.
func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// TestVariantConflicts: digits that break a variant's rule (and no
// classic one) are the request's mistake, named as the library names it.
func TestVariantConflicts(t *testing.T) {
	ts := newTestServer(t, Options{})
	for _, tc := range []struct {
		variant, cells, want string
	}{
		{"x", "r1c1=5 r5c5=5", "digit 5 repeated in diagonal 1: r1c1 and r5c5"},
		{"x", "r1c9=5 r9c1=5", "digit 5 repeated in diagonal 2: r1c9 and r9c1"},
		{"windoku", "r2c2=3 r4c4=3", "digit 3 repeated in window 1: r2c2 and r4c4"},
		{"anti-knight", "r3c4=7 r5c5=7", "r3c4 and r5c5 are a knight's move apart and both hold 7"},
		{"non-consecutive", "r1c3=4 r1c4=5", "r1c3 and r1c4 are neighbours holding 4 and 5"},
	} {
		puzzle := withCells(tc.cells)
		for _, path := range []string{"/api/v1/solve", "/api/v1/grade", "/api/v1/hint", "/api/v1/candidates"} {
			code, got, _ := post(t, ts, path, `{"puzzle": "`+puzzle+`", "variant": ["`+tc.variant+`"]}`)
			if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, tc.want) {
				t.Errorf("%s %s %s: %d %q, want 400 %q", path, tc.variant, tc.cells, code, msg, tc.want)
			}
		}
		if code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+puzzle+`"}`); code != 200 {
			t.Errorf("%s as classic: %d %v, want 200", tc.cells, code, got)
		}
	}
}

// TestRulesFieldErrors: bad rule fields are answered 400 with the
// library's words and the field's name, on every endpoint that takes
// them.
func TestRulesFieldErrors(t *testing.T) {
	ts := newTestServer(t, Options{})
	regions := jigsawRegions(t)
	for _, tc := range []struct {
		fields, want string
	}{
		{`"variant": ["xx"]`, `field "variant": unknown variant "xx" (did you mean "x"?)`},
		{`"variant": ["x", "x"]`, `field "variant": variant x given twice`},
		{`"variant": ["disjoint-groups", "center-dot"]`, `field "variant": variants disjoint-groups and center-dot do not go together`},
		{`"variant": ["classic", "x"]`, `field "variant": classic is the rules without variants`},
		{`"variant": [""]`, `field "variant": name 1 is empty`},
		{`"variant": ["x,anti-knight"]`, `field "variant": name 1 (13 characters) is no variant name`},
		{`"variant": ["` + strings.Repeat("x", 5000) + `"]`, `field "variant": name 1 (5000 characters) is no variant name`},
		{`"variant": "x"`, `field "variant" must be a list, not string`},
		{`"variant": [1]`, `field "variant" must be a string, not number`},
		{`"regions": 5`, `field "regions" must be a string, not number`},
		{`"variant": ["jigsaw"]`, `field "regions": jigsaw needs its regions layout`},
		{`"regions": "` + regions + `"`, `field "regions": a regions layout goes with the jigsaw variant only`},
		{`"variant": ["jigsaw"], "regions": "` + regions[:80] + `"`, `field "regions": regions layout has 80 cells`},
		{`"variant": ["jigsaw"], "regions": "2` + regions[1:8] + `1` + regions[9:] + `"`, `field "regions": regions layout: region 1 is in pieces`},
		{`"variant": ["jigsaw", "disjoint-groups"], "regions": "` + regions + `"`, `do not go together`},
	} {
		for _, ep := range []struct{ path, body string }{
			{"/api/v1/solve", `"puzzle": "` + top95First + `"`},
			{"/api/v1/grade", `"puzzle": "` + top95First + `"`},
			{"/api/v1/hint", `"puzzle": "` + top95First + `"`},
			{"/api/v1/candidates", `"puzzle": "` + top95First + `"`},
			{"/api/v1/rules", ``},
			{"/api/v1/generate", `"level": "easy"`},
			{"/api/v1/print", `"puzzles": ["` + top95First + `"]`},
		} {
			if ep.path == "/api/v1/generate" && tc.fields == `"variant": ["jigsaw"]` {
				continue // generate draws a random layout per puzzle (TestGenerateAndPrintVariants)
			}
			body := `{` + tc.fields + `}`
			if ep.body != "" {
				body = `{` + ep.body + `, ` + tc.fields + `}`
			}
			code, got, _ := post(t, ts, ep.path, body)
			msg, _ := got["error"].(string)
			if code != 400 || !strings.Contains(msg, tc.want) || len(msg) > 1000 {
				t.Errorf("%s %.80s: %d %.300q, want 400 %q", ep.path, tc.fields, code, msg, tc.want)
			}
		}
	}
}

// TestCandidatesUnderRules: the candidates endpoint answers the library's
// candidates under the request's rules, for every variant's puzzles; a
// jigsaw's come from its regions, not the boxes.
func TestCandidatesUnderRules(t *testing.T) {
	ts := newTestServer(t, Options{})
	regions := jigsawRegions(t)
	for _, variant := range append(nonKillerVariants(), "x,anti-knight", "windoku,x", "jigsaw,x") {
		layout := ""
		if strings.HasPrefix(variant, "jigsaw") {
			layout = regions
		}
		rules, err := sudoku.ParseRules(variant, layout)
		if err != nil {
			t.Fatal(err)
		}
		puzzle := variantPuzzle(t, strings.Split(variant, ",")[0])
		g, err := readUnder(puzzle, rules)
		if err != nil {
			continue // a puzzle of one variant may break another's rule
		}
		code, got, _ := post(t, ts, "/api/v1/candidates", `{"puzzle": "`+puzzle+`", `+rulesJSON(strings.Split(variant, ","), layout)+`}`)
		if code != 200 {
			t.Fatalf("%s: %d %v", variant, code, got)
		}
		cands, _ := got["candidates"].([]any)
		want := rules.Candidates(g)
		classic := g.Candidates()
		if len(cands) != 81 {
			t.Fatalf("%s: %d candidate fields", variant, len(cands))
		}
		differ := false
		for i, c := range cands {
			if c != want[i].String() {
				t.Errorf("%s: %s has candidates %v, want %s", variant, sudoku.CellName(i), c, want[i])
			}
			differ = differ || want[i] != classic[i]
		}
		if !differ {
			t.Errorf("%s: the rules rule out no candidate of %s: the test shows nothing", variant, puzzle)
		}
	}
	// Pencil marks are kept, less what the rules rule out.
	marks := make([]string, 81)
	for i := range marks {
		marks[i] = "123456789"
	}
	marks[1] = "12"
	marks[0], marks[40] = "5", "(5)"
	_, got, _ := post(t, ts, "/api/v1/candidates", `{"puzzle": "`+strings.Join(marks, " ")+`"}`)
	if c, _ := got["candidates"].([]any); len(c) != 81 || c[1] != "12" || c[40] != "5" {
		t.Errorf("pencil marks, classic: %v", got)
	}
	code, got, _ := post(t, ts, "/api/v1/candidates", `{"puzzle": "`+strings.Join(marks, " ")+`", "variant": ["x"]}`)
	if msg, _ := got["error"].(string); code != 400 || !strings.Contains(msg, "r5c5 has no candidate") {
		t.Errorf("pencil marks under x: %d %v, want r5c5 without candidates", code, got)
	}
}

// TestRulesEndpoint: the rules as data: their houses by name and cells,
// their pair rules with the pairs of cells they tie, their words; classic
// when no variant is given.
func TestRulesEndpoint(t *testing.T) {
	ts := newTestServer(t, Options{})
	regions := jigsawRegions(t)
	type house struct {
		Name, Kind string
		Cells      []string
	}
	type pair struct {
		Rule, Text  string
		Differences []int
		Cells       [][2]string
	}
	type answer struct {
		Variant []string
		Regions string
		Label   string
		Rules   []string
		Houses  []house
		Pairs   []pair
		Error   string
	}
	ask := func(fields string) answer {
		t.Helper()
		resp, err := ts.Client().Post(ts.URL+"/api/v1/rules", "application/json", strings.NewReader("{"+fields+"}"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var a answer
		if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %v %+v", fields, resp.StatusCode, err, a)
		}
		return a
	}
	names := func(a answer) []string {
		var out []string
		for _, h := range a.Houses[27:] {
			out = append(out, h.Name)
		}
		return out
	}

	classic := ask(``)
	if len(classic.Variant) != 0 || classic.Label != "" || len(classic.Houses) != 27 || len(classic.Pairs) != 0 ||
		classic.Houses[18].Name != "block 1" || !slices.Equal(classic.Houses[18].Cells, []string{"r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"}) {
		t.Errorf("classic: %+v", classic)
	}

	x := ask(`"variant": ["anti-knight", "x"]`)
	if !slices.Equal(x.Variant, []string{"x", "anti-knight"}) || x.Label != "variant=x,anti-knight" ||
		!slices.Equal(names(x), []string{"diagonal 1", "diagonal 2"}) ||
		!slices.Equal(x.Houses[27].Cells, []string{"r1c1", "r2c2", "r3c3", "r4c4", "r5c5", "r6c6", "r7c7", "r8c8", "r9c9"}) ||
		x.Houses[28].Kind != "diagonal" || len(x.Rules) != 2 {
		t.Errorf("x, anti-knight: %+v", x)
	}
	if len(x.Pairs) != 1 || x.Pairs[0].Rule != "anti-knight" || !slices.Equal(x.Pairs[0].Differences, []int{0}) ||
		len(x.Pairs[0].Cells) != 224 || x.Pairs[0].Cells[0] != [2]string{"r1c1", "r2c3"} {
		t.Errorf("anti-knight's pairs: %+v", x.Pairs)
	}

	nc := ask(`"variant": ["non-consecutive", "anti-king"]`)
	if len(nc.Pairs) != 2 || nc.Pairs[0].Rule != "anti-king" || len(nc.Pairs[0].Cells) != 272 ||
		nc.Pairs[1].Rule != "non-consecutive" || !slices.Equal(nc.Pairs[1].Differences, []int{1}) || len(nc.Pairs[1].Cells) != 144 ||
		!strings.Contains(nc.Pairs[1].Text, "consecutive") {
		t.Errorf("non-consecutive, anti-king: %+v", nc.Pairs)
	}

	jig := ask(`"variant": ["jigsaw"], "regions": "` + regions + `"`)
	if jig.Regions != regions || jig.Houses[18].Name != "region 1" || jig.Houses[18].Kind != "region" ||
		!slices.Equal(jig.Houses[18].Cells, []string{"r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6", "r2c1", "r2c2", "r3c1"}) ||
		jig.Label != "variant=jigsaw regions="+regions {
		t.Errorf("jigsaw: %+v", jig.Houses[18:27])
	}

	for _, tc := range []struct {
		variant string
		houses  []string
	}{
		{"windoku", []string{"window 1", "window 2", "window 3", "window 4", "window group 1", "window group 2", "window group 3", "window group 4", "window group 5"}},
		{"asterisk", []string{"asterisk"}},
		{"girandola", []string{"girandola"}},
		{"center-dot", []string{"centre dot"}},
	} {
		if got := names(ask(`"variant": ["` + tc.variant + `"]`)); !slices.Equal(got, tc.houses) {
			t.Errorf("%s: houses %v, want %v", tc.variant, got, tc.houses)
		}
	}
}

// TestVariantsEndpoint lists the variants with their rules in words.
func TestVariantsEndpoint(t *testing.T) {
	ts := newTestServer(t, Options{})
	resp, err := ts.Client().Get(ts.URL + "/api/v1/variants")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []struct{ Name, Rule string }
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range list {
		names = append(names, v.Name)
		if v.Rule == "" {
			t.Errorf("%s has no rule", v.Name)
		}
	}
	if !slices.Equal(names, sudoku.VariantNames()) {
		t.Errorf("variants %v, want %v", names, sudoku.VariantNames())
	}
}

// nonKillerVariants are the variants whose puzzles testdata has by name:
// all but killer (killers_test.go).
func nonKillerVariants() []string {
	return slices.DeleteFunc(sudoku.VariantNames(), func(name string) bool { return name == "killer" })
}

// nearlySolvedX is the solution of x.txt's second puzzle with a unique
// rectangle blanked, r1c8 r1c9 r6c8 r6c9 (2 and 8): as a classic puzzle
// it has two solutions, under x one, as diagonal 2 already holds the 8
// that r1c9 would need to swap.
const nearlySolvedX = "1359467..4698721352781356498273145965462983719135674..351489267684721953792653814"

// TestGradeAndHintUnderRules: grade and hint work on the puzzle's state
// under the request's rules (the state carries them to the library): a
// puzzle with two classic solutions and one under x is rated and hinted
// under x, refused as classic, and the answers echo the rules.
func TestGradeAndHintUnderRules(t *testing.T) {
	ts := newTestServer(t, Options{})
	const solution = "135946782469872135278135649827314596546298371913567428351489267684721953792653814"
	for _, tc := range []struct {
		name, puzzle, fields string
		rated                bool
	}{
		{"x", nearlySolvedX, `, "variant": ["x"]`, true},
		{"x by label", nearlySolvedX + " variant=x", ``, true},
		{"classic", nearlySolvedX, ``, false},
	} {
		body := `{"puzzle": "` + tc.puzzle + `"` + tc.fields + `, "path": true}`
		code, got, _ := post(t, ts, "/api/v1/grade", body)
		variant, _ := json.Marshal(got["variant"])
		switch {
		case code != 200:
			t.Errorf("%s: grade: %d %v", tc.name, code, got)
		case tc.rated && (got["status"] != "rated" || string(variant) != `["x"]` || got["path"] == nil):
			t.Errorf("%s: grade: %v, want rated under x with its path", tc.name, got)
		case !tc.rated && (got["status"] != "multiple" || got["variant"] != nil):
			t.Errorf("%s: grade: %v, want several solutions, classic", tc.name, got)
		}

		body = strings.Replace(body, `"path": true`, `"depth": 3`, 1)
		code, got, _ = post(t, ts, "/api/v1/hint", body)
		variant, _ = json.Marshal(got["variant"])
		h, _ := got["hint"].(map[string]any)
		switch {
		case code != 200:
			t.Errorf("%s: hint: %d %v", tc.name, code, got)
		case tc.rated && (h == nil || string(variant) != `["x"]`):
			t.Errorf("%s: hint: %v, want a hint under x", tc.name, got)
		case tc.rated:
			placements, _ := h["placements"].([]any)
			for _, p := range placements {
				s := p.(string) // r1c8=8
				if cell := int(s[1]-'1')*9 + int(s[3]-'1'); solution[cell] != s[5] {
					t.Errorf("%s: the hint places %s, the solution holds %c", tc.name, s, solution[cell])
				}
			}
			if len(placements) == 0 && h["eliminations"] == nil {
				t.Errorf("%s: the hint changes nothing: %v", tc.name, h)
			}
		case got["status"] != "multiple":
			t.Errorf("%s: hint: %v, want several solutions", tc.name, got)
		}
	}
}

// xyWingAntiKnight is a candidate state under anti-knight whose next step
// is an XY-wing that rules 4 out of r1c2, r1c4 and r3c2 by knight's moves
// from its wings (testdata/script/variant_hint_reasons.txtar).
const xyWingAntiKnight = ".234...891234....91.34.6.891..4....912.4....9....5.....234.6.........7...2.4...8.....5.78..2.4.........5.78....4.6....2...6.....3..........5..8.1................9.2345...91234....91.3456..9......7..1..4....9.......8..234.........56....2.45......3...7..1.3......1.....7......5...9....5..89...4............89.2............6........6..........8....4....9.2.........3............7..1..45...9....5...91..45.......4....9....5.....2.......1....6..91....6.891....6..9......7.....4...89..3......1..............7.....45...9...4...89...456..9.2...6..9.2.456.89..3.......2.45..8..234...89.....6.....34...891..45..891..45.7.912......912.45..89...45..8912.45.78..2.45..89.2.4....9...45..89..3......1..4567.912...6..912.456.89...456.8912.45.78."

// TestHintReasons: a hint's eliminations that a variant's pair rule (not a
// row, column or box) ties to the pattern say why in "reasons", at depth 3
// only; the hints of classic puzzles have no "reasons".
func TestHintReasons(t *testing.T) {
	ts := newTestServer(t, Options{})
	want := map[string]any{"r1c2<>4": "knight's move from r2c4", "r1c4<>4": "knight's move from r2c2",
		"r3c2<>4": "knight's move from r2c4"}
	for _, tc := range []struct {
		name, body string
		reasons    map[string]any
	}{
		{"anti-knight", `{"puzzle": "` + xyWingAntiKnight + `", "variant": ["anti-knight"], "depth": 3}`, want},
		{"anti-knight depth 2", `{"puzzle": "` + xyWingAntiKnight + `", "variant": ["anti-knight"], "depth": 2}`, nil},
		{"classic", `{"puzzle": "...4......5...9...6...2..1.2...7.9.1..5....7......8.3...6....9.7...3.1......9.327", "depth": 3}`, nil},
	} {
		code, got, _ := post(t, ts, "/api/v1/hint", tc.body)
		h, _ := got["hint"].(map[string]any)
		reasons, ok := h["reasons"].(map[string]any)
		if code != 200 || h == nil || ok != (tc.reasons != nil) || !maps.Equal(reasons, tc.reasons) {
			t.Errorf("%s: %d, reasons %v, want %v: %v", tc.name, code, h["reasons"], tc.reasons, got)
		}
	}
}

// TestGenerateAndPrintVariants: generate makes variant puzzles under the
// request's rules (a jigsaw without a layout on random ones), each row
// carrying its rules, unique under them; the vicinity search is refused
// for variants with a clear message; books print them under their rules.
func TestGenerateAndPrintVariants(t *testing.T) {
	ts := newTestServer(t, Options{})
	x := variantPuzzle(t, "x")
	layout := strings.Repeat("111222333", 3) + strings.Repeat("444555666", 3) + strings.Repeat("777888999", 3)
	for _, body := range []string{
		`{"level": "easy", "seed": 1, "count": 2, "variant": ["x"]}`,
		`{"level": "medium", "seed": 2, "variant": ["anti-knight"], "symmetry": "rot90"}`,
		`{"level": "easy", "seed": 3, "count": 2, "variant": ["jigsaw"]}`,
		`{"level": "easy", "seed": 4, "variant": ["jigsaw", "x"], "regions": "random"}`,
		`{"level": "easy", "seed": 5, "variant": ["jigsaw"], "regions": "` + layout + `"}`,
	} {
		code, got, _ := post(t, ts, "/api/v1/generate", body)
		puzzles, _ := got["puzzles"].([]any)
		if code != 200 || len(puzzles) == 0 {
			t.Errorf("generate %s: %d %v", body, code, got)
			continue
		}
		for _, p := range puzzles {
			row, _ := p.(map[string]any)
			var names []string
			for _, v := range row["variant"].([]any) {
				names = append(names, v.(string))
			}
			regions, _ := row["regions"].(string)
			rules, err := sudoku.ParseRules(strings.Join(names, ","), regions)
			if err != nil {
				t.Fatalf("generate %s: the row's rules: %v", body, err)
			}
			var g sudoku.Grid
			for i, c := range row["puzzle"].(string) {
				if c >= '1' && c <= '9' {
					g[i] = uint8(c - '0')
				}
			}
			if !strings.Contains(body, `"`+names[len(names)-1]+`"`) || solve.For(rules).Count(g, 2).Count != 1 {
				t.Errorf("generate %s: %s under %s (%q) is not a unique puzzle of the rules asked for", body, g, rules, regions)
			}
		}
	}
	for _, tc := range []struct{ path, body, want string }{
		{"/api/v1/generate", `{"rating": "10.0+", "variant": ["x"]}`, "variant x: no rating above 9.0: such puzzles come from a search near the hardest known classic puzzles"},
		{"/api/v1/generate", `{"level": "easy", "variant": ["jigsaw"], "regions": "` + layout[:80] + `"}`, "field \"regions\": regions layout has 80 cells, want 81 region ids 1-9, row by row"},
	} {
		code, got, _ := post(t, ts, tc.path, tc.body)
		if msg, _ := got["error"].(string); code != 400 || msg != tc.want {
			t.Errorf("%s %s: %d %q, want 400 %q", tc.path, tc.body, code, msg, tc.want)
		}
	}
	// Books print variant puzzles, whether the request or the line names
	// the rules; the PDF states them ("Sudoku X").
	for _, body := range []string{
		`{"puzzles": ["` + x + `"], "variant": ["x"]}`,
		`{"puzzles": ["` + top95First + `", "` + x + ` variant=x"]}`,
	} {
		code, _, hdr := post(t, ts, "/api/v1/print", body)
		if code != 200 || hdr.Get("Content-Type") != "application/pdf" {
			t.Errorf("print %s: %d %s", body, code, hdr.Get("Content-Type"))
		}
	}
	// An x puzzle printed as classic has several solutions: the rules
	// reach the book's check.
	if code, got, _ := post(t, ts, "/api/v1/print", `{"puzzles": ["`+x+`"]}`); code != 400 {
		t.Errorf("print an x puzzle as classic: %d %v, want 400", code, got)
	}
	// Classic rules given as such are classic.
	code, got, _ := post(t, ts, "/api/v1/generate", `{"level": "easy", "seed": 3, "variant": []}`)
	if puzzles, _ := got["puzzles"].([]any); code != 200 || len(puzzles) != 1 {
		t.Errorf("generate, variant []: %d %v", code, got)
	}
	if code, got, _ := post(t, ts, "/api/v1/solve", `{"puzzle": "`+top95First+`", "variant": ["classic"]}`); code != 200 || got["status"] != "unique" {
		t.Errorf("solve, variant [classic]: %d %v", code, got)
	}
}
