package techniques

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// The killer techniques: what a killer's cages say beyond the peers they
// make (a cage's cells differ, which every classic technique already
// reads). Sudoku Explainer has no killers; the ratings on its scale are
// sudokit's own, chosen beside the classic techniques each one resembles
// (see docs/techniques.md#killer-techniques). Every finder here finds
// nothing under rules without cages.

// killerCombos[n][sum] are the sets of n distinct digits that add up to
// sum (sudoku.CageCombinations), built once.
var killerCombos = func() (t [10][46][]sudoku.Digits) {
	for n := 1; n <= 9; n++ {
		for sum := 1; sum <= 45; sum++ {
			t[n][sum] = sudoku.CageCombinations(n, sum)
		}
	}
	return t
}()

// combosOf returns the combinations of n distinct digits outside not that
// add up to sum.
func combosOf(n, sum int, not sudoku.Digits) []sudoku.Digits {
	if n < 1 || n > 9 || sum < 1 || sum > 45 {
		return nil
	}
	var out []sudoku.Digits
	for _, c := range killerCombos[n][sum] {
		if c&not == 0 {
			out = append(out, c)
		}
	}
	return out
}

// cageView is a cage as a state has it: its empty cells, the sum they
// must make, and the digits placed in it.
type cageView struct {
	index  int
	cage   sudoku.Cage
	empty  []int
	rest   int
	placed sudoku.Digits
}

// cageViews returns every cage of the state's rules, in the rules' order.
// The cages' empty cells share one array (no cage has room to grow into
// the next's).
func cageViews(s *State) []cageView {
	r := s.Rules
	out := make([]cageView, r.NumCages())
	empty := make([]int, 0, 81)
	for i := range out {
		c := r.Cage(i)
		v := cageView{index: i, cage: c, rest: c.Sum}
		start := len(empty)
		for _, cell := range c.Cells {
			if d := int(s.Values[cell]); d != 0 {
				v.rest -= d
				v.placed = v.placed.With(d)
			} else {
				empty = append(empty, cell)
			}
		}
		v.empty = empty[start:len(empty):len(empty)]
		out[i] = v
	}
	return out
}

// cands returns the union of the candidates of cells.
func unionCands(s *State, cells []int) sudoku.Digits {
	var u sudoku.Digits
	for _, c := range cells {
		u |= s.Cands[c]
	}
	return u
}

// comboList writes combinations as solvers do: "69, 78".
func comboList(combos []sudoku.Digits) string {
	parts := make([]string, len(combos))
	for i, c := range combos {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// plusList writes cells as a sum: "r1c8+r1c9".
func plusList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = sudoku.CellName(c)
	}
	return strings.Join(names, "+")
}

// restrict returns the eliminations that leave cells with only digits of
// keep.
func restrict(s *State, cells []int, keep sudoku.Digits) []Candidate {
	var out []Candidate
	for _, c := range cells {
		for _, d := range (s.Cands[c] &^ keep).Slice() {
			out = append(out, Candidate{Cell: uint8(c), Digit: uint8(d)})
		}
	}
	return out
}

// killerStep builds a step of a killer technique.
func killerStep(key, name string, rating sudoku.Rating, cages []int, cells []int, units []int, detail string) *Step {
	return &Step{Technique: key, Name: name, Rating: rating, Cages: cages, Cells: slices.Clone(cells), Units: units, Detail: detail}
}

// findCageCombinations finds the cages whose sum alone rules out some
// candidates of their empty cells: those cells keep only the digits of the
// combinations of their number that add up to what the cage still needs,
// without the digits placed in it. The last empty cell of a cage takes
// what is left of its sum. Rated 1.0, as a full house: a look in the
// table of sums.
func findCageCombinations(s *State, emit Emit) bool {
	if !s.Rules.HasCages() {
		return true
	}
	for _, v := range cageViews(s) {
		if len(v.empty) == 0 {
			continue
		}
		if len(v.empty) == 1 {
			cell, d := v.empty[0], v.rest
			if d < 1 || d > 9 || !s.Cands[cell].Has(d) {
				continue // a broken state: no step to take here
			}
			st := killerStep("killer-combination", "Cage Combinations", 1.0, []int{v.index}, v.empty, nil,
				fmt.Sprintf("%s needs %d more in its last cell %s", v.cage.Name(), d, sudoku.CellName(cell)))
			st.Digits = sudoku.DigitSet(d)
			st.Placements = []Candidate{{Cell: uint8(cell), Digit: uint8(d)}}
			if !emit(st) {
				return false
			}
			continue
		}
		combos := combosOf(len(v.empty), v.rest, v.placed)
		var allowed sudoku.Digits
		for _, c := range combos {
			allowed |= c
		}
		elims := restrict(s, v.empty, allowed)
		if len(elims) == 0 {
			continue
		}
		detail := fmt.Sprintf("%s: %s add up to %d", v.cage.Name(), cellList(v.empty), v.rest)
		if v.placed != 0 {
			detail += fmt.Sprintf(" without %s", digitList(v.placed))
		}
		detail += ": " + comboList(combos)
		st := killerStep("killer-combination", "Cage Combinations", 1.0, []int{v.index}, v.empty, nil, detail)
		st.Digits, st.Eliminations = allowed, elims
		if !emit(st) {
			return false
		}
	}
	return true
}

// possibleCombos returns a cage's combinations whose every digit some
// empty cell of the cage still holds.
func possibleCombos(s *State, v cageView) (kept, dropped []sudoku.Digits) {
	held := unionCands(s, v.empty)
	for _, c := range combosOf(len(v.empty), v.rest, v.placed) {
		if c&^held == 0 {
			kept = append(kept, c)
		} else {
			dropped = append(dropped, c)
		}
	}
	return kept, dropped
}

