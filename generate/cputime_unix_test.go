//go:build unix

package generate

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used, user and system:
// on a loaded machine it leaves out the time other processes took, which
// wall time counts.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
