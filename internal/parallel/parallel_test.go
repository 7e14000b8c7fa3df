package parallel

import (
	"sync/atomic"
	"testing"
)

// TestChunks checks that every item of [0, n) is visited exactly once, in
// chunks of the given size, for several worker counts, sizes and lengths
// (empty, shorter than a chunk, a whole number of chunks, and not).
func TestChunks(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 16} {
		for _, tc := range []struct{ n, size int }{{0, 4}, {3, 4}, {8, 4}, {1001, 64}, {5, 1}} {
			seen := make([]atomic.Int32, tc.n)
			var calls atomic.Int32
			Chunks(workers, tc.n, tc.size, func(lo, hi int) {
				calls.Add(1)
				if lo%tc.size != 0 || hi-lo > tc.size || hi <= lo || hi > tc.n {
					t.Errorf("workers %d n %d size %d: chunk [%d, %d)", workers, tc.n, tc.size, lo, hi)
				}
				for i := lo; i < hi; i++ {
					seen[i].Add(1)
				}
			})
			for i := range seen {
				if c := seen[i].Load(); c != 1 {
					t.Fatalf("workers %d n %d size %d: item %d visited %d times", workers, tc.n, tc.size, i, c)
				}
			}
			if want := (tc.n + tc.size - 1) / tc.size; int(calls.Load()) != want {
				t.Errorf("workers %d n %d size %d: %d chunks, want %d", workers, tc.n, tc.size, calls.Load(), want)
			}
		}
	}
}
