package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pathJSON writes the graph file of a path of n vertices named 0 … n−1,
// the start 1 and the exit 0, each inner vertex preferring the next.
func pathJSON(t *testing.T, n int) string {
	t.Helper()
	g := map[string]any{"start": "1", "exit": "0"}
	var vs []string
	var edges [][2]string
	prefs := map[string][]string{}
	for i := range n {
		vs = append(vs, fmt.Sprint(i))
		if i+1 < n {
			edges = append(edges, [2]string{fmt.Sprint(i), fmt.Sprint(i + 1)})
		}
		if i > 0 && i+1 < n {
			prefs[fmt.Sprint(i)] = []string{fmt.Sprint(i + 1), fmt.Sprint(i - 1)}
		}
	}
	g["vertices"], g["edges"], g["prefs"] = vs, edges, prefs
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), fmt.Sprintf("path%d.json", n))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGraphLarge runs graph on a path of 20,000 vertices, whose diameter
// a search from every vertex took minutes to find: it answers at once,
// with the exact diameter, and marks the Theorem 8 bound that saturates.
// A path of 5 keeps its unmarked output.
func TestGraphLarge(t *testing.T) {
	big, small := pathJSON(t, 20000), pathJSON(t, 5)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--json", big}, `"vertices":20000,"edges":19999,"max_degree":2,"diameter":19999,"theorem8_bound":9223372036854775807,"theorem8_bound_saturated":true,"k":0,"turns":40000,`},
		{[]string{big}, "  2  19999  0  40000  ≥9223372036854775807  "},
		{[]string{"--json", small}, `"vertices":5,"edges":4,"max_degree":2,"diameter":4,"theorem8_bound":150,"k":0,"turns":10,`},
		{[]string{small}, "  2     4  0     10             150  "},
	}
	for _, tc := range tests {
		start := time.Now()
		code, out, errs := runCmd(t, append([]string{"graph"}, tc.args...)...)
		if code != exitOK || !strings.Contains(out, tc.want) || time.Since(start) > 10*time.Second {
			t.Errorf("graph %v: exit %d in %v, %s%s\nwant it to hold %q", tc.args, code, time.Since(start), out, errs, tc.want)
		}
	}
}

// TestGraphLemma11Range wants every --lemma11 outside 2 … MaxLemma11, 0
// (the flag's default) included, refused with the range.
func TestGraphLemma11Range(t *testing.T) {
	for _, k := range []string{"0", "1", "-1", "1048577"} {
		code, out, errs := runCmd(t, "graph", "--lemma11", k)
		if want := "mousemaze graph: --lemma11 " + k + ": want 2 ≤ K ≤ 1048576"; code != exitUsage || out != "" || !strings.Contains(errs, want) {
			t.Errorf("--lemma11 %s: exit %d, %q%q; want %d and %q", k, code, out, errs, exitUsage, want)
		}
	}
}
