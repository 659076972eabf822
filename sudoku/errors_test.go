package sudoku

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInvalid(t *testing.T) {
	inner := errors.New("inner")
	err := Invalidf("field %q: %w", "x", inner)
	if !errors.Is(err, ErrInvalid) || !errors.Is(err, inner) || err.Error() != `field "x": inner` {
		t.Errorf("Invalidf: %v (kind %v, wraps %v)", err, errors.Is(err, ErrInvalid), errors.Is(err, inner))
	}
	if Invalid(nil) != nil {
		t.Error("Invalid(nil) is not nil")
	}
	plain := &os.PathError{Op: "open", Path: "x", Err: os.ErrNotExist}
	marked := Invalid(plain)
	var pe *os.PathError
	if !errors.Is(marked, ErrInvalid) || !errors.Is(marked, os.ErrNotExist) || !errors.As(marked, &pe) || marked.Error() != plain.Error() {
		t.Errorf("Invalid(%v) = %v: want the same error, of kind ErrInvalid", plain, marked)
	}
	if Invalid(marked) != marked {
		t.Error("Invalid marks an error of the kind again")
	}
	if errors.Is(errors.New("plain"), ErrInvalid) {
		t.Error("a plain error is of kind ErrInvalid")
	}
}

// TestInputErrorsAreInvalid: every way an input can be wrong is of kind
// ErrInvalid, so that a face can map it without knowing the reader's
// errors one by one.
func TestInputErrorsAreInvalid(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"empty.txt": "# nothing\n", "binary.txt": "\x00\x01\x02"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(text string) error {
		_, err := NewReader(strings.NewReader(text), "t").Next()
		return err
	}
	inputs := func(name string) error {
		for _, err := range Inputs([]string{name}, nil) {
			if err != nil {
				return err
			}
		}
		return nil
	}
	_, ratingErr := ParseRatingRange("9-2")
	_, badRating := ParseRating("x")
	state := StateOf(Grid{}, &[81]Digits{})
	tests := []struct {
		name string
		err  error
	}{
		{"short line", read("4.....8.5\n")},
		{"bad character", read(strings.Repeat("?", 81) + "\n")},
		{"repeated digit", read("11" + strings.Repeat(".", 79) + "\n")},
		{"line too long", read(strings.Repeat("1", 2<<20) + "\n")},
		{"no such file", inputs(filepath.Join(dir, "nosuch.txt"))},
		{"a directory", inputs(dir)},
		{"no puzzles", inputs(filepath.Join(dir, "empty.txt"))},
		{"not a puzzle file", inputs(filepath.Join(dir, "binary.txt"))},
		{"empty rating range", ratingErr},
		{"bad rating", badRating},
		{"no candidate", state.Check()},
	}
	for _, tt := range tests {
		if tt.err == nil || errors.Is(tt.err, io.EOF) {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if !errors.Is(tt.err, ErrInvalid) {
			t.Errorf("%s: %v is not of kind ErrInvalid", tt.name, tt.err)
		}
	}
}
