package export

import "fmt"

// seWriter writes Sudoku Explainer's batch line, "<puzzle> ED=ER/EP/ED",
// with SE's own codes: 20.0 beyond the rules, 0.0 for a puzzle not rated.
// The line has no room for a label: generated puzzles come under a comment
// line naming their seed, "# sudokit generate --seed 42" (readers of the
// format, sudokit's among them, skip # lines).
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
	_, err := fmt.Fprintf(w.out, "%s ED=%s\n", puzzleText(r.Puzzle), seRatings(r))
	return err
}

func (w *seWriter) Flush() error { return w.out.Flush() }
func (w *seWriter) Close() error { return w.out.Flush() }
