package export

import (
	"encoding/csv"
	"fmt"
	"slices"
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
	// On a terminal too narrow for the table, a column with a min narrows
	// down to it (its longer cells cut with "…"), and one with a drop rank
	// goes, rank 1 first, when the narrowest widths are still too wide.
	min, drop int
}

// shrinks returns the column, narrowing down to min on a narrow terminal.
func (c column) shrinks(min int) column { c.min = min; return c }

// drops returns the column, left out on a narrow terminal (rank 1 first).
func (c column) drops(rank int) column { c.drop = rank; return c }

// tableWidth is the width of a streamed table of the columns: their
// widths and the borders between and around them.
func tableWidth(cols []column) int {
	w := len(cols) + 1
	for _, c := range cols {
		w += c.width
	}
	return w
}

// fitColumns fits the columns of a table to a terminal width (0: no
// limit): when they are too wide, it leaves out the droppable columns
// until their narrowest widths fit, then narrows, one character at a time,
// the column that has the most room above its minimum. A width that
// nothing fits gets the narrowest table.
func fitColumns(cols []column, width int) []column {
	if width <= 0 || tableWidth(cols) <= width {
		return cols
	}
	cols = slices.Clone(cols)
	narrowest := func() int {
		w := len(cols) + 1
		for _, c := range cols {
			if c.min > 0 {
				w += c.min
			} else {
				w += c.width
			}
		}
		return w
	}
	for narrowest() > width {
		next := -1
		for i, c := range cols {
			if c.drop > 0 && (next < 0 || c.drop < cols[next].drop) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		cols = slices.Delete(cols, next, next+1)
	}
	for tableWidth(cols) > width {
		roomiest := -1
		for i, c := range cols {
			if c.min > 0 && c.width > c.min && (roomiest < 0 || c.width-c.min > cols[roomiest].width-cols[roomiest].min) {
				roomiest = i
			}
		}
		if roomiest < 0 {
			break
		}
		cols[roomiest].width--
	}
	return cols
}

// columns are the columns of each job: in the table and Markdown formats
// (first), and in CSV, which carries everything (second).
var columns = [3][2][]column{
	Solve: {
		{colWhere, colSolveStatus, {name: "solution", width: 83, value: func(r Record) string { return solution(r) }},
			column{name: "guesses", width: 9, right: true, value: func(r Record) string { return solveInt(r, func(n, _ int) int { return n }) }}.drops(1)},
		{colSource, colLine, colLabel, colPuzzle, colStatus,
			{name: "count", width: 7, right: true, value: func(r Record) string { return solveInt(r, func(_, c int) int { return c }) }},
			{name: "solution", width: 83, value: func(r Record) string { return solution(r) }},
			{name: "guesses", width: 9, right: true, value: func(r Record) string { return solveInt(r, func(n, _ int) int { return n }) }},
			{name: "time_us", width: 11, right: true, value: func(r Record) string {
				if r.Solve == nil {
					return ""
				}
				return strconv.FormatFloat(float64(r.Solve.Elapsed.Nanoseconds())/1e3, 'f', 3, 64)
			}}, colError},
	},
	Grade: {
		{colWhere, colStatus.shrinks(12).drops(4), colER("ER"), colEP("EP").drops(1), colED("ED").drops(2), colLevel,
			colHardest.drops(5), colSteps.drops(3)},
		{colSource, colLine, colLabel, colPuzzle, colStatus, colER("er"), colEP("ep"), colED("ed"), colLevel, colHardest, colSteps,
			{name: "techniques", width: 0, value: func(r Record) string { return usageText(r) }},
			{name: "time_ms", width: 11, right: true, value: func(r Record) string {
				return strconv.FormatFloat(float64(r.Elapsed.Microseconds())/1000, 'f', 3, 64)
			}}, colError},
	},
	Generate: {
		{colPuzzle, colER("ER"), colEP("EP").drops(1), colED("ED").drops(2), colLevel, colHardest, colClues.drops(4),
			colTag.drops(3)},
		{{name: "seed", width: 0, right: true, value: func(r Record) string { return strconv.FormatUint(r.Generated.Seed, 10) }},
			{name: "index", width: 0, right: true, value: func(r Record) string { return strconv.Itoa(r.Generated.Index) }},
			colPuzzle, {name: "solution", width: 83, value: func(r Record) string { return r.Generated.Solution.String() }},
			colClues, {name: "symmetry", width: 14, value: func(r Record) string { return r.Generated.Symmetry.String() }},
			colER("er"), colEP("ep"), colED("ed"), colLevel, colHardest,
			{name: "tries", width: 8, right: true, value: func(r Record) string { return strconv.Itoa(r.Generated.Tries) }}},
	},
}

// The columns several jobs share.
var (
	colWhere  = column{name: "puzzle", width: 34, value: where, min: 14}
	colSource = column{name: "source", width: 0, value: func(r Record) string { return r.Puzzle.Source }}
	colLine   = column{name: "line", width: 0, right: true, value: func(r Record) string { return strconv.Itoa(r.Puzzle.Line) }}
	colLabel  = column{name: "label", width: 0, value: func(r Record) string { return r.Puzzle.LabelWithRules() }}
	colPuzzle = column{name: "puzzle", width: 83, value: func(r Record) string {
		if r.Err != nil && empty(r) {
			return "" // nothing was read
		}
		return puzzleText(r.Puzzle)
	}}
	colStatus = column{name: "status", width: 14, value: Record.Status}
	// colSolveStatus adds the count to "multiple": "multiple(2+)".
	colSolveStatus = column{name: "status", width: 14, value: solveStatus}
	colLevel       = column{name: "level", width: 14, min: 12, value: func(r Record) string {
		return gradeField(r, func(g *grade.Result) string { return g.Level })
	}}
	colHardest = column{name: "hardest", width: 30, min: 22, value: func(r Record) string {
		return gradeField(r, func(g *grade.Result) string { return g.Hardest })
	}}
	colSteps = column{name: "steps", width: 7, right: true, value: func(r Record) string {
		return gradeField(r, func(g *grade.Result) string { return strconv.Itoa(g.Steps) })
	}}
	colClues = column{name: "clues", width: 7, right: true, value: func(r Record) string { return strconv.Itoa(r.Puzzle.Grid.Givens()) }}
	colTag   = column{name: "seed:index", width: 14, value: func(r Record) string { return tag(r.Generated) }}
	colError = column{name: "error", width: 0, value: func(r Record) string {
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
	return column{name: name, width: 8, right: true, value: func(r Record) string {
		if r.Grade != nil && r.Grade.Status == grade.Beyond {
			return "beyond"
		}
		return gradeRating(r, func(g grade.Ratings) sudoku.Rating { return g.ER })
	}}
}
func colEP(name string) column {
	return column{name: name, width: 8, right: true, value: func(r Record) string {
		return gradeRating(r, func(g grade.Ratings) sudoku.Rating { return g.EP })
	}}
}
func colED(name string) column {
	return column{name: name, width: 8, right: true, value: func(r Record) string {
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
	switch {
	case r.Solve == nil || r.Solve.Count == 0:
		return ""
	case r.Puzzle.Board != nil:
		return boardText(r.Puzzle, r.Solve.Board)
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
// come, fitted to Options.Width), markdown, and csv.
type tableWriter struct {
	out   *output
	name  string
	job   Job
	cols  []column
	table *tablewriter.Table
	csv   *csv.Writer
}

func newTableWriter(out *output, name string, job Job, opt Options) Writer {
	w := &tableWriter{out: out, name: name, job: job, cols: columns[job][0]}
	switch name {
	case "csv":
		w.cols = columns[job][1]
	case "table":
		w.cols = fitColumns(w.cols, opt.Width) // a terminal's width
	}
	return w
}

func (w *tableWriter) Write(r Record) error {
	if w.name == "csv" && w.csv == nil && w.job == Generate && !r.Puzzle.Rules.IsClassic() {
		// Generated variants carry their rules in a last column, label, as
		// the reader takes them (a classic run's columns stay as they are).
		w.cols = append(slices.Clone(w.cols), colLabel)
	}
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
