package sudoku

import (
	"fmt"
	"math/bits"
	"slices"
)

// A killer's cages are rules of its grid: the digits of a cage's cells add
// up to the cage's sum, and no digit repeats in a cage, so that the other
// cells of a cell's cage are its peers. Cages are not houses (a cage of
// fewer than nine cells holds only some digits). Rules with the variant
// "killer" carry them (Rules.WithCages); they combine with the other
// variants (killer-x is "x,killer").

// Cage is one cage of a killer: its sum and its cells, in reading order.
type Cage struct {
	Sum   int
	Cells []int
}

// Name names the cage for explanations and errors: "the 15-cage at
// r1c1-r1c2" names its first and last cells ("r1c1" alone for a cage of
// one cell).
func (c Cage) Name() string {
	if len(c.Cells) == 0 {
		return fmt.Sprintf("the %d-cage", c.Sum)
	}
	at := CellName(c.Cells[0])
	if len(c.Cells) > 1 {
		at += "-" + CellName(c.Cells[len(c.Cells)-1])
	}
	return fmt.Sprintf("the %d-cage at %s", c.Sum, at)
}

// Set returns the cage's cells as a set.
func (c Cage) Set() CellSet { return CellSetOf(c.Cells...) }

// CageSums returns the smallest and largest sum of n distinct digits 1-9.
func CageSums(n int) (lo, hi int) { return n * (n + 1) / 2, n * (19 - n) / 2 }

// CageCombinations returns the sets of n distinct digits 1-9 that add up
// to sum, smallest first ({1,2,6}, {1,3,5}, {2,3,4} for 9 in 3 cells);
// none when no set does.
func CageCombinations(n, sum int) []Digits {
	if n < 1 || n > 9 || sum < 1 || sum > 45 {
		return nil
	}
	return slices.Clone(combos[n][sum])
}

// combos[n][sum] are CageCombinations(n, sum), built once: 511 sets in all.
var combos = func() (t [10][46][]Digits) {
	for m := 1; m < 512; m++ {
		set := Digits(m << 1)
		n, sum := bits.OnesCount(uint(m)), 0
		for d := 1; d <= 9; d++ {
			if set.Has(d) {
				sum += d
			}
		}
		t[n][sum] = append(t[n][sum], set)
	}
	for n := range t {
		for s := range t[n] {
			slices.SortFunc(t[n][s], func(a, b Digits) int {
				return slices.Compare(a.Slice(), b.Slice())
			})
		}
	}
	return t
}()

// ParseCellName reads a cell's name, "r1c1" to "r9c9" (or "R1C1"), as
// CellName writes it.
func ParseCellName(name string) (int, error) {
	if len(name) != 4 || (name[0] != 'r' && name[0] != 'R') || (name[2] != 'c' && name[2] != 'C') ||
		name[1] < '1' || name[1] > '9' || name[3] < '1' || name[3] > '9' {
		return 0, Invalidf("%q is no cell name: want r1c1 to r9c9", name)
	}
	return int(name[1]-'1')*9 + int(name[3]-'1'), nil
}

// WithCages returns the rules with the cages of a killer: the variant
// killer is added when the rules lack it, and the cages replace any the
// rules had. Each cage has 1 to 9 distinct cells, connected by steps to
// orthogonal or diagonal neighbours (as every published killer's are,
// and as the arrow format needs), and a sum that that many distinct digits
// can make (3 to 24 for two cells); cages do not overlap; they need not
// cover the grid. A cage's cells are kept in reading order. A bad cage is
// an error of kind ErrInvalid naming it.
func (r Rules) WithCages(cages []Cage) (Rules, error) {
	if !r.Has("killer") {
		names := append(r.Variants(), "killer")
		var err error
		if r, err = NewRules(names, r.Regions()); err != nil {
			return Rules{}, err
		}
	}
	if len(cages) == 0 {
		return Rules{}, Invalidf("a killer needs its cages")
	}
	s := *r.set() // a copy: killer rules are the puzzle's own, never interned
	s.cages = make([]Cage, len(cages))
	for i := range s.cageOf {
		s.cageOf[i] = -1
	}
	for i, c := range cages {
		cells := slices.Clone(c.Cells)
		slices.Sort(cells)
		c = Cage{Sum: c.Sum, Cells: cells}
		if err := s.addCage(i, c); err != nil {
			return Rules{}, err
		}
	}
	s.build()
	return Rules{&s}, nil
}

