package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/bookgrade"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

func generateCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "generate",
		Usage: "make puzzles with one solution, by level or SE rating, symmetric, reproducible",
		Description: `Fills a random grid, removes clues in random order and symmetric groups while
the puzzle keeps exactly one solution, grades the result with the same engine
as "sudokit grade", and keeps the puzzles that meet the target. Puzzles come
out in order as they are found; the same --seed and flags give the same
output whatever --workers is. Each line: the puzzle, ED=ER/EP/ED, the level,
and seed:index (the puzzle comes again with that --seed at that position).

A target that is impossible or too rare stops after --max-tries candidates
for one puzzle (or --timeout) with a message; puzzles already made are kept.

Variants: --variant makes puzzles under a variant's rules (or several
together, separated by commas): ` + strings.Join(variantNames(false), ", ") + `.
They are unique under those rules, and every row carries them (variant=...
in the label, "variant" in JSON), so that "sudokit solve" reads them back.
A jigsaw takes a random layout per puzzle (--regions random, the default),
symmetric as --symmetry asks, or the layout of --regions LAYOUT|FILE, which
the symmetry must keep. Every other variant keeps all six symmetries.

Killers: --variant killer (killer-x: x,killer) makes killers from a random
solution grid: orthogonally connected cages of --cage-size cells (2-6 by
default, mostly 2-3 as in printed killers), no digit twice in a cage, no
givens unless --givens N, unique (cages re-drawn where two solutions
differ). Written as line (the givens, the solution with --with-solution,
variant=killer cages=ARROWS, seed:index) or json, which solve reads. By
--level (config.yaml's killer levels) or --rating, killers are graded by the
killer techniques (sudokit techniques), and the line carries ED=ER/EP/ED and
the level.

Sizes: --size N makes NxN puzzles (4, 6, 8, 10, 12, 16, 25; --box RxC for
6x6 as 3x2, 8x8 as 4x2, 12x12 as 4x3), unique, symmetric, reproducible by
seed on any --workers, minimal on request, at the levels of their size
in config.yaml (sizes:): 4x4 easy only; 6x6 and 25x25 easy, medium, hard;
8x8 to 12x12 9x9's five; 16x16 easy, medium, hard, diabolical. Easy
(hidden singles only, ER 1.5 at most), medium (naked singles needed, ER
1.6-2.5) and hard (pointing or claiming needed, ER 2.6-2.8) are reached by
technique; a level above them is dug to the end and kept when the grader
at sizes rates it in its band. Without --level, dug to the end (any
rating). --clues bounds the givens (easy with
many givens: --clues 150-200 at 16x16). Written as line (the puzzle, its
solution with --with-solution, box=RxC for a box that is not the usual
one, the level, seed:index; digits 1-9 then A-Z, or --alphabet 0-F) or
json ("size", "box", "puzzle", "solution", ...). --variant x makes x
puzzles at every size and level; --variant killer (or x,killer) at --size
4, 6 or 8 makes children's killers: no givens, cages of 1-4 cells
(--cage-size), unique, not graded (so no --level or --rating).
--variant jigsaw (or jigsaw,x) makes jigsaws at every size: N regions of
N cells in place of the boxes, a random layout per puzzle (none of its
regions a plain box unless --box-regions; the layout keeps no symmetry)
or the one of --regions LAYOUT|FILE (N×N ids, 1-9 then A, B, ...);
rows carry regions= ("regions" in JSON).

Formats:
` + export.FormatHelp(export.Generate) + `
Exit status: 0 when --count puzzles were made, 1 when the run gave up or
timed out (the puzzles made are still written), 2 for a bad command line.

Examples:
   sudokit generate -n 10 --level hard --seed 1
   sudokit generate -n 5 --rating 7.6+ -f grid --with-solution
   sudokit generate -n 20 --require x-wing --symmetry mirror -o xwing.txt
   sudokit generate -n 12 --level fiendish --pdf book.pdf --title "Fiendish" --per-page 2
   sudokit generate -n 10 --variant x --level medium --seed 1
   sudokit generate -n 5 --variant jigsaw --level easy --seed 1 -f grid
   sudokit generate --size 16 -n 10 --level medium --seed 1
   sudokit generate --size 4 --variant killer -n 4 --seed 1
   sudokit generate --variant killer -n 5 --seed 1`,
		Flags: append([]ucli.Flag{
			&ucli.IntFlag{Name: "count", Aliases: []string{"n"}, Value: 1, Usage: "make `N` puzzles"},
			&ucli.StringFlag{Name: "level", Aliases: []string{"l"}, Usage: "target `LEVEL` from config.yaml: easy, medium, hard, fiendish, diabolical"},
			&ucli.StringFlag{Name: "rating", Aliases: []string{"r"}, Usage: "target SE rating (ER) `RANGE`: 2.6-4.0, 7.6+ (no upper bound) or 4.5"},
			&ucli.StringSliceFlag{Name: "require", Usage: "the solving path must use `TECHNIQUE` (a key from sudokit techniques, such as x-wing; repeat or separate with commas)"},
			&ucli.StringFlag{Name: "clues", Usage: "number of clues `RANGE`, such as 22-26"},
			&ucli.StringFlag{Name: "symmetry", Aliases: []string{"s"}, Value: "rot180", Usage: "clue `PATTERN`: " + strings.Join(generate.SymmetryNames(), ", ")},
			&ucli.StringFlag{Name: "variant", Usage: "make puzzles under the rules of `NAME[,NAME]`: " + strings.Join(variantNames(false), ", ")},
			&ucli.StringFlag{Name: "regions", Usage: "a jigsaw's regions: `LAYOUT|FILE|random`, 81 region ids 1-9 row by row (with --size N: N×N ids, 1-9 then A, B, ...), a file of them, or random: a layout of its own for each puzzle, with the clues' symmetry (at 9x9)", DefaultText: "random"},
			&ucli.BoolFlag{Name: "box-regions", Usage: "random jigsaw layouts may keep regions that are plain boxes"},
			&ucli.StringFlag{Name: "pattern", Usage: "put the clues exactly on `MASK`: 81 cells, x (or a digit) for a clue and . (or 0) for none, or a file of such patterns (one per line, or nine lines of nine), used in turn (with --cold: the patterns of the puzzles that start the vicinity search)"},
			&ucli.StringFlag{Name: "spread", Value: "natural", Usage: "`HOW` the ratings spread over the band: natural (as they come: mostly the band's easiest), or even (the band's ratings in turn, in equal shares)"},
			&ucli.BoolFlag{Name: "explain", Usage: "write each puzzle's solving path (json: a \"path\" list; text formats: one step per line)"},
			&ucli.StringFlag{Name: "method", Value: "auto", Usage: "`HOW` to find puzzles: random (fill a grid, remove clues), vicinity (a neighbourhood search from hard puzzles, the built-in list unless --from or --cold: remove 1 or 2 clues, add 1 or 2 others, keep the hardest, repeat), or auto: vicinity when the target starts above 9.0, which random generation almost never reaches"},
			&ucli.StringFlag{Name: "from", TakesFile: true, Usage: "start the vicinity search from the puzzles of `FILE` (such as a list of the hardest known puzzles) instead of the built-in list (the forum's 375 hardest of 2011, ER 9.7-11.9); no puzzle output is one of them or an isomorph"},
			&ucli.BoolFlag{Name: "diverse", Value: true, Usage: "with --count above 1, the vicinity search outputs only puzzles that differ: no two share more than half of their givens (the same digit in the same cell), even after any isomorphism, each from a search of its own; --diverse=false outputs the near-copies one search finds"},
			&ucli.BoolFlag{Name: "cold", Usage: "start the vicinity search without seed puzzles, from puzzles made on the built-in hard clue patterns, or on --pattern"},
			&ucli.BoolFlag{Name: "minimal", Usage: "no single clue can be removed (with a symmetry, other candidates are dropped)"},
			&ucli.Uint64Flag{Name: "seed", Usage: "random `SEED`; the same seed and flags give the same puzzles", DefaultText: "drawn at random and printed on standard error"},
			formatFlag(export.Generate, "line"),
			outputFlag(),
			&ucli.BoolFlag{Name: "with-solution", Usage: "add each puzzle's solution"},
			&ucli.StringFlag{Name: "dedupe", Usage: "never output the same puzzle twice: `exact` (the same grid; the value may be left out) or isomorphs (the same up to relabelling, rotation, transposition and shuffles; for a variant, up to those that keep its rules)"},
			summaryFlag("candidates tried, technique usage, levels"),
			groupByFlag("one usage table per level in the summary and one section per level in the --pdf book: group by `level`"),
			&ucli.StringFlag{Name: "bank", TakesFile: true, Usage: "also add the puzzles to the bank `FILE|URL` as they are made (see sudokit bank; a duplicate of a stored puzzle is noted)"},
			&ucli.StringFlag{Name: "pdf", TakesFile: true, Usage: "also write the puzzles as a printable book to `FILE` (layout: the book flags of print: --page-size, --per-page, --title, --toc, --font, ...)"},
			workersFlag("generate"),
			&ucli.IntFlag{Name: "start-index", Usage: "make the puzzles that a run with the same --seed and flags makes at positions `I` to I+N-1 (N is --count), so that runs over consecutive ranges, concatenated, are one run's output", DefaultText: "the first puzzle"},
			&ucli.IntFlag{Name: "max-tries", Value: 100_000, Usage: "give up after `N` candidates for one puzzle"},
			&ucli.DurationFlag{Name: "timeout", Usage: "stop after `DURATION` (such as 30s), keeping the puzzles made", DefaultText: "none"},
			budgetFlag(),
			quietFlag(),
			configFlag(),
		}, slices.Concat(generateSizeFlags(), killerFlags(), shardFlags(), bookFlags())...),
		Action: runGenerate,
	}
}

