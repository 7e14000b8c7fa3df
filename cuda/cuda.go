//go:build cuda

package cuda

/*
#cgo LDFLAGS: -lcuda
#include <stdlib.h>
#include <string.h>
#include <cuda.h>

// cu.Function.Launch passes 8 bytes per argument, and the kernels take a
// 104-byte struct by value, so the launch is made here.
static CUresult mm_launch(CUfunction f, unsigned grid, unsigned block, unsigned shared, CUstream s, void *params, size_t size) {
	void *arg = malloc(size);
	if (arg == NULL) {
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	memcpy(arg, params, size);
	void *args[1] = {arg};
	CUresult r = cuLaunchKernel(f, grid, 1, 1, block, 1, 1, shared, s, args, NULL);
	free(arg);
	return r;
}

static CUresult mm_alloc_host(void **p, size_t size) { return cuMemAllocHost(p, size); }

static CUresult mm_set_max_shared(CUfunction f, int bytes) {
	return cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/kernels"
	"gorgonia.org/cu"
)

func init() {
	mousemaze.Register("cuda", func(opts mousemaze.Options) (mousemaze.Evaluator, error) {
		return New(opts)
	})
}

// Evaluator is the CUDA backend. It is safe for concurrent use: every
// driver call runs on one goroutine locked to one OS thread, which owns the
// CUDA context, and batches are evaluated one at a time.
type Evaluator struct {
	work chan func()
	name string // the device's name
	dev  kernels.Device
	fn   map[string]cu.Function

	// State of the driver thread, touched only there.
	slots  [2]*slot
	ctx    *cu.CUContext
	mod    cu.Module
	hasMod bool
	closed bool
}

// slot is one half of the double buffer: a stream and the device and
// pinned host buffers of one chunk in flight. Buffers grow as needed and
// are kept between batches.
type slot struct {
	stream  cu.Stream
	dWalls  buffer
	dOut    buffer
	dHeat   buffer
	dNext   buffer
	scratch buffer
	hWalls  pinned
	hOut    pinned
	hHeat   pinned

	// The chunk in flight: where its results go.
	busy bool
	out  []uint64
	heat []uint32
}

// buffer is device memory that grows.
type buffer struct {
	ptr  cu.DevicePtr
	size int64
}

// ensure makes b hold at least size bytes, dropping its contents.
func (b *buffer) ensure(size int64) error {
	if size <= b.size {
		return nil
	}
	if b.size > 0 {
		if err := cu.MemFree(b.ptr); err != nil {
			return fmt.Errorf("cuda: free device memory: %w", err)
		}
		b.ptr, b.size = 0, 0
	}
	size = max(size, 4096)
	p, err := cu.MemAlloc(size)
	if err != nil {
		return fmt.Errorf("cuda: allocate %d bytes of device memory: %w", size, err)
	}
	b.ptr, b.size = p, size
	return nil
}

// pinned is page-locked host memory that grows, so that copies to and from
// the device run asynchronously.
type pinned struct {
	ptr  unsafe.Pointer
	size int64
}

func (h *pinned) ensure(size int64) error {
	if size <= h.size {
		return nil
	}
	if h.size > 0 {
		if err := cu.MemFreeHost(h.ptr); err != nil {
			return fmt.Errorf("cuda: free pinned memory: %w", err)
		}
		h.ptr, h.size = nil, 0
	}
	size = max(size, 4096)
	var p unsafe.Pointer
	if r := C.mm_alloc_host(&p, C.size_t(size)); r != C.CUDA_SUCCESS {
		return fmt.Errorf("cuda: allocate %d bytes of pinned memory: %w", size, driverError(r))
	}
	h.ptr, h.size = p, size
	return nil
}

func (h *pinned) words(n int) []uint64  { return unsafe.Slice((*uint64)(h.ptr), n) }
func (h *pinned) counts(n int) []uint32 { return unsafe.Slice((*uint32)(h.ptr), n) }

// New opens the CUDA backend on device opts.Device (default 0) and loads
// the kernels' embedded PTX there. It returns an error wrapping ErrNoDevice
// when the driver finds no GPU, and never crashes for want of one.
func New(opts mousemaze.Options) (*Evaluator, error) {
	if err := initError(); err != nil {
		return nil, fmt.Errorf("%w (%v); this binary needs an NVIDIA GPU and driver, use --backend cpu or the build without CUDA", ErrNoDevice, err)
	}
	e := &Evaluator{work: make(chan func()), fn: map[string]cu.Function{}}
	opened := make(chan error)
	go e.loop(opts.Device, opened)
	if err := <-opened; err != nil {
		return nil, err
	}
	return e, nil
}

// Close frees the device and pinned buffers, destroys the streams, unloads
// the module and destroys the context, then ends the driver thread. It is
// idempotent; Evaluate after Close fails.
func (e *Evaluator) Close() error {
	if e.closed {
		return nil
	}
	err := e.do(e.release)
	e.closed = true
	close(e.work)
	return err
}

// release frees everything open returned, on the driver thread; open calls
// it on its own failure paths too.
func (e *Evaluator) release() error {
	var errs []error
	keep := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	for i, s := range e.slots {
		if s == nil {
			continue
		}
		for _, b := range []*buffer{&s.dWalls, &s.dOut, &s.dHeat, &s.dNext, &s.scratch} {
			if b.size > 0 {
				keep(cu.MemFree(b.ptr))
				*b = buffer{}
			}
		}
		for _, h := range []*pinned{&s.hWalls, &s.hOut, &s.hHeat} {
			if h.ptr != nil {
				keep(cu.MemFreeHost(h.ptr))
				*h = pinned{}
			}
		}
		keep(s.stream.Destroy())
		e.slots[i] = nil
	}
	if e.hasMod {
		keep(e.mod.Unload())
		e.hasMod = false
	}
	if e.ctx != nil {
		keep(e.ctx.Destroy())
		e.ctx = nil
	}
	return errors.Join(errs...)
}

// loop is the driver thread: it makes the context current on a locked OS
// thread, reports how opening went, and then runs work until the process
// ends.
func (e *Evaluator) loop(device int, opened chan<- error) {
	runtime.LockOSThread()
	err := e.open(device)
	if err != nil {
		e.release() // free what open made before it failed
	}
	opened <- err
	if err != nil {
		return
	}
	for f := range e.work {
		f()
	}
}

// do runs f on the driver thread and returns its error.
func (e *Evaluator) do(f func() error) error {
	done := make(chan error, 1)
	e.work <- func() { done <- f() }
	return <-done
}

func (e *Evaluator) open(device int) error {
	n, err := cu.NumDevices()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoDevice, err)
	}
	if n == 0 {
		return ErrNoDevice
	}
	if device < 0 || device >= n {
		return fmt.Errorf("%w: device %d asked for, %d present", ErrNoDevice, device, n)
	}
	d := cu.Device(device)
	if e.name, err = d.Name(); err != nil {
		return fmt.Errorf("cuda: device %d: %w", device, err)
	}
	ctx, err := d.MakeContext(cu.SchedAuto)
	if err != nil {
		return fmt.Errorf("cuda: create context on %s: %w", e.name, err)
	}
	e.ctx = &ctx
	attr := func(a cu.DeviceAttribute) int {
		v, aerr := d.Attribute(a)
		if aerr != nil && err == nil {
			err = fmt.Errorf("cuda: device attribute %d: %w", a, aerr)
		}
		return v
	}
	e.dev = kernels.Device{
		SMs:              attr(cu.MultiprocessorCount),
		SharedPerBlock:   attr(cu.DeviceAttribute(C.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)),
		SharedPerSM:      attr(cu.MaxSharedMemoryPerMultiprocessor),
		MaxThreadsPerSM:  attr(cu.MaxThreadsPerMultiprocessor),
		MaxThreadsPerBlk: attr(cu.MaxThreadsPerBlock),
	}
	if err != nil {
		return err
	}
	// The PTX is loaded once, here, and JIT-compiled for the card.
	mod, err := cu.LoadData(kernels.PTX)
	if err != nil {
		return fmt.Errorf("cuda: load module walk (PTX for compute_80) on %s: %w", e.name, err)
	}
	e.mod, e.hasMod = mod, true
	for _, wd := range kernels.Widths {
		f, err := mod.Function(wd.Kernel)
		if err != nil {
			return fmt.Errorf("cuda: kernel %s: %w", wd.Kernel, err)
		}
		if r := C.mm_set_max_shared(cfunc(f), C.int(e.dev.SharedPerBlock)); r != C.CUDA_SUCCESS {
			return fmt.Errorf("cuda: kernel %s: allow %d bytes of shared memory: %w", wd.Kernel, e.dev.SharedPerBlock, driverError(r))
		}
		e.fn[wd.Kernel] = f
	}
	for i := range e.slots {
		s, err := cu.MakeStream(cu.NonBlocking)
		if err != nil {
			return fmt.Errorf("cuda: create stream: %w", err)
		}
		e.slots[i] = &slot{stream: s}
	}
	return nil
}

// cfunc and cstream reach the C handles inside cu's wrappers, which hold
// nothing else.
func cfunc(f cu.Function) C.CUfunction { return *(*C.CUfunction)(unsafe.Pointer(&f)) }
func cstream(s cu.Stream) C.CUstream   { return *(*C.CUstream)(unsafe.Pointer(&s)) }
func devptr(b buffer) uintptr          { return uintptr(b.ptr) }

// Name returns "cuda".
func (e *Evaluator) Name() string { return "cuda" }

// Device returns the name of the GPU e runs on, such as "NVIDIA H100 80GB HBM3".
func (e *Evaluator) Device() string { return e.name }

// Info returns what e knows of its GPU: multiprocessors, shared memory
// and thread limits, as the launches are planned with.
func (e *Evaluator) Info() kernels.Device { return e.dev }

// Evaluate walks every maze of pop under cfg on the GPU and writes the
// results to dst, exactly as mousemaze.Walk would: kernels.Evaluate runs
// the 16-bit kernel, the 32-bit kernel on walks whose counts overflowed,
// and Walk on any that overflowed again.
func (e *Evaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if e.closed {
		return errors.New("cuda: Evaluate after Close")
	}
	if err := kernels.Evaluate(e.run, pop, cfg, dst); err != nil {
		return fmt.Errorf("cuda: %w", err)
	}
	return nil
}

// chunkBytes bounds the wall masks, and heatBytes the heat maps, of one
// chunk of a batch.
const (
	chunkBytes = 64 << 20
	heatBytes  = 256 << 20
)

// run is the kernels.Runner of the device: it splits the batch into
// chunks and pipelines them through the two slots, so that one chunk's
// copies overlap the other's kernel.
func (e *Evaluator) run(wd kernels.Width, p kernels.Params, walls, out []uint64, heat []uint32) error {
	return e.do(func() error {
		err := e.pipeline(wd, p, walls, out, heat)
		for _, s := range e.slots {
			if serr := e.harvest(s); err == nil {
				err = serr
			}
		}
		return err
	})
}

func (e *Evaluator) pipeline(wd kernels.Width, p kernels.Params, walls, out []uint64, heat []uint32) error {
	rows, cols := int(p.Rows), int(p.Cols)
	n := len(out)
	probe := kernels.Plan(rows, cols, wd, e.dev, 1<<30)
	chunk := max(4*probe.Threads(), chunkBytes/(8*rows))
	if heat != nil {
		chunk = min(chunk, max(probe.Threads(), heatBytes/(4*rows*cols)))
	}
	chunk = min(chunk, n)
	l := kernels.Plan(rows, cols, wd, e.dev, chunk)
	fn := e.fn[wd.Kernel]
	if l.Shared {
		per, err := fn.MaxActiveBlocksPerMultiProcessor(l.Block, int64(l.SharedBytes))
		if err != nil {
			return fmt.Errorf("occupancy of %s: %w", wd.Kernel, err)
		}
		if per < 1 {
			return fmt.Errorf("%s: a block of %d threads with %d bytes of shared memory does not fit", wd.Kernel, l.Block, l.SharedBytes)
		}
		l.Grid = max(1, min(e.dev.SMs*per, (chunk+l.Block-1)/l.Block))
	}
	cells := rows * cols
	for k, start := 0, 0; start < n; k, start = k+1, start+chunk {
		end := min(start+chunk, n)
		m := end - start
		s := e.slots[k%2]
		if err := e.harvest(s); err != nil {
			return err
		}
		if err := s.reserve(m, rows, cells, heat != nil, l.ScratchBytes); err != nil {
			return err
		}
		copy(s.hWalls.words(m*rows), walls[start*rows:end*rows])
		q := p
		q.Walls, q.Out, q.Next, q.Scratch = devptr(s.dWalls), devptr(s.dOut), devptr(s.dNext), devptr(s.scratch)
		q.Heat = 0
		if heat != nil {
			q.Heat = devptr(s.dHeat)
		}
		q.N = uint32(m)
		q.Shared = 0
		if l.Shared {
			q.Shared = 1
		}
		if err := cu.MemcpyHtoDAsync(s.dWalls.ptr, s.hWalls.ptr, int64(m*rows*8), s.stream); err != nil {
			return fmt.Errorf("copy walls to the device: %w", err)
		}
		if err := cu.MemsetD32Async(s.dNext.ptr, 0, 1, s.stream); err != nil {
			return fmt.Errorf("zero the maze counter: %w", err)
		}
		if r := C.mm_launch(cfunc(fn), C.uint(l.Grid), C.uint(l.Block), C.uint(l.SharedBytes), cstream(s.stream),
			unsafe.Pointer(&q), C.size_t(kernels.ParamsSize)); r != C.CUDA_SUCCESS {
			return fmt.Errorf("launch %s (%d blocks of %d threads, %d bytes shared): %w", wd.Kernel, l.Grid, l.Block, l.SharedBytes, driverError(r))
		}
		if err := cu.MemcpyDtoHAsync(s.hOut.ptr, s.dOut.ptr, int64(m*8), s.stream); err != nil {
			return fmt.Errorf("copy results from the device: %w", err)
		}
		if heat != nil {
			if err := cu.MemcpyDtoHAsync(s.hHeat.ptr, s.dHeat.ptr, int64(m*cells*4), s.stream); err != nil {
				return fmt.Errorf("copy heat maps from the device: %w", err)
			}
		}
		s.busy, s.out = true, out[start:end]
		s.heat = nil
		if heat != nil {
			s.heat = heat[start*cells : end*cells]
		}
	}
	return nil
}

// reserve grows the slot's buffers for a chunk of m mazes.
func (s *slot) reserve(m, rows, cells int, heat bool, scratch int) error {
	err := errors.Join(
		s.dWalls.ensure(int64(m*rows*8)), s.hWalls.ensure(int64(m*rows*8)),
		s.dOut.ensure(int64(m*8)), s.hOut.ensure(int64(m*8)),
		s.dNext.ensure(4))
	if err == nil && heat {
		err = errors.Join(s.dHeat.ensure(int64(m*cells*4)), s.hHeat.ensure(int64(m*cells*4)))
	}
	if err == nil && scratch > 0 {
		err = s.scratch.ensure(int64(scratch))
	}
	return err
}

// harvest waits for the slot's chunk, if one is in flight, and copies its
// results out of pinned memory.
func (e *Evaluator) harvest(s *slot) error {
	if s == nil || !s.busy {
		return nil
	}
	s.busy = false
	if err := s.stream.Synchronize(); err != nil {
		return fmt.Errorf("walk kernel: %w", err)
	}
	copy(s.out, s.hOut.words(len(s.out)))
	if s.heat != nil {
		copy(s.heat, s.hHeat.counts(len(s.heat)))
	}
	s.out, s.heat = nil, nil
	return nil
}
