package export

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/techniques"
)

// Summary is what a batch summary reports.
type Summary struct {
	Job Job
	// Solve totals a solve run.
	Solve *solve.Summary
	// Grade totals the grades of a grade or generate run: statuses,
	// levels, technique use.
	Grade *grade.Summary
	// Levels are the configured levels, easiest first.
	Levels []string
	// GroupByLevel splits the technique usage by level.
	GroupByLevel bool
	// Wall is the run's elapsed time.
	Wall time.Duration
	// Asked, Made and Tries tell how a generate run went: puzzles asked
	// for, puzzles made, candidates graded.
	Asked, Made int
	Tries       int64
}

// WriteSummary writes a batch summary in a format: table (text), markdown,
// csv or json; the other row formats write the text form.
func WriteSummary(w io.Writer, format string, s Summary) error {
	switch format {
	case "json", "csv", "markdown":
	default:
		format = "table"
	}
	switch s.Job {
	case Solve:
		return writeSolveSummary(w, format, s)
	case Generate:
		// In csv and json the run's totals go into the one table, the
		// one object, of the grade summary.
		if format == "table" || format == "markdown" {
			if err := writeGenerateSummary(w, format, s); err != nil {
				return err
			}
		}
	}
	return writeGradeSummary(w, format, s)
}

// solveTotals are the fields of a solve summary.
type solveTotals struct {
	Puzzles    int     `json:"puzzles"`
	Unique     int     `json:"unique"`
	Multiple   int     `json:"multiple"`
	Unsolvable int     `json:"unsolvable"`
	Invalid    int     `json:"invalid"`
	Solved     int     `json:"solved_without_uniqueness_check"`
	Unreadable int     `json:"unreadable_inputs"`
	WallMS     float64 `json:"wall_ms"`
	MeanUS     float64 `json:"mean_us"`
	MaxUS      float64 `json:"max_us"`
	PerSecond  int64   `json:"puzzles_per_s"`
}

func writeSolveSummary(w io.Writer, format string, s Summary) error {
	sum := s.Solve
	var mean time.Duration
	if sum.Total > 0 {
		mean = sum.Time / time.Duration(sum.Total)
	}
	rate := int64(0)
	if s.Wall > 0 {
		rate = int64(float64(sum.Total) / s.Wall.Seconds())
	}
	t := solveTotals{Puzzles: sum.Total, Unique: sum.Count(solve.Unique), Multiple: sum.Count(solve.Multiple),
		Unsolvable: sum.Count(solve.Unsolvable), Invalid: sum.Count(solve.Invalid), Solved: sum.Count(solve.Found),
		Unreadable: sum.Unreadable, WallMS: float64(s.Wall.Microseconds()) / 1000,
		MeanUS: float64(mean.Nanoseconds()) / 1000, MaxUS: float64(sum.Max.Nanoseconds()) / 1000, PerSecond: rate}
	switch format {
	case "json":
		return encodeSummary(w, t)
	case "csv", "markdown":
		header := []string{"puzzles", "unique", "multiple", "unsolvable", "invalid", "solved_without_uniqueness_check",
			"unreadable_inputs", "wall_ms", "mean_us", "max_us", "puzzles_per_s"}
		f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
		row := []string{strconv.Itoa(t.Puzzles), strconv.Itoa(t.Unique), strconv.Itoa(t.Multiple), strconv.Itoa(t.Unsolvable),
			strconv.Itoa(t.Invalid), strconv.Itoa(t.Solved), strconv.Itoa(t.Unreadable), f(t.WallMS), f(t.MeanUS), f(t.MaxUS),
			strconv.FormatInt(t.PerSecond, 10)}
		return writeRows(w, format, header, [][]string{row})
	}
	found := ""
	if t.Solved > 0 {
		found = fmt.Sprintf(", %d solved without uniqueness check", t.Solved)
	}
	unreadable := ""
	if t.Unreadable > 0 {
		unreadable = fmt.Sprintf("; %d input(s) could not be read", t.Unreadable)
	}
	_, err := fmt.Fprintf(w, "Solved %d of %d (%d unique, %d multiple, %d unsolvable, %d invalid%s) in %s; mean %s, max %s, %s puzzles/s%s\n",
		sum.Solved(), t.Puzzles, t.Unique, t.Multiple, t.Unsolvable, t.Invalid, found,
		Duration(s.Wall), Duration(mean), Duration(sum.Max), Thousands(rate), unreadable)
	return err
}

