package mousemaze

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestReadBlocks(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Block
	}{
		{"empty", "", nil},
		{"comments only", "; a\n  ; b\n\n", nil},
		{"one", "+ +\n|.|\n+ +\n", []Block{{Lines: []string{"+ +", "|.|", "+ +"}, Start: 1}}},
		{"two with comments and CRLF", "; head\r\nab\r\n; inside\r\ncd\r\n\r\n\r\n\tef\t\r\n",
			[]Block{{Lines: []string{"ab", "cd"}, Start: 2}, {Lines: []string{"ef"}, Start: 7}}},
		{"spaces kept inside a line", "| . |\n   \n x ", []Block{{Lines: []string{"| . |"}, Start: 1}, {Lines: []string{" x "}, Start: 3}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadBlocks(strings.NewReader(tt.text), "f")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestParseBlocks checks that ParseBlocks hands each block to its parser
// in order, returns the blocks' first lines, reports input with no block
// as ErrEmpty and stops at the parser's first error.
func TestParseBlocks(t *testing.T) {
	first := func(b Block, name string) (string, error) {
		if b.Lines[0] == "bad" {
			return "", errors.New(name + ": bad block")
		}
		return b.Lines[0], nil
	}
	got, lines, err := ParseBlocks(strings.NewReader("; c\na\nb\n\nc\n"), "f", first)
	if err != nil || !reflect.DeepEqual(got, []string{"a", "c"}) || !reflect.DeepEqual(lines, []int{2, 5}) {
		t.Errorf("got %q, %v, %v; want [a c], [2 5]", got, lines, err)
	}
	var pe *ParseError
	if _, _, err := ParseBlocks(strings.NewReader("; only\n\n"), "f", first); !errors.Is(err, ErrEmpty) || !errors.As(err, &pe) || pe.File != "f" {
		t.Errorf("no block: %v, want a *ParseError wrapping ErrEmpty", err)
	}
	if got, lines, err := ParseBlocks(strings.NewReader("a\n\nbad\n"), "f", first); err == nil || err.Error() != "f: bad block" || got != nil || lines != nil {
		t.Errorf("bad block: %q, %v, %v", got, lines, err)
	}
}
