package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// runDirect runs the search p directly, as the job should, on the ref
// backend (edge boards on their own walk).
func runDirect(t *testing.T, p dispatch.Spec) (turns int64, maze string, evals, polishEvals int64, radius int) {
	t.Helper()
	if p.Problem == dispatch.ProblemEdges {
		prob, err := dispatch.NewEdgeProblem(p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		s, err := dispatch.NewEngine(p, prob, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Run(context.Background(), dispatch.EngineHooks[mousemaze.EdgeMaze]{}); err != nil {
			t.Fatal(err)
		}
		b := s.Best()
		return b.Score.Turns, b.Genome.Format(prob.Config.Entry, prob.Config.Exit), s.Evals(), s.PolishEvals(), s.Certified()
	}
	ev := mazetest.Open(t, "ref", mousemaze.Options{})
	s, err := dispatch.New(p, ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background(), dispatch.Hooks{}); err != nil {
		t.Fatal(err)
	}
	m, _ := dispatch.BestMaze(s)
	return s.Best().Score.Turns, m.String(), s.Evals(), s.PolishEvals(), s.Certified()
}

// finalStatus follows a job to its end and returns its status as GET
// gives it then.
func finalStatus(t *testing.T, s *Server, base, id string) JobStatus {
	t.Helper()
	readEvents(t, base+"/api/jobs/"+id+"/events")
	code, body := do(t, s, "GET", "/api/jobs/"+id, "")
	var st JobStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != 200 {
		t.Fatalf("GET job %s: %d %s", id, code, body)
	}
	return st
}

// TestEvolveJobSearchParams starts evolve jobs with every search
// parameter and wants the Spec the parameters describe, run to the same
// end as dispatch runs it directly, with the certificate reported.
func TestEvolveJobSearchParams(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref"})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	tests := []struct {
		body string
		want func(p *dispatch.Spec)
	}{
		{`{"kind":"evolve","size":"5x5","algo":"ga","evals":3000,"seed":2,"pop":30,"parents":5,"elite":2,"mutation":1.5,"crossover":"none","polish":1}`,
			func(p *dispatch.Spec) {
				p.Algo, p.Pop, p.Parents, p.Elite, p.Mutation, p.Crossover, p.Polish = "ga", 30, 5, 2, 1.5, "none", 1
			}},
		{`{"kind":"evolve","size":"5x5","algo":"ils","evals":3000,"seed":4,"local":"h1","improve":"best","sideways":3,"kick":4,"restarts":2,"reach":0,"accept":0.05,"polish":1}`,
			func(p *dispatch.Spec) {
				p.Algo, p.Local, p.Improve, p.Sideways, p.Kick, p.Restarts, p.Reach, p.Accept, p.Polish = "ils", 1, "best", 3, 4, 2, 0, 0.05, 1
			}},
		{`{"kind":"evolve","size":"4x5","algo":"memetic","evals":2000,"seed":5,"pop":10,"local":"h1","sideways":2,"reach":1,"order":"RDLU"}`,
			func(p *dispatch.Spec) {
				p.Rows, p.Algo, p.Pop, p.Local, p.Sideways, p.Reach, p.Order = 4, "memetic", 10, 1, 2, 1, "RDLU"
			}},
		{`{"kind":"evolve","size":"4x4","algo":"pipeline","evals":2000,"seed":6,"pop":20,"polish":2}`,
			func(p *dispatch.Spec) { p.Rows, p.Cols, p.Algo, p.Pop, p.Polish = 4, 4, "pipeline", 20, 2 }},
		{`{"kind":"evolve","size":"5x5","algo":"hill","evals":2000,"seed":7,"pop":3,"local":"h2","improve":"first","polish":1}`,
			func(p *dispatch.Spec) { p.Algo, p.Pop, p.Local, p.Improve, p.Polish = "hill", 3, 2, "first", 1 }},
		{`{"kind":"evolve","size":"4x4","edges":true,"algo":"ga","evals":2000,"seed":8,"pop":20,"mutation":2,"polish":1}`,
			func(p *dispatch.Spec) {
				p.Rows, p.Cols, p.Problem, p.Density, p.Algo, p.Pop, p.Mutation, p.Polish = 4, 4, dispatch.ProblemEdges, 0.2, "ga", 20, 2, 1
			}},
	}
	polished := 0
	for _, tc := range tests {
		var req jobRequest
		if err := json.Unmarshal([]byte(tc.body), &req); err != nil {
			t.Fatal(err)
		}
		want, _ := dispatch.Preset(req.Algo)
		want.Rows, want.Cols, want.Evals, want.Seed = 5, 5, req.Evals, *req.Seed
		tc.want(&want)
		st := startJob(t, ts.URL, tc.body)
		if st.Spec == nil || !reflect.DeepEqual(*st.Spec, want) {
			t.Errorf("%s:\nthe job's spec %+v\nwant           %+v", tc.body, st.Spec, want)
			continue
		}
		got := finalStatus(t, s, ts.URL, st.ID)
		turns, maze, evals, polishEvals, radius := runDirect(t, want)
		if got.State != "done" || got.BestTurns != turns || got.BestMaze != maze || got.Evals != evals || got.PolishEvals != polishEvals {
			t.Errorf("%s: the job ended %s with %d turns after %d+%d evals:\n%s\ndirectly: %d turns after %d+%d evals:\n%s",
				tc.body, got.State, got.BestTurns, got.Evals, got.PolishEvals, got.BestMaze, turns, evals, polishEvals, maze)
		}
		if got.BestScore == nil || got.BestScore.Turns != turns || got.BestScore.Value != float64(turns) || !got.BestScore.Feasible {
			t.Errorf("%s: best_score %+v, want %d turns", tc.body, got.BestScore, turns)
		}
		switch {
		case radius == 0 && got.LocalOptimumRadius != nil:
			t.Errorf("%s: local_optimum_radius %d, the search certified none", tc.body, *got.LocalOptimumRadius)
		case radius > 0 && (got.LocalOptimumRadius == nil || *got.LocalOptimumRadius != radius):
			t.Errorf("%s: local_optimum_radius %v, want %d", tc.body, got.LocalOptimumRadius, radius)
		}
		// (A climb that ends at the best certifies it without the polish's
		// evaluations.)
		if radius < want.Polish {
			t.Errorf("%s: polish %d certified radius %d with %d evaluations", tc.body, want.Polish, radius, polishEvals)
		}
		if got.PolishEvals > 0 {
			polished++
		}
	}
	if polished < 2 {
		t.Errorf("%d jobs reported polish evaluations, want at least 2 (the table's polish is never exercised)", polished)
	}
}

// TestEvolveJobSpec posts whole Specs: one as the CLI writes it into a
// checkpoint, and the spec a job reports, which must run the same search
// again.
func TestEvolveJobSpec(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref"})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	// The "spec" of a checkpoint of `mousemaze evolve --size 5x5 --algo
	// ils --evals 3000 --seed 9 --polish 1 --kick 3`.
	cli := `{"version":2,"algo":"ils","rows":5,"cols":5,"order":"DRLU","entry":0,"exit":0,"free_ends":false,"cap":0,` +
		`"evals":3000,"seed":9,"pop":1,"parents":0,"elite":0,"mutation":0,"density":0.25,"temp":0,"islands":0,"migrate":0,` +
		`"stagnation":0,"local":2,"reach":2,"improve":"first","sideways":20,"kick":3,"polish":1}`
	var want dispatch.Spec
	if err := json.Unmarshal([]byte(cli), &want); err != nil {
		t.Fatal(err)
	}
	st := startJob(t, ts.URL, `{"kind":"evolve","spec":`+cli+`}`)
	if st.Spec == nil || !reflect.DeepEqual(*st.Spec, want) || st.Algo != "ils" || st.Rows != 5 || st.Budget != 3000 || st.Seed != 9 {
		t.Fatalf("the job's spec %+v, want %+v", st.Spec, want)
	}
	got := finalStatus(t, s, ts.URL, st.ID)
	turns, maze, evals, polishEvals, radius := runDirect(t, want)
	if got.State != "done" || got.BestTurns != turns || got.BestMaze != maze || got.Evals != evals || got.PolishEvals != polishEvals ||
		got.LocalOptimumRadius == nil || *got.LocalOptimumRadius != radius || radius < 1 {
		t.Errorf("spec job: %s, %d turns, %d+%d evals, radius %v:\n%s\ndirectly: %d turns, %d+%d evals, radius %d:\n%s",
			got.State, got.BestTurns, got.Evals, got.PolishEvals, got.LocalOptimumRadius, got.BestMaze, turns, evals, polishEvals, radius, maze)
	}
	// The spec the job reports runs the same search again.
	again, _ := json.Marshal(got.Spec)
	st2 := startJob(t, ts.URL, `{"kind":"evolve","backend":"ref","spec":`+string(again)+`}`)
	got2 := finalStatus(t, s, ts.URL, st2.ID)
	if got2.BestTurns != got.BestTurns || got2.BestMaze != got.BestMaze || got2.Evals != got.Evals {
		t.Errorf("the reported spec posted again: %d turns after %d evals, the first job %d after %d", got2.BestTurns, got2.Evals, got.BestTurns, got.Evals)
	}
	// An edge board's spec, as a job on edges reports it.
	code, body := do(t, s, "POST", "/api/jobs", `{"kind":"evolve","size":"3x4","edges":true,"evals":500,"seed":3,"pop":10}`)
	if code != 201 {
		t.Fatalf("edge job: %d %s", code, body)
	}
	var est JobStatus
	json.Unmarshal([]byte(body), &est)
	first := finalStatus(t, s, ts.URL, est.ID)
	espec, _ := json.Marshal(est.Spec)
	st3 := startJob(t, ts.URL, `{"kind":"evolve","spec":`+string(espec)+`}`)
	got3 := finalStatus(t, s, ts.URL, st3.ID)
	if !got3.Edges || got3.BestTurns != first.BestTurns || got3.BestMaze != first.BestMaze || got3.BestTurns < 1 {
		t.Errorf("edge spec posted again: edges %v, %d turns:\n%s\nthe first job %d turns:\n%s", got3.Edges, got3.BestTurns, got3.BestMaze, first.BestTurns, first.BestMaze)
	}
}

// TestEvolveJobBadParams wants every bad search parameter, spec and value
// over the server's limits answered 400 with its message, naming the
// request's JSON fields (the CLI's messages name its flags).
func TestEvolveJobBadParams(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref", MaxCells: 400, MaxEvals: 10_000_000})
	job := func(fields string) string { return `{"kind":"evolve","size":"5x5","evals":100,` + fields + `}` }
	spec := func(fields string) string {
		return `{"kind":"evolve","spec":{"version":2,"algo":"ils","rows":5,"cols":5,"order":"DRLU","evals":100,"seed":1,` +
			`"pop":1,"density":0.25,"local":2,"reach":2,"improve":"first","sideways":20,"kick":5` + fields + `}}`
	}
	tests := []struct{ body, msg string }{
		{job(`"algo":"ga","pop":-1`), "pop -1: must be 0 (preset) or more"},
		{job(`"algo":"ga","parents":200`), "parents 200: must be in 1..100 (pop)"},
		{job(`"algo":"ga","pop":5`), "pop 5: the ga preset's parents, 10, exceed pop 5; give a larger pop, or parents at most 5"},
		{job(`"algo":"ga","elite":101`), "elite 101: must be in 0..100 (pop)"},
		{job(`"algo":"ga","mutation":0`), "mutation 0: must be above 0 and at most 25 (the cells)"},
		{job(`"algo":"ga","mutation":26`), "mutation 26: must be above 0 and at most 25 (the cells)"},
		{job(`"algo":"memetic","crossover":"foo"`), `crossover "foo": must be uniform, none or (ils) relink`},
		{job(`"algo":"ils","local":"h9"`), `local "h9": must be h1 to h8 (h4 and above need reach)`},
		{job(`"algo":"ils","local":"h4","reach":0`), `local h4: must be h1 to h8 (h4 and above need reach)`},
		{job(`"algo":"ils","improve":"worst"`), `improve "worst": must be first or best`},
		{job(`"algo":"ils","sideways":-1`), "sideways -1: must be 0 or more"},
		{job(`"algo":"ils","kick":0`), "kick 0: must be in 1..25 (the cells)"},
		{job(`"algo":"ils","kick":26`), "kick 26: must be in 1..25 (the cells)"},
		{job(`"algo":"ils","restarts":-1`), "restarts -1: must be 0 (never) or more"},
		{job(`"algo":"ils","reach":-1`), "reach -1: must be 0 (any) or more"},
		{job(`"algo":"ils","accept":1`), "accept 1: must be in [0, 1)"},
		{job(`"algo":"ils","polish":4`), "polish 4: must be 0, 1, 2 or 3"},
		{job(`"algo":"ga","kick":3`), "kick does not apply to algo ga (only to ils)"},
		{job(`"algo":"sa","parents":3`), "parents does not apply to algo sa (only to ea, ga, memetic, pipeline)"},
		{job(`"algo":"ga","local":"h1"`), "local does not apply to algo ga (only to ils, memetic, hill)"},
		{job(`"algo":"memetic","improve":"best"`), "improve does not apply to algo memetic (only to ils, hill)"},
		{job(`"local":2`), "malformed JSON: local: want a string, not a JSON number"},
		{job(`"algo":"ga","pop":"many"`), "malformed JSON: pop: want an integer, not a JSON string"},
		{job(`"seed":-1`), "seed -1: must be 0 or more"},
		{`{"kind":"evolve","spec":{"local":"h2"}}`, "malformed JSON: spec.local: want an integer, not a JSON string"},
		{job(`"edges":true,"algo":"ga","mutation":41`), "mutation 41: must be above 0 and at most 40 (the cells)"},
		{`{"kind":"sweep","size":"3x3","kick":2,"polish":1}`, "kick, polish: the search parameters do not apply to a sweep"},
		{`{"kind":"sweep","size":"3x3","pop":5}`, "algo, evals, pop, objective, backend and cap do not apply to a sweep"},
		// The server's limits.
		{job(`"algo":"random","pop":100001`), "pop 100001: over the server's cap of 100000 per job"},
		{job(`"algo":"memetic","pop":20000`), "pop 20000 × islands 8: over the server's cap of 100000 genomes per job"},
		{`{"kind":"evolve","size":"21x20","evals":100}`, "size 21x20: 420 cells is over the server's cap of 400 per job"},
		{`{"kind":"evolve","size":"20x20","evals":100,"algo":"hill","pop":2000,"local":"h2","improve":"first"}`,
			"the search would hold about 1242 MiB (hill, pop 2000, 400 sites), over the server's cap of 1024 MiB per job"},
		{`{"kind":"evolve","size":"20x20","evals":100,"algo":"ils","polish":3}`,
			"polish 3: one scan of the 10586800 neighbours within Hamming distance 3 is over the server's cap of 10000000 evaluations per job"},
		{`{"kind":"evolve","size":"20x20","evals":100,"algo":"ils","deepen":8,"deepen_reach":5}`,
			"deepen 8: one scan of the neighbours within Hamming distance 8 whose cells lie within 5 of each other holds over 10000000, the server's cap of evaluations per job"},
		{job(`"algo":"ils","deepen":9`), "deepen 9: must be in 0..8"},
		{job(`"algo":"ils","deepen_reach":-1`), "deepen_reach -1: must be 0 (the default, 3) or more"},
		{job(`"free_ends":true,"entry":2`), "free_ends searches the ends: drop entry and exit"},
		{`{"kind":"sweep","size":"3x3","free_ends":true,"exit":1}`, "free_ends searches the ends: drop entry and exit"},
		// The spec form.
		{`{"kind":"evolve","size":"5x5","spec":{}}`, "spec describes the whole search: send only kind, backend and spec"},
		{`{"kind":"evolve","pop":3,"spec":{}}`, "spec describes the whole search: send only kind, backend and spec"},
		{`{"kind":"sweep","spec":{}}`, "spec describes an evolve job, not a sweep"},
		{`{"kind":"evolve","spec":{"algo":"ils"}}`, "spec: " + dispatch.ErrOldSpec.Error()},
		{`{"kind":"evolve","spec":{"version":2,"algo":"foo"}}`, `spec: dispatch: unknown search method "foo" (have [random hill sa ea ga memetic ils pipeline])`},
		{spec(`,"polish":4`), "spec: dispatch: invalid search parameters: polish 4: must be 0, 1, 2 or 3"},
		{spec(`,"accept":2`), "spec: dispatch: invalid search parameters: accept 2: must be in [0, 1)"},
		{spec(`,"kick":1000000000`), "spec: kick 1000000000: must be in 1..25 (the cells)"},
		{spec(`,"algo":"ga","pop":20,"parents":5,"mutation":30`), "spec: mutation 30: must be above 0 and at most 25 (the cells)"},
		{spec(`,"problem":"walker"`), `spec: problem "walker": the server runs grid and edges searches`},
		{spec(`,"rows":0`), "spec: size: grid dimensions out of range: 0x5 (each side must be 1..64)"},
		{spec(`,"order":"DRLX"`), `dispatch: invalid search parameters: invalid preference order: "DRLX": want a permutation of DRLU`},
		{spec(`,"entry":7`), "dispatch: invalid search parameters: invalid config: entry column 7 outside 0..4"},
		{spec(`,"evals":10000001`), "evals 10000001: over the server's cap of 10000000 per job"},
		{spec(`,"pop":100001`), "pop 100001: over the server's cap of 100000 per job"},
		{spec(`,"rows":21,"cols":20`), "size 21x20: 420 cells is over the server's cap of 400 per job"},
		{spec(`,"problem":"edges"`) + ``, ""}, // accepted: see below
		{spec(`,"foo":1`), `malformed JSON: json: unknown field "foo"`},
	}
	for _, tc := range tests {
		code, body := do(t, s, "POST", "/api/jobs", tc.body)
		if tc.msg == "" {
			if code != 201 {
				t.Errorf("%s: %d %s, want 201", tc.body, code, body)
			} else {
				var st JobStatus
				json.Unmarshal([]byte(body), &st)
				do(t, s, "DELETE", "/api/jobs/"+st.ID, "")
			}
			continue
		}
		if code != 400 {
			t.Errorf("%s: status %d (%s), want 400", tc.body, code, body)
			continue
		}
		if got := errorOf(t, body); got != tc.msg {
			t.Errorf("%s:\nerror %q\nwant  %q", tc.body, got, tc.msg)
		}
	}
}

// TestJSONNames rewrites messages of the engine's checks: the search
// parameters and the request's own fields (embedded ones included) take
// their JSON names; other flags, and words that only start like one, stay.
func TestJSONNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"--deepen-reach -1: must be 0 or more", "deepen_reach -1: must be 0 or more"},
		{"--kick-heat 9: must be in [0, 8]", "kick_heat 9: must be in [0, 8]"},
		{"--mutation does not apply to --algo ils", "mutation does not apply to algo ils"},
		{"--free-ends searches the ends: drop --entry and --exit", "free_ends searches the ends: drop entry and exit"},
		{"--order, --cap and --k", "order, cap and k"},
		{"--max-jobs and --workers are the server's", "--max-jobs and --workers are the server's"},
		{"a range 1--3, and -- alone", "a range 1--3, and -- alone"},
	} {
		if got := jsonNames(tc.in); got != tc.want {
			t.Errorf("jsonNames(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSearchBytes checks the memory estimate against the sizes it adds up.
func TestSearchBytes(t *testing.T) {
	p, _ := dispatch.Preset(dispatch.AlgoGA)
	p.Rows, p.Cols = 13, 13
	if got, want := searchBytes(p, 169), int64(3*100*(13*8+128)); got != want {
		t.Errorf("ga 13x13: %d bytes, want %d", got, want)
	}
	h, _ := dispatch.Preset(dispatch.AlgoHill)
	h.Rows, h.Cols, h.Local = 10, 10, 2
	best := searchBytes(h, 100) // exhaustive: no pairs
	h.Improve = dispatch.ImproveFirst
	first := searchBytes(h, 100)
	if pairs := int64(100*99/2) * 8 * 10; first-best != pairs {
		t.Errorf("hill h2: first-improvement holds %d bytes more than best, want the pairs' %d", first-best, pairs)
	}
	if got := fmt.Sprint(binomial(400, 3), binomial(25, 0), binomial(2, 3)); got != "10586800 1 0" {
		t.Errorf("binomials %s", got)
	}
}

// TestEvolveJobWithinLimits wants the largest searches the default limits
// allow accepted.
func TestEvolveJobWithinLimits(t *testing.T) {
	s := newTestServer(t, Options{Backend: "ref"})
	for _, body := range []string{
		`{"kind":"evolve","size":"64x64","evals":100,"algo":"ils","polish":2}`,
		`{"kind":"evolve","size":"13x13","evals":100,"algo":"random","pop":100000}`,
		`{"kind":"evolve","size":"13x13","evals":100,"algo":"memetic","pop":12500,"polish":3}`,
		`{"kind":"evolve","size":"64x64","evals":100,"algo":"hill","pop":10,"local":"h2","improve":"first"}`,
	} {
		code, resp := do(t, s, "POST", "/api/jobs", body)
		if code != 201 {
			t.Errorf("%s: %d %s, want 201", body, code, resp)
			continue
		}
		var st JobStatus
		json.Unmarshal([]byte(resp), &st)
		do(t, s, "DELETE", "/api/jobs/"+st.ID, "")
	}
}
