package export

import (
	"encoding/json"
	"fmt"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
	"github.com/sudokit/sudokit/techniques"
	"github.com/sudokit/sudokit/techniques/sized"
)

// jsonWriter writes one JSON object per line and row. Field names are the
// same in every command (source, line, label, puzzle, status, er, ep, ed,
// level, ...), and an object carries the error of a row that failed.
type jsonWriter struct {
	out *output
	job Job
	opt Options
	enc *json.Encoder
}

func newJSONWriter(out *output, _ string, job Job, opt Options) Writer {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	return &jsonWriter{out: out, job: job, opt: opt, enc: enc}
}

// rowJSON is how every command's JSON row starts: where the puzzle comes
// from, the puzzle (its pencil marks when they eliminate something), and
// its status.
type rowJSON struct {
	Source     string     `json:"source"`
	Line       int        `json:"line"`
	Label      string     `json:"label,omitempty"`
	Puzzle     string     `json:"puzzle,omitempty"`
	Size       int        `json:"size,omitempty"`
	Box        string     `json:"box,omitempty"`
	Alphabet   string     `json:"alphabet,omitempty"`
	Variant    []string   `json:"variant,omitempty"`
	Regions    string     `json:"regions,omitempty"`
	Cages      []cageJSON `json:"cages,omitempty"`
	Candidates []string   `json:"candidates,omitempty"`
	Status     string     `json:"status"`
}

// cageJSON is a killer's cage: {"sum": 15, "cells": ["r1c1", "r1c2"]}.
type cageJSON struct {
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
}

// cagesOf returns the cages of a killer's rules; none for other rules.
func cagesOf(r sudoku.Rules) []cageJSON {
	var out []cageJSON
	for _, c := range r.Cages() {
		j := cageJSON{Sum: c.Sum}
		for _, cell := range c.Cells {
			j.Cells = append(j.Cells, sudoku.CellName(cell))
		}
		out = append(out, j)
	}
	return out
}

// boardCages returns the cages of a sized killer, cells named at its
// size.
func boardCages(b *sudoku.Board) []cageJSON {
	var out []cageJSON
	for _, c := range b.Cages {
		j := cageJSON{Sum: c.Sum}
		for _, cell := range c.Cells {
			j.Cells = append(j.Cells, b.Shape.CellName(cell))
		}
		out = append(out, j)
	}
	return out
}

// rowHead fills the fields every row starts with; the rules of a puzzle
// that is not classic are its variants and, for a jigsaw, its regions, for
// a killer its cages (and its puzzle, givens or none, so that the row
// reads back).
func rowHead(r Record) rowJSON {
	j := rowJSON{Source: r.Puzzle.Source, Line: r.Puzzle.Line, Label: r.Puzzle.Label, Status: r.Status(),
		Candidates: marks(r.Puzzle), Variant: r.Puzzle.Rules.Variants(), Regions: r.Puzzle.Rules.Regions(),
		Cages: cagesOf(r.Puzzle.Rules)}
	if p := r.Puzzle; p.Board != nil {
		j.Puzzle, j.Size = p.Cells(), p.Board.Shape.N()
		if !p.Board.Shape.IsUsual() {
			j.Box = p.Board.Shape.Box()
		}
		if p.Alphabet == sudoku.FromZero {
			j.Alphabet = p.Alphabet.String()
		}
		j.Variant, j.Cages = p.Board.Variants(), boardCages(p.Board)
		if p.Board.Regions != nil {
			j.Regions = p.Board.Shape.FormatRegions(p.Board.Regions)
		}
	} else if r.Puzzle.Grid.Givens() > 0 || r.Puzzle.Rules.HasCages() {
		j.Puzzle = r.Puzzle.Grid.String()
	}
	return j
}

type solveJSON struct {
	rowJSON
	Count    int     `json:"count"`
	Limit    int     `json:"limit,omitempty"`
	Solution string  `json:"solution,omitempty"`
	Guesses  int     `json:"guesses"`
	TimeUS   float64 `json:"time_us"`
	Error    string  `json:"error,omitempty"`
}

