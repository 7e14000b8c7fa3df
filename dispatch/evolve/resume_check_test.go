package evolve

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// gridCheckpoint runs the 4x4 search of method algo with a budget of
// 2000 through StartGrid, saving its checkpoint in dir, and returns the
// checkpoint's path, the search's options and its Start for --resume
// (with --evals 4000 given).
func gridCheckpoint(t *testing.T, dir, algo string, set func(*GridOptions)) (string, GridOptions, Start) {
	t.Helper()
	ck := filepath.Join(dir, algo+".json")
	o := GridOptions{Algo: algo, Size: mousemaze.Size{Rows: 4, Cols: 4}, Config: mousemaze.Config{Order: mousemaze.DRLU},
		Objective: dispatch.ObjTurns, Evals: 2000, Seed: 1, Set: map[string]bool{}}
	if set != nil {
		set(&o)
	}
	s := Start{Kind: "evolve", Version: 2, Checkpoint: ck}
	search, err := StartGrid(s, o, "", refEvaluator(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(Runner{Kind: s.Kind, Version: s.Version, Checkpoint: ck, Every: 1}, search, dispatch.Hooks{}); err != nil {
		t.Fatal(err)
	}
	s.Resume, s.Set, s.Evals = true, map[string]bool{"evals": true}, 4000
	s.Flag = func(string) string { return "" }
	return ck, o, s
}

// TestResumeBadCheckpoint edits checkpoints of several methods as a
// tester did (fields emptied, walls off the grid, false scores and
// counts) and wants a resume to fail with an error naming the file and
// the fault, not a usage error and never a panic. The unedited
// checkpoint resumes.
func TestResumeBadCheckpoint(t *testing.T) {
	dir := t.TempDir()
	type ckFile = CheckpointFile[dispatch.Grid]
	ilsRestarts := func(o *GridOptions) { o.Tuning, o.Set = Tuning{"restarts": "2"}, map[string]bool{"restarts": true} }
	cases := []struct {
		algo string
		set  func(*GridOptions)
		name string
		edit func(ck *ckFile)
		msg  string // "" for a checkpoint that resumes
	}{
		{dispatch.AlgoMemetic, nil, "unedited", func(*ckFile) {}, ""},
		{dispatch.AlgoILS, ilsRestarts, "unedited", func(*ckFile) {}, ""},
		{dispatch.AlgoGA, nil, "unedited", func(*ckFile) {}, ""},
		{dispatch.AlgoMemetic, nil, "island_best emptied", func(ck *ckFile) { ck.State.IslandBest = nil }, "island_best holds 0 scores"},
		{dispatch.AlgoMemetic, nil, "stale of one island", func(ck *ckFile) { ck.State.Stale = []int64{-1} }, "stale holds 1 counts"},
		{dispatch.AlgoMemetic, nil, "walls off the grid", func(ck *ckFile) {
			ck.State.Islands[0][0].Genome.Walls = []uint64{99999, 99999, 99999, 99999}
		}, "islands[0][0]: row 0 has walls beyond column 3"},
		{dispatch.AlgoMemetic, nil, "best without walls", func(ck *ckFile) { ck.State.Best.Genome.Walls = nil }, "best: the maze has 0 rows"},
		{dispatch.AlgoMemetic, nil, "best all walls", func(ck *ckFile) { ck.State.Best.Genome.Walls = []uint64{15, 15, 15, 15} }, "best: the maze is infeasible"},
		{dispatch.AlgoMemetic, nil, "best of 70 rows", func(ck *ckFile) { ck.State.Best.Genome.Walls = make([]uint64, 70) }, "best: the maze has 70 rows"},
		{dispatch.AlgoMemetic, nil, "entry 50", func(ck *ckFile) { ck.State.Best.Genome.Entry = 50 }, "best: entry column 50 outside 0..3"},
		{dispatch.AlgoMemetic, nil, "turns 1e9", func(ck *ckFile) { ck.State.Best.Score.Turns = 1e9 }, "the best maze walks 27 turns, not the 1000000000 it records"},
		{dispatch.AlgoMemetic, nil, "evals 1e15", func(ck *ckFile) { ck.State.Evals = 1e15 }, "evals is 1000000000000000, above the budget of 4000"},
		{dispatch.AlgoGA, nil, "walls off the grid", func(ck *ckFile) { ck.State.Pop[0].Genome.Walls = []uint64{99999, 99999, 99999, 99999} }, "pop[0]: row 0 has walls"},
		{dispatch.AlgoILS, ilsRestarts, "centre without walls", func(ck *ckFile) { ck.State.Climbs[0].Center.Genome.Walls = nil }, "climbs[0].center: the maze has 0 rows"},
		{dispatch.AlgoILS, ilsRestarts, "no climb", func(ck *ckFile) { ck.State.Climbs = nil }, "climbs holds 0 entries"},
	}
	type run struct {
		data []byte
		o    GridOptions
		s    Start
	}
	saved := map[string]run{}
	for _, c := range cases {
		t.Run(c.algo+"/"+c.name, func(t *testing.T) {
			r, ok := saved[c.algo]
			if !ok {
				src, o, s := gridCheckpoint(t, t.TempDir(), c.algo, c.set)
				data, err := os.ReadFile(src)
				if err != nil {
					t.Fatal(err)
				}
				r = run{data, o, s}
				saved[c.algo] = r
			}
			data, o, s := r.data, r.o, r.s
			var ck ckFile
			if err := json.Unmarshal(data, &ck); err != nil {
				t.Fatal(err)
			}
			c.edit(&ck)
			s.Checkpoint = filepath.Join(dir, strings.ReplaceAll(c.algo+"-"+c.name, " ", "-")+".json")
			edited, err := json.Marshal(ck)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Checkpoint, edited, 0o644); err != nil {
				t.Fatal(err)
			}
			search, err := StartGrid(s, o, "", refEvaluator(t))
			if c.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				if _, err := Run(Runner{}, search, dispatch.Hooks{}); err != nil || search.Evals() != 4000 {
					t.Errorf("resumed: %d evaluations, %v", search.Evals(), err)
				}
				return
			}
			want := "checkpoint " + s.Checkpoint + ": "
			if err == nil || !errors.Is(err, dispatch.ErrState) || mousemaze.IsUsageError(err) ||
				!strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("resume = %v; want an error with %q and %q", err, want, c.msg)
			}
		})
	}
}

// TestResumeLowerBudget resumes a search that has spent its budget with
// a smaller --evals: it ends where it stands, its budget now the
// evaluations it made, so that the checkpoint it saves resumes again.
func TestResumeLowerBudget(t *testing.T) {
	ck, o, s := gridCheckpoint(t, t.TempDir(), dispatch.AlgoGA, nil)
	s.Evals = 1000
	for range 2 {
		search, err := StartGrid(s, o, "", refEvaluator(t))
		if err != nil {
			t.Fatal(err)
		}
		if search.Spec().Evals != 2000 || search.Evals() != 2000 {
			t.Fatalf("budget %d, %d evaluations; want 2000 and 2000", search.Spec().Evals, search.Evals())
		}
		if _, err := Run(Runner{Kind: s.Kind, Version: s.Version, Checkpoint: ck}, search, dispatch.Hooks{}); err != nil {
			t.Fatal(err)
		}
		s.Set = map[string]bool{}
	}
}
