package export

import (
	"encoding/csv"
	"encoding/json"
	"strconv"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// Canonical is what canon found for a puzzle: its minlex form, the form's
// rules (the puzzle's, but for a jigsaw, whose layout turns along with
// the grid), and a transformation that takes the puzzle there.
type Canonical struct {
	Form sudoku.Grid
	// Board is the form of a puzzle of another size than 9x9
	// (canon.MinlexBoard), which has no Transform; Form is then unused.
	Board     *sudoku.Board
	Rules     sudoku.Rules
	Transform canon.Transform
}

// key is the form with its rules, as a line carries them: 81 characters,
// then for a variant "variant=x" (and a jigsaw's "regions=...").
func (c *Canonical) key() string {
	if c.Board != nil {
		return c.Board.String()
	}
	if rules := c.Rules.Label(); rules != "" {
		return canon.Format(c.Form) + " " + rules
	}
	return canon.Format(c.Form)
}

// canonWriter writes canon's rows:
//
//	line: <form, 81 characters, blanks as 0> [rules] [transform]; a
//	      puzzle of another size: its form, N×N characters, blanks as .
//	json: the row's head, "canon", "canon_regions" (a jigsaw's) and "transform"
//	csv:  source, line, label, puzzle, status, canon, transform, error
//
// The line holds nothing else, so that `sort -u` on it drops isomorphs; a
// variant's form names its rules after it, as a puzzle's label does
// ("variant=x", "variant=jigsaw regions=..."), and so does the csv's
// canon column. An input that cannot be read gives the line "invalid".
type canonWriter struct {
	out  *output
	name string
	opt  Options
	csv  *csv.Writer
	enc  *json.Encoder
	head bool // the csv header is written
}

func newCanonWriter(out *output, name string, _ Job, opt Options) Writer {
	w := &canonWriter{out: out, name: name, opt: opt}
	switch name {
	case "json":
		w.enc = json.NewEncoder(out)
	case "csv":
		w.csv = csv.NewWriter(out)
	}
	return w
}

type canonJSON struct {
	rowJSON
	Canon        string `json:"canon,omitempty"`
	CanonRegions string `json:"canon_regions,omitempty"`
	Transform    string `json:"transform,omitempty"`
	Error        string `json:"error,omitempty"`
}

func (w *canonWriter) Write(r Record) error {
	form, key, spec, regions := "", "", "", ""
	if r.Canon != nil {
		form, key, regions = canon.Format(r.Canon.Form), r.Canon.key(), r.Canon.Rules.Regions()
		if r.Canon.Board != nil {
			form = key
		} else if w.opt.WithTransform || w.name != "line" {
			spec = r.Canon.Transform.String()
		}
	}
	errText := ""
	if err := r.Failed(); err != nil {
		errText = err.Error()
	}
	switch w.name {
	case "json":
		return w.enc.Encode(canonJSON{rowJSON: rowHead(r), Canon: form, CanonRegions: regions, Transform: spec, Error: errText})
	case "csv":
		if !w.head {
			w.csv.Write([]string{"source", "line", "label", "puzzle", "status", "canon", "transform", "error"})
			w.head = true
		}
		head := rowHead(r)
		w.csv.Write([]string{head.Source, strconv.Itoa(head.Line), r.Puzzle.LabelWithRules(), head.Puzzle, head.Status, key, spec, errText})
		w.csv.Flush()
		return w.csv.Error()
	}
	line := key
	if r.Canon == nil {
		line = r.Status()
	} else if spec != "" {
		line += " " + spec
	}
	_, err := w.out.WriteString(line + "\n")
	return err
}

func (w *canonWriter) Flush() error { return w.out.Flush() }
func (w *canonWriter) Close() error { return w.out.Flush() }
