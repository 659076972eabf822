package cli

import (
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/sudoku"
)

// shard is the part of a batch one process handles: the inputs (or
// generated puzzles) whose index mod n is k. n is 0 without sharding.
type shard struct{ k, n int }

// shardFlags are --shard and --shard-from-env, shared by the batch
// commands.
func shardFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "shard", Usage: "handle shard `K/N` of the work: the puzzles whose index (from 0) leaves K when divided by N; " +
			"each line starts with its index and a tab, and sudokit merge joins the shards' outputs into one run's output " +
			"(where the default format is a table, a shard writes line)"},
		&ucli.StringFlag{Name: "shard-from-env", Usage: "take --shard's K from the environment: `VAR/N` or VAR/VAR2, " +
			"such as JOB_COMPLETION_INDEX/100 (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT"},
	}
}

// readShard reads --shard or --shard-from-env.
func readShard(c *ucli.Context) (shard, error) {
	if err := (&cmdLine{c: c}).check(shardRules); err != nil {
		return shard{}, err
	}
	spec, env := c.String("shard"), c.String("shard-from-env")
	switch {
	case c.IsSet("shard"):
		k, n, ok := strings.Cut(spec, "/")
		if !ok {
			return shard{}, sudoku.Invalidf("--shard %q: want K/N, such as 3/10", spec)
		}
		return parseShard("--shard "+spec, k, n)
	case c.IsSet("shard-from-env"):
		kVar, nText, ok := strings.Cut(env, "/")
		if !ok || kVar == "" {
			return shard{}, sudoku.Invalidf("--shard-from-env %q: want VAR/N or VAR/VAR2, such as JOB_COMPLETION_INDEX/100", env)
		}
		k, err := fromEnv(kVar)
		if err != nil {
			return shard{}, sudoku.Invalidf("--shard-from-env %s: %v", env, err)
		}
		if _, err := strconv.Atoi(nText); err != nil {
			if nText, err = fromEnv(nText); err != nil {
				return shard{}, sudoku.Invalidf("--shard-from-env %s: %v", env, err)
			}
		}
		return parseShard(fmt.Sprintf("--shard-from-env %s (%s/%s)", env, k, nText), k, nText)
	}
	return shard{}, nil
}

// fromEnv reads an environment variable that must be set.
func fromEnv(name string) (string, error) {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return "", fmt.Errorf("the environment variable %s is not set", name)
	}
	return v, nil
}

// parseShard checks K and N.
func parseShard(what, kText, nText string) (shard, error) {
	k, errK := strconv.Atoi(strings.TrimSpace(kText))
	n, errN := strconv.Atoi(strings.TrimSpace(nText))
	switch {
	case errK != nil || errN != nil:
		return shard{}, sudoku.Invalidf("%s: K and N must be whole numbers", what)
	case n < 1:
		return shard{}, sudoku.Invalidf("%s: N must be at least 1", what)
	case k < 0 || k >= n:
		return shard{}, sudoku.Invalidf("%s: K must be from 0 to %d (shards are numbered from 0)", what, n-1)
	}
	return shard{k, n}, nil
}

// on reports whether the work is sharded.
func (s shard) on() bool { return s.n > 0 }

// filter keeps the items of the shard and counts in *rows the rows of
// the whole run. An input that failed as a whole (a file that does not
// open) has no row and no index: every shard reports it.
func (s shard) filter(items iter.Seq[item], rows *int) iter.Seq[item] {
	if !s.on() {
		return items
	}
	return func(yield func(item) bool) {
		index := 0
		defer func() { *rows = index }()
		for it := range items {
			if it.p.Line == 0 && it.err != nil {
				if !yield(it) {
					return
				}
				continue
			}
			mine := index%s.n == s.k
			index++
			if mine && !yield(it) {
				return
			}
		}
	}
}

// end writes the closing line of a shard's output, once its run is
// complete: merge checks that every shard finished.
func (s shard) end(w io.Writer, from, rows int) error {
	_, err := fmt.Fprintln(w, batch.PartEnd{Shard: s.k, Shards: s.n, From: from, Rows: rows})
	return err
}
