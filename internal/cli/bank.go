package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/bank"
	"github.com/sudokit/sudokit/batch"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/suggest"
	"github.com/sudokit/sudokit/techniques"
)

// bankEnv names the bank when --bank does not.
const bankEnv = "SUDOKIT_BANK"

func bankFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "bank", EnvVars: []string{bankEnv}, TakesFile: true,
		Usage:       "the bank: an SQLite `FILE`, or a postgres://USER@HOST/DB URL",
		DefaultText: "$" + bankEnv + ", else bank.db in the user's data directory: ~/.local/share/sudokit on Linux (docs/bank.md)"}
}

// filterFlags are the flags that select puzzles of the bank.
func filterFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "level", Usage: "puzzles of the `LEVEL[,LEVEL]` of config.yaml (easy, medium, hard, ...)"},
		&ucli.StringFlag{Name: "rating", Usage: "puzzles whose ER is in `RANGE`: 7.0-8.0, 6.5+ or 4.5"},
		&ucli.StringFlag{Name: "with", Usage: "puzzles whose grading used every technique `KEY[,KEY]` (sudokit techniques lists the keys)"},
		&ucli.StringFlag{Name: "without", Usage: "puzzles whose grading used none of the techniques `KEY[,KEY]`"},
		&ucli.StringFlag{Name: "clues", Usage: "puzzles with a number of clues in `RANGE`: 24-28, 30+ or 25"},
		&ucli.StringFlag{Name: "tag", Usage: "puzzles with every tag `TAG[,TAG]`"},
		&ucli.StringFlag{Name: "variant", Usage: "puzzles of the rules `NAME`: classic, or a variant as --variant names it (x, x,anti-knight, jigsaw)"},
		&ucli.BoolFlag{Name: "unused", Usage: "puzzles in no book"},
		&ucli.BoolFlag{Name: "used", Usage: "puzzles in a book"},
	}
}

// readFilter reads the filter flags.
func readFilter(c *ucli.Context, cfg *config.Config) (bank.Filter, error) {
	var f bank.Filter
	split := func(name string) []string {
		if !c.IsSet(name) {
			return nil
		}
		return strings.Split(c.String(name), ",")
	}
	f.Levels = split("level")
	for _, l := range f.Levels {
		if !slices.Contains(cfg.LevelNames(), l) {
			return f, sudoku.Invalidf("--level %s: no such level (config.yaml's are %s)", l, strings.Join(cfg.LevelNames(), ", "))
		}
	}
	if c.IsSet("rating") {
		rr, err := sudoku.ParseRatingRange(c.String("rating"))
		if err != nil {
			return f, fmt.Errorf("--rating: %w", err)
		}
		f.Rating = rr
	}
	for _, flag := range []string{"with", "without"} {
		for _, k := range split(flag) {
			if !slices.Contains(techniques.Keys(), k) {
				msg := fmt.Sprintf("--%s %s: no such technique", flag, k)
				if near := suggest.Nearest(k, techniques.Keys()); near != "" {
					msg += fmt.Sprintf(" (did you mean %s?)", near)
				}
				return f, sudoku.Invalidf("%s; sudokit techniques lists the keys", msg)
			}
		}
	}
	f.With, f.Without = split("with"), split("without")
	if c.IsSet("clues") {
		lo, hi, err := clueRange(c.String("clues"))
		if err != nil {
			return f, err
		}
		f.MinClues, f.MaxClues = lo, hi
	}
	f.Tags = split("tag")
	for _, t := range f.Tags {
		if err := bank.CheckTag(t); err != nil {
			return f, fmt.Errorf("--tag: %w", err)
		}
	}
	f.Variant = c.String("variant")
	switch used, unused := c.Bool("used"), c.Bool("unused"); {
	case used && unused:
		return f, sudoku.Invalidf("--used and --unused exclude each other")
	case used || unused:
		f.Used = &used
	}
	return f, nil
}

