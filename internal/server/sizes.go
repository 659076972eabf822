package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// Puzzles of other sizes than 9x9 (issue 34) and killers (issue 35): the
// endpoints read them as the command line does and call the library's
// entry points for them (solve.CheckBoardContext, grade.Grader.GradeBoard,
// hint.FindBoard, generate.NewBoards and generate.Killers); this file holds
// what differs from a classic puzzle's path.

// solveBoard solves a sized puzzle within the grading budget: past it the
// search stops and the request is answered 422.
func (s *Server) solveBoard(ctx context.Context, p sudoku.Puzzle, limit int) (solve.Report, error) {
	budget, cancel := context.WithTimeout(ctx, s.cfg.Budget)
	defer cancel()
	rep, err := solve.CheckBoardContext(budget, *p.Board, limit)
	if err != nil {
		if err := cancelled(ctx); err != nil {
			return solve.Report{}, err
		}
		return solve.Report{}, &apiError{http.StatusUnprocessableEntity,
			fmt.Sprintf("the search passed the budget of %s (%d guesses) without an answer", s.cfg.Budget, rep.Guesses)}
	}
	return rep, nil
}

// killer reports whether a request asks for killers: its variants name
// killer, or it gives cages.
func (f *rulesFields) killer() bool {
	return len(f.Cages) > 0 || slices.Contains(f.Variant, "killer")
}

// boardRow is the JSON row of a puzzle of another size made by generate,
// as `sudokit generate --size N -f json` writes it.
type boardRow struct {
	Seed     uint64     `json:"seed"`
	Index    int        `json:"index"`
	Size     int        `json:"size"`
	Box      string     `json:"box,omitempty"`
	Puzzle   string     `json:"puzzle"`
	Solution string     `json:"solution,omitempty"`
	Givens   int        `json:"givens"`
	Variant  []string   `json:"variant,omitempty"`
	Regions  string     `json:"regions,omitempty"`
	Cages    []cageJSON `json:"cages,omitempty"`
	Symmetry string     `json:"symmetry,omitempty"`
	Level    string     `json:"level,omitempty"`
}

// killerRow is the JSON row of a killer made by generate, as `sudokit
// generate --variant killer -f json` writes it.
type killerRow struct {
	Seed     uint64     `json:"seed"`
	Index    int        `json:"index"`
	Puzzle   string     `json:"puzzle"`
	Solution string     `json:"solution,omitempty"`
	Variant  []string   `json:"variant"`
	Cages    []cageJSON `json:"cages"`
	Givens   int        `json:"givens"`
	// The grade of a killer made by level or rating.
	Status string `json:"status,omitempty"`
	ER     string `json:"er,omitempty"`
	EP     string `json:"ep,omitempty"`
	ED     string `json:"ed,omitempty"`
	Level  string `json:"level,omitempty"`
}

// cagesJSON writes the cages of rules as the API reads them.
func cagesJSON(rules sudoku.Rules) []cageJSON {
	out := []cageJSON{}
	for _, c := range rules.Cages() {
		k := cageJSON{Sum: c.Sum, Cells: []string{}}
		for _, cell := range c.Cells {
			k.Cells = append(k.Cells, sudoku.CellName(cell))
		}
		out = append(out, k)
	}
	return out
}

