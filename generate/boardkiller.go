package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// BoardKillerOptions configures a BoardKillerGenerator: killers of the
// children's sizes (4x4 and 6x6; 8x8 too), cages with sums and no givens,
// made from a random solution, unique, reproducible by seed on any number
// of workers.
type BoardKillerOptions struct {
	Shape sudoku.Shape
	// X makes killer-x: the diagonals hold each digit once too.
	X    bool
	Seed uint64
	// MinCage and MaxCage bound the cells of a cage (0: 1 and 4, small
	// cages as children's books have them: mostly pairs and triples).
	// Cages are orthogonally connected.
	MinCage, MaxCage int
	// MaxTries bounds the cage layouts tried for one puzzle (0: 1,000).
	MaxTries int
}

// BoardKiller is a killer made by a BoardKillerGenerator: Board holds its
// cages (and X) and no givens.
type BoardKiller struct {
	Index    int
	Seed     uint64
	Board    sudoku.Board
	Solution sudoku.Board
	Tries    int // cage layouts tried for this puzzle
	Repairs  int // local re-draws of cages that made it unique
}

// BoardKillerGenerator makes killers of one shape. It is safe for
// concurrent use: each puzzle has its own random source.
type BoardKillerGenerator struct {
	opt   BoardKillerOptions
	sizes []float64 // sizes[k]: the weight of a cage of k cells
	tries atomic.Int64
}

// boardKillerWeights are the shares of cage sizes 1-4 on small boards:
// mostly pairs and triples, as children's killers have them, some single
// cells (a gentle start) and fours.
var boardKillerWeights = []float64{0, 0.1, 0.45, 0.3, 0.15}

// BoardKillers returns a generator of killers of opt.Shape, which must be
// of at most sudoku.MaxKillerSize digits (9x9 killers have Killers).
func BoardKillers(opt BoardKillerOptions) (*BoardKillerGenerator, error) {
	n := opt.Shape.N()
	if opt.MinCage == 0 {
		opt.MinCage = 1
	}
	if opt.MaxCage == 0 {
		opt.MaxCage = max(4, opt.MinCage)
	}
	if opt.MaxTries <= 0 {
		opt.MaxTries = 1000
	}
	switch {
	case sudoku.ShapeOf(n).N() == 0 || n > sudoku.MaxKillerSize:
		return nil, sudoku.Invalidf("killers of other sizes than 9x9 are 4x4, 6x6 and 8x8, not %s", opt.Shape)
	case opt.MinCage < 1 || opt.MaxCage > n || opt.MinCage > opt.MaxCage:
		return nil, sudoku.Invalidf("cage sizes %d-%d: want 1 to %d cells at %s, the minimum at most the maximum",
			opt.MinCage, opt.MaxCage, n, opt.Shape)
	}
	g := &BoardKillerGenerator{opt: opt, sizes: make([]float64, n+1)}
	for k := opt.MinCage; k <= opt.MaxCage; k++ {
		g.sizes[k] = 0.05 // larger cages than 4 cells: a few
		if k < len(boardKillerWeights) {
			g.sizes[k] = boardKillerWeights[k]
		}
	}
	return g, nil
}

// Tries returns how many cage layouts the generator has tried so far.
func (g *BoardKillerGenerator) Tries() int64 { return g.tries.Load() }

// boardKillerRepairs bounds the local re-draws of one layout.
const boardKillerRepairs = 30

// Puzzle returns killer i: the same seed, i and options give the same
// killer. It draws a solution, covers it with connected cages (no digit
// twice in one), and while the cages allow another solution, re-draws
// the cages over the cells where the two solutions differ. It fails with
// ErrGaveUp after MaxTries layouts, or with ctx's error.
func (g *BoardKillerGenerator) Puzzle(ctx context.Context, i int) (BoardKiller, error) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, uint64(i)))
	s := g.opt.Shape
	for try := 1; try <= g.opt.MaxTries; try++ {
		g.tries.Add(1)
		if ctx.Err() != nil {
			return BoardKiller{Index: i, Tries: try}, ctx.Err()
		}
		empty := sudoku.NewBoard(s)
		empty.X = g.opt.X
		sol, _ := solve.RandomBoardSolution(empty, rng)
		owner := make([]int, s.Cells()) // each cell's cage + 1
		if !g.grow(sol, owner, rng) {
			continue
		}
		for repair := 0; repair <= boardKillerRepairs; repair++ {
			b := empty.Clone()
			b.Cages = cagesOfOwners(sol, owner)
			r := solve.CountBoard(b, 2)
			if r.Count == 1 {
				b.Cages = g.tidy(empty, sol, owner, rng)
				if r = solve.CountBoard(b, 2); r.Count != 1 || !slices.Equal(r.Solution.Cells, sol.Cells) || b.Validate() != nil {
					return BoardKiller{Index: i, Tries: try}, fmt.Errorf("puzzle %d: made a bad killer (a bug): %s", i, b.RulesLabel())
				}
				return BoardKiller{Index: i, Seed: g.opt.Seed, Board: b, Solution: sol, Tries: try, Repairs: repair}, nil
			}
			diff := otherSolution(b, sol, rng)
			if diff == nil {
				break
			}
			// Free the cages over the cells that differ, and grow new ones
			// there.
			freed := map[int]bool{}
			for _, c := range diff {
				freed[owner[c]] = true
			}
			for c := range owner {
				if freed[owner[c]] {
					owner[c] = 0
				}
			}
			if !g.grow(sol, owner, rng) {
				break
			}
		}
	}
	return BoardKiller{Index: i, Tries: g.opt.MaxTries}, fmt.Errorf("puzzle %d: %w after %d cage layouts", i, ErrGaveUp, g.opt.MaxTries)
}

