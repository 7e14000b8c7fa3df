//go:build unix

package viennese

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) used by the process so far,
// so that benchmarks on a shared machine can report throughput per CPU
// second as well as per wall-clock second.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
