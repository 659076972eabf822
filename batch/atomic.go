package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// AtomicFile is an output file written through a temporary file in the
// same directory and renamed into place by Commit, so that readers never see
// a half-written file and an interrupted run leaves none behind. A path that
// exists and is not a regular file (/dev/null, a named pipe, a terminal) is
// written directly: renaming over it would replace the device.
//
// The temporary file is named after its target and the process writing it,
// ".book.pdf.sudokit-partial-PID-N", so that a user who finds one knows what
// it is; a run killed too abruptly to clean up (SIGKILL) leaves it, and the
// next run writing the same target removes it once that process is gone.
type AtomicFile struct {
	*os.File
	path   string
	direct bool
	done   bool
}

// CreateAtomic starts writing path.
func CreateAtomic(path string) (*AtomicFile, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, fmt.Errorf("create %s: is a directory", path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		return &AtomicFile{File: f, path: path, direct: true}, nil
	}
	dir, prefix := filepath.Dir(path), "."+filepath.Base(path)+partial
	removeStale(dir, prefix)
	f, err := os.CreateTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return &AtomicFile{File: f, path: path}, nil
}

// Commit closes the temporary file and renames it to the final path.
func (a *AtomicFile) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	if a.direct {
		return a.File.Close()
	}
	// Temporary files are private (0600); the result is an ordinary file.
	if err := a.File.Chmod(0o644); err != nil {
		a.File.Close()
		os.Remove(a.File.Name())
		return fmt.Errorf("write %s: %w", a.path, err)
	}
	if err := a.File.Sync(); err != nil {
		a.File.Close()
		os.Remove(a.File.Name())
		return fmt.Errorf("write %s: %w", a.path, err)
	}
	if err := a.File.Close(); err != nil {
		os.Remove(a.File.Name())
		return fmt.Errorf("write %s: %w", a.path, err)
	}
	if err := os.Rename(a.File.Name(), a.path); err != nil {
		os.Remove(a.File.Name())
		return fmt.Errorf("write %s: %w", a.path, err)
	}
	return nil
}

// Abort closes and removes the temporary file; the final path is untouched.
func (a *AtomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	if !a.direct {
		os.Remove(a.File.Name())
	}
}

// partial marks the temporary files of AtomicFile.
const partial = ".sudokit-partial-"

// removeStale removes the temporary files of a target (names starting with
// prefix, then the writer's PID) whose process is gone.
func removeStale(dir, prefix string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		rest, found := strings.CutPrefix(e.Name(), prefix)
		if !found {
			continue
		}
		pid, _, ok := strings.Cut(rest, "-")
		if n, err := strconv.Atoi(pid); err == nil && ok && n != os.Getpid() && !processAlive(n) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
