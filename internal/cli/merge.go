package cli

import (
	"context"
	"errors"
	"os"
	"slices"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
)

func mergeCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "merge",
		Usage:     "join the outputs of --shard runs into the output of one run",
		ArgsUsage: "FILE...",
		Description: `Reads the outputs that solve, grade, hint and generate write with --shard
K/N (each line starts with its row's index and a tab; the last line,
"# sudokit shard K/N done: ...", is written when the shard's run completes)
and writes their lines in index order without the index: byte for byte what
one run without --shard writes. The files may come in any order. A shard
missing, cut short or given twice, shards of different runs, and rows
missing from the range are errors that name them; for missing rows the rows
that exist are still written.

On Unix the same merge is
   sort -m -s -t "$(printf '\t')" -k1,1n FILE... | cut -s -f2-

Exit status: 0 when the rows form one unbroken range, 1 when rows are
missing, 2 for a bad command line or a file that is not a shard's output.

Examples:
   for k in 0 1 2; do sudokit grade --shard $k/3 -f csv -o part$k.csv testdata/puzzles/norvig-top95.txt; done
   sudokit merge -o top95.csv part0.csv part1.csv part2.csv`,
		Flags: []ucli.Flag{
			&ucli.StringFlag{Name: "output", Aliases: []string{"o"}, TakesFile: true,
				Usage: "write to `FILE` (- for standard output); the file appears whole, and an interrupted merge keeps the rows merged"},
			quietFlag(),
		},
		Action: runMerge,
	}
}

func runMerge(c *ucli.Context) error {
	if !c.Args().Present() {
		return sudoku.Invalidf("merge takes the files that --shard runs wrote; see sudokit merge --help")
	}
	names := c.Args().Slice()
	if slices.Contains(names, "-") {
		return sudoku.Invalidf("merge reads files, not standard input: every shard's output is a file")
	}
	var parts []batch.MergeInput
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return sudoku.Invalidf("merge: %w", err) // a file of the command line
		}
		defer f.Close()
		// Interrupted, the parts close, so that a read waiting on a pipe
		// ends.
		defer context.AfterFunc(c.Context, func() { f.Close() })()
		parts = append(parts, batch.MergeInput{Name: name, R: f})
	}
	s := newSession(c)
	dest, err := s.open(c.String("output"), false)
	if err != nil {
		return err
	}
	defer dest.abort()
	out := newRowSink(dest, nil)
	st, err := batch.Merge(c.Context, dest, parts)
	out.add(st.Rows)
	if errors.Is(err, context.Canceled) {
		return out.finish(err, nil)
	}
	missing := errors.As(err, new(*batch.MissingRowsError))
	if err != nil && !missing {
		// The files given are not the parts of one run (batch, a leaf
		// below the domain, does not know the kind): a usage error, as
		// merge --help says.
		return sudoku.Invalid(err)
	}
	s.note("merged %s (%d to %d) from %s", export.Count(st.Rows, "row"), st.First, st.Last, export.Count(len(parts), "file"))
	if missing {
		s.report(err)
		return firstErr(out.finish(nil, nil), ErrFailed)
	}
	return out.finish(nil, nil)
}
