package export

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sudokit/sudokit/generate"
	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// TestRowsKeepTheRules: every format that holds puzzles writes a variant
// puzzle's rules, for every job, so that the reader reads the row back as
// the same puzzle under the same rules (issue 33); classic rows name none.
func TestRowsKeepTheRules(t *testing.T) {
	const (
		// x.txt's first puzzle and its solution; jigsaw.txt's first.
		xPuzzle   = ".....1.53..............6.......4.........57....79.......539.......7..31.2..5...8."
		xSolution = "986471253751239864432856179328647591694185732517923648175398426849762315263514987"
		jPuzzle   = "..9....4........1..2.8.......4...........8..5.......59...3.9..67.....5.........2."
		layout    = "111111222115559922133355922333355992337755992777449968774466668774666868444488888"
	)
	parse := func(s string) sudoku.Grid {
		var g sudoku.Grid
		for i := range 81 {
			if c := s[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
			}
		}
		return g
	}
	x, err := sudoku.ParseRules("windoku,anti-king", "")
	if err != nil {
		t.Fatal(err)
	}
	xOnly, _ := sudoku.ParseRules("x", "")
	jigsaw, err := sudoku.ParseRules("jigsaw", layout)
	if err != nil {
		t.Fatal(err)
	}
	// A killer (Wecoc #1, testdata/puzzles/killer/extreme-ps.txt) and a
	// killer-x with a given, under the same cages.
	const (
		wecoc    = "3x3::k:6150:6150:6401:6401:6401:6658:6658:6658:6658:6150:6401:6401:5123:4868:4868:4868:6661:6658:6150:5120:5120:5123:5123:5123:4868:6661:6661:6150:5120:5127:3336:2313:2313:5130:5130:6661:6155:5120:5127:3336:0000:1299:5130:5134:6661:6155:5127:5127:4367:4367:1299:5130:5134:6672:6155:6155:5393:5138:5138:5138:5134:5134:6672:6156:6155:5393:5393:5393:5138:6413:6413:6672:6156:6156:6156:6156:6413:6413:6413:6672:6672:"
		wecocSol = "821376945795481362634529718183654297956712834247893156519267483478135629362948571"
	)
	killerPuzzle, err := sudoku.NewReader(strings.NewReader(wecoc), "in.txt").Next()
	if err != nil {
		t.Fatal(err)
	}
	killerX, err := sudoku.ParseRules("x", "")
	if err != nil {
		t.Fatal(err)
	}
	if killerX, err = killerX.WithCages(killerPuzzle.Rules.Cages()); err != nil {
		t.Fatal(err)
	}
	puzzles := []sudoku.Puzzle{
		{Grid: parse(xPuzzle), Label: "id7", Rules: xOnly, Source: "in.txt", Line: 1},
		{Grid: parse(jPuzzle), Rules: jigsaw, Source: "in.txt", Line: 2},
		{Grid: parse("1" + strings.Repeat(".", 80)), Rules: x, Source: "in.txt", Line: 3},
		{Rules: killerPuzzle.Rules, Label: "Wecoc #1", Source: "in.txt", Line: 4},
		{Grid: parse("8" + strings.Repeat(".", 80)), Rules: killerX, Source: "in.txt", Line: 5},
	}
	record := func(job Job, p sudoku.Puzzle) Record {
		res := grade.Result{Status: grade.Rated, Level: "easy"}
		switch job {
		case Solve:
			if p.Line == 1 {
				return Record{Puzzle: p, Solve: &solve.Report{Status: solve.Unique, Count: 1, Limit: 2, Solution: parse(xSolution)}}
			}
			if p.Line == 4 {
				return Record{Puzzle: p, Solve: &solve.Report{Status: solve.Unique, Count: 1, Limit: 2, Solution: parse(wecocSol)}}
			}
			return Record{Puzzle: p, Solve: &solve.Report{Status: solve.Unsolvable, Limit: 2}}
		case Grade:
			return Record{Puzzle: p, Grade: &res}
		}
		return Record{Puzzle: sudoku.Puzzle{Grid: p.Grid, Rules: p.Rules}, Grade: &res,
			Generated: &generate.Puzzle{Grid: p.Grid, Solution: parse(xSolution), Result: res}}
	}
	for _, job := range []Job{Solve, Grade, Generate} {
		for _, format := range []string{"line", "json", "csv", "se", "grid", "candidates", "pm729", "sdk", "opensudoku"} {
			if job == Solve && format == "se" {
				continue // solve has no se format
			}
			if job == Generate && format == "csv" {
				continue // generate's csv has no label column (its table's columns are generate's business)
			}
			t.Run(job.String()+"/"+format, func(t *testing.T) {
				var out bytes.Buffer
				w, err := NewWriter(format, job, &out, Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range puzzles {
					if err := w.Write(record(job, p)); err != nil {
						t.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
				var got []string
				for p, err := range sudoku.NewReader(strings.NewReader(out.String()), "out").All() {
					if err != nil {
						t.Fatalf("%v in\n%s", err, out.String())
					}
					got = append(got, p.Rules.Label())
				}
				var want []string
				for _, p := range puzzles {
					want = append(want, p.Rules.Label())
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("read back under\n%s\nwant\n%s\nfrom\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), out.String())
				}
			})
		}
	}
}
