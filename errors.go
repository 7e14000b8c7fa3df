package mousemaze

import (
	"errors"
	"fmt"
)

// Sentinel errors. Callers test for the exported ones with errors.Is; the
// others are the package's own, which only its tests look for.
var (
	// ErrSize reports a destination slice whose length does not match the
	// population, or a maze whose size does not match the population.
	ErrSize = errors.New("size mismatch")
	// errDims reports grid dimensions outside 1..MaxSide.
	errDims = errors.New("grid dimensions out of range")
	// errSizeSyntax reports a size (ParseSize) that is not written RxC.
	errSizeSyntax = errors.New("a size must be RxC (rows x columns), e.g. 13x13")
	// ErrConfig reports an invalid Config for the maze at hand.
	ErrConfig = errors.New("invalid config")
	// errOrder reports a preference order that is not a permutation of D, R, L, U.
	errOrder = errors.New("invalid preference order")
	// ErrUnknownBackend reports a backend name that is not registered.
	ErrUnknownBackend = errors.New("unknown backend")
	// ErrUnknownKernel reports a kernel name (Options.Kernel) that the
	// backend does not have.
	ErrUnknownKernel = errors.New("unknown kernel")
	// ErrKernelUnavailable reports a kernel that this binary holds but
	// this processor cannot run.
	ErrKernelUnavailable = errors.New("kernel unavailable")
	// ErrOptions reports Options out of range, such as negative Workers.
	ErrOptions = errors.New("invalid backend options")
	// errGuard reports a walk that exceeded the Theorem 8 bound, which a
	// correct simulator never does on a feasible maze.
	errGuard = errors.New("walk exceeded the theoretical bound")

	// errGraph reports a malformed general-graph maze; the message names
	// the problem (the vertex, the edge or the field).
	errGraph = errors.New("invalid graph")
	// errShard reports a shard that is not "i/N" with 0 ≤ i < N.
	errShard = errors.New("invalid shard")

	// errRowWidth reports a row whose length differs from the first row of its maze.
	errRowWidth = errors.New("ragged row")
	// errBadCell reports a character other than '.', 'X' or '#' in a maze row.
	errBadCell = errors.New("unknown character")
	// ErrTooWide reports a row with more than MaxSide cells.
	ErrTooWide = errors.New("too many columns")
	// ErrTooTall reports a maze with more than MaxSide rows.
	ErrTooTall = errors.New("too many rows")
	// ErrEmpty reports input that holds no maze.
	ErrEmpty = errors.New("no maze in input")
)

// ParseError is the error returned for malformed maze text. It names the
// file and the 1-based line, and wraps one of the sentinel errors above.
type ParseError struct {
	File string // the file name, or "-" for standard input
	Line int    // 1-based line number; 0 when the error concerns the whole input
	Err  error  // wraps ErrTooWide, ErrTooTall, ErrEmpty, or a ragged row or unknown character
}

// Error formats the error as "file:line: problem".
func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
