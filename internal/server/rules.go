package server

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// rulesFields are the fields of a request that give the rules of its
// puzzles, as --variant, --regions and --size do on the command line:
// "variant", a list of variant names (none: classic), "regions", a
// jigsaw's layout, "cages", a killer's cages (with "variant": ["killer"],
// which they imply), and "size", "box" and "alphabet" for puzzles of
// another size than 9x9. A puzzle whose label names its own rules
// (variant=..., regions=..., cages=..., size=...) keeps them, as on the
// command line.
type rulesFields struct {
	Variant  []string   `json:"variant"`
	Regions  string     `json:"regions"`
	Cages    []cageJSON `json:"cages"`
	Size     int        `json:"size"`
	Box      string     `json:"box"`
	Alphabet string     `json:"alphabet"`
}

// cageJSON is a killer's cage as the API reads and writes it, as the
// command line's JSON rows carry it.
type cageJSON struct {
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
}

// maxVariantName is the longest variant name the API reads: the longest
// is 15 characters; a longer one is no name, and is not echoed.
const maxVariantName = 40

// rules reads the fields with the library's parser.
func (f *rulesFields) rules() (sudoku.Rules, error) {
	for i, name := range f.Variant {
		switch {
		case strings.TrimSpace(name) == "":
			return sudoku.Rules{}, sudoku.Invalidf("field \"variant\": name %d is empty; known: %s", i+1, strings.Join(sudoku.VariantNames(), ", "))
		case len(name) > maxVariantName || strings.Contains(name, ","):
			return sudoku.Rules{}, sudoku.Invalidf("field \"variant\": name %d (%d characters) is no variant name; give a list of names such as [\"x\", \"anti-knight\"]; known: %s",
				i+1, len(name), strings.Join(sudoku.VariantNames(), ", "))
		}
	}
	if shape, _, err := f.shape(); err != nil {
		return sudoku.Rules{}, err
	} else if shape.N() != 0 && shape.N() != 9 {
		// A board of another size carries its own variants (jigsaw, x,
		// killer): they are checked here and given to each puzzle by
		// puzzle.
		_, _, err := f.board()
		return sudoku.Rules{}, err
	}
	rules, err := sudoku.ParseRules(strings.Join(f.Variant, ","), f.Regions)
	if err != nil {
		field := "variant"
		if strings.Contains(err.Error(), "regions layout") {
			field = "regions"
		}
		return rules, fmt.Errorf("field %q: %w", field, err)
	}
	if len(f.Cages) > 0 {
		if len(f.Cages) > 81 {
			return sudoku.Rules{}, sudoku.Invalidf("field \"cages\" holds %d cages: a killer has at most 81", len(f.Cages))
		}
		cages := make([]sudoku.Cage, len(f.Cages))
		for i, c := range f.Cages {
			if len(c.Cells) > 81 {
				return sudoku.Rules{}, sudoku.Invalidf("field \"cages\": cage %d has %d cells: a cage has 1 to 9", i+1, len(c.Cells))
			}
			cages[i].Sum = c.Sum
			for _, name := range c.Cells {
				cell, err := sudoku.ParseCellName(name)
				if err != nil {
					return sudoku.Rules{}, fmt.Errorf("field \"cages\": cage %d: %w", i+1, err)
				}
				cages[i].Cells = append(cages[i].Cells, cell)
			}
		}
		if rules, err = rules.WithCages(cages); err != nil {
			return sudoku.Rules{}, fmt.Errorf("field \"cages\": %w", err)
		}
	}
	return rules, nil
}

