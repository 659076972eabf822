package bank

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// Entry is a puzzle ready to go into the bank: its grid and rules, its
// canonical key, and what its grading found.
type Entry struct {
	Grid  sudoku.Grid
	Rules sudoku.Rules
	// Canon is the canonical form with its rules' label (canon.Group.Key):
	// the same for all the isomorphs of the puzzle, and the bank's key.
	Canon   string
	Level   string
	Ratings grade.Ratings
	// Techniques are the keys of the techniques the grading used, sorted;
	// none when the ratings came with the row.
	Techniques []string
	Tags       []string
	// Ref is the caller's, handed back by the Adder's report (where the
	// puzzle came from).
	Ref any
}

// NewEntry makes a puzzle's entry from its grading, which must have rated
// it (or found it beyond the techniques), and the tags given to it. It
// computes the canonical form under the puzzle's rules: the one costly
// part, which callers run on all their cores.
func NewEntry(p sudoku.Puzzle, res grade.Result, tags []string) (Entry, error) {
	if !res.Status.Graded() {
		if err := res.Failed(); err != nil {
			return Entry{}, err
		}
		return Entry{}, fmt.Errorf("not rated (%s)", res.Status)
	}
	group, err := canon.GroupOf(p.Rules)
	if err != nil {
		return Entry{}, err
	}
	for _, t := range tags {
		if err := CheckTag(t); err != nil {
			return Entry{}, err
		}
	}
	e := Entry{Grid: p.Grid, Rules: p.Rules, Canon: group.Key(p.Grid), Level: res.Level, Ratings: res.SE(), Tags: tags}
	for k, u := range res.Usage {
		if u != nil && u.Steps > 0 {
			e.Techniques = append(e.Techniques, k)
		}
	}
	slices.Sort(e.Techniques)
	return e, nil
}

// CheckTag checks that a tag can be stored and found: not empty, no comma,
// no space.
func CheckTag(t string) error {
	if t == "" || strings.ContainsAny(t, ", \t\n%_") {
		return sudoku.Invalidf("bad tag %q: a tag is a word without commas, spaces, %% or _", t)
	}
	return nil
}

// Puzzle is a puzzle as the bank holds it.
type Puzzle struct {
	ID    int64
	Grid  sudoku.Grid
	Rules sudoku.Rules
	Canon string
	Level string
	grade.Ratings
	Clues      int
	Techniques []string
	Tags       []string
	// Book is the book the puzzle went to ("" while it is unused), and
	// Position its place there, from 1.
	Book     string
	Position int
	Added    string // when it was added, RFC 3339 in UTC
}

// Label is what a row of the puzzle carries after its ratings (its rules
// aside, which rows write after it): its id in the bank, its book and
// place there, its tags.
func (p Puzzle) Label() string {
	parts := []string{fmt.Sprintf("bank=%d", p.ID)}
	if p.Book != "" {
		parts = append(parts, fmt.Sprintf("book=%s#%d", p.Book, p.Position))
	}
	if len(p.Tags) > 0 {
		parts = append(parts, "tags="+strings.Join(p.Tags, ","))
	}
	return strings.Join(parts, " ")
}

// list writes keys as stored: ",a,b," ("" for none).
func list(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	return "," + strings.Join(keys, ",") + ","
}

// unlist reads keys as stored.
func unlist(s string) []string {
	s = strings.Trim(s, ",")
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// rulesOf reads back a rules label (Rules.Label): "variant=SPEC" and, for a
// jigsaw, "regions=LAYOUT".
func rulesOf(label string) (sudoku.Rules, error) {
	if label == "" {
		return sudoku.Rules{}, nil
	}
	var spec, regions string
	for _, f := range strings.Fields(label) {
		if v, ok := strings.CutPrefix(f, "variant="); ok {
			spec = v
		} else if v, ok := strings.CutPrefix(f, "regions="); ok {
			regions = v
		}
	}
	return sudoku.ParseRules(spec, regions)
}

// contains is strings.Contains, short.
func contains(s, sub string) bool { return strings.Contains(s, sub) }

// gridOf reads a grid as the bank stores it (Grid.String: 81 characters,
// '.' for a blank): a stored grid is read millions of times by an export,
// and needs none of sudoku.ParseGrid's formats.
func gridOf(s string) (sudoku.Grid, error) {
	var g sudoku.Grid
	if len(s) != 81 {
		return g, fmt.Errorf("a stored grid of %d characters, not 81", len(s))
	}
	for i := range 81 {
		switch c := s[i]; {
		case c == '.':
		case c >= '1' && c <= '9':
			g[i] = c - '0'
		default:
			return g, fmt.Errorf("a stored grid with %q at cell %d", c, i+1)
		}
	}
	return g, nil
}

// Result is the stored grading of the puzzle, as grade gives it: its
// ratings and level, Beyond when ER is 20.0 (the techniques' counts are
// not stored).
func (p Puzzle) Result() grade.Result {
	res := grade.Result{Status: grade.Rated, Ratings: p.Ratings, Level: p.Level}
	if p.ER.Tenths() >= sudoku.RatingBeyond.Tenths() {
		res.Status = grade.Beyond
	}
	return res
}
