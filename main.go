// Command sudokit solves, grades, generates and prints sudoku puzzles (see internal/cli).
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
	code := cli.ExitCode(cli.Run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr), os.Stderr)
	stop()
	os.Exit(code)
}
