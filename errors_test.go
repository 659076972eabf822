package main

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
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
		{"grade: over the budget", grade.Result{Status: grade.Budget}.Failed(), false},
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

// faceWords are what only a face may say: a flag (--budget), a command
// (sudokit techniques).
var faceWords = regexp.MustCompile(`(^|[^\w-])--[a-z]|\bsudokit (solve|grade|hint|generate|print|merge|canon|transform|serve|techniques|config|completion|help)\b`)

// faceWordsAllowed are the library's string literals that may name a flag
// or a command, by file and a fragment, and why: none is a message.
var faceWordsAllowed = []struct{ file, fragment, why string }{
	{"book/books.go", "(--image-size, --dpi)", "the command line's help of the png format (book.FormatHelp)"},
	{"export/format.go", "with --with-transform", "the command line's help of canon's line format (export.FormatHelp)"},
	{"export/format.go", "(with --all,", "the command line's help of hint's text format (export.FormatHelp)"},
	{"export/se.go", "# sudokit generate --seed", "the SE format's provenance line: the command that makes the puzzles again"},
}

// TestLibraryMessages: the library's messages name no flag and no command
// (the server has neither): advice such as "raise --budget" or "sudokit
// techniques lists them" is the command line's to add, where it reports
// (the server adds its own). It checks the messages of the error paths of
// libraryErrors, and every string literal of the library's code.
func TestLibraryMessages(t *testing.T) {
	for _, tt := range libraryErrors(t) {
		if tt.err != nil && faceWords.MatchString(tt.err.Error()) {
			t.Errorf("%s: %q names a flag or a command", tt.name, tt.err)
		}
	}
	fset := token.NewFileSet()
	used := map[int]bool{}
	for pkg := range layers {
		if pkg == "." || strings.HasPrefix(pkg, "internal/") {
			continue
		}
		files, err := filepath.Glob(filepath.Join(pkg, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				text, err := strconv.Unquote(lit.Value)
				if err != nil || !faceWords.MatchString(text) {
					return true
				}
				for i, a := range faceWordsAllowed {
					if filepath.ToSlash(file) == a.file && strings.Contains(text, a.fragment) {
						used[i] = true
						return true
					}
				}
				t.Errorf("%s: %q names a flag or a command: a library message is for every face", fset.Position(lit.Pos()), text)
				return true
			})
		}
	}
	for i, a := range faceWordsAllowed {
		if !used[i] {
			t.Errorf("faceWordsAllowed: %s holds no %q any more: drop it", a.file, a.fragment)
		}
	}
}
