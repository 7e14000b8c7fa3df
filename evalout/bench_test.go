package evalout

import (
	"github.com/mousemaze/mousemaze"

	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchInputs returns n 13×13 inputs of one file with the results of
// long walks (feasible, escaped, 400 to 900 turns), as `eval` prints
// them for the long-walk benchmark file (bench.LongWalks); the output
// costs the same whatever the walls.
func benchInputs(n int) ([]Input, []mousemaze.Result) {
	rng := rand.New(rand.NewPCG(1, 1))
	inputs := make([]Input, n)
	results := make([]mousemaze.Result, n)
	for i := range inputs {
		inputs[i] = Input{File: "/tmp/long.txt", Index: i, Line: 1 + 14*i, Maze: mousemaze.Random(rng, 13, 13, 0.2)}
		results[i] = mousemaze.Result{Turns: 400 + rng.Int64N(500), Escaped: true, Feasible: true}
	}
	return inputs, results
}

// BenchmarkWriteEval writes the table and the JSON lines of 10,000 long
// walks and reports the time per maze (ns/maze).
func BenchmarkWriteEval(b *testing.B) {
	inputs, results := benchInputs(10_000)
	for _, o := range []struct {
		name string
		out  EvalOutput
	}{{"table", EvalOutput{}}, {"json", EvalOutput{JSON: true}}} {
		b.Run("out="+o.name, func(b *testing.B) {
			for b.Loop() {
				if err := WriteEval(context.Background(), io.Discard, inputs, results, o.out); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(inputs)), "ns/maze")
		})
	}
}

// BenchmarkReadInputs reads a file of 10,000 13×13 mazes as `eval` does
// (parsed, checked against the rules, one Input each) and reports the
// time per maze (ns/maze).
func BenchmarkReadInputs(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var text strings.Builder
	const n = 10_000
	for range n {
		text.WriteString(mousemaze.Random(rng, 13, 13, 0.3).String())
		text.WriteByte('\n')
	}
	file := filepath.Join(b.TempDir(), "mazes.txt")
	if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		inputs, _, err := ReadInputs([]string{file}, nil, mousemaze.Config{}, false)
		if err != nil || len(inputs) != n {
			b.Fatal(len(inputs), err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/maze")
}
