package generate

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/sudokit/sudokit/solve"
	"github.com/sudokit/sudokit/sudoku"
)

// Pattern is a clue pattern: the cells (0-80, row by row) that hold a
// clue. A puzzle made on a pattern has its clues exactly there.
type Pattern [81]bool

// MinClues is the fewest clues a sudoku with one solution can have
// (McGuire, Tugemann and Civario, 2012): a pattern with fewer yields
// nothing.
const MinClues = 17

// ParsePattern reads a pattern written as 81 cells, row by row: x, X, *,
// # or a digit 1-9 for a clue, . or 0 for none. Spaces and the | + -
// of a drawn grid are ignored, so a pattern may also be written as nine
// rows of nine. Its errors are of kind sudoku.ErrInvalid.
func ParsePattern(s string) (Pattern, error) {
	var p Pattern
	n := 0
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '|' || r == '+' || r == '-':
			continue
		case n == 81:
			return p, sudoku.Invalidf("more than 81 cells")
		case r == 'x' || r == 'X' || r == '*' || r == '#' || (r >= '1' && r <= '9'):
			p[n] = true
		case r == '.' || r == '0':
		default:
			return p, sudoku.Invalidf("cell %d is %q: want x (or a digit) for a clue, . (or 0) for none", n+1, r)
		}
		n++
	}
	if n != 81 {
		return p, sudoku.Invalidf("%d cells, want 81", n)
	}
	if c := p.Clues(); c < MinClues {
		return p, sudoku.Invalidf("%d clues: no sudoku with fewer than %d clues has one solution", c, MinClues)
	}
	return p, nil
}

// ReadPatterns reads patterns, one per line of 81 cells or nine lines of
// nine; blank lines and lines starting with # separate them. Errors name
// the source and line.
func ReadPatterns(r io.Reader, name string) ([]Pattern, error) {
	var out []Pattern
	var block strings.Builder
	start, line, rows := 0, 0, 0
	flush := func() error {
		if block.Len() == 0 {
			return nil
		}
		p, err := ParsePattern(block.String())
		if err != nil {
			return fmt.Errorf("%s:%d: pattern: %w", name, start, err)
		}
		out = append(out, p)
		block.Reset()
		rows = 0
		return nil
	}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		cells := cellCount(text)
		if cells >= 81 { // a pattern on one line
			if err := flush(); err != nil {
				return nil, err
			}
			start = line
			block.WriteString(text)
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if block.Len() == 0 {
			start = line
		}
		block.WriteString(text)
		if cells > 0 {
			if rows++; rows == 9 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, sudoku.Invalidf("%s: no pattern", name)
	}
	return out, nil
}

// cellCount counts the characters of a line that are cells of a pattern.
func cellCount(s string) int {
	n := 0
	for _, r := range s {
		if !strings.ContainsRune(" \t|+-", r) {
			n++
		}
	}
	return n
}

// Clues counts the pattern's clues.
func (p Pattern) Clues() int {
	n := 0
	for _, c := range p {
		if c {
			n++
		}
	}
	return n
}

// String writes the pattern on one line, x for a clue and . for none.
func (p Pattern) String() string {
	var b [81]byte
	for i, c := range p {
		b[i] = '.'
		if c {
			b[i] = 'x'
		}
	}
	return string(b[:])
}

// greedyCells is how many of a pattern's clues are chosen by counting
// solutions; the others come from a random solution grid.
const greedyCells = 10

// countCap bounds the solutions counted to compare the digits of a cell.
const countCap = 40

// fillPattern makes a puzzle with clues exactly on the pattern, aiming at
// one solution. The clues come from a random solution grid, except the
// last greedyCells cells (in random order), which each take, among the
// digits that keep a solution, one that leaves the fewest (counted up to
// countCap; ties at random); then, while several solutions remain, up to
// repairs pattern cells drawn at random take the digit that leaves the
// fewest. A random grid alone almost never gives a sparse pattern one
// solution (none in 200,000 for a 23-clue pattern); this gives one in
// about every try at 23-24 clues and every few hundred at 21. It returns
// the puzzle and whether it has one solution.
func fillPattern(p *Pattern, solver solve.Solver, rng *rand.Rand) (sudoku.Grid, bool) {
	rules := solver.Rules()
	sol := solver.RandomGrid(rng)
	var cells []int
	for c, clue := range p {
		if clue {
			cells = append(cells, c)
		}
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	var grid sudoku.Grid
	split := max(len(cells)-greedyCells, 0)
	for _, c := range cells[:split] {
		grid[c] = sol[c]
	}
	var best []uint8
	for _, c := range cells[split:] {
		bestCount := countCap + 1
		best = best[:0]
		for d := uint8(1); d <= 9; d++ {
			if !fitsUnder(rules, &grid, c, d) {
				continue
			}
			grid[c] = d
			n := solver.Count(grid, countCap).Count
			grid[c] = 0
			switch {
			case n == 0:
			case n < bestCount:
				bestCount, best = n, append(best[:0], d)
			case n == bestCount:
				best = append(best, d)
			}
		}
		if len(best) == 0 {
			return grid, false
		}
		grid[c] = best[rng.IntN(len(best))]
	}
	// Repair: while several solutions remain, give the pattern cell whose
	// change leaves the fewest a new digit.
	n := solver.Count(grid, countCap).Count
	for range repairs {
		if n <= 1 {
			break
		}
		c := cells[rng.IntN(len(cells))]
		old := grid[c]
		grid[c] = 0
		bestCount, bestDigit := n, old
		for d := uint8(1); d <= 9; d++ {
			if d == old || !fitsUnder(rules, &grid, c, d) {
				continue
			}
			grid[c] = d
			if m := solver.Count(grid, countCap).Count; m >= 1 && m < bestCount {
				bestCount, bestDigit = m, d
			}
			grid[c] = 0
		}
		grid[c], n = bestDigit, bestCount
	}
	return grid, n == 1
}

// repairs bounds the cells re-chosen when a filled pattern has several
// solutions.
const repairs = 30