// generateRun is what runGenerate reads from its flags.
type generateRun struct {
	cfg      *config.Config
	gen      *generate.Generator
	opt      generate.Options
	vicinity *generate.VicinityOptions // nil: random generation
	target   generate.Target
	count    int    // puzzles of the whole run (all shards)
	seed     uint64 // --seed, or the one drawn
	workers  int
	run      generate.RunOptions // the puzzles this process makes
	part     *export.Part
	shard    shard
	format   string
	byLevel  bool
	book     *book.Options // nil without --pdf
	// builtinSeeds: the vicinity search starts from generate.HardestSeeds.
	builtinSeeds bool
	// builtinPatterns: a cold start makes its puzzles on
	// generate.HardPatterns.
	builtinPatterns bool
	// notes are said on the error stream when the run starts.
	notes []string
}

// readGenerate reads and checks generate's flags: their values, then the
// rules of the flags together (generateRules), then what those values
// name (the shard, the book, the patterns, the search's seeds).
func readGenerate(c *ucli.Context) (*generateRun, error) {
	if err := noArgs(c); err != nil {
		return nil, err
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return nil, err
	}
	r := &generateRun{cfg: cfg, format: formatOf(c, cfg.Output.Generate)}
	if err := r.readNumbers(c); err != nil {
		return nil, err
	}
	if err := r.readValues(c); err != nil {
		return nil, err
	}
	vicinity := r.vicinityMethod(c)
	line := &cmdLine{c: c, format: r.format, vicinity: vicinity, band: r.target.Rating != (sudoku.RatingRange{})}
	if err := line.check(slices.Concat(generateVariantRules, generateRules)); err != nil {
		return nil, err
	}
	if err := r.readRules(c); err != nil {
		return nil, err
	}
	if vicinity && !r.opt.Rules.IsClassic() {
		return nil, sudoku.Invalidf("--method vicinity makes classic puzzles only: puzzles of --variant %s come from random generation (--method random)", r.opt.Rules)
	}
	if err := r.readParts(c); err != nil {
		return nil, err
	}
	if _, err := export.NewWriter(r.format, export.Generate, io.Discard, export.Options{Part: r.part, Explain: c.Bool("explain")}); err != nil {
		return nil, err
	}
	if c.IsSet("pdf") {
		opt, err := bookOptions(c, r.byLevel, r.cfg)
		if err != nil {
			return nil, err
		}
		r.book = &opt
	}
	if r.opt.Patterns, err = readPatterns(c); err != nil {
		return nil, err
	}
	if vicinity {
		if err := r.readVicinity(c); err != nil {
			return nil, err
		}
	}
	r.gen, err = generate.New(cfg, r.opt)
	return r, err
}

