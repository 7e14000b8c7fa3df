package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/kernels"
)

// TestBreedEvaluateIsBreed breeds children with GridProblem.BreedEvaluate
// on kernels.EmulatedBreeder (the breeding kernel's Go mirror) and with
// Breed, chunk by chunk, from the same streams, and wants the same
// children (fetched from the device, in and out of order), their hashes,
// the same rejected counts per chunk and the scores of the children's
// walks; on several sizes (four, two and one maze a word in
// Breed's flood), ends, rates (none, some, every move) and with and
// without crossover. Where the kernel cannot breed (free ends, more than
// kernels.MaxBreedCells cells, a binomial table that underflows),
// BreedEvaluate must decline.
func TestBreedEvaluateIsBreed(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, entry, exit int
		free, cross             bool
		rate                    float64
		declines                bool
	}{
		{rows: 5, cols: 6, cross: true, rate: 2}, {rows: 13, cols: 13, cross: true, rate: 10},
		{rows: 13, cols: 13, rate: 10}, {rows: 13, cols: 13, entry: 4, exit: 12, cross: true, rate: 3},
		{rows: 32, cols: 32, cross: true, rate: 60}, {rows: 2, cols: 2, cross: true, rate: 1},
		{rows: 16, cols: 16, entry: 15, exit: 3, cross: true, rate: 15}, {rows: 9, cols: 40, cross: true, rate: 8},
		{rows: 3, cols: 3, cross: true, rate: 40}, {rows: 6, cols: 7, cross: true},
		{rows: 1, cols: 9, exit: 8, cross: true, rate: 2},
		{rows: 5, cols: 6, free: true, cross: true, rate: 2, declines: true},
		{rows: 33, cols: 32, cross: true, rate: 10, declines: true},
		{rows: 32, cols: 32, cross: true, rate: 700, declines: true},
	} {
		spec, err := Preset(AlgoGA)
		if err != nil {
			t.Fatal(err)
		}
		spec.Rows, spec.Cols, spec.FreeEnds, spec.Evals = tc.rows, tc.cols, tc.free, 1
		spec.Entry, spec.Exit = tc.entry, tc.exit
		host, err := NewGridProblem(spec, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		dev, err := NewGridProblem(spec, &kernels.EmulatedBreeder{Evaluator: refEvaluator(t)})
		if err != nil {
			t.Fatal(err)
		}
		parents := feasibleParents(t, spec, host, 7)
		const n = 2*breedChunk + 300
		want := make([]Grid, n)
		var wantRejected [3]int64
		seeds := make([]uint64, 3)
		for c := range seeds {
			seeds[c] = rand.New(rand.NewPCG(99, uint64(c))).Uint64()
			lo, hi := c*breedChunk, min((c+1)*breedChunk, n)
			wantRejected[c] = host.Breed(rand.New(rand.NewPCG(99, uint64(c))), parents, want[lo:hi], tc.cross, tc.rate)
		}
		// Half the members hold storage (of scored garbage) to reuse.
		kids := make([]Member[Grid], n)
		for i := 0; i < n; i += 2 {
			kids[i] = Member[Grid]{Genome: Grid{Walls: slices.Repeat([]uint64{^uint64(0)}, tc.rows)}, Score: Score{Feasible: true, Value: 7}, Scored: true}
		}
		storage := make([]*uint64, n)
		for i := range kids {
			storage[i] = unsafe.SliceData(kids[i].Genome.Walls)
		}
		rejected, hashes := make([]uint8, n), make([]uint64, n)
		// Children 5 on of generation 1, of 5+n.
		ok, err := dev.BreedEvaluate(DevicePart{Slot: 1, At: 5, Total: 5 + n}, seeds, parents, kids, rejected, hashes, tc.cross, tc.rate)
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		if ok == tc.declines || dev.DeviceBreeds(tc.rate) != ok || host.DeviceBreeds(tc.rate) {
			t.Fatalf("%+v: BreedEvaluate reports ok %v, DeviceBreeds %v (on an evaluator that does not breed, %v)", tc, ok, dev.DeviceBreeds(tc.rate), host.DeviceBreeds(tc.rate))
		}
		if !ok {
			continue
		}
		for c := range seeds {
			lo, hi := c*breedChunk, min((c+1)*breedChunk, n)
			var sum int64
			for _, r := range rejected[lo:hi] {
				sum += int64(r)
			}
			if sum != wantRejected[c] {
				t.Errorf("%+v: chunk %d: %d rejected on the device, %d by Breed", tc, c, sum, wantRejected[c])
			}
		}
		wantScores := make([]Score, n)
		if err := host.Evaluate(want, wantScores); err != nil {
			t.Fatal(err)
		}
		// A few children fetched out of order, then all of them.
		few := []int{n - 1, 3, 0}
		got := []Grid{{Walls: make([]uint64, tc.rows)}, {Walls: make([]uint64, tc.rows)}, {Walls: make([]uint64, tc.rows)}}
		at := []int{5 + few[0], 5 + few[1], 5 + few[2]}
		if err := dev.Fetch(1, at, got); err != nil {
			t.Fatal(err)
		}
		for k, i := range few {
			if !slices.Equal(got[k].Walls, want[i].Walls) {
				t.Fatalf("%+v: child %d fetched: %v, Breed's %v", tc, i, got[k].Walls, want[i].Walls)
			}
		}
		all, genomes := make([]int, n), make([]Grid, n)
		for i := range all {
			all[i], genomes[i] = 5+i, kids[i].Genome
		}
		if err := dev.Fetch(1, all, genomes); err != nil {
			t.Fatal(err)
		}
		for i, m := range kids {
			if hashes[i] != host.Hash(want[i]) {
				t.Fatalf("%+v: child %d: hash %#x on the device, %#x on the host", tc, i, hashes[i], host.Hash(want[i]))
			}
			if g := m.Genome; !host.Equal(g, want[i]) || g.Entry != want[i].Entry || g.Exit != want[i].Exit {
				t.Fatalf("%+v: child %d differs:\n%v\nBreed's:\n%v", tc, i, g, want[i])
			}
			if m.Score != wantScores[i] || m.Scored {
				t.Fatalf("%+v: child %d scored %+v (Scored %v), the host %+v", tc, i, m.Score, m.Scored, wantScores[i])
			}
			if reused := unsafe.SliceData(m.Genome.Walls) == storage[i]; reused != (i%2 == 0) {
				t.Fatalf("%+v: child %d: storage reused %v", tc, i, reused)
			}
		}
	}
}

