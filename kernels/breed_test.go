package kernels

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/mousemaze/mousemaze"
)

// TestBreedParamsLayout checks BreedParams against struct BreedParams in
// breed.cu and the parameter size the PTX declares for the kernel.
func TestBreedParamsLayout(t *testing.T) {
	var p BreedParams
	offs := []struct {
		name      string
		got, want uintptr
	}{
		{"parents", unsafe.Offsetof(p.Parents), 0},
		{"seeds", unsafe.Offsetof(p.Seeds), 8},
		{"cdf", unsafe.Offsetof(p.CDF), 16},
		{"guide", unsafe.Offsetof(p.Guide), 24},
		{"cell_of", unsafe.Offsetof(p.CellOf), 32},
		{"children", unsafe.Offsetof(p.Children), 40},
		{"rejected", unsafe.Offsetof(p.Rejected), 48},
		{"n", unsafe.Offsetof(p.N), 56},
		{"nparents", unsafe.Offsetof(p.NParents), 60},
		{"chunk", unsafe.Offsetof(p.Chunk), 64},
		{"moves", unsafe.Offsetof(p.Moves), 68},
		{"cdf_len", unsafe.Offsetof(p.CDFLen), 72},
		{"rows", unsafe.Offsetof(p.Rows), 76},
		{"cols", unsafe.Offsetof(p.Cols), 80},
		{"entry", unsafe.Offsetof(p.Entry), 84},
		{"exit", unsafe.Offsetof(p.Exit), 88},
		{"cross", unsafe.Offsetof(p.Cross), 92},
		{"max_redraws", unsafe.Offsetof(p.MaxRedraws), 96},
		{"binom", unsafe.Offsetof(p.Binom), 100},
	}
	for _, o := range offs {
		if o.got != o.want {
			t.Errorf("BreedParams.%s at offset %d, breed.cu has it at %d", o.name, o.got, o.want)
		}
	}
	if BreedParamsSize != 104 {
		t.Errorf("BreedParams is %d bytes, breed.cu's is 104", BreedParamsSize)
	}
	decl := fmt.Sprintf(".visible .entry %s(\n\t.param .align 8 .b8 %s_param_0[%d]\n)", BreedKernel, BreedKernel, BreedParamsSize)
	if !strings.Contains(PTX, decl) {
		t.Errorf("walk.ptx does not declare %q", decl)
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
			CellOf: []uint16{1, 2, 1<<6 | 3, 2<<6 | 2}, MaxRedraws: 4,
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
		Binom: BinomAll, CellOf: []uint16{1}, MaxRedraws: 4}
	cfg := mousemaze.Config{Exit: 1}
	words, counts, results := make([]uint64, 6), make([]uint8, 2), make([]mousemaze.Result, 2)
	if err := j.CheckWalk(cfg, words, counts, results); err != nil {
		t.Fatalf("a good call: %v", err)
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"bad job", (&BreedJob{Rows: 3, Cols: 4}).CheckWalk(cfg, words, counts, results), "parent words"},
		{"heat maps", j.CheckWalk(mousemaze.Config{Exit: 1, Heat: true}, words, counts, results), "no heat maps"},
		{"k-mod", j.CheckWalk(mousemaze.Config{Exit: 1, K: 3}, words, counts, results), "k-mod"},
		{"exit outside", j.CheckWalk(mousemaze.Config{Exit: 9}, words, counts, results), "breed: "},
		{"other ends", j.CheckWalk(mousemaze.Config{Exit: 2}, words, counts, results), "not the children's 0, 1"},
		{"too few words", j.CheckWalk(cfg, words[:5], counts, results), "5 words"},
		{"too few counts", j.CheckWalk(cfg, words, counts[:1], results), "1 counts"},
		{"too many results", j.CheckWalk(cfg, words, counts, make([]mousemaze.Result, 3)), "3 results"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, c.err, c.want)
		}
	}
	if err := j.CheckWalk(cfg, words[:5], counts, results); !errors.Is(err, mousemaze.ErrSize) {
		t.Errorf("wrong lengths: %v, want ErrSize", err)
	}
}
