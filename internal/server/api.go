package server

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/bookgrade"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

//go:embed web/index.html web/app.js web/style.css
var webFiles embed.FS

// routes registers the page and the API.
func (s *Server) routes() {
	mux := http.NewServeMux()
	web, _ := fs.Sub(webFiles, "web")
	static := http.FileServerFS(web)
	mux.Handle("GET /{$}", noCache(static))
	mux.Handle("GET /app.js", noCache(static))
	mux.Handle("GET /style.css", noCache(static))
	mux.Handle("/api/v1/solve", api(s, true, s.solve))
	mux.Handle("/api/v1/grade", api(s, true, s.grade))
	mux.Handle("/api/v1/hint", api(s, true, s.hint))
	mux.Handle("/api/v1/generate", api(s, true, s.generate))
	mux.Handle("/api/v1/print", api(s, true, s.print))
	mux.Handle("/api/v1/rules", api(s, false, s.rulesOf))
	mux.Handle("/api/v1/candidates", api(s, false, s.candidates))
	mux.Handle("/api/v1/cages", api(s, false, s.cages))
	mux.Handle("/api/v1/variants", get(s.variants))
	mux.Handle("/api/v1/techniques", get(s.techniques))
	mux.Handle("/api/v1/levels", get(s.levels))
	mux.Handle("/api/v1/levels/killer", get(s.killerLevels))
	if s.opt.Bank != nil {
		s.bankRoutes(mux)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no such page or endpoint: %s (the API is under /api/v1/)", r.URL.Path))
	})
	s.mux = mux
}

// noCache has the browser check the page's files on each load (the binary
// may have changed), which costs a 304 when they have not.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// get adapts an endpoint that takes no input.
func get(run func() (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method))
			return
		}
		v, err := run()
		if err != nil {
			writeError(w, http.StatusInternalServerError, "internal error")
			return
		}
		writeJSON(w, v)
	}
}

// source names the request's puzzle in rows and errors.
const source = "puzzle"

// onePuzzle reads the one puzzle of a request's "puzzle" field, in any
// format the command line reads, under rules (board's variants for a
// puzzle of its shape, when not nil) and of shape (in alphabet) unless it
// names its own; its digits must keep them. A puzzle of another size than
// 9x9 has a Board.
func onePuzzle(text string, rules sudoku.Rules, board *sudoku.Board, shape sudoku.Shape, alphabet sudoku.Alphabet) (sudoku.Puzzle, error) {
	if strings.TrimSpace(text) == "" {
		return sudoku.Puzzle{}, sudoku.Invalidf("field \"puzzle\" is missing or empty: give a puzzle in any format sudokit reads")
	}
	r := sudoku.NewReader(strings.NewReader(text), source)
	r.SetRules(rules)
	r.SetShape(shape, alphabet)
	r.SetBoardRules(board)
	p, err := r.Next()
	switch {
	case errors.Is(err, io.EOF):
		return p, sudoku.Invalidf("no puzzle in field \"puzzle\"")
	case err != nil:
		return p, err
	}
	if q, err := r.Next(); !errors.Is(err, io.EOF) {
		return p, sudoku.Invalidf("field \"puzzle\" holds more than one puzzle (another at line %d): send one per request", max(q.Line, p.Line+1))
	}
	if p.Board != nil && p.Cands != nil {
		return p, sudoku.Invalidf("field \"puzzle\": pencil marks are read for 9x9 puzzles only: send the %s puzzle's digits", p.Shape())
	}
	return p, nil
}

