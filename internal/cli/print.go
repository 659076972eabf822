package cli

import (
	"fmt"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/grade"
)

// bookFlags are the layout flags of print and generate --pdf.
func bookFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "paper", Value: "a4", Usage: "paper `SIZE`: " + strings.Join(export.BookPapers, " or ")},
		&ucli.IntFlag{Name: "per-page", Value: 4, Usage: "`N` puzzles per page: 1, 2, 4 or 6"},
		&ucli.StringFlag{Name: "title", Usage: "book `TITLE`, on a title page and in the page headers"},
	}
}

// bookOptions reads the layout flags.
func bookOptions(c *ucli.Context, byLevel bool) (export.BookOptions, error) {
	opt := export.BookOptions{Title: c.String("title"), Paper: strings.ToLower(c.String("paper")),
		PerPage: c.Int("per-page"), Sections: byLevel}
	return opt, asUsage(opt.Check())
}

func printCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "print",
		Usage:     "lay puzzles out as a printable book (PDF), SVG images or an HTML page, with solutions",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles in any format solve and grade read, reuses the ratings their
labels carry (ED=ER/EP/ED, as grade -f line and generate write them) and
grades the others, and lays them out: numbered, with level and rating, 1, 2,
4 or 6 per page, page headers and numbers, and the solutions at the back
under the same numbers. A puzzle that is invalid or has no or several
solutions is reported and left out. The same input and flags give the same
bytes.

Formats:
` + export.BookFormatHelp() + `
Exit status: 0 when every puzzle went into the book, 1 when some were left
out, 2 for a bad command line.

Examples:
   sudokit print -o book.pdf puzzles.txt
   sudokit print --title "Weekend puzzles" --per-page 2 --group-by level -o weekend.pdf puzzles.txt
   sudokit print -f svg -o sheet.svg puzzles.txt
   sudokit print -f svg -o images/ puzzles.txt
   sudokit print -f html --paper letter -o book.html puzzles.txt`,
		Flags: append(bookFlags(),
			&ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "pdf", Usage: "output `FORMAT`: " + strings.Join(export.BookFormats(), ", ")},
			&ucli.StringFlag{Name: "output", Aliases: []string{"o"}, TakesFile: true,
				Usage: "write to `FILE` (- for standard output, not a terminal for a PDF; for svg, a directory ending in / takes one file per puzzle)"},
			groupByFlag("order the puzzles from easy to hard, each `level` starting a page"),
			budgetFlag(),
			workersFlag("grade"),
			quietFlag(),
			configFlag(),
		),
		Action: runPrint,
	}
}

// bookItem is a puzzle ready for a book, or why it cannot go in.
type bookItem struct {
	puzzle    export.BookPuzzle
	err       error
	cancelled bool // interrupted while grading
}

func runPrint(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	format, path := c.String("format"), c.String("output")
	if err := export.CheckBookFormat(format); err != nil {
		return asUsage(err)
	}
	byLevel, err := groupByLevel(c)
	if err != nil {
		return err
	}
	opt, err := bookOptions(c, byLevel)
	if err != nil {
		return err
	}
	if format == "svg" {
		// An SVG sheet has its own layout; one file per puzzle has no title.
		for _, f := range []string{"paper", "per-page"} {
			if err := requires(c, f, false, "-f pdf or -f html"); err != nil {
				return err
			}
		}
		if err := requires(c, "title", !svgDir(format, path), "-f pdf, -f html or an SVG sheet"); err != nil {
			return err
		}
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return asUsage(err)
	}
	s := newSession(c)
	var dest *destination
	if svgDir(format, path) {
		if err := checkDir(path); err != nil {
			return err
		}
	} else {
		if dest, err = s.open(path, format == "pdf"); err != nil {
			return err
		}
		defer dest.abort()
	}
	s.startProgress(c.Context, "grading", 0, nil)
	var book []export.BookPuzzle
	err = batch.Run(c.Context, batch.Options{Workers: workers, Chunk: 1}, inputs(c),
		func(it item) bookItem {
			if it.err != nil {
				return bookItem{err: it.err}
			}
			var known *grade.Ratings
			if r, ok := grade.RatingsFromLabel(it.p.Label); ok {
				known = &r
			}
			res := grader.Grade(c.Context, it.p.State(), grade.Options{Known: known})
			if res.Status == grade.Cancelled {
				return bookItem{cancelled: true}
			}
			if err := res.Failed(); err != nil {
				return bookItem{err: fmt.Errorf("%s:%d: %w, left out", it.p.Source, it.p.Line, err)}
			}
			return bookItem{puzzle: export.BookPuzzle{Grid: it.p.Grid, Solution: res.Solution, Level: res.Level, Rating: res.SE().ER}}
		},
		func(b bookItem) error {
			if b.cancelled {
				return c.Context.Err()
			}
			s.progress.increment()
			if b.err != nil {
				s.report(b.err)
				return nil
			}
			book = append(book, b.puzzle)
			return nil
		})
	s.stopProgress()
	if err != nil {
		return err
	}
	export.Arrange(book, cfg.LevelNames(), opt)
	if dest == nil {
		err = export.WriteSVGDir(path, book)
	} else if err = export.WriteBook(format, dest, book, opt); err == nil {
		err = dest.commit(true)
	}
	return s.result(err)
}
