package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"reflect"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// ErrCorrupt marks a report or a checkpoint that no sweep could have
// written: a field out of range, or fields that contradict each other or
// the sweep. Its errors say which field, and what is wrong with it.
var ErrCorrupt = errors.New("sweep: corrupt report or checkpoint")

// fieldError is the error of a field of a report or a checkpoint (its
// JSON path, such as "pairs[3].histogram[0].mazes"), in the file File
// when that is known. It is ErrCorrupt for errors.Is.
type fieldError struct {
	File, Field, Problem string
}

// Error returns "FILE: field: problem", leaving out what is not known.
func (e *fieldError) Error() string {
	var b strings.Builder
	for _, s := range []string{e.File, e.Field} {
		if s != "" {
			b.WriteString(s)
			b.WriteString(": ")
		}
	}
	b.WriteString(e.Problem)
	return b.String()
}

// Is reports whether target is ErrCorrupt.
func (e *fieldError) Is(target error) bool { return target == ErrCorrupt }

// corrupt returns the fieldError of field.
func corrupt(field, format string, a ...any) *fieldError {
	return &fieldError{Field: field, Problem: fmt.Sprintf(format, a...)}
}

// within returns err with the field path prefix put before its field,
// when err is a fieldError ("pairs[2]" and "tasks" give "pairs[2].tasks").
func within(prefix string, err error) error {
	var fe *fieldError
	if prefix == "" || !errors.As(err, &fe) {
		return err
	}
	if fe.Field == "" {
		fe.Field = prefix
	} else {
		fe.Field = prefix + "." + fe.Field
	}
	return err
}

// inFile returns err with the file name set, when err is a fieldError;
// otherwise it puts the name before the message.
func inFile(name string, err error) error {
	var fe *fieldError
	if errors.As(err, &fe) && fe.File == "" {
		fe.File = name
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// countType is the type of Count, as decoding errors name it.
var countType = reflect.TypeFor[Count]()

// rangeError rewrites the error of decoding a JSON number that does not
// fit its field (a negative count, a fraction, a number too large) into a
// fieldError that says so, with the field's JSON path. It returns nil for
// other errors, after taking the Go name of the embedded PairReport out of
// their field path.
func rangeError(te *json.UnmarshalTypeError) *fieldError {
	field := strings.ReplaceAll(te.Field, "PairReport.", "")
	te.Field = field
	if te.Type == countType {
		v := strings.TrimPrefix(strings.TrimPrefix(te.Value, "number "), "string ")
		if len(v) > 40 {
			v = v[:40] + "..."
		}
		return corrupt(field, "%s is not a count: want a whole number from 0 to 2^128-1, written in a string", v)
	}
	v, ok := strings.CutPrefix(te.Value, "number ")
	if !ok || te.Type == nil {
		return nil
	}
	lo, hi := new(big.Int), new(big.Int)
	switch k := te.Type.Kind(); {
	case k >= reflect.Int && k <= reflect.Int64:
		lo.Lsh(big.NewInt(1), uint(te.Type.Bits()-1)).Neg(lo)
		hi.Lsh(big.NewInt(1), uint(te.Type.Bits()-1)).Sub(hi, big.NewInt(1))
	case k >= reflect.Uint && k <= reflect.Uint64:
		hi.Lsh(big.NewInt(1), uint(te.Type.Bits())).Sub(hi, big.NewInt(1))
	default:
		return nil
	}
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	f, _, err := big.ParseFloat(strings.TrimSuffix(v, "..."), 10, 256, big.ToNearestEven)
	var n *big.Int
	if err == nil && !f.IsInf() {
		n, _ = f.Int(nil)
	}
	switch {
	case n != nil && !f.IsInt():
		return corrupt(field, "%s is not a whole number", v)
	case n != nil && n.Cmp(lo) >= 0 && n.Cmp(hi) <= 0:
		return corrupt(field, "%s: write the whole number with digits only", v)
	case n != nil && n.Sign() < 0 && lo.Sign() == 0:
		return corrupt(field, "%s is negative: want a whole number from 0 to %v", v, hi)
	}
	return corrupt(field, "%s is out of range: want a whole number from %v to %v", v, lo, hi)
}

// jsonError returns the error of decoding a report or a checkpoint, with a
// number that does not fit its field said in plain words (rangeError).
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if fe := rangeError(te); fe != nil {
			return fe
		}
		if te.Struct == reflect.TypeFor[reportFields]().Name() {
			te.Struct = "Report"
		}
	}
	return err
}

