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
	File  string         // the file's name ("-" for standard input)
	Index int            // the maze's index in the file, from 0
	Line  int            // the 1-based line on which the maze begins
	Maze  mousemaze.Maze // the maze
	// Edges marks a Mouse Maze 2 board, whose walls lie on edges: Maze
	// then holds only the board's size (every cell open).
	Edges bool
	// batch, set by ReadInputs, is the batch whose population holds
	// Maze's walls, as maze Index-batch.First.
	batch *mousemaze.Batch
}

// inPlace is the fewest mazes of a batch that EvaluateInputs walks where
// the batch lies: smaller ones are copied, with the mazes of no batch,
// into one population per size.
const inPlace = 1024

// EvaluateInputs evaluates the mazes and returns the results in input
// order. The whole batches that ReadInputs read (each a run of mazes of
// one size, in order) are evaluated where they lie, a population each;
// the other mazes are grouped by size, each group copied into one
// population.
func EvaluateInputs(ev mousemaze.Evaluator, cfg mousemaze.Config, inputs []Input) ([]mousemaze.Result, error) {
	results := make([]mousemaze.Result, len(inputs))
	var rest []int // the inputs of no batch walked in place
	for i := 0; i < len(inputs); {
		if n := wholeBatch(inputs[i:]); n >= inPlace {
			if err := evaluate(ev, cfg, inputs[i].batch.Pop, results[i:i+n]); err != nil {
				return nil, err
			}
			i += n
			continue
		}
		rest = append(rest, i)
		i++
	}
	groups := map[mousemaze.Size][]int{}
	var sizes []mousemaze.Size
	for _, i := range rest {
		sz := inputs[i].Maze.Size()
		if _, ok := groups[sz]; !ok {
			sizes = append(sizes, sz)
		}
		groups[sz] = append(groups[sz], i)
	}
	for _, sz := range sizes {
		idx := groups[sz]
		pop := mousemaze.NewPopulation(sz.Rows, sz.Cols, 0)
		pop.Words = make([]uint64, 0, len(idx)*sz.Rows)
		for _, i := range idx {
			if err := pop.Append(inputs[i].Maze); err != nil {
				return nil, err
			}
		}
		dst := make([]mousemaze.Result, len(idx))
		if err := evaluate(ev, cfg, pop, dst); err != nil {
			return nil, err
		}
		for k, i := range idx {
			results[i] = dst[k]
		}
	}
	return results, nil
}

// Evaluate walks what ReadInputs read under cfg with ev: the grid mazes
// of inputs (EvaluateInputs), or with edges the edge boards (ev when it
// walks them, mousemaze.EvaluateEdgesWith, else the reference walk, on
// workers). It returns the results in input order.
func Evaluate(ev mousemaze.Evaluator, cfg mousemaze.Config, inputs []Input, boards []mousemaze.EdgeMaze, edges bool, workers int) ([]mousemaze.Result, error) {
	if !edges {
		return EvaluateInputs(mousemaze.ForConfig(ev, cfg), cfg, inputs)
	}
	results := make([]mousemaze.Result, len(inputs))
	_, err := mousemaze.EvaluateEdgesWith(ev, boards, cfg, results, workers)
	return results, err
}

// wholeBatch returns the length of the batch that inputs start with, when
// they start with the whole of it, maze after maze, each maze's walls
// still those in the batch's population; else 0.
func wholeBatch(inputs []Input) int {
	b := inputs[0].batch
	if b == nil {
		return 0
	}
	pop := b.Pop
	n := pop.Len()
	if n > len(inputs) {
		return 0
	}
	for j := range inputs[:n] {
		in := &inputs[j]
		m := in.Maze
		if in.batch != b || in.Index != b.First+j || m.Rows != pop.Rows || m.Cols != pop.Cols ||
			len(m.Walls) != pop.Rows || &m.Walls[0] != &pop.Words[j*pop.Rows] {
			return 0
		}
	}
	return n
}