// readNumbers reads the numbers: --count, --workers, --max-tries,
// --timeout and --start-index.
func (r *generateRun) readNumbers(c *ucli.Context) error {
	var err error
	if r.count, err = positive(c, "count"); err != nil {
		return err
	}
	if r.workers, err = positive(c, "workers"); err != nil {
		return err
	}
	if _, err := positive(c, "max-tries"); err != nil {
		return err
	}
	if c.Duration("timeout") < 0 {
		return sudoku.Invalidf("--timeout must not be negative")
	}
	if start := c.Int("start-index"); start < 0 {
		return sudoku.Invalidf("--start-index must not be negative, got %d", start)
	}
	return nil
}

// readValues reads the values that name things: the closed sets the
// command line checks (--group-by, --dedupe, --spread, --method), then
// the symmetry, the target and the seed, into the generator's options.
func (r *generateRun) readValues(c *ucli.Context) error {
	var err error
	if r.byLevel, err = groupByLevel(c); err != nil {
		return err
	}
	for _, v := range []struct {
		flag   string
		values []string
	}{{"dedupe", dedupeValues}, {"spread", spreadValues}, {"method", methodValues}} {
		if c.IsSet(v.flag) {
			if err := oneOf(v.flag, c.String(v.flag), v.values); err != nil {
				return err
			}
		}
	}
	sym, err := generate.ParseSymmetry(c.String("symmetry"))
	if err != nil {
		return err
	}
	r.target, err = generate.NewTarget(r.cfg, generate.TargetSpec{Level: c.String("level"), Rating: c.String("rating"),
		Clues: c.String("clues"), Require: c.StringSlice("require")})
	if err != nil {
		return err
	}
	r.seed = c.Uint64("seed")
	if !c.IsSet("seed") {
		r.seed = uint64(time.Now().UnixNano())
	}
	r.opt = generate.Options{Seed: r.seed, Symmetry: sym, Minimal: c.Bool("minimal"), Target: r.target,
		MaxTries: c.Int("max-tries"), Path: c.Bool("explain"), Spread: c.String("spread") == "even"}
	return nil
}

