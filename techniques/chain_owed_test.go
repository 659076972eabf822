package techniques

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
)

// TestOwedBasicProved checks owedBasic against the rules themselves: on
// the working grids of hard puzzles' dynamic chains (with more or less of
// their solution given), each basic rule nested in chains is run in full,
// and where owedBasic says it has nothing owing to the chain, it must find
// no hint with rule parents. Both outcomes must occur for every rule, and
// owedBasic must rule out most runs (it is what makes it worth having).
func TestOwedBasicProved(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var skipped, found, idle [4]int
	for i, p := range testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "hardest-se.txt"), 0) {
		if i >= 6 || (testing.Short() && i >= 2) {
			break
		}
		for _, g := range moreGiven(t, p.Grid, rng, 0, 8, 16) {
			s := NewState(g)
			for _, w := range workingGrids(s) {
				c := newChainer(context.Background(), s, nil)
				for cell := range w.Cands {
					for _, d := range (s.Cands[cell] &^ w.Cands[cell]).Slice() {
						c.g.remove(cell, d)
					}
				}
				work := &State{Values: s.Values, Cands: c.g.cur}
				owed := c.g.owedBasic(&work.Values)
				for k, rule := range nestedRules {
					out := c.advancedOf(rule, work, &c.g.curPos, nil)
					switch {
					case !owed[k] && len(out) > 0:
						t.Fatalf("%s: rule %d has %d eliminations owing to the chain, owedBasic says none",
							g, k, len(out))
					case !owed[k]:
						skipped[k]++
					case len(out) > 0:
						found[k]++
					default:
						idle[k]++
					}
				}
				c.done()
			}
		}
	}
	for k := range nestedRules {
		if skipped[k] == 0 || found[k] == 0 || skipped[k] < idle[k] {
			t.Errorf("rule %d: %d runs ruled out, %d with hints owing to the chain, %d without",
				k, skipped[k], found[k], idle[k])
		}
	}
	t.Logf("ruled out %v, with hints %v, without %v", skipped, found, idle)
}
