package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
)

func canonCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "canon",
		Usage:     "write each puzzle's canonical (minlex) form, the same for all its isomorphs",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Writes, for each input puzzle in input order, its minlex form: the
lexicographically smallest 81-digit string (0 for a blank) over the
3,359,232 relabellings of rows, columns, bands, stacks and transposition,
the digits renumbered in order of first appearance. Two puzzles are the same
up to isomorphism exactly when their forms are equal, so a bank loses its
isomorphs with "sudokit canon bank.txt | sort -u". (This is the smallest
string itself, not the smallest clue pattern first, which some fast tools
compute: the two differ on most puzzles.) A candidate state's eliminations
are not part of the form: canon reads its givens.

A variant puzzle's form is taken over its rules' symmetry group, the
transformations that keep them: for x those that map the diagonals onto
the diagonals (96 of the 3,359,232), for anti-knight, anti-king and
non-consecutive the rotations and mirrors, with the digits relabelled but
for non-consecutive (only d -> 10-d). A jigsaw takes the rotations and
mirrors, its layout turning along: the form is that of the puzzle and its
layout together. The form's line names its rules after it (variant=x,
variant=jigsaw regions=...), so that sort -u still drops isomorphs.

A puzzle of another size (a line of 16, 36, ..., 625 cells; box=3x2 in its
label for a 6x6 with 3x2 boxes) takes its size's group: digits, rows within
bands, bands, columns within stacks, stacks, and the transposition when
the boxes are square; a box taller than wide is read as its transpose. Its
form is a line of the size's usual shape, '.' for a blank. A dense board
(a full grid from 10x10 up) ties too many partial forms and is refused.

` + variantHelp("reads puzzles") + `
Formats:
` + export.FormatHelp(export.Canon) + `
Exit status: 0 when every input was read, 1 when some could not be, 2 for a
bad command line.

Examples:
   sudokit canon testdata/puzzles/norvig-top95.txt
   sudokit canon --with-transform 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
   sudokit canon testdata/puzzles/norvig-top95.txt | sort -u > distinct.txt
   sudokit canon --variant x testdata/puzzles/variants/x.txt`,
		Flags: slices.Concat([]ucli.Flag{
			formatFlag(export.Canon, "line"),
			outputFlag(),
			&ucli.BoolFlag{Name: "with-transform", Usage: "add to each line the transformation that takes the puzzle to its form (sudokit transform --spec reads it)"},
		}, variantFlags("canonicalise"), []ucli.Flag{
			workersFlag("canonicalise"),
			quietFlag(),
		}, shardFlags()),
		Action: runCanon,
	}
}

func runCanon(c *ucli.Context) error {
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	format := c.String("format")
	if err := (&cmdLine{c: c, format: format}).check(canonRules); err != nil {
		return err
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	opt := export.Options{WithTransform: c.Bool("with-transform")}
	if _, err := export.NewWriter(format, export.Canon, io.Discard, opt); err != nil {
		return err
	}
	s := newSession(c)
	s.takeVariants(rules)
	s.takeSizes(sudoku.Shape{}, sudoku.AutoAlphabet) // a line gives its size by its count of cells
	err = s.runBatch(batchJob{job: export.Canon, verb: "canonicalising", format: format, opt: opt, workers: workers,
		chunk: chunkFor(c, true),
		work: records(func(it item) export.Record {
			if it.err != nil {
				return export.Record{Puzzle: it.p, Err: it.err}
			}
			start := time.Now()
			if it.p.Board != nil {
				if opt.WithTransform {
					return export.Record{Puzzle: it.p, Err: inputError(it.p, sudoku.Invalidf(
						"a %s puzzle: --with-transform writes the transformations of 9x9 puzzles only", it.p.Shape()))}
				}
				form, err := canon.MinlexBoard(*it.p.Board)
				if err != nil {
					return export.Record{Puzzle: it.p, Err: inputError(it.p, err)}
				}
				return export.Record{Puzzle: it.p, Canon: &export.Canonical{Board: &form}, Elapsed: time.Since(start)}
			}
			group, err := canon.GroupOf(it.p.Rules)
			if err != nil {
				return export.Record{Puzzle: it.p, Err: inputError(it.p, err)}
			}
			form, formRules, t := group.Minlex(it.p.Grid)
			return export.Record{Puzzle: it.p, Canon: &export.Canonical{Form: form, Rules: formRules, Transform: t}, Elapsed: time.Since(start)}
		})})
	return s.result(err)
}

// inputError is the error of one puzzle, named by where it is.
func inputError(p sudoku.Puzzle, err error) error {
	return &sudoku.InputError{Source: p.Source, Line: p.Line, Err: err}
}

func transformCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "transform",
		Usage:     "relabel, rotate, transpose or shuffle puzzles: isomorphs of one known difficulty",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Applies an isomorphism to each input puzzle: the result has the same
solving path up to the renaming, so the same ratings (but where Sudoku
Explainer picks between equally rated chains by their place in the grid, as
on some of the hardest puzzles: then 0.1 apart, in SE as here). With --spec, the
transformation written out (comma-separated steps applied in turn):
identity, t or transpose, rot90, rot180, rot270, mirror (left-right), flip
(top-bottom), r=ROWS and c=COLUMNS (a permutation of 012345678 that keeps
bands and stacks, such as r=120345678), d=DIGITS (the new name of 1..9, such
as d=912345678); canon --with-transform writes such a spec. With --random,
--count random isomorphs of each puzzle (uniform over the 3,359,232
geometries and 9! relabellings), reproducible with --seed; for a puzzle of
another size, over its size's group (see canon --help).

Each output line: the puzzle (. for a blank), its rules when it is not
classic (variant=x; a jigsaw's layout turned along, variant=jigsaw
regions=...), then with --with-transform the transformation applied.

A variant puzzle takes only the transformations that keep its rules (its
symmetry group, as canon --help says): --spec rot90 keeps x, r=102345678
does not and is refused, saying which diagonal it moves; --random draws
from the group. Non-consecutive relabels only as d=987654321; a jigsaw
takes the rotations, mirrors and transpositions.

` + variantHelp("reads puzzles") + `
Exit status: 0 when every input was read, 1 when some could not be, 2 for a
bad command line.

Examples:
   sudokit transform --spec rot90,d=234567891 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
   sudokit transform --random --count 10 --seed 7 testdata/puzzles/norvig-top95.txt
   sudokit transform --variant jigsaw --regions testdata/puzzles/variants/jigsaw.regions --spec rot90 testdata/puzzles/variants/jigsaw.txt`,
		Flags: slices.Concat([]ucli.Flag{
			&ucli.StringFlag{Name: "spec", Usage: "apply the transformation `SPEC`, such as rot90 or t,r=120345678,d=912345678"},
			&ucli.BoolFlag{Name: "random", Usage: "apply random transformations"},
			&ucli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 1, Usage: "with --random, `N` isomorphs of each puzzle"},
			&ucli.Uint64Flag{Name: "seed", Usage: "with --random, the random `SEED`", DefaultText: "drawn at random and printed on standard error"},
			&ucli.BoolFlag{Name: "with-transform", Usage: "add the transformation applied to each line"},
		}, variantFlags("transform"), []ucli.Flag{
			outputFlag(),
			quietFlag(),
		}),
		Action: runTransform,
	}
}

