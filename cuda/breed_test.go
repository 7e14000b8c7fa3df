//go:build cuda

package cuda

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/mazetest"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestBreed breeds children with the breeding kernel on the device
// (dispatch.GridProblem.BreedEvaluate on this backend) and with
// GridProblem.Breed on the host, chunk by chunk from the same streams, and
// wants the same children (fetched from the device, where each size's
// generation stays while the next size's is bred in the other slot), their
// hashes, the same counts of rejected candidates per chunk and the
// reference walk's scores, on several sizes, ends, rates and with and
// without crossover. Bad jobs and calls give errors.
func TestBreed(t *testing.T) {
	ev := open(t)
	defer closeAndCheck(t, ev)
	ref := mazetest.Open(t, "ref", mousemaze.Options{})
	const chunk = 1024 // dispatch's breedChunk: Breed's children per stream
	checked := 0
	type generation struct {
		prob *dispatch.GridProblem
		slot int
		want []dispatch.Grid
	}
	var prev *generation
	for k, tc := range []struct {
		rows, cols, entry, exit int
		cross                   bool
		rate                    float64
	}{
		{13, 13, 0, 0, true, 10}, {13, 13, 4, 12, false, 3}, {32, 32, 0, 0, true, 60},
		{9, 40, 0, 5, true, 8}, {3, 3, 0, 0, true, 40}, {6, 7, 2, 1, true, 0},
	} {
		spec, err := dispatch.Preset(dispatch.AlgoGA)
		if err != nil {
			t.Fatal(err)
		}
		spec.Rows, spec.Cols, spec.Entry, spec.Exit, spec.Evals = tc.rows, tc.cols, tc.entry, tc.exit, 1
		host, err := dispatch.NewGridProblem(spec, ref)
		if err != nil {
			t.Fatal(err)
		}
		dev, err := dispatch.NewGridProblem(spec, ev)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(tc.rows), uint64(tc.cols)))
		var parents []dispatch.Grid
		for len(parents) < 7 {
			if g := host.Random(rng); mousemaze.FeasibleWalls(g.Walls, tc.cols, g.Entry, g.Exit) {
				parents = append(parents, g)
			}
		}
		n := 2*chunk + 300
		seeds := make([]uint64, 3)
		want := make([]dispatch.Grid, n)
		wantRejected := make([]int64, 3)
		for c := range seeds {
			seeds[c] = rand.New(rand.NewPCG(7, uint64(c))).Uint64()
			lo, hi := c*chunk, min((c+1)*chunk, n)
			wantRejected[c] = host.Breed(rand.New(rand.NewPCG(7, uint64(c))), parents, want[lo:hi], tc.cross, tc.rate)
		}
		kids := make([]dispatch.Member[dispatch.Grid], n)
		rejected, hashes := make([]uint8, n), make([]uint64, n)
		// In two parts, the second first, as children 1 on of the slot.
		slot, cut := k%2, chunk
		part := func(lo, hi int) {
			c := lo / chunk
			ok, err := dev.BreedEvaluate(dispatch.DevicePart{Slot: slot, At: 1 + lo, Total: 1 + n}, seeds[c:], parents,
				kids[lo:hi], rejected[lo:hi], hashes[lo:hi], tc.cross, tc.rate)
			if err != nil || !ok {
				t.Fatalf("%+v: BreedEvaluate: %v, %v", tc, ok, err)
			}
		}
		part(cut, n)
		part(0, cut)
		idx, genomes := make([]int, n), make([]dispatch.Grid, n)
		for i := range kids {
			idx[i], genomes[i] = 1+i, kids[i].Genome
		}
		if err := dev.Fetch(slot, idx, genomes); err != nil {
			t.Fatalf("%+v: Fetch: %v", tc, err)
		}
		for c := range seeds {
			var sum int64
			for _, r := range rejected[c*chunk : min((c+1)*chunk, n)] {
				sum += int64(r)
			}
			if sum != wantRejected[c] {
				t.Errorf("%+v: chunk %d: %d rejected on the device, %d by Breed", tc, c, sum, wantRejected[c])
			}
		}
		wantScores := make([]dispatch.Score, n)
		if err := host.Evaluate(want, wantScores); err != nil {
			t.Fatal(err)
		}
		for i, m := range kids {
			if g := m.Genome; !slices.Equal(g.Walls, want[i].Walls) || g.Entry != want[i].Entry || g.Exit != want[i].Exit {
				t.Fatalf("%+v: child %d differs from Breed's", tc, i)
			}
			if m.Score != wantScores[i] {
				t.Fatalf("%+v: child %d: the device's score %+v, the reference walk's %+v", tc, i, m.Score, wantScores[i])
			}
			if hashes[i] != host.Hash(want[i]) {
				t.Fatalf("%+v: child %d: the device's hash %#x, the host's %#x", tc, i, hashes[i], host.Hash(want[i]))
			}
		}
		// The generation before, in the other slot, is still there.
		if prev != nil {
			last := len(prev.want) - 1
			got := []dispatch.Grid{{Walls: make([]uint64, len(prev.want[0].Walls))}, {Walls: make([]uint64, len(prev.want[0].Walls))}}
			if err := prev.prob.Fetch(prev.slot, []int{1 + last, 1}, got); err != nil {
				t.Fatalf("%+v: the generation before: %v", tc, err)
			}
			if !slices.Equal(got[0].Walls, prev.want[last].Walls) || !slices.Equal(got[1].Walls, prev.want[0].Walls) {
				t.Errorf("%+v: the generation before changed", tc)
			}
		}
		prev = &generation{dev, slot, want}
		checked += n
	}
	job := &kernels.BreedJob{Rows: 3, Cols: 3, Parents: make([]uint64, 3), N: 2, Chunk: 4, Seeds: []uint64{1},
		CellOf: []uint16{1}, Binom: kernels.BinomAll, MaxRedraws: 4, Total: 2}
	cfg := mousemaze.Config{}
	walk := func(j *kernels.BreedJob, cfg mousemaze.Config, counts, hashes int) error {
		return ev.BreedWalk(j, cfg, make([]uint8, counts), make([]uint64, hashes), make([]mousemaze.Result, 2))
	}
	if err := walk(job, cfg, 2, 2); err != nil {
		t.Errorf("a good job: %v", err)
	}
	for name, err := range map[string]error{
		"too few hashes": walk(job, cfg, 2, 1),
		"heat maps":      walk(job, mousemaze.Config{Heat: true}, 2, 2),
		"other ends":     walk(job, mousemaze.Config{Exit: 1}, 2, 2),
		"no redraws": func() error {
			j := *job
			j.MaxRedraws = 0
			return walk(&j, cfg, 2, 2)
		}(),
		"past the generation": func() error {
			j := *job
			j.At = 1
			return walk(&j, cfg, 2, 2)
		}(),
		"too few counts":  walk(job, cfg, 1, 2),
		"no such child":   ev.Children(0, 3, []int{2}, make([]uint64, 3)),
		"other rows":      ev.Children(0, 4, []int{0}, make([]uint64, 4)),
		"no such slot":    ev.Children(2, 3, []int{0}, make([]uint64, 3)),
		"too short a dst": ev.Children(0, 3, []int{0, 1}, make([]uint64, 5)),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	fmt.Printf("breed: %d children equal to Breed's\n", checked)
}

