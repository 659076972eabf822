package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/sudokit/sudokit/suggest"
)

// Rules are the rules of a grid: its houses, nine cells each that hold 1
// to 9 once (rows, columns, then boxes or a jigsaw's regions, then the
// extra houses of the variants: diagonals, windows, disjoint groups, ...),
// and its pair rules, which are not houses: two cells a knight's or a
// king's move apart that may not hold the same digit, orthogonal
// neighbours that may not hold consecutive digits.
//
// The zero value is classic sudoku. A Rules value is small (a pointer to
// tables built once) and immutable: copy it, compare it with Equal, share
// it between goroutines. Build one with NewRules or ParseRules.
//
// Houses are numbered from 0 in a fixed order: rows 0..8, columns 9..17,
// boxes (or regions) 18..26, then the variants' houses in the order of
// VariantNames; for classic rules they are the units of Units. A cell's
// peers are the cells that may not share its digit: the other cells of
// its houses and, with anti-knight or anti-king, the cells a knight's or a
// king's move away.
type Rules struct{ s *ruleSet }

// ruleSet holds the tables of one set of rules.
type ruleSet struct {
	variants []string // canonical order; empty for classic
	regions  string   // a jigsaw's layout, 81 region ids; "" otherwise
	houses   []House
	sets     []CellSet   // houses[h]'s cells as a set
	of       [81]uint64  // bit h: the cell is in house h
	peers    [81]CellSet // houses' mates and pair partners that may not share a digit
	partners [numPairRules][81]CellSet
	has      [numPairRules]bool
	cages    []Cage   // a killer's cages (see cage.go); none otherwise
	cageOf   [81]int8 // with cages: each cell's cage, or -1
}

// MaxHouses is the most houses a set of rules can have (every variant
// that combines, together).
const MaxHouses = 64

// HouseKind says what kind of house a house is.
type HouseKind uint8

// The kinds of houses.
const (
	HouseRow           HouseKind = iota // a row
	HouseColumn                         // a column
	HouseBox                            // a 3x3 box, named "block" as solvers do
	HouseRegion                         // a jigsaw's region, which replaces the boxes
	HouseDiagonal                       // x: diagonal 1 is r1c1..r9c9, diagonal 2 r1c9..r9c1
	HouseWindow                         // windoku: the extra boxes at r2c2, r2c6, r6c2, r6c6
	HouseWindowGroup                    // windoku: the five groups the windows imply
	HouseDisjointGroup                  // the cells at the same place in each box
	HouseAsterisk                       // asterisk's nine cells
	HouseGirandola                      // girandola's nine cells
	HouseCenterDot                      // the nine box centres
)

var houseKindNames = [...]string{"row", "column", "block", "region", "diagonal", "window", "window group",
	"disjoint group", "asterisk", "girandola", "centre dot"}

// String names the kind as a house's name starts: "row", "block",
// "disjoint group", "centre dot".
func (k HouseKind) String() string {
	if int(k) < len(houseKindNames) {
		return houseKindNames[k]
	}
	return fmt.Sprintf("HouseKind(%d)", int(k))
}

// single reports whether the rules have at most one house of the kind, which
// is then named without a number.
func (k HouseKind) single() bool { return k >= HouseAsterisk }

// House is nine cells that hold 1 to 9 once each.
type House struct {
	Kind HouseKind
	// Number is the house's number among the houses of its kind, from 1
	// ("diagonal 1", "window 3"); a jigsaw region's number is its id in
	// the layout.
	Number int
	Cells  [9]uint8 // in reading order
}

// Name names the house for explanations: "row 1", "column 3", "block 5",
// "region 4", "diagonal 1", "window 2", "window group 5", "disjoint group
// 3", "asterisk", "girandola", "centre dot".
func (h House) Name() string {
	if h.Kind.single() {
		return h.Kind.String()
	}
	return fmt.Sprintf("%s %d", h.Kind, h.Number)
}

// PairRule is a rule on two cells that is not a house.
type PairRule uint8

// The pair rules.
const (
	AntiKnight     PairRule = iota // cells a knight's move apart hold different digits
	AntiKing                       // cells a king's move apart hold different digits
	NonConsecutive                 // orthogonal neighbours do not hold consecutive digits (1 and 9 are not)
	numPairRules
)

