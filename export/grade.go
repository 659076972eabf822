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
}

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

// Write writes one record.
func (w *GradeWriter) Write(r GradeRecord) error {
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
			ep, ed = strings.ReplaceAll(ep, "-", "?"), strings.ReplaceAll(ed, "-", "?")
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
		fmt.Fprintf(w.out, "      no technique applies here: the puzzle needs chains (rated %s or more)\n",
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

// WriteGradeSummary writes the usage of each technique over a batch and the
// histogram of levels, in format (table, markdown, csv or json; se is
// written as a table).
func WriteGradeSummary(out io.Writer, format string, s *grade.Summary, cfg *config.Config) error {
	type row struct {
		key, rating                            string
		puzzles, steps, placements, eliminated int
	}
	var rows []row
	for _, k := range techniques.AllKinds() {
		if x := s.Techniques[k.Key]; x != nil {
			rows = append(rows, row{k.Key, k.Ratings, x.Puzzles, x.Steps, x.Placements, x.Eliminations})
		}
	}
	levels := cfg.LevelNames()
	for l := range s.ByLevel {
		if !slices.Contains(levels, l) {
			levels = append(levels, l)
		}
	}
	graded := s.ByStatus[grade.Rated] + s.ByStatus[grade.Beyond]
	pct := func(n int) string {
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
	switch format {
	case "json":
		type tj struct {
			Technique    string `json:"technique"`
			Puzzles      int    `json:"puzzles"`
			Steps        int    `json:"steps"`
			Placements   int    `json:"placements"`
			Eliminations int    `json:"eliminations"`
		}
		type lj struct {
			Level   string `json:"level"`
			Puzzles int    `json:"puzzles"`
		}
		out2 := struct {
			Summary struct {
				Puzzles    int  `json:"puzzles"`
				Rated      int  `json:"rated"`
				Beyond     int  `json:"beyond"`
				Invalid    int  `json:"invalid"`
				Multiple   int  `json:"multiple"`
				Unsolvable int  `json:"unsolvable"`
				Techniques []tj `json:"techniques"`
				Levels     []lj `json:"levels"`
			} `json:"summary"`
		}{}
		sm := &out2.Summary
		sm.Puzzles, sm.Rated, sm.Beyond = s.Puzzles, s.ByStatus[grade.Rated], s.ByStatus[grade.Beyond]
		sm.Invalid, sm.Multiple, sm.Unsolvable = s.ByStatus[grade.Invalid]+s.InputErrs, s.ByStatus[grade.Multiple], s.ByStatus[grade.Unsolvable]
		for _, r := range rows {
			sm.Techniques = append(sm.Techniques, tj{r.key, r.puzzles, r.steps, r.placements, r.eliminated})
		}
		for _, l := range levels {
			sm.Levels = append(sm.Levels, lj{levelName(l), s.ByLevel[l]})
		}
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		return enc.Encode(out2)
	case "csv":
		cw := csv.NewWriter(out)
		cw.Write([]string{"technique", "se_rating", "puzzles", "steps", "placements", "eliminations"})
		for _, r := range rows {
			cw.Write([]string{r.key, r.rating, strconv.Itoa(r.puzzles), strconv.Itoa(r.steps), strconv.Itoa(r.placements), strconv.Itoa(r.eliminated)})
		}
		cw.Write(nil)
		cw.Write([]string{"level", "puzzles", "share"})
		for _, l := range levels {
			cw.Write([]string{levelName(l), strconv.Itoa(s.ByLevel[l]), pct(s.ByLevel[l])})
		}
		cw.Flush()
		return cw.Error()
	}
	md := format == "markdown"
	newTable := func() *tablewriter.Table {
		if md {
			return tablewriter.NewTable(out, tablewriter.WithRenderer(renderer.NewMarkdown()), tablewriter.WithHeaderAutoFormat(tw.Off))
		}
		return tablewriter.NewTable(out, tablewriter.WithHeaderAutoFormat(tw.Off))
	}
	fmt.Fprintf(out, "\nTechnique usage over %d puzzles (%d rated, %d beyond the techniques, %d not graded):\n\n",
		s.Puzzles+s.InputErrs, s.ByStatus[grade.Rated], s.ByStatus[grade.Beyond], s.Puzzles+s.InputErrs-graded)
	t := newTable()
	t.Header([]string{"technique", "SE rating", "puzzles", "steps", "placements", "eliminations"})
	for _, r := range rows {
		t.Append([]string{r.key, r.rating, strconv.Itoa(r.puzzles), strconv.Itoa(r.steps), strconv.Itoa(r.placements), strconv.Itoa(r.eliminated)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nLevels:\n\n")
	t = newTable()
	t.Header([]string{"level", "puzzles", "share", ""})
	maxN := 1
	for _, l := range levels {
		maxN = max(maxN, s.ByLevel[l])
	}
	for _, l := range levels {
		bar := strings.Repeat("#", (s.ByLevel[l]*40+maxN-1)/maxN)
		t.Append([]string{levelName(l), strconv.Itoa(s.ByLevel[l]), pct(s.ByLevel[l]), bar})
	}
	return t.Render()
}
