package export

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// bookFormats is the table of book formats.
var bookFormats = []struct {
	name, doc string
	write     func(w io.Writer, puzzles []BookPuzzle, opt BookOptions) error
}{
	{"pdf", "a printable book (the same input and flags give the same bytes)", WritePDF},
	{"svg", "one SVG sheet, or one SVG file per puzzle and solution into a directory ending in /", func(w io.Writer, p []BookPuzzle, opt BookOptions) error {
		return WriteSVGSheet(w, p, opt.Title)
	}},
	{"html", "a print-ready HTML page (print it from a browser)", WriteHTML},
	{"png", "one PNG image per puzzle and solution into a directory ending in / (--image-size, --dpi)", func(io.Writer, []BookPuzzle, BookOptions) error {
		return fmt.Errorf("png makes one image per puzzle and solution, not one file: write them with WriteImageDir or WriteImageZip")
	}},
}

// BookFormats lists the book formats.
func BookFormats() []string {
	var out []string
	for _, f := range bookFormats {
		out = append(out, f.name)
	}
	return out
}

// BookFormatHelp describes the book formats, one per line.
func BookFormatHelp() string {
	var b strings.Builder
	for _, f := range bookFormats {
		fmt.Fprintf(&b, "  %-11s %s\n", f.name, f.doc)
	}
	return b.String()
}

// CheckBookFormat reports an unknown book format.
func CheckBookFormat(name string) error {
	if !slices.Contains(BookFormats(), name) {
		return fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(BookFormats(), ", "))
	}
	return nil
}

// WriteBook writes a book in a format.
func WriteBook(format string, w io.Writer, puzzles []BookPuzzle, opt BookOptions) error {
	for _, f := range bookFormats {
		if f.name == format {
			return f.write(w, puzzles, opt)
		}
	}
	return CheckBookFormat(format)
}

// Arrange numbers a book's puzzles from 1. With opt.Sections they are
// ordered by level first (levels lists them easiest first; an unknown
// level goes last), keeping the input order within a level.
func Arrange(puzzles []BookPuzzle, levels []string, opt BookOptions) {
	if opt.Sections {
		rank := func(l string) int {
			if i := slices.Index(levels, l); i >= 0 {
				return i
			}
			return len(levels)
		}
		slices.SortStableFunc(puzzles, func(a, b BookPuzzle) int { return rank(a.Level) - rank(b.Level) })
	}
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
}
