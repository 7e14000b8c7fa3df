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
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
	"github.com/mousemaze/mousemaze/kernels"
	"gorgonia.org/cu"
)

// Built reports whether this binary was built with the cuda tag (the
// real backend) rather than the stub.
const Built = true

// Open opens the CUDA backend as a mousemaze.Evaluator (New, without a
// typed nil on error); package backends registers it as "cuda".
func Open(opts mousemaze.Options) (mousemaze.Evaluator, error) {
	ev, err := New(opts)
	if err != nil {
		return nil, err // not a typed nil in the interface
	}
	return ev, nil
}

// Evaluator is the CUDA backend. It is safe for concurrent use: every
// driver call runs on one goroutine locked to one OS thread, which owns the
// CUDA context, and batches are evaluated one at a time. Close releases
// the context and everything in it.
type Evaluator struct {
	mu     sync.Mutex // held while work runs; guards closed
	closed bool
	work   chan func()
	done   chan struct{} // closed when the driver thread has ended

	name   string // the device's name
	cc     int    // compute capability, e.g. 90
	mem    int64  // device memory in bytes
	driver int    // the driver's CUDA version, e.g. 12040
	dev    kernels.Device

	// State of the driver thread, touched only there.
	fn     map[string]cu.Function
	slots  [2]*slot
	ctx    *cu.CUContext
	mod    cu.Module
	hasMod bool
	stats  Stats
	res    resident
	// The breeding kernel (looked up at its first use) and its buffers.
	breed    breeding
	breedFn  cu.Function
	hasBreed bool

	// The fetching thread of Children (fetch.go), started at its first
	// use; genMu guards the kept generations' buffers and sizes, which
	// the driver thread grows and the fetching thread reads.
	fmu     sync.Mutex
	fclosed bool
	fetch   *fetcher
	genMu   sync.RWMutex
	fetched atomic.Int64 // bytes Children copied, for Stats
}

// resident is the population Upload keeps on the device, with the buffers
// its walks need.
type resident struct {
	rows, cols, n           int
	walls, out, next, scrat buffer
}

// slot is one half of the double buffer: a stream, two events around its
// launch, and the device and pinned host buffers of one chunk in flight.
// Buffers grow as needed and are kept between batches.
type slot struct {
	stream      cu.Stream
	start, stop cu.Event
	events      int // how many of start, stop exist
	dWalls      buffer
	dOut        buffer
	dHeat       buffer
	dNext       buffer
	scratch     buffer
	hWalls      pinned
	hOut        pinned
	hHeat       pinned

	// The chunk in flight: where its results go.
	busy bool
	out  []uint64
	heat []uint32
}

// growing is memory that grows: device memory (buffer) or page-locked
// host memory (pinned), which differ only in the driver calls that
// allocate and free them (their memKind).
type growing[P any] struct {
	ptr  P
	size int64
}

// memKind is the pair of driver calls behind one kind of growing memory;
// their errors name the call.
type memKind[P any] struct {
	alloc   func(size int64) (P, error)
	release func(P) error
}

// grow makes g hold at least size bytes of kind k, dropping its contents.
func (g *growing[P]) grow(k memKind[P], size int64) error {
	if size <= g.size {
		return nil
	}
	if err := g.drop(k); err != nil {
		return err
	}
	size = max(size, 4096)
	p, err := k.alloc(size)
	if err != nil {
		return err
	}
	g.ptr, g.size = p, size
	return nil
}

// drop releases g's memory, if any, and leaves g empty even on an error.
func (g *growing[P]) drop(k memKind[P]) error {
	if g.size == 0 {
		return nil
	}
	err := k.release(g.ptr)
	var none P
	g.ptr, g.size = none, 0
	return err
}

// deviceMemory is allocated by cuMemAlloc.
var deviceMemory = memKind[cu.DevicePtr]{
	alloc: func(size int64) (cu.DevicePtr, error) {
		p, err := cu.MemAlloc(size)
		if err != nil {
			return 0, fmt.Errorf("cuMemAlloc(%d bytes): %w", size, err)
		}
		return p, nil
	},
	release: func(p cu.DevicePtr) error {
		if err := cu.MemFree(p); err != nil {
			return fmt.Errorf("cuMemFree: %w", err)
		}
		return nil
	},
}

