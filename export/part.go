package export

import (
	"bytes"
	"errors"
	"io"
	"slices"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/sudoku"
)

// Part makes a Writer write one part of a longer output, so that parts
// written by different processes (the shards of a batch engine's array
// job) combine into exactly the bytes of one run.
//
// A part whose first row is not the whole output's first row continues a
// stream: it writes no header (csv's), and writes the separator that the
// whole output has before that row (the blank line between grids). Such a
// part is concatenated after the one before it when Indexed is false.
//
// Indexed parts interleave: every line starts with the index of its row
// in the whole output and a tab, "17\t...", the rows of a part being
// First, First+Step, First+2*Step, ... (batch.AppendIndexed); batch.Merge
// restores the whole output. A header's lines carry the index of the
// first row.
type Part struct {
	First   int  // index of the part's first row in the whole output
	Step    int  // distance between the indices of its rows (0 means 1)
	Indexed bool // prefix every line with its row's index and a tab
}

// formatsWithEnd are the formats whose output ends with lines of its own
// (a table's bottom line, the XML document's closing tag): parts of them
// do not combine.
var formatsWithEnd = []string{"table", "opensudoku"}

// partWriter renders each row with the format's own writer into a buffer,
// then passes the bytes on, prefixed when indexed.
type partWriter struct {
	inner   Writer
	buf     *bytes.Buffer
	out     *output
	part    Part
	rows    int  // rows written
	primed  bool // the inner writer has been made to continue a stream
	scratch []byte
}

// newPartWriter wraps the format's writer builder for a part.
func newPartWriter(name string, build func(*output) Writer, w io.Writer, part Part) (Writer, error) {
	if slices.Contains(formatsWithEnd, name) {
		return nil, sudoku.Invalidf("format %s ends with lines of its own, so its parts do not combine; write csv, json or line and convert after merging", name)
	}
	if part.First < 0 || part.Step < 0 {
		return nil, sudoku.Invalidf("part starting at row %d every %d rows: want numbers >= 0", part.First, part.Step)
	}
	if part.Step == 0 {
		part.Step = 1
	}
	buf := new(bytes.Buffer)
	return &partWriter{inner: build(newOutput(buf)), buf: buf, out: newOutput(w), part: part, primed: part.First == 0}, nil
}

func (w *partWriter) Write(r Record) error {
	if !w.primed {
		// The whole output has rows before this one: let the format's
		// writer write a row (its header and first row) and forget it,
		// so that it writes this row as it would in the middle.
		if err := firstError(w.inner.Write(r), w.inner.Flush()); err != nil {
			return err
		}
		w.buf.Reset()
		w.primed = true
	}
	if err := firstError(w.inner.Write(r), w.inner.Flush()); err != nil {
		return err
	}
	index := w.part.First + w.rows*w.part.Step
	w.rows++
	return w.pass(index)
}

// pass writes the buffered bytes of the row with the given index.
func (w *partWriter) pass(index int) error {
	defer w.buf.Reset()
	if !w.part.Indexed {
		_, err := w.out.Write(w.buf.Bytes())
		return err
	}
	w.scratch = batch.AppendIndexed(w.scratch[:0], index, w.buf.Bytes())
	_, err := w.out.Write(w.scratch)
	return err
}

func (w *partWriter) Flush() error { return w.out.Flush() }

func (w *partWriter) Close() error {
	if err := w.inner.Close(); err != nil {
		return err
	}
	if w.buf.Len() > 0 {
		return errors.New("the format wrote closing lines, which parts cannot carry")
	}
	return w.out.Flush()
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