// String names the pair rule as its variant: "anti-knight", "anti-king",
// "non-consecutive".
func (p PairRule) String() string {
	switch p {
	case AntiKnight:
		return "anti-knight"
	case AntiKing:
		return "anti-king"
	case NonConsecutive:
		return "non-consecutive"
	}
	return fmt.Sprintf("PairRule(%d)", int(p))
}

// variant is one variant's definition: its name, its rule in words, and
// what it adds.
type variant struct {
	name   string
	rule   string
	houses func() []House // nil for jigsaw and the pair rules
	pair   PairRule       // with houses nil: the pair rule it adds (not for jigsaw)
}

// variants are the variants sudokit knows, in the order of their houses
// and of their names in Rules.Variants.
var variants = []variant{
	{name: "jigsaw", rule: "nine irregular regions replace the boxes; each holds 1 to 9 once"},
	{name: "x", rule: "each main diagonal holds 1 to 9 once", houses: diagonals},
	{name: "windoku", rule: "the four extra boxes (windows) hold 1 to 9 once, and so do the five groups they leave", houses: windows},
	{name: "disjoint-groups", rule: "the nine cells at the same place in each box hold 1 to 9 once", houses: disjointGroups},
	{name: "asterisk", rule: "the nine cells of the asterisk hold 1 to 9 once", houses: fixedHouse(HouseAsterisk, "r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5")},
	{name: "girandola", rule: "the nine cells of the girandola hold 1 to 9 once", houses: fixedHouse(HouseGirandola, "r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9")},
	{name: "center-dot", rule: "the nine box centres hold 1 to 9 once", houses: fixedHouse(HouseCenterDot, "r2c2 r2c5 r2c8 r5c2 r5c5 r5c8 r8c2 r8c5 r8c8")},
	{name: "anti-knight", rule: "cells a knight's move apart hold different digits", pair: AntiKnight},
	{name: "anti-king", rule: "cells a king's move apart hold different digits", pair: AntiKing},
	{name: "non-consecutive", rule: "orthogonal neighbours never hold consecutive digits (1 and 9 are not consecutive)", pair: NonConsecutive},
	{name: "killer", rule: "the digits of each cage add up to its sum, and no digit repeats in a cage"},
}

// variantAliases are other spellings accepted for a variant's name.
var variantAliases = map[string]string{"centre-dot": "center-dot"}

// conflicts are the variants that do not go together, and why.
var conflicts = []struct{ a, b, why string }{
	{"disjoint-groups", "center-dot", "the box centres are disjoint group 5: give disjoint-groups alone"},
	{"jigsaw", "disjoint-groups", "disjoint groups are places inside the boxes, which jigsaw's regions replace"},
	{"jigsaw", "center-dot", "centre dots are the boxes' centres, which jigsaw's regions replace"},
}

// VariantNames lists the names of the variants NewRules knows, in the
// order Rules.Variants gives them.
func VariantNames() []string {
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = v.name
	}
	return out
}

// VariantRule states a variant's rule in words ("each main diagonal holds
// 1 to 9 once"), or "" for a name it does not know.
func VariantRule(name string) string {
	for _, v := range variants {
		if v.name == name {
			return v.rule
		}
	}
	return ""
}

// ParseRules reads rules from a comma-separated list of variant names, as
// a command line gives them ("x,anti-knight"; "" or "classic" is classic),
// with a jigsaw's regions layout (see NewRules).
func ParseRules(spec, regions string) (Rules, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return NewRules(nil, regions)
	}
	names := strings.Split(spec, ",")
	for i, n := range names {
		if names[i] = strings.TrimSpace(n); names[i] == "" {
			return Rules{}, Invalidf("variants %q: an empty name between commas", spec)
		}
	}
	return NewRules(names, regions)
}

