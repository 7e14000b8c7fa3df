//go:build !unix

package bench

import "time"

// cpuTime returns the CPU time (user and system) the process has used, or
// false where it cannot be read.
func cpuTime() (time.Duration, bool) { return 0, false }
