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
// # Variants
//
// The rules of a grid are a value, sudoku.Rules, carried by every State
// (State.Rules; the zero value is classic): its houses (rows, columns,
// boxes or a jigsaw's regions, then the variants' extra houses: diagonals,
// windows, disjoint groups, ...) and its pair rules (anti-knight,
// anti-king: two cells that may not share a digit; non-consecutive:
// orthogonal neighbours that may not hold consecutive digits). Classic
// grids keep the finders' fixed tables and fast paths (sudoku.Units,
// posTable, the chain engine's boxRowCol); under any other rules a finder
// takes its "Under" path (hiddenSinglesUnder, lockedUnder, nakedUnder, ...)
// and reads a houseTable (houses.go), built once per set of rules: the
// houses and peers, and the orders in which the reference scans them.
//
// The reference for variants is Sukaku Explainer 1.18.1 (SukE), the fork
// of SE that the rating community uses for them, limited to SE 1.2.1's
// techniques: the Under paths follow its choices (which houses each
// technique looks in, its scan orders, its restrictions on uniqueness, its
// two non-consecutive techniques in nonconsecutive.go), and the tests
// compare ratings and paths with SukE's. Where SukE has no answer
// (jigsaw), SE's rules apply to the regions as boxes.
//
// Technique.Scope says under which rules a technique applies: all rules,
// classic only (the extras that assume the boxes), or non-consecutive only;
// a Producer finds nothing outside its scope, and Under lists the
// techniques of a set of rules. The chain engine takes the rules' own path
// too (chain_rules*.go: a chainRules per set of rules, SukE's links through
// extra houses and pair rules, and SukE's rules inside nested chains).
//
// Steps under variant rules name houses as the rules do (House.Name:
// "diagonal 1", "region 4"); a link or an elimination that holds through
// an extra house or a pair rule says so in SeeReason's words ("knight's
// move from r3c4"; Step.Reasons, reasons.go).
//
// # Sizes
//
// The finders here work on classic 9x9 grids (fixed 81-cell, 9-digit
// types, for speed). Package techniques/sized has the same techniques for
// a sudoku.Board of any size (4x4 to 25x25), up to the hidden quad with
// unique rectangles of type 1, then bidirectional cycles and static forcing
// chains, named and rated by this package's registry
// (Lookup), so that a technique's name and rating are the same at every
// size; package grade's Board grades with them.
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
//   - chain.go and the other chain_*.go files: the chain engine (below),
//     SE's chains from bidirectional cycles (6.5) to nested forcing chains
//     (11.0 and up); chain.go maps its files
//   - houses.go: the house tables of rules that are not classic, and
//     SeeReason; reasons.go: why an elimination holds under them
//   - nonconsecutive.go: SukE's non-consecutive forcing cell and locked
//     non-consecutive (2.4, 2.5); uniqueness_variants.go, bug_variants.go:
//     unique loops and BUG under variant rules
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
//
// # The chain engine
//
// From forcing chains and cycles (6.5) on, SE's techniques are chain
// searches (aligned triplet exclusion aside), and the rating depends on
// which chains SE finds and how long they are, so the engine follows SE
// 1.2.1's search step by step.
//
// A potential is a candidate assumed true ("r1c2 is 5") or false ("r1c2 is
// not 5"). Links derive potentials from one: a true one makes the cell's
// other candidates false, and the digit's other places in its box, row and
// column; a false one makes true the other candidate of a cell of two, and
// the other place of the digit in a unit where it has two. A run starts
// from one potential and follows the links, true potentials before false
// ones, until nothing new comes or a candidate is found both true and false
// (a contradiction). It records every potential it reaches once, with its
// parents: the potential it came from and, in a dynamic run, the earlier
// false potentials that left the cell or unit with two candidates. The
// complexity of a conclusion, which raises the rating, is the number of
// distinct potentials it depends on.
//
// Forcing chains and cycles follow the links of the grid as it is: a chain
// from a potential to its opposite proves the opposite, and a cycle rules
// out, outside its cells, a candidate that sees a true and a false
// potential of its digit on it. The later producers compare runs: a run
// that meets a contradiction proves its start false (Nishio, contradiction
// forcing chains); what both "x" and "not x" imply holds (double forcing
// chains), and so does what every candidate of a cell, or every place of a
// digit in a unit, implies (cell and region forcing chains). Dynamic runs
// also take each false potential out of a working copy of the grid, so that
// later links see the grid the chain has made.
//
// Nesting. From dynamic forcing chains (+) on, when a run's links run out,
// other rules run on its working grid: the basic ones (pointing and
// claiming, hidden pair, naked pair, X-wing) at every level, and from level
// 2 whole producers: forcing chains and cycles (level 2; and multiple
// forcing chains at level 3), dynamic forcing chains (level 4; and nested
// chains of level 2 at level 5). A hint such a rule finds on the working
// grid counts only if it owes something to the run: its rule parents,
// candidates the run removed that the hint needs. Its eliminations become
// new false potentials of the run, whose parents are the rule parents, and
// the run goes on. A nested producer runs in a child chainer, with the
// working grid as its own grid (where it may nest again); each distinct
// nested chain a conclusion uses adds its own complexity.
//
// Caches. Nested searches run the same rules on the same working grids
// again and again: within one producer call, from producer to producer on
// one state, and from state to state, since the chains of later states
// reach many of the same working grids. What is kept serves only where it
// is exactly what the search would find again:
//
//   - within one call: the runs by start (a run depends on its start, the
//     grid and the mode alone), and what the nested rules found on each
//     working grid (a function of that grid, the call's grid fixed);
//   - within one state, across producers, in the Session: what the basic
//     rules and each nested producer found on each working grid, with
//     their rule parents; these are measured against the state's grid, so
//     all of it goes when the state changes;
//   - across the states of a puzzle, in the Session: the hints a nested
//     producer found on a working grid without their rule parents, which
//     are measured again against each state (the hints depend on the
//     working grid alone); the X pass of nested forcing chains and cycles
//     per digit layout (X links see one digit); and the last state where
//     aligned triplet exclusion found nothing (a state that follows from it
//     changes only the triples whose cells changed).
//
// Rating needs only the first step, so bounded searches skip what could no
// longer beat the best hint found; and shortcuts prove, without the
// search, where it would find nothing (chain_sets.go, chain_reach.go,
// chain_quiet.go). The tests compare the shortcuts and the session with
// the full search (chain_*_test.go), and the grader with SE's ratings and
// paths (package grade).
package techniques
