package techniques

import "github.com/sudokit/sudokit/sudoku"

// SolvedBySingles reports whether hidden singles (and full houses) alone
// solve the puzzle, that is whether its SE rating is at most 1.5. It works
// on bit masks, about a hundred times faster than grading, for the
// generator's cheap checks. The puzzle must have one solution.
func SolvedBySingles(g sudoku.Grid) bool {
	var values [81]uint8
	var cands [81]sudoku.Digits
	c := g.Candidates()
	for i, v := range g {
		values[i] = v
		if v == 0 {
			cands[i] = c[i]
		}
	}
	for {
		placed := false
		for u := range sudoku.Units {
			var one, more sudoku.Digits
			for _, cell := range sudoku.Units[u] {
				x := cands[cell]
				more |= one & x
				one |= x
			}
			for ds := one &^ more; ds != 0; ds &= ds - 1 {
				d := ds.First()
				for _, cell := range sudoku.Units[u] {
					if cands[cell].Has(d) {
						values[cell], cands[cell] = uint8(d), 0
						for _, p := range sudoku.Peers[cell] {
							cands[p] = cands[p].Without(d)
						}
						placed = true
						break
					}
				}
			}
		}
		if !placed {
			break
		}
	}
	for _, v := range values {
		if v == 0 {
			return false
		}
	}
	return true
}

// SolvedBySinglesUnder is SolvedBySingles under any rules: whether full
// houses and hidden singles in the rules' houses solve the puzzle, that is
// whether its rating under the rules is at most 1.5. A placed digit leaves
// the cell's peers under the rules (and, with non-consecutive, its
// neighbours lose the digits next to it). For classic rules it is
// SolvedBySingles.
func SolvedBySinglesUnder(r sudoku.Rules, g sudoku.Grid) bool {
	if r.IsClassic() {
		return SolvedBySingles(g)
	}
	t := tablesOf(r)
	s := r.StateOf(g, nil)
	for {
		placed := false
		for h := range t.n {
			var one, more sudoku.Digits
			for _, c := range t.cells[h] {
				x := s.Cands[c]
				more |= one & x
				one |= x
			}
			for ds := one &^ more; ds != 0; ds &= ds - 1 {
				d := ds.First()
				for _, c := range t.cells[h] {
					if s.Cands[c].Has(d) {
						s.Place(int(c), d)
						placed = true
						break
					}
				}
			}
		}
		if !placed {
			return s.Solved()
		}
	}
}
