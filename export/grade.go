package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"sudokit/config"
	"sudokit/grade"
	"sudokit/sudoku"
	"sudokit/techniques"
)

// GradeFormats lists the output formats of `sudokit grade`.
var GradeFormats = []string{"table", "csv", "markdown", "json", "se"}

// GradeRecord is the outcome for one input item of `sudokit grade`.
type GradeRecord struct {
	Puzzle  sudoku.Puzzle
	Err     error // the puzzle could not be read
	Result  grade.Result
	Elapsed time.Duration
}

// Failed returns why the record could not be graded: an input error, or a
// puzzle that is invalid, unsolvable or has several solutions.
func (r GradeRecord) Failed() error {
	where := fmt.Sprintf("%s:%d", r.Puzzle.Source, r.Puzzle.Line)
	switch {
	case r.Err != nil:
		return r.Err
	case r.Result.Status == grade.Invalid:
		return fmt.Errorf("%s: %w", where, r.Result.Err)
	case r.Result.Status == grade.Unsolvable:
		return fmt.Errorf("%s: no solution, not graded", where)
	case r.Result.Status == grade.Multiple:
		return fmt.Errorf("%s: several solutions, not graded", where)
	case r.Result.Status == grade.Budget:
		return fmt.Errorf("%s: not rated (budget): grading took longer than the time budget (raise --budget)", where)
	}
	return nil
}

// GradeOptions selects what a GradeWriter writes.
type GradeOptions struct {
	Quiet      bool // no per-puzzle output, only errors
	Explain    bool // the solving path, step by step
	Candidates bool // with Explain: the candidate grid before each step
}

// GradeWriter writes grade records in one format as they come.
type GradeWriter struct {
	format string
	opt    GradeOptions
	out    *bufio.Writer
	errs   io.Writer
	table  *tablewriter.Table
	csv    *csv.Writer
	n      int
	// flushed is when the output was last written out: slow puzzles (the
	// hardest take seconds) must not sit in the buffer.
	flushed time.Time
}

// flushEvery bounds how long a finished record may wait in the buffer.
const flushEvery = 200 * time.Millisecond

// NewGradeWriter returns a writer of format (one of GradeFormats) to out,
// with errors reported to errs.
func NewGradeWriter(format string, out, errs io.Writer, opt GradeOptions) (*GradeWriter, error) {
	if !slices.Contains(GradeFormats, format) {
		return nil, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(GradeFormats, ", "))
	}
	return &GradeWriter{format: format, opt: opt, out: bufio.NewWriterSize(out, 64<<10), errs: errs}, nil
}

// gradeColumns are the per-puzzle columns of the table, markdown and CSV
// formats (CSV adds the puzzle, the usage and the time).
var gradeColumns = []string{"puzzle", "ER", "EP", "ED", "level", "hardest", "steps"}

// CSVColumns are the columns of `sudokit grade --format csv`.
var CSVColumns = []string{"source", "line", "label", "puzzle", "status", "er", "ep", "ed", "level", "hardest", "steps", "techniques", "time_ms"}

// ratingText prints a rating for a record: "2.6", "beyond" for ER of a
// puzzle beyond the techniques, "-" for an EP or ED not reached.
func ratingText(r grade.Result, v float64, isER bool) string {
	if isER && r.Status == grade.Beyond {
		return "beyond"
	}
	if v == 0 {
		return "-"
	}
	return techniques.FormatRating(v)
}

// where names a record's puzzle: its label, else file:line.
func where(p sudoku.Puzzle) string {
	if p.Label != "" {
		return p.Label
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Source), p.Line)
}

// usageText lists the techniques used with their step counts, in the
// techniques' table order: "hidden-single:40 pointing:3".
func usageText(u map[string]*grade.Usage) string {
	var parts []string
	for _, k := range techniques.AllKinds() {
		if x := u[k.Key]; x != nil {
			parts = append(parts, fmt.Sprintf("%s:%d", k.Key, x.Steps))
		}
	}
	return strings.Join(parts, " ")
}

// Write writes one record; the output is written out at least every
// flushEvery, so that a slow batch shows its results as they come.
func (w *GradeWriter) Write(r GradeRecord) error {
	if err := w.write(r); err != nil {
		return err
	}
	if now := time.Now(); now.Sub(w.flushed) >= flushEvery {
		w.flushed = now
		if w.csv != nil {
			w.csv.Flush()
		}
		return w.out.Flush()
	}
	return nil
}

