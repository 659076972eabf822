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
	// General, when set, finds every instance of the technique, without
	// the restrictions of SE's search (which skips instances another
	// technique finds anyway). Rating uses Find.
	General Finder
	// Chain marks the chaining producers, which search the whole grid at
	// every call and are far costlier than the others.
	Chain bool
	// First, when set, returns the step Find would emit first (or nil),
	// faster: rating only needs that one.
	First func(s *State) *Step
	// Min is the lowest rating its steps can have: a grader with an upper
	// bound below it need not run it.
	Min float64
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
	{Key: "hidden-single", Name: "Full House / Hidden Single", Ratings: "1.0-1.5", Find: findHiddenSingles,
		Kinds: []Kind{{"full-house", "Full House", "1.0"}, {"hidden-single", "Hidden Single", "1.2, 1.5"}}, Min: 1.0},
	{Key: "direct-pointing", Name: "Direct Pointing / Claiming", Ratings: "1.7, 1.9", Find: findDirectLocked,
		Kinds: []Kind{{"direct-pointing", "Direct Pointing", "1.7"}, {"direct-claiming", "Direct Claiming", "1.9"}}, Min: 1.7},
	{Key: "direct-hidden-pair", Name: "Direct Hidden Pair", Ratings: "2.0", Find: findDirectHidden(2), Min: 2.0},
	{Key: "naked-single", Name: "Naked Single", Ratings: "2.3", Find: findNakedSingles, Min: 2.3},
	{Key: "direct-hidden-triple", Name: "Direct Hidden Triplet", Ratings: "2.5", Find: findDirectHidden(3), Min: 2.5},
	{Key: "pointing", Name: "Pointing / Claiming", Ratings: "2.6, 2.8", Find: findLocked,
		Kinds: []Kind{{"pointing", "Pointing", "2.6"}, {"claiming", "Claiming", "2.8"}}, Min: 2.6},
	{Key: "naked-pair", Name: "Naked Pair", Ratings: "3.0", Find: findNaked(2, false), General: findNaked(2, true), Min: 3.0},
	{Key: "x-wing", Name: "X-Wing", Ratings: "3.2", Find: findFish(2), Min: 3.2},
	{Key: "hidden-pair", Name: "Hidden Pair", Ratings: "3.4", Find: findHidden(2, false), General: findHidden(2, true), Min: 3.4},
	{Key: "naked-triple", Name: "Naked Triplet", Ratings: "3.6", Find: findNaked(3, false), General: findNaked(3, true), Min: 3.6},
	{Key: "swordfish", Name: "Swordfish", Ratings: "3.8", Find: findFish(3), Min: 3.8},
	{Key: "hidden-triple", Name: "Hidden Triplet", Ratings: "4.0", Find: findHidden(3, false), General: findHidden(3, true), Min: 4.0},
	{Key: "xy-wing", Name: "XY-Wing", Ratings: "4.2", Find: findXYWing(2), Min: 4.2},
	{Key: "xyz-wing", Name: "XYZ-Wing", Ratings: "4.4", Find: findXYWing(3), Min: 4.4},
	{Key: "unique-loop", Name: "Unique Rectangle / Loop", Ratings: "4.5-5.6", Find: findUniqueLoops, General: findUniqueLoopsGeneral,
		Kinds: []Kind{{"unique-rectangle", "Unique Rectangle", "4.5-5.1"}, {"unique-loop", "Unique Loop", "4.6-5.6"}}, Min: 4.5},
	{Key: "naked-quad", Name: "Naked Quad", Ratings: "5.0", Find: findNaked(4, false), General: findNaked(4, true), Min: 5.0},
	{Key: "jellyfish", Name: "Jellyfish", Ratings: "5.2", Find: findFish(4), Min: 5.2},
	{Key: "hidden-quad", Name: "Hidden Quad", Ratings: "5.4", Find: findHidden(4, false), General: findHidden(4, true), Min: 5.4},
	{Key: "bug", Name: "Bivalue Universal Grave", Ratings: "5.6-6.2", Find: findBUG, Min: 5.6},
	{Key: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Ratings: "6.2", Find: findAlignedPairExclusion, Min: 6.2},
	{Key: "forcing-chains", Name: "Forcing Chains and Cycles", Ratings: "6.5+", Find: findForcingChainsAndCycles, First: firstForcingChainOrCycle,
		Kinds: []Kind{{"cycle", "Bidirectional Cycle", "6.5+"}, {"forcing-chain", "Forcing Chain", "6.6+"}}, Chain: true, Min: 6.5},
	{Key: "aligned-triplet-exclusion", Name: "Aligned Triplet Exclusion", Ratings: "7.5", Find: findAlignedTripletExclusion, Chain: true, Min: 7.5},
	{Key: "nishio", Name: "Nishio Forcing Chains", Ratings: "7.5+", Find: findChaining(modeNishio), Chain: true, Min: 7.5},
	{Key: "multiple-forcing-chains", Name: "Cell and Region Forcing Chains", Ratings: "8.0+", Find: findChaining(modeMultiple), Chain: true, Min: 8.0},
	{Key: "dynamic-forcing-chains", Name: "Dynamic Forcing Chains", Ratings: "8.5+", Find: findChaining(modeDynamic), Chain: true, Min: 8.5},
	{Key: "dynamic-forcing-chains-plus", Name: "Dynamic Forcing Chains (+)", Ratings: "9.0+", Find: findChaining(modeDynamicPlus), Chain: true, Min: 9.0},
	{Key: nestedKey(2), Name: "Nested Forcing Chains (+ Forcing Chains)", Ratings: "9.5+", Find: findChaining(modeNested(2)), Chain: true, Min: 9.5},
	{Key: nestedKey(3), Name: "Nested Forcing Chains (+ Multiple Forcing Chains)", Ratings: "10.0+", Find: findChaining(modeNested(3)), Chain: true, Min: 10.0},
	{Key: nestedKey(4), Name: "Nested Forcing Chains (+ Dynamic Forcing Chains)", Ratings: "10.5+", Find: findChaining(modeNested(4)), Chain: true, Min: 10.5},
	{Key: nestedKey(5), Name: "Nested Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", Ratings: "11.0+", Find: findChaining(modeNested(5)), Chain: true, Min: 11.0},
}

