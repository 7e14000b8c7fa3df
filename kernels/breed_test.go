package kernels

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

// offset is a field of a kernel's argument: its name in the .cu file, its
// offset in the Go struct and the one the .cu file gives it.
type offset struct {
	name      string
	got, want uintptr
}

// TestBreedKernelParamsLayout checks BreedParams and GatherParams against
// their structs in breed.cu and the parameter sizes the PTX declares for
// the breed and gather kernels.
func TestBreedKernelParamsLayout(t *testing.T) {
	var b BreedParams
	var g GatherParams
	for _, k := range []struct {
		kernel     string
		offs       []offset
		size, want int
	}{
		{BreedKernel, []offset{
			{"parents", unsafe.Offsetof(b.Parents), 0}, {"seeds", unsafe.Offsetof(b.Seeds), 8},
			{"cdf", unsafe.Offsetof(b.CDF), 16}, {"guide", unsafe.Offsetof(b.Guide), 24},
			{"cell_of", unsafe.Offsetof(b.CellOf), 32}, {"children", unsafe.Offsetof(b.Children), 40},
			{"rejected", unsafe.Offsetof(b.Rejected), 48}, {"n", unsafe.Offsetof(b.N), 56},
			{"nparents", unsafe.Offsetof(b.NParents), 60}, {"chunk", unsafe.Offsetof(b.Chunk), 64},
			{"moves", unsafe.Offsetof(b.Moves), 68}, {"cdf_len", unsafe.Offsetof(b.CDFLen), 72},
			{"rows", unsafe.Offsetof(b.Rows), 76}, {"cols", unsafe.Offsetof(b.Cols), 80},
			{"entry", unsafe.Offsetof(b.Entry), 84}, {"exit", unsafe.Offsetof(b.Exit), 88},
			{"cross", unsafe.Offsetof(b.Cross), 92}, {"max_redraws", unsafe.Offsetof(b.MaxRedraws), 96},
			{"binom", unsafe.Offsetof(b.Binom), 100}, {"hashes", unsafe.Offsetof(b.Hashes), 104},
		}, BreedParamsSize, 112},
		{GatherKernel, []offset{
			{"src", unsafe.Offsetof(g.Src), 0}, {"idx", unsafe.Offsetof(g.Idx), 8}, {"dst", unsafe.Offsetof(g.Dst), 16},
			{"n", unsafe.Offsetof(g.N), 24}, {"rows", unsafe.Offsetof(g.Rows), 28},
		}, GatherParamsSize, 32},
	} {
		for _, o := range k.offs {
			if o.got != o.want {
				t.Errorf("%s: field %s at offset %d, breed.cu has it at %d", k.kernel, o.name, o.got, o.want)
			}
		}
		if k.size != k.want {
			t.Errorf("%s: the argument is %d bytes, breed.cu's is %d", k.kernel, k.size, k.want)
		}
		decl := fmt.Sprintf(".visible .entry %s(\n\t.param .align 8 .b8 %s_param_0[%d]\n)", k.kernel, k.kernel, k.size)
		if !strings.Contains(PTX, decl) {
			t.Errorf("walk.ptx does not declare %q", decl)
		}
	}
}

