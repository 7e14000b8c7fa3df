package mousemaze

import (
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
// built on it read their boards this way. A read error is a *ParseError
// naming the file.
func ReadBlocks(r io.Reader, name string) ([]Block, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &ParseError{File: name, Err: err}
	}
	var (
		out []Block
		cur *Block
	)
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, ";"):
		case t == "":
			cur = nil
		default:
			if cur == nil {
				out = append(out, Block{Start: i + 1})
				cur = &out[len(out)-1]
			}
			cur.Lines = append(cur.Lines, strings.Trim(line, "\t"))
		}
	}
	return out, nil
}
