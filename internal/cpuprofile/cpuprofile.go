// Package cpuprofile writes a Go CPU profile of a run to a file, for the
// --cpuprofile flags of the long commands (evolve, sweep): read it with
// `go tool pprof BINARY FILE`.
package cpuprofile

import (
	"os"
	"runtime/pprof"
)

// Start starts a CPU profile written to the file path (created or
// truncated); stop ends the profile and closes the file. An empty path
// starts nothing, and its stop does nothing. Only one profile can run at a
// time in a process: a second Start fails until stop.
func Start(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