// reportFields is Report without its UnmarshalJSON method.
type reportFields Report

// UnmarshalJSON decodes r as encoding/json does by default; a number that
// does not fit its field (a negative count, a fraction, a number too
// large) is an error naming the field and saying what it should hold. It
// does not validate r: see Validate.
func (r *Report) UnmarshalJSON(data []byte) error {
	return jsonError(json.Unmarshal(data, (*reportFields)(r)))
}

// pairRules is what the tally of one pair of end columns must agree with:
// the sweep, and which of the pair's tasks the tally covers.
type pairRules struct {
	sz       mousemaze.Size
	cfg      mousemaze.Config // the order and the pair's end columns
	depth    int              // the depth at which the pair's tree is split
	bestOnly bool
	tasks    int              // how many tasks the tally covers
	tasksAre string           // what those tasks are, for messages
	covers   func(i int) bool // whether the tally covers task i
	whole    bool             // the tally covers every task of the pair
	pending  bool             // a task of the pair is still to run (a checkpoint's)
}

// check checks the tally p against w. The invariants are those of the
// tallies that sweeps and merges build (addTask, merge, finish): the
// histogram lists buckets by increasing turns, each of at least one leaf
// standing for at least one maze each; the leaves are the histogram's;
// the mazes are the histogram's, the infeasible and the pruned ones (at
// most 2^cells, and exactly that when every task is covered); the optimum
// is the histogram's last bucket; and the optimal maze, when there is one,
// is of the sweep's size, lies in a covered task, and walks the optimum.
func (p *PairReport) check(w pairRules) error {
	if p.Entry != w.cfg.Entry || p.Exit != w.cfg.Exit {
		return corrupt("entry, exit", "%d, %d: want %d, %d", p.Entry, p.Exit, w.cfg.Entry, w.cfg.Exit)
	}
	if p.SplitDepth != w.depth {
		return corrupt("split_depth", "%d: want %d", p.SplitDepth, w.depth)
	}
	if p.Tasks != w.tasks {
		return corrupt("tasks", "%d, but the %s number %d", p.Tasks, w.tasksAre, w.tasks)
	}
	if p.OptimumTurns < 0 {
		return corrupt("optimum_turns", "%d is negative", p.OptimumTurns)
	}
	var classes uint64
	sum := new(big.Int)
	var top *Bucket
	for k := range p.Histogram {
		b := &p.Histogram[k]
		field := fmt.Sprintf("histogram[%d]", k)
		switch {
		case b.Turns < 1:
			return corrupt(field+".turns", "%d: a walk takes at least 1 turn", b.Turns)
		case top != nil && b.Turns <= top.Turns:
			return corrupt(field+".turns", "%d after %d: want increasing turns", b.Turns, top.Turns)
		case b.Classes == 0:
			return corrupt(field+".classes", "0: a bucket holds at least one class")
		case b.Mazes.Hi == 0 && b.Mazes.Lo < b.Classes:
			return corrupt(field+".mazes", "%v, fewer than its %d classes (each class stands for at least one maze)", b.Mazes, b.Classes)
		}
		var carry uint64
		if classes, carry = bits.Add64(classes, b.Classes, 0); carry != 0 {
			return corrupt("histogram", "its classes add up to more than 2^64")
		}
		sum.Add(sum, b.Mazes.Big())
		top = b
	}
	if p.Leaves != classes {
		return corrupt("leaves", "%d, but the histogram's classes add up to %d", p.Leaves, classes)
	}
	if !w.bestOnly && !p.PrunedMazes.IsZero() {
		return corrupt("pruned_mazes", "%v in a sweep that is not best-only (want 0)", p.PrunedMazes)
	}
	sum.Add(sum, p.InfeasibleMazes.Big())
	sum.Add(sum, p.PrunedMazes.Big())
	if sum.Cmp(p.Mazes.Big()) != 0 {
		return corrupt("mazes", "%v, but infeasible_mazes, pruned_mazes and the histogram's mazes add up to %v", p.Mazes, sum)
	}
	all := Pow2(w.sz.Cells())
	if c := p.Mazes.Big().Cmp(all.Big()); c > 0 || w.whole && c != 0 {
		return corrupt("mazes", "%v, but %s has 2^%d = %v mazes in all", p.Mazes, w.sz, w.sz.Cells(), all)
	}
	var opt Bucket
	if top != nil {
		opt = *top
	}
	if p.OptimumTurns != opt.Turns {
		return corrupt("optimum_turns", "%d, but the histogram's most turns are %d", p.OptimumTurns, opt.Turns)
	}
	if want := max(p.OptimumTurns-2, 0); p.OptimumVisits != want {
		return corrupt("optimum_visits", "%d: want %d (optimum_turns - 2)", p.OptimumVisits, want)
	}
	if p.OptimalClasses != opt.Classes || p.OptimalMazes != opt.Mazes {
		return corrupt("optimal_classes, optimal_mazes", "%d, %v, but the histogram's bucket of %d turns holds %d, %v", p.OptimalClasses, p.OptimalMazes, opt.Turns, opt.Classes, opt.Mazes)
	}
	if p.OptimumTurns == 0 {
		if p.OptimalMaze != "" || p.OptimalClass != "" {
			return corrupt("optimal_maze", "a maze where no maze was found (optimum_turns 0)")
		}
		if p.OptimalTask != 0 && p.OptimalTask != -1 {
			return corrupt("optimal_task", "%d where no maze was found: want 0 (or -1)", p.OptimalTask)
		}
		return nil
	}
	if !w.covers(p.OptimalTask) {
		return corrupt("optimal_task", "%d is not one of the %s", p.OptimalTask, w.tasksAre)
	}
	if p.OptimalMaze == "" && p.OptimalClass == "" && w.pending {
		// A batch whose best is below that of a batch finished but not yet
		// collected leaves its maze out (tally.result): the later batch's
		// tasks are not done yet, and they will set the maze.
		return nil
	}
	return p.checkMaze(w)
}