func (w *GradeWriter) write(r GradeRecord) error {
	if err := r.Failed(); err != nil {
		if err := w.out.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(w.errs, "sudokit: %v\n", err)
		if w.format != "json" {
			return nil
		}
	}
	if w.opt.Quiet {
		return nil
	}
	w.n++
	if w.opt.Explain && w.format != "json" {
		return w.writeExplain(r)
	}
	res := r.Result
	switch w.format {
	case "se":
		er, ep, ed := ratingText(res, res.ER, true), ratingText(res, res.EP, false), ratingText(res, res.ED, false)
		if res.Status == grade.Beyond {
			// SE's batch rater writes 20.0 for a puzzle its techniques
			// cannot finish, and for EP and ED when they are not reached.
			er = techniques.FormatRating(grade.MinBeyond)
			ep, ed = strings.ReplaceAll(ep, "-", er), strings.ReplaceAll(ed, "-", er)
		}
		_, err := fmt.Fprintf(w.out, "%s ED=%s/%s/%s\n", r.Puzzle.Grid, er, ep, ed)
		return err
	case "json":
		return w.writeJSON(r)
	case "csv":
		if w.csv == nil {
			w.csv = csv.NewWriter(w.out)
			w.csv.Write(CSVColumns)
		}
		return w.csv.Write([]string{r.Puzzle.Source, strconv.Itoa(r.Puzzle.Line), r.Puzzle.Label, r.Puzzle.Grid.String(),
			res.Status.String(), ratingText(res, res.ER, true), ratingText(res, res.EP, false), ratingText(res, res.ED, false),
			res.Level, res.Hardest, strconv.Itoa(res.Steps), usageText(res.Usage),
			strconv.FormatFloat(float64(r.Elapsed.Microseconds())/1000, 'f', 3, 64)})
	}
	if w.table == nil {
		w.table = w.newTable(gradeColumns, []int{32, 8, 6, 6, 12, 28, 7})
		if err := w.table.Start(); err != nil {
			return err
		}
		w.table.Header(gradeColumns)
	}
	return w.table.Append([]string{where(r.Puzzle), ratingText(res, res.ER, true), ratingText(res, res.EP, false),
		ratingText(res, res.ED, false), res.Level, res.Hardest, strconv.Itoa(res.Steps)})
}

// newTable returns a streaming table in the writer's format (ASCII for
// "table", Markdown for "markdown") with fixed column widths.
func (w *GradeWriter) newTable(header []string, widths []int) *tablewriter.Table {
	m := tw.NewMapper[int, int]()
	for i, wd := range widths {
		m.Set(i, wd)
	}
	opts := []tablewriter.Option{
		tablewriter.WithStreaming(tw.StreamConfig{Enable: true}),
		tablewriter.WithColumnWidths(m),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapTruncate),
	}
	if w.format == "markdown" {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	return tablewriter.NewTable(w.out, opts...)
}

type stepJSON struct {
	N            int      `json:"n"`
	Technique    string   `json:"technique"`
	Name         string   `json:"name"`
	Rating       float64  `json:"rating"`
	Detail       string   `json:"detail,omitempty"`
	Placements   []string `json:"placements,omitempty"`
	Eliminations []string `json:"eliminations,omitempty"`
	Candidates   string   `json:"candidates,omitempty"`
}

type gradeJSON struct {
	Source  string                  `json:"source"`
	Line    int                     `json:"line"`
	Label   string                  `json:"label,omitempty"`
	Puzzle  string                  `json:"puzzle,omitempty"`
	Status  string                  `json:"status"`
	ER      *float64                `json:"er,omitempty"`
	EP      *float64                `json:"ep,omitempty"`
	ED      *float64                `json:"ed,omitempty"`
	Level   string                  `json:"level,omitempty"`
	Hardest string                  `json:"hardest,omitempty"`
	Steps   int                     `json:"steps"`
	Usage   map[string]*grade.Usage `json:"usage,omitempty"`
	TimeMS  float64                 `json:"time_ms"`
	Path    []stepJSON              `json:"path,omitempty"`
	Error   string                  `json:"error,omitempty"`
}

// tenths returns a rating rounded as SE prints it, for JSON.
func tenths(v float64) *float64 {
	if v == 0 {
		return nil
	}
	x := float64(techniques.RatingTenths(v)) / 10
	return &x
}

