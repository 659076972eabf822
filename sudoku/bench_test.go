package sudoku

import (
	"io"
	"os"
	"testing"
)

// BenchmarkReader measures parsing speed on a sample of 2,000 17-clue
// puzzles.
func BenchmarkReader(b *testing.B) {
	data, err := os.ReadFile("../testdata/puzzles/royle-17clue-2000.txt")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	n := 0
	for i := 0; i < b.N; i++ {
		for _, err := range NewReader(bytesReader(data), "royle").All() {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
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