// checkMaze checks that p's optimal maze is one maze of the sweep's size,
// written as sweep writes it, that the reference walk takes the optimum's
// turns on it, and that its class is the maze with some cells '?'.
func (p *PairReport) checkMaze(w pairRules) error {
	if p.OptimalMaze == "" {
		return corrupt("optimal_maze", "missing, but optimum_turns is %d", p.OptimumTurns)
	}
	ms, err := mousemaze.Parse(strings.NewReader(p.OptimalMaze), "optimal_maze")
	var pe *mousemaze.ParseError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case err != nil:
		return corrupt("optimal_maze", "not a maze: %v", err)
	case len(ms) != 1:
		return corrupt("optimal_maze", "%d mazes: want one", len(ms))
	case ms[0].Size() != w.sz:
		return corrupt("optimal_maze", "a %s maze in a sweep of %s", ms[0].Size(), w.sz)
	case ms[0].String() != p.OptimalMaze:
		return corrupt("optimal_maze", "not written as sweep writes it (rows of '.' and 'X', each ended by a newline)")
	}
	res, err := mousemaze.Walk(ms[0], w.cfg)
	switch {
	case err != nil:
		return corrupt("optimal_maze", "the reference walk fails: %v", err)
	case !res.Feasible:
		return corrupt("optimal_maze", "the mouse cannot reach exit %d from entry %d", w.cfg.Exit, w.cfg.Entry)
	case res.Turns != p.OptimumTurns:
		return corrupt("optimal_maze", "the reference walk takes %d turns on it (order %s, entry %d, exit %d), but optimum_turns is %d",
			res.Turns, w.cfg.Order, w.cfg.Entry, w.cfg.Exit, p.OptimumTurns)
	}
	if len(p.OptimalClass) != len(p.OptimalMaze) || strings.ReplaceAll(p.OptimalClass, "?", ".") != p.OptimalMaze {
		return corrupt("optimal_class", "not optimal_maze with some open cells made '?'")
	}
	return nil
}

