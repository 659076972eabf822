// Package techniques holds the human solving techniques: the candidate
// state they read (State), the steps they find (Step), and the registry
// that names them (registry.go).
//
// # How the pieces meet
//
// A finder is a function that scans a State and passes each step it sees to
// an Emit callback, in Sudoku Explainer's scan order. A Producer wraps one
// finder and lists the techniques its steps belong to: one scan finds full
// houses and hidden singles, another pointing and claiming, as in SE, whose
// "hint producers" these are. The registry lists SE 1.2.1's producers in the
// order SE tries them, then the extras (techniques beyond SE's, which never
// change a rating); every technique appears once, with the key that
// config.yaml, generate --require, the usage tables, --explain and JSON use,
// which is also the Technique field of its steps. Package grade replays the
// producers in that order, applying the first step of the first producer
// that finds one, and derives ER/EP/ED from the path. Adding a technique
// touches the registry and the file of its family.
//
// # Files
//
//   - singles.go: full house, hidden single, naked single (1.0-2.3)
//   - intersections.go: direct pointing and claiming, pointing, claiming
//   - subsets.go: naked and hidden pairs, triplets and quads, direct hidden
//     pairs and triplets
//   - fish.go, finned.go: X-wing, swordfish, jellyfish; finned and sashimi
//     fish (extras)
//   - wings.go: XY-wing, XYZ-wing; W-wing (extra)
//   - uniqueness.go, bug.go: unique rectangles and loops, BUG
//   - aligned.go, ape.go, ate.go: aligned pair and triplet exclusion
//   - singledigit.go, bivalue.go: skyscraper, 2-string kite, empty
//     rectangle, simple colours, XY-chain, remote pairs (extras)
//   - chain.go and the other chain_*.go files: SE's chains, from
//     bidirectional cycles (6.5) to nested forcing chains (11.0 and up);
//     chain.go explains how they work
//   - quick.go: a bit-mask test for puzzles that singles solve, for the
//     generator
//
// # Ratings and order
//
// Every step carries its rating on SE's scale, computed with SE's own
// arithmetic (sudoku.Rating), and finders emit in SE's order: both are part
// of the rating, since SE applies the first step it finds. Finders that
// search chains scan the whole grid at every call; they watch their context
// and stop early when it is done, and what they found then is not SE's
// answer (the grader reports the puzzle as over its time budget).
package techniques
