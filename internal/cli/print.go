package cli

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/bookgrade"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// bookFlags are the layout flags of print and generate --pdf.
func bookFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "page-size", Aliases: []string{"paper"}, Value: "a4",
			Usage: "trim `SIZE`: " + strings.Join(book.Papers, ", ") + ", or WxH in mm or in (152x229mm, 6.14x9.21in)"},
		&ucli.IntFlag{Name: "per-page", Value: 4, Usage: "`N` puzzles per page: 1, 2, 4, 6 or 9 (with --large-print 1 or 2, default 1)"},
		&ucli.StringFlag{Name: "title", Usage: "book `TITLE`, on a title page and in the page headers"},
		&ucli.BoolFlag{Name: "toc", Usage: "a table of contents after the title page"},
		&ucli.StringFlag{Name: "font", TakesFile: true,
			Usage: "set the text (title, headers, section pages) in the TrueType or OpenType font `FILE` (.ttf, .otf, .ttc; FILE:N for face N of a collection); the digits stay in the Go fonts"},
		&ucli.BoolFlag{Name: "large-print", Usage: "bigger digits, text and lines, 1 or 2 puzzles per page"},
		&ucli.StringFlag{Name: "margin", Usage: "outside, top and bottom margin `LENGTH` (mm or in: 15mm, 0.5in)", DefaultText: "15mm, 12.7mm on trims narrower than A4"},
		&ucli.StringFlag{Name: "gutter", Usage: "inside margin `LENGTH`, at the binding, mirrored on facing pages", DefaultText: "20mm, 16mm on trims narrower than A4"},
		&ucli.StringFlag{Name: "bleed", Usage: "add `LENGTH` of bleed at the outside, top and bottom of every page (3mm, 0.125in), as KDP and IngramSpark ask of an interior; the trim box marks the page"},
		&ucli.BoolFlag{Name: "bleed-spine", Usage: "add the bleed at the spine too (all four sides)"},
		&ucli.BoolFlag{Name: "recto", Usage: "start the contents, each level's section and the solutions on a right-hand page, leaving a page blank where needed"},
	}
}

// bookOptions reads the layout flags.
func bookOptions(c *ucli.Context, byLevel bool, cfg *config.Config) (book.Options, error) {
	opt := book.Options{Title: c.String("title"), Paper: strings.ToLower(c.String("page-size")),
		PerPage: c.Int("per-page"), Sections: byLevel, Contents: c.Bool("toc"), LargePrint: c.Bool("large-print")}
	opt.Levels, opt.LevelNotes = bookgrade.Levels(cfg)
	opt.BleedSpine, opt.Recto = c.Bool("bleed-spine"), c.Bool("recto")
	if opt.LargePrint && !c.IsSet("per-page") {
		opt.PerPage = 1
	}
	for _, l := range []struct {
		flag string
		dst  *float64
	}{{"margin", &opt.Margin}, {"gutter", &opt.Gutter}, {"bleed", &opt.Bleed}} {
		if c.IsSet(l.flag) {
			v, err := book.ParseLength(c.String(l.flag))
			if err != nil {
				return opt, fmt.Errorf("--%s: %w", l.flag, err)
			}
			*l.dst = v
		}
	}
	if c.IsSet("font") {
		path, index := fontPath(c.String("font"))
		data, err := os.ReadFile(path)
		if err != nil {
			return opt, sudoku.Invalidf("--font: %v", err)
		}
		opt.Font, opt.FontName, opt.FontIndex = data, filepath.Base(path), index
	}
	return opt, rangeFlag(c, opt.Check())
}

// settingFlags are the flags of the book and image settings that
// book.RangeError names.
var settingFlags = map[string]string{"margin": "margin", "gutter": "gutter", "bleed": "bleed",
	"image size": "image-size", "resolution": "dpi"}

// rangeFlag turns a setting out of range into a usage error that names
// its flag and the value as given: "--margin 4in (101.6 mm) is out of
// range: want 3 to 60 mm".
func rangeFlag(c *ucli.Context, err error) error {
	var re *book.RangeError
	if !errors.As(err, &re) {
		return err
	}
	flag, ok := settingFlags[re.Setting]
	if !ok || !c.IsSet(flag) {
		return err
	}
	given := c.String(flag)
	if re.Unit == "mm" && strings.HasSuffix(strings.ToLower(strings.TrimSpace(given)), "in") {
		given += fmt.Sprintf(" (%s mm)", book.Decimal(re.Value))
	}
	return sudoku.Invalidf("--%s %s is out of range: want %s to %s %s", flag, given, book.Decimal(re.Min), book.Decimal(re.Max), re.Unit)
}

