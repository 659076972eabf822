package sized

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

var fishes = [5]technique{2: lookup("x-wing"), 3: lookup("swordfish"), 4: lookup("jellyfish")}

// findFish returns the finder of basic fish of size k (X-Wing, Swordfish,
// Jellyfish): k base lines whose places for a digit lie in k cover lines,
// so the digit leaves the rest of the cover lines. As SE: columns as base
// lines first, then rows; line choices outer, digits inner; a digit
// placed in more than N-2k cells is skipped (its fish would be a smaller
// one's complement).
func findFish(k int) Finder {
	tech := fishes[k]
	type fish struct {
		lines uint32 // the base lines, as a mask of line indexes
		digit int
		union uint32 // the cover lines, as a mask
	}
	return func(s *State, emit Emit) bool {
		t := s.t
		n := t.n
		pos := s.positions()
		placed := s.placed()
		var found []fish
		all := uint32(1)<<n - 1
		for _, base := range [2]int{kindColumn, kindRow} {
			cover := kindColumn - base // rows for columns, columns for rows
			found = found[:0]
			for d := 1; d <= n; d++ {
				if placed[d]+2*k > n {
					continue
				}
				var masks [32]uint32
				for i := range n {
					// A line with fewer than two places is no base: its
					// mask, every bit, fits no union of k.
					if masks[i] = pos[base*n+i][d]; count(masks[i]) < 2 {
						masks[i] = all
					}
				}
				smallUnions(masks[:n], k, func(sub, union uint32) bool {
					found = append(found, fish{sub, d, union})
					return true
				})
			}
			slices.SortStableFunc(found, func(a, b fish) int { return cmp.Compare(a.lines, b.lines) })
			for _, f := range found {
				st := s.step(tech, tech.min)
				for x := f.lines; x != 0; x &= x - 1 {
					st.Houses = append(st.Houses, base*n+low(x))
				}
				for y := f.union; y != 0; y &= y - 1 {
					cl := cover*n + low(y)
					st.Houses = append(st.Houses, cl)
					for i, c := range t.houses[cl] {
						if s.Cands[c]>>f.digit&1 == 0 {
							continue
						}
						if f.lines>>i&1 != 0 {
							st.Cells = append(st.Cells, c)
						} else {
							st.Eliminations = append(st.Eliminations, Candidate{c, f.digit})
						}
					}
				}
				if len(st.Eliminations) == 0 {
					continue
				}
				st.Digits = 1 << f.digit
				st.Detail = fmt.Sprintf("%d in %s", f.digit, fishLines(n, st.Houses[:k], st.Houses[k:]))
				if !emit(st) {
					return false
				}
			}
		}
		return true
	}
}

// fishLines names base and cover lines the way players write a fish:
// "r2,r8 c3,c16" (rows first).
func fishLines(n int, base, cover []int) string {
	name := func(ls []int) string {
		parts := make([]string, len(ls))
		for i, l := range ls {
			if l < n {
				parts[i] = fmt.Sprintf("r%d", l+1)
			} else {
				parts[i] = fmt.Sprintf("c%d", l-n+1)
			}
		}
		return strings.Join(parts, ",")
	}
	if base[0] >= n {
		base, cover = cover, base
	}
	return name(base) + " " + name(cover)
}
