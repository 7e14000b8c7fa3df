package mousemaze

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// WalkAll walks every maze of pop with the reference walk, spread over all
// CPUs, and returns the results in order. It is the oracle for checking a
// fast backend on large populations (self-checks, device tests); for one
// maze at a time use Walk.
func WalkAll(pop Population, cfg Config) ([]Result, error) {
	out := make([]Result, pop.Len())
	if err := CheckBatch(pop, cfg, out); err != nil {
		return nil, err
	}
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(out); i += len(errs) {
				res, err := Walk(pop.Maze(i), cfg)
				if err != nil {
					errs[w] = fmt.Errorf("reference walk of maze %d: %w", i, err)
					return
				}
				out[i] = res
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}