// vicinityMethod reports whether --method asks for the vicinity search
// (for targets above what random generation reaches): vicinity, or auto
// when the target calls for it or --from or --cold is given.
func (r *generateRun) vicinityMethod(c *ucli.Context) bool {
	switch c.String("method") {
	case "vicinity":
		return true
	case "auto":
		if v := c.String("variant"); v != "" && v != "classic" {
			return false // variants come from random generation
		}
		return generate.MethodFor(r.target) == generate.MethodVicinity || c.IsSet("from") || c.Bool("cold")
	}
	return false
}

// generateVariantRules are the rules of generate's --regions and
// --box-regions.
var generateVariantRules = []flagRule{
	{flag: "regions", needs: jigsawGiven, why: "goes with --variant jigsaw: it is a jigsaw's layout"},
	{flag: "box-regions", needs: allOf(jigsawGiven, anyOf(not(given("regions")), valueIs("regions", "random"))),
		why: "goes with random jigsaw layouts: --variant jigsaw without --regions, or with --regions random"},
}

// readRules reads --variant, --regions and --box-regions into the
// generator's options: a jigsaw takes the layout of --regions, or a
// random one per puzzle. When --symmetry is left at its default and a
// given layout does not keep it, the puzzles have none, and a note says
// so.
func (r *generateRun) readRules(c *ucli.Context) error {
	if regions := c.String("regions"); (regions == "" || regions == "random") && jigsawNamed(c.String("variant")) {
		l := generate.BoxLayout()
		rules, err := sudoku.ParseRules(c.String("variant"), l.String())
		if err != nil {
			return fmt.Errorf("--variant: %w", err)
		}
		r.opt.Rules, r.opt.RandomRegions, r.opt.BoxRegions = rules, true, c.Bool("box-regions")
		return nil
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	r.opt.Rules = rules
	if sym := r.opt.Symmetry; !c.IsSet("symmetry") && !c.IsSet("pattern") && !sym.Keeps(rules) {
		r.opt.Symmetry = generate.None
		r.notes = append(r.notes, fmt.Sprintf("the layout of --regions is not symmetric under %s: the puzzles have no symmetry (symmetries it keeps: %s)",
			sym, symmetryNames(generate.KeptSymmetries(rules))))
	}
	return nil
}

// jigsawNamed reports whether a list of variants names jigsaw.
func jigsawNamed(variants string) bool {
	for name := range strings.SplitSeq(variants, ",") {
		if strings.TrimSpace(name) == "jigsaw" {
			return true
		}
	}
	return false
}

// symmetryNames lists symmetries for a message, or says there are none.
func symmetryNames(list []generate.Symmetry) string {
	if len(list) == 0 {
		return "none"
	}
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}

// readVicinity sets the vicinity search up: from the puzzles of --from,
// from puzzles made on clue patterns (--cold: those of --pattern, or the
// built-in hard ones), or else from the built-in list of the hardest
// puzzles.
func (r *generateRun) readVicinity(c *ucli.Context) error {
	r.vicinity = &generate.VicinityOptions{Workers: r.workers, Key: canon.Key, MaxShared: generate.MaxSharedFor(r.count, c.Bool("diverse"))}
	if c.Bool("cold") {
		r.vicinity.ColdPatterns = r.opt.Patterns
		if len(r.vicinity.ColdPatterns) == 0 {
			r.vicinity.ColdPatterns = generate.HardPatterns()
			r.builtinPatterns = true
		}
	}
	if c.IsSet("from") {
		for p, err := range sudoku.Inputs([]string{c.String("from")}, nil) {
			if err != nil {
				return fmt.Errorf("--from: %w", err)
			}
			if !p.Rules.IsClassic() {
				return sudoku.Invalidf("--from: %s:%d: variant %s: the vicinity search starts from classic puzzles", p.Source, p.Line, p.Rules)
			}
			r.vicinity.From = append(r.vicinity.From, p.Grid)
		}
		if len(r.vicinity.From) == 0 {
			return sudoku.Invalidf("--from %s holds no puzzle", c.String("from"))
		}
	} else if !c.Bool("cold") {
		r.vicinity.From, r.vicinity.FromRatings = generate.HardestSeedsFor(r.cfg)
		r.builtinSeeds = true
	}
	return nil
}

func runGenerate(c *ucli.Context) error {
	if sizedGenerate(c) {
		return runGenerateSized(c)
	}
	if killerGenerate(c) {
		return runGenerateKiller(c)
	}
	for _, name := range []string{"cage-size", "givens"} {
		if c.IsSet(name) {
			return sudoku.Invalidf("--%s goes with --variant killer: it shapes a killer's cages and givens", name)
		}
	}
	r, err := readGenerate(c)
	if err != nil {
		return err
	}
	s := newSession(c)
	if !c.IsSet("seed") {
		s.note("--seed %d", r.seed) // the seed drawn: it makes the same puzzles again
	}
	for _, n := range r.notes {
		s.note("%s", n)
	}
	rowsDest, pdfDest, err := r.open(s)
	defer rowsDest.abort()
	defer pdfDest.abort()
	if err != nil {
		return err
	}
	adder, closeBank, err := generateBank(c, s)
	if err != nil {
		return err
	}
	defer closeBank()
	ctx := c.Context
	if d := c.Duration("timeout"); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	var status atomic.Pointer[generate.VicinityStatus]
	s.startProgress(ctx, "generating", r.run.Count, func() string {
		if st := status.Load(); st != nil {
			return fmt.Sprintf("pool %d, best ER %s, %s rated", st.Pool, st.Best, export.Thousands(st.Rated))
		}
		return tries(r.gen.Tries())
	})
	w, _ := export.NewWriter(r.format, export.Generate, writerOr(rowsDest), export.Options{WithSolution: c.Bool("with-solution"), Part: r.part, Explain: c.Bool("explain"),
		Width: rowsDest.width(s)})
	out := newRowSink(rowsDest, w)
	sum := grade.NewSummary()
	var entries []book.Entry
	missed := map[sudoku.Rating]int{}
	st, runErr := r.runner(ctx, s, &status)(func(p generate.Puzzle) error {
		s.progress.increment()
		if p.Aimed != 0 && p.Result.ER.Tenths() != p.Aimed.Tenths() {
			missed[sudoku.RatingOfTenths(p.Aimed.Tenths())]++
		}
		sum.Add(p.Result)
		if r.book != nil {
			// A generated puzzle is graded: it always has an entry.
			e, _, err := bookgrade.Entry(p.Grid, p.Solution, p.Result)
			if err != nil {
				return fmt.Errorf("puzzle %d for the book: %w", p.Index, err)
			}
			e.Rules = p.Rules
			entries = append(entries, e)
		}
		if adder != nil {
			if err := addGenerated(adder, p); err != nil {
				return err
			}
		}
		return out.Write(export.Record{Puzzle: sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules}, Grade: &p.Result, Generated: &p})
	})
	var trailer func(io.Writer) error
	if r.shard.on() {
		trailer = func(w io.Writer) error { return r.shard.end(w, c.Int("start-index"), r.count) }
	}
	runErr = out.finish(runErr, trailer)
	if adder != nil {
		runErr = firstErr(runErr, adder.Commit())
		s.note("%s added to the bank, %s of stored ones", export.Count(adder.Added, "puzzle"), export.Count(adder.Duplicates, "duplicate"))
	}
	s.stopProgress()
	runErr = firstErr(runErr, r.writeBook(pdfDest, entries))
	r.note(s, st)
	noteMissed(s, missed, c.Int("max-tries")/20)
	if c.Bool("summary") && (runErr == nil || st.Made > 0) {
		runErr = firstErr(runErr, s.summary(rowsDest, r.format, export.Summary{Job: export.Generate, Grade: sum,
			Levels: r.cfg.LevelNames(), GroupByLevel: r.byLevel, Wall: st.Elapsed, Asked: r.count, Made: st.Made, Tries: st.Tries}))
	}
	return r.outcome(s, st, runErr)
}

