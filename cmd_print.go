package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"sudokit/batch"
	"sudokit/config"
	"sudokit/export"
	"sudokit/grade"
	"sudokit/solve"
	"sudokit/sudoku"
	"sudokit/techniques"
)

// printFormats are the outputs of `sudokit print`.
var printFormats = []string{"pdf", "svg", "html"}

// bookFlags are the layout flags shared by print and generate --pdf.
func bookFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "paper", Value: "a4", Usage: "paper size: a4 or letter"},
		&cli.IntFlag{Name: "per-page", Value: 4, Usage: "puzzles per page: 1, 2, 4 or 6"},
		&cli.StringFlag{Name: "title", Usage: "book `TITLE`, on a title page and in page headers"},
		&cli.BoolFlag{Name: "group-by-level", Usage: "order the puzzles from easy to hard, each level starting a page"},
	}
}

func printCommand() *cli.Command {
	return &cli.Command{
		Name:      "print",
		Usage:     "make a printable book (PDF), an SVG sheet or images, or an HTML page of puzzles, with solutions",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles in any format grade and generate read, rates those whose
label carries no SE rating (ED=ER/EP/ED), and lays them out: numbered, with
level and rating, 1, 2, 4 or 6 per page, page headers and numbers, and the
solutions at the back under the same numbers. Invalid or non-unique puzzles
are reported and left out.

Formats: pdf (needs -o; the same input and flags give the same bytes), svg (a
sheet, or one file per puzzle when -o is a directory ending in /), html (a
print-ready page with CSS for A4 or Letter).`,
		Flags: append(bookFlags(),
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "pdf", Usage: "output: " + strings.Join(printFormats, ", ")},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (a directory ending in / for one SVG per puzzle)"},
			&cli.IntFlag{Name: "workers", Aliases: []string{"j"}, Value: runtime.NumCPU(), Usage: "grade on `N` goroutines"},
			budgetFlag,
			configFlag,
		),
		OnUsageError: onUsageError,
		Action:       runPrint,
	}
}

// bookOptions reads the layout flags.
func bookOptions(c *cli.Context) (export.BookOptions, error) {
	opt := export.BookOptions{Title: c.String("title"), Paper: strings.ToLower(c.String("paper")),
		PerPage: c.Int("per-page"), Sections: c.Bool("group-by-level")}
	if err := opt.Check(); err != nil {
		return opt, usageError{err}
	}
	return opt, nil
}

func runPrint(c *cli.Context) error {
	format, out := c.String("format"), c.String("output")
	if !slices.Contains(printFormats, format) {
		return usagef("unknown --format %q (want one of %s)", format, strings.Join(printFormats, ", "))
	}
	if format == "pdf" && out == "" {
		return usagef("a PDF needs -o FILE")
	}
	opt, err := bookOptions(c)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	grader, err := grade.NewGrader(cfg)
	if err != nil {
		return usageError{fmt.Errorf("config: %w", err)}
	}
	if err := applyBudget(c, grader); err != nil {
		return err
	}

	var book []export.BookPuzzle
	failed := false
	err = batch.Run(c.Context, batch.Options{Workers: c.Int("workers"), Chunk: 1}, inputItems(c),
		func(it inputItem) bookItem {
			if it.err != nil {
				return bookItem{err: it.err}
			}
			return bookEntry(it.p, grader, cfg)
		},
		func(e bookItem) error {
			if e.err != nil {
				failed = true
				fmt.Fprintf(c.App.ErrWriter, "sudokit: %v\n", e.err)
				return nil
			}
			book = append(book, e.book)
			return nil
		})
	if err != nil {
		return err
	}
	if opt.Sections {
		orderByLevel(book, cfg)
	}
	for i := range book {
		book[i].Number = i + 1
	}
	if err := writeBook(c, book, opt, format, out); err != nil {
		return err
	}
	if failed {
		return errItemsFailed
	}
	return nil
}

// bookItem is a puzzle ready for a book, or why it cannot go in.
type bookItem struct {
	book export.BookPuzzle
	err  error
}

// bookEntry turns a puzzle into a book entry: its solution (it must be
// unique) and its rating (from its label, else graded).
func bookEntry(p sudoku.Puzzle, grader *grade.Grader, cfg *config.Config) (e bookItem) {
	where := fmt.Sprintf("%s:%d", p.Source, p.Line)
	r := solve.Count(p.Grid, 2)
	switch r.Count {
	case 0:
		e.err = fmt.Errorf("%s: no solution, left out", where)
		return e
	case 2:
		e.err = fmt.Errorf("%s: several solutions, left out", where)
		return e
	}
	e.book = export.BookPuzzle{Grid: p.Grid, Solution: r.Solution}
	if er, _, _, ok := grade.RatingFromLabel(p.Label); ok {
		e.book.Rating, e.book.Level = techniques.FormatRating(er), cfg.Level(er)
		return e
	}
	res := grader.Grade(p.Grid, false, false)
	switch res.Status {
	case grade.Rated:
		e.book.Rating, e.book.Level = techniques.FormatRating(res.ER), res.Level
	case grade.Beyond:
		e.book.Rating, e.book.Level = techniques.FormatRating(grade.MinBeyond), res.Level
	}
	return e
}

// orderByLevel sorts entries by the configured level order, easiest first,
// keeping the input order within a level.
func orderByLevel(book []export.BookPuzzle, cfg *config.Config) {
	rank := map[string]int{}
	for i, l := range cfg.LevelNames() {
		rank[l] = i
	}
	sort.SliceStable(book, func(i, j int) bool {
		ri, ok := rank[book[i].Level]
		if !ok {
			ri = len(rank)
		}
		rj, ok := rank[book[j].Level]
		if !ok {
			rj = len(rank)
		}
		return ri < rj
	})
}

// writeBook writes the book in a format; files go through a temporary file
// renamed at the end.
func writeBook(c *cli.Context, book []export.BookPuzzle, opt export.BookOptions, format, out string) error {
	if format == "svg" && strings.HasSuffix(out, "/") {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
		for _, p := range book {
			f, err := export.CreateAtomic(filepath.Join(out, fmt.Sprintf("puzzle-%03d.svg", p.Number)))
			if err != nil {
				return err
			}
			if err := export.WriteSVGPuzzle(f, p); err != nil {
				f.Abort()
				return err
			}
			if err := f.Commit(); err != nil {
				return err
			}
		}
		return nil
	}
	write := func(w io.Writer) error {
		switch format {
		case "pdf":
			return export.WritePDF(w, book, opt)
		case "svg":
			return export.WriteSVGSheet(w, book, opt.Title)
		}
		return export.WriteHTML(w, book, opt)
	}
	if out == "" {
		return write(c.App.Writer)
	}
	f, err := export.CreateAtomic(out)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
