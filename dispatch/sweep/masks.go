package sweep

import (
	"sync"
	"sync/atomic"
)

// maskChunk is how many masks a worker takes from the shared counter at a time.
const maskChunk = 1 << 12

// forEachMask calls visit(w, mask) for every mask in [0, total) on workers
// goroutines, worker w taking chunks of masks from one shared counter so no
// worker idles while masks remain. A worker stops at the first error its
// visit returns; the errors are returned by worker. Callers keep per-worker
// state indexed by w and merge it in mask order, so results do not depend on
// scheduling.
func forEachMask(total uint64, workers int, visit func(w int, mask uint64) error) []error {
	errs := make([]error, workers)
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := next.Add(maskChunk) - maskChunk
				if lo >= total {
					return
				}
				for mask := lo; mask < min(lo+maskChunk, total); mask++ {
					if err := visit(w, mask); err != nil {
						errs[w] = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	return errs
}
