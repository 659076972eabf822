package sudoku

import "testing"

func TestPairRuleBreaks(t *testing.T) {
	tests := []struct {
		rule PairRule
		v, w int
		want bool
	}{
		{AntiKnight, 7, 7, true},
		{AntiKnight, 7, 8, false},
		{AntiKing, 1, 1, true},
		{AntiKing, 2, 3, false},
		{NonConsecutive, 4, 5, true},
		{NonConsecutive, 5, 4, true},
		{NonConsecutive, 5, 5, false},
		{NonConsecutive, 1, 9, false},
		{NonConsecutive, 0, 1, false},
		{PairRule(9), 1, 1, false},
	}
	for _, tt := range tests {
		if got := tt.rule.Breaks(tt.v, tt.w); got != tt.want {
			t.Errorf("%v.Breaks(%d, %d) = %v, want %v", tt.rule, tt.v, tt.w, got, tt.want)
		}
	}
	if got := len(PairRules()); got != int(numPairRules) {
		t.Errorf("PairRules lists %d rules, want %d", got, numPairRules)
	}
}
