package bank

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/sudokit/sudokit/grade"
	"github.com/sudokit/sudokit/sudoku"
)

// synthetic makes n entries with distinct canonical keys and random
// ratings, levels and clue counts: the database's share of the work (the
// canonical forms and the grading are the callers', measured in canon and
// grade).
func synthetic(n int) []Entry {
	rng := rand.New(rand.NewPCG(1, 2))
	levels := []string{"easy", "medium", "hard", "fiendish", "diabolical"}
	g, err := sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		panic(err)
	}
	out := make([]Entry, n)
	for i := range out {
		er := sudoku.RatingOfTenths(12 + rng.IntN(89))
		out[i] = Entry{Grid: g, Canon: fmt.Sprintf("%081d", i), Level: levels[rng.IntN(len(levels))],
			Ratings: grade.Ratings{ER: er, EP: 1.2, ED: 1.2}}
	}
	return out
}

// BenchmarkAdd adds b.N puzzles to a new SQLite bank (ns/op: per puzzle).
func BenchmarkAdd(b *testing.B) {
	es := synthetic(b.N)
	bk, err := Open(context.Background(), filepath.Join(b.TempDir(), "bank.db"), Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	defer bk.Close()
	b.ResetTimer()
	a := bk.NewAdder(context.Background(), nil)
	for _, e := range es {
		if err := a.Add(e); err != nil {
			b.Fatal(err)
		}
	}
	if err := a.Commit(); err != nil {
		b.Fatal(err)
	}
}

// benchBankSize is the size of the bank that BenchmarkFind and
// BenchmarkPick query: 100,000 puzzles (the figures of docs/bank.md were
// measured on 1,000,000 with the command line).
const benchBankSize = 100_000

func benchBank(b *testing.B) *Bank {
	bk, err := Open(context.Background(), filepath.Join(b.TempDir(), "bank.db"), Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	a := bk.NewAdder(context.Background(), nil)
	for _, e := range synthetic(benchBankSize) {
		if err := a.Add(e); err != nil {
			b.Fatal(err)
		}
	}
	if err := a.Commit(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bk.Close() })
	return bk
}

// BenchmarkFind: find --rating 7.0-8.0 --unused -n 100.
func BenchmarkFind(b *testing.B) {
	bk := benchBank(b)
	unused := false
	f := Filter{Rating: sudoku.RatingRange{Min: 7.0, Max: 8.0}, Used: &unused, Limit: 100}
	b.ResetTimer()
	for range b.N {
		n := 0
		for _, err := range bk.Find(context.Background(), f) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 100 {
			b.Fatalf("found %d", n)
		}
	}
}

// BenchmarkPick: pick -n 100 into a new book each time.
func BenchmarkPick(b *testing.B) {
	bk := benchBank(b)
	b.ResetTimer()
	for i := range b.N {
		if _, err := bk.Pick(context.Background(), fmt.Sprintf("book%d", i), 100, Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}
