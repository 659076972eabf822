package sized

import "github.com/sudokit/sudokit/sudoku"

// Emit receives the steps a finder sees; it returns false to stop the
// scan.
type Emit func(*Step) bool

// Finder scans a state for the steps of one or more techniques, passing
// each to emit in SE's scan order; it returns false when emit stopped it.
type Finder func(s *State, emit Emit) bool

// Rung is one producer of the ladder: a finder and the keys (in the
// registry of package techniques) of the techniques whose steps it finds.
type Rung struct {
	Keys []string
	find Finder
	// first, when set, returns the step find would emit first, faster.
	first func(*State) *Step
}

// ladder is the sized producers in the order SE tries its own: SE's
// ladder up to the hidden quad, with unique rectangles of type 1 where SE
// tries its unique loops, then SE's bidirectional cycles and static
// forcing chains (without BUG and aligned pair exclusion before them).
var ladder = []Rung{
	{[]string{"full-house", "hidden-single"}, findHiddenSingles, nil},
	{[]string{"direct-pointing", "direct-claiming"}, findDirectLocked, nil},
	{[]string{"direct-hidden-pair"}, findDirectHidden(2), nil},
	{[]string{"naked-single"}, findNakedSingles, nil},
	{[]string{"direct-hidden-triple"}, findDirectHidden(3), nil},
	{[]string{"pointing", "claiming"}, findLocked, nil},
	{[]string{"naked-pair"}, findNaked(2), nil},
	{[]string{"x-wing"}, findFish(2), nil},
	{[]string{"hidden-pair"}, findHidden(2), nil},
	{[]string{"naked-triple"}, findNaked(3), nil},
	{[]string{"swordfish"}, findFish(3), nil},
	{[]string{"hidden-triple"}, findHidden(3), nil},
	{[]string{"xy-wing"}, findXYWing(2), nil},
	{[]string{"xyz-wing"}, findXYWing(3), nil},
	{[]string{"unique-rectangle"}, findUniqueRectangles, nil},
	{[]string{"naked-quad"}, findNaked(4), nil},
	{[]string{"jellyfish"}, findFish(4), nil},
	{[]string{"hidden-quad"}, findHidden(4), nil},
	{[]string{"bidirectional-cycle", "forcing-chain"}, findForcingChains, firstForcingChain},
}

// Ladder returns the producers in the order Next tries them.
func Ladder() []Rung {
	out := make([]Rung, len(ladder))
	copy(out, ladder)
	return out
}

// Find passes each step the rung's finder sees in s to emit, in SE's
// order; it returns false when emit stopped it.
func (r Rung) Find(s *State, emit Emit) bool { return r.find(s, emit) }

// Min is the lowest rating of the rung's techniques, as the registry
// gives them.
func (r Rung) Min() sudoku.Rating {
	m := lookup(r.Keys[0]).min
	for _, k := range r.Keys[1:] {
		m = min(m, lookup(k).min)
	}
	return m
}

// Covers reports whether the ladder has a finder for the technique key
// (unique rectangles: of type 1 only; see Step.Name).
func Covers(key string) bool {
	for _, r := range ladder {
		for _, k := range r.Keys {
			if k == key {
				return true
			}
		}
	}
	return false
}

// Next returns the step grading takes next from s: the first step of the
// first rung of the ladder that finds one; nil when s is solved or no
// rung applies (the puzzle is then beyond the ladder).
func Next(s *State) *Step {
	for _, r := range ladder {
		if st := r.First(s); st != nil {
			return st
		}
	}
	return nil
}

// First returns the first step the rung finds in s, or nil.
func (r Rung) First(s *State) *Step {
	if r.first != nil {
		return r.first(s)
	}
	var first *Step
	r.find(s, func(st *Step) bool {
		first = st
		return false
	})
	return first
}
