package mousemaze

import (
	"fmt"
	"io"
	"strings"
)

// A Block is one drawing read by ReadBlocks: its lines, tabs trimmed at
// both ends and carriage returns at the end, and the 1-based line number
// of the first.
type Block struct {
	Lines []string
	Start int
}

// ReadBlocks splits a text of drawings into blocks: blank lines separate
// them and lines starting with ';' (after spaces) are comments, skipped
// even inside a block. The edge-board format (ParseEdges) and the formats
// built on it read their boards this way. The input is read whole with
// ReadAllText: a leading byte-order mark is skipped, and an input of more
// than MaxInputBytes, or of more than MaxMazes blocks, is a *ParseError
// wrapping ErrTooLarge; a read error is a *ParseError naming the file.
func ReadBlocks(r io.Reader, name string) ([]Block, error) {
	data, err := ReadAllText(r, name)
	if err != nil {
		return nil, err
	}
	var (
		out []Block
		cur *Block
	)
	// The lines are taken one by one, not split into a slice first, so
	// that an input of many blank lines costs no memory per line.
	text := string(data)
	for i := 0; text != "" || i == 0; i++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, ";"):
		case t == "":
			cur = nil
		default:
			if cur == nil {
				if len(out) == MaxMazes {
					return nil, &ParseError{File: name, Line: i + 1,
						Err: fmt.Errorf("%w: more than %d boards, the most one input may hold (give them as several files)", ErrTooLarge, MaxMazes)}
				}
				out = append(out, Block{Start: i + 1})
				cur = &out[len(out)-1]
			}
			cur.Lines = append(cur.Lines, strings.Trim(line, "\t"))
		}
	}
	return out, nil
}

// ParseBlocks reads r's blocks with ReadBlocks and parses each with parse,
// which is given the block and name. It returns the parsed boards and the
// 1-based line on which each begins; input with no block is a *ParseError
// wrapping ErrEmpty, and the first error of parse is returned as it is.
func ParseBlocks[T any](r io.Reader, name string, parse func(b Block, name string) (T, error)) ([]T, []int, error) {
	blocks, err := ReadBlocks(r, name)
	if err != nil {
		return nil, nil, err
	}
	if len(blocks) == 0 {
		return nil, nil, &ParseError{File: name, Err: ErrEmpty}
	}
	out := make([]T, len(blocks))
	first := make([]int, len(blocks))
	for i, b := range blocks {
		if out[i], err = parse(b, name); err != nil {
			return nil, nil, err
		}
		first[i] = b.Start
	}
	return out, first, nil
}
