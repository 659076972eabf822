package export

import "fmt"

// seWriter writes Sudoku Explainer's batch line, "<puzzle> ED=ER/EP/ED",
// with SE's own codes: 20.0 beyond the rules, 0.0 for a puzzle not rated.
type seWriter struct{ out *output }

func newSEWriter(out *output, _ string, _ Job, _ Options) Writer { return &seWriter{out} }

func (w *seWriter) Write(r Record) error {
	_, err := fmt.Fprintf(w.out, "%s ED=%s\n", puzzleText(r.Puzzle), seRatings(r))
	return err
}

func (w *seWriter) Flush() error { return w.out.Flush() }
func (w *seWriter) Close() error { return w.out.Flush() }
