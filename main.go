// Command sudokit solves, grades, generates and prints sudoku puzzles (see internal/cli).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sudokit/sudokit/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := exitCode(cli.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr), os.Stderr)
	stop()
	os.Exit(code)
}

// exitCode reports err unless it was reported already and returns the exit
// code: 0 ok, 1 some item failed, 2 a bad command line, 130 interrupted.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, cli.ErrFailed):
		return 1
	case errors.Is(err, context.Canceled):
		// A command that writes rows says how many it kept, and where.
		var in *cli.InterruptedError
		if errors.As(err, &in) {
			fmt.Fprintf(stderr, "sudokit: %v\n", in)
		} else {
			fmt.Fprintln(stderr, "sudokit: interrupted")
		}
		return 130
	}
	fmt.Fprintf(stderr, "sudokit: %v\n", err)
	if errors.Is(err, cli.ErrUsage) {
		return 2
	}
	return 1
}
