// Package kernels holds the CUDA walk kernels of mousemaze: their source
// (walk.cu), the PTX generated from it (walk.ptx, embedded here so that
// building Go never needs nvcc), the layout the Go side shares with them,
// and Emulate, a plain-Go mirror of the kernels that the CPU tests hold to
// mousemaze.Walk.
//
// # Overview
//
// A kernel walks one mouse per thread. The threads are persistent and
// walk in rounds: the lanes of a warp whose mouse has left take the next
// mazes from a global atomic counter together, then every lane with a
// mouse walks up to RefillSteps steps, so no lane waits for the warp's
// longest walk. Visit counts are 8 bits (Walk8), 16 bits (Walk16) or 32
// bits (Walk32) wide, in a padded grid with a wall border (Layout), in
// shared memory when it fits, tiled so that a warp's accesses never
// conflict in a bank, and in a global scratch array otherwise. A walk
// whose count would reach the counter's limit is marked with FlagOverflow
// and walked again by the host with the next wider counter, and finally by
// mousemaze.Walk, so every result is exact; Chain says, from a throughput
// model, whether a batch starts at walk8 or walk16. Driver holds that
// host-side logic, shared by the cuda backend and the emulation.
//
// breed.cu, which walk.cu includes (so PTX holds it too), is the GA's
// breeding kernel: a generation's children bred on the device exactly as
// dispatch's GridProblem.Breed breeds them on the host, from a BreedJob;
// breed_emulate.go is its Go mirror (EmulateBreed, EmulatedBreeder), and
// a Breeder (the cuda backend) breeds and walks a job in one call.
//
// sweep.cu (SweepPTX) is the exhaustive-sweep kernel: one task of
// dispatch/sweep's search tree per thread; sweep.go holds its host side
// (SweepRunner, a sweep.TaskRunner) and sweep_emulate.go its Go mirror.
//
// Regenerate the PTX after editing walk.cu, breed.cu or sweep.cu:
//
//	make ptx
package kernels

import (
	_ "embed"
	"unsafe"
)

// PTX is the PTX text of walk.cu (compute_80, PTX ISA 7.8, from CUDA
// 11.8's nvcc), loaded by the cuda backend with cuModuleLoadData.
//
//go:embed walk.ptx
var PTX string

// The kernels' entry points in PTX.
const (
	// Walk8 is the kernel with 8-bit visit counts.
	Walk8 = "walk8"
	// Walk16 is the kernel with 16-bit visit counts.
	Walk16 = "walk16"
	// Walk32 is the kernel with 32-bit visit counts.
	Walk32 = "walk32"
)

// Flags of a result word. A word is turns<<TurnShift | flags; an
// infeasible maze gives 0.
const (
	// FlagFeasible marks a feasible maze.
	FlagFeasible = 1
	// FlagEscaped marks a walk that reached the exit.
	FlagEscaped = 2
	// FlagOverflow marks a walk stopped because a visit count reached the
	// counter's limit; its turns and heat are not a result.
	FlagOverflow = 4
	// TurnShift is the position of the turn count in a result word.
	TurnShift = 3
)

// The counters: the value of a wall (and of the border) and the count at
// which a walk stops with FlagOverflow.
const (
	// Wall8 is a wall in the 8-bit kernel.
	Wall8 = 0xFF
	// Limit8 is the count at which the 8-bit kernel gives a walk up.
	Limit8 = Wall8 - 1
	// Wall16 is a wall in the 16-bit kernel.
	Wall16 = 0xFFFF
	// Limit16 is the count at which the 16-bit kernel gives a walk up.
	Limit16 = Wall16 - 1
	// Wall32 is a wall in the 32-bit kernel: count<<2 | rank must fit 32 bits.
	Wall32 = 1<<30 - 1
	// Limit32 is the count at which the 32-bit kernel gives a walk up.
	Limit32 = Wall32 - 1
)

// MaxRows is the most rows a kernel walks (its feasibility scratch).
const MaxRows = 64

// MaxBlock is the most threads a block of a kernel may have, as their
// __launch_bounds__ in walk.cu declare; blocks are also whole warps, as
// the kernels' warp-wide refills need.
const MaxBlock = 256

