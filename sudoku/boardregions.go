package sudoku

import (
	"fmt"
	"slices"
)

// A jigsaw of any size: N regions of N cells each, every one connected by
// orthogonal steps, replace the boxes (houses 2N..3N-1, region k being
// house 2N+k). A layout is written as N×N region ids row by row, ids
// 1-9 then A, B, ... for the tenth region and up (the symbols of the
// digits in Letters: 16x16's ids are 1-9A-G), read in either case;
// whitespace between ids and lines that start with '#' are skipped, as a
// file holds them. In a line it is the label field regions=LAYOUT beside
// variant=jigsaw, in a JSON row "regions" beside "size"; Board.Regions
// holds each cell's region from 0.

// IsJigsaw reports whether regions replace the board's boxes.
func (b Board) IsJigsaw() bool { return b.Regions != nil }

// HouseCells returns the cells of house h of the board, in reading order:
// the shape's (see Shape.HouseCells), but a jigsaw's region k for house
// 2N+k.
func (b Board) HouseCells(h int) []int {
	n := b.Shape.N()
	if b.Regions == nil || h < 2*n || h >= 3*n {
		return b.Shape.HouseCells(h)
	}
	cells := make([]int, 0, n)
	for i, r := range b.Regions {
		if int(r) == h-2*n {
			cells = append(cells, i)
		}
	}
	return cells
}

// HouseName names house h of the board as Shape.HouseName does, but a
// jigsaw's region k as "region k+1" (its id in the layout is the digit
// k+1's symbol).
func (b Board) HouseName(h int) string { return b.Shape.houseName(h, b.Regions != nil) }

// houseName is HouseName, with regions in place of the boxes when jigsaw.
func (s Shape) houseName(h int, jigsaw bool) string {
	if n := s.N(); jigsaw && h >= 2*n && h < 3*n {
		return fmt.Sprintf("region %d", h-2*n+1)
	}
	return s.HouseName(h)
}

// BoxRegions returns the shape's boxes as a layout of regions (region k
// the box k): a jigsaw whose regions are the plain boxes.
func (s Shape) BoxRegions() []uint8 {
	n := s.N()
	out := make([]uint8, s.Cells())
	for i := range out {
		out[i] = uint8(s.BoxOf(i/n, i%n))
	}
	return out
}

// FormatRegions writes a layout of the shape (each cell's region from 0)
// as N×N region ids, 1-9 then A-Z.
func (s Shape) FormatRegions(regions []uint8) string {
	out := make([]byte, len(regions))
	for i, r := range regions {
		out[i] = Letters.Symbol(int(r) + 1)
	}
	return string(out)
}

// ParseRegions reads a layout of the shape (see the top of this file)
// and checks it as Validate does: N×N ids of 1..N, N cells in each
// region, each region connected. It returns each cell's region from 0.
// Its errors are of kind ErrInvalid and say what is wrong.
func (s Shape) ParseRegions(layout string) ([]uint8, error) {
	text := layoutText(layout)
	n := s.N()
	ids := fmt.Sprintf("1-%d", n)
	if n > 9 {
		ids = fmt.Sprintf("1-9, A-%c", Letters.Symbol(n))
	}
	want := fmt.Sprintf("%d region ids %s, row by row", s.Cells(), ids)
	if len(text) != s.Cells() {
		return nil, Invalidf("%s regions layout has %d cells, want %s", s, len(text), want)
	}
	out := make([]uint8, len(text))
	for i := range len(text) {
		v := Letters.value(text[i], n)
		if v < 1 {
			return nil, Invalidf("regions layout: unexpected %s at %s, want a region id of %s", quoteChar(text, i), s.CellName(i), want)
		}
		out[i] = uint8(v - 1)
	}
	return out, s.checkRegions(out)
}

// checkRegions checks a layout of the shape: N×N cells of regions
// 0..N-1, N cells in each, each connected by orthogonal steps.
func (s Shape) checkRegions(regions []uint8) error {
	n := s.N()
	if len(regions) != s.Cells() {
		return Invalidf("%s regions layout has %d cells, want %d", s, len(regions), s.Cells())
	}
	var size [MaxSize]int
	for i, r := range regions {
		if int(r) >= n {
			return Invalidf("regions layout: %s is in region %d, want 1 to %d", s.CellName(i), int(r)+1, n)
		}
		size[r]++
	}
	for r := range n {
		if size[r] != n {
			return Invalidf("regions layout: region %c has %d cells, want %d", Letters.Symbol(r+1), size[r], n)
		}
	}
	seen := make([]bool, len(regions))
	for r := range n {
		first := slices.Index(regions, uint8(r))
		seen[first] = true
		stack := []int{first}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, nb := range s.Neighbours(c) {
				if regions[nb] == uint8(r) && !seen[nb] {
					seen[nb] = true
					stack = append(stack, nb)
				}
			}
		}
		for i, rr := range regions {
			if rr == uint8(r) && !seen[i] {
				return Invalidf("regions layout: region %c is in pieces (%s does not join %s)",
					Letters.Symbol(r+1), s.CellName(i), s.CellName(first))
			}
		}
	}
	return nil
}
