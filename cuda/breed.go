//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"time"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/kernels"
	"gorgonia.org/cu"
)

// breeding holds the buffers of BreedWalk, kept between calls: on the
// device the parents, the tables (seeds, binomial table, guide and move
// cells in one block), the two generations of children kept (which the
// walk kernel walks in place, and Children copies from), the rejected
// counts, the hashes, the result words, the walk's maze counter and
// scratch; in pinned host memory the counts, hashes and result words
// copied back, which the host's cores then copy out (a copy into pageable
// memory runs on one core at a fraction of the bus's rate).
type breeding struct {
	parents, tables, rejected, hashes, out, next, scratch buffer
	hRejected, hHashes, hOut                              pinned
	gen                                                   [kernels.Generations]buffer
	genRows, genN                                         [kernels.Generations]int // each generation's rows and children
}

func (b *breeding) free() error {
	var errs []error
	for _, x := range []*buffer{&b.parents, &b.tables, &b.rejected, &b.hashes, &b.out, &b.next, &b.scratch, &b.gen[0], &b.gen[1]} {
		if err := x.free(); err != nil {
			errs = append(errs, err)
		}
	}
	b.genRows, b.genN = [kernels.Generations]int{}, [kernels.Generations]int{}
	for _, h := range []*pinned{&b.hRejected, &b.hHashes, &b.hOut} {
		if err := h.free(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// breedBlock is the breeding kernel's block size where the device allows
// it (its __launch_bounds__).
const breedBlock = 256

// BreedWalk breeds the children of job on the device (the breeding kernel
// of kernels/breed.cu, the children of dispatch's GridProblem.Breed) into
// generation job.Slot, walks them where they lie with the first kernel of
// kernels.Chain, and copies their counts of rejected candidates to
// rejected, their hashes to hashes and their results to dst;
// kernels.FinishChain decodes those results and walks the children whose
// counts overflowed, fetched with Children, with the next kernels of the
// chain (Evaluator is a kernels.Breeder). Children (fetch.go) runs on a
// thread of its own.
func (e *Evaluator) BreedWalk(job *kernels.BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	if err := job.CheckWalk(cfg, rejected, hashes, dst); err != nil {
		return fmt.Errorf("cuda: %w", err)
	}
	if job.N == 0 {
		return nil
	}
	chain := kernels.Chain(job.Rows, job.Cols, e.dev)
	out := make([]uint64, job.N)
	if err := e.do(func() error { return e.breedWalk(job, chain[0], cfg, rejected, hashes, out) }); err != nil {
		return fmt.Errorf("cuda: breed: %w", err)
	}
	walls := func(idx []int) ([]uint64, error) {
		at := make([]int, len(idx))
		for k, i := range idx {
			at[k] = job.At + i
		}
		words := make([]uint64, len(idx)*job.Rows)
		return words, e.Children(job.Slot, job.Rows, at, words)
	}
	shape := mousemaze.Population{Rows: job.Rows, Cols: job.Cols, Feasible: true}
	if err := kernels.FinishChain(e.run, chain[1:], shape, cfg, out, nil, walls, dst); err != nil {
		return fmt.Errorf("cuda: breed: %w", err)
	}
	return nil
}

// breedTables returns job's tables in one block, and where each starts:
// the seeds and the binomial table (8-byte words), then the guide and
// the move cells (16-bit).
func breedTables(job *kernels.BreedJob) (tables []byte, seedsAt, cdfAt, guideAt, cellAt int) {
	cdfAt = len(job.Seeds) * 8
	guideAt = cdfAt + len(job.CDF)*8
	cellAt = guideAt + len(job.Guide)*2
	tables = make([]byte, max(cellAt+len(job.CellOf)*2, 8))
	copy(tables[seedsAt:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(job.Seeds))), len(job.Seeds)*8))
	copy(tables[cdfAt:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(job.CDF))), len(job.CDF)*8))
	copy(tables[guideAt:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(job.Guide))), len(job.Guide)*2))
	copy(tables[cellAt:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(job.CellOf))), len(job.CellOf)*2))
	return tables, seedsAt, cdfAt, guideAt, cellAt
}

