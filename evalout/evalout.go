package evalout

import (
	"github.com/mousemaze/mousemaze"

	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"unicode/utf8"
)

// Input is a maze read from a file, with where it came from.
type Input struct {
	File  string
	Index int
	Line  int
	Maze  mousemaze.Maze
	// Edges marks a Mouse Maze 2 board, whose walls lie on edges: Maze
	// then holds only the board's size (every cell open).
	Edges bool
}

// EvaluateInputs groups the mazes by size, evaluates each group as one
// population and returns the results in input order.
func EvaluateInputs(ev mousemaze.Evaluator, cfg mousemaze.Config, inputs []Input) ([]mousemaze.Result, error) {
	groups := map[mousemaze.Size][]int{}
	var sizes []mousemaze.Size
	for i, in := range inputs {
		sz := in.Maze.Size()
		if _, ok := groups[sz]; !ok {
			sizes = append(sizes, sz)
		}
		groups[sz] = append(groups[sz], i)
	}
	results := make([]mousemaze.Result, len(inputs))
	for _, sz := range sizes {
		idx := groups[sz]
		pop := mousemaze.NewPopulation(sz.Rows, sz.Cols, 0)
		pop.Words = make([]uint64, 0, len(idx)*sz.Rows)
		for _, i := range idx {
			if err := pop.Append(inputs[i].Maze); err != nil {
				return nil, err
			}
		}
		dst := results // one size: the results in input order
		if len(sizes) > 1 {
			dst = make([]mousemaze.Result, len(idx))
		}
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			return nil, fmt.Errorf("%s backend on %s mazes: %w", ev.Name(), sz, err)
		}
		if len(sizes) > 1 {
			for k, i := range idx {
				results[i] = dst[k]
			}
		}
	}
	return results, nil
}

// NewInputRecord is the eval record of input in and its result r. It
// leaves Infeasible empty; EvalOutput.Record fills it.
func NewInputRecord(in Input, r mousemaze.Result) EvalRecord {
	rec := NewEvalRecord(in.Maze.Rows, in.Maze.Cols, r)
	rec.EvalSource = &EvalSource{File: in.File, Index: in.Index}
	return rec
}

// EvalOutput says how WriteEval prints the results of `mousemaze eval`.
type EvalOutput struct {
	// JSON asks for one EvalRecord per line instead of the table.
	JSON bool
	// Config is the rules the mazes were walked under: with Heat the
	// output adds every cell's visit count, with K > 0 the k-mod columns
	// (trapped, cycle, mousetrap), with Cap > 0 the column capped.
	Config mousemaze.Config
}

// Why says why the maze of in is infeasible under o.Config ("" when r is
// feasible): WhyInfeasible's reasons; a Mouse Maze 2 board, whose cells
// are all open, can only have its exit cut off.
func (o EvalOutput) Why(in Input, r mousemaze.Result) string {
	switch {
	case r.Feasible:
		return ""
	case in.Edges:
		return InfeasibleUnreachable
	}
	return WhyInfeasible(in.Maze, o.Config)
}

// Record is the eval record of in and r, with the reason when infeasible.
func (o EvalOutput) Record(in Input, r mousemaze.Result) EvalRecord {
	rec := NewInputRecord(in, r)
	rec.Infeasible = o.Why(in, r)
	return rec
}

// WriteEval writes the results of inputs to w as o says: the table, or one
// JSON EvalRecord per line. It buffers what it writes and flushes once at
// the end (and whenever its 64 KiB buffer fills), so that a hundred
// thousand mazes cost a few hundred write calls; formatting allocates
// nothing per maze. When ctx is done (a signal, say) it stops at the end
// of a line, flushes what it wrote and returns ctx's error; otherwise it
// returns the first write error.
func WriteEval(ctx context.Context, w io.Writer, inputs []Input, results []mousemaze.Result, o EvalOutput) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	stopped := func(i int) error {
		if (i > 0 && i%1024 != 0) || ctx.Err() == nil {
			return nil
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		return fmt.Errorf("output stopped after %d of %d mazes: %w", max(i, 0), len(inputs), ctx.Err())
	}
	if o.JSON {
		var line []byte
		var js jsonStrings
		for i, in := range inputs {
			if err := stopped(i); err != nil {
				return err
			}
			line = o.appendJSON(line[:0], &js, in, results[i])
			if _, err := bw.Write(line); err != nil {
				return err
			}
		}
		return bw.Flush()
	}
	t := evalTable{o: o}
	if err := t.write(bw, inputs, results, stopped); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if !o.Config.Heat {
		return nil
	}
	for i, in := range inputs {
		if err := stopped(i); err != nil {
			return err
		}
		fmt.Fprintf(bw, "\n%s maze %d (%s), visits per cell:\n", in.File, in.Index, in.Maze.Size())
		WriteHeat(bw, in.Maze, results[i].Heat)
	}
	return bw.Flush()
}

