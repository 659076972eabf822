package server

import (
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// This file holds the seams of the endpoints whose library call does not
// take rules yet on this branch (issue 33): generation of variant
// puzzles, which answers 400 for a variant until the library does.

// generateUnder sets the rules of the puzzles a generate request makes.
//
// TODO(issue 33): generate.Options gains a Rules field with generate
// --variant (the generator's branch); at the merge, set opt.Rules = rules
// here and drop the refusal. The vicinity search (ratings above
// generate.SpreadTop) starts from classic puzzles, so it stays refused for
// variants unless the generator says otherwise.
func generateUnder(opt *generate.Options, rules sudoku.Rules, method generate.Method) error {
	_ = opt
	switch {
	case rules.IsClassic():
		return nil
	case method == generate.MethodVicinity:
		return sudoku.Invalidf("variant %s: no rating above %s: such puzzles come from a search near the hardest known classic puzzles", rules, generate.SpreadTop)
	}
	return sudoku.Invalidf("generating variant puzzles is not supported yet (variant %s)", rules)
}
