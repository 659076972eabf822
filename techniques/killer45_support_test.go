package techniques

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// bruteSupport is sumSupport by brute force: every filling of the cells
// from their candidates, kept when cells that see each other differ and
// every rule's cells add up to its total.
func bruteSupport(s *State, cells []int, rules []sumRule) (support []sudoku.Digits, ok bool) {
	n := len(cells)
	support = make([]sudoku.Digits, n)
	vals := make([]int, n)
	var fill func(i int)
	fill = func(i int) {
		if i == n {
			for _, r := range rules {
				sum := 0
				for j := range n {
					if r.mask&(1<<j) != 0 {
						sum += vals[j]
					}
				}
				if sum != r.total {
					return
				}
			}
			ok = true
			for j, v := range vals {
				support[j] = support[j].With(v)
			}
			return
		}
	next:
		for _, d := range s.Cands[cells[i]].Slice() {
			for j := range i {
				if vals[j] == d && s.Rules.Sees(cells[i], cells[j]) {
					continue next
				}
			}
			vals[i] = d
			fill(i + 1)
		}
	}
	fill(0)
	if !ok {
		return nil, false
	}
	return support, true
}

// TestSumSupport checks sumSupport against the brute force on random
// cells (1 to 5, some seeing each other, some not, under classic and x
// rules), random candidates and one to three rules over them: the same
// supports, and no filling the same way.
func TestSumSupport(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	x, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for trial := range 3000 {
		s := &State{}
		if trial%2 == 1 {
			s.Rules = x
		}
		n := 1 + rng.IntN(5)
		cells := rng.Perm(81)[:n]
		if trial%3 == 0 { // a cage-like block of one box: cells that see each other
			box := rng.IntN(9)
			cells = cells[:0]
			for _, k := range rng.Perm(9)[:n] {
				cells = append(cells, (box/3*3+k/3)*9+box%3*3+k%3)
			}
		}
		for _, c := range cells {
			s.Cands[c] = sudoku.Digits(rng.IntN(1<<9)) << 1
		}
		var rules []sumRule
		for range 1 + rng.IntN(3) {
			mask := uint16(rng.IntN(1<<n-1) + 1)
			if len(rules) == 0 {
				mask = 1<<n - 1
			}
			lo, hi := 0, 0
			for j := range n {
				if mask&(1<<j) != 0 {
					lo, hi = lo+1, hi+9
				}
			}
			rules = append(rules, sumRule{mask: mask, total: lo + rng.IntN(hi-lo+1)})
		}
		got, gotOK := sumSupport(s, cells, rules)
		want, wantOK := bruteSupport(s, cells, rules)
		if gotOK != wantOK || gotOK && !slices.Equal(got, want) {
			t.Fatalf("cells %v cands %v rules %+v: got %v %v, want %v %v", cells, candsOf(s, cells), rules, got, gotOK, want, wantOK)
		}
		if gotOK {
			found++
		}
	}
	if found < 300 {
		t.Errorf("only %d of 3000 trials have a filling: the test checks little", found)
	}
}

func candsOf(s *State, cells []int) []sudoku.Digits {
	out := make([]sudoku.Digits, len(cells))
	for i, c := range cells {
		out[i] = s.Cands[c]
	}
	return out
}