// TestBreedJobCheck checks that Check accepts a job the kernel can breed
// and names the problem of each it cannot.
func TestBreedJobCheck(t *testing.T) {
	good := func() BreedJob {
		return BreedJob{
			Rows: 3, Cols: 4, Entry: 0, Exit: 1, Cross: true,
			Parents: make([]uint64, 6), N: 5, Chunk: 4, Seeds: []uint64{1, 2},
			Binom: BinomTable, CDF: []float64{0.5, 1}, Guide: make([]uint16, BreedGuide),
			CellOf: []uint16{1, 2, 1<<6 | 3, 2<<6 | 2}, MaxRedraws: 4, Total: 5,
		}
	}
	j := good()
	if err := j.Check(); err != nil {
		t.Fatalf("a good job: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(*BreedJob)
		want string
	}{
		{"too many cells", func(j *BreedJob) { j.Rows, j.Cols, j.Parents = 33, 32, make([]uint64, 33) }, "more than 1024 cells"},
		{"too many rows", func(j *BreedJob) { j.Rows, j.Cols = 65, 1 }, "at most 64 rows"},
		{"exit outside", func(j *BreedJob) { j.Exit = 4 }, "outside 4 columns"},
		{"ragged parents", func(j *BreedJob) { j.Parents = make([]uint64, 7) }, "7 parent words"},
		{"no parents", func(j *BreedJob) { j.Parents = nil }, "0 parent words"},
		{"too few seeds", func(j *BreedJob) { j.Seeds = j.Seeds[:1] }, "1 seeds of 4 children for 5"},
		{"no table", func(j *BreedJob) { j.CDF = nil }, "a table of 0 entries"},
		{"short guide", func(j *BreedJob) { j.Guide = j.Guide[:5] }, "a guide of 5"},
		{"guide past the table", func(j *BreedJob) { j.Guide[7] = 2 }, "guide entry 2 past a table of 2"},
		{"move outside", func(j *BreedJob) { j.CellOf[2] = 3<<6 | 0 }, "move cell 3,0 outside"},
		{"move past the columns", func(j *BreedJob) { j.CellOf[0] = 4 }, "move cell 0,4 outside"},
		{"no moves", func(j *BreedJob) { j.CellOf = nil }, "no moves"},
		{"bad mode", func(j *BreedJob) { j.Binom = 3 }, "binomial mode 3"},
		{"no redraws", func(j *BreedJob) { j.MaxRedraws = 0 }, "0 redraws"},
	} {
		j := good()
		c.edit(&j)
		err := j.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check gives %v, want an error with %q", c.name, err, c.want)
		}
	}
	j = good()
	j.Binom, j.CDF, j.Guide = BinomNone, nil, nil
	if err := j.Check(); err != nil {
		t.Errorf("no flips: %v", err)
	}
	p := good()
	q := p.Params()
	if q.N != 5 || q.NParents != 2 || q.Chunk != 4 || q.Moves != 4 || q.CDFLen != 2 || q.Rows != 3 || q.Cols != 4 || q.Exit != 1 || q.Cross != 1 || q.MaxRedraws != 4 || q.Binom != BinomTable {
		t.Errorf("Params: %+v", q)
	}
}

// TestBreedJobCheckWalk checks that CheckWalk accepts a job, a walk and
// slices that fit, and names what does not.
func TestBreedJobCheckWalk(t *testing.T) {
	j := &BreedJob{Rows: 3, Cols: 4, Exit: 1, Parents: make([]uint64, 3), N: 2, Chunk: 4, Seeds: []uint64{1},
		Binom: BinomAll, CellOf: []uint16{1}, MaxRedraws: 4, Slot: 1, At: 3, Total: 5}
	cfg := mousemaze.Config{Exit: 1}
	counts, hashes, results := make([]uint8, 2), make([]uint64, 2), make([]mousemaze.Result, 2)
	if err := j.CheckWalk(cfg, counts, hashes, results); err != nil {
		t.Fatalf("a good call: %v", err)
	}
	past, slot := *j, *j
	past.At = 4
	slot.Slot = 2
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"bad job", (&BreedJob{Rows: 3, Cols: 4}).CheckWalk(cfg, counts, hashes, results), "parent words"},
		{"past the generation", past.CheckWalk(cfg, counts, hashes, results), "children 4 to 6 of 5"},
		{"no such slot", slot.CheckWalk(cfg, counts, hashes, results), "in generation 2 (of 2)"},
		{"heat maps", j.CheckWalk(mousemaze.Config{Exit: 1, Heat: true}, counts, hashes, results), "no heat maps"},
		{"k-mod", j.CheckWalk(mousemaze.Config{Exit: 1, K: 3}, counts, hashes, results), "k-mod"},
		{"exit outside", j.CheckWalk(mousemaze.Config{Exit: 9}, counts, hashes, results), "breed: "},
		{"other ends", j.CheckWalk(mousemaze.Config{Exit: 2}, counts, hashes, results), "not the children's 0, 1"},
		{"too few counts", j.CheckWalk(cfg, counts[:1], hashes, results), "1 counts"},
		{"too few hashes", j.CheckWalk(cfg, counts, hashes[:1], results), "1 hashes"},
		{"too many results", j.CheckWalk(cfg, counts, hashes, make([]mousemaze.Result, 3)), "3 results"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, c.err, c.want)
		}
	}
	if err := j.CheckWalk(cfg, counts, hashes[:1], results); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("wrong lengths: %v, want ErrSize", err)
	}
}

