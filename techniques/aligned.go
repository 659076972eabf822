package techniques

import "math/bits"

// alignedBases returns the base cells of aligned pair or triplet
// exclusion, as Sudoku Explainer picks them: cells with two candidates or
// more, no peer solved by a naked single, and at least one "excluder" (a
// peer with two candidates, or up to maxExcluder); and each base cell's
// excluders, in SE's order of the cell's peers, as a list and as a cell
// set (bit c%64 of word c/64).
//
// Under rules other than classic (t not nil) a cell's peers are its peers
// under the rules, in Sukaku Explainer's order (t.visible).
func alignedBases(s *State, t *houseTable, maxExcluder int) (base []int, excluders *[81][]int, exMask *[81][2]uint64) {
	excluders, exMask = new([81][]int), new([81][2]uint64)
	buf := make([]int, 0, 81*4)
	for c := 0; c < 81; c++ {
		if s.Cands[c].Count() < 2 {
			continue
		}
		start := len(buf)
		skip := false
		peers := houseCells[c][:]
		if t != nil {
			peers = t.visible[c]
		}
		for _, h := range peers {
			n := s.Cands[h].Count()
			if n == 1 {
				skip = true
				break
			}
			if n >= 2 && n <= maxExcluder {
				buf = append(buf, int(h))
			}
		}
		if skip || len(buf) == start {
			buf = buf[:start]
			continue
		}
		base = append(base, c)
		excluders[c] = buf[start:len(buf):len(buf)]
		for _, e := range excluders[c] {
			exMask[c][e>>6] |= 1 << (e & 63)
		}
	}
	return base, excluders, exMask
}

// basePairs calls f with every pair of base cells, in Sudoku Explainer's
// order (that of combos: the later cell in the outer loop, the earlier in
// the inner one), until f returns false; it reports whether it ran to the
// end. Base cells can number up to 81, more than combos' masks hold.
func basePairs(base []int, f func(a, b int) bool) bool {
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			if !f(base[i], base[j]) {
				return false
			}
		}
	}
	return true
}

// commonExcluders appends to out the excluders of a that mask (a cell
// set) holds, in a's order.
func commonExcluders(out, exA []int, mask [2]uint64) []int {
	for _, e := range exA {
		if mask[e>>6]&(1<<(e&63)) != 0 {
			out = append(out, e)
		}
	}
	return out
}

// rulesOf returns the house tables of a state's rules, or nil for classic
// rules.
func rulesOf(s *State) *houseTable {
	if s.Rules.IsClassic() {
		return nil
	}
	return tablesOf(s.Rules)
}

// seeUnder reports whether two distinct cells see each other: under the
// rules of t, or classic rules when t is nil.
func seeUnder(t *houseTable, a, b int) bool {
	if t == nil {
		return sees(a, b)
	}
	return t.sees(a, b)
}

// maskCount is the number of cells of a cell set.
func maskCount(m [2]uint64) int { return bits.OnesCount64(m[0]) + bits.OnesCount64(m[1]) }
