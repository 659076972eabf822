package batch

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The shards of a run (processes each making every Nth row, as the tasks
// of a batch engine's array job do) write indexed parts: every line starts
// with the index of its row in the whole output and a tab, "17\t...", and
// the part ends with a closing line (PartEnd). Merge (or, on Unix,
// `sort -m -s -t "$(printf '\t')" -k1,1n PARTS | cut -s -f2-`) restores
// the whole output.

// AppendIndexed appends the lines of one row of an indexed part to dst:
// each line of row (which ends with a newline) prefixed with index and a
// tab.
func AppendIndexed(dst []byte, index int, row []byte) []byte {
	for line := range bytes.Lines(row) {
		dst = strconv.AppendInt(dst, int64(index), 10)
		dst = append(dst, '\t')
		dst = append(dst, line...)
	}
	return dst
}

// firstError returns the first error that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// PartEnd is the closing line of an indexed part, written when its run
// completes: which shard it is and the range of rows of the whole output,
// so that Merge can tell a complete set of parts from one with a part
// lost or cut short. It holds no tab: `cut -s -f2-` drops it.
type PartEnd struct {
	Shard, Shards int // shard K of N
	From, Rows    int // the whole output's rows: From to From+Rows-1
}

func (e PartEnd) String() string {
	return fmt.Sprintf("# sudokit shard %d/%d done: %d rows from %d", e.Shard, e.Shards, e.Rows, e.From)
}

// parsePartEnd reads a closing line.
func parsePartEnd(line string) (PartEnd, bool) {
	var e PartEnd
	var tail string
	n, _ := fmt.Sscanf(line, "# sudokit shard %d/%d done: %d rows from %d%s", &e.Shard, &e.Shards, &e.Rows, &e.From, &tail)
	return e, n == 4 && e.Shards > 0 && e.Shard >= 0 && e.Shard < e.Shards && e.Rows >= 0 && e.From >= 0
}

// MergeInput is one indexed part to merge: its name (for messages) and its
// bytes.
type MergeInput struct {
	Name string
	R    io.Reader
}

// MergeStats tells what Merge did.
type MergeStats struct {
	Rows        int // distinct row indices written
	First, Last int // the smallest and largest index (-1 with no row)
}

// Merge combines indexed parts (written with AppendIndexed, as
// export.Part.Indexed writes them, and closed by a PartEnd line) into the
// whole output: it writes their lines in the order of their indices, the
// lines of one row in the order they were written, without the index. Each part must hold its rows in increasing order, as
// every part written by sudokit does, and no index may appear in two
// parts. A part without its closing line (its run did not finish), parts of
// different runs, and rows missing from the range the closing lines give
// (a part lost) are errors; for missing rows (a *MissingRowsError) the
// lines that exist are written first.
//
// Merge writes whole rows only. When ctx is done it stops at the next row
// and returns ctx's error, the rows before having been written out; so it
// does when a part fails to read once ctx is done (the caller may close
// the parts to end a read that waits on a pipe). The stats then count the
// rows written.
func Merge(ctx context.Context, dst io.Writer, parts []MergeInput) (MergeStats, error) {
	st := MergeStats{First: -1, Last: -1}
	out := bufio.NewWriterSize(dst, 64<<10)
	// cut ends a merge cut short: the rows whole so far are written out.
	cut := func(err error) (MergeStats, error) {
		if ctx.Err() == nil {
			return st, err
		}
		if st.Rows == 0 {
			st.First = -1
		}
		return st, firstError(out.Flush(), ctx.Err())
	}
	h := &mergeHeap{}
	var all []*mergeCursor
	for i, p := range parts {
		c := &mergeCursor{part: i, name: p.Name, sc: bufio.NewScanner(p.R)}
		c.sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
		all = append(all, c)
		ok, err := c.next()
		if err != nil {
			return cut(err)
		}
		if ok {
			h.items = append(h.items, c)
		}
	}
	heap.Init(h)
	var missing []string
	var row []byte // the lines of the row being merged
	done := ctx.Done()
	last, owner := -1, -1
	for h.Len() > 0 {
		c := h.items[0]
		if c.index != last {
			if last >= 0 {
				// The row before is whole: no part holds its index any more.
				out.Write(row)
				row = row[:0]
				st.Rows++
				st.Last = last
			}
			select {
			case <-done:
				return cut(nil)
			default:
			}
			if last < 0 {
				st.First = c.index
			} else if c.index > last+1 {
				missing = append(missing, rowSpan(last+1, c.index-1))
			}
			last, owner = c.index, c.part
		} else if owner != c.part {
			return st, fmt.Errorf("%s:%d: row %d is also in %s: the same part given twice, or parts of different runs",
				c.name, c.line, c.index, parts[owner].Name)
		}
		row = append(row, c.text...)
		row = append(row, '\n')
		ok, err := c.next()
		if err != nil {
			return cut(err)
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	if last >= 0 {
		out.Write(row)
		st.Rows++
		st.Last = last
	}
	if err := out.Flush(); err != nil {
		return st, err
	}
	end, err := checkEnds(parts, all)
	if err != nil {
		return st, err
	}
	switch stop := end.From + end.Rows - 1; {
	case st.Rows == 0:
		st.First = -1
		if end.Rows > 0 {
			missing = append(missing, rowSpan(end.From, stop))
		}
	default:
		st.Last = last
		if st.First > end.From {
			missing = append([]string{rowSpan(end.From, st.First-1)}, missing...)
		}
		if last > stop {
			return st, fmt.Errorf("row %d lies beyond the %d rows from %d that the parts' closing lines give", last, end.Rows, end.From)
		}
		if last < stop {
			missing = append(missing, rowSpan(last+1, stop))
		}
	}
	if len(missing) > 0 {
		return st, &MissingRowsError{Ranges: missing}
	}
	return st, nil
}

// MissingRowsError is Merge's error when rows are absent from the range
// of the parts: the lines that exist were written.
type MissingRowsError struct {
	Ranges []string // "7", "12-15"
}

func (e *MissingRowsError) Error() string {
	shown := e.Ranges
	more := ""
	if len(shown) > 5 {
		shown, more = shown[:5], fmt.Sprintf(" and %d more ranges", len(shown)-5)
	}
	return fmt.Sprintf("rows %s%s are missing: a part was lost or cut short", strings.Join(shown, ", "), more)
}

// checkEnds checks that every part ended with its closing line, that the
// parts are of one run (the same number of shards and range) and that
// each shard comes once, and returns the range of rows. Shards that are
// missing altogether show as missing rows.
func checkEnds(parts []MergeInput, cursors []*mergeCursor) (PartEnd, error) {
	byPart := make([]*PartEnd, len(parts))
	for _, c := range cursors {
		byPart[c.part] = c.end
	}
	var first PartEnd
	seen := map[int]string{}
	for i, e := range byPart {
		name := parts[i].Name
		switch {
		case e == nil:
			return PartEnd{}, fmt.Errorf("%s has no closing line (\"# sudokit shard K/N done: ...\"): its run did not finish, or it is not a shard's output", name)
		case len(seen) == 0:
			first = *e
		case e.Shards != first.Shards || e.From != first.From || e.Rows != first.Rows:
			return PartEnd{}, fmt.Errorf("%s is shard %d/%d of %d rows from %d, %s of %d/%d of %d rows from %d: parts of different runs",
				name, e.Shard, e.Shards, e.Rows, e.From, parts[0].Name, first.Shard, first.Shards, first.Rows, first.From)
		}
		if other, ok := seen[e.Shard]; ok {
			return PartEnd{}, fmt.Errorf("%s and %s are both shard %d/%d", other, name, e.Shard, e.Shards)
		}
		seen[e.Shard] = name
	}
	return first, nil
}

// rowSpan writes a range of row indices: "7" or "7-9".
func rowSpan(from, to int) string {
	if from == to {
		return strconv.Itoa(from)
	}
	return fmt.Sprintf("%d-%d", from, to)
}

// mergeCursor reads one part's indexed lines.
type mergeCursor struct {
	part  int
	name  string
	sc    *bufio.Scanner
	line  int
	index int
	text  []byte
	end   *PartEnd // the closing line, once read
}

// next reads the next line; false at the end of the part.
func (c *mergeCursor) next() (bool, error) {
	if !c.sc.Scan() {
		if err := c.sc.Err(); err != nil {
			return false, fmt.Errorf("%s: %w", c.name, err)
		}
		return false, nil
	}
	c.line++
	raw := c.sc.Bytes()
	if c.end != nil {
		return false, fmt.Errorf("%s:%d: a line after the closing line", c.name, c.line)
	}
	if e, ok := parsePartEnd(string(raw)); ok {
		c.end = &e
		return c.next()
	}
	tab := bytes.IndexByte(raw, '\t')
	index, err := strconv.Atoi(string(raw[:max(tab, 0)]))
	if tab < 0 || err != nil || index < 0 {
		return false, fmt.Errorf("%s:%d: the line does not start with a row index and a tab (is it a shard's output?)", c.name, c.line)
	}
	if c.line > 1 && index < c.index {
		return false, fmt.Errorf("%s:%d: row %d comes after row %d: the part is out of order", c.name, c.line, index, c.index)
	}
	c.index, c.text = index, raw[tab+1:]
	return true, nil
}

// mergeHeap orders the cursors by their current index, then by part, so
// that the lines of one row stay together.
type mergeHeap struct{ items []*mergeCursor }

func (h *mergeHeap) Len() int { return len(h.items) }
func (h *mergeHeap) Less(i, j int) bool {
	a, b := h.items[i], h.items[j]
	if a.index != b.index {
		return a.index < b.index
	}
	return a.part < b.part
}
func (h *mergeHeap) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *mergeHeap) Push(x any)    { h.items = append(h.items, x.(*mergeCursor)) }
func (h *mergeHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
