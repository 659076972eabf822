//go:build !unix

package export

// processAlive cannot tell here: a temporary file is never taken for stale.
func processAlive(int) bool { return true }
