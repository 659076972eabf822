package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"sync/atomic"
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

// lateContext is a context whose Err says cancelled once cancel is called
// but whose Done never closes: the batch under it never sees the
// interruption, so every record it finishes reaches the writer, as one
// does in a real run when the batch hands out a finished chunk before it
// notices the interruption.
type lateContext struct {
	context.Context
	cancelled atomic.Bool
}

func (c *lateContext) Done() <-chan struct{} { return nil }

func (c *lateContext) Err() error {
	if c.cancelled.Load() {
		return context.Canceled
	}
	return nil
}

// TestRowsCutShortReachesWriter checks the rows' own guard: a record cut
// short by the interruption that reaches the writer (the batch handed it
// out before noticing) gets no row, and ends the rows, whose error is the
// interruption. TestRowsCutShort leaves this to a race between the
// batch's goroutines; here it happens every time.
func TestRowsCutShortReachesWriter(t *testing.T) {
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
			ctx := &lateContext{Context: context.Background()}
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
					ctx.cancelled.Store(true)
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
