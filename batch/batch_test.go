package batch

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

func TestRunKeepsOrder(t *testing.T) {
	for _, opt := range []Options{{1, 1}, {4, 1}, {3, 7}, {8, 64}, {0, 0}} {
		var got []int
		err := Run(context.Background(), opt, count(1000), func(i int) int {
			if rand.IntN(10) == 0 { // uneven work so that workers overtake each other
				time.Sleep(50 * time.Microsecond)
			}
			return i * i
		}, func(v int) error {
			got = append(got, v)
			return nil
		})
		if err != nil {
			t.Fatalf("%+v: %v", opt, err)
		}
		if len(got) != 1000 {
			t.Fatalf("%+v: %d results, want 1000", opt, len(got))
		}
		for i, v := range got {
			if v != i*i {
				t.Fatalf("%+v: result %d = %d, want %d", opt, i, v, i*i)
			}
		}
	}
}

func TestRunEmpty(t *testing.T) {
	n := 0
	err := Run(context.Background(), Options{Workers: 2}, count(0), func(i int) int { return i }, func(int) error { n++; return nil })
	if err != nil || n != 0 {
		t.Fatalf("err %v, %d results", err, n)
	}
}

func TestRunStopsOnEmitError(t *testing.T) {
	boom := errors.New("boom")
	read := 0
	items := func(yield func(int) bool) {
		for i := 0; ; i++ { // endless input
			read++
			if !yield(i) {
				return
			}
		}
	}
	emitted := 0
	err := Run(context.Background(), Options{Workers: 2, Chunk: 4}, items, func(i int) int { return i }, func(v int) error {
		emitted++
		if v == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if emitted != 11 {
		t.Errorf("emitted %d results, want 11 (up to the failing one)", emitted)
	}
	if read > 200 {
		t.Errorf("read %d items after the error: input not bounded", read)
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := Run(ctx, Options{Workers: 2}, count(1_000_000), func(i int) int { return i }, func(int) error {
		n++
		if n == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n > 1000 {
		t.Errorf("%d results after cancel", n)
	}
}

// TestRunCancelEmitsDone checks that a cancelled run still hands out the
// results already done that come next in order: the prefix of the work
// finished, not a random part of it.
func TestRunCancelEmitsDone(t *testing.T) {
	const done = 6 // within the 2*Workers chunks in flight
	for range 20 {
		ctx, cancel := context.WithCancel(context.Background())
		var finished sync.WaitGroup
		finished.Add(done - 1)
		var got []int
		err := Run(ctx, Options{Workers: 4}, count(100), func(i int) int {
			if i >= done {
				<-ctx.Done()
				return -1 // cut short
			}
			if i > 0 {
				finished.Done()
			}
			return i
		}, func(v int) error {
			if v < 0 {
				return ctx.Err()
			}
			if v == 0 {
				finished.Wait() // items 1 to done-1 are done
				cancel()
			}
			got = append(got, v)
			return nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if want := []int{0, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
			t.Fatalf("emitted %v, want %v (every result done, in order)", got, want)
		}
	}
}