// TestBreedFailures makes each driver call of BreedWalk fail in turn, on
// the mock driver, and wants an error naming it; the same Evaluator then
// breeds the job again correctly (the children of a run without
// failures), and closing it leaves nothing allocated.
func TestBreedFailures(t *testing.T) {
	ev := open(t)
	if mockLive() < 0 {
		ev.Close()
		t.Skip("not the mock driver: its failures cannot be injected")
	}
	parents := make([]uint64, 0, 4*6)
	rng := rand.New(rand.NewPCG(9, 9))
	for len(parents) < cap(parents) {
		walls := []uint64{rng.Uint64() & 0x3e, rng.Uint64() & 0x3f, rng.Uint64() & 0x3f, rng.Uint64() & 0x3f, rng.Uint64() & 0x3f, rng.Uint64() & 0x3e}
		if mousemaze.FeasibleWalls(walls, 6, 0, 0) {
			parents = append(parents, walls...)
		}
	}
	var cells []uint16
	for r := range 6 {
		for c := range 6 {
			if (r == 0 || r == 5) && c == 0 {
				continue
			}
			cells = append(cells, uint16(r<<6|c))
		}
	}
	job := &kernels.BreedJob{Rows: 6, Cols: 6, Cross: true, Parents: parents, N: 700, Chunk: 1024, Seeds: []uint64{42},
		Binom: kernels.BinomAll, CellOf: cells[:3], MaxRedraws: 4, Slot: 1, Total: 700}
	cfg := mousemaze.Config{}
	breed := func(ev *Evaluator) ([]uint64, []uint8, []mousemaze.Result, error) {
		children, rejected, hashes, dst := make([]uint64, 700*6), make([]uint8, 700), make([]uint64, 700), make([]mousemaze.Result, 700)
		if err := ev.BreedWalk(job, cfg, rejected, hashes, dst); err != nil {
			return nil, nil, nil, err
		}
		idx := make([]int, 700)
		for i := range idx {
			idx[i] = i
		}
		err := ev.Children(1, 6, idx, children)
		for i := range idx {
			if err == nil && hashes[i] != kernels.ChildHash(children[i*6:(i+1)*6], 0, 0) {
				err = fmt.Errorf("child %d: hash %#x", i, hashes[i])
			}
		}
		return children, rejected, dst, err
	}
	want, wantRejected, wantRes, err := breed(ev)
	if err != nil {
		t.Fatal(err)
	}
	closeAndCheck(t, ev)
	defer os.Unsetenv("MOCKCUDA_FAIL")
	for _, call := range []string{"cuModuleGetFunction", "cuOccupancyMaxActiveBlocksPerMultiprocessor", "cuMemAlloc", "cuMemAlloc:5",
		"cuMemcpyHtoD", "cuMemcpyHtoD:2", "cuMemsetD32Async", "cuEventRecord", "cuLaunchKernel", "cuLaunchKernel:2",
		"cuStreamSynchronize", "cuEventElapsedTime", "cuMemAllocHost", "cuMemAllocHost:3", "cuMemcpyDtoHAsync", "cuMemcpyDtoHAsync:3",
		"cuMemAllocHost:4", "cuMemAllocHost:5", "cuMemcpyDtoHAsync:4", "cuStreamSynchronize:2", "cuCtxSetCurrent",
		"cuStreamCreate", "cuModuleGetFunction:2", "cuMemcpyHtoDAsync", "cuLaunchKernel:3"} {
		ev := open(t)
		os.Setenv("MOCKCUDA_FAIL", call)
		_, _, _, err := breed(ev)
		os.Unsetenv("MOCKCUDA_FAIL")
		name, _, _ := strings.Cut(call, ":")
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s fails: BreedWalk gives %v", call, err)
		}
		got, rejected, res, err := breed(ev)
		if err != nil {
			t.Fatalf("after %s failed: %v", call, err)
		}
		if !slices.Equal(got, want) || !slices.Equal(rejected, wantRejected) || !slices.EqualFunc(res, wantRes, mousemaze.Result.Same) {
			t.Errorf("after %s failed: other children, counts or walks", call)
		}
		closeAndCheck(t, ev)
	}
}