type gradeJSON struct {
	rowJSON
	ER      sudoku.Rating           `json:"er,omitempty"`
	EP      sudoku.Rating           `json:"ep,omitempty"`
	ED      sudoku.Rating           `json:"ed,omitempty"`
	Level   string                  `json:"level,omitempty"`
	Hardest string                  `json:"hardest,omitempty"`
	Steps   int                     `json:"steps"`
	Usage   map[string]*grade.Usage `json:"usage,omitempty"`
	TimeMS  float64                 `json:"time_ms"`
	Path    []stepJSON              `json:"path,omitempty"`
	Error   string                  `json:"error,omitempty"`
}

type generateJSON struct {
	Seed     uint64                  `json:"seed"`
	Index    int                     `json:"index"`
	Puzzle   string                  `json:"puzzle"`
	Variant  []string                `json:"variant,omitempty"`
	Regions  string                  `json:"regions,omitempty"`
	Cages    []cageJSON              `json:"cages,omitempty"`
	Solution string                  `json:"solution,omitempty"`
	Clues    int                     `json:"clues"`
	Symmetry string                  `json:"symmetry"`
	Status   string                  `json:"status"`
	ER       sudoku.Rating           `json:"er,omitempty"`
	EP       sudoku.Rating           `json:"ep,omitempty"`
	ED       sudoku.Rating           `json:"ed,omitempty"`
	Level    string                  `json:"level"`
	Hardest  string                  `json:"hardest"`
	Usage    map[string]*grade.Usage `json:"usage"`
	Tries    int                     `json:"tries"`
	Path     []stepJSON              `json:"path,omitempty"`
}

type stepJSON struct {
	N            int               `json:"n"`
	Technique    string            `json:"technique"`
	Name         string            `json:"name"`
	Rating       sudoku.Rating     `json:"rating"`
	Detail       string            `json:"detail,omitempty"`
	Placements   []string          `json:"placements,omitempty"`
	Eliminations []string          `json:"eliminations,omitempty"`
	Reasons      map[string]string `json:"reasons,omitempty"`
	Candidates   string            `json:"candidates,omitempty"`
	Nested       []stepJSON        `json:"nested,omitempty"`
}

func (w *jsonWriter) Write(r Record) error {
	switch w.job {
	case Solve:
		return w.enc.Encode(w.solve(r))
	case Grade:
		return w.enc.Encode(w.grade(r))
	case Hint:
		return w.enc.Encode(hintRow(r, w.opt))
	}
	p, res := r.Generated, r.Grade
	j := generateJSON{Seed: p.Seed, Index: p.Index, Puzzle: p.Grid.String(), Variant: r.Puzzle.Rules.Variants(), Regions: r.Puzzle.Rules.Regions(),
		Cages: cagesOf(r.Puzzle.Rules), Clues: p.Grid.Givens(), Symmetry: p.Symmetry.String(),
		Status: res.Status.String(), EP: res.EP, ED: res.ED, Level: res.Level, Hardest: res.Hardest, Usage: res.Usage, Tries: p.Tries}
	if res.Status == grade.Rated {
		j.ER = res.ER
	}
	if w.opt.WithSolution {
		j.Solution = p.Solution.String()
	}
	if w.opt.Explain {
		for i := range res.Path {
			j.Path = append(j.Path, stepToJSON(i, &res.Path[i], res.Before, w.opt.Candidates))
		}
	}
	return w.enc.Encode(j)
}

func (w *jsonWriter) solve(r Record) solveJSON {
	j := solveJSON{rowJSON: rowHead(r)}
	if rep := r.Solve; rep != nil {
		j.Count, j.Limit, j.Guesses = rep.Count, rep.Limit, rep.Guesses
		j.TimeUS = float64(rep.Elapsed.Nanoseconds()) / 1e3
		switch {
		case rep.Count > 0 && r.Puzzle.Board != nil:
			j.Solution = boardText(r.Puzzle, rep.Board)
		case rep.Count > 0:
			j.Solution = rep.Solution.String()
		}
	}
	if err := r.Failed(); err != nil {
		j.Error = err.Error()
	}
	return j
}