// addCage checks cage i and records it.
func (s *ruleSet) addCage(i int, c Cage) error {
	what := fmt.Sprintf("cage %d (sum %d)", i+1, c.Sum)
	if len(c.Cells) > 0 {
		what = fmt.Sprintf("cage %d (sum %d at %s)", i+1, c.Sum, CellName(c.Cells[0]))
	}
	n := len(c.Cells)
	if n == 0 || n > 9 {
		return Invalidf("%s has %d cells, want 1 to 9", what, n)
	}
	var set CellSet
	for _, cell := range c.Cells {
		if cell < 0 || cell > 80 {
			return Invalidf("%s: cell %d is off the grid", what, cell)
		}
		if set.Has(cell) {
			return Invalidf("%s names %s twice", what, CellName(cell))
		}
		if other := s.cageOf[cell]; other >= 0 {
			return Invalidf("%s overlaps cage %d at %s", what, other+1, CellName(cell))
		}
		set.Add(cell)
	}
	if lo, hi := CageSums(n); c.Sum < lo || c.Sum > hi {
		return Invalidf("%s: no %d distinct digits add up to %d (%d to %d do)", what, n, c.Sum, lo, hi)
	}
	if far := disconnected(set); far >= 0 {
		return Invalidf("%s is in pieces: %s does not join %s", what, CellName(far), CellName(c.Cells[0]))
	}
	for _, cell := range c.Cells {
		s.cageOf[cell] = int8(i)
	}
	s.cages[i] = c
	return nil
}

// disconnected returns a cell of set that steps to orthogonal or diagonal
// neighbours inside it do not reach from its first cell; -1 when there is
// none.
func disconnected(set CellSet) int {
	first := set.First()
	seen := CellSetOf(first)
	stack := []int{first}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for n := range moves(c, kingSteps).Intersect(set).Minus(seen).All() {
			seen.Add(n)
			stack = append(stack, n)
		}
	}
	if rest := set.Minus(seen); !rest.Empty() {
		return rest.First()
	}
	return -1
}

// HasCages reports whether the rules carry a killer's cages.
func (r Rules) HasCages() bool { return len(r.set().cages) > 0 }

// Cages returns the killer's cages, in the order they were given; none
// for rules without them.
func (r Rules) Cages() []Cage {
	out := make([]Cage, len(r.set().cages))
	for i, c := range r.set().cages {
		out[i] = Cage{Sum: c.Sum, Cells: slices.Clone(c.Cells)}
	}
	return out
}

// NumCages returns the number of cages.
func (r Rules) NumCages() int { return len(r.set().cages) }

// Cage returns cage i (0 <= i < NumCages()); its Cells must not be
// modified.
func (r Rules) Cage(i int) Cage { return r.set().cages[i] }

// CageOf returns the index of the cage a cell is in, or -1.
func (r Rules) CageOf(cell int) int {
	if !r.HasCages() {
		return -1
	}
	return int(r.s.cageOf[cell])
}

// WithoutCages returns the rules less their cages: the variants alone,
// which a command line's --variant killer gives and every killer agrees
// with.
func (r Rules) WithoutCages() Rules {
	if !r.HasCages() {
		return r
	}
	out, err := NewRules(r.Variants(), r.Regions())
	if err != nil {
		panic("sudoku: rules that were built do not build again: " + err.Error())
	}
	return out
}

// equalCages reports whether two rule sets have the same cages.
func equalCages(a, b *ruleSet) bool {
	return slices.EqualFunc(a.cages, b.cages, func(x, y Cage) bool {
		return x.Sum == y.Sum && slices.Equal(x.Cells, y.Cells)
	})
}

