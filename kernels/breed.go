package kernels

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

// BreedKernel is the breeding kernel's entry point in PTX (breed.cu, which
// walk.cu includes, so the walk module holds it).
const BreedKernel = "breed"

// MaxBreedCells is the most cells of a grid the breeding kernel breeds
// (BREED_MAX_CELLS in breed.cu: its repair lists the cells that differ in
// the thread's local memory).
const MaxBreedCells = 1024

// BreedGuide is the number of entries of a BreedJob's Guide (BREED_GUIDE).
const BreedGuide = 128

// How a BreedJob draws the number of cells a mutation flips (BINOM_* in
// breed.cu).
const (
	// BinomNone flips no cell and draws nothing (a rate of 0).
	BinomNone = 0
	// BinomAll flips every move and draws nothing for the count (a rate
	// of every move).
	BinomAll = 1
	// BinomTable draws one uniform and looks it up in CDF from Guide.
	BinomTable = 2
)

// BreedJob is one generation's children, or a part of one, for the
// breeding kernel: everything GridProblem.Breed (package dispatch) draws
// its children from, for a grid with fixed ends. breed.cu says what the
// kernel does with it; its children are Breed's, child for child.
type BreedJob struct {
	Rows, Cols  int
	Entry, Exit int      // the ends' columns, opened in every child
	Cross       bool     // uniform crossover of two parents, else a copy of one
	Parents     []uint64 // the parents' walls, Rows words each
	N           int      // children
	Chunk       int      // children per seed
	Seeds       []uint64 // seed c is the first draw of chunk c's stream (ceil(N/Chunk) of them)
	Binom       int      // BinomNone, BinomAll or BinomTable
	CDF         []float64
	Guide       []uint16 // BreedGuide entries: where a uniform's search of CDF starts
	CellOf      []uint16 // the cell of each move, row<<6 | column
	MaxRedraws  int      // candidates drawn before the last is repaired (at most 255)

	// Where the Breeder keeps the children: generation Slot (0 or 1) of
	// Total children, of which these are At to At+N-1.
	Slot, At, Total int
}

// Check returns an error when the kernel cannot breed j: free or
// inconsistent ends, more than MaxBreedCells cells, more than MaxRows
// rows, or tables and seeds that do not fit the children.
func (j *BreedJob) Check() error {
	switch {
	case j.Rows < 1 || j.Cols < 1 || j.Rows > MaxRows || j.Cols > 64:
		return fmt.Errorf("breed: a %dx%d grid (at most %d rows and 64 columns)", j.Rows, j.Cols, MaxRows)
	case j.Rows*j.Cols > MaxBreedCells:
		return fmt.Errorf("breed: a %dx%d grid has more than %d cells", j.Rows, j.Cols, MaxBreedCells)
	case j.Entry < 0 || j.Entry >= j.Cols || j.Exit < 0 || j.Exit >= j.Cols:
		return fmt.Errorf("breed: ends %d and %d outside %d columns", j.Entry, j.Exit, j.Cols)
	case len(j.Parents) == 0 || len(j.Parents)%j.Rows != 0:
		return fmt.Errorf("breed: %d parent words for %d rows", len(j.Parents), j.Rows)
	case j.N < 0 || j.Chunk < 1 || len(j.Seeds)*j.Chunk < j.N:
		return fmt.Errorf("breed: %d seeds of %d children for %d children", len(j.Seeds), j.Chunk, j.N)
	case len(j.CellOf) == 0 && j.Binom != BinomNone:
		return fmt.Errorf("breed: no moves to flip")
	case j.Binom == BinomTable && (len(j.CDF) == 0 || len(j.Guide) != BreedGuide):
		return fmt.Errorf("breed: a table of %d entries with a guide of %d", len(j.CDF), len(j.Guide))
	case j.Binom < BinomNone || j.Binom > BinomTable:
		return fmt.Errorf("breed: binomial mode %d", j.Binom)
	case j.MaxRedraws < 1 || j.MaxRedraws > 255:
		return fmt.Errorf("breed: %d redraws (1 to 255)", j.MaxRedraws)
	case j.Slot < 0 || j.Slot >= Generations || j.At < 0 || j.At+j.N > j.Total:
		return fmt.Errorf("breed: children %d to %d of %d in generation %d (of %d)", j.At, j.At+j.N, j.Total, j.Slot, Generations)
	}
	rowMask := mousemaze.RowMask(j.Cols)
	for _, c := range j.CellOf {
		if int(c>>6) >= j.Rows || uint64(1)<<(c&63)&rowMask == 0 {
			return fmt.Errorf("breed: move cell %d,%d outside the grid", c>>6, c&63)
		}
	}
	for _, k := range j.Guide {
		if int(k) >= len(j.CDF) {
			return fmt.Errorf("breed: guide entry %d past a table of %d", k, len(j.CDF))
		}
	}
	return nil
}