// open opens the destinations of the rows (unless only the summary goes
// to standard output) and of the --pdf book.
func (r *generateRun) open(s *session) (rows, pdf *destination, err error) {
	c := s.c
	if !c.Bool("summary") || c.IsSet("output") {
		if rows, err = s.open(c.String("output"), false); err != nil {
			return nil, nil, err
		}
	}
	if r.book != nil {
		if pdf, err = s.open(c.String("pdf"), true); err != nil {
			return rows, nil, err
		}
	}
	return rows, pdf, nil
}

// runner returns the run that makes the puzzles: random generation, or
// the vicinity search, which says where it starts from and how its pool
// goes (in status).
func (r *generateRun) runner(ctx context.Context, s *session, status *atomic.Pointer[generate.VicinityStatus]) func(emit func(generate.Puzzle) error) (generate.Stats, error) {
	if r.vicinity == nil {
		return func(emit func(generate.Puzzle) error) (generate.Stats, error) { return r.gen.Run(ctx, r.run, emit) }
	}
	if len(r.vicinity.ColdPatterns) > 0 {
		which := "the clue patterns of --pattern"
		if r.builtinPatterns {
			which = "the built-in hard clue patterns"
		}
		s.note("starting cold, from puzzles made on %s (the first puzzles may take minutes)", which)
	}
	if r.builtinSeeds {
		s.note("starting from the built-in list of the %d hardest puzzles of 2011 (--from FILE for others, --cold to start without a list)", len(r.vicinity.From))
	}
	r.vicinity.Progress = func(st generate.VicinityStatus) { status.Store(&st) }
	return func(emit func(generate.Puzzle) error) (generate.Stats, error) {
		return r.gen.Vicinity(ctx, r.count, *r.vicinity, emit)
	}
}

