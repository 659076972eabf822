package export

import (
	"encoding/csv"
	"encoding/json"
	"strconv"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/sudoku"
)

// Canonical is what canon found for a puzzle: its minlex form and a
// transformation that takes the puzzle there.
type Canonical struct {
	Form      sudoku.Grid
	Transform canon.Transform
}

// canonWriter writes canon's rows:
//
//	line: <form, 81 characters, blanks as 0> [transform]
//	json: the row's head, "canon" and "transform"
//	csv:  source, line, label, puzzle, status, canon, transform, error
//
// The line holds nothing else, so that `sort -u` on it drops isomorphs;
// an input that cannot be read gives the line "invalid".
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
	Canon     string `json:"canon,omitempty"`
	Transform string `json:"transform,omitempty"`
	Error     string `json:"error,omitempty"`
}

func (w *canonWriter) Write(r Record) error {
	form, spec := "", ""
	if r.Canon != nil {
		form = canon.Format(r.Canon.Form)
		if w.opt.WithTransform || w.name != "line" {
			spec = r.Canon.Transform.String()
		}
	}
	errText := ""
	if err := r.Failed(); err != nil {
		errText = err.Error()
	}
	switch w.name {
	case "json":
		return w.enc.Encode(canonJSON{rowJSON: rowHead(r), Canon: form, Transform: spec, Error: errText})
	case "csv":
		if !w.head {
			w.csv.Write([]string{"source", "line", "label", "puzzle", "status", "canon", "transform", "error"})
			w.head = true
		}
		head := rowHead(r)
		w.csv.Write([]string{head.Source, strconv.Itoa(head.Line), head.Label, head.Puzzle, head.Status, form, spec, errText})
		w.csv.Flush()
		return w.csv.Error()
	}
	line := form
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