// TestDeviceBreedingKeepsResults runs searches with generations of more
// than breedChunk children on an evaluator that breeds
// (kernels.EmulatedBreeder, so the engine takes its device path) and on
// the same evaluator without, on 1 and 3 workers, and wants the same final
// state byte for byte: the same children, scores, rejected counts and
// best, also where the budget ends inside a generation.
func TestDeviceBreedingKeepsResults(t *testing.T) {
	for _, v := range []struct {
		algo  string
		evals int64
	}{{AlgoGA, 9001}, {AlgoEA, 9001}, {AlgoGA, 8068}, {AlgoGA, 7044}} {
		// 9001: inside the second part of the fourth generation (2,348
		// children: parts of 1,024, 1,024 and 300); 8068: at the end of
		// its first part; 7044: at the end of the third generation.
		algo := v.algo
		p := largeSpec(t, algo, false)
		p.Evals = v.evals
		var calls atomic.Int64
		run := func(breeds bool, workers int) *Search {
			ev := refEvaluator(t)
			if breeds {
				ev = countingBreeder{&kernels.EmulatedBreeder{Evaluator: ev}, &calls}
			}
			prob, err := NewGridProblem(p, ev)
			if err != nil {
				t.Fatal(err)
			}
			return runGridEngine(t, p, prob, workers)
		}
		want := run(false, 1)
		if want.Gen() < 2 || want.Evals() != p.Evals || want.Rejected() == 0 {
			t.Fatalf("%s: %d generations, %d evaluations, %d rejected", algo, want.Gen(), want.Evals(), want.Rejected())
		}
		for _, workers := range []int{1, 3} {
			calls.Store(0)
			got := run(true, workers)
			if calls.Load() < got.Gen()-1 {
				t.Errorf("%s: %d generations, %d bred on the device", algo, got.Gen(), calls.Load())
			}
			if stateJSON(t, got) != stateJSON(t, want) {
				t.Errorf("%s: bred on the device, %d workers: another final state (best %v, rejected %d; on the host %v, %d)",
					algo, workers, got.Best().Score, got.Rejected(), want.Best().Score, want.Rejected())
			}
		}
	}
}

// countingBreeder is a kernels.EmulatedBreeder that counts its breedings
// (the engine has two in flight at once).
type countingBreeder struct {
	*kernels.EmulatedBreeder
	calls *atomic.Int64
}

func (c countingBreeder) BreedWalk(j *kernels.BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	c.calls.Add(1)
	return c.EmulatedBreeder.BreedWalk(j, cfg, rejected, hashes, dst)
}