// outcome is the error a run ends with: a timeout or a target given up on
// is reported, with what to do, and fails the run (the puzzles made are
// kept).
func (r *generateRun) outcome(s *session, st generate.Stats, runErr error) error {
	switch {
	case errors.Is(runErr, context.DeadlineExceeded) && s.c.Context.Err() == nil:
		s.report(fmt.Errorf("--timeout reached after %d of %d puzzles", st.Made, r.run.Count))
		return ErrFailed
	case errors.Is(runErr, generate.ErrRepeats):
		s.report(fmt.Errorf("--dedupe: %w: ask for fewer, or widen the options", runErr))
		return ErrFailed
	case errors.Is(runErr, generate.ErrGaveUp):
		advice := "raise --max-tries or widen the target"
		if r.vicinity != nil {
			advice = "raise --max-tries or start from harder puzzles (--from)"
		}
		s.report(fmt.Errorf("%w (%s)", runErr, advice))
		return ErrFailed
	}
	return runErr
}

// noteMissed tells which ratings of an even spread were too rare to find.
func noteMissed(s *session, missed map[sudoku.Rating]int, tries int) {
	for _, r := range slices.Sorted(maps.Keys(missed)) {
		s.note("--spread even: ER %s is rare: not found within %s candidates for %d of the puzzles aimed at it, which took another rating of the band",
			r, export.Thousands(int64(tries)), missed[r])
	}
}

