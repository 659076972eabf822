package sudoku

// PairRules lists the pair rules sudokit knows, in the order of their
// variants in VariantNames.
func PairRules() []PairRule { return []PairRule{AntiKnight, AntiKing, NonConsecutive} }

// Breaks reports whether two cells the pair rule ties break it when they
// hold digits v and w (1 to 9): the same digit for anti-knight and
// anti-king, digits one apart for non-consecutive (1 and 9 are not).
func (p PairRule) Breaks(v, w int) bool {
	if p >= numPairRules || v < 1 || v > 9 || w < 1 || w > 9 {
		return false
	}
	return breaks(p, uint8(v), uint8(w))
}
