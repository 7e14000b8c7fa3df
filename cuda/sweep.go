//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"time"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/kernels"
	"gorgonia.org/cu"
)

// OpenSweepRunner opens the sweep kernel's runner on device 0
// (NewSweeper, without a typed nil on error); package backends registers
// it as the "cuda" sweep runner.
func OpenSweepRunner() (sweep.TaskRunner, error) {
	s, err := NewSweeper(0)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return s, nil
}

// Sweeper runs exhaustive-sweep tasks on the GPU with the kernel of
// kernels/sweep.cu: a sweep.TaskRunner (sweep --backend cuda). It holds
// its own Evaluator for the context and the driver thread, the sweep
// module and the buffers of a batch; batches run one at a time. Close
// releases everything.
type Sweeper struct {
	kernels.SweepRunner
	// BlocksPerSM, when positive, caps the resident blocks per SM below
	// what occupancy allows (fewer threads keep more of each thread's
	// local state in L1; docs/gpu.md, "Sweeps on the GPU").
	BlocksPerSM int
	ev          *Evaluator

	// Touched only on the driver thread.
	mod                       cu.Module
	hasMod                    bool
	fn                        cu.Function
	tasks, tally, best, next  buffer
	launches, tasksRun, bytes int64
	busy, longest             time.Duration // the launches' wall time, from the launch to its end
}

// The Sweeper's defaults: tasks per call, and how many decisions further
// the host splits each task so that the large ones are shared among
// threads (small ones end above that depth and stay whole).
const (
	SweepBatch  = 1 << 14
	SweepExpand = 6
)

// NewSweeper opens device and loads the sweep kernel's embedded PTX.
func NewSweeper(device int) (*Sweeper, error) {
	ev, err := New(mousemaze.Options{Device: device})
	if err != nil {
		return nil, err
	}
	s := &Sweeper{ev: ev}
	s.Launch, s.Batch, s.Expand = s.launch, SweepBatch, SweepExpand
	err = ev.do(func() error {
		mod, err := cu.LoadData(kernels.SweepPTX)
		if err != nil {
			return fmt.Errorf("cuda: load module sweep (PTX for compute_80) on %s: cuModuleLoadData: %w", ev.name, err)
		}
		s.mod, s.hasMod = mod, true
		if s.fn, err = mod.Function(kernels.SweepKernel); err != nil {
			return fmt.Errorf("cuda: kernel %s: cuModuleGetFunction: %w", kernels.SweepKernel, err)
		}
		return nil
	})
	if err != nil {
		if cerr := s.Close(); cerr != nil {
			err = errors.Join(err, cerr)
		}
		return nil, err
	}
	return s, nil
}

// Device returns the GPU's name.
func (s *Sweeper) Device() string { return s.ev.name }

// Close frees the sweep's buffers and module, then closes the Evaluator.
func (s *Sweeper) Close() error {
	err := s.ev.do(func() error {
		var errs []error
		for _, b := range []*buffer{&s.tasks, &s.tally, &s.best, &s.next} {
			if err := b.free(); err != nil {
				errs = append(errs, err)
			}
		}
		if s.hasMod {
			if err := s.mod.Unload(); err != nil {
				errs = append(errs, err)
			}
			s.hasMod = false
		}
		return errors.Join(errs...)
	})
	if errors.Is(err, ErrClosed) {
		err = nil
	}
	return errors.Join(err, s.ev.Close())
}

// launch runs the sweep kernel on one batch: the tasks and a zeroed tally
// and counter go up, as many blocks as the device holds at once run the
// persistent threads, the tally and the best words come back.
func (s *Sweeper) launch(p kernels.SweepParams, tasks, tally []uint64, best []uint32) error {
	return s.ev.do(func() error {
		n := len(best)
		if err := s.tasks.ensure(int64(8 * len(tasks))); err != nil {
			return err
		}
		if err := s.tally.ensure(int64(8 * len(tally))); err != nil {
			return err
		}
		if err := s.best.ensure(int64(4 * n)); err != nil {
			return err
		}
		if err := s.next.ensure(4); err != nil {
			return err
		}
		zero := uint32(0)
		for _, c := range []struct {
			dst  buffer
			src  unsafe.Pointer
			size int
		}{{s.tasks, unsafe.Pointer(&tasks[0]), 8 * len(tasks)}, {s.tally, unsafe.Pointer(&tally[0]), 8 * len(tally)}, {s.next, unsafe.Pointer(&zero), 4}} {
			if err := cu.MemcpyHtoD(c.dst.ptr, c.src, int64(c.size)); err != nil {
				return fmt.Errorf("copy a sweep batch to the device: cuMemcpyHtoD: %w", err)
			}
		}
		per, err := s.fn.MaxActiveBlocksPerMultiProcessor(kernels.SweepBlock, 0)
		if err != nil {
			return fmt.Errorf("occupancy of %s: cuOccupancyMaxActiveBlocksPerMultiprocessor: %w", kernels.SweepKernel, err)
		}
		if s.BlocksPerSM > 0 {
			per = min(per, s.BlocksPerSM)
		}
		grid := max(1, min(s.ev.dev.SMs*max(per, 1), (n+kernels.SweepBlock-1)/kernels.SweepBlock))
		p.Tasks, p.Tally, p.Best, p.Next = devptr(s.tasks), devptr(s.tally), devptr(s.best), devptr(s.next)
		p.N = uint32(n)
		t0 := time.Now()
		if err := launch(s.fn, grid, kernels.SweepBlock, unsafe.Pointer(&p), kernels.SweepParamsSize); err != nil {
			return fmt.Errorf("launch %s (%d blocks of %d threads): cuLaunchKernel: %w", kernels.SweepKernel, grid, kernels.SweepBlock, err)
		}
		if err := cu.Synchronize(); err != nil {
			return fmt.Errorf("run %s: cuCtxSynchronize: %w", kernels.SweepKernel, err)
		}
		took := time.Since(t0)
		s.busy += took
		s.longest = max(s.longest, took)
		if err := cu.MemcpyDtoH(unsafe.Pointer(&tally[0]), s.tally.ptr, int64(8*len(tally))); err != nil {
			return fmt.Errorf("copy a sweep tally from the device: cuMemcpyDtoH: %w", err)
		}
		if err := cu.MemcpyDtoH(unsafe.Pointer(&best[0]), s.best.ptr, int64(4*n)); err != nil {
			return fmt.Errorf("copy a sweep's best turns from the device: cuMemcpyDtoH: %w", err)
		}
		s.launches++
		s.tasksRun += int64(n)
		return nil
	})
}

// SetBlocksPerSM sets BlocksPerSM (for callers that hold the Sweeper as
// a sweep.TaskRunner).
func (s *Sweeper) SetBlocksPerSM(n int) { s.BlocksPerSM = n }

// LaunchTimes returns the wall time of the Sweeper's launches, from each
// launch to the end of its last thread, in all and of the longest: the
// share of a sweep the device ran, and how long one batch's slowest part
// held it.
func (s *Sweeper) LaunchTimes() (total, longest time.Duration) {
	s.ev.do(func() error { total, longest = s.busy, s.longest; return nil })
	return total, longest
}

// SweepStats returns the launches and tasks the Sweeper ran.
func (s *Sweeper) SweepStats() (launches, tasks int64) {
	var l, t int64
	s.ev.do(func() error { l, t = s.launches, s.tasksRun; return nil })
	return l, t
}
