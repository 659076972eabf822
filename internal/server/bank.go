package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
)

// The bank's endpoints, when the server has one (serve --bank): the page's
// New puzzle draws an unused puzzle of the level asked (draw), and scripts
// read the bank (find, stats, books).

// bankRoutes registers the bank's endpoints.
func (s *Server) bankRoutes(mux *http.ServeMux) {
	mux.Handle("/api/v1/bank/draw", api(s, false, s.bankDraw))
	mux.Handle("/api/v1/bank/find", s.query(s.bankFind))
	mux.Handle("/api/v1/bank/stats", s.query(func(ctx context.Context, _ url.Values) (any, error) { return s.opt.Bank.Stats(ctx) }))
	mux.Handle("/api/v1/bank/books", s.query(func(ctx context.Context, _ url.Values) (any, error) { return s.opt.Bank.Books(ctx) }))
}

// query adapts a GET endpoint that reads its URL's query.
func (s *Server) query(run func(ctx context.Context, q url.Values) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method))
			return
		}
		v, err := run(r.Context(), r.URL.Query())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, v)
	}
}

// drawRequest asks for an unused puzzle of a level (or a band of ER),
// under the rules of rulesFields, for the page session session.
type drawRequest struct {
	Level   string `json:"level"`
	Rating  string `json:"rating"`
	Session string `json:"session"`
	rulesFields
}

// sessionRE is what a page session's id may be.
var sessionRE = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// bankDraw reserves one unused puzzle of the level asked for the page
// session (its book "served SESSION"), so that it is not served again, and
// answers its row.
func (s *Server) bankDraw(ctx context.Context, req *drawRequest) (any, error) {
	if !sessionRE.MatchString(req.Session) {
		return nil, sudoku.Invalidf("field \"session\" must be 1 to 64 letters, digits or dashes (the page's session)")
	}
	f, err := s.bankFilter(req.Level, req.Rating)
	if err != nil {
		return nil, err
	}
	rules, err := req.rules()
	if err != nil {
		return nil, err
	}
	if req.sized() {
		return nil, &apiError{http.StatusUnprocessableEntity, "the bank has no puzzle of another size than 9x9: generate makes them"}
	}
	f.Variant = "classic"
	if !rules.IsClassic() {
		f.Variant = rules.String()
	}
	picked, err := s.opt.Bank.Pick(ctx, bank.ServedPrefix+req.Session, 1, f)
	if errors.Is(err, bank.ErrShort) {
		return nil, &apiError{http.StatusUnprocessableEntity, "the bank has no unused puzzle of that level and rules"}
	}
	if err != nil {
		return nil, err
	}
	return s.bankRow(picked[0])
}

// bankFilter reads a level (of the configuration) or a band of ER.
func (s *Server) bankFilter(level, rating string) (bank.Filter, error) {
	var f bank.Filter
	switch {
	case level != "" && rating != "":
		return f, sudoku.Invalidf("give \"level\" or \"rating\", not both")
	case level != "":
		if !slices.Contains(s.cfg.LevelNames(), level) {
			return f, sudoku.Invalidf("no level %q: the levels are %s", level, strings.Join(s.cfg.LevelNames(), ", "))
		}
		f.Levels = []string{level}
	case rating != "":
		rr, err := sudoku.ParseRatingRange(rating)
		if err != nil {
			return f, err
		}
		f.Rating = rr
	}
	return f, nil
}

// bankRow is a bank puzzle as a JSON row of grade, with its id.
func (s *Server) bankRow(p bank.Puzzle) (json.RawMessage, error) {
	res := p.Result()
	return row(export.Grade, export.Options{}, export.Record{
		Puzzle: sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules, Label: p.Label(), Source: "bank", Line: int(p.ID)}, Grade: &res})
}

// maxFind caps the rows of one find.
const maxFind = 1000

// bankFind answers GET /api/v1/bank/find?level=&rating=&unused=&book=&n=:
// the rows of the puzzles selected, at most n (100 by default, at most
// 1000).
func (s *Server) bankFind(ctx context.Context, q url.Values) (any, error) {
	for k := range q {
		if !slices.Contains([]string{"level", "rating", "unused", "used", "book", "n", "variant"}, k) {
			return nil, sudoku.Invalidf("unknown parameter %q: find takes level, rating, unused, used, book, variant and n", k)
		}
	}
	f, err := s.bankFilter(q.Get("level"), q.Get("rating"))
	if err != nil {
		return nil, err
	}
	f.Book, f.Variant, f.Limit = q.Get("book"), q.Get("variant"), 100
	if n := q.Get("n"); n != "" {
		if f.Limit, err = strconv.Atoi(n); err != nil || f.Limit < 1 || f.Limit > maxFind {
			return nil, sudoku.Invalidf("n must be 1 to %d, not %q", maxFind, n)
		}
	}
	for _, k := range []string{"used", "unused"} {
		if !q.Has(k) {
			continue
		}
		if f.Used != nil {
			return nil, sudoku.Invalidf("give used or unused, not both")
		}
		v := k == "used"
		f.Used = &v
	}
	rows := []json.RawMessage{}
	for p, err := range s.opt.Bank.Find(ctx, f) {
		if err != nil {
			return nil, err
		}
		r, err := s.bankRow(p)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return map[string]any{"puzzles": rows}, nil
}
