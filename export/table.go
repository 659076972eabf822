package export

import (
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
)

// column is one column of the tabular formats.
type column struct {
	name  string
	width int  // in the streamed tables, padding included (the CSV ignores it)
	right bool // a number: right-aligned
	value func(r Record) string
}

// columns are the columns of each job: in the table and Markdown formats
// (first), and in CSV, which carries everything (second).
var columns = [3][2][]column{
	Solve: {
		{colWhere, colSolveStatus, {"solution", 83, false, func(r Record) string { return solution(r) }},
			{"guesses", 9, true, func(r Record) string { return solveInt(r, func(n, _ int) int { return n }) }}},
		{colSource, colLine, colLabel, colPuzzle, colStatus,
			{"count", 7, true, func(r Record) string { return solveInt(r, func(_, c int) int { return c }) }},
			{"solution", 83, false, func(r Record) string { return solution(r) }},
			{"guesses", 9, true, func(r Record) string { return solveInt(r, func(n, _ int) int { return n }) }},
			{"time_us", 11, true, func(r Record) string {
				if r.Solve == nil {
					return ""
				}
				return strconv.FormatFloat(float64(r.Solve.Elapsed.Nanoseconds())/1e3, 'f', 3, 64)
			}}, colError},
	},
	Grade: {
		{colWhere, colStatus, colER("ER"), colEP("EP"), colED("ED"), colLevel, colHardest, colSteps},
		{colSource, colLine, colLabel, colPuzzle, colStatus, colER("er"), colEP("ep"), colED("ed"), colLevel, colHardest, colSteps,
			{"techniques", 0, false, func(r Record) string { return usageText(r) }},
			{"time_ms", 11, true, func(r Record) string {
				return strconv.FormatFloat(float64(r.Elapsed.Microseconds())/1000, 'f', 3, 64)
			}}, colError},
	},
	Generate: {
		{colPuzzle, colER("ER"), colEP("EP"), colED("ED"), colLevel, colHardest, colClues, colTag},
		{{"seed", 0, true, func(r Record) string { return strconv.FormatUint(r.Generated.Seed, 10) }},
			{"index", 0, true, func(r Record) string { return strconv.Itoa(r.Generated.Index) }},
			colPuzzle, {"solution", 83, false, func(r Record) string { return r.Generated.Solution.String() }},
			colClues, {"symmetry", 14, false, func(r Record) string { return r.Generated.Symmetry.String() }},
			colER("er"), colEP("ep"), colED("ed"), colLevel, colHardest,
			{"tries", 8, true, func(r Record) string { return strconv.Itoa(r.Generated.Tries) }}},
	},
}

// The columns several jobs share.
var (
	colWhere  = column{"puzzle", 34, false, where}
	colSource = column{"source", 0, false, func(r Record) string { return r.Puzzle.Source }}
	colLine   = column{"line", 0, true, func(r Record) string { return strconv.Itoa(r.Puzzle.Line) }}
	colLabel  = column{"label", 0, false, func(r Record) string { return r.Puzzle.Label }}
	colPuzzle = column{"puzzle", 83, false, func(r Record) string {
		if r.Err != nil && r.Puzzle.Grid.Givens() == 0 {
			return "" // nothing was read
		}
		return puzzleText(r.Puzzle)
	}}
	colStatus = column{"status", 14, false, Record.Status}
	// colSolveStatus adds the count to "multiple": "multiple(2+)".
	colSolveStatus = column{"status", 14, false, solveStatus}
	colLevel       = column{"level", 14, false, func(r Record) string { return gradeField(r, func(g *grade.Result) string { return g.Level }) }}
	colHardest     = column{"hardest", 30, false, func(r Record) string {
		return gradeField(r, func(g *grade.Result) string { return g.Hardest })
	}}
	colSteps = column{"steps", 7, true, func(r Record) string {
		return gradeField(r, func(g *grade.Result) string { return strconv.Itoa(g.Steps) })
	}}
	colClues = column{"clues", 7, true, func(r Record) string { return strconv.Itoa(r.Puzzle.Grid.Givens()) }}
	colTag   = column{"seed:index", 14, false, func(r Record) string { return tag(r.Generated) }}
	colError = column{"error", 0, false, func(r Record) string {
		if err := r.Failed(); err != nil {
			return err.Error()
		}
		return ""
	}}
)