// clueRange reads "24-28", "30+" or "25".
func clueRange(s string) (lo, hi int, err error) {
	bad := sudoku.Invalidf("--clues %q: want a number of clues, or a range such as 24-28 or 30+", s)
	num := func(t string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		return n, err == nil && n >= 0 && n <= 81
	}
	switch {
	case strings.HasSuffix(s, "+"):
		n, ok := num(strings.TrimSuffix(s, "+"))
		if !ok {
			return 0, 0, bad
		}
		return n, 0, nil
	case strings.Contains(s, "-"):
		a, b, _ := strings.Cut(s, "-")
		x, ok1 := num(a)
		y, ok2 := num(b)
		if !ok1 || !ok2 || x > y {
			return 0, 0, bad
		}
		return x, y, nil
	}
	n, ok := num(s)
	if !ok {
		return 0, 0, bad
	}
	return n, n, nil
}

// openBank opens the bank of --bank, $SUDOKIT_BANK or the default path;
// create makes an SQLite bank that does not exist.
func openBank(c *ucli.Context, create bool) (*bank.Bank, error) {
	name := c.String("bank")
	if name == "" {
		var err error
		if name, err = bank.DefaultPath(); err != nil {
			return nil, fmt.Errorf("%w: name a bank with --bank or $%s", err, bankEnv)
		}
	}
	b, err := bank.Open(c.Context, name, bank.Options{Create: create})
	if errors.Is(err, bank.ErrNoBank) && c.String("bank") == "" {
		// Said whole here (%v: advice adds nothing more).
		return nil, fmt.Errorf("%v (sudokit bank add makes one there), or give --bank or set $%s", err, bankEnv)
	}
	return b, err
}

func bankCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "bank",
		Usage: "keep puzzles in a database, stored once by canonical form, and draw them into books",
		Description: `A puzzle bank is a stock of graded puzzles in a database: each stored once
by its canonical form (canon), so that an isomorph of a stored puzzle is a
duplicate; with its rules, level, SE ratings, clue count, the techniques its
grading used and its tags; and books, each holding puzzles reserved for it
in order, so that no puzzle goes into two books. The bank is an SQLite file
(--bank FILE) or a PostgreSQL database (--bank postgres://...), shared by a
team; $SUDOKIT_BANK names it when --bank does not, else bank.db in the
user's data directory (docs/bank.md).

Examples:
   sudokit generate -n 20 --level hard --seed 1 | sudokit bank add --bank my.bank
   sudokit bank pick --bank my.bank -n 4 --book "Volume 1" --level hard
   sudokit bank print --bank my.bank --book "Volume 1" -o volume1.pdf
   sudokit bank stats --bank my.bank`,
		HideHelpCommand: true,
		Subcommands: []*ucli.Command{bankAddCommand(), bankFindCommand("find"), bankPickCommand(), bankReleaseCommand(),
			bankPrintCommand(), bankStatsCommand(), bankBooksCommand(), bankFindCommand("export")},
	}
}

func bankAddCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "add",
		Usage:     "add puzzles to the bank, each graded unless its row carries its ratings",
		ArgsUsage: "[FILE|-|PUZZLE]...",
		Description: `Reads puzzles in any format the other commands read, grades each one
whose row does not carry sudokit's ratings (ED=ER/EP/ED, as grade -f line
and generate write them; those are only checked to have one solution), on
all cores, and stores it by its canonical form under its rules. An isomorph
of a stored puzzle is not stored again: a note names the puzzle it
duplicates. A bad row, or a puzzle with no or several solutions, is
reported with its line, and the rest are added. The puzzles are committed
in batches: a run cut short (Ctrl-C, or killed) keeps every batch
committed, and Ctrl-C commits the puzzles read so far and says how many
were added.

Exit status: 0 when every input was added (or found a duplicate), 1 when
some could not be or the bank failed (a server that cannot be reached, a
lock held too long, a full disk), 2 for a bad command line (--bank
included: a file that is not a bank, a URL that does not parse), 130
interrupted.

Examples:
   sudokit bank add --bank my.bank testdata/puzzles/qqwing-sample220.se121.txt
   sudokit bank add --bank my.bank --tag top95 testdata/puzzles/norvig-top95.txt
   sudokit generate -n 10 --level easy --seed 3 | sudokit bank add --bank my.bank`,
		Flags: slices.Concat([]ucli.Flag{
			bankFlag(),
			&ucli.StringFlag{Name: "tag", Usage: "give the puzzles added the tags `TAG[,TAG]`"},
			&ucli.BoolFlag{Name: "regrade", Usage: "grade every puzzle, even one whose row carries its ratings, so that the techniques it uses are stored (bank find --with/--without); a stored puzzle without them is given them"},
			budgetFlag(),
		}, variantFlags("read and grade"), []ucli.Flag{
			workersFlag("grade and canonicalise"),
			quietFlag(),
			configFlag(),
		}),
		Action: runBankAdd,
	}
}

