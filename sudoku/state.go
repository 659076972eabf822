package sudoku

import (
	"fmt"
)

// State is a candidate state: the digits placed so far (givens included)
// and the candidates ("pencil marks") still possible in each empty cell. It
// is what a person solving on paper has in front of them, what the
// techniques read and change, and what solving and grading can start from.
// A filled cell has no candidates (Cands 0).
type State struct {
	Values [81]uint8  // placed digits; 0 for an empty cell
	Cands  [81]Digits // candidates of the empty cells; 0 for a filled cell
	// Rules are the rules of the grid; the zero value is classic Sudoku.
	// Place, Check and the techniques follow them.
	Rules Rules
}

// NewState returns the state of a puzzle before any step: each empty cell
// holds every digit that no given in its row, column or box rules out.
func NewState(g Grid) *State {
	s := &State{Values: g}
	cands := g.Candidates()
	for i, v := range g {
		if v == 0 {
			s.Cands[i] = cands[i]
		}
	}
	return s
}

// StateOf returns the state of a puzzle whose empty cells hold the given
// candidates, less those its placed digits rule out (a digit in a cell's
// row, column or box cannot be one of its candidates). The entries of cands
// for filled cells are ignored.
func StateOf(g Grid, cands *[81]Digits) *State {
	s := &State{Values: g}
	var used [27]Digits
	for i, v := range g {
		if v != 0 {
			u := &CellUnits[i]
			used[u[0]] |= 1 << v
			used[u[1]] |= 1 << v
			used[u[2]] |= 1 << v
		}
	}
	for i, v := range g {
		if v == 0 {
			u := &CellUnits[i]
			s.Cands[i] = cands[i] & AllDigits &^ (used[u[0]] | used[u[1]] | used[u[2]])
		}
	}
	return s
}

// checkedStateOf returns StateOf(g, cands) and its Check error, in two
// passes over the grid instead of four: the Reader's hot path.
func checkedStateOf(g Grid, cands *[81]Digits) (*State, error) {
	var used [27]Digits
	for i, v := range g {
		if v == 0 {
			continue
		}
		u := &CellUnits[i]
		bit := Digits(1) << v
		if v > 9 || (used[u[0]]|used[u[1]]|used[u[2]])&bit != 0 {
			return StateOf(g, cands), g.Validate()
		}
		used[u[0]] |= bit
		used[u[1]] |= bit
		used[u[2]] |= bit
	}
	s := &State{Values: g}
	have := used
	noCandidate := -1
	for i, v := range g {
		if v != 0 {
			continue
		}
		u := &CellUnits[i]
		c := cands[i] & AllDigits &^ (used[u[0]] | used[u[1]] | used[u[2]])
		s.Cands[i] = c
		if c == 0 && noCandidate < 0 {
			noCandidate = i
		}
		have[u[0]] |= c
		have[u[1]] |= c
		have[u[2]] |= c
	}
	if noCandidate >= 0 {
		return s, fmt.Errorf("%s %w", CellName(noCandidate), ErrNoCandidate)
	}
	for u, h := range have {
		if missing := AllDigits &^ h; missing != 0 {
			return s, &PlaceError{Digit: missing.First(), Unit: u}
		}
	}
	return s, nil
}

// Clone returns a copy of the state.
func (s *State) Clone() *State {
	c := *s
	return &c
}

// Grid returns the placed digits.
func (s *State) Grid() Grid { return Grid(s.Values) }

// Marked reports whether the state holds fewer candidates than its placed
// digits leave: some were eliminated (pencil marks were crossed out).
func (s *State) Marked() bool {
	return s.Cands != s.Rules.StateOf(s.Grid(), nil).Cands
}

// Place puts digit d in cell and removes d from the cell's peers, as a
// solver writes a digit in; nothing more follows (no singles).
func (s *State) Place(cell, d int) {
	s.Values[cell] = uint8(d)
	s.Cands[cell] = 0
	if !s.Rules.IsClassic() {
		s.Rules.place(s, cell, d)
		return
	}
	for _, p := range Peers[cell] {
		s.Cands[p] = s.Cands[p].Without(d)
	}
}

