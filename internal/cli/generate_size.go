package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// generateSizeFlags are generate's flags for puzzles of other sizes.
func generateSizeFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "size", Usage: "make `N`xN puzzles: 4, 6, 8, 9, 10, 12, 16 or 25 (each size's levels: sudokit help generate)", DefaultText: "9, classic"},
		&ucli.StringFlag{Name: "box", Usage: "boxes of `RxC` cells where a size has two shapes (6: 2x3 or 3x2; 8: 2x4 or 4x2; 12: 3x4 or 4x3); alone, the size is RxC's", DefaultText: "the size's usual box, rows the smaller side"},
		&ucli.StringFlag{Name: "alphabet", Usage: "write the digits of other sizes in `ALPHABET`: 1-9A-Z (10 is A, 16 is G) or 0-F (0 is 1, F is 16, as common 16x16 sets)", DefaultText: "1-9A-Z"},
	}
}

// sizedGenerate reports whether generate makes puzzles of another size
// than classic's: --size other than 9, --box or --alphabet. (--size 9
// alone is classic generation, with every flag.)
func sizedGenerate(c *ucli.Context) bool {
	return (c.IsSet("size") && strings.TrimSpace(c.String("size")) != "9") || c.IsSet("box") || c.IsSet("alphabet")
}

// sizeOf returns the size generate --size makes: --size, else the size
// of the shape whose box is --box (3x2: 6), else 9.
func sizeOf(c *ucli.Context) string {
	if c.IsSet("size") {
		return c.String("size")
	}
	box := strings.TrimSpace(c.String("box"))
	for _, s := range sudoku.Shapes() {
		if strings.EqualFold(s.Box(), box) {
			return strconv.Itoa(s.N())
		}
	}
	return "9"
}

// sizedFlags are the flags that go with --size; the others concern
// classic puzzles (or need the grader at sizes) and are refused.
var sizedFlags = map[string]bool{
	"size": true, "box": true, "alphabet": true, "count": true, "level": true, "clues": true, "symmetry": true,
	"minimal": true, "seed": true, "format": true, "output": true, "with-solution": true, "dedupe": true,
	"workers": true, "start-index": true, "max-tries": true, "timeout": true, "quiet": true, "config": true,
	"variant": true, "cage-size": true, "regions": true, "box-regions": true,
}

// readSizedRegions reads --regions for generate --size N --variant
// jigsaw: a layout of N×N region ids (1-9 then letters), a file that
// holds one, or random (the default: a layout of its own for each
// puzzle); nil for random.
func readSizedRegions(c *ucli.Context, shape sudoku.Shape, jigsaw bool) ([]uint8, error) {
	if !jigsaw {
		for _, name := range []string{"regions", "box-regions"} {
			if c.IsSet(name) {
				return nil, sudoku.Invalidf("--%s goes with --variant jigsaw: it is a jigsaw's layout", name)
			}
		}
		return nil, nil
	}
	if c.IsSet("dedupe") && c.String("dedupe") == "isomorphs" {
		return nil, sudoku.Invalidf("--dedupe isomorphs does not go with --variant jigsaw at --size %d (give --dedupe exact)", shape.N())
	}
	text := c.String("regions")
	if text == "" || text == "random" {
		return nil, nil
	}
	if c.IsSet("box-regions") {
		return nil, sudoku.Invalidf("--box-regions goes with random jigsaw layouts: --variant jigsaw without --regions, or with --regions random")
	}
	if st, err := os.Stat(text); err == nil && !st.IsDir() {
		if st.Size() > maxRegionsFile*8 {
			return nil, sudoku.Invalidf("--regions %s: a file of %d bytes is no regions layout", text, st.Size())
		}
		data, err := os.ReadFile(text)
		if err != nil {
			return nil, sudoku.Invalid(fmt.Errorf("--regions: %w", err))
		}
		text = string(data)
	}
	regions, err := shape.ParseRegions(text)
	if err != nil {
		return nil, fmt.Errorf("--regions: %w", err)
	}
	return regions, nil
}

