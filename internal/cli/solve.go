package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

func solveCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "solve",
		Usage:     "solve puzzles and tell whether each has no, one or several solutions",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles from files, from standard input ("-", or no argument), or from
the arguments themselves, solves them on all cores, and writes one row per
input puzzle in input order: its solution, and its status when it is not
unique (multiple(2+), unsolvable, invalid). Every solution is checked
against the rules before it is written.

Input: any mix of one puzzle per line (81 cells; blanks as . 0 _ * - or x;
text after the cells is kept as the label), 9x9 grids with or without
| + - separators, and the CSV, JSON and grid rows sudokit writes; # comments
and blank lines are skipped. Killers come as a line in the PS format of
killer tools (3x3::k:...) or the 81-character arrow format, as a JSON row
with "cages", or as any line whose label carries variant=killer and
cages=ARROWS (docs/formats.md); every format solve writes carries them.

` + variantHelp("solves") + `
Sizes: 4x4 (2x2 boxes), 6x6 (2x3, or 3x2 with --box), 8x8 (2x4, 4x2),
10x10 (2x5), 12x12 (3x4, 4x3), 16x16 (4x4) and 25x25 (5x5) as well as 9x9,
in any mix. A line of 16, 36, 64, 100, 144, 256 or 625 cells is a puzzle of
that size with its usual boxes: digits 1-9 then letters A-Z (16x16: 1-9,
A-G), . or 0 blank; or 0-9 then A-Z from 0 for 1 (16x16: 0-F), detected
(see docs/formats.md) or given by --alphabet. A label may say size=N,
box=RxC and alphabet=0-F, and the rows of such puzzles do; a grid of N rows
needs a size=N line above it (as -f grid writes) or --size. Formats line,
grid, json, csv, table and markdown write every size. Sizes take two
variants: x at every size and killer at 4x4, 6x6 and 8x8 (variant=x,
variant=killer cages=ARROWS at N×N characters, or --variant with --size).
Formats:
` + export.FormatHelp(export.Solve) + `
Exit status: 0 when every puzzle has exactly one solution (or one was found,
with --max-solutions 1); 1 when any was invalid, unsolvable or had several
solutions, or an input could not be read; 2 for a bad command line.

