package solve

import (
	"math/bits"
	"slices"
	"testing"
)

// TestTables checks the lookup tables against their definitions, recomputed
// cell by cell.
func TestTables(t *testing.T) {
	// The permutation matrices: the 3-entry subsets of the 3x3 matrix with
	// one entry in each row and each column.
	var permutations []uint16
	for m := uint16(0); m < 512; m++ {
		if bits.OnesCount16(m) != 3 {
			continue
		}
		var rows, cols int
		for e := 0; e < 9; e++ {
			if m>>e&1 != 0 {
				rows |= 1 << (e / 3)
				cols |= 1 << (e % 3)
			}
		}
		if rows == 7 && cols == 7 {
			permutations = append(permutations, m)
		}
	}
	if len(permutations) != 6 {
		t.Fatalf("%d permutation matrices, want 6", len(permutations))
	}
	// perms lists them in lexicographic order of the columns of rows 0, 1
	// and 2 (the solver's branching order).
	columnsOf := func(p uint16) (key int) {
		for row := 0; row < 3; row++ {
			key = key*3 + bits.TrailingZeros16(p>>(3*row)&7)
		}
		return key
	}
	slices.SortFunc(permutations, func(a, b uint16) int { return columnsOf(a) - columnsOf(b) })
	for m := uint16(0); m < 512; m++ {
		var in []uint16
		union, inter := uint16(0), uint16(0)
		for _, p := range permutations {
			if m&p == p {
				if len(in) == 0 {
					inter = p
				}
				in = append(in, p)
				union |= p
				inter &= p
			}
		}
		if permUnion[m] != union || permInter[m] != inter || int(permCount[m]) != len(in) {
			t.Errorf("matrix %09b: union %09b inter %09b count %d, want %09b %09b %d",
				m, permUnion[m], permInter[m], permCount[m], union, inter, len(in))
		}
		for i, p := range in {
			if perms[m][i] != p {
				t.Errorf("matrix %09b: perms[%d] = %09b, want %09b", m, i, perms[m][i], p)
			}
		}
		var allowed uint32
		for cell := 0; cell < 27; cell++ {
			r, c := cell/9, cell%9
			if union>>(3*r+c/3)&1 != 0 {
				allowed |= 1 << cell
			}
		}
		if bandAllowed[m] != allowed {
			t.Errorf("bandAllowed[%09b] = %027b, want %027b", m, bandAllowed[m], allowed)
		}
	}
	for x := 0; x < 512; x++ {
		var boxes uint8
		var spread uint32
		for c := 0; c < 9; c++ {
			if x>>c&1 != 0 {
				boxes |= 1 << (c / 3)
				spread |= 1<<c | 1<<(9+c) | 1<<(18+c)
			}
		}
		single := uint8(0)
		if bits.OnesCount(uint(x)) == 1 {
			single = 1
		}
		if boxesOfRow[x] != boxes || columnsSpread[x] != spread || singleRow[x] != single {
			t.Errorf("row %09b: boxes %03b spread %027b single %d, want %03b %027b %d",
				x, boxesOfRow[x], columnsSpread[x], singleRow[x], boxes, spread, single)
		}
	}
	for rows := 0; rows < 8; rows++ {
		var want uint32
		for cell := 0; cell < 27; cell++ {
			if rows>>(cell/9)&1 != 0 {
				want |= 1 << cell
			}
		}
		if rowsSpread[rows] != want {
			t.Errorf("rowsSpread[%03b] = %027b, want %027b", rows, rowsSpread[rows], want)
		}
	}
	for e := 0; e < 9; e++ {
		// The entries some permutation holds together with e.
		var want uint16
		for _, p := range permutations {
			if p>>e&1 != 0 {
				want |= p
			}
		}
		if compatible[e] != want {
			t.Errorf("compatible[%d] = %09b, want %09b", e, compatible[e], want)
		}
	}
}
