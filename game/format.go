package game

import (
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
)

// Positions are read and written in the edge text format of
// docs/variants.md (the format of mousemaze.ParseEdges): a board of R×C
// cells is 2R+1 lines of 2C+1 characters,
//
//	+ +-+-+
//	|. .|.|
//	+-+ + +
//	|. . .|
//	+-+-+-+
//
// cells at odd line and column positions ('.' or a space), '|' between
// two cells of a row a wall (Right cannot pass), '-' between two cells of
// a column a wall (Left cannot pass), a space an open edge, '+' at the
// corners. The outer frame is not read: the board's edge is always
// closed. Boards are separated by blank lines and ';' starts a comment
// line. Unlike mousemaze.ParseEdges, boards may be wider or taller than
// 64 cells (up to MaxCells cells), since built positions can be.

// String returns p in the edge text format, the frame drawn with a gap
// above the token's cell.
func (p Position) String() string {
	return mousemaze.DrawEdgeFrame(p.Rows, p.Cols, 0, -1, p.RightWall, p.DownWall)
}

// Parse reads every board in r and returns them with the 1-based line on
// which each begins. Errors are *mousemaze.ParseError values naming the
// file, the line and the problem. The input is read whole with
// mousemaze.ReadBlocks: a leading byte-order mark is skipped, and an input
// of more than mousemaze.MaxInputBytes is refused with an error wrapping
// mousemaze.ErrTooLarge.
func Parse(r io.Reader, name string) ([]Position, []int, error) {
	return mousemaze.ParseBlocks(r, name, parseBlock)
}

// parseBlock reads one board from its block, in the shared edge-format
// frame reader (which allows boards wider or taller than 64).
func parseBlock(b mousemaze.Block, name string) (Position, error) {
	var p Position
	size := func(rows, cols int) error {
		var err error
		if p, err = NewPosition(rows, cols); err != nil {
			return fmt.Errorf("%w: %v", mousemaze.ErrTooWide, err)
		}
		return nil
	}
	wall := func(down bool, r, c int) {
		if down {
			p.SetDownWall(r, c, true)
		} else {
			p.SetRightWall(r, c, true)
		}
	}
	if err := mousemaze.ReadEdgeFrame(b, name, size, wall); err != nil {
		return Position{}, err
	}
	return p, nil
}
