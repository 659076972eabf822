package solve

// A guess either fixes a digit's configuration in a band or a stack (the
// permutation that gives each of its rows, or columns, a box), or, when all
// of those are fixed, a cell's digit. Like tdoku, the search picks the band
// or stack with the fewest configurations left over all digits, and in it a
// digit with two (else three, else more): a guess then settles three triads at
// once, which halves the guesses on hard puzzles compared with branching on
// two-candidate cells. (That only works together with the triad rules in
// propagate: without them, guesses in sparse grids commit to triad
// combinations that nothing refutes until much later.)

// pickConfig finds the band or stack with the fewest digit configurations
// left (over unfixed ones), and in it the lowest digit with the fewest
// configurations (2, then 3, then any). ok is false when all are fixed. All
// digits must be at their fixpoint.
func (s *state) pickConfig() (unit, d int, ok bool) {
	best := 1 << 30
	for u := range s.mats {
		total := 0
		for _, x := range s.mats[u] {
			total += int(permCount[x])
		}
		if total > 9 && total < best {
			best, unit = total, u
		}
	}
	if best == 1<<30 {
		return 0, 0, false
	}
	bestN := 7
	for dd, x := range s.mats[unit] {
		if n := int(permCount[x]); n >= 2 && n < bestN {
			bestN, d = n, dd
			if n == 2 {
				break
			}
		}
	}
	return unit, d, true
}

// restrictConfig keeps only configuration perm (a permutation matrix) of
// digit d in unit u (bands 0..2, stacks 3..5, as in state.mats).
func (s *state) restrictConfig(u, d int, perm uint16) {
	if u < 3 {
		s.restrictDigit(d, u, bandAllowed[perm])
		return
	}
	s.restrictStack(d, u-3, uint32(perm))
}

// restrictStack keeps, in stack st, only the (band, column) entries of
// digit d that matrix m allows (bit 3*band+j); other stacks are untouched.
func (s *state) restrictStack(d, st int, m uint32) {
	sh := uint(3 * st)
	other := uint32(0x1FF) &^ (7 << sh)
	for b := 0; b < 3; b++ {
		s.restrictDigit(d, b, columnsSpread[other|(m>>(3*b)&7)<<sh])
	}
}
