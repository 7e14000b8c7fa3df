package evalout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestWriteGraphTableHeat checks that --heat prints the visits per
// vertex as name=count pairs in natural order of the names, not as a Go map.
func TestWriteGraphTableHeat(t *testing.T) {
	tests := []struct {
		heat map[string]uint32
		want string
	}{
		{map[string]uint32{"s": 5, "v1": 1, "t": 0, "v10": 3, "v2": 2}, "s=5 t=0 v1=1 v2=2 v10=3"},
		{map[string]uint32{"b": 1, "a": 2}, "a=2 b=1"},
		{map[string]uint32{"a b": 1, "x=y": 2}, `"a b"=1 "x=y"=2`},
		{map[string]uint32{"v01": 1, "v1": 2}, "v01=1 v1=2"},
		{nil, "-"},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		WriteGraphTable(&b, []GraphRecord{{File: "g.json", Heat: tc.heat}}, true)
		want := "\ng.json, visits per vertex: " + tc.want + "\n"
		if !strings.HasSuffix(b.String(), want) || strings.Contains(b.String(), "map[") {
			t.Errorf("heat %v: got\n%s\nwant it to end %q", tc.heat, b.String(), want)
		}
	}
	// A real walk: every vertex named once.
	g, err := mousemaze.ParseGraph(strings.NewReader(`{"vertices":["s","v1","t"],"edges":[["s","v1"],["v1","t"]],"start":"s","exit":"t","prefs":{"v1":["t","s"]}}`), "g.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := NewGraphRecord("g.json", g, mousemaze.Config{Heat: true})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	WriteGraphTable(&b, []GraphRecord{rec}, true)
	want := fmt.Sprintf("visits per vertex: s=%d t=%d v1=%d\n", rec.Heat["s"], rec.Heat["t"], rec.Heat["v1"])
	if !strings.HasSuffix(b.String(), want) {
		t.Errorf("got\n%s\nwant it to end %q", b.String(), want)
	}
}

// TestWriteGraphMarks checks how the table and the JSON mark a diameter
// known only by its bounds and a saturated Theorem 8 bound, and that a
// record with neither prints as before.
func TestWriteGraphMarks(t *testing.T) {
	three := 3
	tests := []struct {
		name        string
		rec         GraphRecord
		diam, bound string // the table's columns
		json        string
	}{
		{"exact", GraphRecord{File: "g", Diameter: &three, Bound: 18}, "3", "18", `"diameter":3,"theorem8_bound":18,"k"`},
		{"bounds", GraphRecord{File: "g", DiameterBounds: &[2]int{4, 7}, Bound: 99}, "4..7", "99", `"diameter_bounds":[4,7],"theorem8_bound":99,"k"`},
		{"saturated", GraphRecord{File: "g", Diameter: &three, Bound: math.MaxInt64, BoundSaturated: true},
			"3", "≥9223372036854775807", `"diameter":3,"theorem8_bound":9223372036854775807,"theorem8_bound_saturated":true,"k"`},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		WriteGraphTable(&b, []GraphRecord{tc.rec}, false)
		lines := strings.Split(strings.TrimSpace(b.String()), "\n")
		if f := strings.Fields(lines[len(lines)-1]); len(f) != 13 || f[4] != tc.diam || f[7] != tc.bound {
			t.Errorf("%s: table\n%s\nwant diam %s and bound %s", tc.name, b.String(), tc.diam, tc.bound)
		}
		j, err := json.Marshal(tc.rec)
		if err != nil || !strings.Contains(string(j), tc.json) {
			t.Errorf("%s: JSON %s, %v; want it to hold %s", tc.name, j, err, tc.json)
		}
	}
}