// NewRules returns the rules of classic sudoku with the named variants (in
// any order; none, or "classic" alone, is classic): x, windoku,
// disjoint-groups, asterisk, girandola, center-dot, anti-knight,
// anti-king, non-consecutive, jigsaw. Variants combine where that makes
// sense (x with anti-knight, jigsaw with x, windoku with x, ...). A jigsaw
// takes regions, its layout: 81 region ids 1-9 row by row (whitespace
// between them is ignored, so that nine lines of nine do, and so are
// lines that start with '#'), nine connected regions of nine cells each;
// regions is "" otherwise. An unknown or
// repeated name, variants that do not go together, or a bad layout is an
// error of kind ErrInvalid.
func NewRules(names []string, regions string) (Rules, error) {
	if len(names) == 1 && names[0] == "classic" {
		names = nil
	}
	var on [variantsTable]bool
	for _, name := range names {
		i, err := variantIndex(name)
		if err != nil {
			return Rules{}, err
		}
		if on[i] {
			return Rules{}, Invalidf("variant %s given twice", variants[i].name)
		}
		on[i] = true
	}
	for _, c := range conflicts {
		if on[mustIndex(c.a)] && on[mustIndex(c.b)] {
			return Rules{}, Invalidf("variants %s and %s do not go together: %s", c.a, c.b, c.why)
		}
	}
	jigsaw := on[mustIndex("jigsaw")]
	regions = layoutText(regions)
	switch {
	case jigsaw && regions == "":
		return Rules{}, Invalidf("jigsaw needs its regions layout: 81 region ids 1-9, row by row")
	case !jigsaw && regions != "":
		return Rules{}, Invalidf("a regions layout goes with the jigsaw variant only")
	}
	var layout [81]uint8
	if jigsaw {
		var err error
		if layout, err = readLayout(regions); err != nil {
			return Rules{}, err
		}
	}
	s := &ruleSet{regions: regions}
	for i, v := range variants {
		if on[i] {
			s.variants = append(s.variants, v.name)
		}
	}
	if len(s.variants) == 0 {
		return Rules{}, nil
	}
	key := strings.Join(s.variants, ",")
	if !jigsaw {
		// A file that mixes variants names its rules on each line: the
		// lines of one variant share one set of tables (there are a few
		// hundred combinations at most).
		if known, ok := interned.Load(key); ok {
			return Rules{known.(*ruleSet)}, nil
		}
	}
	s.houses = baseHouses(jigsaw, &layout)
	for i, v := range variants {
		switch {
		case !on[i]:
		case v.houses != nil:
			s.houses = append(s.houses, v.houses()...)
		case v.name != "jigsaw" && v.name != "killer":
			s.has[v.pair] = true
		}
	}
	s.build()
	if !jigsaw {
		known, _ := interned.LoadOrStore(key, s)
		s = known.(*ruleSet)
	}
	return Rules{s}, nil
}

// interned holds the tables of the rules built so far without a jigsaw,
// by their variants' names.
var interned sync.Map

// variantsTable is variants' length as a constant, for arrays.
const variantsTable = 11

func init() {
	if len(variants) != variantsTable {
		panic("sudoku: variantsTable is not len(variants)")
	}
}

// layoutText returns a regions layout without the whitespace between its
// ids and without comment lines (starting with '#'), as a file holds it.
func layoutText(regions string) string {
	var b strings.Builder
	for line := range strings.Lines(regions) {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(strings.Join(strings.Fields(line), ""))
		}
	}
	return b.String()
}

// variantIndex finds a variant by name, or says that it is unknown and
// which name it is nearest.
func variantIndex(name string) (int, error) {
	if alias, ok := variantAliases[name]; ok {
		name = alias
	}
	for i, v := range variants {
		if v.name == name {
			return i, nil
		}
	}
	known := VariantNames()
	msg := fmt.Sprintf("unknown variant %q", name)
	if name == "classic" {
		msg = "classic is the rules without variants: it does not combine with them"
	} else if near := suggest.Nearest(name, known); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return 0, Invalidf("%s; known: %s", msg, strings.Join(known, ", "))
}

func mustIndex(name string) int {
	i, err := variantIndex(name)
	if err != nil {
		panic(err)
	}
	return i
}