// generateOther makes puzzles of another size (generate.NewBoards) or
// killers (generate.Killers) for a generate request that asks for them;
// done is false for a classic or variant request, which generate makes.
func (s *Server) generateOther(ctx context.Context, req *generateRequest, count int, seed uint64) (ans any, done bool, err error) {
	sized, killer := req.sized(), req.killer()
	if !sized && !killer {
		return nil, false, nil
	}
	what := "puzzles of other sizes"
	if killer {
		what = "killers"
	}
	if killer && sized {
		what = "killers of other sizes than 9x9"
	}
	// A 9x9 killer is made by level or rating (graded by the killer
	// techniques); a killer of another size by neither (the killer
	// techniques are 9x9's), and a puzzle of another size by level.
	for _, f := range []struct {
		name string
		set  bool
	}{{"rating", req.Rating != "" && sized}, {"clues", req.Clues != "" && killer}, {"require", len(req.Require) > 0}, {"level", req.Level != "" && killer && sized},
		{"symmetry", req.Symmetry != "" && killer}, {"minimal", req.Minimal && killer}} {
		if f.set {
			why := "they are made by level"
			switch {
			case killer && (f.name == "symmetry" || f.name == "minimal"):
				why = "a killer's givens are none, and its cages are drawn at random"
			case killer && (f.name == "level" || f.name == "rating"):
				why = "the killer techniques that grade them are 9x9's, so they have no level or rating"
			case killer:
				why = "killers are made by level or rating"
			}
			return nil, true, sudoku.Invalidf("field %q does not go with %s: %s", f.name, what, why)
		}
	}
	if _, err := req.rules(); err != nil {
		return nil, true, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.GenerateTimeout)
	defer cancel()
	out := generateAnswer{Seed: seed, Puzzles: []json.RawMessage{}}
	emit := func(v any) error {
		b, err := json.Marshal(v)
		out.Puzzles = append(out.Puzzles, b)
		return err
	}
	run := generate.RunOptions{Count: count, Workers: s.slots.Share()}
	var runErr error
	if sized {
		runErr = s.generateBoards(ctx, req, seed, run, emit)
	} else {
		runErr = s.generateKillers(ctx, req, seed, run, emit)
	}
	switch {
	case runErr == nil:
		return out, true, nil
	case errors.Is(runErr, sudoku.ErrInvalid):
		return nil, true, runErr
	}
	if err := cancelled(ctx); err != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, true, err
	}
	why := runErr.Error()
	if errors.Is(runErr, context.DeadlineExceeded) {
		why = fmt.Sprintf("the time allowed (%s) ran out: ask for fewer puzzles, or an easier level", seconds(s.opt.GenerateTimeout))
	}
	if len(out.Puzzles) == 0 {
		return nil, true, &apiError{http.StatusUnprocessableEntity, "no puzzle made: " + why}
	}
	out.Error = fmt.Sprintf("made %d of %d: %s", len(out.Puzzles), count, why)
	return out, true, nil
}

// generateBoards makes puzzles of the request's shape by level.
func (s *Server) generateBoards(ctx context.Context, req *generateRequest, seed uint64, run generate.RunOptions, emit func(any) error) error {
	shape, alphabet, err := req.shape()
	if err != nil {
		return err
	}
	if len(req.Cages) > 0 {
		return sudoku.Invalidf("field \"cages\" does not go with generate: the killers made draw their own cages")
	}
	b, toCome, err := req.board()
	if err != nil {
		return err
	}
	if alphabet == sudoku.AutoAlphabet {
		alphabet = sudoku.Letters
	}
	if toCome == "killer" {
		return s.generateBoardKillers(ctx, req, shape, b.X, alphabet, seed, run, emit)
	}
	if req.Level != "" && !slices.Contains(generate.BoardLevels(), req.Level) {
		return sudoku.Invalidf("field \"level\": %q is no level of a %s puzzle: %s", req.Level, shape, strings.Join(generate.BoardLevels(), ", "))
	}
	if req.Level == "" && shape.N() >= 16 {
		// Digging to the end takes minutes at 16x16 and up: the levels
		// are made in about a second.
		return sudoku.Invalidf("field \"level\" is needed for a %s puzzle: %s", shape, strings.Join(generate.BoardLevels(), ", "))
	}
	// A jigsaw takes the request's layout, or a random one per puzzle.
	opt := generate.BoardOptions{Shape: shape, X: b.X, Jigsaw: b.IsJigsaw() || toCome == "jigsaw", Regions: b.Regions,
		Seed: seed, Minimal: req.Minimal, Level: req.Level}
	if req.Symmetry != "" {
		if opt.Symmetry, err = generate.ParseSymmetry(req.Symmetry); err != nil {
			return fmt.Errorf("field \"symmetry\": %w", err)
		}
	} else if req.Minimal && shape.N() >= 10 {
		opt.Symmetry = generate.None // minimal and symmetric are very rare at these sizes
	}
	if req.Clues != "" {
		if opt.MinGivens, opt.MaxGivens, err = generate.ParseGivens(req.Clues, shape); err != nil {
			return fmt.Errorf("field \"clues\": %w", err)
		}
	}
	gen, err := generate.NewBoards(opt)
	if err != nil {
		return err
	}
	_, err = gen.Run(ctx, run, func(p generate.BoardPuzzle) error {
		r := newBoardRow(p.Seed, p.Index, p.Board, alphabet)
		r.Symmetry, r.Level = p.Symmetry.String(), p.Level
		if req.Solution {
			r.Solution = p.Solution.Format(alphabet)
		}
		return emit(r)
	})
	return err
}