// TestDeviceStateEachGeneration takes the state of a GA whose children
// stay on the device after every generation (a checkpoint's copy, which
// brings the whole population back) and wants each to be the state of the
// same search bred on the host at that generation; a device that cannot
// give its children back fails the search with its error.
func TestDeviceStateEachGeneration(t *testing.T) {
	p := largeSpec(t, AlgoGA, false)
	p.Evals = 12000
	states := func(ev mousemaze.Evaluator) ([]string, error) {
		prob, err := NewGridProblem(p, ev)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewEngine[Grid](p, prob, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		err = s.Run(context.Background(), Hooks{Generation: func(s *Search) error {
			st, err := s.State()
			if err != nil {
				return err
			}
			b, err := json.Marshal(st)
			out = append(out, string(b))
			return err
		}})
		return out, err
	}
	want, err := states(refEvaluator(t))
	if err != nil || len(want) < 3 {
		t.Fatalf("on the host: %d states, %v", len(want), err)
	}
	got, err := states(&kernels.EmulatedBreeder{Evaluator: refEvaluator(t)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d generations on the device, %d on the host", len(got), len(want))
	}
	for g := range want {
		if got[g] != want[g] {
			t.Fatalf("generation %d: another state on the device", g+1)
		}
	}
	_, err = states(lostChildren{&kernels.EmulatedBreeder{Evaluator: refEvaluator(t)}})
	if err == nil || !strings.Contains(err.Error(), "children lost") {
		t.Errorf("a device that lost its children: %v", err)
	}
}

// TestBreedEvaluateRefusesBadWalks wants BreedEvaluate to fail, naming
// the maze, where the device reports a child it bred infeasible.
func TestBreedEvaluateRefusesBadWalks(t *testing.T) {
	spec := largeSpec(t, AlgoGA, false)
	host, err := NewGridProblem(spec, refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	dev, err := NewGridProblem(spec, badWalk{&kernels.EmulatedBreeder{Evaluator: refEvaluator(t)}})
	if err != nil {
		t.Fatal(err)
	}
	kids := make([]Member[Grid], 40)
	ok, err := dev.BreedEvaluate(DevicePart{Total: 40}, []uint64{1}, feasibleParents(t, spec, host, 3), kids,
		make([]uint8, 40), make([]uint64, 40), true, 2)
	if !ok || err == nil || !strings.Contains(err.Error(), "reports") || !strings.Contains(err.Error(), "for a feasible maze") {
		t.Errorf("a child walked infeasible: ok %v, %v", ok, err)
	}
}

// badWalk is a kernels.EmulatedBreeder that reports its children's
// seventh walk infeasible.
type badWalk struct{ *kernels.EmulatedBreeder }

func (b badWalk) BreedWalk(j *kernels.BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	err := b.EmulatedBreeder.BreedWalk(j, cfg, rejected, hashes, dst)
	if len(dst) > 7 {
		dst[7] = mousemaze.Result{}
	}
	return err
}

// lostChildren is a kernels.EmulatedBreeder that cannot give its children
// back.
type lostChildren struct{ *kernels.EmulatedBreeder }

func (lostChildren) Children(slot, rows int, idx []int, dst []uint64) error {
	return errors.New("children lost")
}

// TestScoreAllIsScore checks scoreAll's inline scoring of exact walks
// against score on walks escaped or not, with and without a cap, under
// each objective that scores grids, and that a walk score refuses (a
// maze reported infeasible) is refused by scoreAll too.
func TestScoreAllIsScore(t *testing.T) {
	for _, tc := range []struct {
		obj string
		cap int64
		k   int
	}{{ObjTurns, 0, 0}, {ObjTurns, 50, 0}, {ObjMaxCell, 0, 0}, {ObjTurns, 0, 3}} {
		spec, err := Preset(AlgoGA)
		if err != nil {
			t.Fatal(err)
		}
		spec.Rows, spec.Cols, spec.Objective, spec.Cap, spec.K = 3, 4, tc.obj, tc.cap, tc.k
		p, err := NewGridProblem(spec, refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		pop := mousemaze.Population{Rows: 3, Cols: 4, Words: make([]uint64, 3*4), Feasible: true}
		res := []mousemaze.Result{
			{Feasible: true, Turns: 40, Escaped: true}, {Feasible: true, Turns: 50},
			{Feasible: true, Turns: 2, Escaped: true, Heat: []uint32{3, 9, 1}}, {Feasible: true, Turns: 7, Heat: []uint32{0}},
		}
		cfg := p.Config
		got := make([]Score, len(res))
		if err := p.scoreAll(pop, cfg, res, got, 2); err != nil {
			t.Fatal(err)
		}
		for j := range res {
			want, err := p.score(pop.Maze(j), cfg, res[j])
			if err != nil || got[j] != want {
				t.Errorf("%+v: walk %+v: scoreAll %+v, score %+v (%v)", tc, res[j], got[j], want, err)
			}
		}
		res[1] = mousemaze.Result{Turns: 9}
		if err := p.scoreAll(pop, cfg, res, got, 1); err == nil {
			t.Errorf("%+v: an infeasible walk is scored", tc)
		}
	}
}
