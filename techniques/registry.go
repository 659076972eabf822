package techniques

import (
	"context"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// Technique is one entry of the registry: the name by which config.yaml,
// generate --require, the usage tables, --explain, JSON and the technique
// list all refer to one technique.
type Technique struct {
	// Key names the technique everywhere: "x-wing". It is the Technique
	// field of the steps it produces.
	Key string
	// Name is the technique's name for people: "X-Wing".
	Name string
	// Names are the other names its steps carry, as grade --explain, the
	// hardest technique and hints give them, when a step's name is not
	// Name, nor Name and its variant ("Unique Rectangle type 2"): "Turbot
	// Fish" is a forcing chain (see HasName).
	Names []string
	// Family groups techniques that work alike.
	Family Family
	// Ratings is the band of the ratings its steps get on Sudoku
	// Explainer's scale (for an extra: the rating SE gives the chain it
	// stands for).
	Ratings sudoku.RatingRange
	// SE is true for Sudoku Explainer 1.2.1's own techniques, which make
	// the rating (and for the two that Sukaku Explainer adds for
	// non-consecutive, which make it there); false for an extra, which
	// never changes it and is used, when switched on, in explanations and
	// usage counts instead of a chain.
	SE bool
	// Scope says under which rules the technique applies: all, classic
	// only, or non-consecutive only. Under other rules its producer finds
	// nothing.
	Scope Scope
}

// Source says where a technique comes from: "SE" for Sudoku Explainer
// 1.2.1's, "SukE" for those Sukaku Explainer adds for non-consecutive,
// "sudokit" for the killer techniques (rated on SE's scale by sudokit,
// since SE has no killers), "extra" for the extras.
func (t Technique) Source() string {
	switch {
	case !t.SE:
		return "extra"
	case t.Family == NonConsecutive:
		return "SukE"
	case t.Family == Killer:
		return "sudokit"
	}
	return "SE"
}

// Scope is the rules a technique applies under.
type Scope uint8

// The scopes.
const (
	// AllRules is classic rules, every variant and jigsaw: the technique
	// reads the rules' houses and peers.
	AllRules Scope = iota
	// ClassicOnly is classic rules alone: the technique assumes the boxes.
	ClassicOnly
	// NonConsecutiveOnly is the rules that include non-consecutive.
	NonConsecutiveOnly
	// NoCages is every set of rules but a killer's: the uniqueness
	// techniques, whose deadly patterns swap digits between cells, which
	// may change a cage's sum (see docs/techniques.md#killer-techniques).
	NoCages
	// KillerOnly is the rules with a killer's cages: the killer
	// techniques.
	KillerOnly
)

var scopeNames = [...]string{"all", "classic", "non-consecutive", "not killer", "killer"}

// String names the scope as the technique list shows it: "all",
// "classic", "non-consecutive", "not killer", "killer".
func (sc Scope) String() string { return scopeNames[sc] }

// Covers reports whether the scope includes the rules.
func (sc Scope) Covers(r sudoku.Rules) bool {
	switch sc {
	case ClassicOnly:
		return r.IsClassic()
	case NonConsecutiveOnly:
		return r.HasPair(sudoku.NonConsecutive)
	case NoCages:
		return !r.HasCages()
	case KillerOnly:
		return r.HasCages()
	}
	return true
}

// HasName reports whether a step of the technique may carry name: its
// Name, its Name followed by the step's variant ("Unique Loop 8 type 3"),
// or one of its Names.
func (t Technique) HasName(name string) bool {
	return name == t.Name || strings.HasPrefix(name, t.Name+" ") || slices.Contains(t.Names, name)
}

// chainNames are the names of the steps of a chaining producer: the kinds
// of chains it builds ("Cell", "Region", ...) between prefix ("Dynamic ")
// and suffix (" (+)").
func chainNames(prefix, suffix string, kinds ...string) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = prefix + k + " Forcing Chains" + suffix
	}
	return out
}