// Extras are techniques beyond Sudoku Explainer's rule set, for explanations
// and usage tables; they never change the SE rating. Each can be switched on
// in config.yaml.
var Extras = []Technique{
	{Key: "skyscraper", Name: "Skyscraper", Ratings: "(6.6)", Find: findSkyscraper, Min: 6.6},
	{Key: "two-string-kite", Name: "2-String Kite", Ratings: "(6.6)", Find: findTwoStringKite, Min: 6.6},
	{Key: "empty-rectangle", Name: "Empty Rectangle", Ratings: "(6.6)", Find: findEmptyRectangle, Min: 6.6},
	{Key: "finned-x-wing", Name: "Finned / Sashimi X-Wing", Ratings: "(6.6)", Find: findFinnedFish(2), Min: 6.6},
	{Key: "w-wing", Name: "W-Wing", Ratings: "(6.6)", Find: findWWing, Min: 6.6},
	{Key: "simple-coloring", Name: "Simple Colors", Ratings: "(6.6-6.7)", Find: findSimpleColoring, Min: 6.6},
	{Key: "finned-swordfish", Name: "Finned / Sashimi Swordfish", Ratings: "(6.7)", Find: findFinnedFish(3), Min: 6.7},
	{Key: "remote-pairs", Name: "Remote Pairs", Ratings: "(7.1+)", Find: findRemotePairs, Min: 7.1},
	{Key: "xy-chain", Name: "XY-Chain", Ratings: "(7.0+)", Find: findXYChain, Min: 7.0},
}

// All returns SE's techniques followed by the extras.
func All() []Technique {
	return append(append([]Technique(nil), SE...), Extras...)
}

// AllKinds lists every kind of step, SE's techniques first, in the table's
// order.
func AllKinds() []Kind {
	var out []Kind
	for _, t := range All() {
		out = append(out, t.StepKinds()...)
	}
	return out
}