// CageError reports a cage whose digits break its rule: a repeated digit,
// a full cage whose digits miss its sum, or a partial one whose digits
// leave no way to reach it.
type CageError struct {
	Cage  Cage
	Cells [2]int // a repeated digit's two cells; unused otherwise
	Digit int    // the repeated digit, or 0
	Total int    // the digits' sum, when Digit is 0
	Full  bool   // every cell of the cage holds a digit
}

// Is makes a CageError of kind ErrInvalid: the digits given break the
// rules.
func (e *CageError) Is(target error) bool { return target == ErrInvalid }

func (e *CageError) Error() string {
	switch {
	case e.Digit != 0:
		return fmt.Sprintf("digit %d repeated in %s: %s and %s", e.Digit, e.Cage.Name(), CellName(e.Cells[0]), CellName(e.Cells[1]))
	case e.Full:
		return fmt.Sprintf("the digits of %s add up to %d", e.Cage.Name(), e.Total)
	}
	return fmt.Sprintf("the digits in %s add up to %d, which its empty cells cannot bring to %d", e.Cage.Name(), e.Total, e.Cage.Sum)
}

// checkCages reports the first cage that g's digits break, in the order of
// the cages.
func (s *ruleSet) checkCages(g *Grid) error {
	for _, c := range s.cages {
		var seen [10]int8
		var used Digits
		total, empty := 0, 0
		for _, cell := range c.Cells {
			v := g[cell]
			if v == 0 {
				empty++
				continue
			}
			if seen[v] != 0 {
				return &CageError{Cage: c, Digit: int(v), Cells: [2]int{int(seen[v]) - 1, cell}}
			}
			seen[v] = int8(cell) + 1
			used |= 1 << v
			total += int(v)
		}
		if empty == 0 {
			if total != c.Sum {
				return &CageError{Cage: c, Total: total, Full: true}
			}
			continue
		}
		if !reachable(c.Sum-total, empty, used) {
			return &CageError{Cage: c, Total: total}
		}
	}
	return nil
}

// reachable reports whether n distinct digits outside used add up to sum.
func reachable(sum, n int, used Digits) bool {
	if sum < 1 || sum > 45 || n > 9 {
		return false
	}
	for _, m := range combos[n][sum] {
		if m&used == 0 {
			return true
		}
	}
	return false
}

// cagesField is the label field that carries a killer's cages: "cages="
// and the 81 characters of the arrow format (see FormatArrows).
const cagesField = "cages="

// CageOptions returns what a cage's cells can still hold: the combinations
// of CageCombinations(len(cands), sum) that the cells can take, each cell
// a distinct digit of the combination among its candidates (cands[i]; a
// filled cell's candidates are its digit alone), and for each cell the
// digits that some such placement gives it. A cell with no digit left
// leaves the cage no combination.
func CageOptions(sum int, cands []Digits) (combinations, cells []Digits) {
	n := len(cands)
	cells = make([]Digits, n)
	for _, combo := range CageCombinations(n, sum) {
		// reach[k] holds the sets of digits that the first k cells can
		// take, distinct and within combo; back[k], those of them from
		// which the other cells can complete combo.
		var reach [10][1 << 10]bool
		reach[0][0] = true
		for k := range n {
			for m := range reach[k] {
				if !reach[k][m] {
					continue
				}
				for _, d := range (cands[k] & combo &^ Digits(m)).Slice() {
					reach[k+1][m|1<<d] = true
				}
			}
		}
		if !reach[n][combo] {
			continue
		}
		combinations = append(combinations, combo)
		var back [10][1 << 10]bool
		back[n][combo] = true
		for k := n - 1; k >= 0; k-- {
			for m := range reach[k] {
				if !reach[k][m] {
					continue
				}
				for _, d := range (cands[k] & combo &^ Digits(m)).Slice() {
					if back[k+1][m|1<<d] {
						back[k][m] = true
						cells[k] |= 1 << d
					}
				}
			}
		}
	}
	return combinations, cells
}