// evalTable writes eval's table as text/tabwriter would with padding 2 and
// AlignRight, every line ending in a tab, without its copies: it measures
// the columns in a first pass and writes in a second.
type evalTable struct {
	o      EvalOutput
	cell   []byte // the cells of one line, back to back
	ends   []int  // where each cell of cell ends
	widths []int  // the widest cell of each column, in runes
}

// header appends the header's cells.
func (t *evalTable) header() {
	t.add("file", "index", "size", "turns", "visits", "escaped", "feasible")
	if t.o.Config.Cap > 0 {
		t.add("capped")
	}
	if t.o.Config.K > 0 {
		t.add("trapped", "cycle", "mousetrap")
	}
	t.add("why")
}

func (t *evalTable) add(cells ...string) {
	for _, c := range cells {
		t.cell = append(t.cell, c...)
		t.ends = append(t.ends, len(t.cell))
	}
}

func (t *evalTable) end() { t.ends = append(t.ends, len(t.cell)) }

// row appends the cells of one maze.
func (t *evalTable) row(in Input, r mousemaze.Result) {
	t.cell = append(t.cell, in.File...)
	t.end()
	t.cell = strconv.AppendInt(t.cell, int64(in.Index), 10)
	t.end()
	t.cell = strconv.AppendInt(t.cell, int64(in.Maze.Rows), 10)
	t.cell = append(t.cell, 'x')
	t.cell = strconv.AppendInt(t.cell, int64(in.Maze.Cols), 10)
	t.end()
	t.cell = strconv.AppendInt(t.cell, r.Turns, 10)
	t.end()
	t.cell = strconv.AppendInt(t.cell, r.Visits(), 10)
	t.end()
	t.add(YesNo(r.Escaped), YesNo(r.Feasible))
	if t.o.Config.Cap > 0 {
		t.add(YesNo(r.Capped(t.o.Config.Cap)))
	}
	if t.o.Config.K > 0 {
		t.add(YesNo(r.Trapped))
		if r.Trapped {
			t.cell = strconv.AppendInt(t.cell, r.CycleStart, 10)
			t.cell = append(t.cell, '+')
			t.cell = strconv.AppendInt(t.cell, r.CycleLen, 10)
			t.end()
		} else {
			t.add("-")
		}
		t.cell = strconv.AppendInt(t.cell, r.TrapTurn, 10)
		t.end()
	}
	if why := t.o.Why(in, r); why != "" {
		t.add(why)
	} else {
		t.add("-")
	}
}