// board reads the fields of a request for another size than 9x9 as the
// library's Board takes its variants: an empty board of the request's
// shape with the variants "variant" names (jigsaw and x at every size,
// killer up to sudoku.MaxKillerSize), the layout of "regions" (a jigsaw's,
// N×N region ids) and the cages of "cages" (which imply killer), their
// cells named at the board's size; Board.SetRules checks them. ToCome
// names the variant whose layout or cages are still to come: "killer"
// without cages, "jigsaw" without regions (or with "regions": "random"),
// as a generate request gives them (generate draws them); "" otherwise.
func (f *rulesFields) board() (b sudoku.Board, toCome string, err error) {
	shape, _, err := f.shape()
	if err != nil {
		return sudoku.Board{}, "", err
	}
	b = sudoku.NewBoard(shape)
	if len(f.Cages) > shape.Cells() {
		return b, "", sudoku.Invalidf("field \"cages\" holds %d cages: a %s killer has at most %d", len(f.Cages), shape, shape.Cells())
	}
	names := slices.Clone(f.Variant)
	if len(f.Cages) > 0 && !slices.Contains(names, "killer") {
		names = append(names, "killer")
	}
	cages := make([]sudoku.Cage, len(f.Cages))
	for i, c := range f.Cages {
		if len(c.Cells) > shape.N() {
			return b, "", sudoku.Invalidf("field \"cages\": cage %d has %d cells: a cage of a %s killer has 1 to %d", i+1, len(c.Cells), shape, shape.N())
		}
		cages[i].Sum = c.Sum
		for _, name := range c.Cells {
			cell, err := shape.ParseCellName(name)
			if err != nil {
				return b, "", fmt.Errorf("field \"cages\": cage %d: %w", i+1, err)
			}
			cages[i].Cells = append(cages[i].Cells, cell)
		}
	}
	spec := strings.Join(names, ",")
	v, err := sudoku.ParseBoardVariants(spec, shape)
	if err != nil {
		return b, "", fmt.Errorf("field \"variant\" with field \"size\" %d: %w", shape.N(), err)
	}
	regions := strings.TrimSpace(f.Regions)
	switch {
	case regions != "" && !v.Jigsaw:
		return b, "", sudoku.Invalidf("field \"regions\": a regions layout goes with the jigsaw variant only")
	case v.Jigsaw && (regions == "" || regions == "random"):
		// A jigsaw to be made, whose layout generate draws.
		b.X = v.X
		return b, "jigsaw", nil
	case v.Jigsaw:
		if _, err := shape.ParseRegions(regions); err != nil {
			return b, "", fmt.Errorf("field \"regions\" with field \"size\" %d: %w", shape.N(), err)
		}
	case v.Killer && len(cages) == 0:
		// A killer to be made, or whose cages are still to come.
		b.X = v.X
		return b, "killer", nil
	}
	if err := b.SetRules(spec, regions, cages); err != nil {
		return b, "", fmt.Errorf("field \"cages\" with field \"size\" %d: %w", shape.N(), err)
	}
	return b, "", nil
}

// sized reports whether the fields ask for another size than 9x9.
func (f *rulesFields) sized() bool { return (f.Size != 0 && f.Size != 9) || f.Box != "" }

// shape reads "size", "box" and "alphabet": the shape and the alphabet of
// the request's puzzles that do not give their own (the zero Shape for
// 9x9, AutoAlphabet to detect it per puzzle).
func (f *rulesFields) shape() (sudoku.Shape, sudoku.Alphabet, error) {
	var shape sudoku.Shape
	if f.Size != 0 || f.Box != "" {
		size := ""
		if f.Size != 0 {
			size = strconv.Itoa(f.Size)
		}
		for _, s := range sudoku.Shapes() {
			if size == "" && strings.EqualFold(s.Box(), strings.TrimSpace(f.Box)) {
				size = strconv.Itoa(s.N()) // the size whose box it is
			}
		}
		var err error
		if shape, err = sudoku.ParseShape(size, f.Box); err != nil {
			return shape, 0, fmt.Errorf("field \"size\": %w", err)
		}
	}
	a := sudoku.AutoAlphabet
	if f.Alphabet != "" {
		var err error
		if a, err = sudoku.ParseAlphabet(f.Alphabet); err != nil {
			return shape, a, fmt.Errorf("field \"alphabet\": %w", err)
		}
	}
	return shape, a, nil
}

// variantJSON is a variant the API knows: its name, its rule in words,
// and the sizes of the boards that take it.
type variantJSON struct {
	Name  string `json:"name"`
	Rule  string `json:"rule"`
	Sizes []int  `json:"sizes"`
}

