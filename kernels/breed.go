package kernels

import (
	"errors"
	"fmt"
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

// CheckWalk returns an error when a Breeder cannot breed j into slices
// of these lengths and walk the children under cfg: j.Check's, heat maps
// or k-mod walks, a cfg that is not valid for j's columns or whose ends
// are not the children's, or slices other than j.N*j.Rows words, j.N
// counts and j.N results (wrapping mousemaze.ErrSize).
func (j *BreedJob) CheckWalk(cfg mousemaze.Config, children []uint64, rejected []uint8, dst []mousemaze.Result) error {
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
	if len(children) != j.N*j.Rows || len(rejected) != j.N || len(dst) != j.N {
		return fmt.Errorf("breed: %w: %d words, %d counts and %d results for %d children of %d rows", mousemaze.ErrSize, len(children), len(rejected), len(dst), j.N, j.Rows)
	}
	return nil
}

// BreedParams is the breeding kernel's only argument, passed by value,
// laid out exactly as struct BreedParams in breed.cu: 104 bytes, 8-byte
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
}

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

// A Breeder is an evaluator that breeds children on its device and walks
// them there (the cuda backend). BreedWalk breeds the children of job
// into children (job.N*job.Rows words), writes the number of candidates
// each rejected (at most job.MaxRedraws) to rejected (job.N counts) and
// their walks under cfg to dst (job.N results, each exactly Walk's). It
// returns an error, and breeds nothing, when job.Check fails or cfg asks
// for what the device does not walk (heat maps, k-mod walks) or for other
// ends than the children's.
type Breeder interface {
	BreedWalk(job *BreedJob, cfg mousemaze.Config, children []uint64, rejected []uint8, dst []mousemaze.Result) error
}
