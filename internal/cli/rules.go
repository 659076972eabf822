package cli

import (
	"slices"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
)

// The rules of each command's flags, which flag needs or excludes which,
// are data: one table per command, checked by cmdLine.check in one place,
// before the command starts. A flag's value (a number out of range, an
// unknown name) is checked where it is read; these rules are about flags
// together.

// A flagRule is one rule of a command line: when flag is given, needs must
// hold, or the command line is refused with "--flag why" ("--dpi does
// nothing without -f png"). A rule of no one flag (flag "") always
// applies, and why is its whole message.
type flagRule struct {
	flag  string
	needs cond
	why   string
}

// A cond is a condition on a command line.
type cond func(l *cmdLine) bool

// cmdLine is what the rules look at: the flags as given, and what the
// command made of them.
type cmdLine struct {
	c      *ucli.Context
	format string // the output format: -f, or the configured one
	images bool   // print: one image per puzzle and solution, into -o DIR/
	// vicinity: generate runs the vicinity search (--method, auto
	// resolved); band: its target has a band of ratings.
	vicinity, band bool
}

// check checks the command line against the rules, in order, and refuses
// it at the first one broken.
func (l *cmdLine) check(rules []flagRule) error {
	for _, r := range rules {
		switch {
		case r.flag != "" && !l.c.IsSet(r.flag), r.needs(l):
		case r.flag == "":
			return sudoku.Invalidf("%s", r.why)
		default:
			return sudoku.Invalidf("--%s %s", r.flag, r.why)
		}
	}
	return nil
}

// each states one rule for several flags.
func each(flags []string, needs cond, why string) []flagRule {
	rules := make([]flagRule, len(flags))
	for i, f := range flags {
		rules[i] = flagRule{flag: f, needs: needs, why: why}
	}
	return rules
}

// given holds when the flag is given; on when a boolean flag is true.
func given(flag string) cond { return func(l *cmdLine) bool { return l.c.IsSet(flag) } }
func on(flag string) cond    { return func(l *cmdLine) bool { return l.c.Bool(flag) } }

// valueIs holds when the flag's value is value.
func valueIs(flag, value string) cond {
	return func(l *cmdLine) bool { return l.c.String(flag) == value }
}

// formatIs holds when the output format is one of formats.
func formatIs(formats ...string) cond {
	return func(l *cmdLine) bool { return slices.Contains(formats, l.format) }
}

// not, anyOf and allOf combine conditions.
func not(c cond) cond { return func(l *cmdLine) bool { return !c(l) } }

func anyOf(cs ...cond) cond {
	return func(l *cmdLine) bool { return slices.ContainsFunc(cs, func(c cond) bool { return c(l) }) }
}

func allOf(cs ...cond) cond {
	return func(l *cmdLine) bool { return !slices.ContainsFunc(cs, func(c cond) bool { return !c(l) }) }
}

// notBoth holds unless both flags are given.
func notBoth(a, b string) cond { return not(allOf(given(a), given(b))) }

var (
	imagesDir      cond = func(l *cmdLine) bool { return l.images }
	vicinitySearch cond = func(l *cmdLine) bool { return l.vicinity }
	ratingBand     cond = func(l *cmdLine) bool { return l.band }
	sharded             = anyOf(given("shard"), given("shard-from-env"))
)

// explainRule refuses --explain with a format of the job's that cannot
// carry the solving path (an unknown format is the writer's to refuse).
func explainRule(job export.Job) flagRule {
	carry := export.ExplainFormats(job)
	unknown := func(l *cmdLine) bool { return !slices.Contains(export.Formats(job), l.format) }
	return flagRule{needs: anyOf(not(on("explain")), formatIs(carry...), unknown),
		why: "--explain goes with the formats that carry the solving path: " + strings.Join(carry, ", ")}
}

// shardRules are --shard's and --shard-from-env's, where they are flags.
var shardRules = []flagRule{
	{needs: notBoth("shard", "shard-from-env"), why: "--shard and --shard-from-env both name the shard: give one"},
}

// summaryRules are those of a batch's --summary (solve's, grade's).
var summaryRules = []flagRule{
	{flag: "summary", needs: not(sharded), why: "does not go with --shard: it would cover one shard only"},
}

// jigsawGiven holds when --variant names jigsaw.
var jigsawGiven cond = func(l *cmdLine) bool {
	for name := range strings.SplitSeq(l.c.String("variant"), ",") {
		if strings.TrimSpace(name) == "jigsaw" {
			return true
		}
	}
	return false
}

var solveRules = slices.Concat(variantRules, sizeRules, summaryRules)

var gradeRules = slices.Concat(
	variantRules,
	[]flagRule{
		{flag: "candidates", needs: on("explain"), why: "does nothing without --explain"},
		{flag: "group-by", needs: on("summary"), why: "does nothing without --summary"},
		explainRule(export.Grade),
	},
	summaryRules,
)

