package solve

// The solver keeps, for each digit and each band (three rows), a 27-bit word:
// bit 9*r+c is set while the digit may still go in row r (0..2) of the band,
// column c (0..8). Within a band the digit must occupy exactly one cell of
// each row and of each box, so the 3x3 matrix of "triads" (row r, box b: the
// three cells where they meet) that still hold a candidate must contain a
// permutation; the same holds, within a stack (three columns), for the matrix
// (band, column-of-the-stack). The tables below turn those facts into
// lookups.

const (
	all27     = 1<<27 - 1
	allDigits = 1<<9 - 1
)

var (
	// boxesOfRow maps the 9 bits of one row to 3 bits: box b of the band has
	// a candidate in that row.
	boxesOfRow [512]uint8

	// permUnion maps a 3x3 presence matrix (bit 3*i+j: entry (i, j) is
	// possible) to the union of the permutation matrices it contains, or 0
	// when it contains none. Entries outside the union can hold no digit.
	permUnion [512]uint16

	// bandAllowed is permUnion over the triads of a band (bit 3*r+b: row r,
	// box b), spread out to the 27 cells of the band.
	bandAllowed [512]uint32

	// columnsSpread maps 9 column bits to the 27 cells of a band in those
	// columns.
	columnsSpread [512]uint32

	// singleRows maps a band word to 3 bits: rows holding exactly one
	// candidate. It is indexed one row at a time (9 bits).
	singleRow [512]uint8

	// rowsSpread maps 3 row bits to the 27-bit mask of those rows.
	rowsSpread [8]uint32

	// permInter maps a 3x3 presence matrix to the entries every permutation
	// it contains uses: the triads a digit is forced into.
	permInter [512]uint16

	// compatible[t] is the 3x3 matrix of entries that can coexist with entry
	// t in a permutation: t itself and the entries sharing neither its row
	// nor its column.
	compatible [9]uint16

	// perms lists the permutation matrices a 3x3 presence matrix contains
	// (permCount of them), for branching on a digit's configuration.
	perms     [512][6]uint16
	permCount [512]uint8
)

// perms3 lists the six permutations of three items.
var perms3 = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

func init() {
	initRowTables()
	initPermTables()
	initCompatible()
	initRowsSpread()
}

// initRowTables fills the tables indexed by the 9 bits of one row (or of
// the columns of a band): boxesOfRow, singleRow and columnsSpread.
func initRowTables() {
	for x := 0; x < 512; x++ {
		var boxes uint8
		for b := 0; b < 3; b++ {
			if x>>(3*b)&7 != 0 {
				boxes |= 1 << b
			}
		}
		boxesOfRow[x] = boxes
		if x != 0 && x&(x-1) == 0 {
			singleRow[x] = 1
		}
		var spread uint32
		for c := 0; c < 9; c++ {
			if x>>c&1 != 0 {
				spread |= 1<<c | 1<<(c+9) | 1<<(c+18)
			}
		}
		columnsSpread[x] = spread
	}
}

// permMatrix is the 3x3 matrix (bit 3*i+j) of permutation p.
func permMatrix(p [3]int) uint16 {
	var pm uint16
	for i, j := range p {
		pm |= 1 << (3*i + j)
	}
	return pm
}

// initPermTables fills the tables indexed by a 3x3 presence matrix:
// perms, permCount, permUnion, permInter and bandAllowed.
func initPermTables() {
	for m := 0; m < 512; m++ {
		union, inter := uint16(0), uint16(0x1FF)
		for _, p := range perms3 {
			pm := permMatrix(p)
			if uint16(m)&pm == pm {
				perms[m][permCount[m]] = pm
				permCount[m]++
				union |= pm
				inter &= pm
			}
		}
		permUnion[m] = union
		if permCount[m] > 0 {
			permInter[m] = inter
		}
		bandAllowed[m] = triadCells(union)
	}
}

// triadCells spreads a triad matrix (bit 3*r+b) out to the 27 cells of a
// band.
func triadCells(t9 uint16) uint32 {
	var cells uint32
	for t := 0; t < 9; t++ {
		if t9>>t&1 != 0 {
			r, b := t/3, t%3
			cells |= 7 << (9*r + 3*b)
		}
	}
	return cells
}

// initCompatible fills compatible: entry t, and the entries sharing
// neither its row nor its column.
func initCompatible() {
	for t := 0; t < 9; t++ {
		for u := 0; u < 9; u++ {
			if u == t || (u/3 != t/3 && u%3 != t%3) {
				compatible[t] |= 1 << u
			}
		}
	}
}

// initRowsSpread fills rowsSpread: the 27-bit mask of a set of rows.
func initRowsSpread() {
	for r := 0; r < 8; r++ {
		for i := 0; i < 3; i++ {
			if r>>i&1 != 0 {
				rowsSpread[r] |= 0x1FF << (9 * i)
			}
		}
	}
}

// triads returns the band's triad presence matrix (bit 3*r+b).
func triads(a uint32) uint32 {
	return uint32(boxesOfRow[a&0x1FF]) | uint32(boxesOfRow[a>>9&0x1FF])<<3 | uint32(boxesOfRow[a>>18&0x1FF])<<6
}

// columns returns the 9-bit set of columns holding a candidate in the band.
func columns(a uint32) uint32 { return (a | a>>9 | a>>18) & 0x1FF }

// singles returns the 3-bit set of rows of the band with one candidate.
func singles(a uint32) uint32 {
	return uint32(singleRow[a&0x1FF]) | uint32(singleRow[a>>9&0x1FF])<<1 | uint32(singleRow[a>>18&0x1FF])<<2
}