// layout is the task list of a sweep as reports and checkpoints number
// it: the pairs of end columns in order, pair j holding the tasks
// first[j] to first[j+1]-1.
type layout struct {
	sz     mousemaze.Size
	cfgs   []mousemaze.Config
	depths []int
	first  []int
}

// total returns the number of tasks of the sweep.
func (l *layout) total() int { return l.first[len(l.first)-1] }

// maxTasks is the most tasks a report or checkpoint may claim: 2^24,
// 256 times the automatic split's target (a sweep lists its tasks in
// memory, and the check of a claim splits the tree that far), so that a
// damaged total_tasks is refused in moments.
const maxTasks = 1 << 24

// countTasks returns the number of tasks of the tree of sz under cfg split
// at depth, or a number above limit when the split has more than limit
// tasks (countSplit).
func countTasks(sz mousemaze.Size, cfg mousemaze.Config, depth, limit int) int {
	return countSplit(newSplitter(sz, cfg, newEngine(sz, cfg)), depth, limit)
}

// countSplit returns the number of tasks of s's tree split at depth, or a
// number above limit when the split has more than limit tasks: it splits
// at increasing depths and stops as soon as one has too many, so that a
// report that claims a split too deep to be real is refused in moments
// rather than split for hours.
func countSplit(s treeSplitter, depth, limit int) int {
	for d := min(4, depth); ; d = min(d+4, depth) {
		counts, _ := s.splitTop(d, 0)
		if counts[d] > limit || d == depth {
			return counts[d]
		}
	}
}

// inShard returns how many of the tasks from to to-1 shard k of n takes
// (those whose index is k mod n).
func inShard(from, to, k, n int) int {
	below := func(x int) int { return max(0, (x-k+n-1)/n) }
	return below(to) - below(from)
}

// pairsOf returns the pairs of r: r.Pairs with free ends, else r's own.
func pairsOf(r *Report) []PairReport {
	if r.FreeEnds {
		return r.Pairs
	}
	return []PairReport{r.PairReport}
}

