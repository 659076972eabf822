package generate

import (
	"math/rand/v2"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// Layout is a jigsaw's layout: each cell's region id, 1 to 9, row by row.
type Layout [81]uint8

// String writes the layout as the 81 region ids sudoku.NewRules reads.
func (l *Layout) String() string {
	var b [81]byte
	for i, r := range l {
		b[i] = '0' + r
	}
	return string(b[:])
}

// boxLayout is the layout whose regions are the boxes.
var boxLayout = func() Layout {
	var l Layout
	for c := range l {
		l[c] = uint8(c/27*3 + c%9/3 + 1)
	}
	return l
}()

// LayoutOptions says what random jigsaw layouts look like.
type LayoutOptions struct {
	// Symmetry is a symmetry the layout keeps: its map of the cells takes
	// every region onto a region. None (and Random) ask for none.
	Symmetry Symmetry
	// Boxes lets regions be plain 3x3 boxes; without it no region is one.
	Boxes bool
}

// layoutSteps is how many region swaps a random layout is made of, from
// the boxes: enough that the boxes are gone and the layout is well mixed
// (each swap moves two cells, and their images under the symmetry).
const layoutSteps = 120

// RandomLayout draws a random jigsaw layout with rng: nine connected
// regions of nine cells each, made from the boxes by random swaps of two
// cells on the border of two regions (and of their images under the
// symmetry asked for, so that the layout keeps it). A layout may admit no
// solution at all; the generator checks that it does and draws another
// when it does not. Regions stay compact, as puzzle books draw them: a
// swap that leaves fewer neighbours inside regions is taken only now and
// then (a Metropolis walk on that count), until compactSteps swaps have
// been tried; past them any swap is taken, so that a walk that the
// symmetry hems in still leaves the boxes. The same rng state gives the
// same layout.
func RandomLayout(rng *rand.Rand, opt LayoutOptions) Layout {
	group := symmetryGroup(opt.Symmetry)
	l := boxLayout
	var regions [10]sudoku.CellSet
	for c, r := range l {
		regions[r].Add(c)
	}
	for done, tried := 0, 0; done < layoutSteps || (!opt.Boxes && hasBox(&regions)); tried++ {
		if swapRegions(&l, &regions, group, tried < compactSteps, rng) {
			done++
		}
	}
	return l
}

// compactSteps is how many swaps a random layout tries while it keeps its
// regions compact.
const compactSteps = 4000

// swapRegions tries one random swap: a cell a on the border of its region
// A with a region B, and a cell b of B on its border with A, trade their
// regions, and so do their images under each element of the group. It
// keeps the swap and reports true when the layout is still one of nine
// connected regions of nine cells that the group keeps (and, with compact,
// when the swap passes the compactness test of RandomLayout).
func swapRegions(l *Layout, regions *[10]sudoku.CellSet, group []cellMap, compact bool, rng *rand.Rand) bool {
	a := rng.IntN(81)
	ra := l[a]
	near := neighbours[a].Minus(regions[ra])
	if near.Empty() {
		return false
	}
	rb := l[nth(near, rng.IntN(near.Count()))]
	border := regions[rb].Intersect(spread(regions[ra]))
	b := nth(border, rng.IntN(border.Count()))
	next, nextRegions := *l, *regions
	var touched uint16
	for _, g := range group {
		for _, move := range [2][2]uint8{{g[a], g[b]}, {g[b], g[a]}} {
			to, from := move[0], move[1]
			old, now := next[to], l[from]
			if old == now {
				continue
			}
			next[to] = now
			nextRegions[old].Remove(int(to))
			nextRegions[now].Add(int(to))
			touched |= 1<<old | 1<<now
		}
	}
	change := 0
	for r := 1; r <= 9; r++ {
		if touched&(1<<r) == 0 {
			continue
		}
		if nextRegions[r].Count() != 9 || !connected(nextRegions[r]) {
			return false
		}
		change += joins(nextRegions[r]) - joins(regions[r])
	}
	// A swap that leaves fewer pairs of neighbours inside regions (counted
	// once for the symmetry's images) is taken only now and then.
	if change /= len(group); compact && change < 0 && rng.Float64() >= compactness[min(-change, len(compactness)-1)] {
		return false
	}
	if !symmetric(&next, group) {
		return false
	}
	*l, *regions = next, nextRegions
	return true
}

// compactness[k] is the chance that a swap is taken when it leaves k
// fewer pairs of orthogonal neighbours inside regions: e^-k (a Metropolis
// walk at temperature 1 on that count).
var compactness = [...]float64{1, 0.368, 0.135, 0.050, 0.018, 0.007, 0.002, 0}

// joins counts the pairs of orthogonal neighbours inside a set of cells.
func joins(s sudoku.CellSet) int {
	return shift(s.Intersect(notLastColumn), 1).Intersect(s).Count() + shift(s, 9).Intersect(s).Count()
}

// nth returns the n-th cell of s in increasing order (from 0).
func nth(s sudoku.CellSet, n int) int {
	for c := range s.All() {
		if n == 0 {
			return c
		}
		n--
	}
	return -1
}

// symmetric reports whether every element of the group maps each region
// of the layout onto a region.
func symmetric(l *Layout, group []cellMap) bool {
	for _, g := range group[1:] {
		var image [10]uint8
		for c, r := range l {
			to := l[g[c]]
			switch image[r] {
			case 0:
				image[r] = to
			case to:
			default:
				return false
			}
		}
	}
	return true
}

// hasBox reports whether a region is a plain box.
func hasBox(regions *[10]sudoku.CellSet) bool {
	for r := 1; r <= 9; r++ {
		for b := range boxSets {
			if regions[r] == boxSets[b] {
				return true
			}
		}
	}
	return false
}

// boxSets are the boxes as sets of cells.
var boxSets = func() (out [9]sudoku.CellSet) {
	for c, r := range boxLayout {
		out[r-1].Add(c)
	}
	return out
}()

// Masks of all the cells, and of those off the first and off the last
// column, for shifting a set of cells sideways.
var allCells, notFirstColumn, notLastColumn = func() (all, notFirst, notLast sudoku.CellSet) {
	for c := range 81 {
		all.Add(c)
		if c%9 != 0 {
			notFirst.Add(c)
		}
		if c%9 != 8 {
			notLast.Add(c)
		}
	}
	return all, notFirst, notLast
}()

// shift moves every cell of s by n places in reading order (n < 64; left
// for n > 0, right for n < 0), dropping those that leave the grid.
func shift(s sudoku.CellSet, n int) sudoku.CellSet {
	if n > 0 {
		return sudoku.CellSet{s[0] << n, s[1]<<n | s[0]>>(64-n)}.Intersect(allCells)
	}
	n = -n
	return sudoku.CellSet{s[0]>>n | s[1]<<(64-n), s[1] >> n}
}

// spread returns s with the orthogonal neighbours of its cells.
func spread(s sudoku.CellSet) sudoku.CellSet {
	return s.Union(shift(s.Intersect(notLastColumn), 1)).
		Union(shift(s.Intersect(notFirstColumn), -1)).
		Union(shift(s, 9)).Union(shift(s, -9))
}

// neighbours holds each cell's orthogonal neighbours.
var neighbours = func() (out [81]sudoku.CellSet) {
	for c := range out {
		one := sudoku.CellSetOf(c)
		out[c] = spread(one).Minus(one)
	}
	return out
}()

// connected reports whether orthogonal steps inside s join all its cells.
func connected(s sudoku.CellSet) bool {
	reach := sudoku.CellSetOf(s.First())
	for {
		next := spread(reach).Intersect(s)
		if next == reach {
			return next == s
		}
		reach = next
	}
}

// cellMap maps each cell to its image.
type cellMap [81]uint8

// symmetryGroup returns the maps of the cells that the group a symmetry
// generates holds, the identity first: the identity alone for None and
// Random, four rotations for Rot90, the identity and the symmetry for the
// others.
func symmetryGroup(s Symmetry) []cellMap {
	var id cellMap
	for c := range id {
		id[c] = uint8(c)
	}
	group := []cellMap{id}
	if s >= None {
		return group
	}
	for {
		var next cellMap
		last := group[len(group)-1]
		for c := range next {
			r, col := s.image(int(last[c])/9, int(last[c])%9)
			next[c] = uint8(r*9 + col)
		}
		if next == id {
			return group
		}
		group = append(group, next)
	}
}

// BoxLayout is the layout whose regions are the boxes: a jigsaw's rules
// built on it are classic sudoku's in effect, and serve as Options.Rules
// when the puzzles take random regions.
func BoxLayout() Layout { return boxLayout }

// layoutGuesses bounds the search for a solution on a random layout: most
// layouts give one within a few hundred guesses; one that takes more is
// dropped for another rather than searched on (a layout without solutions
// can take minutes to prove so).
const layoutGuesses = 4096

// randomJigsaw draws a random layout for rules that hold jigsaw (their
// own layout is not used) and a random solution on it: it returns the
// rules on the new layout and the solution, or false when the layout
// admits no solution or none came within layoutGuesses.
func randomJigsaw(r sudoku.Rules, opt LayoutOptions, rng *rand.Rand) (sudoku.Rules, sudoku.Grid, bool) {
	l := RandomLayout(rng, opt)
	rules, err := sudoku.NewRules(r.Variants(), l.String())
	if err != nil {
		panic("generate: a random layout does not make rules: " + err.Error())
	}
	sol, found, _ := solve.For(rules).RandomSolutionWithin(sudoku.Grid{}, rng, layoutGuesses)
	return rules, sol, found
}