// findHiddenCageCombinations finds the cages with a combination that needs
// a digit none of their empty cells holds any more: the combination is
// dropped, and the cells keep only the digits of those left. Rated 2.1,
// above the direct hidden pair (2.0): a digit's absence from a group of
// cells rules out what would need it.
func findHiddenCageCombinations(s *State, emit Emit) bool {
	if !s.Rules.HasCages() {
		return true
	}
	for _, v := range cageViews(s) {
		if len(v.empty) < 2 {
			continue
		}
		kept, dropped := possibleCombos(s, v)
		if len(dropped) == 0 || len(kept) == 0 {
			continue
		}
		var allowed sudoku.Digits
		for _, c := range kept {
			allowed |= c
		}
		elims := restrict(s, v.empty, allowed)
		if len(elims) == 0 {
			continue
		}
		held := unionCands(s, v.empty)
		why := make([]string, len(dropped))
		for i, c := range dropped {
			why[i] = fmt.Sprintf("%s needs %s", c, digitList(c&^held))
		}
		detail := fmt.Sprintf("%s: no cell of %s holds what %s; left: %s", v.cage.Name(), cellList(v.empty),
			strings.Join(why, ", "), comboList(kept))
		st := killerStep("killer-hidden-combination", "Hidden Cage Combinations", 2.1, []int{v.index}, v.empty, nil, detail)
		st.Digits, st.Eliminations = allowed, elims
		if !emit(st) {
			return false
		}
	}
	return true
}

// findCageHouseOverlap finds, first, a digit that every combination left
// to a cage holds, whose places in the cage lie in one house: the digit
// is in the cage there, and leaves the rest of the house (rated 2.5, just
// below pointing, 2.6, which it resembles: the cage points). Then the
// converse: a house whose places for a digit all lie in one cage puts the
// digit in the cage, which drops the cage's combinations without it and
// the digit from the cage's cells outside the house (rated 2.7, below
// claiming, 2.8).
func findCageHouseOverlap(s *State, emit Emit) bool {
	if !s.Rules.HasCages() {
		return true
	}
	r := s.Rules
	views := cageViews(s)
	for _, v := range views {
		if len(v.empty) < 2 {
			continue
		}
		kept, _ := possibleCombos(s, v)
		if len(kept) == 0 {
			continue
		}
		need := sudoku.AllDigits
		for _, c := range kept {
			need &= c
		}
		cage := v.cage.Set()
		for _, d := range need.Slice() {
			var at []int
			houses := ^uint64(0)
			for _, c := range v.empty {
				if s.Cands[c].Has(d) {
					at = append(at, c)
					houses &= r.HousesOf(c)
				}
			}
			if len(at) == 0 {
				continue
			}
			for h := range r.NumHouses() {
				if houses&(1<<h) == 0 {
					continue
				}
				var elims []Candidate
				for c := range r.HouseCells(h).Minus(cage).All() {
					if s.Values[c] == 0 && s.Cands[c].Has(d) {
						elims = append(elims, Candidate{Cell: uint8(c), Digit: uint8(d)})
					}
				}
				if len(elims) == 0 {
					continue
				}
				detail := fmt.Sprintf("every combination left to %s (%s) holds %d, which only %s of it can take, in %s",
					v.cage.Name(), comboList(kept), d, cellList(at), r.House(h).Name())
				st := killerStep("killer-overlap", "Cage/House Overlap", 2.5, []int{v.index}, at, []int{h}, detail)
				st.Digits, st.Eliminations = sudoku.DigitSet(d), elims
				if !emit(st) {
					return false
				}
			}
		}
	}
	for h := range r.NumHouses() {
		for d := 1; d <= 9; d++ {
			var at []int
			cage := -1
			ok := true
			for c := range r.HouseCells(h).All() {
				if int(s.Values[c]) == d {
					ok = false
					break
				}
				if s.Values[c] != 0 || !s.Cands[c].Has(d) {
					continue
				}
				k := r.CageOf(c)
				if k < 0 || (cage >= 0 && k != cage) {
					ok = false
					break
				}
				cage = k
				at = append(at, c)
			}
			if !ok || cage < 0 {
				continue
			}
			v := views[cage]
			kept, _ := possibleCombos(s, v)
			var with []sudoku.Digits
			var allowed sudoku.Digits
			for _, c := range kept {
				if c.Has(d) {
					with = append(with, c)
					allowed |= c
				}
			}
			if len(with) == 0 {
				continue
			}
			inHouse := r.HouseCells(h)
			var elims []Candidate
			for _, c := range v.empty {
				drop := s.Cands[c] &^ allowed
				if !inHouse.Has(c) && s.Cands[c].Has(d) {
					drop = drop.With(d)
				}
				for _, x := range drop.Slice() {
					elims = append(elims, Candidate{Cell: uint8(c), Digit: uint8(x)})
				}
			}
			if len(elims) == 0 {
				continue
			}
			detail := fmt.Sprintf("%d in %s can only go in %s, in %s, which must hold it: %s",
				d, r.House(h).Name(), cellList(at), v.cage.Name(), comboList(with))
			st := killerStep("killer-overlap", "Cage/House Overlap", 2.7, []int{cage}, at, []int{h}, detail)
			st.Digits, st.Eliminations = allowed, elims
			if !emit(st) {
				return false
			}
		}
	}
	return true
}
