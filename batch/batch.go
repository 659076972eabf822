// Package batch runs a function over a stream of items on several goroutines
// and hands the results back in input order (Run; RunInto writes them in
// place), sharing the idle workers with the work running (Slots). It is the
// one place where sudokit commands go parallel; the library functions it
// calls stay single-threaded and pure. It also holds the plumbing of a
// batch's output: files written whole or not at all (AtomicFile), and the
// indexed parts that the shards of a run write and Merge puts back
// together.
package batch

import (
	"context"
	"iter"

	"golang.org/x/sync/errgroup"
)

// Options tunes Run.
type Options struct {
	// Workers is the number of goroutines calling work; below 1 means 1.
	Workers int
	// Chunk is how many consecutive items a worker takes at once; below 1
	// means 1. Large chunks cut synchronisation for cheap items (solving);
	// chunks of 1 keep results flowing for slow ones (grading, generating)
	// and for interactive input.
	Chunk int
	// Slots, when not nil, are held by the calls of work, each call taking
	// one for its time (waiting for one when they are fewer than Workers),
	// so that work may ask Slots.Share how many goroutines it may use: its
	// own and those of the workers idle.
	Slots *Slots
}

// chunk is a run of consecutive items and their results. Once its
// results are handed out it goes back to the run's free list, so that a
// long run allocates a handful of chunks, not one per Chunk items.
type chunk[In, Out any] struct {
	in  []In
	out []Out
	// done receives one value when out is complete.
	done chan struct{}
}

// newChunk returns an empty chunk with room for size items.
func newChunk[In, Out any](size int) *chunk[In, Out] {
	return &chunk[In, Out]{in: make([]In, 0, size), out: make([]Out, size), done: make(chan struct{}, 1)}
}

// clear drops what the chunk holds, so that it keeps nothing alive on the
// free list.
func (c *chunk[In, Out]) clear() {
	clear(c.in)
	clear(c.out[:len(c.in)])
	c.in = c.in[:0]
}

// Run calls work on every item of items, using opt.Workers goroutines, and
// calls emit with the results in the order of the items. At most about
// 2*Workers chunks are in flight, so memory stays bounded on endless input.
// Run returns the first error from emit, or ctx's error if it is cancelled;
// items are then no longer read (an iterator blocked in a read finishes that
// read first). On cancellation the results already done that come next in
// order are still emitted, up to the first one not done, so that what was
// emitted is the longest prefix of the results finished; work that sees the
// cancellation itself should return a result that emit refuses.
func Run[In, Out any](ctx context.Context, opt Options, items iter.Seq[In], work func(In) Out, emit func(Out) error) error {
	return RunInto(ctx, opt, items,
		func(in *In, out *Out) { *out = work(*in) },
		func(out *Out) error { return emit(*out) })
}

// RunInto is Run with the results written in place: work gets each item
// and the zeroed place of its result in the run's chunks, and emit that
// place. Both pointers are valid until emit returns; the places are then
// cleared and reused, so that a result may hold memory that its record
// points to (a report) and a long run allocates nothing per item. emit
// must not keep the pointer, nor pointers into the place.
func RunInto[In, Out any](ctx context.Context, opt Options, items iter.Seq[In], work func(in *In, out *Out), emit func(out *Out) error) error {
	workers, size := max(opt.Workers, 1), max(opt.Chunk, 1)
	g, ctx := errgroup.WithContext(ctx)
	jobs := make(chan *chunk[In, Out])
	order := make(chan *chunk[In, Out], 2*workers)
	// free holds the chunks handed out, for reuse: there are never more
	// than the 2*workers in order, one being filled, one being handed out.
	free := make(chan *chunk[In, Out], 2*workers+2)
	next := func() *chunk[In, Out] {
		select {
		case c := <-free:
			return c
		default:
			return newChunk[In, Out](size)
		}
	}

	g.Go(func() error {
		defer close(jobs)
		defer close(order)
		send := func(c *chunk[In, Out]) error {
			select {
			case order <- c:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case jobs <- c:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		c := next()
		for item := range items {
			c.in = append(c.in, item)
			if len(c.in) == size {
				if err := send(c); err != nil {
					return err
				}
				c = next()
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
		if len(c.in) > 0 {
			return send(c)
		}
		return nil
	})
	for w := 0; w < workers; w++ {
		g.Go(func() error {
			for c := range jobs {
				for i := range c.in {
					if opt.Slots == nil {
						work(&c.in[i], &c.out[i])
						continue
					}
					if err := opt.Slots.Acquire(ctx); err != nil {
						return err // cancelled: the chunk is not done
					}
					work(&c.in[i], &c.out[i])
					opt.Slots.Release()
				}
				c.done <- struct{}{}
			}
			return nil
		})
	}
	g.Go(func() error {
		for c := range order {
			select {
			case <-c.done:
			case <-ctx.Done():
				// Cancelled: the chunks already done, in order, are still
				// handed out; the first one not done ends the run.
				select {
				case <-c.done:
				default:
					return ctx.Err()
				}
			}
			for i := range c.in {
				if err := emit(&c.out[i]); err != nil {
					return err
				}
			}
			c.clear()
			select {
			case free <- c:
			default:
			}
		}
		return nil
	})
	return g.Wait()
}
