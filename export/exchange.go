package export

import (
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/sudokit/sudokit/sudoku"
)

// The exchange formats other programs read: pm729 (a candidate state per
// line), sdk (SadMan Sudoku and SudoCue, one puzzle as 9 lines) and
// opensudoku (the OpenSudoku app's XML). They hold the puzzle (for solve,
// the puzzle read, not its solution).

// newPM729Writer writes a 729-character line per row: the puzzle's
// candidate state, then what the line format writes after its grid.
func newPM729Writer(out *output, _ string, job Job, opt Options) Writer {
	return &lineWriter{out: out, job: job, opt: opt, first: func(r Record) string { return sudoku.PM729(r.Puzzle.State()) }}
}

// sdkWriter writes each puzzle in the .sdk layout: metadata lines, then 9
// lines of 9 cells with '.' for a blank; a blank line between puzzles.
type sdkWriter struct {
	out *output
	job Job
	n   int
}

func newSDKWriter(out *output, _ string, job Job, _ Options) Writer {
	return &sdkWriter{out: out, job: job}
}

func (w *sdkWriter) Write(r Record) error {
	if w.n > 0 {
		w.out.WriteString("\n")
	}
	w.n++
	w.out.WriteString(sudoku.SDKMetadata(r.Puzzle.LabelWithRules()))
	if r.Grade != nil && r.Grade.Level != "" {
		fmt.Fprintf(w.out, "#L%s\n", r.Grade.Level)
	}
	if r.Grade != nil && r.Grade.Status.Graded() {
		fmt.Fprintf(w.out, "#CSE rating ED=%s\n", r.Grade.SE())
	}
	if r.Generated != nil {
		fmt.Fprintf(w.out, "#Ssudokit generate, seed:index %s\n", tag(r.Generated))
	}
	if marked(r.Puzzle) {
		w.out.WriteString("#Ccandidates left out: .sdk holds only digits\n")
	}
	g := r.Puzzle.Grid
	for row := range 9 {
		line := []byte(g.String()[9*row : 9*row+9])
		line = append(line, '\n')
		if _, err := w.out.Write(line); err != nil {
			return err
		}
	}
	return nil
}

func (w *sdkWriter) Flush() error { return w.out.Flush() }
func (w *sdkWriter) Close() error { return w.out.Flush() }

// openSudokuWriter writes an OpenSudoku document (version 1): a collection
// named after the command, one <game data="81 digits"/> per puzzle, 0 for
// a blank.
type openSudokuWriter struct {
	out     *output
	job     Job
	started bool
}

func newOpenSudokuWriter(out *output, _ string, job Job, _ Options) Writer {
	return &openSudokuWriter{out: out, job: job}
}

func (w *openSudokuWriter) start() {
	if !w.started {
		w.started = true
		fmt.Fprintf(w.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>sudokit %s</name>\n  <source>sudokit</source>\n", w.job)
	}
}

func (w *openSudokuWriter) Write(r Record) error {
	w.start()
	data := strings.ReplaceAll(r.Puzzle.Grid.String(), ".", "0")
	note := r.Puzzle.LabelWithRules()
	if r.Grade != nil && r.Grade.Status.Graded() {
		note = strings.TrimSpace(note + " ED=" + r.Grade.SE().String() + " " + r.Grade.Level)
	}
	if r.Generated != nil {
		note += " " + tag(r.Generated) // as in the line format: seed:index
	}
	if marked(r.Puzzle) {
		w.out.WriteString("  <!-- candidates left out: OpenSudoku holds only digits -->\n")
	}
	fmt.Fprintf(w.out, "  <game data=\"%s\"", data)
	if note != "" {
		fmt.Fprintf(w.out, " note=\"%s\"", xmlEscape(note))
	}
	_, err := w.out.WriteString(" />\n")
	return err
}

func (w *openSudokuWriter) Flush() error { return w.out.Flush() }

// Close ends the document (an empty collection when there was no puzzle).
func (w *openSudokuWriter) Close() error {
	w.start()
	w.out.WriteString("</opensudoku>\n")
	return w.out.Flush()
}

// xmlEscape escapes text for an XML attribute.
func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), `"`, "&#34;")
}
