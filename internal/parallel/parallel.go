// Package parallel runs loops of independent iterations on several
// goroutines: the engine's breeding and scoring, and the kernel layer's
// copies and decoding share it. Each iteration writes only its own slots,
// so the results do not depend on the number of goroutines.
package parallel

import (
	"sync"
	"sync/atomic"
)

// For runs f(i) for every i in [0, n) on up to workers goroutines, which
// take the next i from a shared counter, and returns when all are done.
// With one worker, or one task, it runs on the calling goroutine alone.
func For(workers, n int, f func(i int)) {
	if workers <= 1 || n <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		})
	}
	wg.Wait()
}

// Chunks runs f(lo, hi) for every chunk [lo, hi) of size items (the last
// one shorter) of [0, n), as For runs its tasks.
func Chunks(workers, n, size int, f func(lo, hi int)) {
	For(workers, (n+size-1)/size, func(c int) { f(c*size, min((c+1)*size, n)) })
}