// dynamicKinds are the chains of the dynamic producers and the nested ones.
var dynamicKinds = []string{"Contradiction", "Double", "Cell", "Region"}

// Family is a group of techniques that work alike.
type Family string

// The families, in the order of the scale.
const (
	Singles            Family = "singles"
	Intersections      Family = "intersections"
	Subsets            Family = "subsets"
	Fish               Family = "fish"
	Wings              Family = "wings"
	Uniqueness         Family = "uniqueness"
	Exclusion          Family = "exclusion"
	SingleDigitPattern Family = "single-digit patterns"
	Chains             Family = "chains"
	NestedChains       Family = "nested chains"
	NonConsecutive     Family = "non-consecutive"
	Killer             Family = "killer"
)

// Producer finds the steps of one or more techniques in one scan of a
// state: it is one of Sudoku Explainer's "hint producers". SE tries its
// producers in a fixed order and applies the first step of the first one
// that finds anything; that order is part of the rating (see package
// grade).
type Producer struct {
	techniques []Technique
	// find emits the steps in SE's scan order; chain producers watch ctx
	// and use sess when it is not nil.
	find func(ctx context.Context, s *State, sess *Session, emit Emit) bool
	// general, when set, finds every instance of the techniques, without
	// the restrictions of SE's search (which skips instances another
	// producer finds anyway).
	general Finder
	// first, when set, returns the step find would emit first, faster.
	first func(ctx context.Context, s *State, sess *Session) *Step
	chain bool
}

// Techniques lists the techniques whose steps the producer finds.
func (p *Producer) Techniques() []Technique { return slices.Clone(p.techniques) }

// Min is the lowest rating of the producer's steps: a grader bounded below
// it need not run it.
func (p *Producer) Min() sudoku.Rating {
	m := p.techniques[0].Ratings.Min
	for _, t := range p.techniques[1:] {
		m = min(m, t.Ratings.Min)
	}
	return m
}

// SE reports whether the producer is one of Sudoku Explainer's.
func (p *Producer) SE() bool { return p.techniques[0].SE }

// Chain reports whether the producer is one of the chaining ones (forcing
// chains and cycles and every producer after it, aligned triplet exclusion
// among them), which search the whole grid at every call and cost far more
// than the others.
func (p *Producer) Chain() bool { return p.chain }

// Applies reports whether the producer's techniques apply under the rules
// (see Technique.Scope).
func (p *Producer) Applies(r sudoku.Rules) bool { return p.techniques[0].Scope.Covers(r) }

// Find passes each step the producer sees in s to emit, in Sudoku
// Explainer's order; it returns false when emit stopped it. Under rules
// its techniques do not apply to, it finds nothing. A chain search
// stops early when ctx is done, and what it found is then not SE's answer:
// the caller must check ctx.Err. sess, when not nil, is the session of the
// puzzle s belongs to (see Session): the chaining producers share what
// they find there. The steps are the same with or without one.
func (p *Producer) Find(ctx context.Context, s *State, sess *Session, emit Emit) bool {
	if !s.Rules.IsClassic() {
		if !p.Applies(s.Rules) {
			return true
		}
		emit = withRules(s.Rules, emit)
	}
	return p.find(ctx, s, sess, emit)
}

// withRules passes each step to emit with the rules of the grid it was
// found on, which name its houses (see Step.UnitNames), whether or not
// its finder set them.
func withRules(r sudoku.Rules, emit Emit) Emit {
	return func(st *Step) bool {
		st.Rules = r
		return emit(st)
	}
}

// FindAll passes every instance of the producer's techniques to emit, also
// those Sudoku Explainer's search skips because another producer finds
// them anyway.
func (p *Producer) FindAll(ctx context.Context, s *State, emit Emit) bool {
	if !s.Rules.IsClassic() {
		if !p.Applies(s.Rules) {
			return true
		}
		emit = withRules(s.Rules, emit)
	}
	if p.general != nil {
		return p.general(s, emit)
	}
	return p.find(ctx, s, nil, emit)
}

