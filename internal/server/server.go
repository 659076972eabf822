// Package server is `sudokit serve`: a local web assistant (one page,
// embedded, no build step) and the JSON API under /api/v1/ that the page
// and scripts share. Every endpoint calls the same library entry points as
// the command line (solve.For(rules).Check, grade.Grader.Grade, hint.Find,
// generate, book.Write; for other sizes solve.CheckBoardContext,
// Grader.GradeBoard, hint.FindBoard and generate.NewBoards; for killers
// generate.GradedKillers and sudoku.CageOptions) and answers in the command
// line's JSON rows; a request gives its puzzles' rules as the command
// line's --variant, --regions and --size do, and a killer's cages as its
// JSON rows carry them ("cages").
//
// A server on a user's machine is an attack surface, so the handler
// refuses what a browser page of another site could send: a Host that is
// not the server's own (DNS rebinding), a body that is not JSON, a body
// over 1 MiB; it sets no CORS header, caps the work of each request (the
// grading budget, the counts of generate and print) and the number of
// gradings at once (503 with Retry-After beyond), and answers bad input
// with 400 and a JSON error naming the problem.
package server

import (
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
)

// Options configure a server.
type Options struct {
	// Config gives the techniques, levels and the per-puzzle budget.
	Config *config.Config
	// Budget caps the time of one grading or hint (0: Config's budget,
	// capped at MaxBudget).
	Budget time.Duration
	// Workers bounds the gradings, hints, generations and prints running at
	// once (0: the number of cores); Queue how many more may wait for a
	// worker (0: 8 per worker) before the server answers 503. A grading
	// or hint also runs its chain searches, and a generation its
	// candidates, on the workers no other job holds (all of them when it
	// runs alone).
	Workers, Queue int
	// GenerateTimeout bounds one generate request (0: a minute): the
	// puzzles made by then are answered, with why the others are not.
	GenerateTimeout time.Duration
	// Version is sent in the Sudokit-Version header of every response.
	Version string
	// AllowHosts are extra host names the Host header may carry (the
	// server's own address, localhost and IP literals always may).
	AllowHosts []string
	// Bank, when not nil, is the puzzle bank that the page's New puzzle
	// draws from and /api/v1/bank/ reads (serve --bank).
	Bank *bank.Bank
	// Log receives one line per failed request and server event (nil: no
	// log).
	Log *log.Logger
}

// Limits of one request.
const (
	MaxBody          = 1 << 20 // bytes of a request body
	MaxBudget        = 30 * time.Second
	MaxGenerateCount = 20 // puzzles one generate request may ask for
	MaxPrintPuzzles  = 200
	// defaultGenerateTimeout bounds the time of one generate request.
	defaultGenerateTimeout = time.Minute
)

// Server is the assistant's HTTP handler and what it shares between
// requests.
type Server struct {
	opt    Options
	cfg    *config.Config
	grader *grade.Grader
	// slots are held by the running jobs; a job's searches may use the
	// slots no other job holds (all of them for a lone grading or hint, as
	// the assistant asks one puzzle at a time): Slots.Share.
	slots *batch.Slots
	queue chan struct{} // a token per job running or waiting
	mux   *http.ServeMux
	port  string // the port the Host header must name ("" when not known)
}

// New returns a server for opt.
func New(opt Options) (*Server, error) {
	if opt.Config == nil {
		opt.Config = config.Default()
	}
	cfg := *opt.Config
	switch {
	case opt.Budget > 0:
		cfg.Budget = opt.Budget
	case cfg.Budget <= 0 || cfg.Budget > MaxBudget:
		cfg.Budget = MaxBudget
	}
	g, err := grade.New(&cfg)
	if err != nil {
		return nil, err
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
	}
	if opt.GenerateTimeout <= 0 {
		opt.GenerateTimeout = defaultGenerateTimeout
	}
	if opt.Queue <= 0 {
		opt.Queue = 8 * opt.Workers
	}
	s := &Server{opt: opt, cfg: &cfg, grader: g, slots: batch.NewSlots(opt.Workers),
		queue: make(chan struct{}, opt.Workers+opt.Queue)}
	s.routes()
	return s, nil
}

// Handler returns the server's handler, with its guards.
func (s *Server) Handler() http.Handler {
	return s.guard(s.mux)
}

// Serve answers on ln until ctx is done, then shuts down gracefully: it
// stops accepting, lets the requests in flight finish (up to grace), and
// returns nil.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	if _, port, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		s.port = port
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      max(s.opt.GenerateTimeout, s.cfg.Budget) + 15*time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	if s.opt.Log != nil {
		srv.ErrorLog = s.opt.Log
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	s.logf("shutting down: finishing the requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := srv.Shutdown(sctx)
	if e := <-done; e != nil && !errors.Is(e, http.ErrServerClosed) {
		return e
	}
	return err
}

// Loopback reports whether addr's host is a loopback address or
// "localhost".
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Log != nil {
		s.opt.Log.Printf(format, args...)
	}
}