// added is one input's way into the bank: its entry, or why it has none.
type added struct {
	p         sudoku.Puzzle
	entry     bank.Entry
	err       error
	cancelled bool
}

func runBankAdd(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	workers, err := positive(c, "workers")
	if err != nil {
		return err
	}
	rules, err := readRules(c)
	if err != nil {
		return err
	}
	var tags []string
	if c.IsSet("tag") {
		tags = strings.Split(c.String("tag"), ",")
		for _, t := range tags {
			if err := bank.CheckTag(t); err != nil {
				return fmt.Errorf("--tag: %w", err)
			}
		}
	}
	grader, err := grade.New(cfg)
	if err != nil {
		return err
	}
	regrade := c.Bool("regrade")
	b, err := openBank(c, true)
	if err != nil {
		return err
	}
	defer b.Close()
	s := newSession(c)
	s.takeVariants(rules)
	slots := batch.NewSlots(workers)
	adder := b.NewAdder(c.Context, func(e bank.Entry, res bank.Result) {
		if res.Duplicate {
			p := e.Ref.(sudoku.Puzzle)
			s.note("%s:%d: a duplicate of puzzle %d of the bank (the same puzzle, or an isomorph)", p.Source, p.Line, res.ID)
		}
	})
	s.startProgress(c.Context, "adding", 0, nil)
	bad, unread := 0, 0
	runErr := batch.Run(c.Context, batch.Options{Workers: workers, Chunk: chunkFor(c, true), Slots: slots}, s.inputs(),
		func(it item) added {
			if it.err != nil {
				return added{p: it.p, err: it.err}
			}
			opt := grade.Options{Workers: slots.Share()}
			if r, ok := grade.RatingsFromLabel(it.p.Label); ok && !regrade {
				opt.Known = &r
			}
			res := grader.Grade(c.Context, it.p.State(), opt)
			if res.Status == grade.Cancelled {
				return added{cancelled: true}
			}
			e, err := bank.NewEntry(it.p, res, tags)
			if err != nil {
				return added{p: it.p, err: fmt.Errorf("%s:%d: %w", it.p.Source, it.p.Line, err)}
			}
			return added{p: it.p, entry: e}
		},
		func(a added) error {
			if a.cancelled {
				return c.Context.Err()
			}
			if a.err != nil && a.p.Line == 0 {
				unread++ // a whole input (a file that does not open)
				s.report(a.err)
				return nil
			}
			s.progress.increment()
			if a.err != nil {
				bad++
				s.report(a.err)
				return nil
			}
			a.entry.Ref = a.p
			return adder.Add(a.entry)
		})
	commitErr := adder.Commit()
	s.stopProgress()
	if runErr == nil {
		runErr = commitErr
	}
	summary := fmt.Sprintf("%s added to %s, %s of stored ones", export.Count(adder.Added, "puzzle"), b.Name(),
		export.Count(adder.Duplicates, "duplicate"))
	if bad > 0 {
		summary += fmt.Sprintf(", %s left out", export.Count(bad, "bad row"))
	}
	if unread > 0 {
		summary += fmt.Sprintf(", %s not read", export.Count(unread, "input"))
	}
	if adder.Filled > 0 {
		summary += fmt.Sprintf("; %s given the techniques they lacked", export.Count(adder.Filled, "stored puzzle"))
	}
	switch {
	case errors.Is(runErr, context.Canceled):
		fmt.Fprintf(s.stderr(), "sudokit: interrupted: %s\n", summary)
		return runErr
	case runErr != nil:
		if commitErr == nil && adder.Added > 0 {
			fmt.Fprintf(s.stderr(), "sudokit: stopped: %s\n", summary)
		}
		return runErr
	}
	s.note("%s", summary)
	return s.result(nil)
}

