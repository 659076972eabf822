package bookgrade

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokit/sudokit/book"
	"github.com/sudokit/sudokit/config"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

const (
	medium  = "379..15.2..............8...82..7..5.1......3..5..26.1..6......9.876..1..5......7." // ER 2.0
	twoSols = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
)

func grader(t *testing.T, budget time.Duration) *grade.Grader {
	t.Helper()
	cfg := config.Default()
	cfg.Budget = budget
	g, err := grade.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func puzzle(t *testing.T, line string) sudoku.Puzzle {
	t.Helper()
	p, err := sudoku.NewReader(strings.NewReader(line), "test").Next()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGrade: each kind of puzzle's entry, note or error, within the
// budget and over it.
func TestGrade(t *testing.T) {
	solution := func(line string) sudoku.Grid {
		g, err := sudoku.ParseGrid(line)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := solve.Solve(g)
		if !ok {
			t.Fatalf("%s: no solution", line)
		}
		return s
	}
	for _, tc := range []struct {
		name   string
		budget time.Duration
		line   string
		level  string
		rating sudoku.Rating
		note   string
		err    string
	}{
		{"graded", 0, medium, "medium", 2.0, "", ""},
		{"the label's ratings", 0, medium + " ED=9.3/1.2/1.2", "diabolical", 9.3, "", ""},
		{"beyond, from a label", 0, medium + " ED=20.0/20.0/20.0", "diabolical", sudoku.RatingBeyond, "", ""},
		{"over the budget", time.Nanosecond, medium, "", 0, unrated, ""},
		{"over the budget, with a label", time.Nanosecond, medium + " ED=2.0/1.2/1.2", "medium", 2.0, "", ""},
		{"several solutions", 0, twoSols, "", 0, "", "several solutions, not rated"},
		{"several solutions, over the budget", time.Nanosecond, twoSols, "", 0, "", "several solutions, not rated"},
		{"no solution", 0, "12345678.........9" + strings.Repeat(".", 63), "", 0, "", "no solution, not rated"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := puzzle(t, tc.line)
			e, note, err := Grade(context.Background(), grader(t, tc.budget), p, Options{Workers: 2})
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := book.Entry{Grid: p.Grid, Solution: solution(tc.line[:81]), Level: tc.level, Rating: tc.rating}
			if e != want || note != tc.note {
				t.Errorf("entry %+v, note %q; want %+v, %q", e, note, want, tc.note)
			}
		})
	}
}

// TestGradeCancelled: a grading cut short by its context is no entry and
// no refusal: the error is the context's.
func TestGradeCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := Grade(ctx, grader(t, 0), puzzle(t, medium), Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// TestEntry: a graded puzzle's entry shows SE's ER (20.0 beyond the
// techniques); a puzzle over the budget without its solution, or not
// graded, has none.
func TestEntry(t *testing.T) {
	var grid, sol sudoku.Grid
	sol[0] = 1
	for _, tc := range []struct {
		res    grade.Result
		rating sudoku.Rating
		note   string
		err    bool
	}{
		{grade.Result{Status: grade.Rated, Ratings: grade.Ratings{ER: 7.1}, Level: "diabolical"}, 7.1, "", false},
		{grade.Result{Status: grade.Beyond, Ratings: grade.Ratings{ER: 8.3}, Level: "diabolical"}, sudoku.RatingBeyond, "", false},
		{grade.Result{Status: grade.Budget}, 0, unrated, false},
		{grade.Result{Status: grade.Over, Ratings: grade.Ratings{ER: 8.3}}, 0, "", true},
		{grade.Result{Status: grade.Multiple}, 0, "", true},
	} {
		e, note, err := Entry(grid, sol, tc.res)
		if (err != nil) != tc.err || note != tc.note || !tc.err && (e.Rating != tc.rating || e.Level != tc.res.Level || e.Solution != sol) {
			t.Errorf("%v: entry %+v, note %q, error %v", tc.res.Status, e, note, err)
		}
	}
	if _, _, err := Entry(grid, sudoku.Grid{}, grade.Result{Status: grade.Budget}); !errors.Is(err, grade.ErrNotRated) {
		t.Errorf("over the budget without a solution: %v, want an error wrapping grade.ErrNotRated", err)
	}
}

// TestLevels: the levels easiest first, and each one's section line.
func TestLevels(t *testing.T) {
	levels, notes := Levels(config.Default())
	if got := strings.Join(levels, " "); got != "easy medium hard fiendish diabolical" {
		t.Errorf("levels %s", got)
	}
	if got := notes["4x4 easy"]; got != "Sudoku Explainer rating 1.0 and up." {
		t.Errorf("4x4's only level: %q, want its band alone", got)
	}
	// A size's level of a name 9x9 has not comes after 9x9's.
	mine, err := config.Parse([]byte("sizes:\n  \"6\":\n    levels:\n      - name: beginner\n        max: 1.2\n      - name: easy\n"), "my.yaml", config.Default(), config.Schema{})
	if err != nil {
		t.Fatal(err)
	}
	if levels, notes := Levels(mine); strings.Join(levels, " ") != "easy medium hard fiendish diabolical beginner" || notes["6x6 beginner"] == "" {
		t.Errorf("levels %v, 6x6 beginner's note %q", levels, notes["6x6 beginner"])
	}
	for l, want := range map[string]string{
		"easy":       "Sudoku Explainer rating 1.0–1.5. Needs Full House, Hidden Single.",
		"diabolical": "Sudoku Explainer rating 6.1 and up. Needs ",
		// Other sizes' levels, by book.SizedLevel: their own bands.
		"6x6 hard":         "Sudoku Explainer rating 2.6 and up. Needs ",
		"16x16 diabolical": "Sudoku Explainer rating 4.1 and up. Needs ",
		"12x12 hard":       "Sudoku Explainer rating 2.6–4.0. Needs ",
		"4x4 easy":         "Sudoku Explainer rating 1.0 and up.",
	} {
		if !strings.HasPrefix(notes[l], want) {
			t.Errorf("%s: %q, want %q...", l, notes[l], want)
		}
	}
}

// xPuzzle is a puzzle of x (testdata/puzzles/variants/x.txt): one solution
// under x's rules, several as a classic puzzle.
const xPuzzle = ".3.9...82...8...3......5..9..73....6....9....9....74..3..4......8...1...79...3.1."

// xRules returns x's rules, the grid of xPuzzle and its solution under
// them, checking that it has several as a classic puzzle.
func xRules(t *testing.T) (sudoku.Rules, sudoku.Grid, sudoku.Grid) {
	t.Helper()
	x, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	grid, err := sudoku.ParseGrid(xPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	r := solve.For(x).Count(grid, 2)
	if r.Count != 1 || solve.Count(grid, 2).Count != 2 {
		t.Fatalf("the test needs a puzzle with one solution under x and several as classic: %d, %d", r.Count, solve.Count(grid, 2).Count)
	}
	return x, grid, r.Solution
}

// TestCheckVariant: when the grading of a variant's puzzle runs over the
// budget before its solution is known, the check solves it under its
// rules (as a classic puzzle it has several solutions).
func TestCheckVariant(t *testing.T) {
	x, grid, solution := xRules(t)
	known := &grade.Ratings{ER: 2.0, EP: 1.2, ED: 1.2}
	for _, tc := range []struct {
		name   string
		known  *grade.Ratings
		status grade.Status
	}{{"no ratings", nil, grade.Budget}, {"the label's ratings", known, grade.Rated}} {
		t.Run(tc.name, func(t *testing.T) {
			res := check(context.Background(), grader(t, 0), x.StateOf(grid, nil), tc.known)
			if res.Status != tc.status || res.Solution != solution {
				t.Errorf("status %v, solution %v; want %v, x's solution %v", res.Status, res.Solution, tc.status, solution)
			}
		})
	}
}

// TestGradeVariant: a variant's puzzle goes into a book with its rules
// and its solution under them: with the ratings of its label without a
// grading (as a classic puzzle it has several solutions), and graded
// otherwise (once the grader knows variants).
func TestGradeVariant(t *testing.T) {
	x, grid, solution := xRules(t)
	g := grader(t, 0)
	for _, tc := range []struct {
		name, label, level string
		rating             sudoku.Rating
	}{
		{"the label's ratings", " ED=2.0/1.2/1.2 variant=x", "medium", 2.0},
		{"graded", " variant=x", "medium", 2.0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := puzzle(t, xPuzzle+tc.label)
			e, note, err := Grade(context.Background(), g, p, Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !e.Rules.Equal(x) || e.Grid != grid || e.Solution != solution || e.Level != tc.level || e.Rating != tc.rating || note != "" {
				t.Errorf("entry %+v (rules %s), note %q; want x's rules and solution, %s %v", e, e.Rules, note, tc.level, tc.rating)
			}
		})
	}
	// A puzzle whose digits break its rules, or with two solutions under
	// them, has no entry, ratings or not.
	for _, tc := range []struct{ line, err string }{
		{"1.......1" + strings.Repeat(".", 72) + " ED=2.0/1.2/1.2 variant=x", "digit 1 repeated"},
		{strings.Repeat(".", 80) + "1 ED=2.0/1.2/1.2 variant=x", "several solutions, not rated"},
	} {
		p, err := sudoku.NewReader(strings.NewReader(tc.line), "test").Next()
		if err == nil {
			_, _, err = Grade(context.Background(), g, p, Options{Workers: 1})
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%.20s...: error %v, want one saying %q", tc.line, err, tc.err)
		}
	}
}

// TestBoardEntry: a puzzle of each size of testdata/puzzles/sizes goes into
// a book with its solution (checked against its givens and the rules); a
// board with two solutions, none, or a repeated digit does not, and the
// error says why.
func TestBoardEntry(t *testing.T) {
	g, err := grade.New(config.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ size, line, level string }{
		{"4", "....31.....42.1.", "easy"},
		{"6", ".....132.6....62....3...4......1..4.", "easy"},
		{"6", "5..2...4..3.....2..3.......5..6.1...", "hard"},                                   // 6.6: 6x6's last level
		{"8", ".........734..1.5.2..4.7....352...5.....2..6.3..3....74.74.5...6", "diabolical"}, // beyond: no rating
		{"12", "..5.63..1A....92.A....C..3....9......8....1.....6...B..2.......98....14B.........8.7...81C..39....4C9.3AB.5.A.C.....9.....8..4A..2.3...1..257...", "diabolical"}, // 12x12 from 4.1: diabolical
		{"16", "3.F.E.6.4B.5C..1.4.....571..3.2......A1..C........A.C84F...9.B.7....6F8...BG2...AE6.D..C..1F..8...23G.A..6.7.F..F..4.27...9..C....B...5..G7C.D.9..56.C.7.....1A27349..D.2.51....8..F23....4..........9E.B36A..7CD...86......E35..5E..B.38.C2.A4..F...GC415D.....", "medium"},
	} {
		shape, _ := sudoku.ParseShape(tt.size, "")
		b, _, err := sudoku.ParseBoard(tt.line, shape, sudoku.AutoAlphabet)
		if err != nil {
			t.Fatal(err)
		}
		if solve.CountBoard(b, 2).Count != 1 {
			t.Fatalf("%s: the test wants a unique puzzle", tt.line)
		}
		e, err := BoardEntry(context.Background(), g, b)
		if err != nil {
			t.Fatalf("%s: %v", shape, err)
		}
		// The entry carries grade.Board's rating (none beyond the
		// ladder), and the level of the size's levels in config.yaml.
		res, err := grade.Board(context.Background(), b, grade.Options{})
		if err != nil || res.Status == grade.Rated && (e.Rating != res.ER || e.Rating == 0) || res.Status == grade.Beyond && e.Rating != 0 {
			t.Errorf("%s: entry rated %v, grade.Board %v %v (%v)", shape, e.Rating, res.Status, res.ER, err)
		}
		if e.Level != tt.level {
			t.Errorf("%s %.20s...: entry level %q, want %q", shape, tt.line, e.Level, tt.level)
		}
		if e.Board == nil || e.BoardSolution == nil || e.Board.String() != b.String() || e.BoardSolution.Validate() != nil {
			t.Fatalf("%s: entry %+v", shape, e)
		}
		for i, v := range b.Cells {
			if s := e.BoardSolution.Cells[i]; s == 0 || v != 0 && s != v {
				t.Errorf("%s: the solution has %d at %s, the puzzle %d", shape, s, shape.CellName(i), v)
			}
		}
		b.Cells[0] = 99 // the entry keeps its own copy
		if e.Board.Cells[0] == 99 {
			t.Errorf("%s: the entry shares the board's cells", shape)
		}
	}
	shape := sudoku.ShapeOf(4)
	for line, want := range map[string]string{
		"................": "several solutions",
		".23..1..4.......": "no solution",
		"11..............": "repeated",
	} {
		b, _, err := sudoku.ParseBoard(line, shape, sudoku.Letters)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := BoardEntry(context.Background(), g, b); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", line, err, want)
		}
	}
}

// TestGradeKiller: a killer goes into a book solved under its cages,
// with no rating and no note, and with the level its label names among
// Options.Levels (none otherwise); a killer with several solutions is
// left out.
func TestGradeKiller(t *testing.T) {
	const (
		blank  = "................................................................................."
		cages  = " variant=killer cages=G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
		levels = "easy medium hard"
	)
	g := grader(t, time.Minute)
	for _, tc := range []struct {
		label, level string
	}{{"", ""}, {" Hard", "hard"}, {" level: medium", "medium"}, {" fiendish", ""}} {
		p := puzzle(t, blank+tc.label+cages)
		want := solve.For(p.Rules).Count(p.Grid, 2)
		if want.Count != 1 {
			t.Fatalf("the killer has %d solutions", want.Count)
		}
		e, note, err := Grade(context.Background(), g, p, Options{Levels: strings.Fields(levels)})
		if err != nil || note != "" {
			t.Fatalf("%q: %v, note %q", tc.label, err, note)
		}
		if e.Solution != want.Solution || e.Rating != 0 || e.Level != tc.level || !e.Rules.Equal(p.Rules) {
			t.Errorf("%q: entry level %q rating %v rules %s, want level %q, no rating, the solution and the cages", tc.label, e.Level, e.Rating, e.Rules, tc.level)
		}
	}
	several := puzzle(t, `{"puzzle": "`+blank+`", "variant": ["killer"], "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}]}`)
	if _, _, err := Grade(context.Background(), g, several, Options{}); err == nil || !strings.Contains(err.Error(), "several solutions") {
		t.Errorf("a killer with several solutions: %v, want several solutions", err)
	}
}

// TestBoardEntryStops: a sparse 12x12 whose uniqueness check keeps the
// sized solver searching for over a minute is left out of a book at the
// grader's budget, and when the context ends first.
func TestBoardEntryStops(t *testing.T) {
	shape, _ := sudoku.ParseShape("12", "")
	line := "2...A7......A3......86..7...18..92B.B2......58....84.1......37..25..4.6.4B..6.1.A...6A.........................................................."
	slow, _, err := sudoku.ParseBoard(line, shape, sudoku.AutoAlphabet)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		budget time.Duration
		want   func(error) bool
	}{
		{"the grader's budget", context.Background(), 100 * time.Millisecond,
			func(err error) bool {
				return errors.Is(err, grade.ErrNotRated) && strings.Contains(err.Error(), "budget")
			}},
		{"the context's deadline", ctx, time.Minute,
			func(err error) bool { return errors.Is(err, context.DeadlineExceeded) }},
	} {
		done := make(chan error, 1)
		go func() {
			_, err := BoardEntry(tc.ctx, grader(t, tc.budget), slow)
			done <- err
		}()
		select {
		case err := <-done:
			if !tc.want(err) {
				t.Errorf("%s: error %v", tc.name, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still searching 20 s past a deadline of 100ms", tc.name)
		}
	}
}
