// Package cli is sudokit's command line. Each command reads its flags,
// calls one library entry point (solve.Check, grade.Grader.Grade,
// generate.Generator.Run, book.Write, ...), and hands the results to
// an export writer; it holds no rule of Sudoku. Errors come back from Run,
// and ExitCode maps them, once, to the exit status: a bad command line or
// option is of the library's kind sudoku.ErrInvalid (2), ErrFailed says
// that some items failed (1; each was reported as it came, a bad puzzle
// of a batch among them), an interruption is 130.
package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/suggest"
)

// Run runs the command line args (args[0] is the program's name) with the
// given streams, and returns what went wrong, if anything.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	app := newApp(stdin, stdout, stderr)
	return app.RunContext(ctx, interspersed(app, args))
}

// newApp builds the application around the given streams.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *ucli.App {
	app := &ucli.App{
		Name:    "sudokit",
		Usage:   "solve, grade, explain, generate and print sudoku puzzles",
		Version: Version(),
		Description: `sudokit solves puzzles and tells whether each has one solution, rates them
on Sudoku Explainer's scale exactly as SE 1.2.1 does, explains the solving
path step by step, generates puzzles to a level or rating, and lays them out
as printable books. Every command reads any common puzzle layout, writes one
output row per input puzzle in input order, and takes the same flags for the
same things (-f, -o, -q, --config, --summary, -j).

Examples:
   sudokit solve testdata/puzzles/norvig-top95.txt
   sudokit grade --summary testdata/puzzles/qqwing-sample220.se121.txt
   sudokit generate -n 12 --level hard --pdf book.pdf
   sudokit help grade`,
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors go back to the caller, never to os.Exit inside Run.
		ExitErrHandler:  func(*ucli.Context, error) {},
		OnUsageError:    onUsageError,
		HideHelpCommand: true,
		// Our own help command stands in for urfave/cli's, which would
		// otherwise bring the --help flag along.
		Flags: []ucli.Flag{ucli.HelpFlag},
		Action: func(c *ucli.Context) error {
			if c.Args().Present() {
				return unknownCommand(c.App, c.Args().First())
			}
			return ucli.ShowAppHelp(c)
		},
		Commands: []*ucli.Command{solveCommand(), gradeCommand(), hintCommand(), generateCommand(), printCommand(), mergeCommand(),
			canonCommand(), transformCommand(), bankCommand(),
			serveCommand(), techniquesCommand(), configCommand(), completionCommand(), helpCommand(), completeCommand()},
	}
	for _, cmd := range app.Commands {
		cmd.OnUsageError = onUsageError
		for _, f := range cmd.Flags {
			if b, ok := f.(*ucli.BoolFlag); ok {
				b.DisableDefaultText = true
			}
		}
	}
	return app
}

// helpCommand is `sudokit help [COMMAND]`: an unknown command is a usage
// error, as everywhere else.
func helpCommand() *ucli.Command {
	return &ucli.Command{
		Name:      "help",
		Usage:     "show the help of sudokit or of one command",
		ArgsUsage: "[COMMAND]",
		Action: func(c *ucli.Context) error {
			switch c.NArg() {
			case 0:
				return ucli.ShowAppHelp(c)
			case 1:
				name := c.Args().First()
				if c.App.Command(name) == nil {
					return unknownCommand(c.App, name)
				}
				return ucli.ShowCommandHelp(c.Lineage()[1], name) // from the app's context
			}
			return sudoku.Invalidf("help takes one command, not %q", strings.Join(c.Args().Slice(), " "))
		},
	}
}

// unknownCommand is the usage error of a command that does not exist.
func unknownCommand(app *ucli.App, name string) error {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := suggest.Nearest(name, visibleCommands(app)); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return sudoku.Invalidf("%s; see sudokit --help", msg)
}

// onUsageError turns urfave/cli's flag errors into usage errors that name
// the flag as typed, with both dashes, and the nearest known flag, or the
// value and what the flag takes.
func onUsageError(c *ucli.Context, err error, _ bool) error {
	msg := err.Error()
	if err, ok := flagValueError(c, msg); ok {
		return err
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if variantFlag(name) {
			return sudoku.Invalidf("%s does not take --%s yet (%s do)", c.Command.Name, name, variantCommands(c.App))
		}
		var known []string
		for _, f := range commandFlags(c) {
			for _, n := range f.Names() {
				if len(n) > 1 {
					known = append(known, n)
				}
			}
		}
		msg = fmt.Sprintf("unknown flag %s", dashes(name))
		if near := suggest.Nearest(name, known); near != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", near)
		}
		return sudoku.Invalidf("%s; see sudokit %s --help", msg, c.Command.Name)
	}
	return sudoku.Invalid(err)
}

// commandFlags are the flags of the command being run (the app's when none).
func commandFlags(c *ucli.Context) []ucli.Flag {
	if c.Command != nil && c.Command.Name != "" {
		return c.Command.Flags
	}
	return c.App.Flags
}

// dashes writes a flag name as typed: -x for one letter, --name otherwise.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// noArgs is the check of a command that takes no arguments.
func noArgs(c *ucli.Context) error {
	if c.Args().Present() {
		return sudoku.Invalidf("%s takes no arguments, got %q; see sudokit %s --help", c.Command.Name,
			strings.Join(c.Args().Slice(), " "), c.Command.Name)
	}
	return nil
}

// Docs returns the reference of every command and flag, as Markdown and as
// a man page (section 1), written from the application itself so that
// they cannot drift from it (docs/cli.md and docs/sudokit.1; a test
// compares them).
func Docs() (markdown, man string, err error) {
	app := newApp(nil, io.Discard, io.Discard)
	app.Version = "" // the docs of one build are those of every build
	if markdown, err = app.ToMarkdown(); err != nil {
		return "", "", err
	}
	if man, err = app.ToManWithSection(1); err != nil {
		return "", "", err
	}
	return markdown, man, nil
}