// CheckWalk returns an error when a Breeder cannot breed j, with slices
// of these lengths for what comes back, and walk the children under cfg:
// j.Check's, heat maps or k-mod walks, a cfg that is not valid for j's
// columns or whose ends are not the children's, or slices other than j.N
// counts, j.N hashes and j.N results (wrapping mousemaze.ErrSize).
func (j *BreedJob) CheckWalk(cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	if err := j.Check(); err != nil {
		return err
	}
	if cfg.Heat || cfg.K > 0 {
		return errors.New("breed: no heat maps or k-mod walks")
	}
	if err := cfg.Validate(j.Cols); err != nil {
		return fmt.Errorf("breed: %w", err)
	}
	if cfg.Entry != j.Entry || cfg.Exit != j.Exit {
		return fmt.Errorf("breed: the walk's ends %d, %d are not the children's %d, %d", cfg.Entry, cfg.Exit, j.Entry, j.Exit)
	}
	if len(rejected) != j.N || len(hashes) != j.N || len(dst) != j.N {
		return fmt.Errorf("breed: %w: %d counts, %d hashes and %d results for %d children", mousemaze.ErrSize, len(rejected), len(hashes), len(dst), j.N)
	}
	return nil
}

// ChildHash is the hash of a child with walls words and ends entry and
// exit that a Breeder returns (the breeding kernel's hash_child): FNV-1a
// on the words, each step's product folded, then the ends. dispatch's
// GridProblem.Hash is this hash, so that the engine can compare the hash
// of a child that stayed on the device with those of genomes it holds.
func ChildHash(words []uint64, entry, exit int) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
		h ^= h >> 29
	}
	for _, w := range words {
		mix(w)
	}
	mix(uint64(entry)<<32 | uint64(exit))
	return h
}

// BreedParams is the breeding kernel's only argument, passed by value,
// laid out exactly as struct BreedParams in breed.cu: 112 bytes, 8-byte
// aligned. The pointers are device addresses.
type BreedParams struct {
	Parents    uintptr // 0
	Seeds      uintptr // 8
	CDF        uintptr // 16
	Guide      uintptr // 24
	CellOf     uintptr // 32
	Children   uintptr // 40: N*Rows wall masks, written
	Rejected   uintptr // 48: N uint8 counts of rejected candidates, written
	N          uint32  // 56
	NParents   uint32  // 60
	Chunk      uint32  // 64
	Moves      uint32  // 68
	CDFLen     uint32  // 72
	Rows       int32   // 76
	Cols       int32   // 80
	Entry      int32   // 84
	Exit       int32   // 88
	Cross      int32   // 92
	MaxRedraws int32   // 96
	Binom      int32   // 100
	Hashes     uintptr // 104: N ChildHash values, written
}

// GatherKernel is the entry point in PTX of the kernel that copies kept
// children, picked by index, one after another (breed.cu's gather), so
// that a Breeder reads any of them back with one copy.
const GatherKernel = "gather"

// GatherParams is the gather kernel's only argument, laid out exactly as
// struct GatherParams in breed.cu: 32 bytes. The pointers are device
// addresses.
type GatherParams struct {
	Src  uintptr // 0: children, Rows words each
	Idx  uintptr // 8: N uint32 indices into Src
	Dst  uintptr // 16: N*Rows words, written
	N    uint32  // 24
	Rows int32   // 28
}

// GatherParamsSize is the size of GatherParams in bytes.
const GatherParamsSize = int(unsafe.Sizeof(GatherParams{}))

// BreedParamsSize is the size of BreedParams in bytes.
const BreedParamsSize = int(unsafe.Sizeof(BreedParams{}))

