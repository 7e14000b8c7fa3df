//go:build !unix

package viennese

import "time"

// cpuTime is not available here.
func cpuTime() (time.Duration, bool) { return 0, false }
