package solve

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/sudokit/sudokit/sudoku"
)

// Status is what solving told about a puzzle.
type Status int

// Statuses, from worst to best.
const (
	Invalid    Status = iota // the givens break the rules (or the input could not be read)
	Unsolvable               // valid givens, no solution
	Multiple                 // two or more solutions
	Found                    // a solution, uniqueness not checked (a count limit of 1)
	Unique                   // exactly one solution
)

var statusNames = [...]string{"invalid", "unsolvable", "multiple", "solved", "unique"}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// OK reports whether the status is a success for `sudokit solve`: a unique
// solution, or a solution when uniqueness was not asked for.
func (s Status) OK() bool { return s == Unique || s == Found }

// Report is the outcome of checking one puzzle.
type Report struct {
	Status   Status
	Count    int         // solutions found, at most Limit
	Limit    int         // the count limit asked for
	Solution sudoku.Grid // the first solution found, when Count > 0
	// Board is the first solution found of a sized puzzle (one with a
	// Board), when Count > 0; Solution then stays empty. (A pointer: the
	// reports of a classic batch stay small.)
	Board   *sudoku.Board
	Guesses int // branch points of the search
	Elapsed time.Duration
	Err     error // why the puzzle is invalid, or has no solution when that is plain
}

// Check validates a candidate state (a puzzle's, or pencil marks), counts
// its solutions up to limit (below 1 means 1), verifies the first solution
// against the rules and the state, and times the work.
func Check(st *sudoku.State, limit int) Report {
	rep, _ := CheckContext(context.Background(), st, limit)
	return rep
}

// CheckContext is Check stopped when ctx is done: it then returns ctx's
// error, and a report of what was found so far (not an answer).
func CheckContext(ctx context.Context, st *sudoku.State, limit int) (Report, error) {
	return check(ctx, sudoku.Rules{}, st, limit, CountStateContext)
}

// CheckPuzzle is Check of a puzzle's state under its rules (p.State()),
// faster for a puzzle of digits alone, as most inputs are: a classic one
// is searched straight from its digits, without building its state, and
// the solution found is verified in one pass over the units. Whatever is
// unusual (pencil marks, a variant, givens that break the rules, no
// solution, a solution the check refuses) goes through Check, which says
// why: the report is Check's in every case.
func CheckPuzzle(p sudoku.Puzzle, limit int) Report {
	if p.Board != nil {
		rep, _ := CheckBoardContext(context.Background(), *p.Board, limit)
		return rep
	}
	if p.Cands != nil || !p.Rules.IsClassic() {
		return For(p.Rules).Check(p.State(), limit)
	}
	limit = max(limit, 1)
	start := time.Now()
	sr := searcher{limit: limit}
	g := p.Grid
	r := sr.run(&g)
	if r.Count == 0 || !solves(&p.Grid, &r.Solution) {
		// The state's check says why there is no solution (or the
		// rules' check why the solution found is refused).
		rep := Check(sudoku.NewState(p.Grid), limit)
		rep.Elapsed = time.Since(start)
		return rep
	}
	rep := Report{Status: Unique, Count: r.Count, Limit: limit, Solution: r.Solution, Guesses: r.Guesses}
	switch {
	case r.Count >= 2:
		rep.Status = Multiple
	case limit == 1:
		rep.Status = Found
	}
	rep.Elapsed = time.Since(start)
	return rep
}

// solves reports whether solution is a complete classic grid that keeps
// the digits of puzzle: every row, column and box holds the nine digits.
// It is checkSolution's verdict for a state built from puzzle's digits
// alone (a digit that breaks no unit and keeps the givens is a candidate
// their state leaves).
func solves(puzzle, solution *sudoku.Grid) bool {
	return keepsGivens(puzzle, solution) && complete(solution)
}

// keepsGivens reports whether solution holds puzzle's digit in every cell
// that puzzle fills. Eight cells at a time, without a branch on the
// cells (whose pattern of givens the processor cannot guess): a byte of
// puzzle^solution counts where puzzle's byte is not 0.
func keepsGivens(puzzle, solution *sudoku.Grid) bool {
	const low7, top = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	var changed uint64
	for i := 0; i+8 <= len(puzzle); i += 8 {
		p := binary.LittleEndian.Uint64(puzzle[i:])
		s := binary.LittleEndian.Uint64(solution[i:])
		filled := ((p&low7 + low7) | p) & top // the top bit of each byte of p not 0
		changed |= (p ^ s) & (filled >> 7 * 0xFF)
	}
	last := len(puzzle) - 1
	changed |= uint64(puzzle[last]^solution[last]) * uint64(puzzle[last]) // 0 for a blank, or a given kept
	return changed == 0
}