// colER, colEP and colED are the rating columns: "beyond" as the ER of a
// puzzle beyond the rules, "-" for a rating not reached or a puzzle not
// graded.
func colER(name string) column {
	return column{name, 8, true, func(r Record) string {
		if r.Grade != nil && r.Grade.Status == grade.Beyond {
			return "beyond"
		}
		return gradeRating(r, func(g grade.Ratings) sudoku.Rating { return g.ER })
	}}
}
func colEP(name string) column {
	return column{name, 8, true, func(r Record) string {
		return gradeRating(r, func(g grade.Ratings) sudoku.Rating { return g.EP })
	}}
}
func colED(name string) column {
	return column{name, 8, true, func(r Record) string {
		return gradeRating(r, func(g grade.Ratings) sudoku.Rating { return g.ED })
	}}
}

// gradeField is a field of a graded row, "" otherwise.
func gradeField(r Record, f func(*grade.Result) string) string {
	if r.Grade == nil || !r.Grade.Status.Graded() {
		return ""
	}
	return f(r.Grade)
}

// gradeRating is a rating of a graded row, "-" when there is none.
func gradeRating(r Record, pick func(grade.Ratings) sudoku.Rating) string {
	if r.Grade == nil || !r.Grade.Status.Graded() {
		return "-"
	}
	return rating(pick(r.Grade.Ratings))
}

// solution is a solve row's solution ("" when it has none).
func solution(r Record) string {
	if r.Solve == nil || r.Solve.Count == 0 {
		return ""
	}
	return r.Solve.Solution.String()
}

// solveInt prints a number of a solve row: f gets the guesses and the count.
func solveInt(r Record, f func(guesses, count int) int) string {
	if r.Solve == nil {
		return ""
	}
	return strconv.Itoa(f(r.Solve.Guesses, r.Solve.Count))
}

// usageText lists the techniques a graded row used with their step counts,
// in the registry's order: "hidden-single:40 pointing:3".
func usageText(r Record) string {
	if r.Grade == nil {
		return ""
	}
	var parts []string
	for _, t := range techniques.All() {
		if x := r.Grade.Usage[t.Key]; x != nil {
			parts = append(parts, fmt.Sprintf("%s:%d", t.Key, x.Steps))
		}
	}
	return strings.Join(parts, " ")
}

// tableWriter writes the tabular formats: table (aligned, streamed as rows
// come), markdown, and csv.
type tableWriter struct {
	out   *output
	name  string
	cols  []column
	table *tablewriter.Table
	csv   *csv.Writer
}

func newTableWriter(out *output, name string, job Job, _ Options) Writer {
	w := &tableWriter{out: out, name: name, cols: columns[job][0]}
	if name == "csv" {
		w.cols = columns[job][1]
	}
	return w
}

func (w *tableWriter) Write(r Record) error {
	row := make([]string, len(w.cols))
	for i, c := range w.cols {
		row[i] = c.value(r)
	}
	if w.name == "csv" {
		if w.csv == nil {
			w.csv = csv.NewWriter(w.out)
			w.csv.Write(names(w.cols))
		}
		w.csv.Write(row)
		w.csv.Flush()
		return w.csv.Error()
	}
	if w.table == nil {
		w.table = newTable(w.out, w.name, w.cols, true)
		if err := w.table.Start(); err != nil {
			return err
		}
		w.table.Header(names(w.cols))
	}
	if w.name == "markdown" {
		for i := range row {
			row[i] = escapeMarkdown(row[i])
		}
	}
	return w.table.Append(row)
}

func (w *tableWriter) Flush() error { return w.out.Flush() }

// Close ends a streamed table (its bottom line) and flushes.
func (w *tableWriter) Close() error {
	if w.table != nil {
		if err := w.table.Close(); err != nil {
			return err
		}
		w.table = nil
	}
	return w.out.Flush()
}

func names(cols []column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.name
	}
	return out
}

// newTable returns a table in the format (table: ASCII lines; markdown),
// streamed with the columns' widths or rendered whole.
func newTable(out *output, name string, cols []column, stream bool) *tablewriter.Table {
	align := make([]tw.Align, len(cols))
	for i, c := range cols {
		align[i] = tw.AlignLeft
		if c.right {
			align[i] = tw.AlignRight
		}
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	}
	if stream {
		m := tw.NewMapper[int, int]()
		for i, c := range cols {
			m.Set(i, c.width)
		}
		opts = append(opts, tablewriter.WithStreaming(tw.StreamConfig{Enable: true}),
			tablewriter.WithColumnWidths(m), tablewriter.WithRowAutoWrap(tw.WrapTruncate))
	}
	if name == "markdown" {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	return tablewriter.NewTable(out, opts...)
}

// escapeMarkdown escapes the characters that would break a Markdown table
// cell.
func escapeMarkdown(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