// row writes a record as the command line's JSON row.
func row(job export.Job, opt export.Options, r export.Record) (json.RawMessage, error) {
	var b bytes.Buffer
	w, err := export.NewWriter("json", job, &b, opt)
	if err != nil {
		return nil, err
	}
	if err := w.Write(r); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// cancelled is the answer to a request whose client went away, or that
// the shutdown cut short.
func cancelled(ctx context.Context) error {
	if ctx.Err() != nil {
		return &apiError{http.StatusServiceUnavailable, "the request was cancelled"}
	}
	return nil
}

type solveRequest struct {
	Puzzle string `json:"puzzle"`
	rulesFields
	// MaxSolutions counts solutions up to it (2: proves uniqueness).
	MaxSolutions int `json:"max_solutions"`
}

func (s *Server) solve(ctx context.Context, req *solveRequest) (any, error) {
	p, err := req.puzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	limit := req.MaxSolutions
	switch {
	case limit == 0:
		limit = 2
	case limit < 1 || limit > 1000:
		return nil, sudoku.Invalidf("field \"max_solutions\" must be 1 to 1000, not %d", limit)
	}
	if p.Board != nil {
		rep, err := s.solveBoard(ctx, p, limit)
		if err != nil {
			return nil, err
		}
		return row(export.Solve, export.Options{}, export.Record{Puzzle: p, Solve: &rep, Elapsed: rep.Elapsed})
	}
	// An adversarial candidate state can keep a search going for seconds:
	// it gets the budget of a grading.
	budget, cancel := context.WithTimeout(ctx, s.cfg.Budget)
	defer cancel()
	rep, err := solve.For(p.Rules).CheckContext(budget, p.State(), limit)
	if err != nil {
		if ctx.Err() != nil {
			return nil, cancelled(ctx)
		}
		return nil, &apiError{http.StatusUnprocessableEntity,
			fmt.Sprintf("the search passed the budget of %s (%d guesses) without an answer", s.cfg.Budget, rep.Guesses)}
	}
	return row(export.Solve, export.Options{}, export.Record{Puzzle: p, Solve: &rep, Elapsed: rep.Elapsed})
}

type gradeRequest struct {
	Puzzle string `json:"puzzle"`
	rulesFields
	// Path adds the solving path; Candidates, the candidates before each
	// step.
	Path       bool `json:"path"`
	Candidates bool `json:"candidates"`
}

// grade rates a puzzle under its rules: the state it grades carries them.
func (s *Server) grade(ctx context.Context, req *gradeRequest) (any, error) {
	p, err := req.puzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if p.Board != nil {
		// Within the grading budget, as a classic grading.
		res, br := s.grader.GradeBoard(ctx, *p.Board, grade.Options{Path: req.Path || req.Candidates})
		if res.Status == grade.Cancelled {
			return nil, cancelled(ctx)
		}
		if err := boardKillerRefused(p, "ratings", res.Err); res.Status == grade.Invalid && err != nil {
			return nil, err
		}
		return row(export.Grade, export.Options{Explain: req.Path || req.Candidates}, export.Record{Puzzle: p, Grade: &res, Sized: &br, Elapsed: time.Since(start)})
	}
	res := s.grader.Grade(ctx, p.State(), grade.Options{Path: req.Path || req.Candidates, Candidates: req.Candidates,
		Workers: s.slots.Share()})
	if res.Status == grade.Cancelled {
		return nil, cancelled(ctx)
	}
	opt := export.Options{Explain: req.Path || req.Candidates, Candidates: req.Candidates}
	return row(export.Grade, opt, export.Record{Puzzle: p, Grade: &res, Elapsed: time.Since(start)})
}

type hintRequest struct {
	Puzzle string `json:"puzzle"`
	rulesFields
	// Depth is 1 (the technique), 2 (where to look) or 3 (the step).
	Depth int `json:"depth"`
	// Level is the older name of Depth, still read (a level elsewhere is
	// a difficulty: easy, hard, ...).
	Level int `json:"level"`
	// All lists every step available.
	All bool `json:"all"`
}

func (s *Server) hint(ctx context.Context, req *hintRequest) (any, error) {
	depth, field := req.Depth, "depth"
	switch {
	case req.Level != 0 && depth != 0 && req.Level != depth:
		return nil, sudoku.Invalidf("give field \"depth\" (or its older name \"level\"), not both")
	case depth == 0 && req.Level != 0:
		depth, field = req.Level, "level"
	}
	switch {
	case depth == 0:
		depth = hint.Technique
	case depth < hint.Technique || depth > hint.Step:
		return nil, sudoku.Invalidf("field %q must be 1, 2 or 3, not %d", field, depth)
	}
	p, err := req.puzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	r := export.Record{Puzzle: p}
	if p.Board != nil {
		if req.All {
			return nil, sudoku.Invalidf("field \"all\" is for 9x9 puzzles: a %s puzzle gets its one next hint", p.Shape())
		}
		r.Hints, r.HintErr = hint.FindBoard(ctx, s.grader, *p.Board)
	} else {
		r.Hints, r.HintErr = hint.Find(ctx, s.grader, p.State(), hint.Options{All: req.All, Workers: s.slots.Share()})
	}
	if r.Status() == "cancelled" {
		return nil, cancelled(ctx)
	}
	if err := noKillerHint(p, r.HintErr); err != nil {
		return nil, err
	}
	if err := boardKillerRefused(p, "hints", r.HintErr); r.Status() == "invalid" && err != nil {
		return nil, err
	}
	r.Elapsed = time.Since(start)
	return row(export.Hint, export.Options{Depth: depth, AllHints: req.All}, r)
}

type generateRequest struct {
	Level    string   `json:"level"`
	Rating   string   `json:"rating"`
	Clues    string   `json:"clues"`
	Require  []string `json:"require"`
	Symmetry string   `json:"symmetry"`
	Minimal  bool     `json:"minimal"`
	Count    int      `json:"count"`
	Seed     *uint64  `json:"seed"`
	// Solution adds each puzzle's solution.
	Solution bool `json:"solution"`
	// Diverse, on unless false, makes the several puzzles of the vicinity
	// search differ (generate.MaxSharedFor), as sudokit generate's
	// --diverse does.
	Diverse *bool `json:"diverse"`
	rulesFields
}

// diverse is the request's "diverse": on unless given false.
func (req *generateRequest) diverse() bool { return req.Diverse == nil || *req.Diverse }

// diverseRefused is the error for "diverse" in a request that the
// vicinity search does not answer.
func diverseRefused() error {
	return sudoku.Invalidf("field \"diverse\" goes only with a rating above %s: it makes the several puzzles of the search near the hardest known ones differ (puzzles made at random are unrelated already)",
		generate.SpreadTop)
}

// generateAnswer is generate's answer: the puzzles made, and why fewer
// than asked when so.
type generateAnswer struct {
	Seed    uint64            `json:"seed"` // the request's, or the one drawn: it makes the same puzzles again
	Puzzles []json.RawMessage `json:"puzzles"`
	Error   string            `json:"error,omitempty"`
}

func (s *Server) generate(ctx context.Context, req *generateRequest) (any, error) {
	count := req.Count
	switch {
	case count == 0:
		count = 1
	case count < 1 || count > MaxGenerateCount:
		return nil, sudoku.Invalidf("field \"count\" must be 1 to %d, not %d", MaxGenerateCount, count)
	}
	// A drawn seed fits in 53 bits, so that a page's JavaScript reads the
	// answer's seed exactly and can send it back.
	seed := uint64(time.Now().UnixNano()) & (1<<53 - 1)
	if req.Seed != nil {
		seed = *req.Seed
	}
	if req.Diverse != nil && (req.sized() || req.killer()) {
		return nil, diverseRefused()
	}
	if ans, done, err := s.generateOther(ctx, req, count, seed); done {
		return ans, err
	}
	rules, random, err := generateRules(req)
	if err != nil {
		return nil, err
	}
	target, err := generate.NewTarget(s.cfg, generate.TargetSpec{Level: req.Level, Rating: req.Rating, Clues: req.Clues, Require: req.Require})
	if err != nil {
		return nil, err
	}
	method := generate.MethodFor(target)
	symName := req.Symmetry
	switch {
	case method == generate.MethodVicinity && symName != "" && symName != "none":
		return nil, sudoku.Invalidf("field \"symmetry\" does not go with a rating above %s: such puzzles come from a search near the hardest known ones, minimal and without symmetry",
			generate.SpreadTop)
	case method != generate.MethodVicinity && req.Diverse != nil:
		return nil, diverseRefused()
	case symName == "":
		symName = "rot180"
	}
	sym, err := generate.ParseSymmetry(symName)
	if err != nil {
		return nil, fmt.Errorf("field \"symmetry\": %w", err)
	}
	opt := generate.Options{Seed: seed, Symmetry: sym, Minimal: req.Minimal, Target: target}
	if err := generateUnder(&opt, rules, random, method, req.Symmetry != ""); err != nil {
		return nil, err
	}
	gen, err := generate.New(s.cfg, opt)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.GenerateTimeout)
	defer cancel()
	ans := generateAnswer{Seed: seed, Puzzles: []json.RawMessage{}}
	rowOpt := export.Options{WithSolution: req.Solution}
	emit := func(p generate.Puzzle) error {
		j, err := row(export.Generate, rowOpt, export.Record{Puzzle: sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules}, Grade: &p.Result, Generated: &p})
		ans.Puzzles = append(ans.Puzzles, j)
		return err
	}
	// The job holds one worker slot; its searches also run on the slots
	// no other job holds, as a grading's chain searches do.
	workers := s.slots.Share()
	var runErr error
	if method == generate.MethodVicinity {
		from, ratings := generate.HardestSeedsFor(s.cfg)
		_, runErr = gen.Vicinity(ctx, count, generate.VicinityOptions{Workers: workers, From: from, FromRatings: ratings, Key: canon.Key,
			MaxShared: generate.MaxSharedFor(count, req.diverse())}, emit)
	} else {
		_, runErr = gen.Run(ctx, generate.RunOptions{Count: count, Workers: workers}, emit)
	}
	if runErr == nil {
		return ans, nil
	}
	if err := cancelled(ctx); err != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, err
	}
	why := runErr.Error()
	if errors.Is(runErr, context.DeadlineExceeded) {
		why = fmt.Sprintf("the time allowed (%s) ran out; the target may be too rare: widen it, or ask for fewer puzzles", seconds(s.opt.GenerateTimeout))
	}
	if len(ans.Puzzles) == 0 {
		return nil, &apiError{http.StatusUnprocessableEntity, "no puzzle made: " + why}
	}
	ans.Error = fmt.Sprintf("made %d of %d: %s", len(ans.Puzzles), count, why)
	return ans, nil
}

