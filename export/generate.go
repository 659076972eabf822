package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"sudokit/generate"
	"sudokit/grade"
)

// GenerateFormats lists the output formats of `sudokit generate`.
var GenerateFormats = []string{"line", "grid", "json", "csv", "se"}

// GenerateWriter writes generated puzzles as they come.
type GenerateWriter struct {
	format       string
	withSolution bool
	out          *bufio.Writer
	csv          *csv.Writer
	n            int
}

// NewGenerateWriter returns a writer of format (one of GenerateFormats).
func NewGenerateWriter(format string, out io.Writer, withSolution bool) (*GenerateWriter, error) {
	if !slices.Contains(GenerateFormats, format) {
		return nil, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(GenerateFormats, ", "))
	}
	return &GenerateWriter{format: format, withSolution: withSolution, out: bufio.NewWriter(out)}, nil
}

// seLine is the "ED=ER/EP/ED" field of a generated puzzle.
func seLine(r grade.Result) string {
	return fmt.Sprintf("ED=%s/%s/%s", ratingText(r, r.ER, true), ratingText(r, r.EP, false), ratingText(r, r.ED, false))
}

// tag is a puzzle's seed-and-index label, "1:17": rerun with --seed 1 and
// it comes again as the 18th puzzle.
func tag(p generate.Puzzle) string { return fmt.Sprintf("%d:%d", p.Seed, p.Index) }

// Write writes one puzzle and flushes it, so that a stream shows puzzles as
// they are found and an interrupted run keeps them.
func (w *GenerateWriter) Write(p generate.Puzzle) error {
	r := p.Result
	switch w.format {
	case "line":
		fmt.Fprintf(w.out, "%s", p.Grid)
		if w.withSolution {
			fmt.Fprintf(w.out, " %s", p.Solution)
		}
		fmt.Fprintf(w.out, " %s %s %s\n", seLine(r), r.Level, tag(p))
	case "se":
		fmt.Fprintf(w.out, "%s %s\n", p.Grid, seLine(r))
	case "grid":
		if w.n > 0 {
			w.out.WriteByte('\n')
		}
		fmt.Fprintf(w.out, "# %s %s %s %s, %d clues\n%s", tag(p), seLine(r), r.Level, p.Symmetry, p.Grid.Givens(), p.Grid.Pretty())
		if w.withSolution {
			fmt.Fprintf(w.out, "# solution\n%s", p.Solution.Pretty())
		}
	case "csv":
		if w.csv == nil {
			w.csv = csv.NewWriter(w.out)
			w.csv.Write([]string{"seed", "index", "puzzle", "solution", "clues", "symmetry", "er", "ep", "ed", "level", "hardest", "tries"})
		}
		sol := ""
		if w.withSolution {
			sol = p.Solution.String()
		}
		w.csv.Write([]string{strconv.FormatUint(p.Seed, 10), strconv.Itoa(p.Index), p.Grid.String(), sol,
			strconv.Itoa(p.Grid.Givens()), p.Symmetry.String(), ratingText(r, r.ER, true), ratingText(r, r.EP, false),
			ratingText(r, r.ED, false), r.Level, r.Hardest, strconv.Itoa(p.Tries)})
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
	case "json":
		j := struct {
			Seed     uint64                  `json:"seed"`
			Index    int                     `json:"index"`
			Puzzle   string                  `json:"puzzle"`
			Solution string                  `json:"solution,omitempty"`
			Clues    int                     `json:"clues"`
			Symmetry string                  `json:"symmetry"`
			Status   string                  `json:"status"`
			ER       *float64                `json:"er,omitempty"`
			EP       *float64                `json:"ep,omitempty"`
			ED       *float64                `json:"ed,omitempty"`
			Level    string                  `json:"level"`
			Hardest  string                  `json:"hardest"`
			Usage    map[string]*grade.Usage `json:"usage"`
			Tries    int                     `json:"tries"`
		}{Seed: p.Seed, Index: p.Index, Puzzle: p.Grid.String(), Clues: p.Grid.Givens(), Symmetry: p.Symmetry.String(),
			Status: r.Status.String(), EP: tenths(r.EP), ED: tenths(r.ED), Level: r.Level, Hardest: r.Hardest, Usage: r.Usage, Tries: p.Tries}
		if r.Status == grade.Rated {
			j.ER = tenths(r.ER)
		}
		if w.withSolution {
			j.Solution = p.Solution.String()
		}
		enc := json.NewEncoder(w.out)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	w.n++
	return w.out.Flush()
}
