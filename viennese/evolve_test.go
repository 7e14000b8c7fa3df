package viennese

import (
	"context"
	"errors"
	"testing"
)

// TestEvolveCanvas runs a short search and checks that bad options are
// ErrOptions and a missing file is not.
func TestEvolveCanvas(t *testing.T) {
	p, _ := DefaultParams(AlgoHill)
	p.Evals = 300
	e, err := EvolveCanvas(context.Background(), EvolveOptions{Canvas: "3x3", Params: p})
	if err != nil || e.Record.Evals != 300 || e.Variant != HT || e.Best.Canvas == nil {
		t.Fatalf("3x3 hill: %+v, %v", e, err)
	}
	if r, err := Describe(&e.Best, HT, 1); err != nil || r.Score != e.Record.Score {
		t.Errorf("the best maze scores %v, the record says %v (%v)", r.Score, e.Record.Score, err)
	}
	bad := p
	bad.Evals = 0
	for _, tc := range []struct {
		o       EvolveOptions
		options bool
	}{
		{EvolveOptions{Canvas: "0x0", Params: p}, true},
		{EvolveOptions{Canvas: "3x3", Params: bad}, true},
		{EvolveOptions{Canvas: "3x3", Params: p, TuningSet: map[string]bool{"kick": true}}, true},
		{EvolveOptions{Canvas: "testdata/no-such-file.txt", Params: p}, false},
	} {
		_, err := EvolveCanvas(context.Background(), tc.o)
		if err == nil || errors.Is(err, ErrOptions) != tc.options {
			t.Errorf("%+v: error %v, want ErrOptions %v", tc.o, err, tc.options)
		}
	}
}

// TestVariantOr checks the order of precedence: the variant given, the
// file's variant line, HT.
func TestVariantOr(t *testing.T) {
	nht := NHT
	withLine := &File{Variant: NHT, HasVariant: true}
	for _, tc := range []struct {
		f    *File
		v    *Variant
		want Variant
	}{
		{nil, nil, HT},
		{&File{}, nil, HT},
		{withLine, nil, NHT},
		{&File{}, &nht, NHT},
		{&File{Variant: HT, HasVariant: true}, &nht, NHT},
	} {
		if got := tc.f.VariantOr(tc.v); got != tc.want {
			t.Errorf("%+v, %v: %v, want %v", tc.f, tc.v, got, tc.want)
		}
	}
}
