package sudoku

import (
	"fmt"
	"strings"
)

// Alphabet is how a Board's digits are written, one character a cell.
//
//   - Letters ("1-9A-Z"), the default: 1-9, then A for 10, B for 11 and so
//     on (16x16: 1-9A-G; 25x25: 1-9A-P); '.' or '0' for an empty cell.
//   - FromZero ("0-F", the common 16x16 form): 0-9, then A-Z, from digit 1
//     up (16x16: 0-9A-F; 25x25: 0-9A-O); only '.' for an empty cell.
//
// Letters are read in either case and written in capitals; an empty cell
// is written '.'.
type Alphabet uint8

// The alphabets. AutoAlphabet, the zero value, asks ParseBoard to choose
// (see ParseBoard).
const (
	AutoAlphabet Alphabet = iota
	Letters
	FromZero
)

// symbols are the characters of the digits from the first, in either
// alphabet (Letters starts at '1', FromZero at '0').
const symbols = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// ParseAlphabet reads an alphabet's name: "1-9A-Z" (or "1-9A-G", "letters"),
// "0-F" (or "0-9A-F", "0-9A-Z"), or "" and "auto" for AutoAlphabet.
func ParseAlphabet(name string) (Alphabet, error) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "", "AUTO":
		return AutoAlphabet, nil
	case "1-9A-Z", "1-9A-G", "LETTERS":
		return Letters, nil
	case "0-F", "0-9A-F", "0-9A-Z":
		return FromZero, nil
	}
	return AutoAlphabet, Invalidf("alphabet %q: want 1-9A-Z or 0-F", name)
}

// String returns the alphabet's name as ParseAlphabet reads it.
func (a Alphabet) String() string {
	switch a {
	case Letters:
		return "1-9A-Z"
	case FromZero:
		return "0-F"
	}
	return "auto"
}

// Symbol returns the character of value v (0 for an empty cell, '.'), in
// the alphabet; AutoAlphabet writes as Letters.
func (a Alphabet) Symbol(v int) byte {
	switch {
	case v <= 0 || v > len(symbols)-1:
		return '.'
	case a == FromZero:
		return symbols[v-1]
	default:
		return symbols[v]
	}
}

// value returns the value of character ch in the alphabet for size n:
// 0 for an empty cell, 1..n for a digit, -1 for a character that is
// neither.
func (a Alphabet) value(ch byte, n int) int {
	if ch == '.' {
		return 0
	}
	if 'a' <= ch && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	i := strings.IndexByte(symbols, ch)
	if i < 0 {
		return -1
	}
	if a == FromZero {
		i++
	}
	if i > n {
		return -1
	}
	return i
}

// ParseBoard reads a board: one line of N×N cells row by row (the line
// format), or a grid of N rows of N cells, one row a line, where spaces,
// tabs and '|' between cells are ignored and lines made only of '-', '+',
// '=' and '|' (separators) are skipped. With the zero Shape the size comes
// from the count of cells (16, 36, 64, 81, 100, 144, 256 or 625) or of
// rows, with its usual box; give the shape for another box (6x6 with 3x2
// boxes) or to require a size.
//
// With AutoAlphabet, ParseBoard chooses the alphabet by this rule, where
// T is the top digit of the size in Letters (4x4: '4', 9x9: '9', 12x12:
// 'C', 16x16: 'G', 25x25: 'P'):
//
//  1. T present: Letters ('0' and '.' are empty cells).
//  2. Else '0' present with '.': FromZero ('0' is a digit, '.' the blank).
//  3. Else '0' present, no '.', and each of the N characters 0..(T-1)
//     present exactly N times (a full grid written 0-F): FromZero.
//  4. Else Letters ('0', if present, is an empty cell).
//
// The rule never leaves two readings that differ in substance: a line
// that rule 4 reads has no T, and so uses at most N-1 digit symbols, which
// name the same digits under both alphabets up to a relabelling, and a
// relabelling of the digits changes no sudoku's solution count, grade or
// hints. Only the name of the missing symbol in a solution depends on the
// choice; give the alphabet to choose it. ParseBoard returns the alphabet
// it read with, so that a caller can write back in the same alphabet.
//
// Its errors are of kind ErrInvalid, wrap ErrLength, ErrRowLength or
// ErrCharacter, and name the position of a bad character and its cell.
func ParseBoard(text string, shape Shape, a Alphabet) (Board, Alphabet, error) {
	text = strings.TrimSpace(text)
	line := text
	if strings.ContainsAny(text, "\n\r") {
		var err error
		if line, shape, err = joinRows(text, shape); err != nil {
			return Board{}, a, err
		}
	}
	if shape.n == 0 {
		if shape = shapeOfCells(len(line)); shape.n == 0 {
			return Board{}, a, Invalidf("%w: %d characters, want the cells of a %s board (16, 36, 64, 81, 100, 144, 256 or 625)",
				ErrLength, len(line), sizeList)
		}
	} else if len(line) != shape.Cells() {
		return Board{}, a, Invalidf("%w: %d characters, want %d for %s", ErrLength, len(line), shape.Cells(), shape)
	}
	n := shape.N()
	if a == AutoAlphabet {
		a = detectAlphabet(line, n)
	}
	b := NewBoard(shape)
	for i := range len(line) {
		v := a.value(line[i], n)
		if v < 0 || (v == 0 && line[i] == '0' && a == FromZero) {
			return Board{}, a, Invalidf("%w %s at position %d (%s): want %s (alphabet %s of %s)",
				ErrCharacter, quoteChar(line, i), i+1, shape.CellName(i), a.range_(n), a, shape)
		}
		b.Cells[i] = uint8(v)
	}
	return b, a, nil
}