// generateBoardKillers makes killers of 4x4, 6x6 or 8x8
// (generate.BoardKillers), with x's diagonals when x: no givens, cages
// drawn at random.
func (s *Server) generateBoardKillers(ctx context.Context, req *generateRequest, shape sudoku.Shape, x bool, alphabet sudoku.Alphabet,
	seed uint64, run generate.RunOptions, emit func(any) error) error {
	gen, err := generate.BoardKillers(generate.BoardKillerOptions{Shape: shape, X: x, Seed: seed})
	if err != nil {
		return err
	}
	_, err = gen.Run(ctx, run, func(p generate.BoardKiller) error {
		r := newBoardRow(p.Seed, p.Index, p.Board, alphabet)
		if req.Solution {
			r.Solution = p.Solution.Format(alphabet)
		}
		return emit(r)
	})
	return err
}

// newBoardRow is the row of a board made by generate, without its
// solution, symmetry and level.
func newBoardRow(seed uint64, index int, b sudoku.Board, alphabet sudoku.Alphabet) boardRow {
	r := boardRow{Seed: seed, Index: index, Size: b.Shape.N(), Puzzle: b.Format(alphabet), Givens: b.Givens(), Variant: b.Variants()}
	if !b.Shape.IsUsual() {
		r.Box = b.Shape.Box()
	}
	if b.IsJigsaw() {
		r.Regions = b.Shape.FormatRegions(b.Regions)
	}
	for _, c := range b.Cages {
		k := cageJSON{Sum: c.Sum, Cells: []string{}}
		for _, cell := range c.Cells {
			k.Cells = append(k.Cells, b.Shape.CellName(cell))
		}
		r.Cages = append(r.Cages, k)
	}
	return r
}

// generateKillers makes killers under the request's other variants.
func (s *Server) generateKillers(ctx context.Context, req *generateRequest, seed uint64, run generate.RunOptions, emit func(any) error) error {
	if len(req.Cages) > 0 {
		return sudoku.Invalidf("field \"cages\" does not go with generate: the killers made draw their own cages")
	}
	var names []string
	for _, name := range req.Variant {
		if name != "killer" {
			names = append(names, name)
		}
	}
	if slices.Contains(names, "jigsaw") {
		return sudoku.Invalidf("field \"variant\": jigsaw killers are not made yet")
	}
	base, err := sudoku.ParseRules(strings.Join(names, ","), "")
	if err != nil {
		return fmt.Errorf("field \"variant\": %w", err)
	}
	target := generate.KillerTarget{Level: req.Level, Rating: req.Rating}
	if _, err := generate.KillerBand(s.cfg, target); err != nil {
		if req.Level != "" {
			return fmt.Errorf("field \"level\": %w", err)
		}
		return fmt.Errorf("field \"rating\": %w", err)
	}
	gen, err := generate.GradedKillers(s.cfg, generate.KillerOptions{Rules: base, Seed: seed}, target)
	if err != nil {
		return err
	}
	_, err = gen.Run(ctx, run, func(p generate.KillerPuzzle) error {
		r := killerRow{Seed: p.Seed, Index: p.Index, Puzzle: p.Grid.String(), Variant: p.Rules.Variants(), Cages: cagesJSON(p.Rules), Givens: p.Grid.Givens()}
		if g := p.Result; g != nil {
			se := g.SE()
			r.Status, r.ER, r.EP, r.ED, r.Level = g.Status.String(), se.ER.String(), se.EP.String(), se.ED.String(), g.Level
		}
		if req.Solution {
			r.Solution = p.Solution.String()
		}
		return emit(r)
	})
	return err
}

// noKillerHint says in words that the grader found no step for a killer
// (the killer is beyond its killer techniques, or the search ran out of
// budget): a 422 the page shows, rather than a row with the status
// "budget" or "beyond".
func noKillerHint(p sudoku.Puzzle, err error) error {
	var none *hint.NoHint
	if !p.Rules.HasCages() || !errors.As(err, &none) || (none.Status != "budget" && none.Status != "beyond") {
		return nil
	}
	return &apiError{http.StatusUnprocessableEntity, fmt.Sprintf(
		"no hint: the killer techniques find no next step in this killer (%s)", none.Status)}
}