// TestHostGenerations places children of two generations, reads them back
// by index, and wants the errors Children names.
func TestHostGenerations(t *testing.T) {
	var h HostGenerations
	job := func(slot, at, n, total int) *BreedJob {
		return &BreedJob{Rows: 2, Slot: slot, At: at, N: n, Total: total}
	}
	// Two parts of generation 0 (the second first), one of generation 1.
	copy(h.Place(job(0, 2, 2, 4)), []uint64{5, 6, 7, 8})
	copy(h.Place(job(0, 0, 2, 4)), []uint64{1, 2, 3, 4})
	copy(h.Place(job(1, 0, 1, 1)), []uint64{9, 10})
	dst := make([]uint64, 6)
	if err := h.Children(0, 2, []int{3, 0, 2}, dst); err != nil {
		t.Fatal(err)
	}
	if want := []uint64{7, 8, 1, 2, 5, 6}; !slices.Equal(dst, want) {
		t.Errorf("children 3, 0, 2 of generation 0: %v, want %v", dst, want)
	}
	if err := h.Children(1, 2, []int{0}, dst[:2]); err != nil || dst[0] != 9 || dst[1] != 10 {
		t.Errorf("child 0 of generation 1: %v, %v", dst[:2], err)
	}
	// A larger generation makes room, ending what the slot held.
	copy(h.Place(job(1, 1, 1, 2)), []uint64{11, 12})
	if err := h.Children(1, 2, []int{0, 1}, dst[:4]); err != nil || !slices.Equal(dst[:4], []uint64{0, 0, 11, 12}) {
		t.Errorf("generation 1 grown: %v, %v", dst[:4], err)
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"no such slot", h.Children(2, 2, nil, nil), "generation 2 (of 2)"},
		{"other rows", h.Children(0, 3, []int{0}, dst[:3]), "children of 2 rows, not 3"},
		{"past the end", h.Children(0, 2, []int{4}, dst[:2]), "holds 4 children, not child 4"},
		{"negative", h.Children(0, 2, []int{-1}, dst[:2]), "child -1"},
		{"short dst", h.Children(0, 2, []int{0}, dst[:1]), "1 words for 1 children"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, c.err, c.want)
		}
	}
}

// TestChildHash wants ChildHash to tell apart children that differ in a
// word, in the order of their words or in their ends.
func TestChildHash(t *testing.T) {
	base := ChildHash([]uint64{1, 2, 3}, 0, 4)
	for name, h := range map[string]uint64{
		"a word":       ChildHash([]uint64{1, 2, 7}, 0, 4),
		"the order":    ChildHash([]uint64{2, 1, 3}, 0, 4),
		"the entry":    ChildHash([]uint64{1, 2, 3}, 1, 4),
		"the exit":     ChildHash([]uint64{1, 2, 3}, 0, 5),
		"a word fewer": ChildHash([]uint64{1, 2}, 0, 4),
	} {
		if h == base {
			t.Errorf("a child that differs in %s has the same hash %#x", name, h)
		}
	}
	if again := ChildHash([]uint64{1, 2, 3}, 0, 4); again != base {
		t.Errorf("the same child hashes to %#x and %#x", base, again)
	}
}
