package mousemaze

import (
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
