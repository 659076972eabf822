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
	mux.Handle("/api/v1/techniques", get(s.techniques))
	mux.Handle("/api/v1/levels", get(s.levels))
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
// format the command line reads.
func onePuzzle(text string) (sudoku.Puzzle, error) {
	if strings.TrimSpace(text) == "" {
		return sudoku.Puzzle{}, badRequest("field \"puzzle\" is missing or empty: give a puzzle in any format sudokit reads")
	}
	r := sudoku.NewReader(strings.NewReader(text), source)
	p, err := r.Next()
	switch {
	case errors.Is(err, io.EOF):
		return p, badRequest("no puzzle in field \"puzzle\"")
	case err != nil:
		return p, badRequest("%v", err)
	}
	if q, err := r.Next(); !errors.Is(err, io.EOF) {
		return p, badRequest("field \"puzzle\" holds more than one puzzle (another at line %d): send one per request", max(q.Line, p.Line+1))
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
	// MaxSolutions counts solutions up to it (2: proves uniqueness).
	MaxSolutions int `json:"max_solutions"`
}

func (s *Server) solve(ctx context.Context, req *solveRequest) (any, error) {
	p, err := onePuzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	limit := req.MaxSolutions
	switch {
	case limit == 0:
		limit = 2
	case limit < 1 || limit > 1000:
		return nil, badRequest("field \"max_solutions\" must be 1 to 1000, not %d", limit)
	}
	// An adversarial candidate state can keep a search going for seconds:
	// it gets the budget of a grading.
	budget, cancel := context.WithTimeout(ctx, s.cfg.Budget)
	defer cancel()
	rep, err := solve.CheckContext(budget, p.State(), limit)
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
	// Path adds the solving path; Candidates, the candidates before each
	// step.
	Path       bool `json:"path"`
	Candidates bool `json:"candidates"`
}

func (s *Server) grade(ctx context.Context, req *gradeRequest) (any, error) {
	p, err := onePuzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res := s.grader.Grade(ctx, p.State(), grade.Options{Path: req.Path || req.Candidates, Candidates: req.Candidates,
		Workers: s.searchWorkers()})
	if res.Status == grade.Cancelled {
		return nil, cancelled(ctx)
	}
	opt := export.Options{Explain: req.Path || req.Candidates, Candidates: req.Candidates}
	return row(export.Grade, opt, export.Record{Puzzle: p, Grade: &res, Elapsed: time.Since(start)})
}

type hintRequest struct {
	Puzzle string `json:"puzzle"`
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
		return nil, badRequest("give field \"depth\" (or its older name \"level\"), not both")
	case depth == 0 && req.Level != 0:
		depth, field = req.Level, "level"
	}
	switch {
	case depth == 0:
		depth = hint.Technique
	case depth < hint.Technique || depth > hint.Step:
		return nil, badRequest("field %q must be 1, 2 or 3, not %d", field, depth)
	}
	p, err := onePuzzle(req.Puzzle)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	r := export.Record{Puzzle: p}
	if req.All {
		r.Hints, r.HintErr = hint.All(ctx, s.grader, p.State())
	} else {
		h, err := hint.Next(ctx, s.grader, p.State(), s.searchWorkers())
		if err == nil {
			r.Hints = []hint.Hint{h}
		}
		r.HintErr = err
	}
	if r.Status() == "cancelled" {
		return nil, cancelled(ctx)
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
}

// generateAnswer is generate's answer: the puzzles made, and why fewer
// than asked when so.
type generateAnswer struct {
	Puzzles []json.RawMessage `json:"puzzles"`
	Error   string            `json:"error,omitempty"`
}

func (s *Server) generate(ctx context.Context, req *generateRequest) (any, error) {
	count := req.Count
	switch {
	case count == 0:
		count = 1
	case count < 1 || count > MaxGenerateCount:
		return nil, badRequest("field \"count\" must be 1 to %d, not %d", MaxGenerateCount, count)
	}
	symName := req.Symmetry
	if symName == "" {
		symName = "rot180"
	}
	sym, err := generate.ParseSymmetry(symName)
	if err != nil {
		return nil, badRequest("field \"symmetry\": %v", err)
	}
	target, err := generate.NewTarget(s.cfg, generate.TargetSpec{Level: req.Level, Rating: req.Rating, Clues: req.Clues, Require: req.Require})
	if err != nil {
		return nil, badRequest("%v", err)
	}
	seed := uint64(time.Now().UnixNano())
	if req.Seed != nil {
		seed = *req.Seed
	}
	gen, err := generate.New(s.cfg, generate.Options{Seed: seed, Symmetry: sym, Minimal: req.Minimal, Target: target})
	if err != nil {
		return nil, badRequest("%v", err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.GenerateTimeout)
	defer cancel()
	ans := generateAnswer{Puzzles: []json.RawMessage{}}
	opt := export.Options{WithSolution: req.Solution}
	_, runErr := gen.Run(ctx, generate.RunOptions{Count: count, Workers: 1}, func(p generate.Puzzle) error {
		j, err := row(export.Generate, opt, export.Record{Puzzle: sudoku.Puzzle{Grid: p.Grid}, Grade: &p.Result, Generated: &p})
		ans.Puzzles = append(ans.Puzzles, j)
		return err
	})
	if runErr != nil {
		if len(ans.Puzzles) == 0 {
			if err := cancelled(ctx); err != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return nil, err
			}
			return nil, &apiError{http.StatusUnprocessableEntity, fmt.Sprintf("no puzzle made: %v", runErr)}
		}
		ans.Error = fmt.Sprintf("made %d of %d: %v", len(ans.Puzzles), count, runErr)
	}
	return ans, nil
}

type printRequest struct {
	Puzzles []string `json:"puzzles"`
	Format  string   `json:"format"`
	Title   string   `json:"title"`
	Paper   string   `json:"paper"`
	PerPage int      `json:"per_page"`
}

var bookMIME = map[string]string{"pdf": "application/pdf", "svg": "image/svg+xml", "html": "text/html; charset=utf-8"}

func (s *Server) print(ctx context.Context, req *printRequest) (any, error) {
	switch n := len(req.Puzzles); {
	case n == 0:
		return nil, badRequest("field \"puzzles\" is missing or empty: give a list of puzzles")
	case n > MaxPrintPuzzles:
		return nil, badRequest("field \"puzzles\" holds %d puzzles: at most %d per request", n, MaxPrintPuzzles)
	}
	format := req.Format
	if format == "" {
		format = "pdf"
	}
	if err := export.CheckBookFormat(format); err != nil {
		return nil, badRequest("field \"format\": %v", err)
	}
	opt := export.BookOptions{Title: req.Title, Paper: strings.ToLower(req.Paper), PerPage: req.PerPage}
	if opt.Paper == "" {
		opt.Paper = "a4"
	}
	if opt.PerPage == 0 {
		opt.PerPage = min(4, len(req.Puzzles))
		if opt.PerPage == 3 {
			opt.PerPage = 4
		}
	}
	if err := opt.Check(); err != nil {
		return nil, badRequest("%v", err)
	}
	book := make([]export.BookPuzzle, len(req.Puzzles))
	for i, text := range req.Puzzles {
		p, err := onePuzzle(text)
		if err != nil {
			return nil, badRequest("puzzle %d: %v", i+1, err)
		}
		res := s.grader.Grade(ctx, p.State(), grade.Options{})
		if err := cancelled(ctx); err != nil {
			return nil, err
		}
		if !res.Status.Graded() && res.Status != grade.Budget {
			return nil, badRequest("puzzle %d: %v", i+1, res.Failed())
		}
		sol := res.Solution
		if res.Status == grade.Budget {
			sol = solve.Check(p.State(), 2).Solution
		}
		book[i] = export.BookPuzzle{Number: i + 1, Grid: p.Grid, Solution: sol, Level: res.Level, Rating: res.SE().ER}
	}
	var b bytes.Buffer
	if err := export.WriteBook(format, &b, book, opt); err != nil {
		return nil, err
	}
	return file{name: "sudoku." + format, mime: bookMIME[format], data: b.Bytes()}, nil
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

// levelJSON is a level of the configuration.
type levelJSON struct {
	Name string        `json:"name"`
	Min  sudoku.Rating `json:"min"`
	Max  sudoku.Rating `json:"max"`
}

// levels lists the configured levels, easiest first (max 0: no bound).
func (s *Server) levels() (any, error) {
	var out []levelJSON
	for _, name := range s.cfg.LevelNames() {
		rr, _ := s.cfg.LevelRange(name)
		out = append(out, levelJSON{name, rr.Min, rr.Max})
	}
	return out, nil
}