// readLayout checks a jigsaw layout and returns each cell's region id.
func readLayout(regions string) ([81]uint8, error) {
	var layout [81]uint8
	var size [10]int
	n := 0
	for _, c := range regions {
		if c < '1' || c > '9' {
			where := "after the 81st cell"
			if n < 81 {
				where = "at " + CellName(n)
			}
			return layout, Invalidf("regions layout: unexpected %q %s, want a region id 1-9", c, where)
		}
		if n < 81 {
			layout[n] = uint8(c - '0')
			size[layout[n]]++
		}
		n++
	}
	if n != 81 {
		return layout, Invalidf("regions layout has %d cells, want 81 region ids 1-9, row by row", n)
	}
	for id := 1; id <= 9; id++ {
		if size[id] != 9 {
			return layout, Invalidf("regions layout: region %d has %d cells, want 9", id, size[id])
		}
	}
	for id := uint8(1); id <= 9; id++ {
		first := slices.Index(layout[:], id)
		reach := flood(&layout, first)
		for i := range 81 {
			if layout[i] == id && !reach.Has(i) {
				return layout, Invalidf("regions layout: region %d is in pieces (%s does not join %s)", id, CellName(i), CellName(first))
			}
		}
	}
	return layout, nil
}

// flood returns the cells of from's region that orthogonal steps inside it
// reach from it.
func flood(layout *[81]uint8, from int) CellSet {
	seen := CellSetOf(from)
	stack := []int{from}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for n := range orthogonal(c).All() {
			if layout[n] == layout[from] && !seen.Has(n) {
				seen.Add(n)
				stack = append(stack, n)
			}
		}
	}
	return seen
}

// baseHouses are the rows, the columns, and the boxes, or a jigsaw's
// regions in the order of their ids.
func baseHouses(jigsaw bool, layout *[81]uint8) []House {
	houses := make([]House, 27, MaxHouses)
	for u := range 27 {
		houses[u] = House{Kind: HouseKind(u / 9), Number: u%9 + 1}
	}
	var filled [27]int
	for i := range 81 { // Units' order, computed here: package variables are set before init runs
		for _, u := range [3]int{i / 9, 9 + i%9, 18 + i/27*3 + i%9/3} {
			houses[u].Cells[filled[u]] = uint8(i)
			filled[u]++
		}
	}
	if jigsaw {
		for id := 1; id <= 9; id++ {
			h := House{Kind: HouseRegion, Number: id}
			n := 0
			for i, r := range layout {
				if int(r) == id {
					h.Cells[n] = uint8(i)
					n++
				}
			}
			houses[17+id] = h
		}
	}
	return houses
}

// houseOf builds a house of cells given in any order.
func houseOf(kind HouseKind, number int, cells []int) House {
	slices.Sort(cells)
	h := House{Kind: kind, Number: number}
	for i, c := range cells {
		h.Cells[i] = uint8(c)
	}
	return h
}

// diagonals are x's houses.
func diagonals() []House {
	var main, anti []int
	for i := range 9 {
		main = append(main, 10*i)
		anti = append(anti, 9*i+8-i)
	}
	return []House{houseOf(HouseDiagonal, 1, main), houseOf(HouseDiagonal, 2, anti)}
}

// rect lists the cells of the given rows and columns (from 1).
func rect(rows, cols []int) []int {
	var cells []int
	for _, r := range rows {
		for _, c := range cols {
			cells = append(cells, 9*(r-1)+c-1)
		}
	}
	return cells
}

// windows are windoku's houses: the four windows, then the five groups
// they imply (each holds 1 to 9, since the columns, or rows, through it
// hold each digit three times, and the two windows across them once
// each), as Sukaku Explainer counts them.
func windows() []House {
	lines := [][]int{{1, 5, 9}, {2, 3, 4}, {6, 7, 8}}
	return []House{
		houseOf(HouseWindow, 1, rect(lines[1], lines[1])),
		houseOf(HouseWindow, 2, rect(lines[1], lines[2])),
		houseOf(HouseWindow, 3, rect(lines[2], lines[1])),
		houseOf(HouseWindow, 4, rect(lines[2], lines[2])),
		houseOf(HouseWindowGroup, 1, rect(lines[0], lines[1])),
		houseOf(HouseWindowGroup, 2, rect(lines[0], lines[2])),
		houseOf(HouseWindowGroup, 3, rect(lines[1], lines[0])),
		houseOf(HouseWindowGroup, 4, rect(lines[2], lines[0])),
		houseOf(HouseWindowGroup, 5, rect(lines[0], lines[0])),
	}
}

