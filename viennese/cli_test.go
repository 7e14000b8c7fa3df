package viennese

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDescribeFile reads a maze from a file and from stdin, under its own
// variant line and a given one, and wants Describe's record naming the
// file; a canvas without colours is refused.
func TestDescribeFile(t *testing.T) {
	const name = "testdata/lollipop.txt"
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, given := range []*Variant{nil, ptr(HT), ptr(NHT)} {
		f, v, r, err := DescribeFile(name, nil, given, 3)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Describe(&f.Maze, f.VariantOr(given), 3)
		want.File = name
		if v != f.VariantOr(given) || !reflect.DeepEqual(r, want) {
			t.Errorf("variant %v: %v, %+v; want %+v", given, v, r, want)
		}
		_, _, r2, err := DescribeFile("-", strings.NewReader(string(text)), given, 3)
		want.File = "-"
		if err != nil || !reflect.DeepEqual(r2, want) {
			t.Errorf("stdin, variant %v: %+v, %v", given, r2, err)
		}
		var w strings.Builder
		r.WriteScore(&w)
		if w.String() != name+": "+v.String()+" "+StatsLine(r)+"\n" {
			t.Errorf("score line %q", w.String())
		}
	}
	canvas := filepath.Join(t.TempDir(), "c.txt")
	f, _ := OpenCanvas("3x3")
	if err := WriteText(mustCreate(t, canvas), &f.Maze, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := DescribeFile(canvas, nil, nil, 1); err == nil || !strings.Contains(err.Error(), "without colours") {
		t.Errorf("a canvas: %v", err)
	}
}

// TestEvolvedOutputs runs a short search and wants its JSON lines'
// fields, and the files it writes to read back as the best maze.
func TestEvolvedOutputs(t *testing.T) {
	p, err := DefaultParams(AlgoKeep)
	if err != nil {
		t.Fatal(err)
	}
	p.Evals, p.Seed = 200, 1
	var lines []Improved
	e, err := EvolveCanvas(context.Background(), EvolveOptions{Canvas: "3x3", Params: p, Progress: func(r Result) { lines = append(lines, NewImproved(r)) }})
	if err != nil {
		t.Fatal(err)
	}
	last := lines[len(lines)-1]
	if last.Event != "improved" || last.Score != e.Record.Score || fmt.Sprint(last.Colours) != fmt.Sprint(e.Best.Colours) {
		t.Errorf("last improvement %+v, best %v %v", last, e.Record.Score, e.Best.Colours)
	}
	b, _ := json.Marshal(e.Done())
	var done map[string]any
	if err := json.Unmarshal(b, &done); err != nil || done["event"] != "done" || done["score"] != e.Record.Score || done["variant"] != e.Record.Variant {
		t.Errorf("done line %s: %v", b, err)
	}
	dir := t.TempDir()
	out, png := filepath.Join(dir, "best.txt"), filepath.Join(dir, "best.png")
	if err := e.WriteFiles(out, png); err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(out)
	if err != nil || fmt.Sprint(f.Maze.Colours) != fmt.Sprint(e.Best.Colours) {
		t.Errorf("--out reads back as %v, %v; want %v", f, err, e.Best.Colours)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("--png: %v", err)
	}
	if err := e.WriteFiles(filepath.Join(dir, "none", "x.txt"), png); err == nil {
		t.Error("an unwritable --out: no error")
	}
}

func ptr(v Variant) *Variant { return &v }

// mustCreate creates the file name, closed at the end of the test.
func mustCreate(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
