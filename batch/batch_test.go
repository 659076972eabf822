package batch

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
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
	for _, opt := range []Options{{Workers: 1, Chunk: 1}, {Workers: 4, Chunk: 1}, {Workers: 3, Chunk: 7}, {Workers: 8, Chunk: 64}, {}} {
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

// TestRunReusesChunks checks that a long run allocates no more than a
// short one: the chunks handed out are reused, not one allocated per
// Chunk items (sudokit solve goes through hundreds of thousands of
// puzzles a second).
func TestRunReusesChunks(t *testing.T) {
	allocs := func(n int) float64 {
		return testing.AllocsPerRun(3, func() {
			err := Run(context.Background(), Options{Workers: 2, Chunk: 64}, count(n), func(i int) int { return i },
				func(int) error { return nil })
			if err != nil {
				t.Fatal(err)
			}
		})
	}
	short, long := allocs(64*10), allocs(64*1000)
	if long > short+20 {
		t.Errorf("a run of 64,000 items made %.0f allocations, one of 640 %.0f: chunks are not reused", long, short)
	}
}

// TestRunIntoReusesPlaces checks RunInto: every item's result is
// written in a zeroed place (a place reused from an earlier chunk was
// cleared), a result may point into its own place until it is emitted,
// results come in input order, and a long run allocates no more than a
// short one.
func TestRunIntoReusesPlaces(t *testing.T) {
	type place struct {
		n     [4]int
		first *int // points into n, as a solve record points to its report
	}
	run := func(n int, opt Options) {
		var dirty atomic.Int32
		next := 0
		err := RunInto(context.Background(), opt, count(n), func(in *int, out *place) {
			if *out != (place{}) {
				dirty.Add(1)
			}
			out.n = [4]int{*in, *in + 1, *in + 2, *in + 3}
			out.first = &out.n[0]
		}, func(out *place) error {
			if *out.first != next || out.n[3] != next+3 {
				return errors.New("a result out of order, or its place overwritten")
			}
			next++
			return nil
		})
		if err != nil || next != n || dirty.Load() != 0 {
			t.Fatalf("%+v: %d results of %d, %d places not zeroed, error %v", opt, next, n, dirty.Load(), err)
		}
	}
	for _, opt := range []Options{{Workers: 1, Chunk: 1}, {Workers: 3, Chunk: 7}, {Workers: 2, Chunk: 256}} {
		run(5000, opt)
	}
	allocs := func(n int) float64 {
		return testing.AllocsPerRun(3, func() { run(n, Options{Workers: 2, Chunk: 64}) })
	}
	if short, long := allocs(64*10), allocs(64*1000); long > short+20 {
		t.Errorf("a run of 64,000 items made %.0f allocations, one of 640 %.0f: places are not reused", long, short)
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

// TestSlots: a call of work holding a slot shares the slots no other call
// holds: all of them for a lone item, one each when every worker is busy.
func TestSlots(t *testing.T) {
	const workers = 3
	slots := NewSlots(workers)
	var lone []int
	err := Run(context.Background(), Options{Workers: workers, Slots: slots}, count(1), func(int) int { return slots.Share() },
		func(v int) error { lone = append(lone, v); return nil })
	if err != nil || !slices.Equal(lone, []int{workers}) {
		t.Errorf("a lone item's share: %v (%v), want [%d]", lone, err, workers)
	}
	var started, read sync.WaitGroup
	started.Add(workers)
	read.Add(workers)
	var busy []int
	err = Run(context.Background(), Options{Workers: workers, Chunk: 1, Slots: slots}, count(workers), func(int) int {
		started.Done()
		started.Wait() // every worker holds a slot now
		share := slots.Share()
		read.Done()
		read.Wait() // and keeps it until all have read their share
		return share
	}, func(v int) error { busy = append(busy, v); return nil })
	if err != nil || !slices.Equal(busy, []int{1, 1, 1}) {
		t.Errorf("shares with every worker busy: %v (%v), want [1 1 1]", busy, err)
	}
	if err := slots.Acquire(context.Background()); err != nil || slots.Share() != workers {
		t.Errorf("after the runs: a share of %d (%v), want %d (every slot given back)", slots.Share(), err, workers)
	}

	// Fewer slots than workers: the calls wait for one.
	one := NewSlots(1)
	var most, running atomic.Int64
	err = Run(context.Background(), Options{Workers: 4, Chunk: 1, Slots: one}, count(40), func(int) int {
		most.Store(max(most.Load(), running.Add(1)))
		time.Sleep(100 * time.Microsecond)
		running.Add(-1)
		return one.Share()
	}, func(v int) error {
		if v != 1 {
			t.Errorf("share %d with one slot", v)
		}
		return nil
	})
	if err != nil || most.Load() != 1 {
		t.Errorf("one slot: %d calls at once (%v), want 1", most.Load(), err)
	}

	// Cancelled while waiting for a slot: the run ends with ctx's error.
	ctx, cancel := context.WithCancel(context.Background())
	if err := one.Acquire(ctx); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := one.Acquire(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Acquire with no slot free and ctx done: %v, want context.Canceled", err)
	}
	err = Run(ctx, Options{Workers: 2, Slots: one}, count(3), func(i int) int { return i }, func(int) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run cancelled with no slot free: %v, want context.Canceled", err)
	}
	one.Release()
}
