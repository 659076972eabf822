package batch

import "context"

// Slots are the places of a pool of workers, held by the pieces of work
// running. A piece of work that holds one may spread over the places no
// other piece holds (Share): a lone hard puzzle's chain searches run on
// every core, and the last puzzles of a batch on the workers the others
// freed. What a piece of work finds must not depend on its share (grading
// gives the same ratings and path for any number of workers).
type Slots struct{ held chan struct{} }

// NewSlots returns n slots (below 1 means 1).
func NewSlots(n int) *Slots { return &Slots{held: make(chan struct{}, max(n, 1))} }

// Acquire takes a slot, waiting for one until ctx is done, and then
// returns ctx's error.
func (s *Slots) Acquire(ctx context.Context) error {
	select {
	case s.held <- struct{}{}:
		return nil
	default:
	}
	select {
	case s.held <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Release gives back a slot that Acquire took.
func (s *Slots) Release() { <-s.held }

// Share is how many goroutines a piece of work holding a slot may use: its
// own and those of the slots no work holds (at least 1).
func (s *Slots) Share() int { return max(1, cap(s.held)-len(s.held)+1) }