// Params returns j's kernel argument without its pointers.
func (j *BreedJob) Params() BreedParams {
	cross := int32(0)
	if j.Cross {
		cross = 1
	}
	return BreedParams{
		N: uint32(j.N), NParents: uint32(len(j.Parents) / j.Rows), Chunk: uint32(j.Chunk),
		Moves: uint32(len(j.CellOf)), CDFLen: uint32(len(j.CDF)),
		Rows: int32(j.Rows), Cols: int32(j.Cols), Entry: int32(j.Entry), Exit: int32(j.Exit),
		Cross: cross, MaxRedraws: int32(j.MaxRedraws), Binom: int32(j.Binom),
	}
}

// A Breeder is an evaluator that breeds children on its device, walks
// them there and keeps them there (the cuda backend): only their counts,
// hashes and walks come back, and the walls of a child only when asked
// for. It keeps Generations generations of children (slots), so that a
// search can breed one while it still reads the one before.
//
// BreedWalk breeds the children of job into generation job.Slot, as its
// children job.At to job.At+job.N-1 (the first part of a generation of
// job.Total children to arrive may make room for all of them, which ends
// what the slot held before), writes the number of candidates each
// rejected (at most job.MaxRedraws) to rejected, ChildHash of each to
// hashes and their walks under cfg to dst (each exactly Walk's), all j.N
// long. It returns an error, and breeds nothing, when job.CheckWalk fails.
// Parts of one generation may be bred at once, from several goroutines.
//
// Children copies children idx[k] of generation slot, rows words each, to
// dst[k*rows:(k+1)*rows], and returns an error for a child the slot does
// not hold or a dst of another length.
type Breeder interface {
	BreedWalk(job *BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error
	Children(slot, rows int, idx []int, dst []uint64) error
}

// Generations is the number of generations of children a Breeder keeps.
const Generations = 2

// HostGenerations is a Breeder's generations of children in host memory,
// for the Breeders that stand in for a device (EmulatedBreeder, and the
// null breeder of package bench). Its zero value is empty and ready.
type HostGenerations struct {
	mu    sync.Mutex
	slots [Generations][]uint64
	rows  [Generations]int
}

// Place returns the words of j's children in generation j.Slot (j.N*j.Rows
// of them), making room there for j.Total children of j.Rows rows first
// where there is none.
func (h *HostGenerations) Place(j *BreedJob) []uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := j.Slot
	if h.rows[s] != j.Rows || len(h.slots[s]) < j.Total*j.Rows {
		h.slots[s], h.rows[s] = make([]uint64, j.Total*j.Rows), j.Rows
	}
	return h.slots[s][j.At*j.Rows : (j.At+j.N)*j.Rows]
}

// Children copies children idx of generation slot into dst, as
// Breeder.Children says.
func (h *HostGenerations) Children(slot, rows int, idx []int, dst []uint64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := CheckChildren(slot, rows, idx, dst); err != nil {
		return err
	}
	words := h.slots[slot]
	if err := CheckHeld(slot, rows, h.rows[slot], len(words)/rows, idx); err != nil {
		return err
	}
	for k, i := range idx {
		copy(dst[k*rows:(k+1)*rows], words[i*rows:(i+1)*rows])
	}
	return nil
}

// CheckHeld returns the error of a Breeder.Children call for children idx
// of rows rows from generation slot, which holds held children of
// heldRows rows: other rows, or an index past the children held.
func CheckHeld(slot, rows, heldRows, held int, idx []int) error {
	if rows != heldRows {
		return fmt.Errorf("breed: generation %d holds children of %d rows, not %d", slot, heldRows, rows)
	}
	for _, i := range idx {
		if i >= held {
			return fmt.Errorf("breed: generation %d holds %d children, not child %d", slot, held, i)
		}
	}
	return nil
}

// CheckChildren returns the error of a Breeder.Children call whose
// arguments cannot name children: a slot out of range, rows out of range,
// a negative index or a dst of another length than rows words a child.
func CheckChildren(slot, rows int, idx []int, dst []uint64) error {
	switch {
	case slot < 0 || slot >= Generations:
		return fmt.Errorf("breed: generation %d (of %d)", slot, Generations)
	case rows < 1 || rows > MaxRows:
		return fmt.Errorf("breed: children of %d rows", rows)
	case len(dst) != len(idx)*rows:
		return fmt.Errorf("breed: %w: %d words for %d children of %d rows", mousemaze.ErrSize, len(dst), len(idx), rows)
	}
	for _, i := range idx {
		if i < 0 {
			return fmt.Errorf("breed: child %d", i)
		}
	}
	return nil
}
