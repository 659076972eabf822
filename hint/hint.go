// Package hint gives a person at a puzzle the next step, at three depths:
// the technique alone ("Look for a hidden single"), then where to look (a
// unit or region and the digit, never the answer), then the whole step. It
// is the one entry point of `sudokit hint` and of the server's /hint: Find
// gives the step Sudoku Explainer's rating path would take from a
// candidate state, or every step available there, each described as a
// Hint, a structured value that a page can draw.
package hint

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
	"github.com/sudokit/sudokit/techniques/sized"
)

// The three depths of a hint: how much it tells.
const (
	Technique = 1 // the technique only
	Where     = 2 // and where to look
	Step      = 3 // the whole step
)

// depthNames name the depths in words, from Technique.
var depthNames = [...]string{"technique", "where", "step"}

// Depths lists the ways to write a depth, as ParseDepth reads them: the
// numbers 1 to 3, then their names (technique, where, step).
func Depths() []string { return append([]string{"1", "2", "3"}, depthNames[:]...) }

// ParseDepth reads a depth: 1, 2 or 3, or its name (technique, where,
// step).
func ParseDepth(s string) (int, error) {
	for i, name := range depthNames {
		if s == name || s == strconv.Itoa(i+1) {
			return i + 1, nil
		}
	}
	return 0, sudoku.Invalidf("unknown depth %q (want 1, 2 or 3, or technique, where or step)", s)
}

// ErrSolved is returned for a state with no empty cell.
var ErrSolved = errors.New("the puzzle is solved")

// ErrNoStep is returned when no technique that is on applies (the puzzle
// is beyond Sudoku Explainer's rules from here).
var ErrNoStep = errors.New("no technique applies: the puzzle is beyond the rules from here")

// Hint is one step from a candidate state, described for a person and for
// a program. Cells are written "r1c2", houses as the rules name them ("row
// 2", "column 5", "block 3", a jigsaw's "region 4", "diagonal 1");
// a potential of a chain "r1c2=5" (the cell is 5) or "r1c2<>5" (5 goes).
type Hint struct {
	// Technique is the technique's key in the registry ("hidden-single"),
	// as in config.yaml, `sudokit techniques` and grade's JSON path.
	Technique string `json:"technique"`
	// Name is the step's name, the one every depth and grade --explain
	// give it ("Pointing", "Unique Rectangle type 2", "Turbot Fish"):
	// the technique's name or one that `sudokit techniques` lists with
	// it. Family is the technique's family ("uniqueness").
	Name   string        `json:"name"`
	Family string        `json:"family"`
	Rating sudoku.Rating `json:"rating"`
	// Cells, Units and Digits are the pattern that justifies the step.
	Cells  []string `json:"cells,omitempty"`
	Units  []string `json:"units,omitempty"`
	Digits []int    `json:"digits,omitempty"`
	// Chains are the chains of a chaining step, each from its start.
	Chains [][]string `json:"chains,omitempty"`
	// Placements ("r1c2=5") and Eliminations ("r1c2<>5") are its effect.
	Placements   []string `json:"placements,omitempty"`
	Eliminations []string `json:"eliminations,omitempty"`
	// Reasons says, for an elimination of Eliminations, why the cell loses
	// the digit when a variant's extra house or pair rule ties it to the
	// pattern rather than a row, column or box ("r7c7<>5": "knight's move
	// from r5c8"); there are none under classic rules.
	Reasons map[string]string `json:"reasons,omitempty"`
	// Detail is the pattern in words, as grade --explain writes it.
	Detail string `json:"detail,omitempty"`
	// Text holds the words of depths 1, 2 and 3 (JSON writers write the
	// words of one depth, as "text").
	Text [3]string `json:"-"`
	// Region is where depth 2 points: units or cells that contain the
	// pattern without giving the answer away; RegionDigits the digits
	// named with it (none when the digit is the answer).
	Region       []string `json:"region,omitempty"`
	RegionDigits []int    `json:"region_digits,omitempty"`
}