// header checks the fields of r that describe the sweep, and returns its
// size, its order and its shard.
func (r *Report) header() (mousemaze.Size, mousemaze.Order, mousemaze.Shard, error) {
	sz := mousemaze.Size{Rows: r.Rows, Cols: r.Cols}
	sh := mousemaze.Shard{Count: 1}
	if err := sz.Validate(); err != nil {
		return sz, mousemaze.Order{}, sh, corrupt("rows, cols", "%v", err)
	}
	if sz.Cells() > MaxCells {
		return sz, mousemaze.Order{}, sh, corrupt("rows, cols", "%s has %d cells; a sweep has at most %d", sz, sz.Cells(), MaxCells)
	}
	order, err := mousemaze.ParseOrder(r.Order)
	if err != nil || order.String() != r.Order {
		return sz, order, sh, corrupt("order", "%q: want four capitals, a permutation of DRLU", r.Order)
	}
	if r.BestOnly && r.Incumbent < 1 || !r.BestOnly && r.Incumbent != 0 {
		return sz, order, sh, corrupt("incumbent", "%d with best_only %v: a best-only sweep has an incumbent of at least 1 turn, another none", r.Incumbent, r.BestOnly)
	}
	if r.Shard != "" {
		if sh, err = mousemaze.ParseShard(r.Shard); err != nil {
			return sz, order, sh, corrupt("shard", "%q: %v", r.Shard, err)
		}
	}
	if math.IsNaN(r.ElapsedS) || math.IsInf(r.ElapsedS, 0) || r.ElapsedS < 0 {
		return sz, order, sh, corrupt("elapsed_s", "%v: want a number of seconds, 0 or more", r.ElapsedS)
	}
	if r.TotalTasks < 1 {
		return sz, order, sh, corrupt("total_tasks", "%d: a sweep has at least 1 task", r.TotalTasks)
	}
	if r.TotalTasks > maxTasks {
		return sz, order, sh, corrupt("total_tasks", "%d: more than the %d tasks a sweep can be cut into (each task is listed in memory)", r.TotalTasks, maxTasks)
	}
	if !r.FreeEnds {
		cfg := mousemaze.Config{Order: order, Entry: r.Entry, Exit: r.Exit}
		if err := cfg.Validate(sz.Cols); err != nil {
			return sz, order, sh, corrupt("entry, exit", "%v", err)
		}
		if len(r.Pairs) != 0 || r.BestPair != nil {
			return sz, order, sh, corrupt("pairs", "in a sweep of one pair of end columns (free_ends false)")
		}
		return sz, order, sh, nil
	}
	if len(r.Pairs) != sz.Cols*sz.Cols {
		return sz, order, sh, corrupt("pairs", "%d pairs: a sweep with free ends of %d columns has %d", len(r.Pairs), sz.Cols, sz.Cols*sz.Cols)
	}
	return sz, order, sh, nil
}

// layoutKey returns what r's task list depends on, for a cache of
// layouts.
func layoutKey(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d %s %v %d %d", r.Rows, r.Cols, r.Order, r.FreeEnds, r.Entry, r.Exit)
	for _, p := range pairsOf(r) {
		fmt.Fprintf(&b, " %d", p.SplitDepth)
	}
	return b.String()
}

// layoutOf returns the task list of the sweep r describes, whose header
// is valid; cache, when not nil, keeps the layouts already split.
func (r *Report) layoutOf(sz mousemaze.Size, order mousemaze.Order, cache map[string]*layout) (*layout, error) {
	key := layoutKey(r)
	if l := cache[key]; l != nil {
		if l.total() != r.TotalTasks {
			return nil, corrupt("total_tasks", "%d, but the split of this sweep (%s, order %s, %s) has %d tasks", r.TotalTasks, sz, order, splitWords(r), l.total())
		}
		return l, nil
	}
	o := Options{Size: sz, Config: mousemaze.Config{Order: order, Entry: r.Entry, Exit: r.Exit}, FreeEnds: r.FreeEnds}
	l := &layout{sz: sz, cfgs: o.pairs(), first: []int{0}}
	ps := pairsOf(r)
	for j, cfg := range l.cfgs {
		d := ps[j].SplitDepth
		field := "split_depth"
		if r.FreeEnds {
			field = fmt.Sprintf("pairs[%d].split_depth", j)
		}
		// The automatic split stops one below the deepest decision when
		// the tree ends above its aim (splitTasks).
		if maxD := min(sz.Cells()+1, MaxCells); d < 1 || d > maxD {
			return nil, corrupt(field, "%d: want 1 to %d for %s", d, maxD, sz)
		}
		n := l.total() + countTasks(sz, cfg, d, r.TotalTasks-l.total())
		if n > r.TotalTasks {
			return nil, corrupt("total_tasks", "%d, but the split of this sweep (%s, order %s, %s) has more than %d tasks", r.TotalTasks, sz, order, splitWords(r), r.TotalTasks)
		}
		l.depths = append(l.depths, d)
		l.first = append(l.first, n)
	}
	if l.total() != r.TotalTasks {
		return nil, corrupt("total_tasks", "%d, but the split of this sweep (%s, order %s, %s) has %d tasks", r.TotalTasks, sz, order, splitWords(r), l.total())
	}
	if cache != nil {
		cache[key] = l
	}
	return l, nil
}

