package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestEvalBackends checks that eval prints exactly the same thing with
// --backend cpu (every kernel, one and two workers) as with --backend ref,
// on the thesis mazes and on random files, with and without heat maps.
func TestEvalBackends(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 12))
	files := []string{"../../testdata/thesis-mazes.txt"}
	for _, size := range []mousemaze.Size{{Rows: 1, Cols: 1}, {Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 9, Cols: 64}, {Rows: 64, Cols: 3}} {
		var mazes []mousemaze.Maze
		for i := 0; i < 40; i++ {
			mazes = append(mazes, mousemaze.Random(rng, size.Rows, size.Cols, 0.05*float64(i%8)))
		}
		name := filepath.Join(dir, size.String()+".txt")
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := mousemaze.Write(f, mazes...); err != nil {
			t.Fatal(err)
		}
		f.Close()
		files = append(files, name)
	}
	flagSets := [][]string{
		{"--json", "--heat"},
		{"--heat", "--order", "LURD"},
		{"--json", "--cap", "40"},
	}
	kernels := append([]string{""}, cpuKernelNames()...)
	for _, fl := range flagSets {
		args := append(append([]string{"eval"}, fl...), files...)
		want := runOK(t, append(append([]string{}, args[:1]...), append([]string{"--backend", "ref"}, args[1:]...)...)...)
		for _, k := range kernels {
			for _, w := range []string{"1", "2"} {
				a := append([]string{"eval", "--backend", "cpu", "--workers", w, "--kernel", k}, args[1:]...)
				if got := runOK(t, a...); got != want {
					t.Errorf("mousemaze %v differs from --backend ref", a)
				}
			}
		}
	}
}

// TestEvalUnknownKernel checks that a bad --kernel is a usage error.
func TestEvalUnknownKernel(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"eval", "--backend", "cpu", "--kernel", "nosuch", "../../testdata/thesis-mazes.txt"}, &out, &errb)
	if code != exitUsage || !bytes.Contains(errb.Bytes(), []byte("unknown kernel")) {
		t.Errorf("exit %d, stderr %q; want exit 2 and unknown kernel", code, errb.String())
	}
}
