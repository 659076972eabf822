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
	return InputsWith(ReadOptions{Rules: rules}, names, stdin)
}

// ReadOptions tell the readers of Inputs what the puzzles that do not say
// it themselves are: their rules (Reader.SetRules), their shape and
// alphabet (Reader.SetShape).
type ReadOptions struct {
	Rules    Rules
	Shape    Shape
	Alphabet Alphabet
}

// newReader returns a Reader set up with the options.
func (o ReadOptions) newReader(r io.Reader, source string) *Reader {
	rd := NewReader(r, source)
	rd.SetRules(o.Rules)
	rd.SetShape(o.Shape, o.Alphabet)
	return rd
}

// InputsWith is Inputs with options for the puzzles that do not give
// their rules, shape or alphabet.
func InputsWith(opt ReadOptions, names []string, stdin io.Reader) iter.Seq2[Puzzle, error] {
	if len(names) == 0 {
		names = []string{"-"}
	}
	return func(yield func(Puzzle, error) bool) {
		for i, name := range names {
			var rd *Reader
			st, statErr := os.Stat(name)
			switch {
			case name == "-":
				rd = opt.newReader(stdin, "<stdin>")
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
				frd := opt.newReader(f, name)
				ok := readAll(frd, yield)
				f.Close()
				if !ok {
					return
				}
				continue
			default:
				rd = opt.newReader(strings.NewReader(name), fmt.Sprintf("argument %d", i+1))
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
//
// A line puzzle of another size, one field of the cells of a size (16,
// 36, ... 625 characters: digits, capitals and '.'), looks like one too.
func looksLikePuzzle(s string) bool {
	if len(s) < 9 {
		return false
	}
	if first, _, _ := strings.Cut(strings.TrimSpace(s), " "); shapeOfCells(len(first)).n != 0 &&
		strings.Trim(first, ".0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		return true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if _, ok := cellValue(c); !ok && c != ' ' && c != '|' && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}
