package classic

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzParseBoards: any input parses or fails with an error, never a
// panic, and every board read is written back and read again unchanged.
// `go test -fuzz FuzzParseBoards ./classic/` explores further.
func FuzzParseBoards(f *testing.F) {
	for _, name := range []string{"fig15.txt", "king.txt", "wrap.txt"} {
		data, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("; classic wrap both\n+ +\n . \n+ +\n")
	f.Add("; classic oneway 0,0 E\n+-+-+\n|. .|\n+-+-+\n\n; classic start 0,1\n+-+\n|.|\n+-+\n")
	f.Add("; classic wrap cols\n+-+\n|.\n+-+\n")
	f.Fuzz(func(t *testing.T, text string) {
		bs, _, err := ParseBoards(strings.NewReader(text), "fuzz")
		if err != nil {
			return
		}
		for _, b := range bs {
			again, _, err := ParseBoards(strings.NewReader(b.Format()), "again")
			if err != nil {
				t.Fatalf("written board does not parse: %v\n%s", err, b.Format())
			}
			a := again[0]
			if !a.EdgeMaze.Equal(b.EdgeMaze) || a.Start != b.Start || a.Goal != b.Goal || a.WrapCols != b.WrapCols ||
				a.WrapRows != b.WrapRows || a.WrapRight != b.WrapRight || a.WrapDown != b.WrapDown || !slices.Equal(a.OneWay, b.OneWay) {
				t.Fatalf("round trip changed the board:\n%s\n%s", b.Format(), a.Format())
			}
		}
	})
}
