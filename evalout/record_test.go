package evalout

import (
	"github.com/mousemaze/mousemaze"

	"encoding/json"
	"testing"
)

// TestEvalRecordJSON pins the record's field names and order, with and
// without its source and detail parts.
func TestEvalRecordJSON(t *testing.T) {
	res := mousemaze.Result{Feasible: true, Escaped: true, Turns: 5, Heat: []uint32{2, 1, 1, 0}}
	rec := NewEvalRecord(2, 2, res)
	for _, tc := range []struct {
		source *EvalSource
		detail *EvalDetail
		want   string
	}{
		{nil, nil, `{"rows":2,"cols":2,"turns":5,"visits":3,"escaped":true,"feasible":true,"heat":[[2,1],[1,0]]}`},
		{&EvalSource{File: "-", Index: 0}, nil,
			`{"file":"-","index":0,"rows":2,"cols":2,"turns":5,"visits":3,"escaped":true,"feasible":true,"heat":[[2,1],[1,0]]}`},
		{nil, &EvalDetail{Cap: 9, Order: "DRLU", Backend: "ref"},
			`{"rows":2,"cols":2,"turns":5,"visits":3,"escaped":true,"feasible":true,"heat":[[2,1],[1,0]],` +
				`"capped":false,"cap":9,"edges":false,"entry":0,"exit":0,"order":"DRLU","backend":"ref","path":"","path_moves":0,"path_truncated":false}`},
	} {
		rec.EvalSource, rec.EvalDetail = tc.source, tc.detail
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("got  %s\nwant %s", b, tc.want)
		}
		var back EvalRecord
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if (back.EvalSource != nil) != (tc.source != nil) || (back.EvalDetail != nil) != (tc.detail != nil) {
			t.Errorf("%s decodes with source %v, detail %v", b, back.EvalSource, back.EvalDetail)
		}
	}
	if NewEvalRecord(2, 2, mousemaze.Result{Turns: 1}).Heat != nil {
		t.Error("heat without a heat map")
	}
}
