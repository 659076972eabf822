package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
)

// TestRowsCutShort checks that a puzzle whose work saw the interruption
// gets no row, whichever command: a grade cut short and a hint cut short
// alike end the rows, which hold the puzzles finished before them.
func TestRowsCutShort(t *testing.T) {
	const easy = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tt := range []struct {
		job export.Job
		cut func(export.Record) export.Record
	}{
		{export.Grade, func(r export.Record) export.Record { r.Grade = &grade.Result{Status: grade.Cancelled}; return r }},
		{export.Hint, func(r export.Record) export.Record {
			r.HintErr = &hint.NoHint{Status: "cancelled", Err: context.Canceled}
			return r
		}},
	} {
		t.Run(tt.job.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			app := &ucli.App{Reader: strings.NewReader(easy + "\n" + easy + "\n" + easy + "\n"), Writer: io.Discard, ErrWriter: io.Discard}
			c := ucli.NewContext(app, flag.NewFlagSet("test", flag.ContinueOnError), nil)
			c.Context = ctx
			var out bytes.Buffer
			w, err := export.NewWriter("json", tt.job, &out, export.Options{Depth: 1})
			if err != nil {
				t.Fatal(err)
			}
			s := &session{c: c, quiet: true}
			err = s.rows(c, batch.Options{Workers: 1, Chunk: 1}, w, records(func(it item) export.Record {
				r := export.Record{Puzzle: it.p}
				if it.p.Line == 2 { // the interruption comes during the second puzzle
					cancel()
					return tt.cut(r)
				}
				if tt.job == export.Grade {
					r.Grade = &grade.Result{Status: grade.Rated}
				} else {
					r.Hints = []hint.Hint{{Technique: "naked-single"}}
				}
				return r
			}), nil)
			w.Close()
			if !errors.Is(err, context.Canceled) {
				t.Errorf("error %v, want context.Canceled", err)
			}
			if rows := strings.Count(out.String(), "\n"); rows != 1 || strings.Contains(out.String(), "cancelled") {
				t.Errorf("%d rows, want the first puzzle's alone:\n%s", rows, out.String())
			}
		})
	}
}