// At returns the words of a depth (1, 2 or 3).
func (h *Hint) At(depth int) string {
	return h.Text[min(max(depth, Technique), Step)-1]
}

// Upto returns the hint as a person asking for a depth may see it: at
// depth 1 the technique (key, name, family, rating) and the words of
// depth 1; at depth 2 also the region and the words of depth 2; at depth 3
// everything.
func (h Hint) Upto(depth int) Hint {
	if depth >= Step {
		return h
	}
	out := Hint{Technique: h.Technique, Name: h.Name, Family: h.Family, Rating: h.Rating}
	out.Text[0] = h.Text[0]
	if depth == Where {
		out.Region, out.RegionDigits = h.Region, h.RegionDigits
		out.Text[1] = h.Text[1]
	}
	return out
}

// NoHint is the error of a state that gives no hint. Status names why in
// one word: "solved", "beyond" (no technique applies), or the grader's
// status ("invalid", "unsolvable", "multiple", "budget", "cancelled").
type NoHint struct {
	Status string
	Err    error
}

func (e *NoHint) Error() string { return e.Err.Error() }
func (e *NoHint) Unwrap() error { return e.Err }

// Options says which hints Find gives.
type Options struct {
	// All asks for every step available now, easiest first (chains only
	// when nothing simpler applies), as grade.Grader.Steps lists them;
	// without it, Find gives the one step that grading takes next.
	All bool
	// Workers is how many goroutines the next step's chain search may use
	// (0 or 1: the caller's alone). The hints do not depend on it.
	Workers int
}

// Find returns the hints from st, the one entry of `sudokit hint` and of
// the server's /hint: by default the step that grading with g takes next
// (the step of SE's rating path, or with extras on, of its explanation),
// exactly one hint; with opt.All every step available there, easiest
// first. It fails with a *NoHint: solved (wrapping ErrSolved), beyond
// (ErrNoStep), or the grader's reason (invalid, no or several solutions,
// budget, cancelled). st is not changed.
func Find(ctx context.Context, g *grade.Grader, st *sudoku.State, opt Options) ([]Hint, error) {
	if st.Solved() {
		return nil, &NoHint{"solved", ErrSolved}
	}
	if opt.All {
		return all(ctx, g, st)
	}
	h, err := next(ctx, g, st, opt.Workers)
	if err != nil {
		return nil, err
	}
	return []Hint{h}, nil
}

// next returns the step that grading with g takes next from st.
func next(ctx context.Context, g *grade.Grader, st *sudoku.State, workers int) (Hint, error) {
	res := g.Next(ctx, st, grade.Options{Workers: workers})
	if err := failure(res); err != nil {
		return Hint{}, err
	}
	if len(res.Path) == 0 {
		return Hint{}, &NoHint{"solved", ErrSolved}
	}
	return Of(&res.Path[0]), nil
}

// all returns every step available from st, easiest first.
func all(ctx context.Context, g *grade.Grader, st *sudoku.State) ([]Hint, error) {
	steps, res := g.Steps(ctx, st)
	if err := failure(res); err != nil {
		return nil, err
	}
	out := make([]Hint, len(steps))
	for i := range steps {
		out[i] = Of(&steps[i])
	}
	return out, nil
}

// failure is why a grader's result gives no step.
func failure(res grade.Result) error {
	if res.Status == grade.Beyond {
		return &NoHint{"beyond", ErrNoStep}
	}
	if err := res.Failed(); err != nil {
		return &NoHint{res.Status.String(), err}
	}
	return nil
}

