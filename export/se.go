package export

import "fmt"

// seWriter writes Sudoku Explainer's batch line, "<puzzle> ED=ER/EP/ED",
// with SE's own codes: 20.0 beyond the rules, 0.0 for a puzzle not rated.
// The line has no room for a label: generated puzzles come under a comment
// line naming their seed, "# sudokit generate --seed 42" (readers of the
// format, sudokit's among them, skip # lines). A puzzle that is not
// classic, which SE cannot read anyway, keeps its rules after the
// ratings, "<puzzle> ED=ER/EP/ED variant=x", as Sukaku Explainer's users
// keep them beside its output, so that the line reads back as the same
// puzzle.
type seWriter struct {
	out  *output
	head bool // the comment line is written
}

func newSEWriter(out *output, _ string, _ Job, _ Options) Writer { return &seWriter{out: out} }

func (w *seWriter) Write(r Record) error {
	if r.Generated != nil && !w.head {
		w.head = true
		fmt.Fprintf(w.out, "# sudokit generate --seed %d\n", r.Generated.Seed)
	}
	line := fmt.Sprintf("%s ED=%s", puzzleText(r.Puzzle), seRatings(r))
	if rules := r.Puzzle.Rules.Label(); rules != "" {
		line += " " + rules
	}
	_, err := w.out.WriteString(line + "\n")
	return err
}

func (w *seWriter) Flush() error { return w.out.Flush() }
func (w *seWriter) Close() error { return w.out.Flush() }