// RefillSteps is how many steps a lane walks between two refills of its
// warp: a lane whose mouse has left waits at most that long for its next
// maze (REFILL_STEPS in walk.cu).
const RefillSteps = 32

// Params is the kernels' only argument, passed by value, laid out exactly
// as struct Params in walk.cu: 104 bytes, 8-byte aligned. The pointers are
// device addresses.
type Params struct {
	Walls   uintptr   // 0: n*rows wall masks
	Out     uintptr   // 8: n result words
	Heat    uintptr   // 16: n*rows*cols visit counts, or 0
	Next    uintptr   // 24: a zeroed uint32, the batch's maze counter
	Scratch uintptr   // 32: global counts when Shared is 0
	Limit   uint64    // 40: the turn cap, or ^0 for none
	N       uint32    // 48: mazes in the batch
	Rows    int32     // 52
	Cols    int32     // 56
	Entry   int32     // 60
	Exit    int32     // 64
	Rank    [4]uint32 // 68: rank of each direction, by mousemaze.Dir
	Dir     [4]uint32 // 84: the direction of each rank
	Shared  int32     // 100: 1 = counts in dynamic shared memory
}

// ParamsSize is the size of Params in bytes, as the PTX declares it.
const ParamsSize = int(unsafe.Sizeof(Params{}))

// Width is a counter width: the kernel that uses it, its wall value and
// its limit.
type Width struct {
	Kernel string // Walk8, Walk16 or Walk32
	Bytes  int    // bytes per count
	Wall   uint32
	Limit  uint32
}

// The counters.
var (
	// W8 is the 8-bit counter of walk8.
	W8 = Width{Kernel: Walk8, Bytes: 1, Wall: Wall8, Limit: Limit8}
	// W16 is the 16-bit counter of walk16.
	W16 = Width{Kernel: Walk16, Bytes: 2, Wall: Wall16, Limit: Limit16}
	// W32 is the 32-bit counter of walk32.
	W32 = Width{Kernel: Walk32, Bytes: 4, Wall: Wall32, Limit: Limit32}
)

// Widths lists the counters in the order Evaluate tries them: walk16,
// then walk32 on the walks that overflowed. Chain may put W8 first.
var Widths = []Width{W16, W32}

// Kernels lists every kernel's counter, narrowest first: the functions
// the cuda backend loads.
var Kernels = []Width{W8, W16, W32}

// Cells returns the number of counts in one padded grid of the 32-bit
// layout: (rows+2)·(cols+1).
func Cells(rows, cols int) int { return (rows + 2) * (cols + 1) }

// Layout is where one mouse's counts lie (walk.cu's ADDR). The padded grid
// has H rows and W columns: cell (r, c) of the maze is padded cell (r+1,
// c+1); row 0, rows beyond rows, column 0 and columns beyond cols are
// walls, but for the exit below the exit column. The lanes sharing the
// array interleave their counts in units of Unit bytes: unit m of lane l
// is unit m·S + l. Untiled (32-bit counts, and every width in global
// scratch), a unit is one count, cell after cell. Tiled (8- and 16-bit
// counts in shared memory), a unit is a 32-bit word holding a tile of
// TileRows×TileCols cells of one lane (1×2 for 16-bit counts, 2×2 for
// 8-bit): all the words of lane l then lie in bank l mod 32 when S is a
// multiple of 32, so the lanes of a warp never touch two words of one
// bank, whatever cells they stand on.
type Layout struct {
	Count              int // bytes per count: 1, 2 or 4
	Unit               int // bytes of a lane's unit: Count, or 4 when tiled
	TileRows, TileCols int // cells per unit
	H, W               int // padded rows and columns, whole tiles
}

