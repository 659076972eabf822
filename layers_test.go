package main

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layers is the package graph of sudokit: each package and the sudokit
// packages it may import (its code, not its tests). The arrows point down:
// main -> internal/cli -> internal/server -> bookgrade/export ->
// generate/hint -> grade -> techniques/solve -> sudoku; book is a leaf over
// sudoku, batch a leaf used from above. A new package, or a new arrow,
// goes here first.
var layers = map[string][]string{
	".":               {"internal/cli"},
	"internal/cli":    {"bank", "batch", "book", "bookgrade", "canon", "config", "export", "generate", "grade", "hint", "internal/server", "solve", "sudoku", "suggest", "techniques"},
	"internal/server": {"bank", "batch", "book", "bookgrade", "canon", "config", "export", "generate", "grade", "hint", "solve", "sudoku", "techniques"},
	// bookgrade: the rules of a book (its entries from gradings, its
	// levels); book, their layout, knows nothing of grading.
	"bookgrade": {"book", "config", "grade", "solve", "sudoku", "techniques"},
	"book":      {"sudoku"},
	// export formats the records of solve, grade, hint, generate and canon:
	// it imports their result types (techniques/sized for the steps of a
	// sized puzzle's path), and batch for the shards' lines.
	"export":   {"batch", "canon", "generate", "grade", "hint", "solve", "sudoku", "techniques", "techniques/sized"},
	"generate": {"batch", "canon", "config", "grade", "solve", "sudoku", "techniques"},
	// hint describes classic steps and sized ones (techniques/sized).
	"hint":       {"grade", "sudoku", "techniques", "techniques/sized"},
	"grade":      {"config", "solve", "sudoku", "techniques", "techniques/sized"},
	"techniques": {"sudoku"},
	// techniques/sized: the finders for boards of every size, named and
	// rated by the registry of techniques.
	"techniques/sized": {"sudoku", "techniques"},
	"solve":            {"sudoku"},
	"canon":            {"sudoku"},
	// bank keeps puzzles in a database: their canonical forms (canon) and
	// what their grading found (grade's result types).
	"bank":   {"canon", "grade", "sudoku"},
	"config": {"sudoku", "suggest"},
	"batch":  {},
	// sudoku imports only suggest, for the "did you mean" of an unknown
	// variant's name.
	"sudoku": {"suggest"},
	// suggest, the "did you mean" of messages, is a leaf that the library
	// and the faces share.
	"suggest":          {},
	"internal/testenv": {"sudoku"},
	// internal/exactcover is the tests' reference counter, on its own.
	"internal/exactcover": {},
}

// TestLayers checks the imports of every package of the module against
// layers, and that no library package imports internal/ nor the faces.
func TestLayers(t *testing.T) {
	const module = "github.com/sudokit/sudokit"
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(path)
		seen[rel] = true
		allowed, known := layers[rel]
		if !known {
			t.Errorf("package %s is not in layers: place it in the package graph", rel)
			return nil
		}
		library := rel != "." && !strings.HasPrefix(rel, "internal/")
		for _, imp := range pkg.Imports {
			own, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			if !slices.Contains(allowed, own) {
				t.Errorf("%s imports %s: not an arrow of layers", rel, own)
			}
			if library && strings.HasPrefix(own, "internal/") {
				t.Errorf("%s is a library package and imports %s", rel, own)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range layers {
		if !seen[pkg] {
			t.Errorf("layers names %s, which is not a package of the module", pkg)
		}
	}
	// The rules DESIGN.md states, checked on the table itself so that an
	// edit to it cannot quietly break them.
	for pkg, imports := range layers {
		library := pkg != "." && !strings.HasPrefix(pkg, "internal/")
		for _, imp := range imports {
			switch {
			case library && (imp == "internal/cli" || imp == "internal/server"):
				t.Errorf("layers: library package %s imports the face %s", pkg, imp)
			case library && strings.HasPrefix(imp, "internal/"):
				t.Errorf("layers: library package %s imports %s", pkg, imp)
			}
		}
	}
	if got := layers["book"]; !slices.Equal(got, []string{"sudoku"}) {
		t.Errorf("layers: book imports %v; it is a leaf over sudoku (no grade, generate, hint, solve, canon, export or batch)", got)
	}
	for _, leaf := range []string{"batch", "suggest"} {
		if got := layers[leaf]; len(got) != 0 {
			t.Errorf("layers: %s imports %v; it is a leaf", leaf, got)
		}
	}
	if got := layers["sudoku"]; !slices.Equal(got, []string{"suggest"}) {
		t.Errorf("layers: sudoku imports %v; it is the bottom layer, over the leaf suggest only", got)
	}
}