func (w *GradeWriter) writeJSON(r GradeRecord) error {
	res := r.Result
	j := gradeJSON{Source: r.Puzzle.Source, Line: r.Puzzle.Line, Label: r.Puzzle.Label, Status: res.Status.String(),
		Level: res.Level, Hardest: res.Hardest, Steps: res.Steps, TimeMS: float64(r.Elapsed.Microseconds()) / 1000}
	if r.Puzzle.Grid.Givens() > 0 {
		j.Puzzle = r.Puzzle.Grid.String()
	}
	if err := r.Failed(); err != nil {
		j.Status, j.Error = "invalid", err.Error()
		switch res.Status {
		case grade.Unsolvable, grade.Multiple, grade.Budget:
			j.Status = res.Status.String()
		}
	} else {
		if res.Status == grade.Rated {
			j.ER = tenths(res.ER)
		}
		j.EP, j.ED, j.Usage = tenths(res.EP), tenths(res.ED), res.Usage
	}
	if w.opt.Explain {
		for i := range res.Path {
			st := &res.Path[i]
			sj := stepJSON{N: i + 1, Technique: st.Technique, Name: st.Name, Rating: *tenths(st.Rating), Detail: st.Detail}
			for _, p := range st.Placements {
				sj.Placements = append(sj.Placements, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
			}
			for _, e := range st.Eliminations {
				sj.Eliminations = append(sj.Eliminations, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
			}
			if w.opt.Candidates && i < len(res.Before) {
				sj.Candidates = candidatesLine(res.Before[i])
			}
			j.Path = append(j.Path, sj)
		}
	}
	enc := json.NewEncoder(w.out)
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// candidatesLine writes a candidate grid on one line: 81 fields separated
// by spaces.
func candidatesLine(c [81]sudoku.Digits) string {
	parts := make([]string, 81)
	for i, d := range c {
		parts[i] = d.String()
	}
	return strings.Join(parts, " ")
}

// writeExplain writes a puzzle's header and its path, one step per line.
func (w *GradeWriter) writeExplain(r GradeRecord) error {
	res := r.Result
	if w.n > 1 {
		w.out.WriteByte('\n')
	}
	fmt.Fprintf(w.out, "# %s:%d ER=%s EP=%s ED=%s %s", r.Puzzle.Source, r.Puzzle.Line,
		ratingText(res, res.ER, true), ratingText(res, res.EP, false), ratingText(res, res.ED, false), res.Level)
	if r.Puzzle.Label != "" {
		fmt.Fprintf(w.out, " [%s]", r.Puzzle.Label)
	}
	fmt.Fprintf(w.out, "\n%s\n", r.Puzzle.Grid)
	for i := range res.Path {
		st := &res.Path[i]
		if w.opt.Candidates && i < len(res.Before) {
			w.out.WriteString(sudoku.FormatCandidates(res.Before[i]))
		}
		fmt.Fprintf(w.out, "%4d. %s %s\n", i+1, techniques.FormatRating(st.Rating), st.String())
	}
	if res.Status == grade.Beyond {
		fmt.Fprintf(w.out, "      no technique applies here (SE rates such a puzzle %s)\n",
			techniques.FormatRating(grade.MinBeyond))
	}
	return nil
}

// Flush ends the output (closing a streamed table) and writes out what is
// buffered.
func (w *GradeWriter) Flush() error {
	if w.table != nil {
		if err := w.table.Close(); err != nil {
			return err
		}
		w.table = nil
	}
	if w.csv != nil {
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
	}
	return w.out.Flush()
}

// SummaryOptions selects how WriteGradeSummary writes.
type SummaryOptions struct {
	Format       string // table, markdown, csv, json (se writes a table)
	GroupByLevel bool   // one technique table per level
}

// usageRow is one technique's totals.
type usageRow struct {
	Key                                      string `json:"technique"`
	Ratings                                  string `json:"-"`
	Puzzles, Steps, Placements, Eliminations int
}

// usageRows lists the totals in the techniques' table order.
func usageRows(m map[string]*grade.TechniqueTotals) []usageRow {
	var rows []usageRow
	for _, k := range techniques.AllKinds() {
		if x := m[k.Key]; x != nil {
			rows = append(rows, usageRow{k.Key, k.Ratings, x.Puzzles, x.Steps, x.Placements, x.Eliminations})
		}
	}
	return rows
}

// SummaryCSVColumns are the columns of the technique rows of `grade
// --summary --format csv` (with --group-by level, "level" comes first); a
// blank line, then "level,puzzles,share" rows follow.
var SummaryCSVColumns = []string{"technique", "se_rating", "puzzles", "steps", "placements", "eliminations"}

// WriteGradeSummary writes the usage of each technique over a batch (per
// level with GroupByLevel) and the histogram of levels.
func WriteGradeSummary(out io.Writer, s *grade.Summary, cfg *config.Config, opt SummaryOptions) error {
	levels := cfg.LevelNames()
	for l := range s.ByLevel {
		if !slices.Contains(levels, l) {
			levels = append(levels, l)
		}
	}
	graded := s.ByStatus[grade.Rated] + s.ByStatus[grade.Beyond]
	share := func(n int) string {
		if graded == 0 {
			return "0%"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(graded))
	}
	levelName := func(l string) string {
		if l == "" {
			return "(unknown)"
		}
		return l
	}
	notGraded := s.Puzzles + s.InputErrs - graded
	switch opt.Format {
	case "json":
		type techJSON struct {
			Technique    string `json:"technique"`
			Puzzles      int    `json:"puzzles"`
			Steps        int    `json:"steps"`
			Placements   int    `json:"placements"`
			Eliminations int    `json:"eliminations"`
		}
		toJSON := func(rows []usageRow) []techJSON {
			out := []techJSON{}
			for _, r := range rows {
				out = append(out, techJSON{r.Key, r.Puzzles, r.Steps, r.Placements, r.Eliminations})
			}
			return out
		}
		type levelJSON struct {
			Level      string     `json:"level"`
			Puzzles    int        `json:"puzzles"`
			Share      string     `json:"share"`
			Techniques []techJSON `json:"techniques,omitempty"`
		}
		var sum struct {
			Puzzles    int         `json:"puzzles"`
			Rated      int         `json:"rated"`
			Beyond     int         `json:"beyond"`
			NotGraded  int         `json:"not_graded"`
			Techniques []techJSON  `json:"techniques"`
			Levels     []levelJSON `json:"levels"`
		}
		sum.Puzzles, sum.Rated, sum.Beyond, sum.NotGraded = s.Puzzles+s.InputErrs, s.ByStatus[grade.Rated], s.ByStatus[grade.Beyond], notGraded
		sum.Techniques = toJSON(usageRows(s.Techniques))
		for _, l := range levels {
			lj := levelJSON{Level: levelName(l), Puzzles: s.ByLevel[l], Share: share(s.ByLevel[l])}
			if opt.GroupByLevel {
				lj.Techniques = toJSON(usageRows(s.LevelTechniques[l]))
			}
			sum.Levels = append(sum.Levels, lj)
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			Summary any `json:"summary"`
		}{sum})
	case "csv":
		cw := csv.NewWriter(out)
		row := func(prefix []string, r usageRow) {
			cw.Write(append(prefix, r.Key, r.Ratings, strconv.Itoa(r.Puzzles), strconv.Itoa(r.Steps),
				strconv.Itoa(r.Placements), strconv.Itoa(r.Eliminations)))
		}
		if opt.GroupByLevel {
			cw.Write(append([]string{"level"}, SummaryCSVColumns...))
			for _, l := range levels {
				for _, r := range usageRows(s.LevelTechniques[l]) {
					row([]string{levelName(l)}, r)
				}
			}
		} else {
			cw.Write(SummaryCSVColumns)
			for _, r := range usageRows(s.Techniques) {
				row(nil, r)
			}
		}
		cw.Write(nil)
		cw.Write([]string{"level", "puzzles", "share"})
		for _, l := range levels {
			cw.Write([]string{levelName(l), strconv.Itoa(s.ByLevel[l]), share(s.ByLevel[l])})
		}
		cw.Flush()
		return cw.Error()
	}
	newTable := func() *tablewriter.Table {
		if opt.Format == "markdown" {
			return tablewriter.NewTable(out, tablewriter.WithRenderer(renderer.NewMarkdown()), tablewriter.WithHeaderAutoFormat(tw.Off))
		}
		return tablewriter.NewTable(out, tablewriter.WithHeaderAutoFormat(tw.Off))
	}
	usageTable := func(rows []usageRow) error {
		t := newTable()
		t.Header([]string{"technique", "SE rating", "puzzles", "steps", "placements", "eliminations"})
		for _, r := range rows {
			t.Append([]string{r.Key, r.Ratings, strconv.Itoa(r.Puzzles), strconv.Itoa(r.Steps), strconv.Itoa(r.Placements), strconv.Itoa(r.Eliminations)})
		}
		return t.Render()
	}
	fmt.Fprintf(out, "\nTechnique usage over %d puzzles (%d rated, %d beyond the techniques, %d not graded):\n\n",
		s.Puzzles+s.InputErrs, s.ByStatus[grade.Rated], s.ByStatus[grade.Beyond], notGraded)
	if opt.GroupByLevel {
		for _, l := range levels {
			if s.ByLevel[l] == 0 {
				continue
			}
			fmt.Fprintf(out, "Level %s (%d puzzles):\n\n", levelName(l), s.ByLevel[l])
			if err := usageTable(usageRows(s.LevelTechniques[l])); err != nil {
				return err
			}
			fmt.Fprintln(out)
		}
	} else if err := usageTable(usageRows(s.Techniques)); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nLevels:\n\n")
	t := newTable()
	t.Header([]string{"level", "puzzles", "share", ""})
	maxN := 1
	for _, l := range levels {
		maxN = max(maxN, s.ByLevel[l])
	}
	for _, l := range levels {
		bar := strings.Repeat("#", (s.ByLevel[l]*40+maxN-1)/maxN)
		t.Append([]string{levelName(l), strconv.Itoa(s.ByLevel[l]), share(s.ByLevel[l]), bar})
	}
	return t.Render()
}