// sizedKillerFlags are the flags of generate --size --variant killer
// beside the run's: a small killer has no givens, level or rating.
var sizedKillerRefused = []string{"level", "rating", "clues", "symmetry", "minimal"}

// boardRater returns the function that rates sized puzzles for --rating
// with --size, on Sudoku Explainer's scale: the grader at sizes
// (grade.Board; generate.BoardOptions.Rate). A board beyond what the
// grader's ladder covers at its size rates 20.0, as SE writes for a
// puzzle its rules cannot finish, so it falls in a band only when the
// band reaches 20.0. The generator checks uniqueness itself.
var boardRater = func(*config.Config) (func(sudoku.Board) (sudoku.Rating, error), error) {
	return func(b sudoku.Board) (sudoku.Rating, error) {
		res, err := grade.Board(context.Background(), b, grade.Options{Unique: true})
		if err != nil {
			return 0, err
		}
		if res.Status == grade.Beyond {
			return sudoku.RatingBeyond, nil
		}
		return res.ER, nil
	}, nil
}

// sizedRun is what runGenerateSized reads from its flags.
type sizedRun struct {
	opt      generate.BoardOptions
	level    string                       // the level asked for, of the size's levels ("" for any)
	showER   bool                         // --rating: lines carry ER=
	killer   *generate.BoardKillerOptions // with --variant killer
	run      generate.RunOptions
	alphabet sudoku.Alphabet
	format   string
	seed     uint64
	// symmetryDropped: --minimal at 10x10 and up without --symmetry makes
	// puzzles without one.
	symmetryDropped bool
}

// readSized reads and checks the flags of generate --size.
func readSized(c *ucli.Context) (*sizedRun, error) {
	if err := noArgs(c); err != nil {
		return nil, err
	}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		if c.IsSet(name) && !sizedFlags[name] && (name != "rating" || boardRater == nil) {
			return nil, sudoku.Invalidf("--%s does not go with --size: puzzles of other sizes take --level, --rating, --clues, --symmetry, --minimal and --variant jigsaw (with --regions, --box-regions), x or killer (not yet techniques)", name)
		}
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return nil, err
	}
	shape, err := sudoku.ParseShape(sizeOf(c), c.String("box"))
	if err != nil {
		return nil, fmt.Errorf("--size: %w", err)
	}
	v, err := sudoku.ParseBoardVariants(c.String("variant"), shape)
	if err != nil {
		return nil, fmt.Errorf("--variant with --size %d: %w", shape.N(), err)
	}
	x, killer := v.X, v.Killer
	regions, err := readSizedRegions(c, shape, v.Jigsaw)
	if err != nil {
		return nil, err
	}
	if c.IsSet("cage-size") && !killer {
		return nil, sudoku.Invalidf("--cage-size goes with --variant killer: it shapes a killer's cages")
	}
	r := &sizedRun{format: formatOf(c, cfg.Output.Generate), seed: c.Uint64("seed")}
	if r.format != "line" && r.format != "json" {
		if c.IsSet("format") {
			return nil, sudoku.Invalidf("--format %s does not go with --size: puzzles of other sizes are written as line or json", r.format)
		}
		r.format = "line"
	}
	if !c.IsSet("seed") {
		r.seed = uint64(time.Now().UnixNano())
	}
	if r.alphabet, err = sudoku.ParseAlphabet(c.String("alphabet")); err != nil {
		return nil, fmt.Errorf("--alphabet: %w", err)
	}
	sym, err := generate.ParseSymmetry(c.String("symmetry"))
	if err != nil {
		return nil, err
	}
	if c.Bool("minimal") && shape.N() >= 10 && !c.IsSet("symmetry") {
		sym, r.symmetryDropped = generate.None, true
	}
	r.opt = generate.BoardOptions{Shape: shape, X: x, Seed: r.seed, Symmetry: sym, Minimal: c.Bool("minimal"),
		MaxTries: c.Int("max-tries"), Jigsaw: v.Jigsaw, Regions: regions, BoxRegions: c.Bool("box-regions")}
	if killer {
		for _, name := range sizedKillerRefused {
			if c.IsSet(name) {
				return nil, sudoku.Invalidf("--%s does not go with --variant killer at --size %d: small killers have no givens and are not graded yet (the killer techniques are 9x9's)", name, shape.N())
			}
		}
		r.killer = &generate.BoardKillerOptions{Shape: shape, X: x, Seed: r.seed, MaxTries: c.Int("max-tries")}
		if c.IsSet("cage-size") {
			lo, hi, err := generate.ParseCageSize(c.String("cage-size"))
			if err != nil {
				return nil, fmt.Errorf("--cage-size: %w", err)
			}
			r.killer.MinCage, r.killer.MaxCage = lo, hi
		}
		if _, err := generate.BoardKillers(*r.killer); err != nil {
			return nil, fmt.Errorf("--variant killer: %w", err)
		}
		return r, r.readRun(c)
	}
	if c.IsSet("clues") {
		if r.opt.MinGivens, r.opt.MaxGivens, err = generate.ParseGivens(c.String("clues"), shape); err != nil {
			return nil, fmt.Errorf("--clues: %w", err)
		}
	}
	if err := r.readLevel(c, cfg); err != nil {
		return nil, err
	}
	if err := r.readRun(c); err != nil {
		return nil, err
	}
	return r, nil
}

