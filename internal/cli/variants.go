package cli

import (
	"slices"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/sudoku"
)

// The commands that take variants share two flags, --variant and
// --regions, which give the rules of the puzzles that name none, and one
// rule of precedence: a line that names its own rules (variant=...,
// regions=..., a layout after the puzzle, a JSON row's "variant") keeps
// them, so that a file can mix variants; but when the command line gives
// rules too, the two must agree, or that line is an error. A person who
// says --variant x means every puzzle to be an X-sudoku, and a line that
// says otherwise is a mistake to report, never to overrule in silence.

// variantFlags are --variant and --regions, for a command that does what
// (solve, rate, ...) under the rules they give.
func variantFlags(what string) []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "variant",
			Usage: what + " under the rules of `NAME[,NAME]`: " + strings.Join(variantNames(what == "solve" || what == "print"), ", ") +
				" (a line that names its rules keeps them, and they must agree; with --size, x or killer)"},
		&ucli.StringFlag{Name: "regions",
			Usage: "a jigsaw's regions: `LAYOUT|FILE`, 81 region ids 1-9 row by row, or a file of them"},
	}
}

// variantHelp is the paragraph of a command's help on variants.
func variantHelp(what string) string {
	text := "Variants: --variant " + what + " under a variant's rules (or several together, separated by commas): " +
		strings.Join(variantNames(what == "solves"), ", ") + `. A jigsaw takes --regions, its layout: 81 region ids 1-9, row by row (or a file of them). ` +
		`A line may name its own rules (variant=x,anti-knight, regions=..., or a jigsaw's layout as the field after the puzzle), ` +
		`and a JSON row in "variant" and "regions", so that one file can mix variants; with --variant too, the two must agree, ` +
		`or that line is an error. Rows of puzzles that are not classic carry their rules the same way.`
	var b strings.Builder
	width := 0
	for word := range strings.FieldsSeq(text) {
		if width > 0 && width+1+len(word) > 78 {
			b.WriteString("\n")
			width = 0
		} else if width > 0 {
			b.WriteString(" ")
			width++
		}
		b.WriteString(word)
		width += len(word)
	}
	return b.String() + "\n"
}

// variantRules are the rules of --variant and --regions.
var variantRules = []flagRule{
	{flag: "regions", needs: jigsawGiven, why: "goes with --variant jigsaw: it is a jigsaw's layout"},
	{needs: anyOf(not(jigsawGiven), given("regions")), why: "--variant jigsaw needs --regions LAYOUT|FILE: its 81 region ids 1-9, row by row"},
}

// takeVariants makes the session read puzzles of any rules: rules for
// those that name none, which, given on the command line, those that name
// theirs must agree with.
func (s *session) takeVariants(rules sudoku.Rules) {
	s.variants, s.rules, s.rulesGiven = true, rules, s.c.IsSet("variant")
}

// ruleConflict is the error of a puzzle whose line names other rules than
// the command line's.
func ruleConflict(p sudoku.Puzzle, flag sudoku.Rules) error {
	what := "variant " + p.Rules.String()
	if p.Rules.String() == flag.String() {
		what = "another jigsaw layout"
	}
	return &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
		"the line names %s, but --variant gives %s: the two must agree (leave --variant out for a file whose lines name their rules)",
		what, flag)}
}

// boardRules names the variants of a sized board as Rules.String does:
// "classic", "x", "killer", "x,killer".
func boardRules(b *sudoku.Board) string {
	if b.IsClassic() {
		return "classic"
	}
	return strings.Join(b.Variants(), ",")
}

// variantCommands lists the commands that take --variant, for the messages
// of those that do not.
func variantCommands(app *ucli.App) string {
	var names []string
	for _, cmd := range app.Commands {
		if slices.ContainsFunc(cmd.Flags, func(f ucli.Flag) bool { return slices.Contains(f.Names(), "variant") }) {
			names = append(names, cmd.Name)
		}
	}
	return strings.Join(names, ", ")
}

// variantNames are the variants a command takes: all, or all but killer.
func variantNames(killers bool) []string {
	if killers {
		return sudoku.VariantNames()
	}
	var out []string
	for _, v := range sudoku.VariantNames() {
		if v != "killer" {
			out = append(out, v)
		}
	}
	return out
}

// takesKillers reports whether a command takes killers: solve, grade and
// hint (by the killer techniques) do, and print (drawing the cages;
// killers go into a book unrated).
func takesKillers(c *ucli.Context) bool {
	return c.Command.Name == "solve" || c.Command.Name == "print" || c.Command.Name == "grade" || c.Command.Name == "hint"
}
