package server

import (
	"slices"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/sudoku"
)

// generateRules reads the rules of a generate request: those of its
// "variant" and "regions" fields, where a jigsaw without a layout (or with
// "regions": "random") takes a random one per puzzle. It reports whether
// the layouts are random.
func generateRules(req *generateRequest) (sudoku.Rules, bool, error) {
	if slices.Contains(req.Variant, "jigsaw") && (req.Regions == "" || req.Regions == "random") {
		box := generate.BoxLayout()
		f := rulesFields{Variant: req.Variant, Regions: box.String()}
		rules, err := f.rules()
		return rules, true, err
	}
	rules, err := req.rules()
	return rules, false, err
}

// generateUnder sets the rules of the puzzles a generate request makes.
// The vicinity search (ratings above generate.SpreadTop) starts from
// classic puzzles, so it is refused for variants. A symmetry the request
// leaves out is rot180, or none when a given jigsaw layout does not keep
// rot180.
func generateUnder(opt *generate.Options, rules sudoku.Rules, random bool, method generate.Method, symGiven bool) error {
	if !rules.IsClassic() && method == generate.MethodVicinity {
		return sudoku.Invalidf("variant %s: no rating above %s: such puzzles come from a search near the hardest known classic puzzles", rules, generate.SpreadTop)
	}
	opt.Rules, opt.RandomRegions = rules, random
	if !random && !symGiven && !opt.Symmetry.Keeps(rules) {
		opt.Symmetry = generate.None
	}
	return nil
}
