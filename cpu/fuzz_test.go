package cpu

import (
	"encoding/binary"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// fuzzCase turns bytes into one maze and a config: byte 0 and 1 give the
// size, 2 and 3 the entry and exit columns, 4 the order, 5 the cap and heat
// flag, and the rest the wall rows, eight bytes a row (missing bytes are 0).
func fuzzCase(data []byte) (mousemaze.Maze, mousemaze.Config) {
	get := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	rows, cols := 1+int(get(0))%mousemaze.MaxSide, 1+int(get(1))%mousemaze.MaxSide
	cfg := mousemaze.Config{Entry: int(get(2)) % cols, Exit: int(get(3)) % cols}
	perm := int(get(4)) % 24
	dirs := []mousemaze.Dir{mousemaze.Down, mousemaze.Right, mousemaze.Left, mousemaze.Up}
	for i := 0; i < 4; i++ {
		j := perm % (4 - i)
		perm /= 4 - i
		cfg.Order[i] = dirs[j]
		dirs = append(dirs[:j], dirs[j+1:]...)
	}
	if f := get(5); f&1 != 0 {
		cfg.Heat = true
	} else if f != 0 {
		cfg.Cap = int64(f) * 7
	}
	m := mousemaze.NewMaze(rows, cols)
	var row [8]byte
	for r := 0; r < rows; r++ {
		for i := range row {
			row[i] = get(6 + r*8 + i)
		}
		m.Walls[r] = binary.LittleEndian.Uint64(row[:]) & mousemaze.RowMask(cols)
	}
	return m, cfg
}

// FuzzKernels checks that every kernel gives the reference walk's result
// on a maze and config made from the fuzzer's bytes.
func FuzzKernels(f *testing.F) {
	f.Add([]byte{12, 12, 0, 0, 0, 1})
	f.Add([]byte{2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2})
	f.Add([]byte{63, 63, 5, 60, 7, 40, 0x11, 0x22, 0x44, 0x88, 0, 0, 0, 0x80})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, cfg := fuzzCase(data)
		want, err := mousemaze.Walk(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		pop, _ := mousemaze.PopulationOf(m, m, m)
		for _, k := range kernels {
			if !k.ok() {
				continue
			}
			dst := make([]mousemaze.Result, 3)
			if err := walk(k, pop, cfg, dst); err != nil {
				t.Fatal(err)
			}
			for _, got := range dst {
				if !got.Same(want) {
					t.Fatalf("kernel %s: got %+v, want %+v under %+v\n%s", k.name, got, want, cfg, m)
				}
			}
		}
	})
}