// Of describes a step as a hint.
func Of(st *techniques.Step) Hint {
	h := Hint{Technique: st.Technique, Name: st.Name, Rating: st.Rating, Detail: st.Detail}
	if t, ok := techniques.Lookup(st.Technique); ok {
		h.Family = string(t.Family)
	}
	for _, c := range st.Cells {
		h.Cells = append(h.Cells, sudoku.CellName(c))
	}
	h.Units = append(h.Units, st.UnitNames()...) // as the step's rules name its houses
	h.Digits = st.Digits.Slice()
	for _, chain := range st.Chains {
		line := make([]string, len(chain))
		for i, p := range chain {
			line[i] = p.String()
		}
		h.Chains = append(h.Chains, line)
	}
	for _, p := range st.Placements {
		h.Placements = append(h.Placements, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
	}
	for _, e := range st.Eliminations {
		h.Eliminations = append(h.Eliminations, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
	}
	h.Reasons = st.ReasonsByElimination()
	h.Region, h.RegionDigits = region(st)
	h.Text = [3]string{
		"Look for " + article(spoken(h.Name)) + ".",
		whereText(spoken(h.Name), h.Region, h.RegionDigits),
		st.String(),
	}
	return h
}

// spoken writes a technique's name inside a sentence, so that level 1
// names no digit: "2-String Kite" is a "two-string kite".
func spoken(name string) string {
	name = strings.ReplaceAll(name, "2-String", "two-string")
	// Lower the first letter of each plain word; keep acronyms and
	// hyphenated names (XY-Wing, X-Chain) as they are. A variant's number
	// is a word ("unique rectangle type two", "unique loop eight type
	// three"), so that no digit appears.
	words := strings.Fields(name)
	for i, w := range words {
		if n, err := strconv.Atoi(w); err == nil && n >= 0 && n < len(numberWords) {
			words[i] = numberWords[n]
		} else if len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'a' && w[1] <= 'z' && !strings.Contains(w, "-") {
			words[i] = strings.ToLower(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// numberWords spell the numbers of step names' variants.
var numberWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// article puts "a" or "an" before a name, and nothing before a plural or
// a gerund ("remote pairs", "pointing").
func article(name string) string {
	if name == "" {
		return "a step"
	}
	head, _, _ := strings.Cut(name, " (")
	last := head[strings.LastIndexByte(head, ' ')+1:]
	if strings.HasSuffix(head, "s") || strings.HasSuffix(last, "ing") && !strings.Contains(last, "-") {
		return name // not before a plural, or a gerund such as pointing (but an X-Wing)
	}
	lower := strings.ToLower(name)
	if strings.HasPrefix(lower, "uni") {
		return "a " + name // a unique rectangle
	}
	switch lower[:1] {
	case "a", "e", "i", "o", "u", "x":
		return "an " + name
	}
	return "a " + name
}

// whereText is level 2: the technique, and where to look.
func whereText(name string, where []string, digits []int) string {
	var b strings.Builder
	b.WriteString("Look for ")
	b.WriteString(article(name))
	if len(digits) > 0 {
		ds := make([]string, len(digits))
		for i, d := range digits {
			ds[i] = fmt.Sprint(d)
		}
		if len(ds) == 1 {
			b.WriteString(" on digit " + ds[0])
		} else {
			b.WriteString(" on digits " + strings.Join(ds[:len(ds)-1], ", ") + " and " + ds[len(ds)-1])
		}
	}
	if len(where) > 0 {
		b.WriteString(" in " + joinAnd(where))
	}
	b.WriteString(".")
	return b.String()
}

// houseName names house h of the rules, as the steps' words do: "row 2",
// "column 5", "block 3", a jigsaw's "region 4", "diagonal 1".
func houseName(r sudoku.Rules, h int) string { return r.House(h).Name() }

// boxOf is the house of the rules that takes a box's place for a cell: its
// box, or a jigsaw's region.
func boxOf(r sudoku.Rules, cell int) int {
	return 18 + bits.TrailingZeros64(r.HousesOf(cell)>>18&0x1ff)
}

// joinAnd writes "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// region is where level 2 points for a step, and the digits it names: the
// step's units when it has them; for a chain, where its chains start; else
// the one house holding the pattern's cells, or the boxes (a jigsaw's
// regions) that hold them. A single's digit or cell is its answer, so a
// naked single gets its box alone and a full house its unit alone. Houses
// are named as the step's rules name them.
func region(st *techniques.Step) ([]string, []int) {
	r := st.Rules
	digits := st.Digits.Slice()
	switch st.Technique {
	case "naked-single":
		if len(st.Cells) == 1 {
			return []string{houseName(r, boxOf(r, st.Cells[0]))}, nil
		}
	case "full-house":
		digits = nil
	}
	if len(st.Cages) > 0 {
		// A killer technique: the cages it reads, then its houses.
		var where []string
		for _, k := range st.Cages {
			where = append(where, r.Cage(k).Name())
		}
		if len(digits) > 1 {
			digits = nil // a cage's combinations are the answer, not where to look
		}
		return append(where, st.UnitNames()...), digits
	}
	if len(st.Chains) > 0 {
		where, ds := chainRegion(st)
		if len(where) == 1 && strings.HasPrefix(where[0], "cell ") && changes(st, where[0][len("cell "):]) {
			// The chains start in the cell they conclude on: its box only.
			return []string{houseName(r, boxOf(r, int(st.Chains[0][0].Cell)))}, nil
		}
		return where, ds
	}
	if len(st.Units) > 0 {
		return st.UnitNames(), digits
	}
	return cellsRegion(r, st.Cells), digits
}

// changes reports whether the step places in or eliminates from the cell.
func changes(st *techniques.Step, cell string) bool {
	for _, c := range append(slices.Clone(st.Placements), st.Eliminations...) {
		if sudoku.CellName(int(c.Cell)) == cell {
			return true
		}
	}
	return false
}

// cellsRegion names the house of the rules that holds all the cells (a
// line before a box, a box before a variant's house), or the boxes (a
// jigsaw's regions) that hold them, or nothing when they are spread over
// more than four.
func cellsRegion(r sudoku.Rules, cells []int) []string {
	if len(cells) == 0 {
		return nil
	}
	if len(cells) > 1 {
		if h, ok := commonHouse(r, cells); ok {
			return []string{houseName(r, h)}
		}
	}
	var boxes []int
	for _, c := range cells {
		if b := boxOf(r, c); !slices.Contains(boxes, b) {
			boxes = append(boxes, b)
		}
	}
	if len(boxes) > 4 {
		return nil
	}
	slices.Sort(boxes)
	names := make([]string, len(boxes))
	for i, b := range boxes {
		names[i] = houseName(r, b)
	}
	return names
}

// commonHouse returns the first house of the rules that holds every cell.
func commonHouse(r sudoku.Rules, cells []int) (int, bool) {
	shared := ^uint64(0)
	for _, c := range cells {
		shared &= r.HousesOf(c)
	}
	if shared == 0 {
		return 0, false
	}
	return bits.TrailingZeros64(shared), true
}

// chainRegion points to where a chaining step's chains start: the cell
// whose candidates branch (cell forcing chains), the house and digit whose
// places branch (region forcing chains); else the box (a jigsaw's region)
// of the start, with the digit when every link is on one digit (an
// X-chain), since the start of a single forcing chain is the candidate it
// proves wrong or right.
func chainRegion(st *techniques.Step) ([]string, []int) {
	r := st.Rules
	starts := make([]techniques.Potential, len(st.Chains))
	for i, ch := range st.Chains {
		starts[i] = ch[0]
	}
	if len(starts) > 2 || (len(starts) == 2 && starts[0].On == starts[1].On) {
		sameCell, sameDigit := true, true
		cells := make([]int, len(starts))
		for i, p := range starts {
			sameCell = sameCell && p.Cell == starts[0].Cell
			sameDigit = sameDigit && p.Digit == starts[0].Digit
			cells[i] = int(p.Cell)
		}
		if sameCell {
			return []string{"cell " + sudoku.CellName(int(starts[0].Cell))}, nil
		}
		if sameDigit {
			if h, ok := commonHouse(r, cells); ok {
				return []string{houseName(r, h)}, []int{int(starts[0].Digit)}
			}
		}
	}
	start := starts[0]
	box := []string{houseName(r, boxOf(r, int(start.Cell)))}
	for _, ch := range st.Chains {
		for _, p := range ch {
			if p.Digit != start.Digit {
				return box, nil
			}
		}
	}
	return box, []int{int(start.Digit)}
}

// FindBoard returns the hint at a puzzle of any size (4x4 to 25x25), from
// its givens: the step that grading the board takes next (grade.NextBoard),
// within g's time budget, exactly one hint. It fails with a *NoHint as
// Find does. (Steps of every kind for --all, and candidate states, are
// 9x9's for now.)
func FindBoard(ctx context.Context, g *grade.Grader, b sudoku.Board) ([]Hint, error) {
	st, err := sized.NewState(b)
	if err != nil {
		return nil, &NoHint{"invalid", err}
	}
	if st.Solved() {
		return nil, &NoHint{"solved", ErrSolved}
	}
	br, err := g.NextBoard(ctx, st)
	if err != nil {
		// The words of the classic hints, but for an invalid board's
		// own reason.
		if ferr := failure(grade.Result{Status: br.Status, Err: err}); ferr != nil {
			return nil, ferr
		}
		return nil, &NoHint{br.Status.String(), err}
	}
	if br.Status == grade.Beyond {
		return nil, &NoHint{"beyond", ErrNoStep}
	}
	if len(br.Path) == 0 {
		return nil, &NoHint{"solved", ErrSolved}
	}
	return []Hint{OfBoard(&br.Path[0])}, nil
}

// OfBoard describes a step on a board of any size as a hint, as Of does
// a classic step: cells and houses named as the board's shape names them.
func OfBoard(st *sized.Step) Hint {
	h := Hint{Technique: st.Technique, Name: st.Name, Rating: st.Rating, Detail: st.Detail}
	if t, ok := techniques.Lookup(st.Technique); ok {
		h.Family = string(t.Family)
	}
	for _, c := range st.Cells {
		h.Cells = append(h.Cells, st.Shape.CellName(c))
	}
	h.Units = st.HouseNames()
	for d := 1; d <= st.Shape.N(); d++ {
		if st.Digits>>d&1 != 0 {
			h.Digits = append(h.Digits, d)
		}
	}
	for _, p := range st.Placements {
		h.Placements = append(h.Placements, fmt.Sprintf("%s=%d", st.Shape.CellName(p.Cell), p.Digit))
	}
	for _, e := range st.Eliminations {
		h.Eliminations = append(h.Eliminations, fmt.Sprintf("%s<>%d", st.Shape.CellName(e.Cell), e.Digit))
	}
	h.Region, h.RegionDigits = boardRegion(st, h.Digits)
	h.Text = [3]string{
		"Look for " + article(spoken(h.Name)) + ".",
		whereText(spoken(h.Name), h.Region, h.RegionDigits),
		st.String(),
	}
	return h
}

// boardRegion is where depth 2 points for a step on a board, as region
// does for a classic one: a naked single's box (a jigsaw's region; its
// digit is the answer), a full house's unit, else the step's houses with
// its digits; a step without houses (a chain) points to the box (region)
// of its first cell.
func boardRegion(st *sized.Step, digits []int) ([]string, []int) {
	boxOfCell := func(c int) string {
		n := st.Shape.N()
		b := sudoku.Board{Shape: st.Shape, Regions: st.Regions}
		if st.Regions != nil {
			return b.HouseName(2*n + int(st.Regions[c]))
		}
		return b.HouseName(2*n + st.Shape.BoxOf(c/n, c%n))
	}
	switch st.Technique {
	case "naked-single":
		if len(st.Cells) == 1 {
			return []string{boxOfCell(st.Cells[0])}, nil
		}
	case "full-house":
		digits = nil
	}
	if len(st.Houses) > 0 {
		return st.HouseNames(), digits
	}
	if len(st.Cells) > 0 {
		return []string{boxOfCell(st.Cells[0])}, nil
	}
	return nil, nil
}
