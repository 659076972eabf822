package techniques

import (
	"context"
	"sync"

	"github.com/sudokit/sudokit/sudoku"
)

// The chain engine: the package doc says what it does (runs, nesting, what
// is cached and why it stays exact); this comment maps the code. It
// follows Sudoku Explainer 1.2.1's chain search step by step, because the
// chains it finds, the parents it records and therefore the complexity (the
// length bonus of the rating) are part of SE's rating.
//
// # Files
//
//   - chain.go: the chainer, its four parts and its life (pool, init,
//     finish).
//   - chain_links.go: the chain grid (the reference candidates and the
//     working copy), the links between potentials (linker), the bit sets.
//   - chain_run.go: potentials and runs (chainNode, chainRun), with their
//     parents; the complexity of a conclusion (ancestors).
//   - chain_hints.go: what a producer collects (chainHint), SE's sort, the
//     best hint per elimination set (hintFirsts), the chains' text.
//   - chain_static.go: forcing chains and cycles, on the grid's links as
//     they are.
//   - chain_reach.go: which starts imply their opposite (the implication
//     graph's strongly connected components), so that forcing chains are
//     searched only where one exists.
//   - chain_dynamic.go: the producers that compare runs: Nishio, cell and
//     region (multiple) forcing chains, dynamic forcing chains, dynamic
//     forcing chains (+) and nested forcing chains; SE's propagation, the
//     runs by start, the parallel prefetch, the hints.
//   - chain_sets.go: what a run concludes, found first as bit sets, so
//     that only the runs that make a hint are built.
//   - chain_nested.go: the rules run inside chains, the nested producers
//     in a child chainer, rule parents, the X pass cache.
//   - chain_quiet.go: proofs that a search nested in a chain finds nothing.
//   - chain_session.go: Session, what the producers of one puzzle share.
//   - chain_rules.go, chain_rules_sets.go, chain_rules_nested.go: the
//     engine under rules that are not classic (variants, jigsaw), as
//     Sukaku Explainer's chains have it: the rules' tables (chainRules),
//     the links, the run sets and the rules inside chains. A classic grid
//     has none (chainGrid.rt is nil) and keeps the code paths above.
//   - chain_cages.go: a killer's cages as links (under rules with cages).
//
// # Data flow
//
// Each producer call gets a chainer for the state (newChainer: pooled,
// with its runs), and with it the chain grid.
//
//   - Forcing chains and cycles (chain_static.go) never change the grid:
//     its links are computed once per call (linker.prepareStatic). A reach
//     table (chain_reach.go) says which starts imply their own opposite, so
//     the forcing-chain search, a breadth-first walk on bit sets, runs only
//     where a chain exists; cycles are searched level by level as SE does.
//     Rating needs only the first hint: bounded searches stop where they
//     could no longer beat the best found (chainer.beaten).
//   - Nishio, multiple and dynamic forcing chains (chain_dynamic.go) run
//     SE's doChaining: one run from "cell is d" and one from "cell is not
//     d" per candidate (chainer.propagate), in dynamic mode removing each
//     false potential from the working grid as it goes. The runs of one
//     call are cached per start (runCache) for the region and cell chains,
//     which compare the runs of a unit's places or a cell's candidates;
//     contradictions and double forcings compare the two runs of one
//     candidate. Without nested rules, the runs' conclusions are first
//     found as bit sets (chain_sets.go) and runs are built only for the
//     starts that make a hint.
//   - Dynamic forcing chains (+) and nested forcing chains
//     (chain_nested.go) are dynamic chains in which, when the links run
//     out, other rules run on the working grid (chainer.advanced): first
//     the basic ones, then whole producers, in a child chainer. What they
//     eliminate because of the chain (their "rule parents") becomes new
//     false potentials, marked with the rule (chainNode.nest). Their
//     results are cached per working grid (advCache, and the session's),
//     and the X pass of forcing chains and cycles inside chains per digit
//     layout (xPassCache).
//
// Every producer collects chainHints (a step, its complexity, its chain
// ends), sorts them as SE does (sortChainHints: rating, complexity, kind,
// discovery; equal eliminations dropped) and emits them. A step's text is
// written only when it is emitted (chainHint.detail), and the steps of the
// rules nested in it are found again then (chainer.nestedSteps), since the
// runs they came from are given back when the search ends. The searches
// watch the context (chainer.expired) between starts.

