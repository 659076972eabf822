// Package canon computes canonical (minlex) forms of sudoku puzzles and
// applies isomorphisms: the relabellings, rotations, transpositions and
// row, column, band and stack shuffles that turn a puzzle into an
// equivalent one of the same difficulty (the same rating, but for Sudoku
// Explainer's tie-breaks between equal chains by their place in the grid,
// which can move a rating of the hardest puzzles by 0.1).
//
// # Transformations
//
// A Transform is one element of the geometric group times a relabelling
// of the digits: transpose (or not), then place source row Rows[r] at row
// r and source column Cols[c] at column c, then write digit d as
// Digits[d]. Rows must move as whole bands and within their band, columns
// as whole stacks and within their stack, so the geometric part has
// 2 x 6^8 = 3,359,232 elements, and there are 9! relabellings.
//
// # The canonical form
//
// Minlex returns the lexicographically smallest 81-character string
// ('0' for a blank, then '1'..'9') over every geometric transformation,
// the digits relabelled in order of first appearance (reading cells 0 to
// 80), as the minlex form is defined in the sudoku community. Two puzzles
// are isomorphic exactly when their forms are equal, so Key(g) can be
// used to drop isomorphs from a set.
//
// This is the smallest string itself, not the "pattern-first" form that
// some fast tools compute (the smallest clue pattern, '0' for a blank and
// '1' for a clue, first, then the smallest string on it). The two often
// differ: measured with the pattern-first search of the tests, on 60% of
// a sample of Gordon Royle's 17-clue puzzles (597 of 1,004) and on 73% of
// the magictour top 1465 (1,074). Minlex finds the
// smallest string row by row, keeping every partial transformation that
// ties the best prefix so far; blank columns and stacks stay
// interchangeable until a row tells them apart, so sparse puzzles cost
// little.
//
// # Variants
//
// A variant's puzzles are equivalent under its symmetry group only, the
// Transforms that keep its rules (GroupOf): for x the 96 geometric
// transformations that map the diagonals onto the diagonals, for
// anti-knight the eight rotations and reflections of the square, for
// non-consecutive those with the digits kept or reflected (d -> 10-d). A
// jigsaw's layout turns along with the grid. Group.Minlex and Group.Key
// give the canonical form under the group, Group.Random draws from it and
// Group.Check says why a Transform is not in it.
//
// # Transform specs
//
// Transform.String and ParseTransform use a small text form: terms
// separated by commas, applied left to right.
//
//	identity, id     no change
//	t, transpose     swap rows and columns
//	rot90            rotate a quarter turn clockwise
//	rot180           rotate a half turn
//	rot270           rotate a quarter turn anticlockwise
//	mirror           reverse the columns (left-right mirror)
//	flip             reverse the rows (upside down)
//	r=NNNNNNNNN      result row i is row N_i (rows numbered 0-8)
//	c=NNNNNNNNN      result column i is column N_i (columns numbered 0-8)
//	d=NNNNNNNNN      digit i becomes N_i (digits 1-9)
//
// String always writes the full form, "t,r=...,c=...,d=..." (without the
// leading "t," when there is no transposition), and ParseTransform reads
// it back exactly. Keywords are case-insensitive and spaces around terms
// are ignored. For example "rot90,d=987654321" rotates the puzzle and then
// swaps digit 1 with 9, 2 with 8, and so on.
package canon
