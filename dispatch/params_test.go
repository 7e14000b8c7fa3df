package dispatch

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// notParams are the Spec fields that are not search parameters, with
// where they are set instead.
var notParams = map[string]string{
	"Version": "SpecVersion", "Problem": "the problem", "Algo": "--algo", "Rows": "--size", "Cols": "--size",
	"Order": "--order", "Entry": "--entry", "Exit": "--exit", "FreeEnds": "--free-ends", "Cap": "--cap", "K": "--k",
	"Objective": "--objective", "Walker": "--walker", "Canvas": "viennese --canvas", "Variant": "viennese --variant",
	"Evals": "--evals", "Seed": "--seed", "Density": "the problem's preset", "Temp": "the sa preset",
	"Islands": "the memetic preset", "Migrate": "the memetic preset", "Stagnation": "the memetic and pipeline presets",
}

// TestParamsTable wants every field of Spec set by exactly one parameter
// of Params or listed in notParams, names that are unique as flags and as
// JSON, a value name in every help text (so that help never says
// "value"), and the JSON names of SpecOptions in the table's order.
func TestParamsTable(t *testing.T) {
	var p Spec
	base := uintptr(unsafe.Pointer(&p))
	byOffset := map[uintptr]string{}
	st := reflect.TypeOf(p)
	for i := range st.NumField() {
		byOffset[st.Field(i).Offset] = st.Field(i).Name
	}
	owner := map[string]string{}
	flags, jsons := map[string]bool{}, map[string]bool{}
	for _, pa := range Params {
		field := byOffset[reflect.ValueOf(pa.field(&p)).Pointer()-base]
		if field == "" {
			t.Errorf("--%s sets no field of Spec", pa.Name)
		}
		if other, ok := owner[field]; ok {
			t.Errorf("Spec.%s is set by --%s and --%s", field, other, pa.Name)
		}
		owner[field] = pa.Name
		if flags[pa.Name] || jsons[pa.JSONName()] {
			t.Errorf("--%s named twice", pa.Name)
		}
		flags[pa.Name], jsons[pa.JSONName()] = true, true
		if strings.Count(pa.Help, "`") != 2 {
			t.Errorf("--%s: help %q names no value in backquotes", pa.Name, pa.Help)
		}
		if tag, _, _ := strings.Cut(st.Field(fieldIndex(st, field)).Tag.Get("json"), ","); tag != pa.JSONName() {
			t.Errorf("--%s: Spec.%s is %q in JSON, the table says %q", pa.Name, field, tag, pa.JSONName())
		}
	}
	for i := range st.NumField() {
		name := st.Field(i).Name
		_, param := owner[name]
		if _, other := notParams[name]; param == other {
			t.Errorf("Spec.%s: a parameter %v, in notParams %v: want exactly one", name, param, other)
		}
	}
	ot := reflect.TypeOf(SpecOptions{})
	if ot.NumField() != len(Params) {
		t.Fatalf("SpecOptions has %d fields, the table %d parameters", ot.NumField(), len(Params))
	}
	for i, pa := range Params {
		if tag, _, _ := strings.Cut(ot.Field(i).Tag.Get("json"), ","); tag != pa.JSONName() {
			t.Errorf("SpecOptions field %d is %q in JSON, the table's parameter %d is %q", i, tag, i, pa.JSONName())
		}
	}
}

func fieldIndex(t reflect.Type, name string) int {
	f, _ := t.FieldByName(name)
	return f.Index[0]
}

