package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/sudoku"
)

// guard wraps the routes with what every request goes through: the Host
// check, the security headers, the version header, and recovery from a
// panic (answered 500, logged: never a crash of the server).
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "+
			"script-src 'self'; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		if s.opt.Version != "" {
			h.Set("Sudokit-Version", s.opt.Version)
		}
		if !s.hostAllowed(r.Host) {
			s.logf("refused Host %q from %s", r.Host, r.RemoteAddr)
			writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not this server's: open it as http://localhost:%s/", r.Host, s.portOr("PORT")))
			return
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.logf("panic serving %s %s: %v", r.Method, r.URL.Path, v)
				writeError(w, http.StatusInternalServerError, "internal error (logged)")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (s *Server) portOr(def string) string {
	if s.port != "" {
		return s.port
	}
	return def
}

// hostAllowed says whether a Host header names this server: localhost or
// an IP literal (which DNS rebinding cannot forge), or a name allowed by
// Options.AllowHosts; with the server's port when it is known.
func (s *Server) hostAllowed(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, ""
	}
	if s.port != "" && port != s.port {
		return false
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	switch {
	case host == "localhost":
		return true
	case net.ParseIP(strings.Trim(host, "[]")) != nil:
		return true
	}
	return slices.ContainsFunc(s.opt.AllowHosts, func(a string) bool { return strings.EqualFold(a, host) })
}

// apiError is an error answered with a status code and a JSON body.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

// writeError answers {"error": msg}.
func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// writeJSON answers a JSON document, already encoded or not.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if raw, ok := v.(json.RawMessage); ok {
		_, _ = w.Write(raw)
		return
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// api adapts a JSON endpoint: POST only, a JSON body of at most MaxBody
// bytes decoded into a fresh *Req with unknown fields refused; run answers
// a value to encode or an error, which fail maps to its status. job says
// whether the request takes a worker slot.
func api[Req any](s *Server, job bool, run func(ctx context.Context, req *Req) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		req := new(Req)
		if err := decode(w, r, req); err != nil {
			s.fail(w, r, err)
			return
		}
		if job {
			release, err := s.acquire(r.Context())
			if err != nil {
				s.fail(w, r, err)
				return
			}
			defer release()
		}
		v, err := run(r.Context(), req)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if f, ok := v.(file); ok {
			w.Header().Set("Content-Type", f.mime)
			w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", f.name))
			w.Header().Set("Cache-Control", "no-store")
			if f.note != "" {
				w.Header().Set("Sudokit-Note", f.note)
			}
			_, _ = w.Write(f.data)
			return
		}
		writeJSON(w, v)
	}
}

// file is an endpoint's answer that is a file, not JSON; its note, when
// not empty, goes in the Sudokit-Note header (what the file lacks and why,
// such as a puzzle printed without a rating).
type file struct {
	name, mime string
	data       []byte
	note       string
}

// fail answers an error: an *apiError with its status; an error of kind
// sudoku.ErrInvalid, the request's mistake, with 400 (this is the one
// place that maps the kind); any other with 500, logged.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
	case errors.Is(err, sudoku.ErrInvalid):
		ae = &apiError{http.StatusBadRequest, err.Error() + advice(err)}
	default:
		s.logf("%s %s: %v", r.Method, r.URL.Path, err)
		ae = &apiError{http.StatusInternalServerError, "internal error (logged)"}
	}
	if ae.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	if ae.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", http.MethodPost)
	}
	writeError(w, ae.status, ae.msg)
}

// advice is what the API adds to a library error, whose words name no
// endpoint: where to look.
func advice(err error) string {
	if errors.Is(err, config.ErrUnknownTechnique) {
		return "; GET /api/v1/techniques lists every key"
	}
	return ""
}

// decode reads a request's JSON body into v.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if r.Method != http.MethodPost {
		return &apiError{http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST with a JSON body, not %s", r.URL.Path, r.Method)}
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return &apiError{http.StatusUnsupportedMediaType, "the body must be JSON, sent with Content-Type: application/json"}
	}
	body := http.MaxBytesReader(w, r.Body, MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return jsonError(err)
		}
		return sudoku.Invalidf("the body holds more than one JSON value")
	}
	return nil
}

// jsonError turns a decoding error into a 400 (413 for a body too large)
// that names the problem.
func jsonError(err error) error {
	var (
		tooBig *http.MaxBytesError
		syn    *json.SyntaxError
		typ    *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &tooBig):
		return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", MaxBody)}
	case errors.Is(err, io.EOF):
		return sudoku.Invalidf("the body is empty: send a JSON object such as {\"puzzle\": \"...\"}")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return sudoku.Invalidf("the JSON body ends too early")
	case errors.As(err, &syn):
		return sudoku.Invalidf("broken JSON at byte %d: %v", syn.Offset, err)
	case errors.As(err, &typ):
		if typ.Field == "" {
			return sudoku.Invalidf("the body must be a JSON object, not %s", typ.Value)
		}
		// A field of an embedded struct (the rules' fields) is named by its
		// path: the request names it alone.
		field := typ.Field[strings.LastIndex(typ.Field, ".")+1:]
		return sudoku.Invalidf("field %q must be %s, not %s", field, kind(typ.Type.Kind().String()), typ.Value)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return sudoku.Invalidf("unknown field %s", name)
	}
	return sudoku.Invalidf("bad JSON body: %v", err)
}

// kind names a Go kind as JSON does.
func kind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "bool":
		return "true or false"
	case k == "slice":
		return "a list"
	case k == "struct", k == "map":
		return "an object"
	}
	return "a " + k
}

// acquire takes a worker slot for a job, waiting while the queue has room;
// beyond it, or when the request goes away, it fails (503).
func (s *Server) acquire(ctx context.Context) (release func(), err error) {
	busy := &apiError{http.StatusServiceUnavailable, "the server is busy: retry in a second"}
	select {
	case s.queue <- struct{}{}:
	default:
		return nil, busy
	}
	wait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s.slots.Acquire(wait); err != nil {
		<-s.queue
		return nil, busy
	}
	return func() { s.slots.Release(); <-s.queue }, nil
}
