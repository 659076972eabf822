package export

import "io"

// Buffered is a buffered writer for the lines a command writes itself (as
// transform does), which behaves as the rows' writers do: it writes itself
// out at most 150 ms after a write, so that big batches go out in large
// writes and the lines of a slow input still show promptly.
type Buffered struct{ out *output }

// NewBuffered returns a Buffered writing to w.
func NewBuffered(w io.Writer) *Buffered { return &Buffered{newOutput(w)} }

// Write buffers p.
func (b *Buffered) Write(p []byte) (int, error) { return b.out.Write(p) }

// Flush writes out what is buffered now.
func (b *Buffered) Flush() error { return b.out.Flush() }
