package export

import (
	"fmt"

	"github.com/sudokit/sudokit/hint"
)

// hintTextWriter writes hints in words: the words of the depth asked for,
// one line per puzzle; with AllHints, one line per step (at depth 3 after
// its rating; the same words once at depths 1 and 2), and a blank line
// between puzzles. A puzzle with no hint gets "no hint: " and why.
type hintTextWriter struct {
	out   *output
	opt   Options
	wrote bool
}

func newHintTextWriter(out *output, _ string, _ Job, opt Options) Writer {
	return &hintTextWriter{out: out, opt: opt}
}

func (w *hintTextWriter) Write(r Record) error {
	if w.opt.AllHints && w.wrote {
		fmt.Fprintln(w.out)
	}
	w.wrote = true
	if err := r.Failed(); err != nil || r.HintErr != nil {
		if err == nil {
			err = r.HintErr
		}
		_, werr := fmt.Fprintf(w.out, "no hint: %v\n", err)
		return werr
	}
	seen := map[string]bool{}
	for _, h := range r.Hints {
		text := h.At(w.opt.Depth)
		if w.opt.Depth >= hint.Step && w.opt.AllHints {
			text = h.Rating.String() + "  " + text
		}
		if seen[text] {
			continue
		}
		seen[text] = true
		if _, err := fmt.Fprintln(w.out, text); err != nil {
			return err
		}
	}
	return nil
}

func (w *hintTextWriter) Flush() error { return w.out.Flush() }
func (w *hintTextWriter) Close() error { return w.out.Flush() }

// hintJSON is hint's JSON row: the puzzle's fields as in every command,
// then the hint (or with AllHints, the hints) as far as the depth reveals
// it: the words of that depth as "text".
type hintJSON struct {
	rowJSON
	Depth int        `json:"depth"`
	Hint  *hintStep  `json:"hint,omitempty"`
	Hints []hintStep `json:"hints,omitempty"`
	Error string     `json:"error,omitempty"`
}

// hintStep is one hint in JSON: its words at the level as "text", then
// its fields (hint.Hint's three texts stay out).
type hintStep struct {
	Text string `json:"text"`
	hint.Hint
}

// hintRow builds the JSON row of a hint record.
func hintRow(r Record, opt Options) hintJSON {
	j := hintJSON{rowJSON: rowHead(r), Depth: opt.Depth}
	if r.Err != nil {
		j.Error = r.Err.Error()
		return j
	}
	if r.HintErr != nil {
		j.Error = r.HintErr.Error()
		return j
	}
	for _, h := range r.Hints {
		step := hintStep{Text: h.At(opt.Depth), Hint: h.Upto(opt.Depth)}
		if !opt.AllHints {
			j.Hint = &step
			break
		}
		j.Hints = append(j.Hints, step)
	}
	return j
}