// variants lists the variants, in the order the rules name them, each
// with the sizes that take it: 9, and the other sizes whose boards the
// library gives it (sudoku.ParseBoardVariants).
func (s *Server) variants() (any, error) {
	var out []variantJSON
	for _, name := range sudoku.VariantNames() {
		v := variantJSON{Name: name, Rule: sudoku.VariantRule(name), Sizes: []int{9}}
		for _, shape := range sudoku.Shapes() {
			n := shape.N()
			if _, err := sudoku.ParseBoardVariants(name, shape); n != 9 && err == nil && !slices.Contains(v.Sizes, n) {
				v.Sizes = append(v.Sizes, n)
			}
		}
		slices.Sort(v.Sizes)
		out = append(out, v)
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
	// Size is the grid's N (9 for classic and the variants), Box its
	// boxes' shape ("3x3", "2x3"): houses 0..N-1 are the rows, N..2N-1
	// the columns, 2N..3N-1 the boxes, of N cells each.
	Size int    `json:"size"`
	Box  string `json:"box"`
	// Cages are a killer's cages (none otherwise), each with its name
	// ("the 15-cage at r1c1-r1c2").
	Cages []cageNameJSON `json:"cages"`
}

// cageNameJSON is a cage with its name.
type cageNameJSON struct {
	cageJSON
	Name string `json:"name"`
}

// houseJSON is a house: N cells that hold 1 to N once.
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
		Rules: rules.Describe(), Houses: []houseJSON{}, Pairs: []pairJSON{}, Size: 9, Box: "3x3", Cages: []cageNameJSON{}}
	if req.sized() {
		shape, alphabet, err := req.shape()
		if err != nil {
			return nil, err
		}
		if shape.N() != 9 {
			b, toCome, err := req.board()
			if err != nil {
				return nil, err
			}
			ans.Variant, ans.Rules, ans.Size, ans.Box = []string{}, []string{}, shape.N(), shape.Box()
			ans.Label = strings.TrimSpace(sudoku.SizeLabel(shape, alphabet) + " " + b.RulesLabel())
			if b.Regions != nil {
				ans.Regions = shape.FormatRegions(b.Regions)
			}
			names := b.Variants()
			if toCome != "" {
				// Its layout or cages to come (generate draws them): until
				// then the boxes stand, and no cage.
				names = append(names, toCome)
				slices.SortFunc(names, func(x, y string) int {
					return slices.Index(sudoku.VariantNames(), x) - slices.Index(sudoku.VariantNames(), y)
				})
			}
			for _, name := range names {
				ans.Variant = append(ans.Variant, name)
				// The rule in words, at the board's size.
				ans.Rules = append(ans.Rules, strings.ReplaceAll(sudoku.VariantRule(name), "1 to 9", fmt.Sprintf("1 to %d", shape.N())))
			}
			kinds := []string{"row", "column", "block", "diagonal"}
			if b.IsJigsaw() {
				kinds[2] = "region"
			}
			for h := range b.NumHouses() {
				cells := []string{}
				for _, c := range b.HouseCells(h) {
					cells = append(cells, shape.CellName(c))
				}
				ans.Houses = append(ans.Houses, houseJSON{Name: b.HouseName(h), Kind: kinds[h/shape.N()], Cells: cells})
			}
			for _, c := range b.Cages {
				k := cageNameJSON{cageJSON: cageJSON{Sum: c.Sum, Cells: []string{}}, Name: shape.CageName(c)}
				for _, cell := range c.Cells {
					k.Cells = append(k.Cells, shape.CellName(cell))
				}
				ans.Cages = append(ans.Cages, k)
			}
			return ans, nil
		}
	}
	for i, c := range cagesJSON(rules) {
		ans.Cages = append(ans.Cages, cageNameJSON{cageJSON: c, Name: rules.Cage(i).Name()})
	}
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
	if p.Board != nil {
		return nil, sudoku.Invalidf("candidates are answered for 9x9 puzzles only, not for a %s puzzle", p.Shape())
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
	shape, alphabet, err := f.shape()
	if err != nil {
		return sudoku.Puzzle{}, err
	}
	board, err := f.boardRules()
	if err != nil {
		return sudoku.Puzzle{}, err
	}
	p, err := onePuzzle(text, rules, board, shape, alphabet)
	if err != nil {
		return p, err
	}
	return p, f.boardVariants(&p)
}

// boardRules is the board whose variants the request gives the puzzles of
// its size (another than 9x9) that name none, for the reader to read them
// under (sudoku.Reader.SetBoardRules): a jigsaw's digits are checked
// against its regions, not the boxes. Nil for 9x9, and when the request
// names no variant or its layout or cages are still to come.
func (f *rulesFields) boardRules() (*sudoku.Board, error) {
	if !f.sized() {
		return nil, nil
	}
	if shape, _, err := f.shape(); err != nil || shape.N() == 9 {
		return nil, err
	}
	b, toCome, err := f.board()
	if err != nil || toCome != "" || b.IsClassic() {
		return nil, err
	}
	return &b, nil
}

// boardVariants gives a puzzle of another size than 9x9 the variants and
// cages of a request for that size, unless its label or row named its
// own (it keeps them, as on the command line), and checks its digits
// under them (sudoku.Board.Validate).
func (f *rulesFields) boardVariants(p *sudoku.Puzzle) error {
	if p.Board == nil || !f.sized() || !p.Board.IsClassic() {
		return nil
	}
	b, toCome, err := f.board()
	switch {
	case err != nil:
		return err
	case toCome == "jigsaw":
		return sudoku.Invalidf("field \"regions\": a jigsaw needs its regions layout, %d region ids row by row", b.Shape.Cells())
	case b.IsClassic():
		return nil
	}
	if b.Shape != p.Board.Shape {
		return sudoku.Invalidf("field \"puzzle\" is a %s puzzle, and the rules are for a %s board", p.Board.Shape, b.Shape)
	}
	p.Board.X, p.Board.Regions, p.Board.Cages = b.X, b.Regions, b.Cages
	if err := p.Board.Validate(); err != nil {
		return fmt.Errorf("field \"puzzle\": %w", err)
	}
	return nil
}
