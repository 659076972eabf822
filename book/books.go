// Package book lays puzzles out for print: a PDF book (title page,
// contents, a section page for each level, page headers and numbers, the
// solutions at the back, trim sizes, mirrored margins, bleed, large print,
// fonts embedded as subsets), a print-ready HTML page, an SVG sheet, or an
// image of each puzzle and solution (SVG or PNG) for a page layout program.
// It knows puzzles only as entries (Entry: a grid, its solution, a level and
// a rating); making them from puzzles and their gradings is bookgrade's job.
// Write and Images are its entry points.
package book

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// bookFormats is the table of book formats.
var bookFormats = []struct {
	name, doc string
	write     func(w io.Writer, puzzles []Entry, opt Options) error
}{
	{"pdf", "a printable book (the same input and flags give the same bytes)", writePDF},
	{"svg", "one SVG sheet, or one SVG file per puzzle and solution into a directory ending in /", func(w io.Writer, p []Entry, opt Options) error {
		return writeSVGSheet(w, p, opt.Title, opt.Symbols)
	}},
	{"html", "a print-ready HTML page (print it from a browser)", writeHTML},
	{"png", "one PNG image per puzzle and solution into a directory ending in / (--image-size, --dpi)", func(io.Writer, []Entry, Options) error {
		return fmt.Errorf("png makes one image per puzzle and solution, not one file: write them with Images or WriteImageZip")
	}},
}

// Formats lists the book formats.
func Formats() []string {
	var out []string
	for _, f := range bookFormats {
		out = append(out, f.name)
	}
	return out
}

// FormatHelp describes the book formats, one per line.
func FormatHelp() string {
	var b strings.Builder
	for _, f := range bookFormats {
		fmt.Fprintf(&b, "  %-11s %s\n", f.name, f.doc)
	}
	return b.String()
}

// CheckFormat reports an unknown book format.
func CheckFormat(name string) error {
	if !slices.Contains(Formats(), name) {
		return sudoku.Invalidf("unknown format %q (want one of %s)", name, strings.Join(Formats(), ", "))
	}
	return nil
}

// Write writes a book of puzzles in a format of Formats: a PDF book (a
// title page, a contents page, a page for each level, the puzzles, page
// headers and numbers, and the solutions at the back), one print-ready
// HTML page, or one SVG sheet. The same puzzles and options give the same
// bytes. Images writes the images of one puzzle each.
func Write(w io.Writer, format string, puzzles []Entry, opt Options) error {
	for _, f := range bookFormats {
		if f.name == format {
			return f.write(w, puzzles, opt)
		}
	}
	return CheckFormat(format)
}

// Arrange numbers a book's puzzles from 1. A book with variants or sizes
// keeps each variant and each size together, in the order they first
// come, as each opens a section; with opt.Sections the puzzles are ordered by level too (within
// a variant): levels lists them easiest first, an unknown level goes
// last. The input order stays within a level.
func Arrange(puzzles []Entry, levels []string, opt Options) {
	var kinds []string
	if hasVariants(puzzles) {
		for _, p := range puzzles {
			if k := p.kind(); !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	rank := func(l string) int {
		if i := slices.Index(levels, l); i >= 0 {
			return i
		}
		return len(levels)
	}
	slices.SortStableFunc(puzzles, func(a, b Entry) int {
		if d := slices.Index(kinds, a.kind()) - slices.Index(kinds, b.kind()); d != 0 {
			return d
		}
		if opt.Sections {
			return rank(a.Level) - rank(b.Level)
		}
		return 0
	})
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
}