// readLevel reads --level, a level of the size's levels in config.yaml,
// and --rating: the technique to dig by, and the band the grader keeps
// candidates in when the digging alone does not keep them there
// (generate.PlanBoardLevel), or when --rating asks.
func (r *sizedRun) readLevel(c *ucli.Context, cfg *config.Config) error {
	levels := cfg.AtSize(r.opt.Shape.N())
	var band sudoku.RatingRange
	rate := false
	if c.IsSet("rating") {
		t, err := generate.NewTarget(cfg, generate.TargetSpec{Rating: c.String("rating")})
		if err != nil {
			return err
		}
		band, rate, r.showER = t.Rating, true, true
	}
	if r.level = c.String("level"); r.level != "" {
		lband, ok := levels.LevelRange(r.level)
		if !ok {
			return sudoku.Invalidf("--level %s: %s puzzles have the levels %s (config.yaml's sizes)",
				r.level, r.opt.Shape, strings.Join(levels.LevelNames(), ", "))
		}
		if rate {
			var meet bool
			if band, meet = generate.IntersectRatings(lband, band); !meet {
				return sudoku.Invalidf("--rating %s is outside level %s of %s puzzles (%v)", c.String("rating"), r.level, r.opt.Shape, lband)
			}
		} else {
			band = lband
		}
		plan := generate.PlanBoardLevel(r.level, band)
		r.opt.Level, rate = plan.Dig, rate || plan.Rate
	}
	if rate {
		var err error
		if r.opt.Rate, err = boardRater(cfg); err != nil {
			return err
		}
		r.opt.Rating = band
	}
	return nil
}

// readRun reads the numbers of the run: --count, --workers, --max-tries,
// --timeout, --start-index and --dedupe.
func (r *sizedRun) readRun(c *ucli.Context) error {
	count, err := positive(c, "count")
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	if _, err := positive(c, "max-tries"); err != nil {
		return err
	}
	if c.Duration("timeout") < 0 {
		return sudoku.Invalidf("--timeout must not be negative")
	}
	start := c.Int("start-index")
	if start < 0 {
		return sudoku.Invalidf("--start-index must not be negative, got %d", start)
	}
	r.run = generate.RunOptions{Count: count, Workers: workers, Start: start, Dedupe: c.IsSet("dedupe")}
	switch d := c.String("dedupe"); {
	case !c.IsSet("dedupe") || d == "exact" || d == "":
	case d == "isomorphs":
		// The same up to the size's isomorphisms (canon.MinlexBoard); a
		// board whose form search is too large (canon.ErrTooLarge) is
		// compared as it is.
		r.run.BoardKey = canon.BoardKey
	default:
		return sudoku.Invalidf("--dedupe %s: want exact or isomorphs", d)
	}
	return nil
}

