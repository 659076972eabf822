package techniques

import (
	"fmt"
	"math/bits"

	"github.com/sudokit/sudokit/sudoku"
)

// findFinnedFish returns the finder of finned and sashimi fish of size k (an
// extra beyond SE's rule set): a fish whose base lines have extra
// candidates, the fins, all in one box. Either the fish holds or a fin does,
// so d leaves the cells of the cover lines (outside the base lines) in the
// fins' box. Sashimi: a base line keeps only one candidate in the covers.
func findFinnedFish(k int) Finder {
	key, rating := "finned-x-wing", sudoku.Rating(6.6)
	if k == 3 {
		key, rating = "finned-swordfish", 6.7
	}
	return func(s *State, emit Emit) bool {
		var table posTable
		fillPositions(s, &table)
		for d := 1; d <= 9; d++ {
			for _, base := range [2]int{0, 9} { // rows, then columns
				cover := 9 - base
				var pos [9]uint16
				for i := 0; i < 9; i++ {
					pos[i] = table[base+i][d]
				}
				ok := combos(9, k, func(m uint32) bool {
					var union uint16
					for x := m; x != 0; x &= x - 1 {
						p := pos[bits.TrailingZeros32(x)]
						if p == 0 {
							return true
						}
						union |= p
					}
					if popcount16(union) <= k {
						return true
					}
					// The fins lie in one box, so in one group of three cover
					// positions; every position outside that group is a cover.
					for g := 0; g < 3; g++ {
						group := uint16(7) << (3 * g)
						outside := union &^ group
						if popcount16(outside) > k {
							continue
						}
						var idx []int
						for y := union & group; y != 0; y &= y - 1 {
							idx = append(idx, lowBit(y))
						}
						ok := combos(len(idx), k-popcount16(outside), func(cm uint32) bool {
							covers := outside
							for x := cm; x != 0; x &= x - 1 {
								covers |= 1 << idx[bits.TrailingZeros32(x)]
							}
							if popcount16(union&^covers) == 0 {
								return true
							}
							return finnedStep(s, emit, d, k, key, rating, base, cover, m, covers, &pos)
						})
						if !ok {
							return false
						}
					}
					return true
				})
				if !ok {
					return false
				}
			}
		}
		return true
	}
}

// finnedStep checks one choice of base lines (mask m) and covers for a
// finned fish on d and emits its step if it eliminates anything.
func finnedStep(s *State, emit Emit, d, k int, key string, rating sudoku.Rating, base, cover int, m uint32, covers uint16, pos *[9]uint16) bool {
	finBox, sashimi := -1, false
	var fins, body []int
	for x := m; x != 0; x &= x - 1 {
		l := base + bits.TrailingZeros32(x)
		in := popcount16(pos[l-base] & covers)
		if in == 0 {
			return true
		}
		if in == 1 {
			sashimi = true
		}
		for y := pos[l-base]; y != 0; y &= y - 1 {
			c := lineCell(l, lowBit(y))
			if covers>>lowBit(y)&1 != 0 {
				body = append(body, c)
				continue
			}
			if finBox >= 0 && int(sudoku.BoxOf[c]) != finBox {
				return true
			}
			finBox = int(sudoku.BoxOf[c])
			fins = append(fins, c)
		}
	}
	if len(fins) == 0 {
		return true
	}
	var elim []Candidate
	var units []int
	for x := m; x != 0; x &= x - 1 {
		units = append(units, base+bits.TrailingZeros32(x))
	}
	for y := covers; y != 0; y &= y - 1 {
		cl := cover + lowBit(y)
		units = append(units, cl)
		for i := 0; i < 9; i++ {
			c := lineCell(cl, i)
			if m>>i&1 == 0 && int(sudoku.BoxOf[c]) == finBox && s.Cands[c].Has(d) {
				elim = append(elim, Candidate{uint8(c), uint8(d)})
			}
		}
	}
	if len(elim) == 0 {
		return true
	}
	name := "Finned " + fishNames[k]
	if sashimi {
		name = "Sashimi " + fishNames[k]
	}
	return emit(&Step{Technique: key, Name: name, Rating: rating, Eliminations: elim,
		Cells: append(body, fins...), Units: units, Digits: sudoku.DigitSet(d),
		Detail: fmt.Sprintf("%d in %s, fins %s", d, fishLines(units[:k], units[k:]), cellList(fins))})
}