Examples:
   sudokit solve 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
   sudokit solve -f grid testdata/puzzles/norvig-top95.txt
   sudokit solve --summary testdata/puzzles/royle-17clue-2000.txt
   cat testdata/puzzles/norvig-top95.txt | sudokit solve -f json -o solutions.json
   sudokit solve --variant x testdata/puzzles/variants/x.txt
   sudokit solve testdata/puzzles/killer/sample.txt
   sudokit solve --variant jigsaw --regions testdata/puzzles/variants/jigsaw.regions testdata/puzzles/variants/jigsaw.txt
   sudokit solve -f grid testdata/puzzles/sizes/16x16-110.txt
   sudokit solve --box 3x2 testdata/puzzles/sizes/6x6-3x2-minimal.txt`,
		Flags: slices.Concat([]ucli.Flag{
			formatFlag(export.Solve, "line"),
			outputFlag(),
			&ucli.IntFlag{Name: "max-solutions", Value: 2,
				Usage: "count solutions up to `N`: 2 proves uniqueness, 1 only finds one"},
		}, variantFlags("solve"), sizeFlags("solve"), []ucli.Flag{
			summaryFlag("counts by status, time per puzzle"),
			workersFlag("solve"),
			quietFlag(),
			configFlag(),
		}, shardFlags()),
		Action: runSolve,
	}
}

func runSolve(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	limit, err := positive(c, "max-solutions")
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	format := formatOf(c, cfg.Output.Solve)
	if err := (&cmdLine{c: c, format: format}).check(solveRules); err != nil {
		return err
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	shape, alphabet, numbers, err := readShape(c)
	if err != nil {
		return err
	}
	if _, err := export.NewWriter(format, export.Solve, io.Discard, export.Options{}); err != nil {
		return err
	}
	if shape.N() != 0 && shape.N() != 9 && !sizedFormat(format) {
		return sudoku.Invalidf("-f %s writes 9x9 puzzles only: give one of %s for --size %d", format, strings.Join(export.SizedFormats(export.Solve), ", "), shape.N())
	}
	s := newSession(c)
	s.takeVariants(rules)
	s.takeSizes(shape, alphabet)
	var sum solve.Summary
	err = s.runBatch(batchJob{job: export.Solve, verb: "solving", format: format, workers: workers, chunk: chunkFor(c, true),
		opt: export.Options{Numbers: numbers},
		work: func(it *item, out *place) {
			switch {
			case it.err != nil:
				out.rec = export.Record{Puzzle: it.p, Err: it.err}
			case it.p.Board != nil && !sizedFormat(format):
				out.rec = export.Record{Puzzle: it.p, Err: &sudoku.InputError{Source: it.p.Source, Line: it.p.Line,
					Err: sudoku.Invalidf("a %s puzzle: -f %s writes 9x9 puzzles only (%s write every size)",
						it.p.Shape(), format, strings.Join(export.SizedFormats(export.Solve), ", "))}}
			case it.p.Board != nil:
				// A sparse board can keep the search going for minutes: an
				// interruption stops it, and the puzzle gets no row.
				rep, err := solve.CheckBoardContext(c.Context, *it.p.Board, limit)
				if err != nil {
					out.rec = export.Record{Puzzle: it.p, Err: err}
					return
				}
				out.report = rep
				out.rec = export.Record{Puzzle: it.p, Solve: &out.report, Elapsed: out.report.Elapsed}
			default:
				// The report lives in the place, which the batch reuses: no
				// allocation per puzzle.
				out.report = solve.CheckPuzzle(it.p, limit)
				out.rec = export.Record{Puzzle: it.p, Solve: &out.report, Elapsed: out.report.Elapsed}
			}
		},
		add: func(r export.Record) {
			if r.Solve != nil {
				sum.Add(*r.Solve)
			} else {
				sum.Add(solve.Report{Status: solve.Invalid})
			}
		},
		summary: func(wall time.Duration) export.Summary {
			sum.Unreadable = s.unreadable
			return export.Summary{Job: export.Solve, Solve: &sum, Wall: wall}
		}})
	if err == nil && !sum.OK() {
		s.failed = true
	}
	return s.result(err)
}

// maxRegionsFile is the largest file --regions reads: a layout is 81
// characters, with line ends and spaces a few hundred.
const maxRegionsFile = 4 << 10

// readRules reads --variant and --regions: the rules of the puzzles that
// do not name theirs. --regions is a layout, or a file that holds one.
func readRules(c *ucli.Context) (sudoku.Rules, error) {
	regions := c.String("regions")
	if st, err := os.Stat(regions); regions != "" && err == nil && !st.IsDir() {
		if st.Size() > maxRegionsFile {
			return sudoku.Rules{}, sudoku.Invalidf("--regions %s: a file of %d bytes is no regions layout (81 region ids)", regions, st.Size())
		}
		data, err := os.ReadFile(regions)
		if err != nil {
			return sudoku.Rules{}, sudoku.Invalid(fmt.Errorf("--regions: %w", err))
		}
		regions = string(data)
	}
	rules, err := sudoku.ParseRules(c.String("variant"), regions)
	if err == nil && rules.Has("killer") && !takesKillers(c) {
		return rules, sudoku.Invalidf("--variant killer: %s does not take killers yet (solve does)", c.Command.Name)
	}
	if err != nil {
		flag := "--variant"
		if strings.Contains(err.Error(), "regions layout") {
			flag = "--regions"
		}
		return rules, fmt.Errorf("%s: %w", flag, err)
	}
	return rules, nil
}