var hintRules = slices.Concat(
	variantRules,
	[]flagRule{{needs: notBoth("depth", "level"), why: "give --depth, not both --depth and --level (its deprecated spelling)"}},
)

var canonRules = variantRules

var transformRules = slices.Concat(
	variantRules,
	[]flagRule{{needs: func(l *cmdLine) bool { return (l.c.String("spec") == "") == l.c.Bool("random") },
		why: "give --spec SPEC or --random"}},
	each([]string{"count", "seed"}, on("random"), "does nothing without --random"),
)

// pdfOnlyBookFlags are the book flags that only a PDF book takes;
// pageBookFlags those that an HTML book takes too.
var (
	pdfOnlyBookFlags = []string{"toc", "font", "bleed", "bleed-spine", "recto"}
	pageBookFlags    = []string{"large-print", "margin", "gutter"}
)

// bookRules are the book flags' own, for print and generate --pdf.
var bookRules = []flagRule{
	{flag: "bleed-spine", needs: given("bleed"), why: "does nothing without --bleed"},
}

var printRules = slices.Concat(
	variantRules,
	sizeRules,
	bookRules,
	[]flagRule{{needs: anyOf(not(formatIs("png")), imagesDir), why: "-f png writes one image per puzzle and solution: give -o DIR/"}},
	each([]string{"image-size", "dpi"}, imagesDir, "does nothing without -f svg or -f png into a directory (-o DIR/)"),
	[]flagRule{{flag: "dpi", needs: formatIs("png"), why: "does nothing without -f png"}},
	// An SVG sheet has its own layout; one file per puzzle has no title.
	each([]string{"page-size", "per-page"}, formatIs("pdf", "html"), "does nothing without -f pdf or -f html"),
	[]flagRule{{flag: "title", needs: not(imagesDir), why: "does nothing without -f pdf, -f html or an SVG sheet"}},
	each(pdfOnlyBookFlags, formatIs("pdf"), "does nothing without -f pdf"),
	each(pageBookFlags, formatIs("pdf", "html"), "does nothing without -f pdf or -f html"),
)

// solutionFormats are the formats that write a generated puzzle's
// solution with --with-solution.
var solutionFormats = []string{"line", "grid", "json", "csv"}

// The reasons of generate's rules that several flags share.
const (
	onlyThisPart  = "does not go with --start-index or --shard: it would see only this part of the run"
	vicinityPool  = "does not go with a vicinity search, which carries its pool from round to round: run searches with different --seed values and drop repeats after merging (sudokit canon ... | sort -u)"
	vicinityShape = "does not go with a vicinity search: its puzzles are minimal, without symmetry, and never isomorphs of each other"
)

var generateRules = slices.Concat(
	each([]string{"dedupe", "summary", "pdf"}, not(anyOf(given("start-index"), sharded)), onlyThisPart),
	[]flagRule{{flag: "group-by", needs: anyOf(on("summary"), given("pdf")), why: "does nothing without --summary or --pdf"}},
	each(slices.Concat([]string{"title", "per-page", "page-size"}, pdfOnlyBookFlags, pageBookFlags), given("pdf"), "does nothing without --pdf"),
	bookRules,
	[]flagRule{
		{needs: anyOf(not(on("summary")), given("output"), given("pdf")),
			why: "--summary replaces the puzzles on standard output: give -o FILE (or -o - for both), or --pdf"},
		explainRule(export.Generate),
		{needs: anyOf(not(on("with-solution")), formatIs(solutionFormats...)),
			why: "--with-solution goes with the formats that carry it: " + strings.Join(solutionFormats, ", ")},
	},
	each([]string{"symmetry", "clues"}, not(given("pattern")), "does not go with --pattern: the pattern places the clues"),
	[]flagRule{
		{needs: anyOf(not(valueIs("spread", "even")), ratingBand), why: "--spread even spreads over a band: give --level or --rating"},
	},
	each([]string{"from", "cold", "diverse"}, vicinitySearch, "does nothing without the vicinity search (--method vicinity)"),
	[]flagRule{{needs: not(allOf(given("from"), on("cold"))),
		why: "--from and --cold do not go together: the search starts from a file, or from puzzles made on clue patterns"}},
	each([]string{"start-index", "shard", "shard-from-env"}, not(vicinitySearch), vicinityPool),
	// The cold start's puzzles are made on the patterns of --pattern.
	[]flagRule{{flag: "pattern", needs: anyOf(not(vicinitySearch), on("cold")), why: vicinityShape}},
	each([]string{"spread", "dedupe", "symmetry", "minimal"}, not(vicinitySearch), vicinityShape),
)