// First returns the first step Find would emit, or nil.
func (p *Producer) First(ctx context.Context, s *State, sess *Session) *Step {
	if !s.Rules.IsClassic() && !p.Applies(s.Rules) {
		return nil
	}
	var first *Step
	if p.first != nil {
		first = p.first(ctx, s, sess)
	} else {
		p.find(ctx, s, sess, func(st *Step) bool {
			first = st
			return false
		})
	}
	if first != nil && !s.Rules.IsClassic() {
		first.Rules = s.Rules
	}
	return first
}

// plain adapts a finder that runs in microseconds, never needs to stop
// early and keeps nothing in a session.
func plain(f Finder) func(context.Context, *State, *Session, Emit) bool {
	return func(_ context.Context, s *State, _ *Session, emit Emit) bool { return f(s, emit) }
}

// rr is a rating band for the tables below; max 0 means no upper bound.
func rr(lo, hi sudoku.Rating) sudoku.RatingRange { return sudoku.RatingRange{Min: lo, Max: hi} }

// chainScope is the scope of the chaining techniques (forcing chains and
// cycles, Nishio, multiple, dynamic and nested forcing chains): every set
// of rules, their engine following the rules of the grid (a killer's
// cages as links too: chain_cages.go).
const chainScope = AllRules

// deepChainScope is the scope of the dynamic forcing chains (+) and the
// nested ones: every set of rules but a killer's. On a killer's grid, which
// the killer techniques leave with many candidates when they run out,
// their search runs past any time budget; a killer that needs them is
// beyond the techniques (SE's 20.0), as a classic puzzle past the nested
// chains is.
const deepChainScope = NoCages

