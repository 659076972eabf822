package techniques

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Reasons for eliminations. Under classic rules a cell that loses a digit
// sees the pattern's cells through a row, a column or a box, which the
// step's pattern makes plain. Under a variant's rules it may see them
// through an extra house or a pair rule instead; the steps then say so
// after the elimination ("r7c7<>5 (knight's move from r5c8)"), in the
// words the chains use for their links (SeeReason).

// baseHouses is the mask of the rows, columns and boxes (or a jigsaw's
// regions): houses 0 to 26.
const baseHouses = uint64(1)<<27 - 1

// extraReason says why cell b may not hold the digit of cell a when no
// row, column or box (region) ties them: the extra house they share
// ("diagonal 1") or the pair rule ("knight's move from r5c8"), as
// SeeReason says it; "" when a base house ties them, or nothing does.
func extraReason(r sudoku.Rules, a, b int) string {
	if r.HousesOf(a)&r.HousesOf(b)&baseHouses != 0 {
		return ""
	}
	return SeeReason(r, a, b)
}

// nextToReason says why a cell may not hold a digit next to cell a's under
// non-consecutive, as the chains say it: "next to r3c4 (non-consecutive)".
func nextToReason(a int) string { return "next to " + sudoku.CellName(a) + " (non-consecutive)" }

// seeReasons fills st.Reasons for a step whose eliminated candidates are
// those that see every cell of the pattern that could hold the digit:
// witnesses(d) lists those cells for digit d. Only rules with a pair rule
// or an extra house give reasons; none when every witness is in a row,
// column or box (region) of the eliminated cell.
func seeReasons(st *Step, witnesses func(d int) []int) {
	r := st.Rules
	if r.IsClassic() || !r.HasPair(sudoku.AntiKnight) && !r.HasPair(sudoku.AntiKing) && r.NumHouses() == 27 {
		return
	}
	var reasons []string
	for i, e := range st.Eliminations {
		var why []string
		for _, w := range witnesses(int(e.Digit)) {
			if reason := extraReason(r, w, int(e.Cell)); reason != "" && !slices.Contains(why, reason) {
				why = append(why, reason)
			}
		}
		if len(why) > 0 {
			if reasons == nil {
				reasons = make([]string, len(st.Eliminations))
			}
			reasons[i] = andList(why)
		}
	}
	st.Reasons = reasons
}

// heldBy returns the witnesses of a pattern's cells: for digit d, those
// that have it as a candidate in s.
func heldBy(s *State, cells []int) func(d int) []int {
	return func(d int) []int {
		var out []int
		for _, c := range cells {
			if s.Cands[c].Has(d) {
				out = append(out, c)
			}
		}
		return out
	}
}

// andList writes "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// alignedReasons fills st.Reasons for an aligned pair or triplet exclusion:
// its aligned cells (st.Cells' first n) and the excluders after them count
// as seeing each other; where an extra house or a pair rule is what ties
// two of them, every elimination says so ("r3c8 and r5c9 a knight's move
// apart", "r1c1 and r5c5 in diagonal 1").
func alignedReasons(st *Step, n int) {
	r := st.Rules
	if r.IsClassic() {
		return
	}
	var ties []string
	for i, c := range st.Cells[:n] {
		for _, x := range st.Cells[i+1:] {
			if tie := extraTie(r, c, x); tie != "" {
				ties = append(ties, tie)
			}
		}
	}
	if len(ties) == 0 {
		return
	}
	why := strings.Join(ties, "; ")
	st.Reasons = make([]string, len(st.Eliminations))
	for i := range st.Reasons {
		st.Reasons[i] = why
	}
}

// extraTie says what ties two cells when no row, column or box (region)
// does: "r1c1 and r5c5 in diagonal 1", "r3c8 and r5c9 a knight's move
// apart"; "" otherwise.
func extraTie(r sudoku.Rules, a, b int) string {
	shared := r.HousesOf(a) & r.HousesOf(b)
	pair := sudoku.CellName(a) + " and " + sudoku.CellName(b)
	switch {
	case shared&baseHouses != 0:
		return ""
	case shared != 0:
		return pair + " in " + r.House(bits.TrailingZeros64(shared)).Name()
	case r.Partners(sudoku.AntiKnight, a).Has(b):
		return pair + " a knight's move apart"
	case r.Partners(sudoku.AntiKing, a).Has(b):
		return pair + " a king's move apart"
	}
	return ""
}