// evaluate evaluates pop into dst with ev.
func evaluate(ev mousemaze.Evaluator, cfg mousemaze.Config, pop mousemaze.Population, dst []mousemaze.Result) error {
	if err := ev.Evaluate(pop, cfg, dst); err != nil {
		return fmt.Errorf("%s backend on %s mazes: %w", ev.Name(), pop.Size(), err)
	}
	return nil
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
// the columns in a first pass and writes in a second, each row appended
// to one buffer straight from its numbers.
type evalTable struct {
	o      EvalOutput
	cell   []byte   // the header's cells, back to back
	ends   []int    // where each cell of cell ends
	widths []int    // the widest cell of each column, in runes
	rows   int      // the rows of the table, the header left out
	whys   []string // each row's reason; nil until a maze is infeasible
	blank  []byte   // a blank row of the current file: its cell, then spaces
	stops  []int    // where each cell of a row ends
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

// why is the reason of row i (in and r), measured before.
func (t *evalTable) why(i int, r *mousemaze.Result) string {
	if r.Feasible || t.whys == nil {
		return ""
	}
	return t.whys[i]
}

// measure widens t.widths to the cells of row i (in and r), as appendRow
// writes them, without writing them; fileWidth is the width of in.File.
// It notes the row's reason in t.whys when the maze is infeasible.
func (t *evalTable) measure(i, fileWidth int, in *Input, r *mousemaze.Result) {
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
	why := ""
	if !r.Feasible {
		why = t.o.Why(*in, *r)
		if t.whys == nil {
			t.whys = make([]string, t.rows)
		}
		t.whys[i] = why
	}
	w[j] = max(w[j], max(len(why), 1))
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

// spaces pads the table's cells.
const spaces = "                                                                "

// appendPad appends n spaces (none when n ≤ 0).
func appendPad(dst []byte, n int) []byte {
	for n > 0 {
		k := min(n, len(spaces))
		dst = append(dst, spaces[:k]...)
		n -= k
	}
	return dst
}

// Every row of the table is as wide as the others, each cell padded to
// its column's width, so a row starts as a copy of a blank row (the
// file's cell, then spaces) and each other cell is written right-aligned
// into its place.

// setFile makes t.blank the blank row of the rows of file, and t.stops
// the end of each cell in it.
func (t *evalTable) setFile(file string) {
	t.blank = append(appendPad(t.blank[:0], t.widths[0]+2-utf8.RuneCountInString(file)), file...)
	t.stops = append(t.stops[:0], len(t.blank))
	for _, w := range t.widths[1:] {
		t.blank = appendPad(t.blank, w+2)
		t.stops = append(t.stops, len(t.blank))
	}
	t.blank = append(t.blank, '\n')
}

// putInt writes v into row so that it ends just before end, and returns
// where it starts.
func putInt(row []byte, end int, v int64) int {
	if v < 0 {
		var buf [20]byte
		b := strconv.AppendInt(buf[:0], v, 10)
		return end - copy(row[end-len(b):end], b)
	}
	u := uint64(v)
	for u >= 100 {
		q := u / 100
		k := 2 * (u - 100*q)
		end -= 2
		row[end], row[end+1] = pairs[k], pairs[k+1]
		u = q
	}
	if u >= 10 {
		row[end-2], row[end-1] = pairs[2*u], pairs[2*u+1]
		return end - 2
	}
	row[end-1] = byte('0' + u)
	return end - 1
}

// pairs holds the two digits of every number from 00 to 99.
const pairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// put writes c into row so that it ends just before end.
func put(row []byte, end int, c string) { copy(row[end-len(c):end], c) }

// appendRow appends the line of row i (in and r), of the file t.blank
// was set for.
func (t *evalTable) appendRow(dst []byte, i int, in *Input, r *mousemaze.Result) []byte {
	n := len(dst)
	dst = append(dst, t.blank...)
	row, stop := dst[n:], t.stops
	putInt(row, stop[1], int64(in.Index))
	x := putInt(row, stop[2], int64(in.Maze.Cols)) - 1
	row[x] = 'x'
	putInt(row, x, int64(in.Maze.Rows))
	putInt(row, stop[3], r.Turns)
	putInt(row, stop[4], r.Visits())
	put(row, stop[5], YesNo(r.Escaped))
	put(row, stop[6], YesNo(r.Feasible))
	j := 7
	if t.o.Config.Cap > 0 {
		put(row, stop[j], YesNo(r.Capped(t.o.Config.Cap)))
		j++
	}
	if t.o.Config.K > 0 {
		put(row, stop[j], YesNo(r.Trapped))
		if r.Trapped {
			plus := putInt(row, stop[j+1], r.CycleLen) - 1
			row[plus] = '+'
			putInt(row, plus, r.CycleStart)
		} else {
			put(row, stop[j+1], "-")
		}
		putInt(row, stop[j+2], r.TrapTurn)
		j += 3
	}
	why := t.why(i, r)
	if why == "" {
		why = "-"
	}
	put(row, stop[j], why)
	return dst
}

// write writes the table; stopped, called before the header (with -1)
// and before every 1,024th row (with the row's maze), ends it early
// when it returns an error. Until then the lines go to w 1,024 at a
// time.
func (t *evalTable) write(w *bufio.Writer, inputs []Input, results []mousemaze.Result, stopped func(i int) error) error {
	t.header()
	t.widths = make([]int, len(t.ends))
	start := 0
	for j, e := range t.ends {
		t.widths[j] = runes(t.cell[start:e])
		start = e
	}
	t.rows = len(inputs)
	lastFile, fileWidth := "", 0
	for i, in := range inputs {
		if i == 0 || in.File != lastFile {
			lastFile, fileWidth = in.File, utf8.RuneCountInString(in.File)
		}
		t.measure(i, fileWidth, &inputs[i], &results[i])
	}
	if err := stopped(-1); err != nil {
		return err
	}
	var out []byte
	start = 0
	for j, e := range t.ends {
		c := t.cell[start:e]
		out = append(appendPad(out, t.widths[j]+2-runes(c)), c...)
		start = e
	}
	out = append(out, '\n')
	for i, in := range inputs {
		if i%1024 == 0 {
			if _, err := w.Write(out); err != nil {
				return err
			}
			out = out[:0]
			if err := stopped(i); err != nil {
				return err
			}
		}
		if i == 0 || in.File != lastFile {
			lastFile = in.File
			t.setFile(in.File)
		}
		out = t.appendRow(out, i, &inputs[i], &results[i])
	}
	_, err := w.Write(out)
	return err
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