// generateTotals are the fields of a generate run's totals.
type generateTotals struct {
	Asked     int     `json:"asked"`
	Made      int     `json:"made"`
	Tries     int64   `json:"candidates"`
	WallMS    float64 `json:"wall_ms"`
	PerPuzzle float64 `json:"ms_per_puzzle"`
}

// generateTotalsOf sums up a generate run.
func generateTotalsOf(s Summary) generateTotals {
	t := generateTotals{Asked: s.Asked, Made: s.Made, Tries: s.Tries, WallMS: float64(s.Wall.Microseconds()) / 1000}
	if s.Made > 0 {
		t.PerPuzzle = t.WallMS / float64(s.Made)
	}
	return t
}

// generateHeader names the columns of a generate run's totals.
var generateHeader = []string{"asked", "made", "candidates", "wall_ms", "ms_per_puzzle"}

func (t generateTotals) strings() []string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	return []string{strconv.Itoa(t.Asked), strconv.Itoa(t.Made), strconv.FormatInt(t.Tries, 10), f(t.WallMS), f(t.PerPuzzle)}
}

// writeGenerateSummary writes a generate run's totals before its grade
// summary, in the table and markdown formats.
func writeGenerateSummary(w io.Writer, format string, s Summary) error {
	if format == "markdown" {
		if err := writeRows(w, format, generateHeader, [][]string{generateTotalsOf(s).strings()}); err != nil {
			return err
		}
		_, err := io.WriteString(w, "\n")
		return err
	}
	_, err := fmt.Fprintf(w, "Generated %d of %s in %s, %s tried.\n\n", s.Made, Count(s.Asked, "puzzle"), Duration(s.Wall),
		Count(s.Tries, "candidate"))
	return err
}

// usageRow is one technique's totals.
type usageRow struct {
	Technique    string `json:"technique"`
	Ratings      string `json:"se_rating"`
	Puzzles      int    `json:"puzzles"`
	Steps        int    `json:"steps"`
	Placements   int    `json:"placements"`
	Eliminations int    `json:"eliminations"`
}

func (u usageRow) strings() []string {
	return []string{u.Technique, u.Ratings, strconv.Itoa(u.Puzzles), strconv.Itoa(u.Steps),
		strconv.Itoa(u.Placements), strconv.Itoa(u.Eliminations)}
}

// usageRows lists the totals in the registry's order.
func usageRows(m map[string]*grade.TechniqueTotals) []usageRow {
	rows := []usageRow{}
	for _, t := range techniques.All() {
		if x := m[t.Key]; x != nil {
			rows = append(rows, usageRow{t.Key, t.Ratings.String(), x.Puzzles, x.Steps, x.Placements, x.Eliminations})
		}
	}
	return rows
}

// levelRow is one level of the histogram.
type levelRow struct {
	Level      string     `json:"level"`
	Puzzles    int        `json:"puzzles"`
	Share      string     `json:"share"`
	Techniques []usageRow `json:"techniques,omitempty"`
}

// summaryHeader names the columns of a grade summary in CSV: one table,
// whose section column says what a row counts.
var summaryHeader = []string{"section", "level", "technique", "se_rating", "puzzles", "steps", "placements", "eliminations", "share"}

// noLevel names, in a summary's levels, the graded puzzles that have no
// level (a caller's rows without one: grade gives every size its level).
const noLevel = "none (sizes)"