// tidy joins the cages of one cell that the repairs leave (they give a
// digit away, as a given does) to a neighbouring cage, where the joined
// cage keeps to MaxCage, holds no digit twice and leaves the killer
// unique; it returns the cages.
func (g *BoardKillerGenerator) tidy(empty, sol sudoku.Board, owner []int, rng *rand.Rand) []sudoku.Cage {
	if g.opt.MaxCage < 2 {
		return cagesOfOwners(sol, owner)
	}
	size := map[int]int{}
	for _, o := range owner {
		size[o]++
	}
	for _, c := range rng.Perm(len(owner)) {
		if size[owner[c]] != 1 {
			continue
		}
		nbs := sol.Shape.Neighbours(c)
		rng.Shuffle(len(nbs), func(i, j int) { nbs[i], nbs[j] = nbs[j], nbs[i] })
		for _, nb := range nbs {
			o := owner[nb]
			if size[o]+1 > g.opt.MaxCage {
				continue
			}
			clash := false
			for m, om := range owner {
				clash = clash || om == o && sol.Cells[m] == sol.Cells[c]
			}
			if clash {
				continue
			}
			was := owner[c]
			owner[c] = o
			b := empty.Clone()
			b.Cages = cagesOfOwners(sol, owner)
			if solve.CountBoard(b, 2).Count == 1 {
				delete(size, was)
				size[o]++
				break
			}
			owner[c] = was
		}
	}
	return cagesOfOwners(sol, owner)
}

// otherSolution returns the cells where a solution of b other than sol
// differs from it, drawn by random searches; nil when they find none.
func otherSolution(b, sol sudoku.Board, rng *rand.Rand) []int {
	for range 8 {
		other, ok := solve.RandomBoardSolution(b, rng)
		if !ok {
			return nil
		}
		var diff []int
		for c, v := range other.Cells {
			if v != sol.Cells[c] {
				diff = append(diff, c)
			}
		}
		if diff != nil {
			return diff
		}
	}
	return nil
}

// grow covers the cells of no cage (owner 0) with new cages: from a
// random free cell, a cage of a size drawn by the weights grows by
// random orthogonal steps to free cells whose digits it does not hold
// yet. A cage that stays below MinCage joins a neighbouring cage that has
// room and lacks its digits; grow reports false when none does.
func (g *BoardKillerGenerator) grow(sol sudoku.Board, owner []int, rng *rand.Rand) bool {
	s := sol.Shape
	n := s.N()
	next := 1
	for _, o := range owner {
		next = max(next, o+1)
	}
	total := 0.0
	for _, w := range g.sizes {
		total += w
	}
	for _, start := range rng.Perm(len(owner)) {
		if owner[start] != 0 {
			continue
		}
		want, x := g.opt.MinCage, rng.Float64()*total
		for k, w := range g.sizes {
			if x < w {
				want = k
				break
			}
			x -= w
		}
		id := next
		next++
		cells := []int{start}
		owner[start] = id
		var held uint32 = 1 << sol.Cells[start]
		for len(cells) < want {
			var opts []int
			for _, c := range cells {
				for _, nb := range s.Neighbours(c) {
					if owner[nb] == 0 && held&(1<<sol.Cells[nb]) == 0 && !slices.Contains(opts, nb) {
						opts = append(opts, nb)
					}
				}
			}
			if len(opts) == 0 {
				break
			}
			nb := opts[rng.IntN(len(opts))]
			owner[nb] = id
			held |= 1 << sol.Cells[nb]
			cells = append(cells, nb)
		}
		if len(cells) < g.opt.MinCage && !g.join(sol, owner, cells, id, n) {
			return false
		}
	}
	return true
}

// join puts the cells of a cage too small (id) into a neighbouring cage
// that has room for them and lacks their digits.
func (g *BoardKillerGenerator) join(sol sudoku.Board, owner, cells []int, id, n int) bool {
	for _, c := range cells {
		for _, nb := range sol.Shape.Neighbours(c) {
			o := owner[nb]
			if o == id || o == 0 {
				continue
			}
			var members []int
			ok := true
			for m, om := range owner {
				if om == o {
					members = append(members, m)
					for _, x := range cells {
						ok = ok && sol.Cells[m] != sol.Cells[x]
					}
				}
			}
			if ok && len(members)+len(cells) <= min(g.opt.MaxCage, n) {
				for _, x := range cells {
					owner[x] = o
				}
				return true
			}
		}
	}
	return false
}

// cagesOfOwners returns the cages the owners mark, with the sums of sol,
// in the order of their first cells.
func cagesOfOwners(sol sudoku.Board, owner []int) []sudoku.Cage {
	index := map[int]int{}
	var cages []sudoku.Cage
	for c, o := range owner {
		k, ok := index[o]
		if !ok {
			k = len(cages)
			index[o] = k
			cages = append(cages, sudoku.Cage{})
		}
		cages[k].Cells = append(cages[k].Cells, c)
		cages[k].Sum += int(sol.Cells[c])
	}
	return cages
}

// Run makes opt.Count killers on opt.Workers goroutines and passes them
// to emit in index order, as Generator.Run does: the same seed and
// options give the same killers whatever the number of workers.
func (g *BoardKillerGenerator) Run(ctx context.Context, opt RunOptions, emit func(BoardKiller) error) (Stats, error) {
	st, err := runIndexed(ctx, opt, g.Puzzle, func(p BoardKiller) string { return p.Board.RulesLabel() }, emit)
	st.Tries = g.Tries()
	return st, err
}
