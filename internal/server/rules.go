package server

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// rulesFields are the fields of a request that give the rules of its
// puzzles, as --variant and --regions do on the command line: "variant",
// a list of variant names (none: classic), and "regions", a jigsaw's
// layout. A puzzle whose label names its own rules (variant=...,
// regions=...) keeps them, as on the command line.
type rulesFields struct {
	Variant []string `json:"variant"`
	Regions string   `json:"regions"`
}

// maxVariantName is the longest variant name the API reads: the longest
// is 15 characters; a longer one is no name, and is not echoed.
const maxVariantName = 40

// rules reads the fields with the library's parser.
func (f *rulesFields) rules() (sudoku.Rules, error) {
	for i, name := range f.Variant {
		switch {
		case strings.TrimSpace(name) == "":
			return sudoku.Rules{}, sudoku.Invalidf("field \"variant\": name %d is empty; known: %s", i+1, strings.Join(servedVariants(), ", "))
		case len(name) > maxVariantName || strings.Contains(name, ","):
			return sudoku.Rules{}, sudoku.Invalidf("field \"variant\": name %d (%d characters) is no variant name; give a list of names such as [\"x\", \"anti-knight\"]; known: %s",
				i+1, len(name), strings.Join(servedVariants(), ", "))
		}
	}
	rules, err := sudoku.ParseRules(strings.Join(f.Variant, ","), f.Regions)
	if err == nil && rules.Has("killer") {
		return sudoku.Rules{}, fmt.Errorf("field \"variant\": %w", errNoKillers)
	}
	if err != nil {
		field := "variant"
		if strings.Contains(err.Error(), "regions layout") {
			field = "regions"
		}
		return rules, fmt.Errorf("field %q: %w", field, err)
	}
	return rules, nil
}

// variantJSON is a variant the API knows: its name and its rule in words.
type variantJSON struct {
	Name string `json:"name"`
	Rule string `json:"rule"`
}

// errNoKillers answers a request for a killer: its cages come in no
// field, and the page draws none yet.
var errNoKillers = sudoku.Invalidf("killer: the assistant does not take killers yet (sudokit solve does)")

// servedVariants are the variants the assistant serves: all but killer.
func servedVariants() []string {
	var out []string
	for _, name := range sudoku.VariantNames() {
		if name != "killer" {
			out = append(out, name)
		}
	}
	return out
}

// variants lists the variants, in the order the rules name them.
func (s *Server) variants() (any, error) {
	var out []variantJSON
	for _, name := range servedVariants() {
		out = append(out, variantJSON{Name: name, Rule: sudoku.VariantRule(name)})
	}
	return out, nil
}

// rulesAnswer is the rules as data: what a page needs to draw them and to
// derive candidates and conflicts under them without knowing any rule.
type rulesAnswer struct {
	Variant []string `json:"variant"` // [] for classic
	Regions string   `json:"regions,omitempty"`
	// Label is what a puzzle's label carries for these rules ("" for
	// classic): the line "<81 cells> <label>" reads back under them.
	Label string `json:"label"`
	// Rules states each variant's rule in words.
	Rules  []string    `json:"rules"`
	Houses []houseJSON `json:"houses"`
	Pairs  []pairJSON  `json:"pairs"`
}

// houseJSON is a house: nine cells that hold 1 to 9 once.
type houseJSON struct {
	Name  string   `json:"name"` // "row 1", "region 4", "diagonal 2", "window group 5"
	Kind  string   `json:"kind"` // "row", "column", "block", "region", "diagonal", ...
	Cells []string `json:"cells"`
}

// pairJSON is a pair rule: the pairs of cells it ties, and which digits
// two tied cells may not hold together.
type pairJSON struct {
	Rule string `json:"rule"` // "anti-knight", "anti-king", "non-consecutive"
	Text string `json:"text"`
	// Differences are the differences that the digits of two tied cells
	// may not have: [0] (the same digit) for anti-knight and anti-king,
	// [1] (consecutive digits) for non-consecutive.
	Differences []int       `json:"differences"`
	Cells       [][2]string `json:"cells"` // each pair once, in reading order
}

type rulesRequest struct {
	rulesFields
}

// rulesOf answers the rules of the request as data.
func (s *Server) rulesOf(_ context.Context, req *rulesRequest) (any, error) {
	rules, err := req.rules()
	if err != nil {
		return nil, err
	}
	ans := rulesAnswer{Variant: rules.Variants(), Regions: rules.Regions(), Label: rules.Label(),
		Rules: rules.Describe(), Houses: []houseJSON{}, Pairs: []pairJSON{}}
	if ans.Variant == nil {
		ans.Variant = []string{}
	}
	if ans.Rules == nil {
		ans.Rules = []string{}
	}
	for h := range rules.NumHouses() {
		house := rules.House(h)
		cells := make([]string, len(house.Cells))
		for i, c := range house.Cells {
			cells[i] = sudoku.CellName(int(c))
		}
		ans.Houses = append(ans.Houses, houseJSON{Name: house.Name(), Kind: house.Kind.String(), Cells: cells})
	}
	for _, p := range sudoku.PairRules() {
		if !rules.HasPair(p) {
			continue
		}
		pj := pairJSON{Rule: p.String(), Text: sudoku.VariantRule(p.String()), Differences: []int{}}
		for d := range 9 {
			if p.Breaks(1, 1+d) {
				pj.Differences = append(pj.Differences, d)
			}
		}
		for a := range 81 {
			for b := range rules.Partners(p, a).All() {
				if b > a {
					pj.Cells = append(pj.Cells, [2]string{sudoku.CellName(a), sudoku.CellName(b)})
				}
			}
		}
		ans.Pairs = append(ans.Pairs, pj)
	}
	return ans, nil
}

type candidatesRequest struct {
	Puzzle string `json:"puzzle"`
	rulesFields
}

// candidatesAnswer is a puzzle's candidates under its rules.
type candidatesAnswer struct {
	Puzzle  string   `json:"puzzle"`
	Variant []string `json:"variant,omitempty"`
	Regions string   `json:"regions,omitempty"`
	// Candidates are the 81 cells' candidates in reading order: a filled
	// cell's digit, an empty cell's candidates ("" when none is left).
	Candidates []string `json:"candidates"`
}

// candidates answers the candidates of a puzzle under its rules: the
// digits no peer rules out, less those its pencil marks strike.
func (s *Server) candidates(_ context.Context, req *candidatesRequest) (any, error) {
	p, err := req.puzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	ans := candidatesAnswer{Puzzle: p.Grid.String(), Variant: p.Rules.Variants(), Regions: p.Rules.Regions(),
		Candidates: make([]string, 81)}
	for i, d := range p.State().AllCandidates() {
		ans.Candidates[i] = d.String()
	}
	return ans, nil
}

// puzzle reads the one puzzle of a request's field text under the
// request's rules (see onePuzzle).
func (f *rulesFields) puzzle(text string) (sudoku.Puzzle, error) {
	rules, err := f.rules()
	if err != nil {
		return sudoku.Puzzle{}, err
	}
	return onePuzzle(text, rules)
}
