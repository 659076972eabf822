package sudoku

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkReader measures parsing speed on a sample of 2,000 17-clue
// puzzles, one per line; the Reader* benchmarks below read the same
// puzzles' candidate states in the other layouts, to compare per puzzle
// (ns/puzzle): a state should cost at most twice a line.
func BenchmarkReader(b *testing.B) {
	benchmarkLayout(b, func(st *State, p Puzzle) string { return p.Grid.String() + "\n" })
}

// BenchmarkReaderCandidateGrid reads sudokit's candidate grids (9 rows of
// groups with box separators).
func BenchmarkReaderCandidateGrid(b *testing.B) {
	benchmarkLayout(b, func(st *State, _ Puzzle) string { return FormatState(st) + "\n" })
}

// BenchmarkReaderPM729 reads 729-character lines.
func BenchmarkReaderPM729(b *testing.B) {
	benchmarkLayout(b, func(st *State, _ Puzzle) string { return PM729(st) + "\n" })
}

// BenchmarkReaderOneCellPerLine reads seed 001's 81 lines per puzzle.
func BenchmarkReaderOneCellPerLine(b *testing.B) {
	benchmarkLayout(b, func(st *State, _ Puzzle) string {
		var s strings.Builder
		for _, d := range st.AllCandidates() {
			s.WriteString(d.String() + "\n")
		}
		return s.String() + "\n"
	})
}

// benchmarkLayout writes the sample's states in a layout and reads them.
func benchmarkLayout(b *testing.B, write func(*State, Puzzle) string) {
	data, err := os.ReadFile("../testdata/puzzles/royle-17clue-2000.txt")
	if err != nil {
		b.Fatal(err)
	}
	var in bytes.Buffer
	for p, err := range NewReader(bytes.NewReader(data), "royle").All() {
		if err != nil {
			b.Fatal(err)
		}
		in.WriteString(write(p.State(), p))
	}
	text := in.Bytes()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, err := range NewReader(bytesReader(text), "bench").All() {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/puzzle")
}

type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}

func bytesReader(b []byte) *sliceReader { return &sliceReader{b} }

// BenchmarkValidate checks the 2,000 17-clue puzzles of testdata, as the
// reader checks every puzzle it reads (ns/puzzle).
func BenchmarkValidate(b *testing.B) {
	data, err := os.ReadFile("../testdata/puzzles/royle-17clue-2000.txt")
	if err != nil {
		b.Fatal(err)
	}
	var grids []Grid
	for p, err := range NewReader(bytes.NewReader(data), "royle").All() {
		if err != nil {
			b.Fatal(err)
		}
		grids = append(grids, p.Grid)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range grids {
			if grids[j].Validate() != nil {
				b.Fatal("conflict")
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(grids)), "ns/puzzle")
}
