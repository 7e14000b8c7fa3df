package evalout

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/mazetest"

	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"
)

// TestEvaluateInputs evaluates mazes of mixed sizes in one call and wants
// each result to be the reference walk's, in input order, and the table
// to show them.
func TestEvaluateInputs(t *testing.T) {
	ev := mazetest.Open(t, "ref", mousemaze.Options{})
	rng := rand.New(rand.NewPCG(1, 2))
	var inputs []Input
	for i := 0; i < 30; i++ {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		inputs = append(inputs, Input{File: "f", Index: i, Maze: mousemaze.Random(rng, rows, cols, 0.3)})
	}
	results, err := EvaluateInputs(ev, mousemaze.Config{}, inputs)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range inputs {
		want, err := mousemaze.Walk(in.Maze, mousemaze.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if results[i].Turns != want.Turns || results[i].Escaped != want.Escaped || results[i].Feasible != want.Feasible {
			t.Errorf("maze %d: %+v, want %+v", i, results[i], want)
		}
	}
	var b bytes.Buffer
	WriteEval(context.Background(), &b, inputs[:1], results[:1], EvalOutput{})
	if lines := strings.Split(strings.TrimSpace(b.String()), "\n"); len(lines) != 2 || !strings.Contains(lines[0], "turns") || !strings.Contains(lines[1], inputs[0].Maze.Size().String()) {
		t.Errorf("table:\n%s", b.String())
	}
}

// evalCases returns walked inputs of many sizes under cfg: random mazes
// (feasible and not, some edge boards), in files with awkward names.
func evalCases(t *testing.T, seed uint64, cfg mousemaze.Config) ([]Input, []mousemaze.Result) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	files := []string{"a.txt", "-", `q"uo\te<&>.txt`, "ünï cödé.txt", "tab\there\u2028.txt"}
	var inputs []Input
	var results []mousemaze.Result
	for i := 0; i < 300; i++ {
		rows, cols := 1+rng.IntN(9), 1+rng.IntN(9)
		if i%50 == 0 {
			rows, cols = 1+rng.IntN(64), 1+rng.IntN(64)
		}
		c := cfg
		c.Entry, c.Exit = min(c.Entry, cols-1), min(c.Exit, cols-1)
		m := mousemaze.Random(rng, rows, cols, 0.4*rng.Float64())
		res, err := mousemaze.Walk(m, c)
		if err != nil {
			t.Fatal(err)
		}
		in := Input{File: files[rng.IntN(len(files))], Index: i, Line: 1 + i, Maze: m, Edges: i%7 == 3}
		if in.Edges {
			in.Maze = mousemaze.NewMaze(rows, cols)
		}
		inputs, results = append(inputs, in), append(results, res)
	}
	return inputs, results
}

// TestWriteEvalJSON wants WriteEval's JSON to be, byte for byte, what
// encoding/json writes for each record, the reason of infeasible mazes
// included.
func TestWriteEvalJSON(t *testing.T) {
	for _, cfg := range []mousemaze.Config{{}, {Heat: true}, {K: 2, Cap: 500}, {K: 3, Heat: true}, {Cap: 7, Entry: 1, Exit: 2}} {
		inputs, results := evalCases(t, uint64(cfg.K+1), cfg)
		o := EvalOutput{JSON: true, Config: cfg}
		var got, want bytes.Buffer
		if err := WriteEval(context.Background(), &got, inputs, results, o); err != nil {
			t.Fatal(err)
		}
		enc := json.NewEncoder(&want)
		reasons := map[string]int{}
		for i, in := range inputs {
			rec := o.Record(in, results[i])
			reasons[rec.Infeasible]++
			if err := enc.Encode(rec); err != nil {
				t.Fatal(err)
			}
		}
		if got.String() != want.String() {
			g, w := strings.Split(got.String(), "\n"), strings.Split(want.String(), "\n")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("cfg %+v, line %d:\n got %s\nwant %s", cfg, i+1, g[i], w[i])
				}
			}
			t.Fatalf("cfg %+v: %d lines, want %d", cfg, len(g), len(w))
		}
		if cfg == (mousemaze.Config{}) && (reasons[InfeasibleEntry] == 0 || reasons[InfeasibleExit] == 0 || reasons[InfeasibleUnreachable] == 0) {
			t.Errorf("cases cover the reasons %v, want each", reasons)
		}
	}
}

