package mousemaze

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// TestClassify wants classify to tell every byte value apart at every
// place of a word: walls for 'X' and '#', diff zero for '.', 'X' and '#'
// only; and gatherLows to pack every pattern of low bits.
func TestClassify(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cells := []byte(".X#")
	for v := range 256 {
		for at := range 8 {
			var w [8]byte
			for k := range w {
				w[k] = cells[rng.IntN(3)]
			}
			w[at] = byte(v)
			walls, diff := classify(binary.LittleEndian.Uint64(w[:]))
			for k, c := range w {
				wall := walls >> (8 * k) & 0xff
				bad := diff >> (8 * k) & 0xff
				isCell := c == '.' || c == 'X' || c == '#'
				if isCell && (bad != 0 || wall != uint64(btoi(c != '.'))) || !isCell && bad == 0 {
					t.Fatalf("%q: byte %d %q: walls %#x, diff %#x", w, k, c, walls, diff)
				}
			}
		}
	}
	for x := range uint64(256) {
		var spread uint64
		for k := range 8 {
			spread |= x >> k & 1 << (8 * k)
		}
		if got := gatherLows(spread); got != x {
			t.Fatalf("gatherLows(%#x) = %#x, want %#x", spread, got, x)
		}
	}
}

// fastCase writes a random text of mazes of many sizes, up to MaxSide a
// side, each row ending in one of several line ends, with comments,
// blank lines and blanks around rows, and, when bad, one fault: a byte
// changed, dropped or doubled, a row made wider, or a maze made taller.
func fastCase(rng *rand.Rand, mazes int, bad bool) string {
	sides := []int{1, 2, 3, 7, 8, 9, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33, 47, 63, 64}
	side := func() int {
		if rng.IntN(3) == 0 {
			return sides[rng.IntN(len(sides))]
		}
		return 1 + rng.IntN(MaxSide)
	}
	ends := []string{"\n", "\n", "\n", "\r\n", " \n", "\t\r\n", "  \r\n"}
	seps := []string{"\n", "\n\n", "\n; a comment\n\n", "   \n", "\r\n", "\n\n\n"}
	var b strings.Builder
	if rng.IntN(5) == 0 {
		b.WriteString("\uFEFF")
	}
	if rng.IntN(3) == 0 {
		b.WriteString("; heading\n\n")
	}
	rows, cols := side(), side()
	end := ends[rng.IntN(len(ends))]
	for k := range mazes {
		if rng.IntN(4) == 0 { // most runs keep one size, as files do
			rows, cols = side(), side()
		}
		if rng.IntN(8) == 0 {
			end = ends[rng.IntN(len(ends))]
		}
		m := Random(rng, rows, cols, 0.3)
		for r := range rows {
			row := m.String()[r*(cols+1) : r*(cols+1)+cols]
			if rng.IntN(2) == 0 {
				row = strings.ReplaceAll(row, "X", "#")
			}
			if rng.IntN(200) == 0 {
				row = " " + row
			}
			if rng.IntN(300) == 0 {
				b.WriteString("; inside\n")
			}
			b.WriteString(row)
			b.WriteString(end)
			if rng.IntN(100) == 0 {
				b.WriteString(end) // an unexpected end of the maze
			}
		}
		if k < mazes-1 || rng.IntN(2) == 0 {
			b.WriteString(seps[rng.IntN(len(seps))])
		}
	}
	text := b.String()
	if !bad || len(text) == 0 {
		return text
	}
	at := rng.IntN(len(text))
	switch rng.IntN(5) {
	case 0:
		junk := []string{"o", " ", "\t", "é", "\xff", ";", "\r", "\n", ".", "X", "#", "\x00"}
		return text[:at] + junk[rng.IntN(len(junk))] + text[at+1:]
	case 1:
		return text[:at] + text[at+1:]
	case 2:
		return text[:at] + text[at:at+1] + text[at:]
	case 3: // a row of MaxSide+1 cells
		return text[:at] + "\n" + strings.Repeat(".", MaxSide+1) + "\n" + text[at:]
	default: // a maze of MaxSide+1 rows
		return text[:at] + "\n\n" + strings.Repeat("..\n", MaxSide+1) + "\n" + text[at:]
	}
}