// hostMemory is page-locked host memory, allocated by cuMemAllocHost.
var hostMemory = memKind[unsafe.Pointer]{
	alloc: func(size int64) (unsafe.Pointer, error) {
		var p unsafe.Pointer
		if r := C.mm_alloc_host(&p, C.size_t(size)); r != C.CUDA_SUCCESS {
			return nil, fmt.Errorf("cuMemAllocHost(%d bytes): %w", size, driverError(r))
		}
		return p, nil
	},
	release: func(p unsafe.Pointer) error {
		if err := cu.MemFreeHost(p); err != nil {
			return fmt.Errorf("cuMemFreeHost: %w", err)
		}
		return nil
	},
}

// buffer is device memory that grows.
type buffer struct{ growing[cu.DevicePtr] }

// ensure makes b hold at least size bytes, dropping its contents.
func (b *buffer) ensure(size int64) error { return b.grow(deviceMemory, size) }

// free releases b's memory, if any, and leaves b empty even on an error.
func (b *buffer) free() error { return b.drop(deviceMemory) }

// pinned is page-locked host memory that grows, so that copies to and from
// the device run asynchronously.
type pinned struct{ growing[unsafe.Pointer] }

// ensure makes h hold at least size bytes, dropping its contents.
func (h *pinned) ensure(size int64) error { return h.grow(hostMemory, size) }

// free releases h's memory, if any, and leaves h empty even on an error.
func (h *pinned) free() error { return h.drop(hostMemory) }

func (h *pinned) words(n int) []uint64  { return unsafe.Slice((*uint64)(h.ptr), n) }
func (h *pinned) counts(n int) []uint32 { return unsafe.Slice((*uint32)(h.ptr), n) }

// New opens the CUDA backend on device opts.Device (default 0) and loads
// the kernels' embedded PTX there. It returns an error wrapping ErrNoDevice
// when the driver finds no GPU, and never crashes for want of one. When it
// fails it has released everything it made.
func New(opts mousemaze.Options) (*Evaluator, error) {
	if err := initError(); err != nil {
		return nil, fmt.Errorf("%w (%v); this binary needs an NVIDIA GPU and driver, use --backend cpu or the build without CUDA", ErrNoDevice, err)
	}
	e := &Evaluator{work: make(chan func()), done: make(chan struct{}), fn: map[string]cu.Function{}}
	e.stats.Launches = map[string]int{}
	opened := make(chan error)
	go e.loop(opts.Device, opened)
	if err := <-opened; err != nil {
		<-e.done
		return nil, err
	}
	return e, nil
}

// Close frees the device and pinned buffers, destroys the events and
// streams, unloads the module and destroys the context; the driver thread
// then ends. It is idempotent: later calls return nil, and Evaluate
// returns ErrClosed.
func (e *Evaluator) Close() error {
	ferr := e.stopFetcher()
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	done := make(chan error, 1)
	e.work <- func() { done <- e.release() }
	err := errors.Join(ferr, <-done)
	e.closed = true
	close(e.work)
	e.mu.Unlock()
	<-e.done
	return err
}

// release frees, on the driver thread, whatever open and the batches made:
// buffers, events, streams, the module and the context. It goes on past
// errors, returns them all, and leaves nothing to free twice; open's
// failure paths call it too.
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
			keep(b.free())
		}
		for _, h := range []*pinned{&s.hWalls, &s.hOut, &s.hHeat} {
			keep(h.free())
		}
		for k, ev := range []*cu.Event{&s.start, &s.stop} {
			if k < s.events {
				keep(cu.DestroyEvent(ev))
			}
		}
		if s.stream != (cu.Stream{}) {
			keep(s.stream.Destroy())
		}
		e.slots[i] = nil
	}
	for _, b := range []*buffer{&e.res.walls, &e.res.out, &e.res.next, &e.res.scrat} {
		keep(b.free())
	}
	e.res.n = 0
	keep(e.breed.free())
	e.hasBreed = false
	clear(e.fn)
	if e.hasMod {
		keep(e.mod.Unload())
		e.hasMod = false
	}
	if e.ctx != nil {
		keep(e.ctx.Destroy())
		e.ctx = nil
	}
	if len(errs) > 0 {
		return fmt.Errorf("cuda: release: %w", errors.Join(errs...))
	}
	return nil
}

// loop is the driver thread: it opens the device on a locked OS thread,
// reports how that went, and then runs work until Close.
func (e *Evaluator) loop(device int, opened chan<- error) {
	defer close(e.done)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := e.open(device); err != nil {
		if rerr := e.release(); rerr != nil {
			err = fmt.Errorf("%w (and releasing: %v)", err, rerr)
		}
		opened <- err
		return
	}
	opened <- nil
	for f := range e.work {
		f()
	}
}

