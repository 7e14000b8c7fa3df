package viennese

import "testing"

// TestTune copies exactly the named fields.
func TestTune(t *testing.T) {
	p, err := DefaultParams(AlgoKeep)
	if err != nil {
		t.Fatal(err)
	}
	want := p
	want.Rate, want.Temp = 0.5, 0.2
	p.Tune(Params{Rate: 0.5, Temp: 0.2, Pop: 7, Rounds: 9}, map[string]bool{"rate": true, "temp": true})
	if p != want {
		t.Errorf("Tune gave %+v, want %+v", p, want)
	}
}