// seProducers and extraProducers are the registry: Sudoku Explainer
// 1.2.1's producers in the order SE tries them when rating, then the
// extras. Adding a technique touches these tables and the file of its
// family.
var seProducers = []*Producer{
	{find: plain(findHiddenSingles), techniques: []Technique{
		{Key: "full-house", Name: "Full House", Family: Singles, Ratings: rr(1.0, 1.0)},
		{Key: "hidden-single", Name: "Hidden Single", Family: Singles, Ratings: rr(1.2, 1.5)}}},
	{find: plain(findCageCombinations), techniques: []Technique{
		{Key: "killer-combination", Name: "Cage Combinations", Family: Killer, Ratings: rr(1.0, 1.0), Scope: KillerOnly}}},
	{find: plain(findRuleOf45(false)), techniques: []Technique{
		{Key: "killer-45", Name: "Innies and Outies", Family: Killer, Ratings: rr(1.5, 2.1), Scope: KillerOnly}}},
	{find: plain(findDirectLocked), techniques: []Technique{
		{Key: "direct-pointing", Name: "Direct Pointing", Family: Intersections, Ratings: rr(1.7, 1.7)},
		{Key: "direct-claiming", Name: "Direct Claiming", Family: Intersections, Ratings: rr(1.9, 1.9)}}},
	{find: plain(findDirectHidden(2)), techniques: []Technique{
		{Key: "direct-hidden-pair", Name: "Direct Hidden Pair", Family: Subsets, Ratings: rr(2.0, 2.0)}}},
	{find: plain(findHiddenCageCombinations), techniques: []Technique{
		{Key: "killer-hidden-combination", Name: "Hidden Cage Combinations", Family: Killer, Ratings: rr(2.1, 2.1), Scope: KillerOnly}}},
	{find: plain(findNakedSingles), techniques: []Technique{
		{Key: "naked-single", Name: "Naked Single", Family: Singles, Ratings: rr(2.3, 2.3)}}},
	{find: plain(findNCForcingCell), techniques: []Technique{
		{Key: "nc-forcing-cell", Name: "Non-Consecutive Forcing Cell", Family: NonConsecutive, Ratings: rr(2.4, 2.4),
			Scope: NonConsecutiveOnly}}},
	{find: plain(findLockedNC), techniques: []Technique{
		{Key: "locked-nc", Name: "Locked Non Consecutive", Family: NonConsecutive, Ratings: rr(2.5, 2.5),
			Scope: NonConsecutiveOnly}}},
	{find: plain(findDirectHidden(3)), techniques: []Technique{
		{Key: "direct-hidden-triple", Name: "Direct Hidden Triplet", Family: Subsets, Ratings: rr(2.5, 2.5)}}},
	{find: plain(findCageHouseOverlap), techniques: []Technique{
		{Key: "killer-overlap", Name: "Cage/House Overlap", Family: Killer, Ratings: rr(2.5, 2.7), Scope: KillerOnly}}},
	{find: plain(findLocked), techniques: []Technique{
		{Key: "pointing", Name: "Pointing", Family: Intersections, Ratings: rr(2.6, 2.6)},
		{Key: "claiming", Name: "Claiming", Family: Intersections, Ratings: rr(2.8, 2.8)}}},
	{find: plain(findCageSplitting), techniques: []Technique{
		{Key: "killer-split", Name: "Cage Splitting", Family: Killer, Ratings: rr(2.9, 2.9), Scope: KillerOnly}}},
	{find: plain(findNaked(2, false)), general: findNaked(2, true), techniques: []Technique{
		{Key: "naked-pair", Name: "Naked Pair", Family: Subsets, Ratings: rr(3.0, 3.0)}}},
	{find: plain(findRuleOf45(true)), techniques: []Technique{
		{Key: "killer-45-union", Name: "Multi-House Innies and Outies", Family: Killer, Ratings: rr(3.0, 4.2), Scope: KillerOnly}}},
	{find: plain(findFish(2)), techniques: []Technique{
		{Key: "x-wing", Name: "X-Wing", Family: Fish, Ratings: rr(3.2, 3.2)}}},
	{find: plain(findHidden(2, false)), general: findHidden(2, true), techniques: []Technique{
		{Key: "hidden-pair", Name: "Hidden Pair", Family: Subsets, Ratings: rr(3.4, 3.4)}}},
	{find: plain(findNaked(3, false)), general: findNaked(3, true), techniques: []Technique{
		{Key: "naked-triple", Name: "Naked Triplet", Family: Subsets, Ratings: rr(3.6, 3.6)}}},
	{find: plain(findFish(3)), techniques: []Technique{
		{Key: "swordfish", Name: "Swordfish", Family: Fish, Ratings: rr(3.8, 3.8)}}},
	{find: plain(findHidden(3, false)), general: findHidden(3, true), techniques: []Technique{
		{Key: "hidden-triple", Name: "Hidden Triplet", Family: Subsets, Ratings: rr(4.0, 4.0)}}},
	{find: plain(findXYWing(2)), techniques: []Technique{
		{Key: "xy-wing", Name: "XY-Wing", Family: Wings, Ratings: rr(4.2, 4.2)}}},
	{find: plain(findXYWing(3)), techniques: []Technique{
		{Key: "xyz-wing", Name: "XYZ-Wing", Family: Wings, Ratings: rr(4.4, 4.4)}}},
	{find: plain(findUniqueLoops), general: findUniqueLoopsGeneral, techniques: []Technique{
		{Key: "unique-rectangle", Name: "Unique Rectangle", Family: Uniqueness, Ratings: rr(4.5, 5.1), Scope: NoCages},
		{Key: "unique-loop", Name: "Unique Loop", Family: Uniqueness, Ratings: rr(4.6, 5.6), Scope: NoCages}}},
	{find: plain(findNaked(4, false)), general: findNaked(4, true), techniques: []Technique{
		{Key: "naked-quad", Name: "Naked Quad", Family: Subsets, Ratings: rr(5.0, 5.0)}}},
	{find: plain(findFish(4)), techniques: []Technique{
		{Key: "jellyfish", Name: "Jellyfish", Family: Fish, Ratings: rr(5.2, 5.2)}}},
	{find: plain(findHidden(4, false)), general: findHidden(4, true), techniques: []Technique{
		{Key: "hidden-quad", Name: "Hidden Quad", Family: Subsets, Ratings: rr(5.4, 5.4)}}},
	{find: plain(findBUG), techniques: []Technique{
		{Key: "bug", Name: "Bivalue Universal Grave", Family: Uniqueness, Ratings: rr(5.6, 6.2), Scope: NoCages,
			Names: []string{"BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"}}}},
	{find: plain(findAlignedPairExclusion), techniques: []Technique{
		{Key: "aligned-pair-exclusion", Name: "Aligned Pair Exclusion", Family: Exclusion, Ratings: rr(6.2, 6.2)}}},
	{find: findForcingChainsAndCycles, first: firstForcingChainOrCycle, chain: true, techniques: []Technique{
		{Key: techCycle, Name: "Bidirectional Cycle", Family: Chains, Ratings: rr(6.5, 0), Scope: chainScope,
			Names: []string{"Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Generalized X-Wing"}},
		{Key: techChain, Name: "Forcing Chain", Family: Chains, Ratings: rr(6.6, 0), Scope: chainScope,
			Names: []string{"Forcing X-Chain", "Turbot Fish"}}}},
	{find: plain(findAlignedTripletExclusion), first: firstAlignedTriplet, chain: true, techniques: []Technique{
		{Key: "aligned-triplet-exclusion", Name: "Aligned Triplet Exclusion", Family: Exclusion, Ratings: rr(7.5, 7.5)}}},
	{find: findChaining(modeNishio), chain: true, techniques: []Technique{
		{Key: modeNishio.key, Name: "Nishio Forcing Chains", Family: Chains, Ratings: rr(7.5, 0), Scope: chainScope}}},
	{find: findChaining(modeMultiple), chain: true, techniques: []Technique{
		{Key: modeMultiple.key, Name: "Cell and Region Forcing Chains", Family: Chains, Ratings: rr(8.0, 0), Scope: chainScope,
			Names: chainNames("", "", "Cell", "Region")}}},
	{find: findChaining(modeDynamic), chain: true, techniques: []Technique{
		{Key: modeDynamic.key, Name: "Dynamic Forcing Chains", Family: Chains, Ratings: rr(8.5, 0), Scope: chainScope,
			Names: chainNames("Dynamic ", "", dynamicKinds...)}}},
	{find: findChaining(modeDynamicPlus), chain: true, techniques: []Technique{
		{Key: modeDynamicPlus.key, Name: "Dynamic Forcing Chains (+)", Family: Chains, Ratings: rr(9.0, 0), Scope: deepChainScope,
			Names: chainNames("Dynamic ", " (+)", dynamicKinds...)}}},
	{find: findChaining(modeNested(2)), chain: true, techniques: []Technique{
		{Key: nestedKey(2), Name: "Nested Forcing Chains (+ Forcing Chains)", Family: NestedChains, Ratings: rr(9.5, 0), Scope: deepChainScope,
			Names: chainNames("Dynamic ", nestedSuffix(2), dynamicKinds...)}}},
	{find: findChaining(modeNested(3)), chain: true, techniques: []Technique{
		{Key: nestedKey(3), Name: "Nested Forcing Chains (+ Multiple Forcing Chains)", Family: NestedChains, Ratings: rr(10.0, 0), Scope: deepChainScope,
			Names: chainNames("Dynamic ", nestedSuffix(3), dynamicKinds...)}}},
	{find: findChaining(modeNested(4)), chain: true, techniques: []Technique{
		{Key: nestedKey(4), Name: "Nested Forcing Chains (+ Dynamic Forcing Chains)", Family: NestedChains, Ratings: rr(10.5, 0), Scope: deepChainScope,
			Names: chainNames("Dynamic ", nestedSuffix(4), dynamicKinds...)}}},
	{find: findChaining(modeNested(5)), chain: true, techniques: []Technique{
		{Key: nestedKey(5), Name: "Nested Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", Family: NestedChains, Ratings: rr(11.0, 0), Scope: deepChainScope,
			Names: chainNames("Dynamic ", nestedSuffix(5), dynamicKinds...)}}},
}

