package sweep

import (
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

// treeSplitter cuts a pair's tree into tasks (splitTasks): the reference
// engine, or fastSplitter.
type treeSplitter interface {
	// splitInto appends the tasks of depth decisions to out.
	splitInto(out []prefix, depth int) []prefix
	// splitTop counts the tasks of every depth up to maxDepth and lists
	// those of maxDepth unless they are more than limit.
	splitTop(maxDepth, limit int) ([]int, []prefix)
}

// fastSplitter splits on the fast engine that fits the grid, which walks
// the tree's top several times faster than the reference engine e; where
// no fast engine fits, or a walk passes its turn cap, e splits.
type fastSplitter struct {
	e   *engine
	run *runner
}

// newSplitter returns the splitter for sz under cfg, e's grid and rules.
func newSplitter(sz mousemaze.Size, cfg mousemaze.Config, e *engine) treeSplitter {
	if !fastFits(sz) {
		return e
	}
	return &fastSplitter{e: e, run: newRunner(sz, cfg)}
}

func (s *fastSplitter) splitInto(out []prefix, depth int) []prefix {
	_, ps, ok := s.walk(out, depth, -1)
	if !ok {
		return s.e.splitInto(out, depth)
	}
	return ps
}

func (s *fastSplitter) splitTop(maxDepth, limit int) ([]int, []prefix) {
	counts, ps, ok := s.walk(nil, maxDepth, limit)
	if !ok {
		return s.e.splitTop(maxDepth, limit)
	}
	return counts, ps
}

// walk is fastSplit on the runner's fast engine.
func (s *fastSplitter) walk(out []prefix, maxDepth, limit int) ([]int, []prefix, bool) {
	switch r := s.run; {
	case r.f6 != nil:
		return fastSplit(r.f6, out, maxDepth, limit)
	case r.f8 != nil:
		return fastSplit(r.f8, out, maxDepth, limit)
	default:
		return fastSplit(r.f16, out, maxDepth, limit)
	}
}

// fastSplit walks the top of f's tree, down to maxDepth decisions, as
// engine.splitWalk does from the root: it returns the number of tasks of
// every depth up to maxDepth (the nodes at that depth, and the leaves and
// pruned wall branches above it) and appends the tasks of maxDepth to out,
// in tree order, unless they are more than limit (limit < 0: no limit);
// the list is then nil. It returns false when a walk passed f's turn cap.
//
// Every decision has a level: the decision's state at level k (its cell
// pending), the branch being walked at level k+1, made from a copy of
// level k. paths[k] is the set of open-or-unknown cells holding an
// entry–exit path at the node of level k, which a wall branch tests.
func fastSplit[T counter, A keys[T]](f *fast[T, A], out []prefix, maxDepth, limit int) ([]int, []prefix, bool) {
	at, ends := make([]int, maxDepth+1), make([]int, maxDepth+1)
	var paths [MaxCells + 1]uint64
	f.lastOK, f.nodeKept = false, false // the levels no longer hold a replay
	f.key[0], f.hdr[0], paths[0] = f.rootKey, f.rootHdr, f.rootPath
	d, walls := 0, uint64(0)
	task := func(end bool) { // the node of level d is a task, and an end when end is set
		if end {
			ends[d]++
		}
		if limit >= 0 && len(out) >= limit {
			out, limit = nil, 0 // too many: list none
		}
		if limit != 0 {
			if len(out) == cap(out) {
				// Double the list: append grows a long one by a quarter
				// at a time, copying it four times over in all.
				out = append(make([]prefix, 0, 2*cap(out)+1024), out...)
			}
			out = append(out, prefix{Bits: walls, Len: d})
		}
	}
	for {
		for { // descend, open branches first, to a leaf or maxDepth
			at[d]++
			if d == maxDepth {
				task(false)
				break
			}
			h := &f.hdr[d]
			c := f.advance(&f.key[d], h)
			if c == -2 {
				return nil, nil, false
			}
			if c < 0 {
				task(true)
				break
			}
			h.pending = c
			copyKeys(unsafe.Pointer(&f.key[d+1]), unsafe.Pointer(&f.key[d]), unsafe.Sizeof(f.key[0]))
			f.hdr[d+1], paths[d+1] = *h, paths[d]
			d++
			f.openAt(d, c)
		}
		for { // back to the last decision still to take its wall branch
			if d == 0 {
				counts, above := make([]int, maxDepth+1), 0
				for k := range counts {
					counts[k] = at[k] + above
					above += ends[k]
				}
				return counts, out, true
			}
			if walls>>uint(d-1)&1 != 0 {
				d--
				walls &^= 1 << uint(d)
				continue
			}
			walls |= 1 << uint(d-1)
			h := &f.hdr[d-1]
			wp, ok := f.wallPath(h.free, paths[d-1], h.pending)
			copyKeys(unsafe.Pointer(&f.key[d]), unsafe.Pointer(&f.key[d-1]), unsafe.Sizeof(f.key[0]))
			f.hdr[d], paths[d] = *h, wp
			f.wallAt(d, h.pending)
			if ok {
				break
			}
			at[d]++
			task(true)
		}
	}
}