// NewLayout returns the layout of rows×cols mazes with counts of the
// given bytes (1, 2 or 4), tiled or not (32-bit counts never are). H is
// rows+2 rounded up to whole tiles, and at least rows+3 with 2-row tiles,
// so that a step right from the last column (into column 0 of a later
// row, a wall) stays inside the grid.
func NewLayout(bytes, rows, cols int, tiled bool) Layout {
	l := Layout{Count: bytes, Unit: bytes, TileRows: 1, TileCols: 1}
	if tiled && bytes < 4 {
		l.Unit = 4
		l.TileRows, l.TileCols = 2/bytes, 2
	}
	l.W = (cols + 1 + l.TileCols - 1) / l.TileCols * l.TileCols
	l.H = (rows + 2 + 2*(l.TileRows-1)) / l.TileRows * l.TileRows
	return l
}

// Units returns the units of one mouse's grid.
func (l Layout) Units() int { return l.H / l.TileRows * (l.W / l.TileCols) }

// Bytes returns the bytes of one mouse's grid.
func (l Layout) Bytes() int { return l.Unit * l.Units() }

// Addr returns the byte offset of padded cell (r, c) of lane lane among S
// lanes, as ADDR in walk.cu computes it.
func (l Layout) Addr(S, lane, r, c int) int {
	m := r/l.TileRows*(l.W/l.TileCols) + c/l.TileCols
	sub := r%l.TileRows*l.TileCols + c%l.TileCols
	return l.Unit*(m*S+lane) + sub*l.Count
}

// Layout returns the layout of wd's counts for rows×cols mazes, in shared
// memory (shared) or in global scratch.
func (wd Width) Layout(rows, cols int, shared bool) Layout {
	return NewLayout(wd.Bytes, rows, cols, shared)
}

// Device describes the card a launch is planned for.
type Device struct {
	SMs              int // streaming multiprocessors
	SharedPerBlock   int // dynamic shared memory a block may opt in to, in bytes
	SharedPerSM      int // shared memory of one multiprocessor, in bytes
	MaxThreadsPerSM  int
	MaxThreadsPerBlk int
}

// H100 is a plausible Device for planning and tests without a card: an
// H100 SXM has 132 multiprocessors with 228 KiB of shared memory each.
var H100 = Device{SMs: 132, SharedPerBlock: 227 << 10, SharedPerSM: 228 << 10, MaxThreadsPerSM: 2048, MaxThreadsPerBlk: 1024}

// Launch is how a batch is launched: Grid blocks of Block threads, with
// SharedBytes of dynamic shared memory per block when Shared, else a global
// scratch array of ScratchBytes.
type Launch struct {
	Grid, Block  int
	Shared       bool
	SharedBytes  int
	ScratchBytes int
}

// Threads returns Grid·Block.
func (l Launch) Threads() int { return l.Grid * l.Block }

// sharedReserve is the shared memory the hardware keeps per block (1 KiB
// from compute capability 8.0).
const sharedReserve = 1 << 10

// Plan chooses a launch for rows×cols mazes with counters of width wd on
// dev. Grids of which 64 (wd.Layout's bytes) fit a block's shared memory
// go there, in blocks of a multiple of 64 threads (whole warps: the layout
// keeps each lane of a warp in its own bank), as many per multiprocessor as the memory
// allows; larger grids use global scratch with 4 blocks of 128 threads per
// multiprocessor, which keeps the scratch within reach of the L2 cache for
// mid-sized grids. The grid never exceeds what n mazes can occupy.
func Plan(rows, cols int, wd Width, dev Device, n int) Launch {
	per := wd.Layout(rows, cols, true).Bytes()
	var l Launch
	if 64*per <= dev.SharedPerBlock {
		perSM := min(dev.MaxThreadsPerSM, dev.SharedPerSM/per) &^ 63
		block := min(MaxBlock, dev.MaxThreadsPerBlk, perSM, dev.SharedPerBlock/per&^63)
		blocks := max(1, dev.SharedPerSM/(block*per+sharedReserve))
		blocks = min(blocks, dev.MaxThreadsPerSM/block)
		l = Launch{Grid: dev.SMs * blocks, Block: block, Shared: true, SharedBytes: block * per}
	} else {
		l = Launch{Grid: dev.SMs * 4, Block: 128}
	}
	l.Grid = max(1, min(l.Grid, (n+l.Block-1)/l.Block))
	if !l.Shared {
		l.ScratchBytes = l.Threads() * wd.Layout(rows, cols, false).Bytes()
	}
	return l
}