// extraProducers find techniques beyond Sudoku Explainer's rule set. Their
// ratings are those SE gives the chains they stand for.
var extraProducers = []*Producer{
	{find: plain(findSkyscraper), techniques: []Technique{
		{Key: "skyscraper", Name: "Skyscraper", Family: SingleDigitPattern, Ratings: rr(6.6, 6.6), Scope: ClassicOnly}}},
	{find: plain(findTwoStringKite), techniques: []Technique{
		{Key: "two-string-kite", Name: "2-String Kite", Family: SingleDigitPattern, Ratings: rr(6.6, 6.6), Scope: ClassicOnly}}},
	{find: plain(findEmptyRectangle), techniques: []Technique{
		{Key: "empty-rectangle", Name: "Empty Rectangle", Family: SingleDigitPattern, Ratings: rr(6.6, 6.6), Scope: ClassicOnly}}},
	{find: plain(findFinnedFish(2)), techniques: []Technique{
		{Key: "finned-x-wing", Name: "Finned / Sashimi X-Wing", Family: Fish, Ratings: rr(6.6, 6.6), Scope: ClassicOnly,
			Names: []string{"Finned X-Wing", "Sashimi X-Wing"}}}},
	{find: plain(findWWing), techniques: []Technique{
		{Key: "w-wing", Name: "W-Wing", Family: Wings, Ratings: rr(6.6, 6.6), Scope: ClassicOnly}}},
	{find: plain(findSimpleColoring), techniques: []Technique{
		{Key: "simple-coloring", Name: "Simple Colors", Family: SingleDigitPattern, Ratings: rr(6.6, 6.7), Scope: ClassicOnly}}},
	{find: plain(findFinnedFish(3)), techniques: []Technique{
		{Key: "finned-swordfish", Name: "Finned / Sashimi Swordfish", Family: Fish, Ratings: rr(6.7, 6.7), Scope: ClassicOnly,
			Names: []string{"Finned Swordfish", "Sashimi Swordfish"}}}},
	{find: plain(findRemotePairs), techniques: []Technique{
		{Key: "remote-pairs", Name: "Remote Pairs", Family: Chains, Ratings: rr(7.1, 0), Scope: ClassicOnly}}},
	{find: plain(findXYChain), techniques: []Technique{
		{Key: "xy-chain", Name: "XY-Chain", Family: Chains, Ratings: rr(7.0, 0), Scope: ClassicOnly}}},
}

