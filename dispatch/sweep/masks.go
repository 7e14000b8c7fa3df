package sweep

import (
	"errors"
	"sync"
	"sync/atomic"
)

// maskChunk is how many masks a worker takes from the shared counter at a time.
const maskChunk = 1 << 12

// forEachMask calls visit(&parts[w], mask) for every mask in [0, total) on
// workers goroutines, worker w taking chunks of masks from one shared
// counter so no worker idles while masks remain, and returns the parts. Each
// worker owns one part, made by newPart before the visits start (its tally
// and its scratch maze). A worker stops at the first error its visit
// returns; the errors of all workers are returned joined. Callers merge the
// parts in mask order, so results do not depend on scheduling.
func forEachMask[P any](total uint64, workers int, newPart func() P, visit func(p *P, mask uint64) error) ([]P, error) {
	parts := make([]P, workers)
	for w := range parts {
		parts[w] = newPart()
	}
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
					if err := visit(&parts[w], mask); err != nil {
						errs[w] = err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	return parts, errors.Join(errs...)
}
