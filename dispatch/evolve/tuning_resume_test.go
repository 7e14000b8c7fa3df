package evolve

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// TestResumeConflict checks which flags a resumed search accepts: those
// that restate the checkpoint's setting, sizes and orders as parsed.
func TestResumeConflict(t *testing.T) {
	p := dispatch.Spec{Algo: dispatch.AlgoILS, Rows: 13, Cols: 13, Pop: 1, Seed: 3, Order: "DRLU", Evals: 100}
	for _, tc := range []struct {
		flags map[string]string
		bad   string // the flag named in the error, "" for none
	}{
		{map[string]string{}, ""},
		{map[string]string{"size": "13X13", "order": "drlu", "seed": "3", "algo": "ils", "evals": "900"}, ""},
		{map[string]string{"objective": "turns", "k": "0", "free-ends": "false"}, ""},
		{map[string]string{"size": "12x13"}, "size"},
		{map[string]string{"order": "DRUL"}, "order"},
		{map[string]string{"seed": "4"}, "seed"},
		{map[string]string{"init": "x.txt", "init-at": "corners"}, ""}, // not read on --resume
		{map[string]string{"kick": "5"}, "kick"},
		{map[string]string{"objective": "trap"}, "objective"},
	} {
		set := map[string]bool{}
		for name := range tc.flags {
			set[name] = true
		}
		err := ResumeConflict(p, set, func(name string) string { return tc.flags[name] })
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%v: %v", tc.flags, err)
		case tc.bad != "" && (err == nil || !strings.HasPrefix(err.Error(), "--"+tc.bad+" cannot change")):
			t.Errorf("%v: error %v, want one naming --%s", tc.flags, err, tc.bad)
		}
	}
}

// TestResumeConflictAuto checks that a resumed search accepts --algo auto
// where auto picks the checkpoint's method, with the flags restated.
func TestResumeConflictAuto(t *testing.T) {
	preset := func(algo string, n int) dispatch.Spec {
		p, err := dispatch.PresetFor(dispatch.ProblemGrid, algo)
		if err != nil {
			t.Fatal(err)
		}
		p.Rows, p.Cols = n, n
		return p
	}
	for _, tc := range []struct {
		p     dispatch.Spec
		flags map[string]string
		ok    bool
	}{
		{preset(dispatch.AlgoMemetic, 6), map[string]string{"algo": "auto"}, true},
		{preset(dispatch.AlgoILS, 6), map[string]string{"algo": "auto"}, false},
		{preset(dispatch.AlgoILS, 13), map[string]string{"algo": "auto"}, true},
		{preset(dispatch.AlgoMemetic, 13), map[string]string{"algo": "auto"}, false},
	} {
		set := map[string]bool{}
		for name := range tc.flags {
			set[name] = true
		}
		err := ResumeConflict(tc.p, set, func(name string) string { return tc.flags[name] })
		if (err == nil) != tc.ok {
			t.Errorf("%s %dx%d, %v: %v", tc.p.Algo, tc.p.Rows, tc.p.Cols, tc.flags, err)
		}
	}
	p := preset(dispatch.AlgoILS, 6)
	p.Kick = 3
	flags := map[string]string{"algo": "auto", "kick": "3"}
	if err := ResumeConflict(p, map[string]bool{"algo": true, "kick": true}, func(name string) string { return flags[name] }); err != nil {
		t.Errorf("ils 6x6 --kick 3, restated with --algo auto --kick 3: %v", err)
	}
}