// complete reports whether every row, column and box of solution holds
// the nine digits. Each cell's digit is a count of one in its 4-bit field
// (solutionCounts); a unit holds the nine digits exactly when its sum
// counts each once. No branch on the cells; a band's boxes and the
// columns gather in registers as its rows go by.
func complete(solution *sudoku.Grid) bool {
	const each = 0x111111111 // one of each digit
	var bad uint64
	var c0, c1, c2, c3, c4, c5, c6, c7, c8 uint64
	for band := 0; band < 81; band += 27 {
		var b0, b1, b2 uint64
		for r := band; r < band+27; r += 9 {
			row := (*[9]uint8)(solution[r:])
			x0, x1, x2 := solutionCounts[row[0]], solutionCounts[row[1]], solutionCounts[row[2]]
			x3, x4, x5 := solutionCounts[row[3]], solutionCounts[row[4]], solutionCounts[row[5]]
			x6, x7, x8 := solutionCounts[row[6]], solutionCounts[row[7]], solutionCounts[row[8]]
			left, middle, right := x0+x1+x2, x3+x4+x5, x6+x7+x8
			bad |= (left + middle + right) ^ each
			b0, b1, b2 = b0+left, b1+middle, b2+right
			c0, c1, c2, c3, c4, c5, c6, c7, c8 = c0+x0, c1+x1, c2+x2, c3+x3, c4+x4, c5+x5, c6+x6, c7+x7, c8+x8
		}
		bad |= (b0 ^ each) | (b1 ^ each) | (b2 ^ each)
	}
	bad |= (c0 ^ each) | (c1 ^ each) | (c2 ^ each) | (c3 ^ each) | (c4 ^ each) | (c5 ^ each) | (c6 ^ each) | (c7 ^ each) | (c8 ^ each)
	return bad == 0
}

// solutionCounts is a cell value's count in complete's sums: 1 in bits
// 4(v-1) to 4v-1 for a digit v, nothing for any other value (a blank, a
// value out of range), which leaves its unit a digit short. Nine cells
// keep each count below 16, within its field.
var solutionCounts = func() (t [256]uint64) {
	for v := 1; v <= 9; v++ {
		t[v] = 1 << (4 * (v - 1))
	}
	return t
}()

// check is CheckContext under rules, whose solver's count is count.
func check(ctx context.Context, rules sudoku.Rules, st *sudoku.State, limit int,
	count func(context.Context, *sudoku.State, int) Result) (Report, error) {
	limit = max(limit, 1)
	start := time.Now()
	if err := rules.Check(st.Grid()); err != nil {
		return Report{Status: Invalid, Limit: limit, Err: err, Elapsed: time.Since(start)}, nil
	}
	if err := rules.CheckState(st); err != nil {
		// A cell or a unit with no room left: there is no solution, and
		// the check says why without a search.
		return Report{Status: Unsolvable, Limit: limit, Err: err, Elapsed: time.Since(start)}, nil
	}
	r := count(ctx, st, limit)
	if r.Stopped {
		return Report{Count: r.Count, Limit: limit, Guesses: r.Guesses, Elapsed: time.Since(start)}, ctx.Err()
	}
	rep := Report{Count: r.Count, Limit: limit, Solution: r.Solution, Guesses: r.Guesses, Elapsed: time.Since(start)}
	switch {
	case r.Count == 0:
		rep.Status = Unsolvable
	case r.Count >= 2:
		rep.Status = Multiple
	case limit == 1:
		rep.Status = Found
	default:
		rep.Status = Unique
	}
	if r.Count > 0 {
		if err := checkSolution(rules, st, r.Solution); err != nil {
			// A solver bug: never print an answer that breaks the rules.
			return Report{Status: Invalid, Limit: limit, Elapsed: rep.Elapsed,
				Err: fmt.Errorf("internal error, solution %s rejected: %w", r.Solution, err)}, nil
		}
	}
	return rep, nil
}

// Summary totals the reports of a batch.
type Summary struct {
	Total      int
	ByStatus   [len(statusNames)]int
	Time       time.Duration // sum of the reports' Elapsed
	Max        time.Duration // the longest Elapsed
	Guesses    int
	Unreadable int // inputs that failed before a puzzle was read (files that do not open)
}

// Add counts one report.
func (s *Summary) Add(r Report) {
	s.Total++
	s.ByStatus[r.Status]++
	s.Time += r.Elapsed
	s.Max = max(s.Max, r.Elapsed)
	s.Guesses += r.Guesses
}

// Count returns how many reports had the status.
func (s *Summary) Count(st Status) int { return s.ByStatus[st] }

// Solved returns how many puzzles had at least one solution.
func (s *Summary) Solved() int { return s.ByStatus[Unique] + s.ByStatus[Multiple] + s.ByStatus[Found] }

// OK reports whether every puzzle succeeded (see Status.OK) and every input
// could be read.
func (s *Summary) OK() bool {
	return s.Unreadable == 0 && s.ByStatus[Unique]+s.ByStatus[Found] == s.Total
}

// checkSolution verifies a solution against the rules, the state's digits
// and its candidates: the rule check applied to every answer sudokit
// prints, independent of how the answer was found.
func checkSolution(rules sudoku.Rules, st *sudoku.State, solution sudoku.Grid) error {
	if err := rules.CheckSolution(st.Grid(), solution); err != nil {
		return err
	}
	for i, v := range st.Values {
		if v == 0 && !st.Cands[i].Has(int(solution[i])) {
			return fmt.Errorf("solution puts %d at %s, which is not a candidate there", solution[i], sudoku.CellName(i))
		}
	}
	return nil
}