// breedWalk is BreedWalk on the driver thread: the uploads, the two
// launches on one stream (the breeding kernel, then wd's walk kernel) and
// the copies back.
func (e *Evaluator) breedWalk(job *kernels.BreedJob, wd kernels.Width, cfg mousemaze.Config, rejected []uint8, hashes, out []uint64) error {
	b := &e.breed
	if !e.hasBreed {
		f, err := e.mod.Function(kernels.BreedKernel)
		if err != nil {
			return fmt.Errorf("kernel %s: cuModuleGetFunction: %w", kernels.BreedKernel, err)
		}
		e.breedFn, e.hasBreed = f, true
	}
	n, rows, cols := job.N, job.Rows, job.Cols
	tables, seedsAt, cdfAt, guideAt, cellAt := breedTables(job)

	l := kernels.Plan(rows, cols, wd, e.dev, n)
	if err := e.occupy(wd, &l, n); err != nil {
		return err
	}
	gen := &b.gen[job.Slot]
	e.genMu.Lock() // against Children on the fetching thread
	err := gen.ensure(int64(job.Total * rows * 8))
	if err == nil {
		b.genRows[job.Slot], b.genN[job.Slot] = rows, job.Total
	}
	children := uintptr(gen.ptr) + uintptr(job.At*rows*8)
	e.genMu.Unlock()
	if err := errors.Join(err, b.parents.ensure(int64(len(job.Parents)*8)), b.tables.ensure(int64(len(tables))),
		b.rejected.ensure(int64(n)), b.hashes.ensure(int64(n*8)),
		b.out.ensure(int64(n*8)), b.next.ensure(4), b.scratch.ensure(int64(l.ScratchBytes)),
		b.hRejected.ensure(int64(n)), b.hHashes.ensure(int64(n*8)), b.hOut.ensure(int64(n*8))); err != nil {
		return err
	}
	if err := cu.MemcpyHtoD(b.parents.ptr, unsafe.Pointer(&job.Parents[0]), int64(len(job.Parents)*8)); err != nil {
		return fmt.Errorf("copy the parents to the device: cuMemcpyHtoD: %w", err)
	}
	if err := cu.MemcpyHtoD(b.tables.ptr, unsafe.Pointer(&tables[0]), int64(len(tables))); err != nil {
		return fmt.Errorf("copy the breeding tables to the device: cuMemcpyHtoD: %w", err)
	}
	e.stats.ToDevice += int64(len(job.Parents)*8 + len(tables))
	s := e.slots[0]
	if err := cu.MemsetD32Async(b.next.ptr, 0, 1, s.stream); err != nil {
		return fmt.Errorf("zero the maze counter: cuMemsetD32Async: %w", err)
	}
	bp := job.Params()
	base := uintptr(b.tables.ptr)
	bp.Parents, bp.Children, bp.Rejected, bp.Hashes = devptr(b.parents), children, devptr(b.rejected), devptr(b.hashes)
	bp.Seeds, bp.CDF, bp.Guide, bp.CellOf = base+uintptr(seedsAt), base+uintptr(cdfAt), base+uintptr(guideAt), base+uintptr(cellAt)
	// A grid-stride loop over one wave of threads: as many as the
	// multiprocessors hold, or fewer for a small generation.
	block := max(32, min(breedBlock, e.dev.MaxThreadsPerBlk))
	grid := max(1, min((n+block-1)/block, e.dev.SMs*max(1, e.dev.MaxThreadsPerSM/block)))
	if err := s.start.Record(s.stream); err != nil {
		return fmt.Errorf("cuEventRecord: %w", err)
	}
	if err := launchOn(e.breedFn, grid, block, 0, s.stream, unsafe.Pointer(&bp), kernels.BreedParamsSize); err != nil {
		return fmt.Errorf("launch %s (%d blocks of %d threads): cuLaunchKernel: %w", kernels.BreedKernel, grid, block, err)
	}
	e.stats.Launches[kernels.BreedKernel]++
	q := kernels.NewParams(rows, cols, cfg)
	q.Walls, q.Out, q.Next, q.Scratch = children, devptr(b.out), devptr(b.next), devptr(b.scratch)
	q.N = uint32(n)
	if l.Shared {
		q.Shared = 1
	}
	if err := launchOn(e.fn[wd.Kernel], l.Grid, l.Block, l.SharedBytes, s.stream, unsafe.Pointer(&q), kernels.ParamsSize); err != nil {
		return fmt.Errorf("launch %s (%d blocks of %d threads, %d bytes shared): cuLaunchKernel: %w", wd.Kernel, l.Grid, l.Block, l.SharedBytes, err)
	}
	if err := s.stop.Record(s.stream); err != nil {
		return fmt.Errorf("cuEventRecord: %w", err)
	}
	e.stats.Launches[wd.Kernel]++
	e.stats.Mazes += int64(n)
	for _, c := range []struct {
		what string
		dst  unsafe.Pointer
		src  buffer
		size int
	}{{"the rejected counts", b.hRejected.ptr, b.rejected, n}, {"the hashes", b.hHashes.ptr, b.hashes, n * 8},
		{"the results", b.hOut.ptr, b.out, n * 8}} {
		if err := cu.MemcpyDtoHAsync(c.dst, c.src.ptr, int64(c.size), s.stream); err != nil {
			return fmt.Errorf("copy %s from the device: cuMemcpyDtoHAsync: %w", c.what, err)
		}
	}
	if err := s.stream.Synchronize(); err != nil {
		return fmt.Errorf("%s and %s: cuStreamSynchronize: %w", kernels.BreedKernel, wd.Kernel, err)
	}
	ms, err := s.start.Elapsed(s.stop)
	if err != nil {
		return fmt.Errorf("kernel time: cuEventElapsedTime: %w", err)
	}
	e.stats.Kernel += time.Duration(ms * float64(time.Millisecond))
	copy(rejected, unsafe.Slice((*uint8)(b.hRejected.ptr), n))
	copyWords(hashes, b.hHashes.words(n))
	copyWords(out, b.hOut.words(n))
	e.stats.FromDevice += int64(n + 2*n*8)
	return nil
}