// range_ describes the characters of size n in the alphabet, as "1-9,
// A-G, '.' or '0'".
func (a Alphabet) range_(n int) string {
	first, last := a.Symbol(1), a.Symbol(n)
	blanks := "'.' or '0'"
	if a == FromZero {
		blanks = "'.'"
	}
	switch {
	case n <= 9 || (a == FromZero && n <= 10):
		return fmt.Sprintf("%c-%c, %s", first, last, blanks)
	case a == FromZero:
		return fmt.Sprintf("0-9, A-%c, %s", last, blanks)
	}
	return fmt.Sprintf("1-9, A-%c, %s", last, blanks)
}

// quoteChar quotes the character at byte i of s, whole if it is not
// ASCII.
func quoteChar(s string, i int) string {
	if s[i] < 0x80 {
		return fmt.Sprintf("%q", s[i])
	}
	return fmt.Sprintf("byte %#x", s[i])
}

// detectAlphabet applies ParseBoard's rule to a line of cells of size n.
func detectAlphabet(line string, n int) Alphabet {
	top := Letters.Symbol(n)
	var count [256]int
	for i := range len(line) {
		ch := line[i]
		if 'a' <= ch && ch <= 'z' {
			ch -= 'a' - 'A'
		}
		count[ch]++
	}
	switch {
	case count[top] > 0:
		return Letters
	case count['0'] > 0 && count['.'] > 0:
		return FromZero
	case count['0'] > 0:
		for v := 1; v <= n; v++ {
			if count[FromZero.Symbol(v)] != n {
				return Letters
			}
		}
		return FromZero
	}
	return Letters
}

// joinRows turns a grid of rows (see ParseBoard) into a line, and finds
// its shape from the count of rows when shape is zero.
func joinRows(text string, shape Shape) (string, Shape, error) {
	var rows []string
	for raw := range strings.Lines(text) {
		row := strings.Map(func(r rune) rune {
			switch r {
			case ' ', '\t', '|', '\r', '\n':
				return -1
			}
			return r
		}, raw)
		if strings.Trim(row, "-+=|") == "" {
			continue
		}
		rows = append(rows, row)
	}
	if shape.n == 0 {
		if shape = ShapeOf(len(rows)); shape.n == 0 {
			return "", shape, Invalidf("%w: %d rows, want %s", ErrRows, len(rows), sizeList)
		}
	}
	n := shape.N()
	if len(rows) != n {
		return "", shape, Invalidf("%w: %d rows, want %d for %s", ErrRows, len(rows), n, shape)
	}
	for r, row := range rows {
		if len(row) != n {
			return "", shape, Invalidf("%w: row %d has %d cells, want %d", ErrRowLength, r+1, len(row), n)
		}
	}
	return strings.Join(rows, ""), shape, nil
}
