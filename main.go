// Command sudokit solves, grades, generates and prints sudoku puzzles (see
// internal/cli, which runs the program and maps its errors to the exit
// status).
package main

import "github.com/sudokit/sudokit/internal/cli"

func main() { cli.Main() }
