//go:build unix

package sweep

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used, or
// false where it cannot be read.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