func runTransform(c *ucli.Context) error {
	spec, random := c.String("spec"), c.Bool("random")
	if err := (&cmdLine{c: c}).check(transformRules); err != nil {
		return err
	}
	count, err := positive(c, "count")
	if err != nil {
		return err
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	var fixed canon.Transform
	if !random {
		if fixed, err = canon.ParseTransform(spec); err != nil {
			return fmt.Errorf("--spec: %w", err)
		}
		if c.IsSet("variant") {
			// Every puzzle is under these rules: refuse a spec that does
			// not keep them before any row.
			if err := keeps(rules, fixed); err != nil {
				return fmt.Errorf("--spec %s: %w", spec, err)
			}
		}
	}
	s := newSession(c)
	s.takeVariants(rules)
	s.takeSizes(sudoku.Shape{}, sudoku.AutoAlphabet) // --random: a line gives its size by its count of cells
	seed := c.Uint64("seed")
	if random && !c.IsSet("seed") {
		seed = uint64(time.Now().UnixNano())
		s.note("--seed %d", seed)
	}
	var rng *rand.Rand
	if random {
		rng = rand.New(rand.NewPCG(seed, 0x5eed))
	}
	dest, err := s.open(c.String("output"), false)
	if err != nil {
		return err
	}
	defer dest.abort()
	buf := export.NewBuffered(writerOr(dest))
	out := &rowSink{dest: dest, flush: buf.Flush}
	return s.result(out.finish(s.transform(c, buf, out, fixed, rng, count), nil))
}

// transform writes the isomorphs of every input to w and counts them in
// out, until the inputs end or the run is interrupted (between inputs: the
// lines of an input are all written or none).
func (s *session) transform(c *ucli.Context, w io.Writer, out *rowSink, fixed canon.Transform, rng *rand.Rand, count int) error {
	for it := range s.inputs() {
		if err := c.Context.Err(); err != nil {
			return err
		}
		var group *canon.Group
		if it.err == nil && it.p.Board != nil && (rng == nil || c.Bool("with-transform")) {
			it.err = inputError(it.p, sudoku.Invalidf("a %s puzzle: --random transforms puzzles of every size, --spec and --with-transform 9x9 ones only", it.p.Shape()))
		} else if it.err == nil && it.p.Board == nil {
			group, it.err = canon.GroupOf(it.p.Rules)
			if it.err == nil && rng == nil {
				it.err = keeps(it.p.Rules, fixed)
			}
			if it.err != nil {
				it.err = inputError(it.p, it.err)
			}
		}
		if it.err != nil {
			if it.p.Line > 0 {
				fmt.Fprintln(w, "invalid")
				out.add(1)
			}
			if err := out.flush(); err != nil {
				return err
			}
			s.report(it.err)
			continue
		}
		if b := it.p.Board; b != nil {
			box := ""
			if !b.Shape.IsUsual() {
				box = " box=" + b.Shape.Box()
			}
			for range count {
				fmt.Fprintln(w, canon.RandomBoardTransform(b.Shape, rng).Apply(*b).String()+box)
			}
			out.add(count)
			continue
		}
		for range count {
			t := fixed
			if rng != nil {
				t = group.Random(rng) // for classic rules, canon.Random
			}
			line := t.Apply(it.p.Grid).String()
			if rules := group.RulesAfter(t).Label(); rules != "" {
				line += " " + rules
			}
			if c.Bool("with-transform") {
				line += " " + t.String()
			}
			fmt.Fprintln(w, line)
		}
		out.add(count)
	}
	return c.Context.Err() // interrupted as the input ended: not known to be complete
}

// keeps checks that a transformation keeps a puzzle's rules: that it is in
// their symmetry group.
func keeps(rules sudoku.Rules, t canon.Transform) error {
	group, err := canon.GroupOf(rules)
	if err != nil {
		return err
	}
	return group.Check(t)
}
