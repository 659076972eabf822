package sudoku

import (
	"errors"
	"fmt"
)

// ErrInvalid is the kind of every error that a caller's input or options
// cause, whichever package returns it: a puzzle that does not read, an
// unknown format, level, symmetry or technique, a rating band out of
// range, a book setting out of bounds, a configuration key that does not
// exist. Such errors wrap it (errors.Is(err, ErrInvalid)), so that each
// face maps the kind once: the command line to exit status 2 for its
// command line and options (a bad puzzle in a batch is that item's
// failure, reported), the server to HTTP 400. Errors of other kinds (a
// file system that fails, a run that gives up, a bug) do not wrap it.
//
// Create errors of the kind with Invalidf, or mark an error with
// Invalid; a typed error joins the kind with an Is method.
var ErrInvalid = errors.New("invalid input")

// invalidError is an error of kind ErrInvalid: its message is err's.
type invalidError struct{ err error }

func (e *invalidError) Error() string { return e.err.Error() }

// Unwrap makes the error both what it wraps and ErrInvalid.
func (e *invalidError) Unwrap() []error { return []error{e.err, ErrInvalid} }

// Invalidf returns an error of kind ErrInvalid with the message of
// fmt.Errorf(format, args...); %w wraps as it does there.
func Invalidf(format string, args ...any) error {
	return &invalidError{fmt.Errorf(format, args...)}
}

// Invalid marks err as of kind ErrInvalid, its message and what it wraps
// unchanged. It returns nil for nil, and err itself when it is of the
// kind already.
func Invalid(err error) error {
	if err == nil || errors.Is(err, ErrInvalid) {
		return err
	}
	return &invalidError{err}
}