// Eliminate removes candidate d from cell; it reports whether it was there.
func (s *State) Eliminate(cell, d int) bool {
	if !s.Cands[cell].Has(d) {
		return false
	}
	s.Cands[cell] = s.Cands[cell].Without(d)
	return true
}

// Solved reports whether every cell holds a digit.
func (s *State) Solved() bool {
	for _, v := range s.Values {
		if v == 0 {
			return false
		}
	}
	return true
}

// Positions returns where digit d can go in unit u: bit i is set when the
// unit's i-th cell (Units order) is empty and has candidate d.
func (s *State) Positions(u, d int) uint16 {
	var m uint16
	bit := Digits(1) << d
	for i, c := range Units[u] {
		if s.Cands[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// EmptyCells returns how many cells of unit u are empty.
func (s *State) EmptyCells(u int) int {
	n := 0
	for _, c := range Units[u] {
		if s.Values[c] == 0 {
			n++
		}
	}
	return n
}

// Placed reports whether digit d is already placed in unit u.
func (s *State) Placed(u, d int) bool {
	for _, c := range Units[u] {
		if int(s.Values[c]) == d {
			return true
		}
	}
	return false
}

// Count returns how many cells of the grid hold digit d.
func (s *State) Count(d int) int {
	n := 0
	for _, v := range s.Values {
		if int(v) == d {
			n++
		}
	}
	return n
}

// Errors wrapped by the errors of Check, for callers that sort problems by
// kind; both are of kind ErrInvalid.
var (
	ErrNoCandidate = Invalidf("has no candidate")
	ErrNoPlace     = Invalidf("no place left")
)

// Check reports the first thing that makes the state impossible: a digit
// placed twice in a unit (a *ConflictError), an empty cell with no
// candidate ("r1c2 has no candidate"), or a digit with no place left in a
// unit ("no 7 left in row 3").
func (s *State) Check() error {
	if !s.Rules.IsClassic() {
		return s.Rules.CheckState(s)
	}
	if err := s.Grid().Validate(); err != nil {
		return err
	}
	// One pass: the digits each unit holds or may still hold.
	var have [27]Digits
	noCandidate := -1
	for i, v := range s.Values {
		bits := s.Cands[i]
		if v != 0 {
			bits = 1 << v
		} else if bits == 0 && noCandidate < 0 {
			noCandidate = i
		}
		u := &CellUnits[i]
		have[u[0]] |= bits
		have[u[1]] |= bits
		have[u[2]] |= bits
	}
	if noCandidate >= 0 {
		return fmt.Errorf("%s %w", CellName(noCandidate), ErrNoCandidate)
	}
	for u, h := range have {
		if missing := AllDigits &^ h; missing != 0 {
			return &PlaceError{Digit: missing.First(), Unit: u}
		}
	}
	return nil
}

// PlaceError reports a digit with no place left in a unit, or in one house
// of a variant's rules.
type PlaceError struct {
	Digit, Unit int   // Unit: the house number under Rules (for classic rules, as in Units)
	Rules       Rules // the rules whose house it is; the zero value is classic
}

func (e *PlaceError) Error() string {
	return fmt.Sprintf("no %d left in %s", e.Digit, e.Rules.House(e.Unit).Name())
}

// Is makes errors.Is(err, ErrNoPlace) and errors.Is(err, ErrInvalid) true.
func (e *PlaceError) Is(target error) bool { return target == ErrNoPlace || target == ErrInvalid }

// AllCandidates returns each cell's set: its candidates, or its digit when
// it is filled (as pencil-mark grids show it).
func (s *State) AllCandidates() [81]Digits {
	out := s.Cands
	for i, v := range s.Values {
		if v != 0 {
			out[i] = DigitSet(int(v))
		}
	}
	return out
}
