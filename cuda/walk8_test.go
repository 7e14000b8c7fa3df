//go:build cuda

package cuda

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestWalk8Escalates runs the chain walk8 → walk16 → walk32 → Walk on the
// device, forced, on batches that mix the project's record mazes of 12×12
// to 16×16 (whose walks visit some cell 387 to 2047 times: they overflow
// 8 bits) with random mazes of their size, with and without heat maps, in
// shared memory and global scratch as the plan chooses; every record must
// overflow walk8, be walked again by walk16, and every result equal
// mousemaze.Walk. It prints the mazes checked and how many escalated.
func TestWalk8Escalates(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	// From the package directory (go test) or the repository root (the
	// test binary as scripts/gpu-run.sh runs it).
	records, err := mousemaze.ParseFile(filepath.Join("..", "testdata", "records.txt"))
	if err != nil {
		if records, err = mousemaze.ParseFile(filepath.Join("testdata", "records.txt")); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(8, 8))
	ran, over := map[string]int{}, map[string]int{}
	run := func(wd kernels.Width, p kernels.Params, walls, out []uint64, heat []uint32) error {
		err := ev.run(wd, p, walls, out, heat)
		ran[wd.Kernel] += len(out)
		for _, w := range out {
			if w&kernels.FlagOverflow != 0 {
				over[wd.Kernel]++
			}
		}
		return err
	}
	checked, want := 0, 0
	for _, m := range records {
		rows, cols := m.Size().Rows, m.Size().Cols
		if rows < 12 {
			continue
		}
		pop := mousemaze.NewPopulation(rows, cols, 0)
		for k := range 48 {
			if k%8 == 3 {
				pop.Append(m)
				want++
				continue
			}
			r := mousemaze.Random(rng, rows, cols, 0.4*rng.Float64())
			r.SetWall(0, 0, false)
			r.SetWall(rows-1, 0, false)
			pop.Append(r)
		}
		for _, heat := range []bool{false, true} {
			cfg := mousemaze.Config{Heat: heat}
			dst := make([]mousemaze.Result, pop.Len())
			if err := kernels.EvaluateChain(run, kernels.Kernels, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			compare(t, fmt.Sprintf("%v heat=%v", pop.Size(), heat), pop, cfg, dst)
			checked += pop.Len()
		}
	}
	if over[kernels.Walk8] != 2*want || ran[kernels.Walk16] != over[kernels.Walk8] || over[kernels.Walk16] != 0 {
		t.Fatalf("walk8 ran %d mazes, %d overflowed (want the %d records); walk16 ran %d, %d overflowed", ran[kernels.Walk8], over[kernels.Walk8], 2*want, ran[kernels.Walk16], over[kernels.Walk16])
	}
	fmt.Printf("walk8 escalation: %d mazes checked, %d overflowed 8 bits and were walked again by walk16, all equal Walk\n", checked, over[kernels.Walk8])
}