func bankFindCommand(name string) *ucli.Command {
	usage, desc := "write the puzzles of the bank that the filters select", `Writes the bank's puzzles that the filters select, as rows of any format
grade writes (-f), in the order they were added (a book's in its order): the
puzzle, its ratings and level, then its id in the bank (bank=N), its book
and place there (book=NAME#N), its tags and its rules. -n caps the number;
--count prints only how many match.`
	examples := `
   sudokit bank find --bank my.bank --rating 7.0-8.0 --unused -n 100
   sudokit bank find --bank my.bank --level hard --without x-wing --count`
	if name == "export" {
		usage = "write every puzzle of the bank (or those the filters select), with the books they went to"
		desc = `Writes the bank's puzzles as rows of any format grade writes (-f), with
their ids, the books they went to (book=NAME#N), their tags and rules: bank
find without a limit. The rows read back: bank add on another bank adds the
same puzzles, with their ratings.`
		examples = `
   sudokit bank export --bank my.bank -o all.txt
   sudokit bank export --bank my.bank -f csv --used -o used.csv`
	}
	return &ucli.Command{
		Name:  name,
		Usage: usage,
		Description: desc + `

Examples:` + examples,
		Flags: slices.Concat([]ucli.Flag{bankFlag()}, filterFlags(), []ucli.Flag{
			&ucli.StringFlag{Name: "book", Usage: "the puzzles of the book `NAME`, in its order"},
			&ucli.IntFlag{Name: "limit", Aliases: []string{"n"}, Usage: "at most `N` puzzles", DefaultText: "all"},
			&ucli.BoolFlag{Name: "count", Aliases: []string{"c"}, Usage: "print how many puzzles match (up to -n), not the puzzles"},
			rowFormatFlag(),
			outputFlag(),
			quietFlag(),
			configFlag(),
		}),
		Action: runBankFind,
	}
}

// record is a bank puzzle as a row of grade's formats.
func record(b *bank.Bank, p bank.Puzzle) export.Record {
	res := p.Result()
	return export.Record{Puzzle: sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules, Label: p.Label(), Source: b.Name(), Line: int(p.ID)},
		Grade: &res}
}

func runBankFind(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	f, err := readFilter(c, cfg)
	if err != nil {
		return err
	}
	f.Book = c.String("book")
	if f.Limit = c.Int("limit"); f.Limit < 0 {
		return sudoku.Invalidf("--limit must not be negative")
	}
	format := c.String("format")
	opt := export.Options{Levels: cfg.LevelNames()}
	if _, err := export.NewWriter(format, export.Grade, io.Discard, opt); err != nil {
		return err
	}
	b, err := openBank(c, false)
	if err != nil {
		return err
	}
	defer b.Close()
	s := newSession(c)
	if err := noteUnjudged(s, b, f); err != nil {
		return err
	}
	if c.Bool("count") {
		n, err := b.Count(c.Context, f)
		if err != nil {
			return err
		}
		if f.Limit > 0 {
			n = min(n, f.Limit)
		}
		fmt.Fprintln(c.App.Writer, n)
		return nil
	}
	return writeRows(s, b, format, opt, b.Find(c.Context, f))
}

// noteUnjudged says, when the filter names techniques, how many puzzles
// it left out because their techniques are not known.
func noteUnjudged(s *session, b *bank.Bank, f bank.Filter) error {
	n, err := b.Unjudged(s.c.Context, f)
	if err != nil || n == 0 {
		return err
	}
	s.note("%s matching the other filters left out: added with their ratings alone, their techniques are not known, so --with/--without cannot judge them (bank add --regrade on their rows grades them and stores their techniques)",
		export.Count(n, "puzzle"))
	return nil
}

