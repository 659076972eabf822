package sudoku

import (
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
)

// Inputs yields the puzzles of each named input in turn: "-" is stdin (also
// read when names is empty), an existing file is read, and an argument made
// only of cell characters and separators is read as a puzzle itself (Source
// "argument N"). A bad puzzle is yielded with its *InputError; a file that
// cannot be opened or read is yielded as a plain error, and the next input
// follows.
func Inputs(names []string, stdin io.Reader) iter.Seq2[Puzzle, error] {
	if len(names) == 0 {
		names = []string{"-"}
	}
	return func(yield func(Puzzle, error) bool) {
		for i, name := range names {
			var rd *Reader
			switch {
			case name == "-":
				rd = NewReader(stdin, "<stdin>")
			case fileExists(name) || !looksLikePuzzle(name):
				f, err := os.Open(name)
				if err != nil {
					if !yield(Puzzle{Source: name}, err) {
						return
					}
					continue
				}
				ok := readAll(NewReader(f, name), yield)
				f.Close()
				if !ok {
					return
				}
				continue
			default:
				rd = NewReader(strings.NewReader(name), fmt.Sprintf("argument %d", i+1))
			}
			if !readAll(rd, yield) {
				return
			}
		}
	}
}

// readAll passes a reader's puzzles on; it reports false when yield asked to
// stop.
func readAll(rd *Reader, yield func(Puzzle, error) bool) bool {
	for p, err := range rd.All() {
		if !yield(p, err) {
			return false
		}
	}
	return true
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// looksLikePuzzle reports whether an argument reads as a puzzle rather than a
// file name: at least 17 characters, all cell characters, spaces, '|' or
// line ends.
func looksLikePuzzle(s string) bool {
	if len(s) < 17 {
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