// TestParamsAgree checks what the table settles that was once checked in
// two places with two answers: --deepen-reach 0 (the default reach) is
// accepted by SpecOptions.Apply as by Spec.Validate, and a Spec field
// checked by Validate gives the same message as the option.
func TestParamsAgree(t *testing.T) {
	p, _ := Preset(AlgoILS)
	if err := (SpecOptions{DeepenReach: ptr(0)}).Apply(&p, 169); err != nil {
		t.Errorf("--deepen-reach 0: %v", err)
	}
	p.Evals = 1
	if err := p.Validate(); err != nil {
		t.Errorf("a Spec with deepen_reach 0: %v", err)
	}
	for _, tc := range []struct {
		o   SpecOptions
		set func(*Spec)
	}{
		{SpecOptions{Sideways: ptr(-1)}, func(p *Spec) { p.Sideways = -1 }},
		{SpecOptions{Accept: ptr(1.5)}, func(p *Spec) { p.Accept = 1.5 }},
		{SpecOptions{Deepen: ptr(9)}, func(p *Spec) { p.Deepen = 9 }},
		{SpecOptions{DeepenReach: ptr(-2)}, func(p *Spec) { p.DeepenReach = -2 }},
		{SpecOptions{Improve: ptr("worst")}, func(p *Spec) { p.Improve = "worst" }},
	} {
		a, _ := Preset(AlgoILS)
		errA := tc.o.Apply(&a, 169)
		b, _ := Preset(AlgoILS)
		b.Evals = 1
		tc.set(&b)
		errB := b.Validate()
		if errA == nil || errB == nil || !strings.HasSuffix(errB.Error(), errA.Error()) {
			t.Errorf("%v: option says %v, Validate says %v", tc.o.Set(), errA, errB)
		}
	}
}

// TestAutoAlgo checks the default method by size: memetic up to
// AutoSmallCells cells, ils above, and ils on a small grid when a flag of
// ils alone is given.
func TestAutoAlgo(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		given      []string
		want       string
	}{
		{3, 3, nil, AlgoMemetic},
		{6, 6, nil, AlgoMemetic},
		{4, 9, nil, AlgoMemetic},
		{6, 7, nil, AlgoILS},
		{13, 13, nil, AlgoILS},
		{6, 6, []string{"kick"}, AlgoILS},
		{6, 6, []string{"restarts", "local"}, AlgoILS},
		{6, 6, []string{"local", "parents"}, AlgoMemetic},
		{13, 13, []string{"parents"}, AlgoILS},
	} {
		if got := AutoAlgo(tc.rows, tc.cols, tc.given); got != tc.want {
			t.Errorf("AutoAlgo(%d, %d, %v) = %s, want %s", tc.rows, tc.cols, tc.given, got, tc.want)
		}
	}
}

// TestAutoPreset checks the size-dependent preset of --algo auto: ils
// restarts after 10 kicks and kicks 2 cells on grids of 37 to 49 cells
// unless --restarts or --kick is given, and nothing else changes.
func TestAutoPreset(t *testing.T) {
	ils, err := PresetFor(ProblemGrid, AlgoILS)
	if err != nil {
		t.Fatal(err)
	}
	k := ils.Kick // the preset's
	for _, tc := range []struct {
		algo           string
		rows, cols     int
		given          []string
		restarts, kick int
	}{
		{AlgoILS, 7, 7, nil, 10, 2},
		{AlgoILS, 6, 7, nil, 10, 2},
		{AlgoILS, 7, 7, []string{"restarts"}, 0, 2},
		{AlgoILS, 7, 7, []string{"kick"}, 10, k},
		{AlgoILS, 7, 7, []string{"kick", "restarts"}, 0, k},
		{AlgoILS, 6, 6, []string{"kick"}, 0, k},
		{AlgoILS, 8, 7, nil, 0, k},
		{AlgoILS, 13, 13, nil, 0, k},
		{AlgoMemetic, 7, 7, nil, 0, 0},
	} {
		p, err := PresetFor(ProblemGrid, tc.algo)
		if err != nil {
			t.Fatal(err)
		}
		p.Rows, p.Cols = tc.rows, tc.cols
		want := p
		want.Restarts, want.Kick = tc.restarts, tc.kick
		AutoPreset(&p, tc.given)
		if p != want {
			t.Errorf("AutoPreset(%s %dx%d, %v): restarts %d kick %d, want %d and %d (or another field changed)", tc.algo, tc.rows, tc.cols, tc.given, p.Restarts, p.Kick, tc.restarts, tc.kick)
		}
	}
}
