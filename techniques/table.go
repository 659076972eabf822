package techniques

// Technique is one finder in the application order, with the names of the
// steps it produces.
type Technique struct {
	// Key names the finder in config.yaml and in usage tables.
	Key string
	// Name is the finder's name for people.
	Name string
	// Ratings is the SE rating or range its steps get, for documentation.
	Ratings string
	// Find looks for the steps.
	Find Finder
}

// SE lists Sudoku Explainer 1.2.1's techniques in the order SE tries them
// when rating: at each step the first finder that sees anything supplies the
// step. The order is part of the rating (see grade).
var SE = []Technique{
	{"hidden-single", "Full House / Hidden Single", "1.0, 1.2, 1.5", findHiddenSingles},
	{"direct-pointing", "Direct Pointing / Claiming", "1.7, 1.9", findDirectLocked},
	{"direct-hidden-pair", "Direct Hidden Pair", "2.0", findDirectHidden(2)},
	{"naked-single", "Naked Single", "2.3", findNakedSingles},
	{"direct-hidden-triple", "Direct Hidden Triplet", "2.5", findDirectHidden(3)},
	{"pointing", "Pointing / Claiming", "2.6, 2.8", findLocked},
	{"naked-pair", "Naked Pair", "3.0", findNaked(2)},
	{"x-wing", "X-Wing", "3.2", findFish(2)},
	{"hidden-pair", "Hidden Pair", "3.4", findHidden(2)},
	{"naked-triple", "Naked Triplet", "3.6", findNaked(3)},
	{"swordfish", "Swordfish", "3.8", findFish(3)},
	{"hidden-triple", "Hidden Triplet", "4.0", findHidden(3)},
	{"xy-wing", "XY-Wing", "4.2", findXYWing(2)},
	{"xyz-wing", "XYZ-Wing", "4.4", findXYWing(3)},
	{"unique-loop", "Unique Rectangle / Loop", "4.5-5.6", findUniqueLoops},
	{"naked-quad", "Naked Quad", "5.0", findNaked(4)},
	{"jellyfish", "Jellyfish", "5.2", findFish(4)},
	{"hidden-quad", "Hidden Quad", "5.4", findHidden(4)},
	{"bug", "Bivalue Universal Grave", "5.6-6.2", findBUG},
	{"aligned-pair-exclusion", "Aligned Pair Exclusion", "6.2", findAlignedPairExclusion},
}

// Extras are techniques beyond Sudoku Explainer's rule set, for explanations
// and usage tables; they never change the SE rating. Each can be switched on
// in config.yaml.
var Extras = []Technique{
	{"skyscraper", "Skyscraper", "(6.6)", findSkyscraper},
	{"two-string-kite", "2-String Kite", "(6.6)", findTwoStringKite},
	{"empty-rectangle", "Empty Rectangle", "(6.6)", findEmptyRectangle},
	{"finned-x-wing", "Finned / Sashimi X-Wing", "(6.6)", findFinnedFish(2)},
	{"w-wing", "W-Wing", "(6.6)", findWWing},
	{"simple-coloring", "Simple Colors", "(6.6-6.7)", findSimpleColoring},
	{"finned-swordfish", "Finned / Sashimi Swordfish", "(6.7)", findFinnedFish(3)},
	{"remote-pairs", "Remote Pairs", "(7.1+)", findRemotePairs},
	{"xy-chain", "XY-Chain", "(7.0+)", findXYChain},
}

// All returns SE's techniques followed by the extras.
func All() []Technique {
	return append(append([]Technique(nil), SE...), Extras...)
}