// disjointGroups are the nine groups of the cells at one place in each
// box, group k at place k (reading order inside the box).
func disjointGroups() []House {
	out := make([]House, 9)
	for k := range 9 {
		var cells []int
		for b := range 9 {
			cells = append(cells, (b/3*3+k/3)*9+b%3*3+k%3)
		}
		out[k] = houseOf(HouseDisjointGroup, k+1, cells)
	}
	return out
}

// fixedHouse returns a variant's one house, its cells given by name.
func fixedHouse(kind HouseKind, cells string) func() []House {
	return func() []House {
		var list []int
		for _, name := range strings.Fields(cells) {
			list = append(list, (int(name[1])-'1')*9+int(name[3])-'1')
		}
		return []House{houseOf(kind, 1, list)}
	}
}

// moves returns the cells a step of one of the offsets away from cell.
func moves(cell int, offsets [][2]int) CellSet {
	var s CellSet
	r, c := cell/9, cell%9
	for _, o := range offsets {
		if rr, cc := r+o[0], c+o[1]; rr >= 0 && rr < 9 && cc >= 0 && cc < 9 {
			s.Add(rr*9 + cc)
		}
	}
	return s
}

var (
	knightSteps = [][2]int{{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}
	kingSteps   = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}
	rookSteps   = [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}
)

// orthogonal returns a cell's orthogonal neighbours.
func orthogonal(cell int) CellSet { return moves(cell, rookSteps) }

// build derives the tables from the houses and pair rules.
func (s *ruleSet) build() {
	if len(s.houses) > MaxHouses {
		panic("sudoku: more houses than MaxHouses")
	}
	s.sets = make([]CellSet, len(s.houses))
	for h, house := range s.houses {
		for _, c := range house.Cells {
			s.sets[h].Add(int(c))
			s.of[c] |= 1 << h
		}
	}
	for c := range 81 {
		if s.has[AntiKnight] {
			s.partners[AntiKnight][c] = moves(c, knightSteps)
		}
		if s.has[AntiKing] {
			s.partners[AntiKing][c] = moves(c, kingSteps)
		}
		if s.has[NonConsecutive] {
			s.partners[NonConsecutive][c] = orthogonal(c)
		}
		p := s.partners[AntiKnight][c].Union(s.partners[AntiKing][c])
		for x := s.of[c]; x != 0; x &= x - 1 {
			p = p.Union(s.sets[bits.TrailingZeros64(x)])
		}
		if len(s.cages) > 0 && s.cageOf[c] >= 0 {
			for _, m := range s.cages[s.cageOf[c]].Cells {
				p.Add(m)
			}
		}
		p.Remove(c)
		s.peers[c] = p
	}
}

// classicSet holds the tables of classic rules, which the zero Rules use.
var classicSet = func() *ruleSet {
	var none [81]uint8
	s := &ruleSet{houses: baseHouses(false, &none)}
	s.build()
	return s
}()

// set returns the rules' tables.
func (r Rules) set() *ruleSet {
	if r.s == nil {
		return classicSet
	}
	return r.s
}

// IsClassic reports whether the rules are classic sudoku's, with no
// variant.
func (r Rules) IsClassic() bool { return r.s == nil }

// Variants returns the names of the rules' variants in the order of
// VariantNames; none for classic.
func (r Rules) Variants() []string { return slices.Clone(r.set().variants) }

// Has reports whether the rules include the named variant.
func (r Rules) Has(variant string) bool { return slices.Contains(r.set().variants, variant) }

// Regions returns a jigsaw's layout, 81 region ids row by row, or "".
func (r Rules) Regions() string { return r.set().regions }

// String names the rules: "classic", or the variants separated by commas
// ("jigsaw,x"; a jigsaw's layout is not part of it).
func (r Rules) String() string {
	if r.IsClassic() {
		return "classic"
	}
	return strings.Join(r.s.variants, ",")
}

// Equal reports whether two values are the same rules.
func (r Rules) Equal(o Rules) bool {
	a, b := r.set(), o.set()
	return a == b || (slices.Equal(a.variants, b.variants) && a.regions == b.regions && equalCages(a, b))
}