// splitWords describes r's pairs and split depth for messages.
func splitWords(r *Report) string {
	if r.FreeEnds {
		return "free ends, the pairs' split_depth"
	}
	return fmt.Sprintf("entry %d, exit %d, split depth %d", r.Entry, r.Exit, r.SplitDepth)
}

// Validate checks that r is a report a sweep could have written: the
// whole sweep's, or a shard's, or the merge of shards (Merge). Its fields
// must be in range (the size, the order, the end columns, the shard, the
// counts, the task indices, the elapsed time), the task counts those of
// the sweep's split, each pair's tally consistent (the histogram adds up
// to the leaves and the mazes, the optimum is the histogram's, and the
// reference walk takes the optimum's turns on the optimal maze), and with
// free ends the top level the best pair's. Its error names the field (as JSON spells it) and the
// problem, and is ErrCorrupt for errors.Is.
func (r *Report) Validate() error {
	_, err := r.validate(nil)
	return err
}

// validate is Validate, with a cache of layouts (nil for none); it
// returns r's layout.
func (r *Report) validate(cache map[string]*layout) (*layout, error) {
	sz, order, sh, err := r.header()
	if err != nil {
		return nil, err
	}
	l, err := r.layoutOf(sz, order, cache)
	if err != nil {
		return nil, err
	}
	ps := pairsOf(r)
	for j, cfg := range l.cfgs {
		a, b := l.first[j], l.first[j+1]
		w := pairRules{sz: sz, cfg: cfg, depth: l.depths[j], bestOnly: r.BestOnly,
			tasks: inShard(a, b, sh.Index, sh.Count), whole: sh.Count == 1,
			covers: func(i int) bool { return i >= a && i < b && i%sh.Count == sh.Index }}
		w.tasksAre = fmt.Sprintf("tasks of entry %d, exit %d (%d to %d)", cfg.Entry, cfg.Exit, a, b-1)
		if sh.Count > 1 {
			w.tasksAre += " in shard " + sh.String()
		}
		prefix := ""
		if r.FreeEnds {
			prefix = fmt.Sprintf("pairs[%d]", j)
		}
		if err := within(prefix, ps[j].check(w)); err != nil {
			return nil, err
		}
	}
	if !r.FreeEnds {
		return l, nil
	}
	best := Report{FreeEnds: true, Pairs: r.Pairs}
	best.setBest()
	if f := differs(&r.PairReport, &best.PairReport); f != "" {
		return nil, corrupt(f, "differs from the best pair's, pairs[%d] (entry %d, exit %d): the top level repeats the best pair",
			best.Entry*sz.Cols+best.Exit, best.Entry, best.Exit)
	}
	if r.BestPair == nil {
		return nil, corrupt("best_pair", "missing: want entry %d, exit %d, the first pair with the most turns", best.Entry, best.Exit)
	}
	if *r.BestPair != *best.BestPair {
		return nil, corrupt("best_pair", "entry %d, exit %d: want entry %d, exit %d, the first pair with the most turns", r.BestPair.Entry, r.BestPair.Exit, best.Entry, best.Exit)
	}
	return l, nil
}

// differs returns the JSON name of the first field in which a and b
// differ, or "" when they are equal (an empty histogram equals none).
func differs(a, b *PairReport) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for i := range va.NumField() {
		x, y := va.Field(i), vb.Field(i)
		if x.Kind() == reflect.Slice && x.Len() == 0 && y.Len() == 0 {
			continue
		}
		if !reflect.DeepEqual(x.Interface(), y.Interface()) {
			name, _, _ := strings.Cut(va.Type().Field(i).Tag.Get("json"), ",")
			return name
		}
	}
	return ""
}
