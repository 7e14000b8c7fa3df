package dispatch

import (
	"encoding/json"
	"reflect"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// TestSpecOptionsApply sets every option on its method and wants exactly
// that field changed from the preset.
func TestSpecOptionsApply(t *testing.T) {
	tests := []struct {
		algo string
		o    SpecOptions
		want func(p *Spec)
	}{
		{AlgoGA, SpecOptions{Pop: ptr(50)}, func(p *Spec) { p.Pop = 50 }},
		{AlgoGA, SpecOptions{Pop: ptr(0)}, func(p *Spec) {}},
		{AlgoGA, SpecOptions{Parents: ptr(7)}, func(p *Spec) { p.Parents = 7 }},
		{AlgoEA, SpecOptions{Elite: ptr(3)}, func(p *Spec) { p.Elite = 3 }},
		{AlgoMemetic, SpecOptions{Mutation: ptr(2.5)}, func(p *Spec) { p.Mutation = 2.5 }},
		{AlgoPipeline, SpecOptions{Crossover: ptr(CrossNone)}, func(p *Spec) { p.Crossover = CrossNone }},
		{AlgoILS, SpecOptions{Local: ptr("h3")}, func(p *Spec) { p.Local = 3 }},
		{AlgoHill, SpecOptions{Local: ptr("h1"), Improve: ptr(ImproveFirst)}, func(p *Spec) { p.Local, p.Improve = 1, ImproveFirst }},
		{AlgoMemetic, SpecOptions{Sideways: ptr(4)}, func(p *Spec) { p.Sideways = 4 }},
		{AlgoILS, SpecOptions{Kick: ptr(9)}, func(p *Spec) { p.Kick = 9 }},
		{AlgoILS, SpecOptions{Restarts: ptr(6)}, func(p *Spec) { p.Restarts = 6 }},
		{AlgoILS, SpecOptions{Reach: ptr(0)}, func(p *Spec) { p.Reach = 0 }},
		{AlgoILS, SpecOptions{Accept: ptr(0.01)}, func(p *Spec) { p.Accept = 0.01 }},
		{AlgoILS, SpecOptions{KickHeat: ptr(8.0)}, func(p *Spec) { p.KickHeat = 8 }},
		{AlgoAnneal, SpecOptions{Polish: ptr(2)}, func(p *Spec) { p.Polish = 2 }},
		{AlgoPipeline, SpecOptions{Polish: ptr(0)}, func(p *Spec) { p.Polish = 0 }},
		{AlgoGA, SpecOptions{Pop: ptr(5), Parents: ptr(5), Elite: ptr(0)}, func(p *Spec) { p.Pop, p.Parents, p.Elite = 5, 5, 0 }},
	}
	for _, tc := range tests {
		got, _ := Preset(tc.algo)
		want := got
		tc.want(&want)
		if err := tc.o.Apply(&got, 36); err != nil {
			t.Errorf("%s %v: %v", tc.algo, tc.o.Set(), err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %v:\n got %+v\nwant %+v", tc.algo, tc.o.Set(), got, want)
		}
	}
}

// TestSpecOptionsErrors wants the CLI's message for every bad value.
func TestSpecOptionsErrors(t *testing.T) {
	tests := []struct {
		algo string
		o    SpecOptions
		want string
	}{
		{AlgoGA, SpecOptions{Pop: ptr(-1)}, "--pop -1: must be 0 (preset) or more"},
		{AlgoGA, SpecOptions{Parents: ptr(200)}, "--parents 200: must be in 1..100 (--pop)"},
		{AlgoGA, SpecOptions{Parents: ptr(0)}, "--parents 0: must be in 1..100 (--pop)"},
		{AlgoGA, SpecOptions{Pop: ptr(5)}, "--pop 5: the ga preset's parents, 10, exceed --pop 5; give a larger --pop, or --parents at most 5"},
		{AlgoGA, SpecOptions{Elite: ptr(101)}, "--elite 101: must be in 0..100 (--pop)"},
		{AlgoGA, SpecOptions{Elite: ptr(-1)}, "--elite -1: must be in 0..100 (--pop)"},
		{AlgoMemetic, SpecOptions{Mutation: ptr(0.0)}, "--mutation 0: must be above 0 and at most 36 (the cells)"},
		{AlgoGA, SpecOptions{Mutation: ptr(37.0)}, "--mutation 37: must be above 0 and at most 36 (the cells)"},
		{AlgoMemetic, SpecOptions{Crossover: ptr("foo")}, `--crossover "foo": must be uniform, none or (ils) relink`},
		{AlgoGA, SpecOptions{Crossover: ptr("relink")}, `--crossover "relink": relink applies to ils only; want uniform or none`},
		{AlgoILS, SpecOptions{Local: ptr("h9")}, `--local "h9": must be h1 to h8 (h4 and above need --reach)`},
		{AlgoILS, SpecOptions{Local: ptr("h5"), Reach: ptr(0)}, `--local h5: must be h1 to h8 (h4 and above need --reach)`},
		{AlgoHill, SpecOptions{Local: ptr("h4")}, `--local h4: must be h1 to h8 (h4 and above need --reach)`},
		{AlgoILS, SpecOptions{Improve: ptr("worst")}, `--improve "worst": must be first or best`},
		{AlgoILS, SpecOptions{Sideways: ptr(-1)}, "--sideways -1: must be 0 or more"},
		{AlgoILS, SpecOptions{Kick: ptr(0)}, "--kick 0: must be in 1..36 (the cells)"},
		{AlgoILS, SpecOptions{Kick: ptr(37)}, "--kick 37: must be in 1..36 (the cells)"},
		{AlgoILS, SpecOptions{Restarts: ptr(-1)}, "--restarts -1: must be 0 (never) or more"},
		{AlgoILS, SpecOptions{Reach: ptr(-1)}, "--reach -1: must be 0 (any) or more"},
		{AlgoILS, SpecOptions{KickHeat: ptr(8.5)}, "--kick-heat 8.5: must be in [0, 8]"},
		{AlgoILS, SpecOptions{KickHeat: ptr(-1.0)}, "--kick-heat -1: must be in [0, 8]"},
		{AlgoILS, SpecOptions{Accept: ptr(1.0)}, "--accept 1: must be in [0, 1)"},
		{AlgoILS, SpecOptions{Accept: ptr(-0.5)}, "--accept -0.5: must be in [0, 1)"},
		{AlgoILS, SpecOptions{Polish: ptr(4)}, "--polish 4: must be 0, 1, 2 or 3"},
		{AlgoGA, SpecOptions{Kick: ptr(3)}, "--kick does not apply to --algo ga (only to ils)"},
		{AlgoGA, SpecOptions{Accept: ptr(0.1)}, "--accept does not apply to --algo ga (only to ils)"},
		{AlgoAnneal, SpecOptions{Parents: ptr(3)}, "--parents does not apply to --algo sa (only to ea, ga, memetic, pipeline)"},
		{AlgoGA, SpecOptions{Local: ptr("h1")}, "--local does not apply to --algo ga (only to ils, memetic, hill)"},
		{AlgoMemetic, SpecOptions{Improve: ptr("best")}, "--improve does not apply to --algo memetic (only to ils, hill)"},
		{AlgoRandom, SpecOptions{Sideways: ptr(1)}, "--sideways does not apply to --algo random (only to ils, memetic, hill)"},
		{AlgoPipeline, SpecOptions{Restarts: ptr(1)}, "--restarts does not apply to --algo pipeline (only to ils)"},
		{AlgoEA, SpecOptions{Reach: ptr(1)}, "--reach does not apply to --algo ea (only to ils, memetic, hill)"},
	}
	for _, tc := range tests {
		p, _ := Preset(tc.algo)
		err := tc.o.Apply(&p, 36)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s %v: error %v, want %q", tc.algo, tc.o.Set(), err, tc.want)
		}
	}
}

// TestSpecOptionsJSON reads the options under their flags' names.
func TestSpecOptionsJSON(t *testing.T) {
	var o SpecOptions
	in := `{"pop":1,"parents":2,"elite":3,"mutation":4.5,"crossover":"none","local":"h2","improve":"best","sideways":5,"kick":6,"kick_heat":1.5,"restarts":7,"reach":8,"accept":0.25,"archive":24,"polish":1,"deepen":6,"deepen_reach":3}`
	if err := json.Unmarshal([]byte(in), &o); err != nil {
		t.Fatal(err)
	}
	if got := o.Set(); !reflect.DeepEqual(got, SpecOptionNames) {
		t.Errorf("set %v, want all of %v", got, SpecOptionNames)
	}
	if *o.Pop != 1 || *o.Parents != 2 || *o.Elite != 3 || *o.Mutation != 4.5 || *o.Crossover != "none" || *o.Local != "h2" ||
		*o.Improve != "best" || *o.Sideways != 5 || *o.Kick != 6 || *o.KickHeat != 1.5 || *o.Restarts != 7 || *o.Reach != 8 || *o.Accept != 0.25 || *o.Archive != 24 || *o.Polish != 1 ||
		*o.Deepen != 6 || *o.DeepenReach != 3 {
		t.Errorf("decoded %s as %+v", in, o)
	}
	if got := (SpecOptions{}).Set(); got != nil {
		t.Errorf("no options: set %v", got)
	}
}