func (w *jsonWriter) grade(r Record) gradeJSON {
	j := gradeJSON{rowJSON: rowHead(r), TimeMS: float64(r.Elapsed.Microseconds()) / 1000}
	if err := r.Failed(); err != nil {
		j.Error = err.Error()
	}
	res := r.Grade
	if res == nil || !res.Status.Graded() {
		return j
	}
	if res.Status == grade.Rated {
		j.ER = res.ER
	}
	j.EP, j.ED, j.Usage, j.Level, j.Hardest, j.Steps = res.EP, res.ED, res.Usage, res.Level, res.Hardest, res.Steps
	if w.opt.Explain {
		for i := range res.Path {
			j.Path = append(j.Path, stepToJSON(i, &res.Path[i], res.Before, w.opt.Candidates))
		}
		if r.Sized != nil {
			for i := range r.Sized.Path {
				j.Path = append(j.Path, boardStepToJSON(i, &r.Sized.Path[i]))
			}
		}
	}
	return j
}

// boardStepToJSON describes the i-th step of a sized puzzle's path, its
// cells named as its shape names them.
func boardStepToJSON(i int, st *sized.Step) stepJSON {
	sj := stepJSON{N: i + 1, Technique: st.Technique, Name: st.Name, Rating: st.Rating, Detail: st.Detail}
	for _, p := range st.Placements {
		sj.Placements = append(sj.Placements, fmt.Sprintf("%s=%d", st.Shape.CellName(p.Cell), p.Digit))
	}
	for _, e := range st.Eliminations {
		sj.Eliminations = append(sj.Eliminations, fmt.Sprintf("%s<>%d", st.Shape.CellName(e.Cell), e.Digit))
	}
	return sj
}

// stepToJSON describes the i-th step of a path.
func stepToJSON(i int, st *techniques.Step, before []sudoku.State, candidates bool) stepJSON {
	sj := stepJSON{N: i + 1, Technique: st.Technique, Name: st.Name, Rating: st.Rating, Detail: st.Detail}
	for _, p := range st.Placements {
		sj.Placements = append(sj.Placements, fmt.Sprintf("%s=%d", sudoku.CellName(int(p.Cell)), p.Digit))
	}
	for _, e := range st.Eliminations {
		sj.Eliminations = append(sj.Eliminations, fmt.Sprintf("%s<>%d", sudoku.CellName(int(e.Cell)), e.Digit))
	}
	sj.Reasons = st.ReasonsByElimination()
	if candidates && i < len(before) {
		sj.Candidates = candidatesLine(&before[i])
	}
	for k := range st.Nested {
		sj.Nested = append(sj.Nested, stepToJSON(k, &st.Nested[k], nil, false))
	}
	return sj
}

// marks returns the 81 candidate sets of a puzzle read with pencil marks
// that eliminate something its digits do not (a placed cell's set is its
// digit), or nil.
func marks(p sudoku.Puzzle) []string {
	if !marked(p) {
		return nil
	}
	out := make([]string, 81)
	for i, d := range p.State().AllCandidates() {
		out[i] = d.String()
	}
	return out
}

// candidatesLine writes a state as a candidate grid on one line: 81 fields
// separated by spaces, a placed cell as its digit and an empty cell with
// one candidate left as "(5)", so that it reads back as the same state.
func candidatesLine(s *sudoku.State) string {
	b := make([]byte, 0, 81*4)
	for i, d := range s.Cands {
		if i > 0 {
			b = append(b, ' ')
		}
		switch {
		case s.Values[i] != 0:
			b = append(b, '0'+s.Values[i])
		case d.Count() == 1:
			b = append(b, '(')
			b = append(b, d.String()...)
			b = append(b, ')')
		default:
			b = append(b, d.String()...)
		}
	}
	return string(b)
}

func (w *jsonWriter) Flush() error { return w.out.Flush() }
func (w *jsonWriter) Close() error { return w.out.Flush() }
