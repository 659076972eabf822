package techniques

import (
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// Session carries what the chaining producers may share between their calls
// on one puzzle, and how many goroutines one search may use. A grader runs
// the chain producers (forcing chains and cycles, then Nishio, multiple,
// dynamic and nested forcing chains) one after the other on the same state
// until one finds a step; the nested producers of levels 1 to 5 run the
// same rules inside their chains (the basic ones at every level, forcing
// chains and cycles at levels 2 and 3, dynamic chains at levels 4 and 5) on
// the same working grids, so what those rules found on a working grid is
// kept for the state, from one producer to the next. When the state changes
// (a step is applied), what was kept is dropped, but for the hints the
// nested chaining producers found on working grids, which serve every state
// of the puzzle: the chains of later states reach many of those grids
// again, and only the hints' rule parents depend on the state.
//
// Pass one session to Producer.Find or First for every state of a puzzle
// (a grader makes one per path). It is safe for concurrent use by the
// searches of one puzzle; give each puzzle graded at the same time its own
// session. What it keeps changes no step: every producer finds exactly the
// steps it finds without one.
type Session struct {
	// Workers is how many goroutines one chain search may use (0 or 1:
	// the caller's alone). The steps found and their order do not depend
	// on it.
	Workers int

	mu     sync.Mutex
	values [81]uint8
	ref    [81]sudoku.Digits
	valid  bool
	adv    map[[81]sudoku.Digits]*advEntry
	xCache *xPassCache
	// triplets is the last state on which aligned triplet exclusion found
	// nothing (see firstAlignedTriplet); it outlives state changes.
	triplets *tripletsFound
	// kept holds the hints the chaining producers nested in chains found
	// on working grids; they outlive state changes (see keptHints).
	kept map[keptKey][]keptHint
}

// keptKey identifies a nested producer's hints on a working grid: its
// values and candidates, and the producer.
type keptKey struct {
	values [81]uint8
	cands  [81]sudoku.Digits
	kind   nestedKind
}

// maxKeptGrids bounds the working grids whose hints a session keeps.
const maxKeptGrids = 1 << 15

// keptHints returns the hints kept for a working grid, in SE's order. A
// producer's hints on a grid depend on that grid alone (only their rule
// parents depend on the state whose chain reached it), so they serve
// every state of the puzzle.
func (s *Session) keptHints(work *State, kind nestedKind) ([]keptHint, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept, ok := s.kept[keptKey{work.Values, work.Cands, kind}]
	return kept, ok
}

// keepHints keeps the hints found on a working grid (while fewer than
// maxKeptGrids are kept).
func (s *Session) keepHints(work *State, kind nestedKind, kept []keptHint) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kept == nil {
		s.kept = make(map[keptKey][]keptHint)
	}
	if len(s.kept) < maxKeptGrids {
		s.kept[keptKey{work.Values, work.Cands, kind}] = kept
	}
}

// NewSession returns a session whose chain searches use up to workers
// goroutines.
func NewSession(workers int) *Session { return &Session{Workers: workers} }

// workers returns how many goroutines a search may use.
func (s *Session) workers() int {
	if s == nil || s.Workers < 1 {
		return 1
	}
	return s.Workers
}

// advEntry is what the nested rules found on one working grid: the basic
// rules (level-independent) and each nested chaining producer.
type advEntry struct {
	basic    []advFound
	basicOK  bool
	chains   [4][]advFound
	chainsOK [4]bool
}

// attach readies the session's cache for the state st and reports whether
// it may be used: what it holds belongs to st's candidates.
func (s *Session) attach(st *State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.valid && s.values == st.Values && s.ref == st.Cands {
		return
	}
	s.values, s.ref, s.valid = st.Values, st.Cands, true
	s.adv = make(map[[81]sudoku.Digits]*advEntry)
	// The X pass cache holds no rule parents: it serves every state, up
	// to a bound.
	if s.xCache == nil || s.xCache.size() > maxXPassLayouts {
		s.xCache = newXPassCache()
	}
}

// maxXPassLayouts bounds the digit layouts whose X pass a session keeps
// from one state to the next.
const maxXPassLayouts = 1 << 16

// xPass returns the X pass cache of forcing chains and cycles nested in
// chains.
func (s *Session) xPass() *xPassCache {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.xCache
}

// entry returns a copy of what is kept for a working grid.
func (s *Session) entry(grid *[81]sudoku.Digits) (advEntry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.adv[*grid]
	if !ok {
		return advEntry{}, false
	}
	return *e, true
}

// setBasic keeps what the basic rules found on a working grid.
func (s *Session) setBasic(grid *[81]sudoku.Digits, found []advFound) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entryFor(grid)
	e.basic, e.basicOK = found, true
}

// setChains keeps what a nested chaining producer found on a working grid.
func (s *Session) setChains(grid *[81]sudoku.Digits, kind nestedKind, found []advFound) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entryFor(grid)
	e.chains[kind], e.chainsOK[kind] = found, true
}

// entryFor returns the entry of a working grid, made when there is none;
// the caller holds s.mu.
func (s *Session) entryFor(grid *[81]sudoku.Digits) *advEntry {
	e := s.adv[*grid]
	if e == nil {
		e = &advEntry{}
		s.adv[*grid] = e
	}
	return e
}

// tripletsSince returns the last state kept on which aligned triplet
// exclusion found nothing, if st has no candidate that state lacks.
func (s *Session) tripletsSince(st *State) *tripletsFound {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.triplets
	if t == nil {
		return nil
	}
	for c := range st.Cands {
		if st.Cands[c]&^t.cands[c] != 0 {
			return nil
		}
	}
	return t
}

// setTriplets keeps a state on which aligned triplet exclusion found
// nothing.
func (s *Session) setTriplets(t *tripletsFound) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.triplets = t
}