// chainer is the chain engine on one state: it serves one producer call,
// or one producer run inside a chain, and then goes back to a pool with
// its tables and runs for the next. It is made of four parts, embedded by
// value (their fields and methods are the chainer's, at no cost):
//
//   - chainLinks, the grid and its links: the reference candidates and
//     the working copy runs reduce, the links between potentials, and the
//     reach tables of forcing chains and cycles;
//   - chainRuns, the runs: built from a free list, kept for the hints
//     that read them, given back at finish, measured (complexity);
//   - chainCaches, what the searches keep so as not to do again what they
//     did: the session shared across producers and states, and what the
//     nested rules found on each working grid;
//   - nestFrame, where the chainer stands among nested searches: the
//     outer chain it serves, and the chainer of its own nested producers.
//
// The search itself (state, stop channel, bound) sits beside them.
type chainer struct {
	s *State
	// stop is the search's context's Done channel: when it is closed, the
	// searches return early (see expired).
	stop <-chan struct{}

	chainLinks
	chainRuns
	chainCaches
	nestFrame

	// Bounded searches (rating only needs the first hint) skip what cannot
	// beat best.
	bounded bool
	best    *chainHint
	// firsts keeps, during a multipleChains search, the best hint found
	// so far for each elimination set (see hintFirsts).
	firsts hintFirsts
}

// chainLinks is the grid a chainer works on and its links.
type chainLinks struct {
	g  chainGrid // the reference candidates and the working copy
	lk linker    // the links of g (the static ones tabulated once)
	// reach answers, per pass (X, X and Y), whether a forcing chain exists.
	reach [2]reachTable
}

// load readies the grid and links for state s.
func (l *chainLinks) load(s *State) {
	l.g.load(s)
	l.lk.g = &l.g
	l.lk.static = false
}

// chainRuns holds a chainer's runs: those it may reuse, those its hints
// still read, the runs of the current search by start and their sets, and
// the scratch space to build and measure them.
type chainRuns struct {
	free []*chainRun // runs to reuse
	// keep: hints keep their runs (nested chains read them after the
	// search); held lists the runs to give back in finish.
	keep bool
	held []*chainRun
	// cache holds multipleChains' runs by start.
	cache runCache
	// closures keeps the sets of multipleChains' runs (level 0);
	// allRuns makes it build every run instead (tests compare the two).
	closures *closures
	allRuns  bool
	// marks is the scratch space of ancestors and walkChain.
	marks ancestorMarks

	// Scratch buffers.
	parentBuf []int32
	walkBuf   []int32
	runsBuf   []*chainRun
	// advBuf and advParents hold what advanced returns; basicWork is the
	// working grid the basic nested rules read.
	advBuf     []advPotential
	advParents []int32
	basicWork  State
}

// hold keeps a run until finish.
func (rs *chainRuns) hold(r *chainRun) { rs.held = append(rs.held, r) }

// run returns a cleared run from the chainer's own free list (a run holds
// about 3 KB of lookup arrays and its buffers; sync.Pool would drop them at
// every garbage collection, and chains allocate enough to collect often).
func (rs *chainRuns) run() *chainRun {
	var r *chainRun
	if n := len(rs.free); n > 0 {
		r = rs.free[n-1]
		rs.free = rs.free[:n-1]
	} else {
		r = &chainRun{}
	}
	r.reset()
	return r
}

