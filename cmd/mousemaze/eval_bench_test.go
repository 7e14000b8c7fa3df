package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/bench"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// BenchmarkEvalProcess measures the whole of `eval --backend cpu
// --workers 1` as the command runs it: reading and parsing the file,
// walking every maze and printing the table or the JSON records. Its
// input is 10,000 long-walk 13×13 mazes from bench.LongWalks; it reports
// mouse steps per second of the whole command (steps/s), the figure
// docs/commands.md compares with a naive C walker.
func BenchmarkEvalProcess(b *testing.B) {
	ev := mazetest.Open(b, "cpu", mousemaze.Options{})
	pop, err := bench.LongWalks(ev, mousemaze.Size{Rows: 13, Cols: 13}, mousemaze.Config{}, 10_000, 250, 1)
	if err != nil {
		b.Fatal(err)
	}
	var text bytes.Buffer
	var steps int64
	res, err := mousemaze.WalkAll(pop, mousemaze.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for i := range pop.Len() {
		text.WriteString(pop.Maze(i).String())
		text.WriteByte('\n')
		steps += res[i].Turns
	}
	file := filepath.Join(b.TempDir(), "long.txt")
	if err := os.WriteFile(file, text.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, form := range []struct{ name, flag string }{{"table", "--json=false"}, {"json", "--json"}} {
		b.Run("out="+form.name, func(b *testing.B) {
			for b.Loop() {
				if code := run([]string{"eval", "--backend", "cpu", "--workers", "1", form.flag, file}, io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(steps)*float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