// Describe states the rules' variants in words, one sentence per variant
// ("each main diagonal holds 1 to 9 once"); none for classic.
func (r Rules) Describe() []string {
	var out []string
	for _, v := range r.set().variants {
		out = append(out, VariantRule(v))
	}
	return out
}

// NumHouses returns the number of houses.
func (r Rules) NumHouses() int { return len(r.set().houses) }

// House returns house h (0 <= h < NumHouses()).
func (r Rules) House(h int) House { return r.set().houses[h] }

// HouseCells returns the cells of house h as a set.
func (r Rules) HouseCells(h int) CellSet { return r.set().sets[h] }

// HousesOf returns the houses a cell is in: bit h stands for house h.
func (r Rules) HousesOf(cell int) uint64 { return r.set().of[cell] }

// Peers returns the cells that may not hold the same digit as cell: the
// other cells of its houses, its anti-knight and anti-king partners, and
// the other cells of its killer cage.
func (r Rules) Peers(cell int) CellSet { return r.set().peers[cell] }

// Sees reports whether two distinct cells may not hold the same digit.
func (r Rules) Sees(a, b int) bool { return a != b && r.set().peers[a].Has(b) }

// HasPair reports whether the rules include a pair rule.
func (r Rules) HasPair(p PairRule) bool { return p < numPairRules && r.set().has[p] }

// Partners returns the cells a pair rule ties to cell: the cells a
// knight's or a king's move away, or its orthogonal neighbours for
// non-consecutive; none when the rules do not include it.
func (r Rules) Partners(p PairRule, cell int) CellSet {
	if p >= numPairRules {
		return CellSet{}
	}
	return r.set().partners[p][cell]
}

// Candidates returns each cell's candidates under the rules: the digits
// that no filled peer holds (and, with non-consecutive, that no filled
// orthogonal neighbour holds a digit next to); a filled cell's set is its
// own digit. For classic rules it is Grid.Candidates.
func (r Rules) Candidates(g Grid) [81]Digits {
	if r.IsClassic() {
		return g.Candidates()
	}
	s := r.s
	var c [81]Digits
	for i := range c {
		c[i] = AllDigits
	}
	for i, v := range g {
		if v == 0 || v > 9 {
			continue
		}
		bit := Digits(1) << v
		for p := range s.peers[i].All() {
			c[p] &^= bit
		}
		if s.has[NonConsecutive] {
			for p := range s.partners[NonConsecutive][i].All() {
				c[p] &^= (bit<<1 | bit>>1) & AllDigits
			}
		}
	}
	for i, v := range g {
		if v != 0 {
			c[i] = 1 << v
		}
	}
	return c
}

// Check reports whether a grid, filled or partial, breaks the rules: a
// digit repeated in a house (a *ConflictError: "digit 4 repeated in
// diagonal 1: r1c1 and r5c5"), then a killer cage its digits break (a
// *CageError: a repeated digit, a sum missed or out of reach), then two
// cells that break a pair rule (a *PairError: "r3c4 and r5c5 are a
// knight's move apart and both hold 7"). Houses are checked in order,
// then cages, then pairs cell by cell in reading order.
// For classic rules it is Grid.Validate.
func (r Rules) Check(g Grid) error {
	if r.IsClassic() {
		return g.Validate()
	}
	for i, v := range g {
		if v > 9 {
			return Invalidf("cell %s holds %d, want 0..9", CellName(i), v)
		}
	}
	s := r.s
	for h, house := range s.houses {
		var seen [10]int8
		for _, cell := range house.Cells {
			v := g[cell]
			if v == 0 {
				continue
			}
			if seen[v] != 0 {
				return &ConflictError{Digit: int(v), Unit: h, Cells: [2]int{int(seen[v]) - 1, int(cell)}, Rules: r}
			}
			seen[v] = int8(cell) + 1
		}
	}
	if err := s.checkCages(&g); err != nil {
		return err
	}
	for a, v := range g {
		if v == 0 {
			continue
		}
		for p := range numPairRules {
			for b := range s.partners[p][a].All() {
				w := g[b]
				if b > a && w != 0 && breaks(p, v, w) {
					return &PairError{Rule: p, Cells: [2]int{a, b}, Digits: [2]int{int(v), int(w)}}
				}
			}
		}
	}
	return nil
}

