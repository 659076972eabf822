package cli

import (
	"fmt"
	"strconv"
	"strings"

	ucli "github.com/urfave/cli/v2"

	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/sudoku"
)

// The commands that take puzzles of every size share --size, --box,
// --alphabet and --symbols, and one rule of precedence, as for variants:
// a line that gives its size (by its count of cells, or size= in its
// label) keeps it, but when the command line gives --size too, the two
// must agree, or that line is an error.

// symbolsValues are what --symbols takes.
var symbolsValues = []string{"letters", "numbers"}

// sizeValues are the sizes --size takes, and boxValues the boxes --box
// takes.
func sizeValues() []string {
	var out []string
	for _, s := range sudoku.Shapes() {
		if v := strconv.Itoa(s.N()); len(out) == 0 || out[len(out)-1] != v {
			out = append(out, v)
		}
	}
	return out
}

func boxValues() []string {
	var out []string
	for _, s := range sudoku.Shapes() {
		out = append(out, s.Box())
	}
	return out
}

// sizeFlags are --size, --box, --alphabet and --symbols, for a command
// that does what (solves, ...) to puzzles of every size.
func sizeFlags(what string) []ucli.Flag {
	symbols := "write the digits of sizes over 9 in grids (-f grid) as `letters` (the alphabet, A for 10) or numbers (1-16, in two columns); the formats of one field a puzzle keep one character a cell"
	if what == "print" {
		symbols = "print the digits of sizes over 9 as `letters` (A for 10, ..., G for 16) or numbers (10-25)"
	}
	return []ucli.Flag{
		&ucli.StringFlag{Name: "size",
			Usage: what + " puzzles of `N`x`N` cells that do not give their size: " + orList(sizeValues()) +
				" (a line of 16, 36, 64, 100, 144, 256 or 625 cells gives its own; a line that gives another is an error)"},
		&ucli.StringFlag{Name: "box",
			Usage: "the boxes' `RxC` rows and columns when not the usual ones of the size: 3x2 for 6, 4x2 for 8, 4x3 for 12 (the box gives the size without --size)"},
		&ucli.StringFlag{Name: "alphabet",
			Usage: "the cells' `ALPHABET` of sizes over 9: 1-9A-Z (1-9 then A for 10, ...; . or 0 blank) or 0-F (0 for 1, ...; . blank); detected per puzzle when not given"},
		&ucli.StringFlag{Name: "symbols", Value: "letters", Usage: symbols},
	}
}

// sizeRules are the rules of --size and its company. (--variant goes
// with --size when the size takes the variants: readShape checks it.)
var sizeRules = []flagRule{
	{flag: "regions", needs: anyOf(not(given("size")), valueIs("size", "9")), why: "is for 9x9 puzzles only (jigsaw): leave out --size"},
}

// readShape reads --size, --box, --alphabet and --symbols.
func readShape(c *ucli.Context) (shape sudoku.Shape, a sudoku.Alphabet, numbers bool, err error) {
	if c.IsSet("size") || c.IsSet("box") {
		size := c.String("size")
		if !c.IsSet("size") {
			// The box gives the size: 3x2 is 6.
			r, col, _ := strings.Cut(strings.ToLower(c.String("box")), "x")
			rn, _ := strconv.Atoi(r)
			cn, _ := strconv.Atoi(col)
			if rn*cn == 0 {
				return shape, a, false, sudoku.Invalidf("--box %q: want rows x columns, such as 3x2", c.String("box"))
			}
			size = strconv.Itoa(rn * cn)
		}
		if shape, err = sudoku.ParseShape(size, c.String("box")); err != nil {
			flag := "--size"
			if strings.HasPrefix(err.Error(), "box") {
				flag = "--box"
			}
			return shape, a, false, sudoku.Invalidf("%s: %v", flag, err)
		}
		if c.IsSet("variant") && shape.N() != 9 {
			if _, err := sudoku.ParseBoardVariants(c.String("variant"), shape); err != nil {
				return shape, a, false, fmt.Errorf("--variant with --size %d: %w", shape.N(), err)
			}
		}
	}
	if a, err = sudoku.ParseAlphabet(c.String("alphabet")); err != nil {
		return shape, a, false, sudoku.Invalidf("--alphabet: %v", err)
	}
	// (bank print shares print's reading but not its size flags.)
	if c.IsSet("symbols") {
		if err := oneOf("symbols", c.String("symbols"), symbolsValues); err != nil {
			return shape, a, false, err
		}
	}
	return shape, a, c.String("symbols") == "numbers", nil
}

// takeSizes makes the session read puzzles of every size: shape and
// alphabet for those that do not give theirs; shape, when given on the
// command line, for all of them.
func (s *session) takeSizes(shape sudoku.Shape, a sudoku.Alphabet) {
	s.sizes, s.shape, s.alphabet = true, shape, a
}

// sizeError is the error of a puzzle whose size the session refuses: a
// command that takes 9x9 puzzles only, or another size than --size's.
func (s *session) sizeError(p sudoku.Puzzle) error {
	shape := p.Shape()
	switch {
	case !s.sizes && p.Board != nil:
		return &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
			"a %s puzzle: %s takes 9x9 puzzles only for now (solve takes every size)", shape, s.c.Command.Name)}
	case s.sizes && s.shape.N() != 0 && shape != s.shape:
		return &sudoku.InputError{Source: p.Source, Line: p.Line, Err: sudoku.Invalidf(
			"the line is a %s puzzle, but --size gives %s: the two must agree (leave --size out for a file that mixes sizes)", shape, s.shape)}
	}
	return nil
}

// sizedFormat reports whether the rows of a format can hold a puzzle of
// another size than 9x9.
func sizedFormat(format string) bool { return export.TakesSizes(format) }