// checkFast parses text with ParseLines and ParseBatches, through reader,
// and wants them to agree with the reference parser scanLines: the same
// mazes, lines and error messages; and the batches to be runs of
// consecutive mazes of one size.
func checkFast(t *testing.T, text string, reader func(io.Reader) io.Reader) {
	t.Helper()
	got, gotLines, gotErr := ParseLines(reader(strings.NewReader(text)), "f")
	want, wantLines, wantErr := scanLines(SkipBOM(strings.NewReader(text)), "f")
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || fmt.Sprint(gotLines) != fmt.Sprint(wantLines) || len(got) != len(want) {
		t.Fatalf("%.300q…: %v %d mazes, want %v %d mazes", text, gotErr, len(got), wantErr, len(want))
	}
	for k := range got {
		if !got[k].Equal(want[k]) || cap(got[k].Walls) != got[k].Rows {
			t.Fatalf("%.300q…: maze %d %+v, want %+v", text, k, got[k], want[k])
		}
	}
	batches, err := ParseBatches(reader(strings.NewReader(text)), "f")
	if fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Fatalf("ParseBatches: %v, want %v", err, wantErr)
	}
	next := 0
	for _, b := range batches {
		if b.First != next || len(b.Lines) != b.Pop.Len() || b.Pop.Len() == 0 || len(b.Pop.Words) != b.Pop.Len()*b.Pop.Rows {
			t.Fatalf("batch at %d: first %d, %d lines, %d mazes", next, b.First, len(b.Lines), b.Pop.Len())
		}
		for j := range b.Pop.Len() {
			if m := b.Pop.Maze(j); !m.Equal(want[next]) || b.Lines[j] != wantLines[next] {
				t.Fatalf("batch maze %d: %+v on line %d, want %+v on line %d", next, m, b.Lines[j], want[next], wantLines[next])
			}
			next++
		}
	}
	if err == nil && next != len(want) {
		t.Fatalf("batches hold %d mazes, want %d", next, len(want))
	}
}

// TestParseFastReference wants the word-at-a-time reading of ParseLines
// (plain, narrowRows, rowOf) and its batches to agree with the reference
// parser on thousands of random texts, good and bad, of mazes of every
// width and height up to MaxSide, read whole, a byte at a time and in
// halves.
func TestParseFastReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	readers := []func(io.Reader) io.Reader{
		func(r io.Reader) io.Reader { return r },
		iotest.HalfReader,
		iotest.OneByteReader,
	}
	for i := range 3000 {
		text := fastCase(rng, 1+rng.IntN(6), i%3 == 0)
		checkFast(t, text, readers[i%len(readers)])
	}
}

// TestParseFastLarge reads inputs larger than ParseLines's read buffer
// and than a batch's first memory, so that lines straddle the buffer's
// end and batches split: mazes of one size, of sizes changing now and
// then, and with a fault somewhere.
func TestParseFastLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var one strings.Builder
	for range 6000 { // 78,000 rows of 13 cells: more than minBuf words
		one.WriteString(Random(rng, 13, 13, 0.3).String())
		one.WriteString("\n")
	}
	checkFast(t, one.String(), func(r io.Reader) io.Reader { return r })
	checkFast(t, one.String(), iotest.HalfReader)
	batches, err := ParseBatches(strings.NewReader(one.String()), "f")
	if err != nil || len(batches) < 2 {
		t.Fatalf("%d batches, %v: want the mazes split over at least 2", len(batches), err)
	}
	for i := range 6 {
		text := fastCase(rng, 600+rng.IntN(600), i%2 == 1)
		checkFast(t, text, func(r io.Reader) io.Reader { return r })
	}
}

// TestParseFastBoundaries puts each line end of a text of narrow mazes
// at every offset from the end of ParseLines's read buffer, where the
// word-at-a-time reading hands over to the line-at-a-time one.
func TestParseFastBoundaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var body strings.Builder
	for range 40 {
		body.WriteString(Random(rng, 9, 16, 0.3).String())
		body.WriteString("\n")
	}
	for pad := range 80 {
		// Comment lines fill the buffer but for the last 100+pad bytes.
		var head strings.Builder
		for left := 4*maxLine - 100 - pad; left > 0; {
			n := min(left, 50_000)
			if left-n == 1 {
				n-- // leave two bytes at least for the last line
			}
			head.WriteString(";" + strings.Repeat("c", n-2) + "\n")
			left -= n
		}
		checkFast(t, head.String()+body.String(), func(r io.Reader) io.Reader { return r })
	}
}

// FuzzParseFast wants ParseLines and ParseBatches to agree with the
// reference parser on any input (go test -fuzz FuzzParseFast).
func FuzzParseFast(f *testing.F) {
	rng := rand.New(rand.NewPCG(17, 18))
	for i := range 20 {
		f.Add(fastCase(rng, 1+rng.IntN(3), i%2 == 1))
	}
	f.Add("...\r\n.X.\r\n\r\n#..\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 {
			return
		}
		checkFast(t, text, func(r io.Reader) io.Reader { return r })
	})
}