// fontPath splits FILE:N (face N of a collection) when FILE exists and
// FILE:N does not.
func fontPath(s string) (string, int) {
	if i := strings.LastIndexByte(s, ':'); i > 0 {
		if n, err := strconv.Atoi(s[i+1:]); err == nil && n >= 0 {
			if _, err := os.Stat(s); err != nil {
				return s[:i], n
			}
		}
	}
	return s, 0
}

func printCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "print",
		Usage:     "lay puzzles out as a printable book (PDF), SVG images or an HTML page, with solutions",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles in any format solve and grade read, reuses the ratings their
labels carry (ED=ER/EP/ED, as grade -f line and generate write them) and
grades the others, and lays them out for print: a title page, a table of
contents, a page opening each level (with --group-by level) that names the
techniques it needs, the puzzles numbered, with level and rating, 1, 2, 4, 6
or 9 per page, page headers naming the levels on the page, page numbers, and
the solutions at the back under the same numbers. Trim sizes, margins
mirrored on facing pages (the gutter at the binding), bleed, large print and
the font of the text (a title in a script the font lacks is an error naming
the characters) are set by flags; fonts are embedded as subsets. A puzzle that is invalid or has no or several
solutions is reported and left out; one whose grading runs over --budget is
printed with its solution, without a level or rating, and a note says so.
The same input and flags give the same bytes.

Variants: each puzzle is printed under its rules, drawn on its grid and its
solution as puzzle books draw them: x's diagonals, windoku's extra boxes,
the asterisk, girandola and centre-dot cells shaded (circled, dotted or
marked in a corner when a grid has several such kinds; the diagonals then
drawn as lines), a jigsaw's regions in thick lines instead of the boxes;
disjoint groups, anti-knight, anti-king and non-consecutive are stated in
words. A line names its rules in its label (variant=x,anti-knight,
regions=...; JSON rows in "variant" and "regions"); --variant and
--regions give those of the lines that name none. A book with variants
opens each variant with a page stating its rules, with an example, and
keeps its puzzles together (by level within it with --group-by level).

Killers (PS, arrow or JSON rows with their cages): each cage a dashed line
inside its cells with its sum small in its top left corner, light on the
solutions; printed with no rating (grading has no killer techniques yet),
with the level the line's label names (such as "hard"), if any; with
--combinations used|all, a table of the digits each cage size and sum
allows at the back of the PDF. Every format draws the cages.

Formats:
` + book.FormatHelp() + `
Exit status: 0 when every puzzle went into the book, 1 when some were left
out, 2 for a bad command line.