// producers lists SE's producers, then the extras.
var producers = append(slices.Clone(seProducers), extraProducers...)

func init() {
	for _, p := range seProducers {
		for j := range p.techniques {
			p.techniques[j].SE = true
		}
	}
}

// Producers returns every producer: Sudoku Explainer's in the order SE
// tries them, then the extras.
func Producers() []*Producer { return slices.Clone(producers) }

// All returns every technique once, in the order of Producers.
func All() []Technique {
	var out []Technique
	for _, p := range producers {
		out = append(out, p.techniques...)
	}
	return out
}

// Under returns the techniques that apply under the rules (see
// Technique.Scope), in the order of All: for classic rules, all but
// Sukaku Explainer's two non-consecutive techniques.
func Under(r sudoku.Rules) []Technique {
	var out []Technique
	for _, t := range All() {
		if t.Scope.Covers(r) {
			out = append(out, t)
		}
	}
	return out
}

// Keys returns the key of every technique, in the order of All.
func Keys() []string {
	var keys []string
	for _, p := range producers {
		for _, t := range p.techniques {
			keys = append(keys, t.Key)
		}
	}
	return keys
}

// Lookup returns the technique with the given key.
func Lookup(key string) (Technique, bool) {
	for _, p := range producers {
		for _, t := range p.techniques {
			if t.Key == key {
				return t, true
			}
		}
	}
	return Technique{}, false
}