// do runs f on the driver thread and returns its error, or ErrClosed
// after Close.
func (e *Evaluator) do(f func() error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return ErrClosed
	}
	done := make(chan error, 1)
	e.work <- func() { done <- f() }
	return <-done
}

func (e *Evaluator) open(device int) error {
	n, err := cu.NumDevices()
	if err != nil {
		return fmt.Errorf("%w: cuDeviceGetCount: %v", ErrNoDevice, err)
	}
	if n == 0 {
		return ErrNoDevice
	}
	if device < 0 || device >= n {
		return fmt.Errorf("%w: device %d asked for, %d present", ErrNoDevice, device, n)
	}
	d := cu.Device(device)
	if e.name, err = d.Name(); err != nil {
		return fmt.Errorf("cuda: device %d: cuDeviceGetName: %w", device, err)
	}
	if e.mem, err = d.TotalMem(); err != nil {
		return fmt.Errorf("cuda: %s: cuDeviceTotalMem: %w", e.name, err)
	}
	e.driver = cu.Version()
	ctx, err := d.MakeContext(cu.SchedAuto)
	if err != nil {
		return fmt.Errorf("cuda: create context on %s: cuCtxCreate: %w", e.name, err)
	}
	e.ctx = &ctx
	attr := func(a cu.DeviceAttribute) int {
		v, aerr := d.Attribute(a)
		if aerr != nil && err == nil {
			err = fmt.Errorf("cuda: %s: cuDeviceGetAttribute(%d): %w", e.name, a, aerr)
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
	e.cc = 10*attr(cu.ComputeCapabilityMajor) + attr(cu.ComputeCapabilityMinor)
	if err != nil {
		return err
	}
	// The PTX is loaded once, here, and JIT-compiled for the card.
	mod, err := cu.LoadData(kernels.PTX)
	if err != nil {
		return fmt.Errorf("cuda: load module walk (PTX for compute_80) on %s: cuModuleLoadData: %w", e.name, err)
	}
	e.mod, e.hasMod = mod, true
	for _, wd := range kernels.Kernels {
		f, err := mod.Function(wd.Kernel)
		if err != nil {
			return fmt.Errorf("cuda: kernel %s: cuModuleGetFunction: %w", wd.Kernel, err)
		}
		if r := C.mm_set_max_shared(cfunc(f), C.int(e.dev.SharedPerBlock)); r != C.CUDA_SUCCESS {
			return fmt.Errorf("cuda: kernel %s: allow %d bytes of shared memory: cuFuncSetAttribute: %w", wd.Kernel, e.dev.SharedPerBlock, driverError(r))
		}
		e.fn[wd.Kernel] = f
	}
	for i := range e.slots {
		s := &slot{}
		e.slots[i] = s
		if s.stream, err = cu.MakeStream(cu.NonBlocking); err != nil {
			return fmt.Errorf("cuda: cuStreamCreate: %w", err)
		}
		for _, ev := range []*cu.Event{&s.start, &s.stop} {
			if *ev, err = cu.MakeEvent(cu.DefaultEvent); err != nil {
				return fmt.Errorf("cuda: cuEventCreate: %w", err)
			}
			s.events++
		}
	}
	return nil
}

// cfunc and cstream reach the C handles inside cu's wrappers, which hold
// nothing else.
func cfunc(f cu.Function) C.CUfunction { return *(*C.CUfunction)(unsafe.Pointer(&f)) }
func cstream(s cu.Stream) C.CUstream   { return *(*C.CUstream)(unsafe.Pointer(&s)) }
func devptr(b buffer) uintptr          { return uintptr(b.ptr) }

// launch starts kernel f on grid blocks of block threads on the null
// stream, with params, size bytes, as its one argument (for the files
// whose cgo preamble lacks mm_launch).
func launch(f cu.Function, grid, block int, params unsafe.Pointer, size int) error {
	return launchOn(f, grid, block, 0, cu.Stream{}, params, size)
}

// launchOn is launch with shared bytes of dynamic shared memory, on
// stream s.
func launchOn(f cu.Function, grid, block, shared int, s cu.Stream, params unsafe.Pointer, size int) error {
	if r := C.mm_launch(cfunc(f), C.uint(grid), C.uint(block), C.uint(shared), cstream(s), params, C.size_t(size)); r != C.CUDA_SUCCESS {
		return driverError(r)
	}
	return nil
}

// Name returns "cuda".
func (e *Evaluator) Name() string { return "cuda" }

// Device returns the name of the GPU e runs on, such as "NVIDIA H100 80GB HBM3".
func (e *Evaluator) Device() string { return e.name }

// Info returns what e knows of its GPU: multiprocessors, shared memory
// and thread limits, as the launches are planned with.
func (e *Evaluator) Info() kernels.Device { return e.dev }

// ComputeCapability returns the GPU's compute capability as 10·major +
// minor, e.g. 90 for an H100.
func (e *Evaluator) ComputeCapability() int { return e.cc }

// Memory returns the GPU's memory in bytes.
func (e *Evaluator) Memory() int64 { return e.mem }

// DriverVersion returns the CUDA version of the driver, as
// cuDriverGetVersion gives it (12040 for CUDA 12.4).
func (e *Evaluator) DriverVersion() int { return e.driver }

// KernelTime is the time the kernels launched so far ran, measured by
// CUDA events (Stats().Kernel): evolve's final event reports the search's
// part of it as kernel_seconds (evolve.KernelTimer).
func (e *Evaluator) KernelTime() time.Duration { return e.Stats().Kernel }

// Stats returns e's counters since it was opened; after Close, the zero
// Stats.
func (e *Evaluator) Stats() Stats {
	var st Stats
	err := e.do(func() error {
		st = e.stats
		st.FromDevice += e.fetched.Load()
		st.Launches = make(map[string]int, len(e.stats.Launches))
		for k, v := range e.stats.Launches {
			st.Launches[k] = v
		}
		return nil
	})
	if err != nil {
		return Stats{}
	}
	return st
}

// Evaluate walks every maze of pop under cfg on the GPU and writes the
// results to dst, exactly as mousemaze.Walk would: kernels.EvaluateChain
// runs the first kernel of kernels.Chain for the maze size and the device
// (walk8 where the model says it pays, else walk16), the next wider one on
// walks whose counts overflowed, and Walk on any that overflowed 32 bits.
func (e *Evaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := kernels.EvaluateChain(e.run, kernels.Chain(pop.Rows, pop.Cols, e.dev), pop, cfg, dst); err != nil {
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
	return e.runPlanned(wd, p, walls, out, heat, false)
}

// runPlanned is run, with the global-scratch layout forced when scratch is
// true (for tests: the plan would use it only for large grids).
func (e *Evaluator) runPlanned(wd kernels.Width, p kernels.Params, walls, out []uint64, heat []uint32, scratch bool) error {
	return e.do(func() error {
		err := e.pipeline(wd, p, walls, out, heat, scratch)
		for _, s := range e.slots {
			if serr := e.harvest(s); err == nil {
				err = serr
			}
		}
		return err
	})
}

func (e *Evaluator) pipeline(wd kernels.Width, p kernels.Params, walls, out []uint64, heat []uint32, scratch bool) error {
	rows, cols := int(p.Rows), int(p.Cols)
	n := len(out)
	dev := e.dev
	if scratch {
		dev.SharedPerBlock = 0
	}
	probe := kernels.Plan(rows, cols, wd, dev, 1<<30)
	chunk := max(4*probe.Threads(), chunkBytes/(8*rows))
	if heat != nil {
		chunk = min(chunk, max(probe.Threads(), heatBytes/(4*rows*cols)))
	}
	chunk = min(chunk, n)
	l := kernels.Plan(rows, cols, wd, dev, chunk)
	fn := e.fn[wd.Kernel]
	if err := e.occupy(wd, &l, chunk); err != nil {
		return err
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
		copyWords(s.hWalls.words(m*rows), walls[start*rows:end*rows])
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
			return fmt.Errorf("copy walls to the device: cuMemcpyHtoDAsync: %w", err)
		}
		if err := cu.MemsetD32Async(s.dNext.ptr, 0, 1, s.stream); err != nil {
			return fmt.Errorf("zero the maze counter: cuMemsetD32Async: %w", err)
		}
		if err := s.start.Record(s.stream); err != nil {
			return fmt.Errorf("cuEventRecord: %w", err)
		}
		if r := C.mm_launch(cfunc(fn), C.uint(l.Grid), C.uint(l.Block), C.uint(l.SharedBytes), cstream(s.stream),
			unsafe.Pointer(&q), C.size_t(kernels.ParamsSize)); r != C.CUDA_SUCCESS {
			return fmt.Errorf("launch %s (%d blocks of %d threads, %d bytes shared): cuLaunchKernel: %w", wd.Kernel, l.Grid, l.Block, l.SharedBytes, driverError(r))
		}
		if err := s.stop.Record(s.stream); err != nil {
			return fmt.Errorf("cuEventRecord: %w", err)
		}
		e.stats.Launches[wd.Kernel]++
		e.stats.Mazes += int64(m)
		e.stats.ToDevice += int64(m * rows * 8)
		if err := cu.MemcpyDtoHAsync(s.hOut.ptr, s.dOut.ptr, int64(m*8), s.stream); err != nil {
			return fmt.Errorf("copy results from the device: cuMemcpyDtoHAsync: %w", err)
		}
		e.stats.FromDevice += int64(m * 8)
		if heat != nil {
			if err := cu.MemcpyDtoHAsync(s.hHeat.ptr, s.dHeat.ptr, int64(m*cells*4), s.stream); err != nil {
				return fmt.Errorf("copy heat maps from the device: cuMemcpyDtoHAsync: %w", err)
			}
			e.stats.FromDevice += int64(m * cells * 4)
		}
		s.busy, s.out = true, out[start:end]
		s.heat = nil
		if heat != nil {
			s.heat = heat[start*cells : end*cells]
		}
	}
	return nil
}

// occupy sets the grid of a shared-memory launch l of wd's kernel for n
// mazes to as many blocks as the occupancy API lets the device hold.
func (e *Evaluator) occupy(wd kernels.Width, l *kernels.Launch, n int) error {
	if !l.Shared {
		return nil
	}
	per, err := e.fn[wd.Kernel].MaxActiveBlocksPerMultiProcessor(l.Block, int64(l.SharedBytes))
	if err != nil {
		return fmt.Errorf("occupancy of %s: cuOccupancyMaxActiveBlocksPerMultiprocessor: %w", wd.Kernel, err)
	}
	if per < 1 {
		return fmt.Errorf("%s: a block of %d threads with %d bytes of shared memory does not fit", wd.Kernel, l.Block, l.SharedBytes)
	}
	l.Grid = max(1, min(e.dev.SMs*per, (n+l.Block-1)/l.Block))
	return nil
}

// Upload keeps pop on the device, in place of any population kept before,
// for WalkResident: a benchmark can then walk it again and again without
// the host's per-maze costs (packing, copies of the walls).
func (e *Evaluator) Upload(pop mousemaze.Population) error {
	if err := mousemaze.CheckBatch(pop, mousemaze.Config{}, make([]mousemaze.Result, pop.Len())); err != nil {
		return fmt.Errorf("cuda: upload: %w", err)
	}
	if pop.Rows > kernels.MaxRows {
		return fmt.Errorf("cuda: upload: %d rows, at most %d", pop.Rows, kernels.MaxRows)
	}
	return e.do(func() error {
		r := &e.res
		r.n = 0
		n := pop.Len()
		if n == 0 {
			return nil
		}
		if err := errors.Join(r.walls.ensure(int64(len(pop.Words)*8)), r.out.ensure(int64(n*8)), r.next.ensure(4)); err != nil {
			return fmt.Errorf("cuda: upload: %w", err)
		}
		if err := cu.MemcpyHtoD(r.walls.ptr, unsafe.Pointer(&pop.Words[0]), int64(len(pop.Words)*8)); err != nil {
			return fmt.Errorf("cuda: upload: cuMemcpyHtoD: %w", err)
		}
		e.stats.ToDevice += int64(len(pop.Words) * 8)
		r.rows, r.cols, r.n = pop.Rows, pop.Cols, n
		return nil
	})
}

// WalkResident walks every maze Upload kept with the first kernel of
// kernels.Chain for its size, under cfg (no heat maps, no k-mod walks),
// and copies the result words to out, one per maze: turns<<TurnShift |
// flags, as kernels.Decode reads them. A word with kernels.FlagOverflow is
// not a result: that maze needs a wider counter (Evaluate walks it so).
func (e *Evaluator) WalkResident(cfg mousemaze.Config, out []uint64) error {
	return e.do(func() error {
		r := &e.res
		if len(out) != r.n {
			return fmt.Errorf("cuda: walk resident: %d result words for %d mazes", len(out), r.n)
		}
		if r.n == 0 {
			return nil
		}
		if cfg.Heat || cfg.K > 0 {
			return errors.New("cuda: walk resident: no heat maps or k-mod walks")
		}
		if err := cfg.Validate(r.cols); err != nil {
			return fmt.Errorf("cuda: walk resident: %w", err)
		}
		wd := kernels.Chain(r.rows, r.cols, e.dev)[0]
		l := kernels.Plan(r.rows, r.cols, wd, e.dev, r.n)
		if err := e.occupy(wd, &l, r.n); err != nil {
			return fmt.Errorf("cuda: walk resident: %w", err)
		}
		if err := r.scrat.ensure(int64(l.ScratchBytes)); err != nil {
			return fmt.Errorf("cuda: walk resident: %w", err)
		}
		q := kernels.NewParams(r.rows, r.cols, cfg)
		q.Walls, q.Out, q.Next, q.Scratch = devptr(r.walls), devptr(r.out), devptr(r.next), devptr(r.scrat)
		q.N = uint32(r.n)
		if l.Shared {
			q.Shared = 1
		}
		s := e.slots[0]
		if err := cu.MemsetD32Async(r.next.ptr, 0, 1, s.stream); err != nil {
			return fmt.Errorf("cuda: walk resident: cuMemsetD32Async: %w", err)
		}
		if err := s.start.Record(s.stream); err != nil {
			return fmt.Errorf("cuda: walk resident: cuEventRecord: %w", err)
		}
		if rc := C.mm_launch(cfunc(e.fn[wd.Kernel]), C.uint(l.Grid), C.uint(l.Block), C.uint(l.SharedBytes), cstream(s.stream),
			unsafe.Pointer(&q), C.size_t(kernels.ParamsSize)); rc != C.CUDA_SUCCESS {
			return fmt.Errorf("cuda: walk resident: launch %s: cuLaunchKernel: %w", wd.Kernel, driverError(rc))
		}
		if err := s.stop.Record(s.stream); err != nil {
			return fmt.Errorf("cuda: walk resident: cuEventRecord: %w", err)
		}
		e.stats.Launches[wd.Kernel]++
		e.stats.Mazes += int64(r.n)
		if err := s.stream.Synchronize(); err != nil {
			return fmt.Errorf("cuda: walk resident: %s: cuStreamSynchronize: %w", wd.Kernel, err)
		}
		ms, err := s.start.Elapsed(s.stop)
		if err != nil {
			return fmt.Errorf("cuda: walk resident: cuEventElapsedTime: %w", err)
		}
		e.stats.Kernel += time.Duration(ms * float64(time.Millisecond))
		if err := cu.MemcpyDtoH(unsafe.Pointer(&out[0]), r.out.ptr, int64(r.n*8)); err != nil {
			return fmt.Errorf("cuda: walk resident: cuMemcpyDtoH: %w", err)
		}
		e.stats.FromDevice += int64(r.n * 8)
		return nil
	})
}

// copyWordsChunk is the words (512 KiB) one goroutine of copyWords copies
// at a time: a single core copies into pinned memory at a fraction of the
// bus's rate, so the copies of a large chunk are shared among the cores.
const copyWordsChunk = 1 << 16

// copyWords copies src into dst (of the same length) on the host's cores.
func copyWords(dst, src []uint64) {
	parallel.Chunks(runtime.GOMAXPROCS(0), len(src), copyWordsChunk, func(lo, hi int) { copy(dst[lo:hi], src[lo:hi]) })
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

// harvest waits for the slot's chunk, if one is in flight, adds its
// kernel time and copies its results out of pinned memory.
func (e *Evaluator) harvest(s *slot) error {
	if s == nil || !s.busy {
		return nil
	}
	s.busy = false
	if err := s.stream.Synchronize(); err != nil {
		return fmt.Errorf("walk kernel: cuStreamSynchronize: %w", err)
	}
	ms, err := s.start.Elapsed(s.stop)
	if err != nil {
		return fmt.Errorf("kernel time: cuEventElapsedTime: %w", err)
	}
	e.stats.Kernel += time.Duration(ms * float64(time.Millisecond))
	copyWords(s.out, s.hOut.words(len(s.out)))
	if s.heat != nil {
		copy(s.heat, s.hHeat.counts(len(s.heat)))
	}
	s.out, s.heat = nil, nil
	return nil
}
