package kernels

import (
	_ "embed"
	"fmt"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// SweepPTX is the PTX text of sweep.cu (compute_80), the exhaustive-sweep
// kernel, loaded by the cuda backend's sweep runner.
//
//go:embed sweep.ptx
var SweepPTX string

// SweepKernel is the sweep kernel's entry point in SweepPTX.
const SweepKernel = "sweep8"

// SweepCapTurns is the kernel's turn cap, set by its trail and histogram
// (SweepHist); SweepKeyLimit is the most visits of a cell the mouse may
// step onto with 8-bit keys (one more would read as a wall). A task with
// a walk past either is left to the CPU.
const (
	SweepCapTurns = SweepHist - 4
	SweepKeyLimit = swWall - 1
)

// SweepBlock is the threads per block of a sweep launch (the kernel's
// __launch_bounds__).
const SweepBlock = 128

// SweepParams is the sweep kernel's only argument, passed by value, laid
// out exactly as struct SweepParams in sweep.cu: 144 bytes, 8-byte
// aligned. The pointers are device addresses.
type SweepParams struct {
	Tasks    uintptr    // 0: n tasks, two words each (EncodeTasks)
	Tally    uintptr    // 8: SweepTallyWords words, zeroed
	Best     uintptr    // 16: n words
	Next     uintptr    // 24: a zeroed uint32, the task counter
	N        uint32     // 32: tasks
	Rows     int32      // 36
	Cols     int32      // 40
	Entry    int32      // 44: entry column
	Exit     int32      // 48: exit column
	CapTurns int32      // 52
	Off      [4]int32   // 56: padded-index offset of each direction, in preference order
	Ring     [16]uint32 // 72: sweep.RingJoined as 512 bits
	KeyLimit uint32     // 136: no move onto a cell with this many visits
	_        uint32     // 140
}

// SweepParamsSize is the size of SweepParams in bytes, as the PTX declares
// it.
const SweepParamsSize = int(unsafe.Sizeof(SweepParams{}))

// NewSweepParams returns the sweep kernel's arguments for sz under cfg
// (order, entry and exit), without the buffers and the task count.
func NewSweepParams(sz mousemaze.Size, cfg mousemaze.Config) (SweepParams, error) {
	if err := sz.Validate(); err != nil {
		return SweepParams{}, err
	}
	if sz.Cells() > sweep.MaxCells {
		return SweepParams{}, fmt.Errorf("kernels: %s has %d cells, the sweep kernel takes at most %d", sz, sz.Cells(), sweep.MaxCells)
	}
	if err := cfg.Validate(sz.Cols); err != nil {
		return SweepParams{}, err
	}
	p := SweepParams{Rows: int32(sz.Rows), Cols: int32(sz.Cols), Entry: int32(cfg.Entry), Exit: int32(cfg.Exit), CapTurns: SweepCapTurns, KeyLimit: SweepKeyLimit}
	for i, d := range cfg.Order.Resolve() {
		dr, dc := d.Delta()
		p.Off[i] = int32(dr*(sz.Cols+2) + dc)
	}
	for i, ok := range sweep.RingJoined() {
		if ok {
			p.Ring[i>>5] |= 1 << uint(i&31)
		}
	}
	return p, nil
}

// EncodeTasks returns the kernel's task words: decision bits, then length.
func EncodeTasks(tasks []sweep.Task) []uint64 {
	out := make([]uint64, 2*len(tasks))
	for i, t := range tasks {
		out[2*i], out[2*i+1] = t.Bits, uint64(t.Len)
	}
	return out
}

// DecodeSweep turns the kernel's tally and best words, for the parts it
// ran of tasks tasks (part j belongs to task of[j]), into the tally of the
// tasks: each task's best is the most of its finished parts', and a part
// whose word is SweepUnfinished goes to Unfinished.
func DecodeSweep(tally []uint64, best []uint32, parts []sweep.Task, of []int, tasks int) sweep.TaskTally {
	y := sweep.TaskTally{
		Infeasible: sweep.Count{Lo: tally[swInf], Hi: tally[swInf+1]},
		Leaves:     tally[swInf+2],
		Steps:      tally[swInf+3],
		Best:       make([]int32, tasks),
	}
	for t := 0; t < SweepHist; t++ {
		if n := tally[2*SweepHist+t]; n != 0 {
			y.Histogram = append(y.Histogram, sweep.Bucket{Turns: int64(t), Classes: n, Mazes: sweep.Count{Lo: tally[t], Hi: tally[SweepHist+t]}})
		}
	}
	for j, b := range best {
		if b == SweepUnfinished {
			y.Unfinished = append(y.Unfinished, sweep.Subtask{Of: of[j], Task: parts[j]})
		} else {
			y.Best[of[j]] = max(y.Best[of[j]], int32(b))
		}
	}
	return y
}

// SweepLauncher runs the sweep kernel on one batch: p as NewSweepParams
// made it, tasks as EncodeTasks made them. It fills tally (zeroed,
// SweepTallyWords words) and best (one word per task) as the kernel does.
// The cuda backend's launcher runs sweep.cu on the device; EmulatedSweep
// runs EmulateSweep.
type SweepLauncher func(p SweepParams, tasks, tally []uint64, best []uint32) error

// EmulatedSweep returns a SweepLauncher that runs EmulateSweep with
// threads goroutines.
func EmulatedSweep(threads int) SweepLauncher {
	return func(p SweepParams, tasks, tally []uint64, best []uint32) error {
		p.N = uint32(len(best))
		EmulateSweep(p, threads, tasks, tally, best)
		return nil
	}
}

// SweepRunner is a sweep.TaskRunner on a SweepLauncher: the host side the
// cuda backend and the emulation share.
type SweepRunner struct {
	// Launch runs the kernel.
	Launch SweepLauncher
	// Batch is the tasks per call that the runner asks for (BatchTasks);
	// 0 means 1<<16.
	Batch int
	// Expand splits every task into its parts this many decisions below
	// it (sweep.SplitTask), which the kernel runs one per thread: large
	// tasks are then shared among threads. 0 runs the tasks whole.
	Expand int
	// CapTurns and KeyLimit, when positive, lower the kernel's turn cap
	// and visit limit (tests of escalation).
	CapTurns int32
	KeyLimit uint32
}

// BatchTasks returns r.Batch, or 1<<16.
func (r *SweepRunner) BatchTasks() int {
	if r.Batch > 0 {
		return r.Batch
	}
	return 1 << 16
}

// RunTasks runs the tasks through r.Launch and decodes the tally.
func (r *SweepRunner) RunTasks(sz mousemaze.Size, cfg mousemaze.Config, tasks []sweep.Task) (sweep.TaskTally, error) {
	p, err := NewSweepParams(sz, cfg)
	if err != nil {
		return sweep.TaskTally{}, err
	}
	if r.CapTurns > 0 {
		p.CapTurns = min(p.CapTurns, r.CapTurns)
	}
	if r.KeyLimit > 0 {
		p.KeyLimit = min(p.KeyLimit, r.KeyLimit)
	}
	parts, of, above := tasks, make([]int, len(tasks)), uint64(0)
	for k := range of {
		of[k] = k
	}
	if r.Expand > 0 {
		sp := sweep.NewSplitter(sz, cfg)
		parts, of = nil, of[:0]
		for k, t := range tasks {
			n := len(parts)
			var st uint64
			parts, st = sp.Split(parts, t, t.Len+r.Expand)
			above += st
			for range parts[n:] {
				of = append(of, k)
			}
		}
	}
	p.N = uint32(len(parts))
	tally := make([]uint64, SweepTallyWords)
	best := make([]uint32, len(parts))
	if len(parts) > 0 {
		if err := r.Launch(p, EncodeTasks(parts), tally, best); err != nil {
			return sweep.TaskTally{}, err
		}
	}
	y := DecodeSweep(tally, best, parts, of, len(tasks))
	y.Steps += above
	return y, nil
}

// Settings returns r itself, so that a caller holding a runner that
// embeds a SweepRunner (the cuda backend's) behind an interface can change
// its Batch, Expand and limits before a sweep.
func (r *SweepRunner) Settings() *SweepRunner { return r }
