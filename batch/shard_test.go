package batch

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestMerge checks Merge on hand-made parts: multi-line rows keep their
// lines together, a shard with no row, and each way a set of parts can be
// wrong.
func TestMerge(t *testing.T) {
	end := func(k, n, rows int) string { return PartEnd{Shard: k, Shards: n, Rows: rows}.String() + "\n" }
	tests := []struct {
		name   string
		parts  []string
		want   string
		errHas string
	}{
		{"interleaved multi-line rows",
			[]string{"0\thead\n0\ta1\n0\ta2\n2\tc1\n2\t\n" + end(0, 2, 4), "1\tb1\n1\tb2\n3\td\n" + end(1, 2, 4)},
			"head\na1\na2\nb1\nb2\nc1\n\nd\n", ""},
		{"a shard with no row", []string{"0\ta\n" + end(0, 3, 2), "1\tb\n" + end(1, 3, 2), end(2, 3, 2)}, "a\nb\n", ""},
		{"no rows at all", []string{end(0, 2, 0), end(1, 2, 0)}, "", ""},
		{"shard 0 lost", []string{"1\tb\n3\td\n" + end(1, 2, 4)}, "b\nd\n", "rows 0, 2 are missing"},
		{"the tail lost", []string{"0\ta\n" + end(0, 2, 3)}, "a\n", "rows 1-2 are missing"},
		{"a part twice", []string{"0\ta\n" + end(0, 1, 1), "0\ta\n" + end(0, 1, 1)}, "", "row 0 is also in"},
		{"a shard twice", []string{"0\ta\n" + end(0, 2, 2), end(0, 2, 2)}, "", "are both shard 0/2"},
		{"no closing line", []string{"0\ta\n" + end(0, 2, 2), "1\tb\n"}, "", "has no closing line"},
		{"different runs", []string{"0\ta\n" + end(0, 2, 2), "1\tb\n" + end(1, 2, 3)}, "", "parts of different runs"},
		{"out of order", []string{"2\ta\n0\tb\n" + end(0, 1, 3)}, "", "comes after row 2"},
		{"a line after the closing line", []string{"0\ta\n" + end(0, 1, 1) + "1\tb\n"}, "", "after the closing line"},
		{"no index", []string{"a\n" + end(0, 1, 1)}, "", "does not start with a row index"},
		{"rows beyond the range", []string{"0\ta\n1\tb\n" + end(0, 1, 1)}, "", "beyond"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []MergeInput
			for _, p := range tt.parts {
				in = append(in, MergeInput{Name: "part", R: strings.NewReader(p)})
			}
			var out strings.Builder
			_, err := Merge(context.Background(), &out, in)
			switch {
			case tt.errHas == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.errHas != "" && (err == nil || !strings.Contains(err.Error(), tt.errHas)):
				t.Fatalf("error %v, want one saying %q", err, tt.errHas)
			}
			if (tt.errHas == "" || errors.As(err, new(*MissingRowsError))) && out.String() != tt.want {
				t.Errorf("merged %q, want %q", out.String(), tt.want)
			}
		})
	}
}

// TestPartEndRoundTrip checks that a closing line reads back and holds
// no tab.
func TestPartEndRoundTrip(t *testing.T) {
	e := PartEnd{Shard: 3, Shards: 100, From: 5000, Rows: 1_000_000}
	got, ok := parsePartEnd(e.String())
	if !ok || got != e || strings.Contains(e.String(), "\t") {
		t.Errorf("%q read back as %+v, %v", e, got, ok)
	}
	for _, bad := range []string{"# sudokit shard 3/2 done: 1 rows from 0", "# sudokit shard 1/2 done: -1 rows from 0", "# sudokit shard 1/2 done: 1 rows from 0 extra"} {
		if _, ok := parsePartEnd(bad); ok {
			t.Errorf("%q read as a closing line", bad)
		}
	}
}

// interruptingReader serves its text, then cancels the merge's context and
// fails, as a part closed on Ctrl-C does.
type interruptingReader struct {
	text   string
	cancel context.CancelFunc
}

func (r *interruptingReader) Read(p []byte) (int, error) {
	if r.text == "" {
		r.cancel()
		return 0, os.ErrClosed
	}
	n := copy(p, r.text)
	r.text = r.text[n:]
	return n, nil
}

// TestMergeInterrupted checks that a merge cut short writes the whole rows
// before it and no part of the row it was merging, and counts them.
func TestMergeInterrupted(t *testing.T) {
	end := PartEnd{Shard: 0, Shards: 2, Rows: 5}.String() + "\n"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out strings.Builder
	st, err := Merge(ctx, &out, []MergeInput{
		{Name: "part0", R: strings.NewReader("0\ta1\n0\ta2\n2\tc1\n2\tc2\n4\te\n" + end)},
		{Name: "part1", R: &interruptingReader{text: "1\tb1\n1\tb2\n3\td1\n", cancel: cancel}}, // d2 never comes
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if want := "a1\na2\nb1\nb2\nc1\nc2\n"; out.String() != want {
		t.Errorf("merged %q, want %q (rows 0 to 2, whole)", out.String(), want)
	}
	if st.Rows != 3 || st.First != 0 || st.Last != 2 {
		t.Errorf("stats %+v, want 3 rows from 0 to 2", st)
	}

	cancel()
	out.Reset()
	st, err = Merge(ctx, &out, []MergeInput{{Name: "part0", R: strings.NewReader("0\ta\n" + end)}})
	if !errors.Is(err, context.Canceled) || out.Len() != 0 || st.Rows != 0 || st.First != -1 {
		t.Errorf("cancelled before: merged %q, %+v, error %v; want nothing and context.Canceled", out.String(), st, err)
	}
}
