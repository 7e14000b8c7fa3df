//go:build unix

package analyze

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// BenchmarkTreeRatio runs the four evaluators of BenchmarkTreeVsWalk one
// after the other inside every iteration, on the same mazes, and measures
// the processor time the process spent on each (getrusage, user plus
// system), so that other jobs on a shared machine change the figures
// little. It reports each one's processor time per maze (us/maze-NAME),
// the ratio of the closed form's time to the cpu backend's (tree/cpu) and
// the reference walk's to the closed form's (ref/tree):
//
//	go test ./analyze -run '^$' -bench TreeRatio -benchtime 200x -count 3
func BenchmarkTreeRatio(b *testing.B) {
	for _, n := range []int{32, 64} {
		b.Run(fmt.Sprintf("size=%dx%d", n, n), func(b *testing.B) {
			pop, _, evals := treeBenchSetup(b, n)
			spent := map[string]time.Duration{}
			for b.Loop() {
				for _, name := range treeBenchNames {
					t0 := cpuTime(b)
					if err := evals[name](); err != nil {
						b.Fatal(err)
					}
					spent[name] += cpuTime(b) - t0
				}
			}
			mazes := float64(b.N * pop.Len())
			for _, name := range treeBenchNames {
				b.ReportMetric(float64(spent[name].Microseconds())/mazes, "us/maze-"+name)
			}
			b.ReportMetric(float64(spent["tree"])/float64(spent["cpu"]), "tree/cpu")
			b.ReportMetric(float64(spent["ref"])/float64(spent["tree"]), "ref/tree")
		})
	}
}

// cpuTime returns the processor time the process has used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
