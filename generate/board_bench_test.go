package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokit/sudokit/sudoku"
)

// BenchmarkGenerateSizes makes puzzles of each shape at each level (and
// "any": dug to the end), one at a time, and reports puzzles per second,
// candidates and givens per puzzle, and the process's CPU time per puzzle
// (cpu-ms/puzzle: with -cpu 1, the time of one core, which a machine
// loaded by other work does not inflate as it does wall time). The targets (issue 34), per core:
// 4x4 and 6x6 thousands per second, 12x12 10 per second, 16x16 1 s a
// puzzle, 25x25 30 s a puzzle at easy and medium. Run it with -cpu 1 and
// a -benchtime of a few puzzles for the large sizes, as in
//
//	go test ./generate -run '^$' -bench 'GenerateSizes/16x16' -benchtime 20x -cpu 1
func BenchmarkGenerateSizes(b *testing.B) {
	for _, size := range []int{4, 6, 8, 9, 10, 12, 16, 25} {
		for _, level := range []string{"easy", "medium", "hard", "any"} {
			switch {
			case size == 4 && level != "easy" && level != "any", size == 6 && level == "hard":
				continue // levels these sizes do not reach
			case size == 25 && level == "any":
				continue // minutes a puzzle: the solver's counts on sparse 25x25 boards
			}
			b.Run(fmt.Sprintf("%dx%d/%s", size, size, level), func(b *testing.B) {
				opt := BoardOptions{Shape: sudoku.ShapeOf(size), Seed: 1, Level: level}
				if level == "any" {
					opt.Level = ""
				}
				gen, err := NewBoards(opt)
				if err != nil {
					b.Fatal(err)
				}
				tries, givens := 0, 0
				b.ResetTimer()
				cpu := processCPU()
				for i := 0; i < b.N; i++ {
					p, err := gen.Puzzle(context.Background(), i)
					if err != nil {
						b.Fatal(err)
					}
					tries += p.Tries
					givens += p.Board.Givens()
				}
				cpu = processCPU() - cpu
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/puzzle")
				b.ReportMetric(float64(tries)/float64(b.N), "candidates/puzzle")
				b.ReportMetric(float64(givens)/float64(b.N), "givens/puzzle")
			})
		}
	}
}

// BenchmarkBoardKillers makes 4x4, 6x6 and 8x8 killers (and killer-x),
// one at a time, and reports killers per second (target, issue 35:
// thousands per second for the children's sizes; measured 7,000-9,000 4x4, 2,500-3,200 6x6 and 300 8x8 a second with -cpu 1 on a shared 2-core machine), as in
//
//	go test ./generate -run '^$' -bench BoardKillers -cpu 1
func BenchmarkBoardKillers(b *testing.B) {
	for _, size := range []int{4, 6, 8} {
		for _, x := range []bool{false, true} {
			name := fmt.Sprintf("%dx%d", size, size)
			if x {
				name += "-x"
			}
			b.Run(name, func(b *testing.B) {
				gen, err := BoardKillers(BoardKillerOptions{Shape: sudoku.ShapeOf(size), X: x, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				cages := 0
				for i := 0; b.Loop(); i++ {
					p, err := gen.Puzzle(context.Background(), i)
					if err != nil {
						b.Fatal(err)
					}
					cages += len(p.Board.Cages)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(cages)/float64(b.N), "cages/puzzle")
			})
		}
	}
}