// writeGradeSummary writes the usage of each technique over a batch (per
// level with GroupByLevel) and the histogram of levels:
//
//   - table and markdown: a usage table (per level), then the levels;
//   - csv: one table (summaryHeader): "techniques" rows (with their level
//     when grouped), then "levels" rows (level, puzzles, share); a
//     generate run adds its totals' columns (asked, made, candidates,
//     wall_ms, ms_per_puzzle) and a first "run" row holding them;
//   - json: one object {"summary": {puzzles, rated, beyond, not_graded,
//     techniques, levels}}, with a generate run's totals first.
func writeGradeSummary(out io.Writer, format string, s Summary) error {
	sum := s.Grade
	levels := slices.Clone(s.Levels)
	for l := range sum.ByLevel {
		if !slices.Contains(levels, l) {
			levels = append(levels, l)
		}
	}
	graded := sum.ByStatus[grade.Rated] + sum.ByStatus[grade.Beyond]
	notGraded := sum.Puzzles + sum.InputErrs - graded
	var rows []levelRow
	for _, l := range levels {
		r := levelRow{Level: l, Puzzles: sum.ByLevel[l], Share: "0%"}
		if l == "" {
			r.Level = noLevel
		}
		if graded > 0 {
			r.Share = fmt.Sprintf("%.1f%%", 100*float64(r.Puzzles)/float64(graded))
		}
		if s.GroupByLevel {
			r.Techniques = usageRows(sum.LevelTechniques[l])
		}
		rows = append(rows, r)
	}
	var run *generateTotals
	if s.Job == Generate {
		t := generateTotalsOf(s)
		run = &t
	}
	switch format {
	case "json":
		return encodeSummary(out, struct {
			*generateTotals
			Puzzles    int        `json:"puzzles"`
			Rated      int        `json:"rated"`
			Beyond     int        `json:"beyond"`
			NotGraded  int        `json:"not_graded"`
			Techniques []usageRow `json:"techniques"`
			Levels     []levelRow `json:"levels"`
		}{run, sum.Puzzles + sum.InputErrs, sum.ByStatus[grade.Rated], sum.ByStatus[grade.Beyond], notGraded,
			usageRows(sum.Techniques), rows})
	case "csv":
		cw := csv.NewWriter(out)
		header := summaryHeader
		if run != nil {
			header = append(slices.Clone(summaryHeader), generateHeader...)
		}
		// row writes one row of the table, its missing cells empty.
		row := func(cells ...string) {
			cw.Write(append(cells, make([]string, len(header)-len(cells))...))
		}
		cw.Write(header)
		if run != nil {
			row(append(append([]string{"run"}, make([]string, len(summaryHeader)-1)...), run.strings()...)...)
		}
		if s.GroupByLevel {
			for _, l := range rows {
				for _, u := range l.Techniques {
					row(append([]string{"techniques", l.Level}, u.strings()...)...)
				}
			}
		} else {
			for _, u := range usageRows(sum.Techniques) {
				row(append([]string{"techniques", ""}, u.strings()...)...)
			}
		}
		for _, l := range rows {
			row("levels", l.Level, "", "", strconv.Itoa(l.Puzzles), "", "", "", l.Share)
		}
		cw.Flush()
		return cw.Error()
	}
	usageTable := func(us []usageRow) error {
		var table [][]string
		for _, u := range us {
			table = append(table, u.strings())
		}
		return writeRows(out, format, []string{"technique", "SE rating", "puzzles", "steps", "placements", "eliminations"}, table)
	}
	fmt.Fprintf(out, "Technique usage over %s (%d rated, %d beyond the techniques, %d not graded):\n\n",
		Count(sum.Puzzles+sum.InputErrs, "puzzle"), sum.ByStatus[grade.Rated], sum.ByStatus[grade.Beyond], notGraded)
	if s.GroupByLevel {
		for _, l := range rows {
			if l.Puzzles == 0 {
				continue
			}
			fmt.Fprintf(out, "Level %s (%s):\n\n", l.Level, Count(l.Puzzles, "puzzle"))
			if err := usageTable(l.Techniques); err != nil {
				return err
			}
			fmt.Fprintln(out)
		}
	} else if err := usageTable(usageRows(sum.Techniques)); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nLevels:\n\n")
	maxN := 1
	for _, l := range rows {
		maxN = max(maxN, l.Puzzles)
	}
	var table [][]string
	for _, l := range rows {
		table = append(table, []string{l.Level, strconv.Itoa(l.Puzzles), l.Share, strings.Repeat("#", (l.Puzzles*40+maxN-1)/maxN)})
	}
	return writeRows(out, format, []string{"level", "puzzles", "share", ""}, table)
}

// encodeSummary writes {"summary": v} on one line.
func encodeSummary(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Summary any `json:"summary"`
	}{v})
}

// WriteTable writes a whole table in a format: csv, markdown, or table
// (drawn by tablewriter, as every table of sudokit is). Columns whose
// cells are all numbers are right-aligned. Markdown cells are escaped in
// place in rows.
func WriteTable(w io.Writer, format string, header []string, rows [][]string) error {
	return writeRows(w, format, header, rows)
}

// writeRows is WriteTable.
func writeRows(w io.Writer, format string, header []string, rows [][]string) error {
	if format == "csv" {
		cw := csv.NewWriter(w)
		cw.Write(header)
		cw.WriteAll(rows)
		return cw.Error()
	}
	align := make([]tw.Align, len(header))
	for i := range header {
		align[i] = tw.AlignRight
		for _, r := range rows {
			if _, err := strconv.ParseFloat(strings.TrimSuffix(r[i], "%"), 64); err != nil && r[i] != "" {
				align[i] = tw.AlignLeft
				break
			}
		}
	}
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: align})}
	if format == "markdown" {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		for _, r := range rows {
			for i := range r {
				r[i] = escapeMarkdown(r[i])
			}
		}
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	t.Bulk(rows)
	return t.Render()
}
