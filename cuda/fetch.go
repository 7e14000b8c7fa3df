//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/mousemaze/mousemaze/kernels"
	"gorgonia.org/cu"
)

// fetcher is a second thread with the Evaluator's context current, on
// which Children copies kept children back: a search reads a few children
// while the next part of its generation is being bred, and on the driver
// thread each read would wait for that part's kernels and copies. It has
// its own stream, the gather kernel (looked up at its first use), device
// buffers for the indices and the gathered children and pinned memory for
// both, and starts at the first Children call.
type fetcher struct {
	work       chan func()
	done       chan struct{} // closed when the thread has ended
	stream     cu.Stream
	gather     cu.Function
	hasGather  bool
	dIdx, dOut buffer
	hIdx, hOut pinned
}

// startFetcher starts e's fetcher thread, or returns the error of making
// its stream current and ready.
func (e *Evaluator) startFetcher() (*fetcher, error) {
	f := &fetcher{work: make(chan func()), done: make(chan struct{})}
	started := make(chan error)
	go func() {
		defer close(f.done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if err := cu.SetCurrentContext(*e.ctx); err != nil {
			started <- fmt.Errorf("cuda: the fetching thread: cuCtxSetCurrent: %w", err)
			return
		}
		var err error
		if f.stream, err = cu.MakeStream(cu.NonBlocking); err != nil {
			started <- fmt.Errorf("cuda: the fetching thread: cuStreamCreate: %w", err)
			return
		}
		started <- nil
		for w := range f.work {
			w()
		}
	}()
	if err := <-started; err != nil {
		<-f.done
		return nil, err
	}
	return f, nil
}

// do runs w on f's thread and returns its error.
func (f *fetcher) do(w func() error) error {
	done := make(chan error, 1)
	f.work <- func() { done <- w() }
	return <-done
}

// stop frees f's stream and staging memory on its thread and ends it.
func (f *fetcher) stop() error {
	err := f.do(func() error {
		return errors.Join(f.dIdx.free(), f.dOut.free(), f.hIdx.free(), f.hOut.free(), f.stream.Destroy())
	})
	close(f.work)
	<-f.done
	return err
}

// Children copies children idx of generation slot, kept by BreedWalk, to
// dst, rows words each, on the fetching thread: the indices go to the
// device, the gather kernel copies the children one after another, and
// one copy brings them back (Evaluator is a kernels.Breeder).
func (e *Evaluator) Children(slot, rows int, idx []int, dst []uint64) error {
	if err := kernels.CheckChildren(slot, rows, idx, dst); err != nil {
		return fmt.Errorf("cuda: %w", err)
	}
	if len(idx) == 0 {
		return nil
	}
	e.fmu.Lock()
	defer e.fmu.Unlock()
	if e.fclosed {
		return ErrClosed
	}
	if e.fetch == nil {
		f, err := e.startFetcher()
		if err != nil {
			return err
		}
		e.fetch = f
	}
	f := e.fetch
	err := f.do(func() error {
		e.genMu.RLock()
		defer e.genMu.RUnlock()
		return e.gatherChildren(f, slot, rows, idx, dst)
	})
	if err != nil {
		return fmt.Errorf("cuda: copy children from the device: %w", err)
	}
	return nil
}

// gatherChildren is Children on the fetching thread, with the kept
// generations' sizes held still.
func (e *Evaluator) gatherChildren(f *fetcher, slot, rows int, idx []int, dst []uint64) error {
	b := &e.breed
	if err := kernels.CheckHeld(slot, rows, b.genRows[slot], b.genN[slot], idx); err != nil {
		return err
	}
	if !f.hasGather {
		fn, err := e.mod.Function(kernels.GatherKernel)
		if err != nil {
			return fmt.Errorf("kernel %s: cuModuleGetFunction: %w", kernels.GatherKernel, err)
		}
		f.gather, f.hasGather = fn, true
	}
	n := len(idx)
	if err := errors.Join(f.dIdx.ensure(int64(n*4)), f.dOut.ensure(int64(len(dst)*8)),
		f.hIdx.ensure(int64(n*4)), f.hOut.ensure(int64(len(dst)*8))); err != nil {
		return err
	}
	at := f.hIdx.counts(n)
	for k, i := range idx {
		at[k] = uint32(i)
	}
	if err := cu.MemcpyHtoDAsync(f.dIdx.ptr, f.hIdx.ptr, int64(n*4), f.stream); err != nil {
		return fmt.Errorf("cuMemcpyHtoDAsync: %w", err)
	}
	p := kernels.GatherParams{Src: devptr(b.gen[slot]), Idx: devptr(f.dIdx), Dst: devptr(f.dOut), N: uint32(n), Rows: int32(rows)}
	const block = 256
	grid := max(1, min((len(dst)+block-1)/block, e.dev.SMs*max(1, e.dev.MaxThreadsPerSM/block)))
	if err := launchOn(f.gather, grid, min(block, e.dev.MaxThreadsPerBlk), 0, f.stream, unsafe.Pointer(&p), kernels.GatherParamsSize); err != nil {
		return fmt.Errorf("launch %s (%d blocks): cuLaunchKernel: %w", kernels.GatherKernel, grid, err)
	}
	if err := cu.MemcpyDtoHAsync(f.hOut.ptr, f.dOut.ptr, int64(len(dst)*8), f.stream); err != nil {
		return fmt.Errorf("cuMemcpyDtoHAsync: %w", err)
	}
	if err := f.stream.Synchronize(); err != nil {
		return fmt.Errorf("%s: cuStreamSynchronize: %w", kernels.GatherKernel, err)
	}
	copyWords(dst, f.hOut.words(len(dst)))
	e.fetched.Add(int64(len(dst) * 8))
	return nil
}

// stopFetcher ends the fetching thread, if it started, before Close
// releases the context; later Children calls return ErrClosed.
func (e *Evaluator) stopFetcher() error {
	e.fmu.Lock()
	defer e.fmu.Unlock()
	e.fclosed = true
	if e.fetch == nil {
		return nil
	}
	err := e.fetch.stop()
	e.fetch = nil
	return err
}