// runGenerateSized makes puzzles of another size than 9x9 (generate
// --size) and writes them as lines or JSON rows.
func runGenerateSized(c *ucli.Context) error {
	r, err := readSized(c)
	if err != nil {
		return err
	}
	if r.killer != nil {
		return runGenerateSizedKiller(c, r)
	}
	gen, err := generate.NewBoards(r.opt)
	if err != nil {
		return err
	}
	s := newSession(c)
	if !c.IsSet("seed") {
		s.note("--seed %d", r.seed) // the seed drawn: it makes the same puzzles again
	}
	if r.symmetryDropped {
		s.note("--minimal at %s: minimal puzzles with a symmetry are very rare at this size (none in 242 candidates at 16x16), so these have none; --symmetry asks for one anyway", r.opt.Shape)
	}
	if r.opt.Shape.N() == 25 && r.opt.Level == "" {
		s.note("25x25 puzzles dug to the end take many minutes each (the uniqueness searches on sparse boards); --level hard makes them in about a second")
	}
	gaveUp := fmt.Sprintf("%s reaches %s; raise --max-tries or widen --clues", r.opt.Shape, reachedLevels(r.opt.Shape))
	return writeGenerated(s, r.run, gen.Tries, gen.Run, func(p generate.BoardPuzzle) (string, error) {
		return r.row(p, c.Bool("with-solution"))
	}, gaveUp)
}

// runGenerateSizedKiller makes killers of 4x4, 6x6 or 8x8 (generate
// --size N --variant killer) and writes them as lines or JSON rows.
func runGenerateSizedKiller(c *ucli.Context, r *sizedRun) error {
	gen, err := generate.BoardKillers(*r.killer)
	if err != nil {
		return err
	}
	s := newSession(c)
	if !c.IsSet("seed") {
		s.note("--seed %d", r.seed)
	}
	return writeGenerated(s, r.run, gen.Tries, gen.Run, func(p generate.BoardKiller) (string, error) {
		return r.row(generate.BoardPuzzle{Index: p.Index, Seed: p.Seed, Board: p.Board, Solution: p.Solution,
			Symmetry: generate.None, Tries: p.Tries}, c.Bool("with-solution"))
	}, "raise --max-tries or widen --cage-size")
}

// writeGenerated runs a generator of other puzzles than classic ones
// (sizes, killers) for generate: -o written whole, --timeout, progress,
// one line or row per puzzle (row), and the run's note; gaveUp says
// what to do when the generator gives up.
func writeGenerated[P any](s *session, opt generate.RunOptions, triesSoFar func() int64,
	run func(context.Context, generate.RunOptions, func(P) error) (generate.Stats, error),
	row func(P) (string, error), gaveUp string) error {
	c, count := s.c, opt.Count
	dest, err := s.open(c.String("output"), false)
	defer dest.abort()
	if err != nil {
		return err
	}
	ctx := c.Context
	if d := c.Duration("timeout"); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	s.startProgress(ctx, "generating", count, func() string { return tries(triesSoFar()) })
	w := bufio.NewWriter(dest)
	out := &rowSink{dest: dest, flush: w.Flush}
	st, runErr := run(ctx, opt, func(p P) error {
		s.progress.increment()
		line, err := row(p)
		if err != nil {
			return err
		}
		if _, err := w.WriteString(line); err != nil {
			return err
		}
		out.add(1)
		return nil
	})
	runErr = out.finish(runErr, nil)
	s.stopProgress()
	noteSized(s, count, st)
	switch {
	case errors.Is(runErr, context.DeadlineExceeded) && c.Context.Err() == nil:
		s.report(fmt.Errorf("--timeout reached after %d of %d puzzles", st.Made, count))
		return ErrFailed
	case errors.Is(runErr, generate.ErrRepeats):
		s.report(fmt.Errorf("--dedupe: %w: ask for fewer, or widen the options", runErr))
		return ErrFailed
	case errors.Is(runErr, generate.ErrGaveUp):
		s.report(fmt.Errorf("%w (%s)", runErr, gaveUp))
		return ErrFailed
	}
	return runErr
}

