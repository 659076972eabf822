package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/canon"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/export"
	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/hint"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// libraryErrors walks the library's error paths that a caller's input or
// options reach (invalid: of kind sudoku.ErrInvalid, which the faces map
// to exit status 2 and HTTP 400), and some outcomes that are not of the
// kind (a target too rare, a puzzle not rated).
func libraryErrors(t *testing.T) []struct {
	name    string
	err     error
	invalid bool
} {
	t.Helper()
	cfg := config.Default()
	errOf := func(_ any, err error) error { return err }
	unknownTechnique := *cfg
	unknownTechnique.Techniques = map[string]bool{"x-wingg": true}
	allOff := *cfg
	allOff.Techniques = map[string]bool{}
	for _, k := range techniques.Keys() {
		allOff.Techniques[k] = false
	}
	_, readErr := sudoku.NewReader(strings.NewReader("4.....8.5\n"), "in.txt").Next()
	return []struct {
		name    string
		err     error
		invalid bool
	}{
		{"sudoku: a bad line", readErr, true},
		{"sudoku: a rating band", errOf(sudoku.ParseRatingRange("9-2")), true},
		{"config: an unknown key", errOf(config.Parse([]byte("level: 1\n"), "my.yaml", cfg, config.Schema{})), true},
		{"config: an unknown technique", errOf(config.Parse([]byte("techniques:\n  x-wingg: true\n"), "my.yaml", cfg,
			config.Schema{Techniques: techniques.Keys()})), true},
		{"config: a file that does not read", errOf(config.Load(filepath.Join(t.TempDir(), "nosuch.yaml"), config.Schema{})), true},
		{"grade: an unknown technique", errOf(grade.New(&unknownTechnique)), true},
		{"generate: an unknown level", errOf(generate.NewTarget(cfg, generate.TargetSpec{Level: "impossible"})), true},
		{"generate: a level and a rating", errOf(generate.NewTarget(cfg, generate.TargetSpec{Level: "hard", Rating: "2.0"})), true},
		{"generate: a clue range", errOf(generate.NewTarget(cfg, generate.TargetSpec{Clues: "10-15"})), true},
		{"generate: an unknown technique", errOf(generate.NewTarget(cfg, generate.TargetSpec{Require: []string{"x-wingg"}})), true},
		{"generate: a symmetry", errOf(generate.ParseSymmetry("spiral")), true},
		{"generate: a pattern", errOf(generate.ParsePattern("xx..")), true},
		{"generate: no pattern", errOf(generate.ReadPatterns(strings.NewReader("# none\n"), "p.txt")), true},
		{"generate: a band with nothing to spread over", errOf(generate.New(&allOff, generate.Options{Spread: true,
			Target: generate.Target{Rating: sudoku.RatingRange{Min: 2}}})), true},
		{"generate: two bands", errOf(generate.New(cfg, generate.Options{Level: "hard",
			Target: generate.Target{Rating: sudoku.RatingRange{Min: 2}}})), true},
		{"hint: a depth", errOf(hint.ParseDepth("4")), true},
		{"canon: a transform", errOf(canon.ParseTransform("spin")), true},
		{"export: an unknown format", errOf(export.NewWriter("docx", export.Grade, io.Discard, export.Options{})), true},
		{"export: a format without the path", errOf(export.NewWriter("csv", export.Grade, io.Discard, export.Options{Explain: true})), true},
		{"export: a format that does not split", errOf(export.NewWriter("table", export.Grade, io.Discard,
			export.Options{Part: &export.Part{Step: 2}})), true},
		{"export: a technique format", export.WriteTechniques(io.Discard, "docx", techniques.All(), nil), true},
		{"book: an unknown format", book.CheckFormat("docx"), true},
		{"book: a paper", book.Options{Paper: "b9", PerPage: 4}.Check(), true},
		{"book: a layout", book.Options{Paper: "a4", PerPage: 3}.Check(), true},
		{"book: large print", book.Options{Paper: "a4", PerPage: 4, LargePrint: true}.Check(), true},
		{"book: a margin", book.Options{Paper: "a4", PerPage: 4, Margin: 100}.Check(), true},
		{"book: a font that is not one", book.Options{Paper: "a4", PerPage: 4, Font: []byte("not a font")}.Check(), true},
		{"book: a title the font lacks", book.Options{Paper: "a4", PerPage: 4, Title: "数独"}.Check(), true},
		{"book: a page too small", book.ErrPageTooSmall, true},
		{"book: a length", errOf(book.ParseLength("wide")), true},
		{"book: a resolution", book.ImageOptions{DPI: 10}.Check(), true},
		{"book: too many pixels", book.ImageOptions{Size: 500, DPI: 2400}.Check(), true},
		{"book: an image format", errOf(book.Images("gif", nil, book.ImageOptions{})), true},

		{"generate: a target too rare", generate.ErrGaveUp, false},
		{"grade: not rated", grade.Result{Status: grade.Multiple}.Failed(), false},
		{"hint: solved", hint.ErrSolved, false},
		{"hint: beyond the rules", hint.ErrNoStep, false},
	}
}

// TestLibraryErrorKinds: what a caller's input or options get wrong is of
// the one kind sudoku.ErrInvalid, whichever package says it; outcomes are
// not.
func TestLibraryErrorKinds(t *testing.T) {
	for _, tt := range libraryErrors(t) {
		if tt.err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if got := errors.Is(tt.err, sudoku.ErrInvalid); got != tt.invalid {
			t.Errorf("%s: %q is of kind sudoku.ErrInvalid: %v, want %v", tt.name, tt.err, got, tt.invalid)
		}
	}
}