// writeRows writes bank puzzles as rows to -o.
func writeRows(s *session, b *bank.Bank, format string, opt export.Options, rows iter.Seq2[bank.Puzzle, error]) error {
	dest, err := s.open(s.c.String("output"), false)
	if err != nil {
		return err
	}
	defer dest.abort()
	opt.Width = dest.width(s)
	w, err := export.NewWriter(format, export.Grade, writerOr(dest), opt)
	if err != nil {
		return err
	}
	out := newRowSink(dest, w)
	var runErr error
	for p, err := range rows {
		if err == nil {
			err = s.c.Context.Err()
		}
		if err == nil {
			err = out.Write(record(b, p))
		}
		if err != nil {
			runErr = err
			break
		}
	}
	return out.finish(runErr, nil)
}

func bankPickCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "pick",
		Usage: "reserve unused puzzles for a book, atomically",
		Description: `Reserves -n unused puzzles that the filters select for the book --book (made
if new), after the puzzles it holds, in the order they were added, and
writes them as rows (-f). It is atomic: all of them or none (when fewer
match, nothing is reserved and the error says how many do), and two picks
at the same moment, on one machine or on a team's PostgreSQL bank, never get
the same puzzle. bank print prints the book; bank release returns a draft
book's puzzles.

Examples:
   sudokit bank pick --bank my.bank -n 4 --book "Volume 1" --level hard
   sudokit bank pick --bank my.bank -n 2 --book "Volume 1" --rating 1.0-2.0`,
		Flags: slices.Concat([]ucli.Flag{
			bankFlag(),
			&ucli.StringFlag{Name: "book", Usage: "the book `NAME`", Required: true},
			&ucli.IntFlag{Name: "count", Aliases: []string{"n"}, Usage: "reserve `N` puzzles", Required: true},
		}, slices.DeleteFunc(filterFlags(), func(f ucli.Flag) bool { return f.Names()[0] == "used" || f.Names()[0] == "unused" }), []ucli.Flag{
			rowFormatFlag(),
			outputFlag(),
			quietFlag(),
			configFlag(),
		}),
		Action: runBankPick,
	}
}

func runBankPick(c *ucli.Context) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	f, err := readFilter(c, cfg)
	if err != nil {
		return err
	}
	n, err := positive(c, "count")
	if err != nil {
		return err
	}
	format := c.String("format")
	opt := export.Options{Levels: cfg.LevelNames()}
	if _, err := export.NewWriter(format, export.Grade, io.Discard, opt); err != nil {
		return err
	}
	b, err := openBank(c, false)
	if err != nil {
		return err
	}
	defer b.Close()
	s := newSession(c)
	unused := false
	g := f
	g.Used = &unused
	if err := noteUnjudged(s, b, g); err != nil {
		return err
	}
	picked, err := b.Pick(c.Context, c.String("book"), n, f)
	if err != nil {
		return err
	}
	s.note("%s reserved for the book %q", export.Count(len(picked), "puzzle"), c.String("book"))
	return writeRows(s, b, format, opt, func(yield func(bank.Puzzle, error) bool) {
		for _, p := range picked {
			if !yield(p, nil) {
				return
			}
		}
	})
}

func bankReleaseCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "release",
		Usage: "return a draft book's puzzles to the unused ones, and drop the book",
		Description: `Returns the puzzles of the book --book to the unused ones and drops the
book. A book printed with bank print --final keeps its puzzles: --force
releases them all the same.

Examples:
   sudokit bank release --bank my.bank --book "Volume 1"`,
		Flags: []ucli.Flag{
			bankFlag(),
			&ucli.StringFlag{Name: "book", Usage: "the book `NAME`", Required: true},
			&ucli.BoolFlag{Name: "force", Usage: "release a printed book's puzzles too"},
			quietFlag(),
		},
		Action: func(c *ucli.Context) error {
			b, err := openBank(c, false)
			if err != nil {
				return err
			}
			defer b.Close()
			n, err := b.Release(c.Context, c.String("book"), c.Bool("force"))
			if errors.Is(err, bank.ErrPrinted) {
				return fmt.Errorf("%w; --force releases them all the same", err)
			}
			if err != nil {
				return err
			}
			newSession(c).note("%s of the book %q released", export.Count(n, "puzzle"), c.String("book"))
			return nil
		},
	}
}

func bankPrintCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "print",
		Usage: "print a book of the bank (PDF, SVG, PNG, HTML), as print does",
		Description: `Lays the puzzles of the book --book out in its order, with the layout flags
of sudokit print. The book stays a draft (bank release can return its
puzzles) unless --final marks it printed.

Examples:
   sudokit bank print --bank my.bank --book "Volume 1" -o volume1.pdf
   sudokit bank print --bank my.bank --book "Volume 1" --title "Volume 1" --group-by level --final -o volume1.pdf`,
		Flags: slices.Concat([]ucli.Flag{
			bankFlag(),
			&ucli.StringFlag{Name: "book", Usage: "the book `NAME`", Required: true},
			&ucli.BoolFlag{Name: "final", Usage: "mark the book printed: bank release then keeps its puzzles"},
		}, bookFlags(), printOutputFlags("check")),
		Action: runBankPrint,
	}
}

func runBankPrint(c *ucli.Context) error {
	b, err := openBank(c, false)
	if err != nil {
		return err
	}
	defer b.Close()
	name := c.String("book")
	books, err := b.Books(c.Context)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(books, func(bk bank.Book) bool { return bk.Name == name }) {
		return fmt.Errorf("book %q: %w", name, bank.ErrNoBook)
	}
	source := func(yield func(sudoku.Puzzle, error) bool) {
		for p, err := range b.Find(c.Context, bank.Filter{Book: name}) {
			if err != nil {
				yield(sudoku.Puzzle{}, err)
				return
			}
			// The ratings go in the label, which print reuses.
			if !yield(sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules, Label: "ED=" + p.Ratings.String(),
				Source: "book " + name, Line: p.Position}, nil) {
				return
			}
		}
	}
	if err := printFrom(c, source); err != nil {
		return err
	}
	if c.Bool("final") {
		return b.MarkPrinted(c.Context, name)
	}
	return nil
}

func bankStatsCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "stats",
		Usage: "count the bank's puzzles per level and rating band, used and unused, and per book",
		Description: `Prints how many puzzles the bank holds, and how many of them are in books,
per level, per band of ER (7.0-7.9: rated 7.0 to 7.9), and per book.

Examples:
   sudokit bank stats --bank my.bank
   sudokit bank stats --bank my.bank -f json`,
		Flags: bankReportFlags(),
		Action: func(c *ucli.Context) error {
			format, b, err := openBankReport(c)
			if err != nil {
				return err
			}
			defer b.Close()
			st, err := b.Stats(c.Context)
			if err != nil {
				return err
			}
			var served *servedBooks
			if !c.Bool("served") {
				st.Books, served = groupServed(st.Books)
			}
			if format == "json" {
				return writeJSON(c.App.Writer, struct {
					bank.Stats
					Served *servedBooks `json:"served,omitempty"`
				}{st, served})
			}
			counts := func(cs []bank.Count) [][]string {
				rows := make([][]string, 0, len(cs))
				for _, n := range cs {
					rows = append(rows, []string{n.Name, strconv.Itoa(n.Total), strconv.Itoa(n.Used), strconv.Itoa(n.Total - n.Used)})
				}
				return rows
			}
			if err := export.WriteTable(c.App.Writer, format, []string{"level", "puzzles", "used", "unused"}, counts(append(st.Levels, st.Total))); err != nil {
				return err
			}
			fmt.Fprintln(c.App.Writer)
			if err := export.WriteTable(c.App.Writer, format, []string{"ER", "puzzles", "used", "unused"}, counts(st.Bands)); err != nil {
				return err
			}
			if len(st.Books) > 0 || served != nil {
				fmt.Fprintln(c.App.Writer)
				return writeBooks(c.App.Writer, format, st.Books, served)
			}
			return nil
		},
	}
}

func bankBooksCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "books",
		Usage: "list the bank's books: name, puzzles, draft or printed, made when",
		Description: `Lists the books of the bank by name.

Examples:
   sudokit bank books --bank my.bank`,
		Flags: bankReportFlags(),
		Action: func(c *ucli.Context) error {
			format, b, err := openBankReport(c)
			if err != nil {
				return err
			}
			defer b.Close()
			books, err := b.Books(c.Context)
			if err != nil {
				return err
			}
			var served *servedBooks
			if !c.Bool("served") {
				books, served = groupServed(books)
			}
			if format == "json" {
				return writeJSON(c.App.Writer, books)
			}
			return writeBooks(c.App.Writer, format, books, served)
		},
	}
}

// bankReportFlags are the flags of stats and books: the bank, the format
// of their tables, and --served.
func bankReportFlags() []ucli.Flag {
	return []ucli.Flag{bankFlag(),
		&ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "table", Usage: "output `FORMAT`: table, markdown, json"},
		&ucli.BoolFlag{Name: "served", Usage: "list each page session of sudokit serve --bank (its book \"served SESSION\") rather than one line for them all"}}
}

// openBankReport checks the format of stats or books and opens the bank.
func openBankReport(c *ucli.Context) (string, *bank.Bank, error) {
	format := c.String("format")
	if err := oneOf("format", format, []string{"table", "markdown", "json"}); err != nil {
		return "", nil, err
	}
	b, err := openBank(c, false)
	return format, b, err
}

// servedBooks sums up the books of the page sessions of sudokit serve.
type servedBooks struct {
	Sessions int    `json:"sessions"`
	Puzzles  int    `json:"puzzles"`
	Last     string `json:"last"` // when the last session began
}

// groupServed takes the page sessions' books out of a list of books, and
// sums them up (nil when there is none).
func groupServed(books []bank.Book) ([]bank.Book, *servedBooks) {
	var served *servedBooks
	kept := []bank.Book{}
	for _, bk := range books {
		if !bk.Served() {
			kept = append(kept, bk)
			continue
		}
		if served == nil {
			served = &servedBooks{}
		}
		served.Sessions++
		served.Puzzles += bk.Puzzles
		served.Last = max(served.Last, bk.Created)
	}
	return kept, served
}

// writeBooks writes a table of books in a format (table or markdown),
// and a row for the page sessions' when served is not nil.
func writeBooks(out io.Writer, format string, books []bank.Book, served *servedBooks) error {
	rows := make([][]string, 0, len(books)+1)
	for _, bk := range books {
		state := "draft"
		if bk.Printed {
			state = "printed"
		}
		rows = append(rows, []string{bk.Name, strconv.Itoa(bk.Puzzles), state, bk.Created})
	}
	if served != nil {
		rows = append(rows, []string{"served (" + export.Count(served.Sessions, "page session") + "; --served lists them)", strconv.Itoa(served.Puzzles), "-", served.Last})
	}
	return export.WriteTable(out, format, []string{"book", "puzzles", "state", "made"}, rows)
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// rowFormatFlag is -f of the commands that write bank puzzles as rows.
func rowFormatFlag() *ucli.StringFlag {
	return &ucli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "line",
		Usage: "output `FORMAT`: " + strings.Join(export.Formats(export.Grade), ", ")}
}

// generateBank opens generate's --bank, when given, and starts adding to
// it; closeBank closes it.
func generateBank(c *ucli.Context, s *session) (adder *bank.Adder, closeBank func(), err error) {
	if !c.IsSet("bank") {
		return nil, func() {}, nil
	}
	b, err := bank.Open(c.Context, c.String("bank"), bank.Options{Create: true})
	if err != nil {
		return nil, func() {}, err
	}
	return b.NewAdder(c.Context, func(e bank.Entry, res bank.Result) {
		if res.Duplicate {
			s.note("puzzle %d: a duplicate of puzzle %d of the bank (the same puzzle, or an isomorph): not added", e.Ref.(int), res.ID)
		}
	}), func() { b.Close() }, nil
}

// addGenerated adds a puzzle generate made to the bank.
func addGenerated(adder *bank.Adder, p generate.Puzzle) error {
	e, err := bank.NewEntry(sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules}, p.Result, nil)
	if err != nil {
		return fmt.Errorf("puzzle %d for the bank: %w", p.Index, err)
	}
	e.Ref = p.Index
	return adder.Add(e)
}
