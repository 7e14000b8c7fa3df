package evalout

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"

	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestReadInputs reads grid mazes from a file and from stdin, and edge
// boards, and wants every maze in order with its file, index and line; a
// maze that breaks the rules is a UsageError naming it, a missing file an
// error that is not.
func TestReadInputs(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	var text bytes.Buffer
	var want []mousemaze.Maze
	for i := 0; i < 3; i++ {
		m := mousemaze.Random(rng, 2+i, 3, 0.3)
		want = append(want, m)
		text.WriteString(m.String() + "\n")
	}
	file := filepath.Join(dir, "m.txt")
	if err := os.WriteFile(file, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := mousemaze.Config{Order: mousemaze.DRLU}
	inputs, boards, err := ReadInputs([]string{file, "-"}, bytes.NewReader(text.Bytes()), cfg, false)
	if err != nil || len(inputs) != 6 || boards != nil {
		t.Fatalf("%d inputs, %d boards, %v", len(inputs), len(boards), err)
	}
	for k, in := range inputs {
		name := file
		if k >= 3 {
			name = "-"
		}
		if in.File != name || in.Index != k%3 || in.Maze.String() != want[k%3].String() || in.Edges || in.Line < 1 {
			t.Errorf("input %d: %+v", k, in)
		}
	}
	cfg.Exit = 5
	if _, _, err := ReadInputs([]string{file}, nil, cfg, false); !mousemaze.IsUsageError(err) || !strings.Contains(err.Error(), "m.txt:1: maze 0 is 2x3") {
		t.Errorf("exit off the grid: %v", err)
	}
	if _, _, err := ReadInputs([]string{filepath.Join(dir, "none")}, nil, mousemaze.Config{Order: mousemaze.DRLU}, false); err == nil || mousemaze.IsUsageError(err) {
		t.Errorf("missing file: %v", err)
	}
	b := mousemaze.RandomEdges(rng, 3, 4, 0.2)
	edgeFile := filepath.Join(dir, "e.txt")
	if err := os.WriteFile(edgeFile, []byte(b.Format(0, 0)+"\n"+b.Format(0, 0)), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs, boards, err = ReadInputs([]string{edgeFile}, nil, mousemaze.Config{Order: mousemaze.DRLU}, true)
	if err != nil || len(inputs) != 2 || len(boards) != 2 || !reflect.DeepEqual(boards[1], b) || !inputs[1].Edges || inputs[1].Maze.Size() != (mousemaze.Size{Rows: 3, Cols: 4}) {
		t.Errorf("edges: %+v, %d boards, %v", inputs, len(boards), err)
	}
	if _, _, err := ReadInputs([]string{edgeFile}, nil, mousemaze.Config{Order: mousemaze.DRLU, Entry: 4}, true); !mousemaze.IsUsageError(err) || !strings.Contains(err.Error(), "board 0 is 3x4") {
		t.Errorf("edge entry off the board: %v", err)
	}
}

// TestGraphInputs writes grid mazes as graphs, reads them back as graph
// inputs and wants each graph's record to be that of the grid's graph.
func TestGraphInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cfg := mousemaze.Config{Order: mousemaze.DRLU}
	m := mousemaze.RandomFeasible(rng, 4, 5, 0.3, cfg)
	var out bytes.Buffer
	if err := WriteGridGraphs(&out, []string{"-"}, strings.NewReader(m.String()), cfg); err != nil {
		t.Fatal(err)
	}
	recs, err := GraphRecords([]string{"-"}, bytes.NewReader(out.Bytes()), cfg)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v, %v", recs, err)
	}
	g, _ := mousemaze.GridGraph(m, cfg)
	want, _ := NewGraphRecord("-", g, cfg)
	res, _ := mousemaze.Walk(m, cfg)
	if !reflect.DeepEqual(recs[0], want) || recs[0].Turns != res.Turns {
		t.Errorf("record %+v, want %+v (walk %d turns)", recs[0], want, res.Turns)
	}
	if _, err := GraphRecords([]string{"-"}, strings.NewReader("{"), cfg); err == nil {
		t.Error("a bad graph: no error")
	}
}

// TestEvaluateInputsInPlace reads files whose mazes come in batches, big
// and small, of changing sizes, and wants EvaluateInputs to give every
// maze the reference walk's result, the big batches walked where they
// lie: also when the inputs are sliced or reordered, or a maze replaced,
// which rule the in-place walk out for the batches they touch.
func TestEvaluateInputsInPlace(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(5, 6))
	var names []string
	for f := range 2 {
		var text bytes.Buffer
		for _, run := range []struct{ n, rows, cols int }{{3000, 5, 4}, {10, 3, 3}, {2500, 4, 6}, {1, 5, 4}, {1200, 5, 4}} {
			for range run.n + f {
				text.WriteString(mousemaze.Random(rng, run.rows, run.cols, 0.3).String() + "\n")
			}
		}
		names = append(names, filepath.Join(dir, fmt.Sprintf("m%d.txt", f)))
		if err := os.WriteFile(names[f], text.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := mousemaze.Config{Order: mousemaze.DRLU}
	inputs, _, err := ReadInputs(names, nil, cfg, false)
	if err != nil {
		t.Fatal(err)
	}
	whole := 0
	for i := 0; i < len(inputs); {
		if n := wholeBatch(inputs[i:]); n >= inPlace {
			whole++
			i += n
			continue
		}
		i++
	}
	if whole < 4 {
		t.Fatalf("%d whole batches of %d mazes or more, want 4 at least", whole, inPlace)
	}
	ev := mazetest.Open(t, "ref", mousemaze.Options{})
	check := func(what string, inputs []Input) {
		t.Helper()
		results, err := EvaluateInputs(ev, cfg, inputs)
		if err != nil || len(results) != len(inputs) {
			t.Fatalf("%s: %d results, %v", what, len(results), err)
		}
		for i, in := range inputs {
			want, err := mousemaze.Walk(in.Maze, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if !results[i].Same(want) {
				t.Fatalf("%s: input %d (%s maze %d): %+v, want %+v", what, i, in.File, in.Index, results[i], want)
			}
		}
	}
	check("as read", inputs)
	check("sliced", inputs[1:len(inputs)-1])
	swapped := slices.Clone(inputs)
	swapped[10], swapped[20] = swapped[20], swapped[10]
	check("two swapped", swapped)
	replaced := slices.Clone(inputs)
	replaced[5].Maze = mousemaze.NewMaze(5, 4) // all open: escapes, unlike maze 5 as read
	if before, _ := mousemaze.Walk(inputs[5].Maze, cfg); before.Escaped {
		t.Fatalf("maze 5 as read escapes too: %+v", before)
	}
	check("one replaced", replaced)
}
