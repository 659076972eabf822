// Package export writes what sudokit finds in every output format: line,
// grid, candidates and JSON records for solving, and the batch summary. It
// formats; it decides nothing about puzzles.
package export
