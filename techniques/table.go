package techniques

// Technique is one finder in the application order.
type Technique struct {
	// Key names the finder in config.yaml.
	Key string
	// Name is the finder's name for people.
	Name string
	// Ratings is the SE rating or range its steps get, for documentation.
	Ratings string
	// Find looks for the steps.
	Find Finder
	// Kinds lists the kinds of step it produces (Step.Technique), when
	// there are several; a finder with none produces steps keyed Key, rated
	// Ratings.
	Kinds []Kind
}

// Kind is a kind of step, as counted in usage tables.
type Kind struct {
	Key     string // Step.Technique
	Name    string
	Ratings string
}

// StepKinds returns the kinds of step the finder produces.
func (t Technique) StepKinds() []Kind {
	if t.Kinds != nil {
		return t.Kinds
	}
	return []Kind{{t.Key, t.Name, t.Ratings}}
}

// SE lists Sudoku Explainer 1.2.1's techniques in the order SE tries them
// when rating: at each step the first finder that sees anything supplies the
// step. The order is part of the rating (see grade).
var SE = []Technique{
	{"hidden-single", "Full House / Hidden Single", "1.0-1.5", findHiddenSingles, []Kind{
		{"full-house", "Full House", "1.0"}, {"hidden-single", "Hidden Single", "1.2, 1.5"}}},
	{"direct-pointing", "Direct Pointing / Claiming", "1.7, 1.9", findDirectLocked, []Kind{
		{"direct-pointing", "Direct Pointing", "1.7"}, {"direct-claiming", "Direct Claiming", "1.9"}}},
	{"direct-hidden-pair", "Direct Hidden Pair", "2.0", findDirectHidden(2), nil},
	{"naked-single", "Naked Single", "2.3", findNakedSingles, nil},
	{"direct-hidden-triple", "Direct Hidden Triplet", "2.5", findDirectHidden(3), nil},
	{"pointing", "Pointing / Claiming", "2.6, 2.8", findLocked, []Kind{
		{"pointing", "Pointing", "2.6"}, {"claiming", "Claiming", "2.8"}}},
	{"naked-pair", "Naked Pair", "3.0", findNaked(2), nil},
	{"x-wing", "X-Wing", "3.2", findFish(2), nil},
	{"hidden-pair", "Hidden Pair", "3.4", findHidden(2), nil},
	{"naked-triple", "Naked Triplet", "3.6", findNaked(3), nil},
	{"swordfish", "Swordfish", "3.8", findFish(3), nil},
	{"hidden-triple", "Hidden Triplet", "4.0", findHidden(3), nil},
	{"xy-wing", "XY-Wing", "4.2", findXYWing(2), nil},
	{"xyz-wing", "XYZ-Wing", "4.4", findXYWing(3), nil},
	{"unique-loop", "Unique Rectangle / Loop", "4.5-5.6", findUniqueLoops, []Kind{
		{"unique-rectangle", "Unique Rectangle", "4.5-5.1"}, {"unique-loop", "Unique Loop", "4.6-5.6"}}},
	{"naked-quad", "Naked Quad", "5.0", findNaked(4), nil},
	{"jellyfish", "Jellyfish", "5.2", findFish(4), nil},
	{"hidden-quad", "Hidden Quad", "5.4", findHidden(4), nil},
	{"bug", "Bivalue Universal Grave", "5.6-6.2", findBUG, nil},
	{"aligned-pair-exclusion", "Aligned Pair Exclusion", "6.2", findAlignedPairExclusion, nil},
}

// Extras are techniques beyond Sudoku Explainer's rule set, for explanations
// and usage tables; they never change the SE rating. Each can be switched on
// in config.yaml.
var Extras = []Technique{
	{"skyscraper", "Skyscraper", "(6.6)", findSkyscraper, nil},
	{"two-string-kite", "2-String Kite", "(6.6)", findTwoStringKite, nil},
	{"empty-rectangle", "Empty Rectangle", "(6.6)", findEmptyRectangle, nil},
	{"finned-x-wing", "Finned / Sashimi X-Wing", "(6.6)", findFinnedFish(2), nil},
	{"w-wing", "W-Wing", "(6.6)", findWWing, nil},
	{"simple-coloring", "Simple Colors", "(6.6-6.7)", findSimpleColoring, nil},
	{"finned-swordfish", "Finned / Sashimi Swordfish", "(6.7)", findFinnedFish(3), nil},
	{"remote-pairs", "Remote Pairs", "(7.1+)", findRemotePairs, nil},
	{"xy-chain", "XY-Chain", "(7.0+)", findXYChain, nil},
}

// All returns SE's techniques followed by the extras.
func All() []Technique {
	return append(append([]Technique(nil), SE...), Extras...)
}