// readPatterns reads --pattern: a pattern itself, or a file of them.
func readPatterns(c *ucli.Context) ([]generate.Pattern, error) {
	if !c.IsSet("pattern") {
		return nil, nil
	}
	arg := c.String("pattern")
	if p, err := generate.ParsePattern(arg); err == nil {
		return []generate.Pattern{p}, nil
	} else if _, statErr := os.Stat(arg); statErr != nil {
		if len(arg) >= 81 {
			return nil, fmt.Errorf("--pattern: %w", err)
		}
		return nil, sudoku.Invalidf("--pattern %q is neither a pattern of 81 cells nor a file: %v", arg, statErr)
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, sudoku.Invalid(err) // the file the flag names does not open
	}
	defer f.Close()
	return generate.ReadPatterns(f, arg)
}

// readParts reads --dedupe, --start-index and --shard: which of the run's
// puzzles this process makes, and how its rows join the other parts'.
func (r *generateRun) readParts(c *ucli.Context) error {
	r.run = generate.RunOptions{Count: r.count, Workers: r.workers}
	if c.IsSet("dedupe") {
		r.run.Dedupe = true
		if c.String("dedupe") == "isomorphs" {
			r.run.Key = r.isomorphKey()
		}
	}
	sh, err := readShard(c)
	if err != nil {
		return err
	}
	r.shard = sh
	if !sh.on() && !c.IsSet("start-index") {
		return nil
	}
	r.run.Start = c.Int("start-index")
	r.part = &export.Part{First: r.run.Start}
	if sh.on() {
		r.run.Start += sh.k
		r.run.Step = sh.n
		r.run.Count = max(0, (r.count-sh.k+sh.n-1)/sh.n)
		r.part = &export.Part{First: r.run.Start, Step: sh.n, Indexed: true}
	}
	return nil
}

// isomorphKey returns the key of --dedupe isomorphs: a puzzle's canonical
// form under its rules' symmetry group (canon.GroupOf: for a variant, the
// transformations that keep its rules; a jigsaw's layout turns along), or
// the puzzle itself under rules whose group is not known, which a note
// says.
func (r *generateRun) isomorphKey() func(sudoku.Rules, sudoku.Grid) string {
	if _, err := canon.GroupOf(r.opt.Rules); err != nil {
		r.notes = append(r.notes, fmt.Sprintf("--dedupe isomorphs: %v; puzzles count as the same only when equal (--dedupe exact)", err))
		return nil
	}
	return func(rules sudoku.Rules, g sudoku.Grid) string {
		group, err := canon.GroupOf(rules)
		if err != nil {
			return g.String() + rules.Label()
		}
		return group.Key(g)
	}
}

// writeBook writes the --pdf book of the puzzles made, if any.
func (r *generateRun) writeBook(dest *destination, entries []book.Entry) error {
	if r.book == nil || len(entries) == 0 {
		return nil
	}
	if r.book.Title == "" {
		r.book.Title = bookTitle(len(entries), r.target, r.opt.Rules)
	}
	r.book.Imprint = fmt.Sprintf("sudokit generate --seed %d", r.seed)
	book.Arrange(entries, r.cfg.LevelNames(), *r.book)
	return firstErr(book.Write(dest, "pdf", entries, *r.book), dest.commit(true))
}

// note tells how the run went, on the error stream unless -q.
func (r *generateRun) note(s *session, st generate.Stats) {
	if st.Made == 0 {
		s.note("generated 0 of %s in %s, %s tried", export.Count(r.run.Count, "puzzle"), export.Duration(st.Elapsed),
			export.Count(st.Tries, "candidate"))
		return
	}
	s.note("generated %d of %s in %s (%s each, %s puzzles/s), %s tried", st.Made, export.Count(r.run.Count, "puzzle"),
		export.Duration(st.Elapsed), export.Duration(st.Elapsed/time.Duration(st.Made)),
		export.Rate(float64(st.Made)/st.Elapsed.Seconds()), export.Count(st.Tries, "candidate"))
}

// bookTitle names a generated book after its target and rules: "12 hard
// sudoku", "12 hard x sudoku".
func bookTitle(n int, t generate.Target, rules sudoku.Rules) string {
	what := "sudoku"
	if !rules.IsClassic() {
		what = strings.ReplaceAll(rules.String(), ",", " ") + " sudoku"
	}
	if d := t.String(); d != "" {
		return fmt.Sprintf("%d %s %s", n, d, what)
	}
	return fmt.Sprintf("%d %s", n, what)
}