// boardKillerRefused answers, as a 422 in the library's words, a grade
// or hint of a killer of another size than 9x9 that the library refused
// (its killer techniques are 9x9's for now: sized.NewState says so);
// nil for any other puzzle or error.
func boardKillerRefused(p sudoku.Puzzle, what string, err error) error {
	if p.Board == nil || len(p.Board.Cages) == 0 || !errors.Is(err, sudoku.ErrInvalid) {
		return nil
	}
	// The deepest error of the kind holds the library's own words, without
	// the prefixes of the packages it went through.
	for u := errors.Unwrap(err); u != nil && errors.Is(u, sudoku.ErrInvalid); u = errors.Unwrap(u) {
		err = u
	}
	return &apiError{http.StatusUnprocessableEntity, fmt.Sprintf("%s for a %s killer are not available yet: %s", what, p.Board.Shape, err)}
}

type cagesRequest struct {
	Puzzle string `json:"puzzle"`
	rulesFields
}

// cageOptionsJSON is a cage and what it can still hold.
type cageOptionsJSON struct {
	Name  string   `json:"name"` // "the 15-cage at r1c1-r1c2"
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
	// Combinations are the sets of digits that add up to the sum and
	// that the cells can still take, each cell a different digit among
	// its candidates ("126", "135").
	Combinations []string `json:"combinations"`
	// Candidates are, cell by cell, the digits those combinations leave
	// it: its candidates under the cage's rules.
	Candidates []string `json:"candidates"`
}

// cagesAnswer is a killer's cages and what each can still hold.
type cagesAnswer struct {
	Puzzle string            `json:"puzzle"`
	Cages  []cageOptionsJSON `json:"cages"`
}

// cages answers, for each cage of a killer, the combinations of its sum
// that its cells can still hold given their candidates (the puzzle's
// digits and pencil marks, under its rules), and the digits they leave
// each cell (sudoku.CageOptions).
func (s *Server) cages(_ context.Context, req *cagesRequest) (any, error) {
	p, err := req.puzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	if p.Board != nil {
		return boardCages(*p.Board)
	}
	if !p.Rules.HasCages() {
		return nil, sudoku.Invalidf("the puzzle has no cages: give a killer (field \"cages\", or a cages= label)")
	}
	st := p.State()
	cands := st.AllCandidates()
	ans := cagesAnswer{Puzzle: p.Grid.String(), Cages: []cageOptionsJSON{}}
	for _, c := range p.Rules.Cages() {
		ans.Cages = append(ans.Cages, cageOptions(c, c.Name(), sudoku.CellName, cands[:]))
	}
	return ans, nil
}

// cageOptions is what cage c, named name, can still hold when its cells
// (named by cellName) have the candidates cands (sudoku.CageOptions).
func cageOptions(c sudoku.Cage, name string, cellName func(int) string, cands []sudoku.Digits) cageOptionsJSON {
	in := make([]sudoku.Digits, len(c.Cells))
	k := cageOptionsJSON{Name: name, Sum: c.Sum, Combinations: []string{}}
	for i, cell := range c.Cells {
		in[i] = cands[cell]
		k.Cells = append(k.Cells, cellName(cell))
	}
	combos, each := sudoku.CageOptions(c.Sum, in)
	for _, d := range combos {
		k.Combinations = append(k.Combinations, d.String())
	}
	for _, d := range each {
		k.Candidates = append(k.Candidates, strings.TrimPrefix(d.String(), "-"))
	}
	return k
}

// boardCages is cages for a killer of another size than 9x9: each cell's
// candidates under the board's rules (sudoku.Board.Candidates), and
// sudoku.CageOptions takes each cage's sum.
func boardCages(b sudoku.Board) (any, error) {
	if len(b.Cages) == 0 {
		return nil, sudoku.Invalidf("the puzzle has no cages: give a killer (field \"cages\", or a cages= label)")
	}
	cands := b.Candidates()
	s := b.Shape
	ans := cagesAnswer{Puzzle: b.String(), Cages: []cageOptionsJSON{}}
	for _, c := range b.Cages {
		ans.Cages = append(ans.Cages, cageOptions(c, s.CageName(c), s.CellName, cands))
	}
	return ans, nil
}
