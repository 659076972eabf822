// Package sized finds Sudoku Explainer's human techniques on a
// sudoku.Board of any shape (4x4 to 25x25): the same techniques as the
// classic finders of package techniques, generalised to N digits and N
// houses of each kind, on candidate masks of up to 25 digits and cell sets
// of up to 625 cells.
//
// A step's technique, name and rating come from the one registry of
// package techniques (techniques.Lookup): a name means the same technique
// and the same rating at every size. The finders scan in SE's order
// (houses boxes, columns, rows; digits from 1; SE's restrictions on the
// size of a house for subsets and on the digits of a fish), and Ladder
// lists them in the order SE tries its producers, so that on a 9x9 Board
// the ratings are those of the classic grader wherever the ladder covers
// the hardest step.
//
// The ladder: full house and hidden single, direct pointing and claiming,
// direct hidden pair, naked single, direct hidden triplet, pointing and
// claiming, naked and hidden pairs, triplets and quads, X-Wing, Swordfish
// and Jellyfish, XY-Wing, XYZ-Wing, unique rectangles of type 1, then SE's
// bidirectional cycles and static forcing chains (X-links, Y-links, both;
// SE's length bonus). What needs more (SE's other uniqueness types, BUG,
// aligned exclusion, Nishio, cell and region, dynamic and nested forcing
// chains) is beyond it: Next returns no step, and package grade says the
// puzzle is beyond what sudokit grades at that size.
//
// The classic 9x9 grader keeps its own fixed 81-cell types and fast
// paths; this package is for every size, 9x9 included.
package sized