// TestWriteEvalTable wants WriteEval's table to be, byte for byte, what
// text/tabwriter (padding 2, aligned right) makes of the same cells.
func TestWriteEvalTable(t *testing.T) {
	for _, cfg := range []mousemaze.Config{{}, {Heat: true}, {K: 2, Cap: 500}, {Cap: 7, Entry: 1, Exit: 2}} {
		inputs, results := evalCases(t, 5, cfg)
		for i := range inputs { // a tab in a cell splits tabwriter's cell
			inputs[i].File = strings.ReplaceAll(inputs[i].File, "\t", " ")
		}
		o := EvalOutput{Config: cfg}
		var got, want bytes.Buffer
		if err := WriteEval(context.Background(), &got, inputs, results, o); err != nil {
			t.Fatal(err)
		}
		tw := tabwriter.NewWriter(&want, 0, 0, 2, ' ', tabwriter.AlignRight)
		head := "file\tindex\tsize\tturns\tvisits\tescaped\tfeasible\t"
		if cfg.Cap > 0 {
			head += "capped\t"
		}
		if cfg.K > 0 {
			head += "trapped\tcycle\tmousetrap\t"
		}
		fmt.Fprintln(tw, head+"why\t")
		for i, in := range inputs {
			r := results[i]
			fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%d\t%s\t%s\t", in.File, in.Index, in.Maze.Size(), r.Turns, r.Visits(), YesNo(r.Escaped), YesNo(r.Feasible))
			if cfg.Cap > 0 {
				fmt.Fprintf(tw, "%s\t", YesNo(r.Feasible && !r.Escaped && !r.Trapped && r.Turns >= cfg.Cap))
			}
			if cfg.K > 0 {
				cycle := "-"
				if r.Trapped {
					cycle = fmt.Sprintf("%d+%d", r.CycleStart, r.CycleLen)
				}
				fmt.Fprintf(tw, "%s\t%s\t%d\t", YesNo(r.Trapped), cycle, r.TrapTurn)
			}
			why := o.Why(in, r)
			if why == "" {
				why = "-"
			}
			fmt.Fprintf(tw, "%s\t\n", why)
		}
		tw.Flush()
		if cfg.Heat {
			for i, in := range inputs {
				fmt.Fprintf(&want, "\n%s maze %d (%s), visits per cell:\n", in.File, in.Index, in.Maze.Size())
				WriteHeat(&want, in.Maze, results[i].Heat)
			}
		}
		if got.String() != want.String() {
			t.Fatalf("cfg %+v: table differs from tabwriter's:\n%s\nwant\n%s", cfg, got.String(), want.String())
		}
	}
}

// TestWhyInfeasible checks each reason on small mazes.
func TestWhyInfeasible(t *testing.T) {
	cases := []struct {
		maze string
		cfg  mousemaze.Config
		want string
	}{
		{"...\n...\n", mousemaze.Config{}, ""},
		{"X..\n...\n", mousemaze.Config{}, InfeasibleEntry},
		{"X..\nX..\n", mousemaze.Config{}, InfeasibleEntry},
		{"...\nX..\n", mousemaze.Config{}, InfeasibleExit},
		{".X.\nX..\n.X.\n", mousemaze.Config{Exit: 2}, InfeasibleUnreachable},
		{".X.\n.X.\n.X.\n", mousemaze.Config{Exit: 2}, InfeasibleUnreachable},
		{".X.\n...\n.X.\n", mousemaze.Config{Exit: 2}, ""},
	}
	for _, c := range cases {
		ms, err := mousemaze.Parse(strings.NewReader(c.maze), "x")
		if err != nil {
			t.Fatal(err)
		}
		if got := WhyInfeasible(ms[0], c.cfg); got != c.want {
			t.Errorf("%q %+v: %q, want %q", c.maze, c.cfg, got, c.want)
		}
		if got, feasible := WhyInfeasible(ms[0], c.cfg), mousemaze.Feasible(ms[0], c.cfg); (got == "") != feasible {
			t.Errorf("%q: reason %q but Feasible %v", c.maze, got, feasible)
		}
	}
}

// TestWriteEvalStopped wants WriteEval, its context done, to stop at the
// end of a line with everything before it flushed, and to say so.
func TestWriteEvalStopped(t *testing.T) {
	inputs, results := evalCases(t, 3, mousemaze.Config{})
	for len(inputs) < 3000 {
		inputs, results = append(inputs, inputs...), append(results, results...)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, o := range []EvalOutput{{JSON: true}, {}} {
		var b bytes.Buffer
		err := WriteEval(ctx, &b, inputs, results, o)
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "output stopped after 0 of ") {
			t.Errorf("json %v: %v, want context.Canceled", o.JSON, err)
		}
		if b.Len() != 0 {
			t.Errorf("json %v: wrote %q before stopping at once", o.JSON, b.String())
		}
		var full bytes.Buffer
		if err := WriteEval(context.Background(), &full, inputs, results, o); err != nil {
			t.Fatal(err)
		}
		ctx2, cancel2 := context.WithCancel(context.Background())
		w := &cancelAfter{n: 70 << 10, cancel: cancel2}
		err = WriteEval(ctx2, w, inputs, results, o)
		if !errors.Is(err, context.Canceled) || w.b.Len() == 0 || w.b.Len() >= full.Len() ||
			!strings.HasPrefix(full.String(), w.b.String()) || !strings.HasSuffix(w.b.String(), "\n") {
			t.Errorf("json %v: cancelled midway: %v, wrote %d of %d bytes", o.JSON, err, w.b.Len(), full.Len())
		}
	}
}

// cancelAfter is a writer that cancels a context once n bytes are written.
type cancelAfter struct {
	b      bytes.Buffer
	n      int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	if c.b.Len()+len(p) >= c.n {
		c.cancel()
	}
	return c.b.Write(p)
}

// TestDigits wants digits to be the length of strconv's decimal form.
func TestDigits(t *testing.T) {
	vals := []int64{0, 1, 9, 10, 99, 100, -1, -9, -10, -11, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for p := int64(1); p < math.MaxInt64/10; p *= 10 {
		vals = append(vals, p-1, p, p+1, -p+1, -p, -p-1)
	}
	for _, v := range vals {
		if got, want := digits(v), len(strconv.FormatInt(v, 10)); got != want {
			t.Errorf("digits(%d) = %d, want %d", v, got, want)
		}
	}
}
