package techniques

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

var (
	fishNames   = [5]string{"", "", "X-Wing", "Swordfish", "Jellyfish"}
	fishKeys    = [5]string{"", "", "x-wing", "swordfish", "jellyfish"}
	fishRatings = [5]sudoku.Rating{0, 0, 3.2, 3.8, 5.2}
)

// lineCell returns the cell at position i of line l, where lines 0..8 are
// rows and 9..17 columns.
func lineCell(l, i int) int {
	if l < 9 {
		return l*9 + i
	}
	return i*9 + (l - 9)
}

// findFish returns the finder of basic fish of size k (X-Wing 3.2,
// Swordfish 3.8, Jellyfish 5.2): k base lines whose candidates for a digit
// lie in k cover lines, so the digit leaves the rest of the cover lines. SE
// scans columns as base lines first, then rows; line combinations outer,
// digits inner.
func findFish(k int) Finder { return withPositions(fishWith(k)) }

// fishWith is findFish on a state's position table.
func fishWith(k int) posFinder {
	return func(s *State, pos *posTable, emit Emit) bool {
		placed := placedCounts(s)
		type fish struct {
			lines uint32 // the base lines, as a mask of line indexes
			digit int
			union uint16 // the cover lines' positions
		}
		var found []fish
		for _, base := range [2]int{9, 0} { // columns, then rows
			cover := 9 - base
			// Each digit's fish, by the partial unions of its base lines'
			// positions (a line with fewer than two places is no base: its
			// mask, all nine bits, fits no union of k); then in SE's order:
			// line combinations, then digits.
			found = found[:0]
			for d := 1; d <= 9; d++ {
				if placed[d]+2*k > 9 {
					continue
				}
				var masks [9]uint16
				for i := range masks {
					if masks[i] = pos[base+i][d]; popcount16(masks[i]) < 2 {
						masks[i] = 0x1FF
					}
				}
				smallUnions(masks[:], k, func(sub uint32, union uint16) bool {
					found = append(found, fish{sub, d, union})
					return true
				})
			}
			slices.SortStableFunc(found, func(a, b fish) int { return cmp.Compare(a.lines, b.lines) })
			for _, f := range found {
				m, d, union := f.lines, f.digit, f.union
				var elim []Candidate
				var cells []int
				var units []int
				for x := m; x != 0; x &= x - 1 {
					units = append(units, base+bits.TrailingZeros32(x))
				}
				for y := union; y != 0; y &= y - 1 {
					cl := cover + lowBit(y)
					units = append(units, cl)
					for i := 0; i < 9; i++ {
						c := lineCell(cl, i)
						if !s.Cands[c].Has(d) {
							continue
						}
						if m>>i&1 != 0 {
							cells = append(cells, c)
						} else {
							elim = append(elim, Candidate{uint8(c), uint8(d)})
						}
					}
				}
				if len(elim) == 0 {
					continue
				}
				st := &Step{Technique: fishKeys[k], Name: fishNames[k], Rating: fishRatings[k],
					Eliminations: elim, Cells: cells, Units: units, Digits: sudoku.DigitSet(d),
					Detail: fmt.Sprintf("%d in %s", d, fishLines(units[:k], units[k:]))}
				if !emit(st) {
					return false
				}
			}
		}
		return true
	}
}

// fishLines names base and cover lines the way players write a fish:
// "r2,r8 c3,c6" (rows first).
func fishLines(base, cover []int) string {
	name := func(ls []int) string {
		var parts []string
		for _, l := range ls {
			if l < 9 {
				parts = append(parts, fmt.Sprintf("r%d", l+1))
			} else {
				parts = append(parts, fmt.Sprintf("c%d", l-8))
			}
		}
		return strings.Join(parts, ",")
	}
	if base[0] >= 9 {
		base, cover = cover, base
	}
	return name(base) + " " + name(cover)
}