// measure widens t.widths to the cells of in and r, as row writes them,
// without writing them; fileWidth is the width of in.File.
func (t *evalTable) measure(fileWidth int, in Input, r mousemaze.Result) {
	w := t.widths
	yesNo := func(b bool) int { return 3 - btoi(!b) }
	w[0] = max(w[0], fileWidth)
	w[1] = max(w[1], digits(int64(in.Index)))
	w[2] = max(w[2], digits(int64(in.Maze.Rows))+1+digits(int64(in.Maze.Cols)))
	w[3] = max(w[3], digits(r.Turns))
	w[4] = max(w[4], digits(r.Visits()))
	w[5] = max(w[5], yesNo(r.Escaped))
	w[6] = max(w[6], yesNo(r.Feasible))
	j := 7
	if t.o.Config.Cap > 0 {
		w[j] = max(w[j], yesNo(r.Capped(t.o.Config.Cap)))
		j++
	}
	if t.o.Config.K > 0 {
		w[j] = max(w[j], yesNo(r.Trapped))
		cycle := 1
		if r.Trapped {
			cycle = digits(r.CycleStart) + 1 + digits(r.CycleLen)
		}
		w[j+1] = max(w[j+1], cycle)
		w[j+2] = max(w[j+2], digits(r.TrapTurn))
		j += 3
	}
	why := len(t.o.Why(in, r))
	w[j] = max(w[j], max(why, 1))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// digits is the length of v in decimal, its sign included.
func digits(v int64) int {
	n := 1
	if v < 0 {
		n++
		v = -(v / 10)
		if v == 0 {
			return n
		}
		n++
	}
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

// line makes the cells of line i (-1 the header) the current ones.
func (t *evalTable) line(i int, inputs []Input, results []mousemaze.Result) {
	t.cell, t.ends = t.cell[:0], t.ends[:0]
	if i < 0 {
		t.header()
	} else {
		t.row(inputs[i], results[i])
	}
}

// write writes the table; stopped, called before each line with the
// line's maze (-1 the header), ends it early when it returns an error.
func (t *evalTable) write(w *bufio.Writer, inputs []Input, results []mousemaze.Result, stopped func(i int) error) error {
	t.line(-1, inputs, results)
	t.widths = make([]int, len(t.ends))
	start := 0
	for j, e := range t.ends {
		t.widths[j] = runes(t.cell[start:e])
		start = e
	}
	lastFile, fileWidth := "", 0
	for i, in := range inputs {
		if i == 0 || in.File != lastFile {
			lastFile, fileWidth = in.File, utf8.RuneCountInString(in.File)
		}
		t.measure(fileWidth, in, results[i])
	}
	for i := -1; i < len(inputs); i++ {
		if err := stopped(i); err != nil {
			return err
		}
		t.line(i, inputs, results)
		start := 0
		for j, e := range t.ends {
			c := t.cell[start:e]
			for n := t.widths[j] + 2 - runes(c); n > 0; {
				k := min(n, 32)
				w.WriteString("                                "[:k])
				n -= k
			}
			w.Write(c)
			start = e
		}
		if err := w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// runes counts the runes of b, as text/tabwriter measures a cell.
func runes(b []byte) int {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return utf8.RuneCount(b)
		}
	}
	return len(b)
}

// jsonStrings remembers the JSON form of the last file name written.
type jsonStrings struct {
	raw, quoted string
}

func (j *jsonStrings) quote(s string) string {
	if s != j.raw || j.quoted == "" {
		b, _ := json.Marshal(s)
		j.raw, j.quoted = s, string(b)
	}
	return j.quoted
}

// appendJSON appends the EvalRecord of in and r and a newline to dst,
// the bytes encoding/json's Encoder writes for it.
func (o EvalOutput) appendJSON(dst []byte, js *jsonStrings, in Input, r mousemaze.Result) []byte {
	dst = append(dst, `{"file":`...)
	dst = append(dst, js.quote(in.File)...)
	dst = append(dst, `,"index":`...)
	dst = strconv.AppendInt(dst, int64(in.Index), 10)
	dst = append(dst, `,"rows":`...)
	dst = strconv.AppendInt(dst, int64(in.Maze.Rows), 10)
	dst = append(dst, `,"cols":`...)
	dst = strconv.AppendInt(dst, int64(in.Maze.Cols), 10)
	dst = append(dst, `,"turns":`...)
	dst = strconv.AppendInt(dst, r.Turns, 10)
	dst = append(dst, `,"visits":`...)
	dst = strconv.AppendInt(dst, r.Visits(), 10)
	dst = append(dst, `,"escaped":`...)
	dst = strconv.AppendBool(dst, r.Escaped)
	dst = append(dst, `,"feasible":`...)
	dst = strconv.AppendBool(dst, r.Feasible)
	if why := o.Why(in, r); why != "" {
		dst = append(dst, `,"infeasible":"`...)
		dst = append(dst, why...)
		dst = append(dst, '"')
	}
	if r.Heat != nil && in.Maze.Rows > 0 {
		dst = append(dst, `,"heat":[`...)
		cols := in.Maze.Cols
		for row := 0; row < in.Maze.Rows; row++ {
			if row > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '[')
			for c, v := range r.Heat[row*cols : (row+1)*cols] {
				if c > 0 {
					dst = append(dst, ',')
				}
				dst = strconv.AppendUint(dst, uint64(v), 10)
			}
			dst = append(dst, ']')
		}
		dst = append(dst, ']')
	}
	if r.Trapped {
		dst = append(dst, `,"trapped":true`...)
	}
	dst = appendNonZero(dst, `,"cycle_start":`, r.CycleStart)
	dst = appendNonZero(dst, `,"cycle_len":`, r.CycleLen)
	dst = appendNonZero(dst, `,"mousetrap_turn":`, r.TrapTurn)
	return append(dst, "}\n"...)
}

func appendNonZero(dst []byte, key string, v int64) []byte {
	if v == 0 {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), v, 10)
}

// WriteHeat prints a maze's heat map as a grid: X for walls, the visit
// count for open cells.
func WriteHeat(w io.Writer, m mousemaze.Maze, heat []uint32) {
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if m.Wall(r, c) {
				fmt.Fprint(tw, "X\t")
			} else {
				fmt.Fprintf(tw, "%d\t", heat[r*m.Cols+c])
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// YesNo writes b as yes or no.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