Examples:
   sudokit print -o book.pdf testdata/puzzles/norvig-easy50.txt
   sudokit print --title "Weekend puzzles" --per-page 2 --group-by level -o weekend.pdf testdata/puzzles/qqwing-sample220.se121.txt
   sudokit print -f svg -o sheet.svg testdata/puzzles/norvig-easy50.txt
   sudokit print -f svg -o images/ testdata/puzzles/norvig-easy50.txt
   sudokit print -f png --image-size 2in --dpi 300 -o images/ testdata/puzzles/norvig-easy50.txt
   sudokit print --page-size 6x9in --per-page 4 --toc --title "Sudoku" --group-by level -o book.pdf testdata/puzzles/qqwing-sample220.se121.txt
   sudokit print --title "数独" --font /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc:2 -o book.pdf testdata/puzzles/norvig-easy50.txt
   sudokit print -f html --page-size letter -o book.html testdata/puzzles/norvig-easy50.txt
   sudokit print --variant x --title "Sudoku X" -o x.pdf testdata/puzzles/variants/x.txt
   sudokit print --variant anti-knight -f png -o images/ testdata/puzzles/variants/anti-knight.txt
   sudokit print --title "Giant sudoku" --page-size a4 -o giant.pdf testdata/puzzles/sizes/16x16-110.txt
   sudokit print --page-size 6x9in --per-page 1 -o killers.pdf testdata/puzzles/killer/sample.txt`,
		Flags: slices.Concat(bookFlags(), variantFlags("print"), sizeFlags("print"), printOutputFlags("grade"), []ucli.Flag{
			&ucli.StringFlag{Name: "combinations", Usage: "with killers, a table of cage combinations at the back of the PDF: `used` (the sizes and sums of the book's cages) or all (every sum of 2 to 9 cells)"},
		}),
		Action: runPrint,
	}
}

// bookItem is a puzzle ready for a book, or why it cannot go in.
type bookItem struct {
	entry     book.Entry
	note      error // why the entry has no rating
	err       error
	cancelled bool // interrupted while grading
}

// bookItemOf grades an input for a book, its chain searches on workers
// goroutines; a killer is only solved, and takes the level its label
// names among levels (bookgrade.Options.Levels).
func bookItemOf(ctx context.Context, grader *grade.Grader, it item, workers int, levels []string) bookItem {
	if it.err != nil {
		return bookItem{err: it.err}
	}
	if it.p.Board != nil {
		e, err := bookgrade.BoardEntry(ctx, grader, *it.p.Board)
		switch {
		case err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()):
			return bookItem{cancelled: true}
		case err != nil:
			return bookItem{err: fmt.Errorf("%s:%d: %w, left out", it.p.Source, it.p.Line, err)}
		}
		return bookItem{entry: e}
	}
	e, note, err := bookgrade.Grade(ctx, grader, it.p, bookgrade.Options{Workers: workers, Levels: levels})
	switch {
	case err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return bookItem{cancelled: true}
	case err != nil:
		return bookItem{err: fmt.Errorf("%s:%d: %w, left out", it.p.Source, it.p.Line, err)}
	case note != "":
		return bookItem{entry: e, note: fmt.Errorf("%s:%d: %s (raise --budget to rate it)", it.p.Source, it.p.Line, note)}
	}
	return bookItem{entry: e}
}

// printRun is what runPrint reads from its flags.
type printRun struct {
	cfg          *config.Config
	format, path string
	images       bool // one image per puzzle and solution, into the directory path
	opt          book.Options
	img          book.ImageOptions
	workers      int
	grader       *grade.Grader
	rules        sudoku.Rules // of the puzzles whose line names none (--variant)
	shape        sudoku.Shape // of the puzzles whose line gives none (--size, --box)
	alphabet     sudoku.Alphabet
}

// readPrint reads and checks print's flags: the format and -o, the rules
// of the flags together (printRules), then the book's and the images'
// settings.
func readPrint(c *ucli.Context) (*printRun, error) {
	cfg, err := loadConfig(c)
	if err != nil {
		return nil, err
	}
	p := &printRun{cfg: cfg, format: c.String("format"), path: c.String("output")}
	if err := book.CheckFormat(p.format); err != nil {
		return nil, err
	}
	p.images = imageDir(p.format, p.path)
	if err := (&cmdLine{c: c, format: p.format, images: p.images}).check(printRules); err != nil {
		return nil, err
	}
	byLevel, err := groupByLevel(c)
	if err != nil {
		return nil, err
	}
	if p.opt, err = bookOptions(c, byLevel, cfg); err != nil {
		return nil, err
	}
	if c.IsSet("combinations") {
		if err := oneOf("combinations", c.String("combinations"), book.CombinationNames); err != nil {
			return nil, err
		}
		p.opt.Combinations, _ = book.ParseCombinations(c.String("combinations"))
	}
	if p.img, err = imageOptions(c); err != nil {
		return nil, err
	}
	if p.workers, err = positive(c, "workers"); err != nil {
		return nil, err
	}
	if p.rules, err = readRules(c); err != nil {
		return nil, err
	}
	var numbers bool
	if p.shape, p.alphabet, numbers, err = readShape(c); err != nil {
		return nil, err
	}
	if numbers {
		p.opt.Symbols, p.img.Symbols = book.NumberSymbols, book.NumberSymbols
	}
	p.grader, err = grade.New(cfg)
	return p, err
}

// imageOptions reads --image-size and --dpi.
func imageOptions(c *ucli.Context) (book.ImageOptions, error) {
	var img book.ImageOptions
	if c.IsSet("image-size") {
		size, err := book.ParseLength(c.String("image-size"))
		if err != nil {
			return img, fmt.Errorf("--image-size: %w", err)
		}
		img.Size = size
	}
	img.DPI = c.Int("dpi")
	return img, rangeFlag(c, img.Check())
}

func runPrint(c *ucli.Context) error { return printFrom(c, nil) }

// printFrom prints the puzzles of source, or of the command line's inputs
// when source is nil.
func printFrom(c *ucli.Context, source iter.Seq2[sudoku.Puzzle, error]) error {
	p, err := readPrint(c)
	if err != nil {
		return err
	}
	s := newSession(c)
	s.takeVariants(p.rules)
	s.takeSizes(p.shape, p.alphabet)
	s.source = source
	var dest *destination
	if p.images {
		if err := checkDir(p.path); err != nil {
			return err
		}
	} else {
		if dest, err = s.open(p.path, p.format == "pdf"); err != nil {
			return err
		}
		defer dest.abort()
	}
	entries, err := p.entries(s)
	if err != nil {
		return err
	}
	book.Arrange(entries, p.cfg.LevelNames(), p.opt)
	if dest == nil {
		err = writeImageDir(p.path, p.format, entries, p.img)
	} else if err = book.Write(dest, p.format, entries, p.opt); err == nil {
		err = dest.commit(true)
	}
	return s.result(err)
}

// entries grades the inputs for the book, in input order: a puzzle that
// cannot go in is reported and left out, one printed without its rating
// is noted.
func (p *printRun) entries(s *session) ([]book.Entry, error) {
	c := s.c
	s.startProgress(c.Context, "grading", 0, nil)
	defer s.stopProgress()
	var entries []book.Entry
	slots := batch.NewSlots(p.workers) // as grade: the workers no other puzzle is using
	err := batch.Run(c.Context, batch.Options{Workers: p.workers, Chunk: 1, Slots: slots}, s.inputs(),
		func(it item) bookItem { return bookItemOf(c.Context, p.grader, it, slots.Share(), p.opt.Levels) },
		func(b bookItem) error {
			if b.cancelled {
				return c.Context.Err()
			}
			s.progress.increment()
			if b.err != nil {
				s.report(b.err)
				return nil
			}
			if b.note != nil {
				s.note("%v", b.note)
			}
			entries = append(entries, b.entry)
			return nil
		})
	return entries, err
}

// writeImageDir writes a book as images, one per puzzle and solution, into
// dir (made if needed): puzzle-001.svg, solution-001.svg, ... (or .png).
// Each file appears whole or not at all.
func writeImageDir(dir, format string, entries []book.Entry, opt book.ImageOptions) error {
	images, err := book.Images(format, entries, opt)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, img := range images {
		out, err := batch.CreateAtomic(filepath.Join(dir, img.Name))
		if err != nil {
			return err
		}
		if err := img.Write(out); err != nil {
			out.Abort()
			return err
		}
		if err := out.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// imageDir reports whether -o names a directory for one SVG or PNG image
// per puzzle and solution.
func imageDir(format, path string) bool {
	return (format == "svg" || format == "png") && strings.HasSuffix(path, string(os.PathSeparator))
}

// checkDir makes sure a directory can hold the output: it exists, or its
// parent does.
func checkDir(dir string) error {
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return sudoku.Invalidf("%s is not a directory", dir)
		}
		return nil
	}
	parent := filepath.Dir(strings.TrimSuffix(dir, string(os.PathSeparator)))
	if st, err := os.Stat(parent); err != nil || !st.IsDir() {
		return sudoku.Invalidf("cannot write into %s: directory %s does not exist", dir, parent)
	}
	return nil
}

// printOutputFlags are the output flags of print and bank print: the
// format, the file or directory, the images' size, and the run's budget,
// workers (doing work), quiet and config.
func printOutputFlags(work string) []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "pdf", Usage: "output `FORMAT`: " + strings.Join(book.Formats(), ", ")},
		&ucli.StringFlag{Name: "output", Aliases: []string{"o"}, TakesFile: true,
			Usage: "write to `FILE` (- for standard output, not a terminal for a PDF; for svg and png, a directory ending in / takes one file per puzzle)"},
		&ucli.StringFlag{Name: "image-size", Usage: "side `LENGTH` of each image in a directory (mm or in: 60mm, 2.5in)", DefaultText: "60mm"},
		&ucli.IntFlag{Name: "dpi", Usage: "resolution of PNG images, in dots per inch", Value: 300},
		groupByFlag("order the puzzles from easy to hard, each `level` starting a section"),
		budgetFlag(),
		workersFlag(work),
		quietFlag(),
		configFlag(),
	}
}
