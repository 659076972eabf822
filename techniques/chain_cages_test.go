package techniques

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/internal/testenv"
	"github.com/sudokit/sudokit/sudoku"
)

// TestChainTablesPerKiller: every killer has chain tables of its own cages.
// Killers share their variants ("killer"): tables cached by those alone
// gave a killer the cages (and so the peers, which cycles read) of the
// first killer seen. (tarek's killers share their cages' cells, with
// other sums.)
func TestChainTablesPerKiller(t *testing.T) {
	puzzles := testenv.Puzzles(t, filepath.Join("..", "testdata", "puzzles", "killer", "tarek-arrows.txt"), 6)
	for round := 0; round < 2; round++ {
		for _, p := range puzzles {
			tab := rulesTables(p.Rules)
			if !tab.rules.Equal(p.Rules) {
				t.Fatalf("line %d: chain tables of another killer", p.Line)
			}
			for c := 0; c < 81; c++ {
				peers := p.Rules.Peers(c)
				if tab.peers[c] != (cellBoard{peers[0], peers[1]}) {
					t.Fatalf("line %d: r%dc%d's peers are another killer's", p.Line, c/9+1, c%9+1)
				}
				if int(tab.cageOf[c]) != p.Rules.CageOf(c) {
					t.Fatalf("line %d: r%dc%d's cage is another killer's", p.Line, c/9+1, c%9+1)
				}
			}
		}
	}
}

// TestCageSolver: what the cage links' solver says a cage's cells can take
// is what sudoku.CageOptions says, on random candidates (its memo too: each
// case is asked twice).
func TestCageSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	for i := 0; i < 3000; i++ {
		n := 1 + rng.IntN(9)
		lo, hi := sudoku.CageSums(n)
		sum := lo + rng.IntN(hi-lo+1)
		cells := make([]int, n)
		for k := range cells {
			cells[k] = k
		}
		r, err := sudoku.Rules{}.WithCages(cageCover(sudoku.Cage{Sum: sum, Cells: cells}))
		if err != nil {
			t.Fatal(err)
		}
		var g chainGrid
		var st sudoku.State
		st.Rules = r
		for c := 0; c < 81; c++ {
			st.Cands[c] = sudoku.AllDigits
		}
		cands := make([]sudoku.Digits, n)
		for k := range cands {
			cands[k] = sudoku.Digits(rng.Uint32()) & sudoku.AllDigits
			if cands[k] == 0 {
				cands[k] = sudoku.DigitSet(1 + rng.IntN(9))
			}
			st.Cands[k] = cands[k]
		}
		g.load(&st)
		l := linker{g: &g}
		_, want := sudoku.CageOptions(sum, cands)
		for ask := 0; ask < 2; ask++ {
			cs, ok := l.solveCage(&g.ref, 0, g.ref[0])
			okWant := false
			for k := 0; k < n; k++ {
				if sudoku.Digits(cs.sup[k]) != want[k] {
					t.Fatalf("%d cells of sum %d, candidates %v: cell %d takes %v, want %v", n, sum, cands, k, sudoku.Digits(cs.sup[k]), want[k])
				}
				okWant = okWant || want[k] != 0
			}
			if ok != okWant {
				t.Fatalf("%d cells of sum %d, candidates %v: completes %v, want %v", n, sum, cands, ok, okWant)
			}
		}
	}
}

// cageCover returns cage and cages of one cell (sum 5) for every other
// cell: rules need their cages to cover the grid.
func cageCover(cage sudoku.Cage) []sudoku.Cage {
	out := []sudoku.Cage{cage}
	in := cage.Set()
	for c := 0; c < 81; c++ {
		if !in.Has(c) {
			out = append(out, sudoku.Cage{Sum: 5, Cells: []int{c}})
		}
	}
	return out
}