// seconds writes a duration without the zero units time.Duration writes
// ("1m0s"): "1m", "90s", "1.5s".
func seconds(d time.Duration) string {
	switch {
	case d >= time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	case d >= time.Second && d%time.Second == 0:
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

type printRequest struct {
	Puzzles []string `json:"puzzles"`
	rulesFields
	Format  string `json:"format"`
	Title   string `json:"title"`
	Paper   string `json:"paper"`
	PerPage int    `json:"per_page"`
}

var bookMIME = map[string]string{"pdf": "application/pdf", "svg": "image/svg+xml", "html": "text/html; charset=utf-8"}

func (s *Server) print(ctx context.Context, req *printRequest) (any, error) {
	switch n := len(req.Puzzles); {
	case n == 0:
		return nil, sudoku.Invalidf("field \"puzzles\" is missing or empty: give a list of puzzles")
	case n > MaxPrintPuzzles:
		return nil, sudoku.Invalidf("field \"puzzles\" holds %d puzzles: at most %d per request", n, MaxPrintPuzzles)
	}
	format := req.Format
	if format == "" {
		format = "pdf"
	}
	if err := book.CheckFormat(format); err != nil {
		return nil, fmt.Errorf("field \"format\": %w", err)
	}
	opt := book.Options{Title: req.Title, Paper: strings.ToLower(req.Paper), PerPage: req.PerPage}
	opt.Levels, opt.LevelNotes = bookgrade.Levels(s.cfg)
	if format == "png" {
		for _, f := range []struct {
			name string
			set  bool
		}{{"title", req.Title != ""}, {"paper", req.Paper != ""}, {"per_page", req.PerPage != 0}} {
			if f.set {
				return nil, sudoku.Invalidf("field %q does not go with format png: each image holds one puzzle or solution, without a page or title", f.name)
			}
		}
	} else if err := pageOptions(&opt, len(req.Puzzles)); err != nil {
		return nil, err
	}
	rules, err := req.rules()
	if err != nil {
		return nil, err
	}
	shape, alphabet, err := req.shape()
	if err != nil {
		return nil, err
	}
	board, err := req.boardRules()
	if err != nil {
		return nil, err
	}
	entries := make([]book.Entry, len(req.Puzzles))
	var notes []string
	for i, text := range req.Puzzles {
		p, err := onePuzzle(text, rules, board, shape, alphabet)
		if err == nil {
			err = req.boardVariants(&p)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", i+1, err)
		}
		var e book.Entry
		var note string
		if p.Board != nil {
			e, err = bookgrade.BoardEntry(ctx, s.grader, *p.Board)
		} else {
			e, note, err = bookgrade.Grade(ctx, s.grader, p, bookgrade.Options{Workers: s.slots.Share()})
		}
		if err := cancelled(ctx); err != nil {
			return nil, err
		}
		if err != nil {
			// A puzzle that cannot go into a book (no or several
			// solutions) is the request's mistake.
			return nil, sudoku.Invalidf("puzzle %d: %w", i+1, err)
		}
		if note != "" {
			notes = append(notes, fmt.Sprintf("puzzle %d: %s", i+1, note))
		}
		e.Number = i + 1
		entries[i] = e
	}
	var b bytes.Buffer
	switch {
	case format == "png" && len(entries) == 1:
		// One puzzle, one image: its solution would need a second file.
		images, err := book.Images(format, entries, book.ImageOptions{})
		if err != nil {
			return nil, err
		}
		if err := images[0].Write(&b); err != nil {
			return nil, err
		}
		return file{name: "sudoku.png", mime: "image/png", data: b.Bytes(), note: strings.Join(notes, "; ")}, nil
	case format == "png":
		if err := book.WriteImageZip(&b, format, entries, book.ImageOptions{}); err != nil {
			return nil, err
		}
		return file{name: "sudoku-png.zip", mime: "application/zip", data: b.Bytes(), note: strings.Join(notes, "; ")}, nil
	}
	if err := book.Write(&b, format, entries, opt); err != nil {
		return nil, fontWords(err)
	}
	return file{name: "sudoku." + format, mime: bookMIME[format], data: b.Bytes(), note: strings.Join(notes, "; ")}, nil
}

// pageOptions completes and checks the page layout of a book of n puzzles:
// A4, up to four puzzles a page.
func pageOptions(opt *book.Options, n int) error {
	if opt.Paper == "" {
		opt.Paper = "a4"
	}
	if opt.PerPage == 0 {
		opt.PerPage = min(4, n)
		if opt.PerPage == 3 {
			opt.PerPage = 4
		}
	}
	if err := opt.Check(); err != nil {
		return fontWords(err)
	}
	return nil
}

// fontWords says in the API's words that the book's text holds characters
// the server's font lacks: a client cannot choose another.
func fontWords(err error) error {
	var missing *book.MissingGlyphsError
	if !errors.As(err, &missing) {
		return err
	}
	var names []string
	for _, r := range missing.Missing {
		names = append(names, fmt.Sprintf("%c (U+%04X)", r, r))
	}
	return sudoku.Invalidf("%s: the server's font has no glyph for %s; the API writes text in its built-in font only, which has Latin, Greek and Cyrillic letters",
		missing.Where, strings.Join(names, ", "))
}

// techniques lists the technique registry as `sudokit techniques -f json`
// does, as one JSON list.
func (s *Server) techniques() (any, error) {
	list := techniques.All()
	on := map[string]bool{}
	for _, t := range list {
		on[t.Key] = s.cfg.TechniqueOn(t.Key, t.SE)
	}
	var b bytes.Buffer
	if err := export.WriteTechniques(&b, "json", list, on); err != nil {
		return nil, err
	}
	out := []json.RawMessage{}
	for _, line := range bytes.Split(bytes.TrimSpace(b.Bytes()), []byte("\n")) {
		out = append(out, line)
	}
	return out, nil
}

// levelJSON is a level of the configuration: its band of ratings, without
// "max" when it is open above.
type levelJSON struct {
	Name string         `json:"name"`
	Min  sudoku.Rating  `json:"min"`
	Max  *sudoku.Rating `json:"max,omitempty"`
}

// levels lists the configured levels, easiest first.
func (s *Server) levels() (any, error) {
	return levelsOf(s.cfg), nil
}

// killerLevels lists the configured levels of killers (config.yaml's
// killer.levels), easiest first: those generate makes killers by.
func (s *Server) killerLevels() (any, error) {
	return levelsOf(s.cfg.ForKiller()), nil
}

// levelsOf lists cfg's levels, easiest first.
func levelsOf(cfg *config.Config) []levelJSON {
	var out []levelJSON
	for _, name := range cfg.LevelNames() {
		rr, _ := cfg.LevelRange(name)
		l := levelJSON{Name: name, Min: rr.Min}
		if rr.Max != 0 {
			l.Max = &rr.Max
		}
		out = append(out, l)
	}
	return out
}