// TestResumeConflictTuning starts searches with search flags given (as
// the command line spells them) and resumes them: the same flags restated
// are accepted, every one of TuningNames, each compared as parsed; a
// changed value, or a flag that does not apply to the method, is refused
// naming the flag.
func TestResumeConflictTuning(t *testing.T) {
	ils := map[string]string{"restarts": "10", "deepen": "0", "deepen-reach": "2", "local": "h3", "kick": "4", "sideways": "7",
		"reach": "3", "accept": "0.01", "crossover": "none", "improve": "best", "polish": "1", "pop": "0"}
	ga := map[string]string{"parents": "20", "elite": "3", "mutation": "2.5", "crossover": "uniform", "pop": "200", "deepen": "2", "polish": "2"}
	for _, tc := range []struct {
		name   string
		algo   string
		start  map[string]string // the flags of the command that started the search
		resume map[string]string // the flags given with --resume
		bad    string            // the flag named in the error, "" for none
	}{
		{"ils restated", dispatch.AlgoILS, ils, ils, ""},
		{"ga restated", dispatch.AlgoGA, ga, ga, ""},
		{"restarts restated", dispatch.AlgoILS, map[string]string{"restarts": "10"}, map[string]string{"restarts": "10"}, ""},
		{"deepen 0 restated", dispatch.AlgoILS, map[string]string{"deepen": "0"}, map[string]string{"deepen": "0"}, ""},
		{"preset values given", dispatch.AlgoILS, nil, map[string]string{"local": "h2", "kick": "5", "deepen": "6", "deepen-reach": "3", "crossover": "uniform", "improve": "first", "pop": "0"}, ""},
		{"mutation spelt otherwise", dispatch.AlgoGA, map[string]string{"mutation": "2.5"}, map[string]string{"mutation": "2.50"}, ""},
		{"hex int", dispatch.AlgoILS, map[string]string{"restarts": "16"}, map[string]string{"restarts": "0x10"}, ""},
		{"restarts changed", dispatch.AlgoILS, map[string]string{"restarts": "10"}, map[string]string{"restarts": "11"}, "restarts"},
		{"restarts given anew", dispatch.AlgoILS, nil, map[string]string{"restarts": "10"}, "restarts"},
		{"deepen changed", dispatch.AlgoILS, map[string]string{"deepen": "0"}, map[string]string{"deepen": "1"}, "deepen"},
		{"local changed", dispatch.AlgoILS, ils, map[string]string{"local": "h2"}, "local"},
		{"local bad", dispatch.AlgoILS, ils, map[string]string{"local": "3"}, "local"},
		{"mutation changed", dispatch.AlgoGA, ga, map[string]string{"mutation": "2.6"}, "mutation"},
		{"accept changed", dispatch.AlgoILS, ils, map[string]string{"accept": "0.02"}, "accept"},
		{"crossover changed", dispatch.AlgoGA, ga, map[string]string{"crossover": "none"}, "crossover"},
		{"improve changed", dispatch.AlgoILS, ils, map[string]string{"improve": "first"}, "improve"},
		{"pop changed", dispatch.AlgoGA, ga, map[string]string{"pop": "0"}, "pop"},
		{"not the method's", dispatch.AlgoGA, ga, map[string]string{"kick": "0"}, "kick"},
		{"elite changed", dispatch.AlgoGA, ga, map[string]string{"elite": "2"}, "elite"},
		{"deepen-reach changed", dispatch.AlgoILS, ils, map[string]string{"deepen-reach": "3"}, "deepen-reach"},
	} {
		set := func(flags map[string]string) map[string]bool {
			s := map[string]bool{}
			for name := range flags {
				s[name] = true
			}
			return s
		}
		o := GridOptions{Algo: tc.algo, Size: mousemaze.Size{Rows: 9, Cols: 9}, Config: mousemaze.Config{Order: mousemaze.DRLU}, Objective: dispatch.ObjTurns, Evals: 1000, Seed: 1, Set: set(tc.start)}
		if err := parseTuning(&o, tc.start); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p, err := o.Spec()
		if err != nil {
			t.Fatalf("%s: starting: %v", tc.name, err)
		}
		err = ResumeConflict(p, set(tc.resume), func(name string) string { return tc.resume[name] })
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.bad != "" && (err == nil || !strings.HasPrefix(err.Error(), "--"+tc.bad+" cannot change on --resume")):
			t.Errorf("%s: error %v, want one naming --%s", tc.name, err, tc.bad)
		}
	}
}

// parseTuning sets the search flags of o from their text, as evolve's
// flags do (--pop is a flag of its own).
func parseTuning(o *GridOptions, flags map[string]string) error {
	o.Tuning = Tuning{}
	for name, v := range flags {
		if name == "pop" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return err
			}
			o.Pop = n
			continue
		}
		o.Tuning[name] = v
	}
	return nil
}
