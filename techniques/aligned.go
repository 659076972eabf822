package techniques

// alignedBases returns the base cells of aligned pair or triplet
// exclusion, as Sudoku Explainer picks them: cells with two candidates or
// more, no peer solved by a naked single, and at least one "excluder" (a
// peer with two candidates, or up to maxExcluder); and each base cell's
// excluders, in SE's order of the cell's peers.
func alignedBases(s *State, maxExcluder int) (base []int, excluders map[int][]int) {
	excluders = map[int][]int{}
	for c := 0; c < 81; c++ {
		if s.Cands[c].Count() < 2 {
			continue
		}
		var ex []int
		skip := false
		for _, h := range houseCells[c] {
			n := s.Cands[h].Count()
			if n == 1 {
				skip = true
				break
			}
			if n >= 2 && n <= maxExcluder {
				ex = append(ex, int(h))
			}
		}
		if skip || len(ex) == 0 {
			continue
		}
		base = append(base, c)
		excluders[c] = ex
	}
	return base, excluders
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