// reachedLevels says which levels a shape reaches, for the message of a
// run that gave up.
func reachedLevels(s sudoku.Shape) string {
	switch s.N() {
	case 4:
		return "easy only"
	case 6:
		return "easy, medium seldom and hard hardly ever"
	}
	return "every level"
}

// sizedRow is the JSON row of a sized puzzle.
type sizedRow struct {
	Seed     uint64         `json:"seed"`
	Index    int            `json:"index"`
	Size     int            `json:"size"`
	Box      string         `json:"box,omitempty"`
	Puzzle   string         `json:"puzzle"`
	Solution string         `json:"solution,omitempty"`
	Givens   int            `json:"givens"`
	Variant  []string       `json:"variant,omitempty"`
	Regions  string         `json:"regions,omitempty"`
	Cages    []cageRow      `json:"cages,omitempty"`
	Symmetry string         `json:"symmetry,omitempty"`
	Level    string         `json:"level,omitempty"`
	ER       *sudoku.Rating `json:"er,omitempty"`
	Tries    int            `json:"tries"`
}

// cageRow is a cage of a JSON row, as the reader reads it: {"sum": 7,
// "cells": ["r1c1", "r2c1"]}.
type cageRow struct {
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
}

// row writes a sized puzzle as a line: the puzzle, its solution when
// asked, box=RxC for a shape whose box is not the usual one, its
// variants (variant=x, variant=killer cages=...), the level, and
// seed:index; or as a JSON row.
func (r *sizedRun) row(p generate.BoardPuzzle, withSolution bool) (string, error) {
	box := ""
	if !p.Board.Shape.IsUsual() {
		box = p.Board.Shape.Box()
	}
	if r.format == "json" {
		row := sizedRow{Seed: p.Seed, Index: p.Index, Size: p.Board.Shape.N(), Box: box, Puzzle: p.Board.Format(r.alphabet),
			Givens: p.Board.Givens(), Variant: p.Board.Variants(), Level: r.level, Tries: p.Tries}
		if r.killer == nil {
			row.Symmetry = p.Symmetry.String()
		}
		if p.Board.Regions != nil {
			row.Regions = p.Board.Shape.FormatRegions(p.Board.Regions)
		}
		for _, cg := range p.Board.Cages {
			j := cageRow{Sum: cg.Sum}
			for _, cell := range cg.Cells {
				j.Cells = append(j.Cells, p.Board.Shape.CellName(cell))
			}
			row.Cages = append(row.Cages, j)
		}
		if withSolution {
			row.Solution = p.Solution.Format(r.alphabet)
		}
		if r.showER {
			row.ER = &p.Rating
		}
		b, err := json.Marshal(row)
		return string(b) + "\n", err
	}
	fields := []string{p.Board.Format(r.alphabet)}
	if withSolution {
		fields = append(fields, p.Solution.Format(r.alphabet))
	}
	if box != "" {
		fields = append(fields, "box="+box)
	}
	if l := p.Board.RulesLabel(); l != "" {
		fields = append(fields, l)
	}
	if r.showER {
		fields = append(fields, "ER="+p.Rating.String())
	}
	if r.level != "" {
		fields = append(fields, r.level)
	}
	fields = append(fields, fmt.Sprintf("%d:%d", p.Seed, p.Index))
	return strings.Join(fields, " ") + "\n", nil
}

// noteSized tells how a sized run went, on the error stream unless -q.
func noteSized(s *session, asked int, st generate.Stats) {
	if st.Made == 0 {
		s.note("generated 0 of %s in %s, %s tried", export.Count(asked, "puzzle"), export.Duration(st.Elapsed), export.Count(st.Tries, "candidate"))
		return
	}
	s.note("generated %d of %s in %s (%s each, %s puzzles/s), %s tried", st.Made, export.Count(asked, "puzzle"),
		export.Duration(st.Elapsed), export.Duration(st.Elapsed/time.Duration(st.Made)),
		export.Rate(float64(st.Made)/st.Elapsed.Seconds()), export.Count(st.Tries, "candidate"))
}
