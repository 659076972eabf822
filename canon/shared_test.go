package canon

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// hardPuzzles are the first puzzles of the forum's hardest list (June
// 2011) and of top95: different puzzles of 20-25 clues.
var hardPuzzles = []string{
	"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
	"........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
	"..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
}

// nearCopy moves n clues of g: it blanks n of them and gives n blank
// cells a digit (any: the measure looks at givens, not at solutions).
func nearCopy(g sudoku.Grid, n int, rng *rand.Rand) sudoku.Grid {
	var full, empty []int
	for c, d := range g {
		if d != 0 {
			full = append(full, c)
		} else {
			empty = append(empty, c)
		}
	}
	rng.Shuffle(len(full), func(i, j int) { full[i], full[j] = full[j], full[i] })
	rng.Shuffle(len(empty), func(i, j int) { empty[i], empty[j] = empty[j], empty[i] })
	for i := range n {
		g[full[i]] = 0
		g[empty[i]] = uint8(rng.IntN(9) + 1)
	}
	return g
}

// bruteShared is a plain search for Shared: every geometric
// transformation, and for those whose common cells could beat the best
// so far, every relabelling by recursion. It shares no code with
// shared.go. It starts from floor (to keep it quick, the answer to check
// less one): it returns floor when nothing beats it.
func bruteShared(a, b sudoku.Grid, floor int) int {
	best := floor
	for _, src := range []sudoku.Grid{a, transposeGrid(a)} {
		for _, rows := range blockOrders {
			for _, cols := range blockOrders {
				var m [10][10]int
				cells := 0
				for r := range 9 {
					for c := range 9 {
						d, e := src[rows[r]*9+cols[c]], b[r*9+c]
						if d != 0 && e != 0 {
							m[d][e]++
							cells++
						}
					}
				}
				if cells <= best {
					continue
				}
				var used [10]bool
				var walk func(d, sum int)
				walk = func(d, sum int) {
					if d == 10 {
						best = max(best, sum)
						return
					}
					for e := 1; e <= 9; e++ {
						if !used[e] {
							used[e] = true
							walk(d+1, sum+m[d][e])
							used[e] = false
						}
					}
				}
				walk(1, 0)
			}
		}
	}
	return best
}

func transposeGrid(g sudoku.Grid) sudoku.Grid {
	var t sudoku.Grid
	for c, d := range g {
		t[c%9*9+c/9] = d
	}
	return t
}

func countGivens(g sudoku.Grid) int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// TestShared checks the measure on known cases: an isomorph shares all its
// givens, a near-copy all but the moved ones, and an isomorph of a
// near-copy as many, though cell for cell, as it stands, and in canonical
// form, it shares far fewer; the count does not change under
// isomorphisms of either puzzle, is symmetric, and beats every single
// transformation tried.
func TestShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 4))
	for i, s := range hardPuzzles {
		a := mustGrid(t, s)
		n := countGivens(a)
		iso := Random(rng).Apply(a)
		if got := Shared(a, iso); got != n {
			t.Errorf("puzzle %d and an isomorph: Shared = %d, want all %d givens", i, got, n)
		}
		near := nearCopy(a, 3, rng)
		isoNear := Random(rng).Apply(near)
		got := Shared(a, isoNear)
		if got < n-3 {
			t.Errorf("puzzle %d and an isomorph of a near-copy (3 clues moved): Shared = %d, want %d or more", i, got, n-3)
		}
		if direct := Shared(a, near); direct != got {
			t.Errorf("puzzle %d: Shared with the near-copy %d, with its isomorph %d", i, direct, got)
		}
		if !SharesMore(a, isoNear, n/2) || !SharesMore(isoNear, a, n/2) {
			t.Errorf("puzzle %d: SharesMore misses the isomorph of a near-copy (Shared %d of %d)", i, got, n)
		}
		if same := SameFrame(a, isoNear); same > n/2 {
			t.Logf("puzzle %d: the isomorph happens to share %d as it stands", i, same)
		}
		ca, _ := Minlex(a)
		cn, _ := Minlex(isoNear)
		t.Logf("puzzle %d: %d givens, shared with an isomorph of a near-copy %d; as it stands %d, canonical forms cell for cell %d",
			i, n, got, SameFrame(a, isoNear), SameFrame(ca, cn))
		for j, s2 := range hardPuzzles[i+1:] {
			b := mustGrid(t, s2)
			sh := Shared(a, b)
			if back := Shared(Random(rng).Apply(b), Random(rng).Apply(a)); back != sh {
				t.Errorf("puzzles %d and %d: Shared %d, of isomorphs the other way round %d", i, i+1+j, sh, back)
			}
			if SharesMore(a, b, sh) || !SharesMore(a, b, sh-1) {
				t.Errorf("puzzles %d and %d: SharesMore disagrees with Shared = %d", i, i+1+j, sh)
			}
			for range 200 {
				if one := SameFrame(Random(rng).Apply(a), b); one > sh {
					t.Fatalf("puzzles %d and %d: a transformation shares %d, Shared says %d", i, i+1+j, one, sh)
				}
			}
		}
	}
}

// TestSharedBrute compares Shared with a plain search over every
// transformation.
func TestSharedBrute(t *testing.T) {
	if testing.Short() {
		t.Skip("a plain search over 3,359,232 transformations per pair")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pairs := [][2]sudoku.Grid{
		{mustGrid(t, hardPuzzles[0]), mustGrid(t, hardPuzzles[1])},
		{mustGrid(t, hardPuzzles[2]), Random(rng).Apply(nearCopy(mustGrid(t, hardPuzzles[2]), 9, rng))},
	}
	for i, p := range pairs {
		got := Shared(p[0], p[1])
		if want := bruteShared(p[0], p[1], got-1); got != want {
			t.Errorf("pair %d: Shared = %d, the plain search finds %d", i, got, want)
		}
	}
}

func BenchmarkShared(b *testing.B) {
	x, _ := sudoku.ParseGrid(hardPuzzles[0])
	y, _ := sudoku.ParseGrid(hardPuzzles[1])
	for b.Loop() {
		Shared(x, y)
	}
}

func BenchmarkSharesMoreHalf(b *testing.B) {
	x, _ := sudoku.ParseGrid(hardPuzzles[0])
	y, _ := sudoku.ParseGrid(hardPuzzles[1])
	for b.Loop() {
		SharesMore(x, y, 10)
	}
}