// CheckSolution verifies that solution is a complete grid that keeps every
// given of puzzle and keeps the rules, as the package's CheckSolution does
// for classic rules (which it is for them).
func (r Rules) CheckSolution(puzzle, solution Grid) error {
	if r.IsClassic() {
		return CheckSolution(puzzle, solution)
	}
	for i, v := range solution {
		if v == 0 {
			return fmt.Errorf("%w: %s", ErrIncomplete, CellName(i))
		}
		if puzzle[i] != 0 && puzzle[i] != v {
			return fmt.Errorf("solution changes the given %d at %s to %d", puzzle[i], CellName(i), v)
		}
	}
	return r.Check(solution)
}

// breaks reports whether digits v and w on two cells a pair rule ties
// break it.
func breaks(p PairRule, v, w uint8) bool {
	if p == NonConsecutive {
		return v == w+1 || w == v+1
	}
	return v == w
}

// PairError reports two cells that break a pair rule.
type PairError struct {
	Rule   PairRule
	Cells  [2]int // in reading order
	Digits [2]int // the digits they hold
}

// Is makes a PairError of kind ErrInvalid: the digits given break the
// rules.
func (e *PairError) Is(target error) bool { return target == ErrInvalid }

func (e *PairError) Error() string {
	a, b := CellName(e.Cells[0]), CellName(e.Cells[1])
	switch e.Rule {
	case AntiKnight:
		return fmt.Sprintf("%s and %s are a knight's move apart and both hold %d", a, b, e.Digits[0])
	case AntiKing:
		return fmt.Sprintf("%s and %s are a king's move apart and both hold %d", a, b, e.Digits[0])
	}
	return fmt.Sprintf("%s and %s are neighbours holding %d and %d", a, b, e.Digits[0], e.Digits[1])
}

// StateOf returns the candidate state of a puzzle under the rules: its
// empty cells hold cands (all digits when cands is nil) less the digits
// its filled cells rule out. For classic rules it is NewState or StateOf.
func (r Rules) StateOf(g Grid, cands *[81]Digits) *State {
	if r.IsClassic() {
		if cands == nil {
			return NewState(g)
		}
		return StateOf(g, cands)
	}
	allowed := r.Candidates(g)
	s := &State{Values: g, Rules: r}
	for i, v := range g {
		if v != 0 {
			continue
		}
		s.Cands[i] = allowed[i]
		if cands != nil {
			s.Cands[i] &= cands[i]
		}
	}
	return s
}

// CheckState reports the first thing that makes a state impossible under
// the rules, as State.Check does for classic rules: the digits break the
// rules (Check), an empty cell has no candidate, or a digit has no place
// left in a house ("no 7 left in diagonal 2").
func (r Rules) CheckState(st *State) error {
	if r.IsClassic() {
		return (&State{Values: st.Values, Cands: st.Cands}).Check()
	}
	if err := r.Check(st.Grid()); err != nil {
		return err
	}
	for i, v := range st.Values {
		if v == 0 && st.Cands[i] == 0 {
			return fmt.Errorf("%s %w", CellName(i), ErrNoCandidate)
		}
	}
	for h, house := range r.s.houses {
		var have Digits
		for _, c := range house.Cells {
			if v := st.Values[c]; v != 0 {
				have |= 1 << v
			} else {
				have |= st.Cands[c]
			}
		}
		if missing := AllDigits &^ have; missing != 0 {
			return &PlaceError{Digit: missing.First(), Unit: h, Rules: r}
		}
	}
	return nil
}

// place removes digit d, just placed in cell, from the candidates of the
// cell's peers under the rules, and, with non-consecutive, d-1 and d+1 from
// its orthogonal neighbours.
func (r Rules) place(s *State, cell, d int) {
	bit := Digits(1) << d
	for p := range r.s.peers[cell].All() {
		s.Cands[p] &^= bit
	}
	if r.s.has[NonConsecutive] {
		for p := range r.s.partners[NonConsecutive][cell].All() {
			s.Cands[p] &^= (bit<<1 | bit>>1) & AllDigits
		}
	}
}
