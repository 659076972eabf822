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

// pickTwo returns the two base cells a 2-subset mask of base selects.
func pickTwo(base []int, m uint32) (a, b int) {
	var pick [2]int
	n := 0
	for i := range base {
		if m>>i&1 != 0 {
			pick[n] = base[i]
			n++
		}
	}
	return pick[0], pick[1]
}
