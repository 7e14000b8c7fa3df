//go:build !unix

package sweep

import "time"

// CPUTime returns the CPU time (user and system) the process has used, or
// false where it cannot be read.
func CPUTime() (time.Duration, bool) { return 0, false }
