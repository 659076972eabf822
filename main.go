// Command sudokit solves, grades and generates sudoku puzzles. This file
// only wires the command line: each command's flags go to a library call,
// and the error that comes back becomes the exit code.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"
)

// Exit codes.
const (
	exitOK          = 0   // every item succeeded
	exitItemsFailed = 1   // some puzzle was invalid, unsolvable, multiple, or an input failed
	exitUsage       = 2   // bad flags or arguments
	exitInterrupted = 130 // stopped by SIGINT/SIGTERM
)

func main() { os.Exit(mainCode()) }

// mainCode runs the command line of the process, stopping cleanly on SIGINT
// and SIGTERM, and returns the exit code.
func mainCode() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
}

// run runs the command line args and returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	err := app.RunContext(ctx, interspersed(app, args))
	return exitCode(err, stderr)
}

// newApp builds the command-line application around the given streams, so
// that tests can run it in-process.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return &cli.App{
		Name:    "sudokit",
		Usage:   "solve, grade and generate sudoku puzzles",
		Version: version,
		Reader:  stdin,
		Writer:  stdout,
		// ErrWriter gets urfave/cli's own messages; ours go through exitCode.
		ErrWriter: stderr,
		// Errors are mapped to exit codes by run, never by os.Exit inside Run.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   onUsageError,
		// Without a command, show help; an unknown command is a usage error.
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return usagef("unknown command %q (see sudokit --help)", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
		Commands:             []*cli.Command{solveCommand(), gradeCommand(), generateCommand(), printCommand(), configCommand()},
		EnableBashCompletion: true,
	}
}

// version is the release string printed by --version.
const version = "0.1.0"

// usageError marks a bad command line: exit code 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usage error.
func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errItemsFailed reports that some items failed; they were reported as they
// came, so it prints nothing more.
var errItemsFailed = errors.New("some items failed")

func onUsageError(_ *cli.Context, err error, _ bool) error { return usageError{err} }

// exitCode maps an error from the app to an exit code, printing it unless
// it was already reported.
func exitCode(err error, stderr io.Writer) int {
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errItemsFailed):
		return exitItemsFailed
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "sudokit: interrupted")
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "sudokit: %v\n", err)
		return exitUsage
	default:
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			if msg := err.Error(); msg != "" {
				fmt.Fprintf(stderr, "sudokit: %s\n", msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintf(stderr, "sudokit: %v\n", err)
		return exitItemsFailed
	}
}
