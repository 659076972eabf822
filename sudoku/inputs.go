package sudoku

import (
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
)

// ErrNoPuzzles reports an input that holds no puzzle at all; it is of
// kind ErrInvalid.
var ErrNoPuzzles = Invalidf("no puzzles in")

// Inputs yields the puzzles of each named input in turn: "-" is stdin (also
// read when names is empty), an existing file is read, and an argument made
// only of cell characters and separators is read as a puzzle itself (Source
// "argument N"). A bad puzzle is yielded with its *InputError; an input
// that cannot be read at all (a file that does not open, a directory, an
// input with no puzzle, a file that is not a puzzle file) is yielded as a
// plain error with Line 0, and the next input follows.
func Inputs(names []string, stdin io.Reader) iter.Seq2[Puzzle, error] {
	return InputsUnder(Rules{}, names, stdin)
}

// InputsUnder is Inputs with rules for the puzzles that do not name their
// own (see Reader.SetRules).
func InputsUnder(rules Rules, names []string, stdin io.Reader) iter.Seq2[Puzzle, error] {
	if len(names) == 0 {
		names = []string{"-"}
	}
	return func(yield func(Puzzle, error) bool) {
		for i, name := range names {
			var rd *Reader
			st, statErr := os.Stat(name)
			switch {
			case name == "-":
				rd = NewReader(stdin, "<stdin>")
				rd.SetRules(rules)
			case statErr == nil && st.IsDir():
				if !yield(Puzzle{Source: name}, Invalidf("%s: is a directory", name)) {
					return
				}
				continue
			case statErr == nil || !looksLikePuzzle(name):
				f, err := os.Open(name)
				if err != nil {
					if !yield(Puzzle{Source: name}, Invalid(err)) {
						return
					}
					continue
				}
				frd := NewReader(f, name)
				frd.SetRules(rules)
				ok := readAll(frd, yield)
				f.Close()
				if !ok {
					return
				}
				continue
			default:
				rd = NewReader(strings.NewReader(name), fmt.Sprintf("argument %d", i+1))
				rd.SetRules(rules)
			}
			if !readAll(rd, yield) {
				return
			}
		}
	}
}

// readAll passes a reader's puzzles on, and an error when it holds none;
// it reports false when yield asked to stop.
func readAll(rd *Reader, yield func(Puzzle, error) bool) bool {
	n := 0
	for p, err := range rd.All() {
		n++
		if !yield(p, err) {
			return false
		}
	}
	if n == 0 {
		return yield(Puzzle{Source: rd.source}, fmt.Errorf("%w %s", ErrNoPuzzles, rd.source))
	}
	return true
}

// looksLikePuzzle reports whether an argument that names no file reads as
// a puzzle (perhaps with a wrong number of cells) rather than as a file
// name: nine characters or more, all cell characters, spaces, '|' or line
// ends.
func looksLikePuzzle(s string) bool {
	if len(s) < 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if _, ok := cellValue(c); !ok && c != ' ' && c != '|' && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}
