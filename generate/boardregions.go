package generate

import (
	"math/rand/v2"
	"slices"

	"github.com/sudokit/sudokit/sudoku"
)

// Jigsaws of every size: a random layout is the boxes of the shape, mixed
// by trades of two cells between neighbouring regions (each region keeps
// N cells) that leave both regions connected, with a preference for
// compact regions: a trade that leaves fewer pairs of orthogonal
// neighbours inside regions is taken with a chance that falls
// exponentially with the loss (a Metropolis walk on that count), for a
// number of trades that grows with the cells, and until no region is a
// plain box (unless boxes are allowed). The walk works on any N; the
// 9x9 layouts of layout.go do the same on 81 cells with bit sets, and
// keep a symmetry, which these do not.

// sizedLayoutTrades is how many trades a random layout of c cells is made
// of: c*sizedLayoutTrades/8.
const sizedLayoutTrades = 12

// RandomRegions draws a random jigsaw layout of shape s with rng (each
// cell's region 0..N-1, as sudoku.Board.Regions holds it): N connected
// regions of N cells, none a plain box unless boxes. A layout may admit
// no grid; the generator draws another then. The same rng state gives the
// same layout.
func RandomRegions(s sudoku.Shape, rng *rand.Rand, boxes bool) []uint8 {
	n := s.N()
	box := s.BoxRegions()
	l := slices.Clone(box)
	want := s.Cells() * sizedLayoutTrades / 8
	seen := make([]int, s.Cells()) // scratch for connected
	mark := 0
	for done, tried := 0, 0; done < want || !boxes && keepsBox(l, box, n); tried++ {
		a := rng.IntN(len(l))
		nbs := s.Neighbours(a)
		nb := nbs[rng.IntN(len(nbs))]
		ra, rb := l[a], l[nb]
		if ra == rb {
			continue
		}
		// b: a cell of rb that touches ra (nb's region trades one of its
		// cells on the border for a).
		var border []int
		for c, r := range l {
			if r == rb && c != nb && touchesRegion(s, l, c, ra) || c == nb {
				border = append(border, c)
			}
		}
		b := border[rng.IntN(len(border))]
		before := regionJoins(s, l, ra) + regionJoins(s, l, rb)
		l[a], l[b] = rb, ra
		mark += 2
		if !regionConnected(s, l, ra, seen, mark-1) || !regionConnected(s, l, rb, seen, mark) {
			l[a], l[b] = ra, rb
			continue
		}
		loss := before - regionJoins(s, l, ra) - regionJoins(s, l, rb)
		if loss > 0 && tried < 40*want && rng.Float64() >= metropolis(loss) {
			l[a], l[b] = ra, rb
			continue
		}
		done++
	}
	return l
}

// metropolis is the chance that a trade losing k pairs of neighbours
// inside regions is taken: e^-k.
func metropolis(k int) float64 {
	p := 1.0
	for range k {
		p *= 0.36787944117144233
	}
	return p
}

// touchesRegion reports whether cell has an orthogonal neighbour in
// region r of l.
func touchesRegion(s sudoku.Shape, l []uint8, cell int, r uint8) bool {
	for _, nb := range s.Neighbours(cell) {
		if l[nb] == r {
			return true
		}
	}
	return false
}

// regionJoins counts the pairs of orthogonal neighbours inside region r.
func regionJoins(s sudoku.Shape, l []uint8, r uint8) int {
	n, k := s.N(), 0
	for c, rc := range l {
		if rc != r {
			continue
		}
		if c%n+1 < n && l[c+1] == r {
			k++
		}
		if c+n < len(l) && l[c+n] == r {
			k++
		}
	}
	return k
}

// regionConnected reports whether orthogonal steps inside region r of l
// join all its cells; seen is scratch, a cell reached marked with mark.
func regionConnected(s sudoku.Shape, l []uint8, r uint8, seen []int, mark int) bool {
	first := slices.Index(l, r)
	seen[first] = mark
	stack := []int{first}
	reached := 1
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, nb := range s.Neighbours(c) {
			if l[nb] == r && seen[nb] != mark {
				seen[nb] = mark
				reached++
				stack = append(stack, nb)
			}
		}
	}
	return reached == s.N()
}

// keepsBox reports whether a region of l is a plain box of box (the
// boxes as regions): all its N cells in one box.
func keepsBox(l, box []uint8, n int) bool {
	var first [sudoku.MaxSize]int // per region, its first cell's box + 1
	var mixed [sudoku.MaxSize]bool
	for c, r := range l {
		switch first[r] {
		case 0:
			first[r] = int(box[c]) + 1
		case int(box[c]) + 1:
		default:
			mixed[r] = true
		}
	}
	return slices.Contains(mixed[:n], false)
}