func (rs *chainRuns) release(r *chainRun) {
	// A parallel search hands the helpers' runs to the chainer that led it:
	// the free list keeps at most what one search needs.
	if len(rs.free) < maxFreeRuns {
		rs.free = append(rs.free, r)
	}
}

// releaseHeld gives back the runs held.
func (rs *chainRuns) releaseHeld() {
	for _, r := range rs.held {
		rs.release(r)
	}
	clear(rs.held)
	rs.held = rs.held[:0]
}

// maxFreeRuns bounds a chainer's free list: a search holds at most two
// runs per candidate.
const maxFreeRuns = 2 * 729

// chainCaches is what a chainer keeps so as not to find again what it
// found (see the package doc for why each stays exact).
type chainCaches struct {
	// session is the session of a top-level search (nil inside chains, and
	// without one): what the nested rules found on the working grids of
	// this state, and the hints of nested producers, kept across
	// producers and states.
	session *Session
	// advCache keeps what the nested rules found on each working grid
	// (they depend on nothing else within one producer call).
	advCache map[[81]sudoku.Digits][]advFound
	// xCache keeps the X pass of forcing chains and cycles run inside
	// chains, per digit layout; a chainer run inside a chain uses its outer
	// chainer's.
	xCache *xPassCache
	// quiet: whether no start of the reference grid implies its opposite
	// (1), or some does (2), once measured (see outerQuiet).
	quiet int8
	// quietMultiple: the same, and multiple forcing chains find nothing
	// there (see outerQuietMultiple).
	quietMultiple int8
}

// nestFrame places a chainer among nested searches: for one run inside a
// chain (nested producers), the outer chain's reference grid and the
// bases it may skip; for any, the chainer of its own nested producers.
type nestFrame struct {
	// outer is the outer chain's reference grid (nil at the top level).
	outer *[81]sudoku.Digits
	// skip: the bases a nested multiple forcing chains search skips (see
	// skippableBases), or nil.
	skip *skippedBases
	// child is the chainer of nested producers, kept and reused.
	child *chainer
}

// chainerPool recycles chainers (their link tables keep their capacity).
var chainerPool = sync.Pool{New: func() any { return &chainer{} }}

// newChainer returns a chainer for s that stops early when ctx is done and
// shares what it finds in sess (when not nil); done gives it back.
func newChainer(ctx context.Context, s *State, sess *Session) *chainer {
	c := chainerPool.Get().(*chainer)
	c.init(s)
	c.stop = ctx.Done()
	if sess != nil {
		sess.attach(s)
		c.session = sess
	}
	return c
}

// expired reports whether the search must stop: its context is done (the
// time budget ran out, or the caller cancelled it). What a search found
// when it stopped early is not Sudoku Explainer's answer.
func (c *chainer) expired() bool {
	select {
	case <-c.stop:
		return true
	default:
		return false
	}
}

// init readies c for state s.
func (c *chainer) init(s *State) {
	c.s = s
	c.chainLinks.load(s)
	c.keep, c.allRuns = false, false
	c.chainCaches = chainCaches{}
	c.nestFrame = nestFrame{child: c.child}
	c.bounded, c.best = false, nil
}

// done gives back the runs held and returns the chainer to the pool.
func (c *chainer) done() {
	c.finish()
	chainerPool.Put(c)
}

// finish gives back the runs held and drops what belongs to this state.
func (c *chainer) finish() {
	c.releaseHeld()
	c.s = nil
	c.stop = nil
	c.chainCaches = chainCaches{}
	c.nestFrame = nestFrame{child: c.child}
}

// nestedChainer returns the chainer that runs producers inside c's chains
// (one at a time, so one is kept and reused: a nested producer runs
// thousands of times per step); finish ends each use.
func (c *chainer) nestedChainer(s *State) *chainer {
	if c.child == nil {
		c.child = &chainer{}
	}
	c.child.init(s)
	c.child.stop = c.stop
	return c.child
}
