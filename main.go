// Command sudokit solves, grades, generates and prints sudoku puzzles (see
// internal/cli). main only wires the command line to the process: the
// arguments and streams, Ctrl-C and SIGTERM as cancellation, and the exit
// status of the error the command returns (0 ok, 1 some item failed, 2 a
// bad command line, 130 interrupted; cli.ExitCode is that one mapping).
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/sudokit/sudokit/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := cli.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(cli.ExitCode(err, os.Stderr))
}
