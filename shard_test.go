package mousemaze

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
	}{{"0/1", Shard{0, 1}}, {"3/16", Shard{3, 16}}, {"15/16", Shard{15, 16}}, {"4194303/4194304", Shard{MaxShards - 1, MaxShards}}} {
		got, err := ParseShard(tc.in)
		if err != nil || got != tc.want || got.String() != tc.in {
			t.Errorf("ParseShard(%q) = %v (%q), %v; want %v", tc.in, got, got.String(), err, tc.want)
		}
	}
	for msg, ins := range map[string][]string{
		"want 0 ≤ i < N":   {"16/16", "0/0", "-1/4"},
		"want i/N":         {"3-16", "", "1/", "/4", "01/4", "+1/4", " 1/4", "1/4/2", "1/4x", "0/99999999999999999999"},
		"want N ≤ 4194304": {"0/4194305", "0/99999999999", "4194304/4194305"},
	} {
		for _, in := range ins {
			if _, err := ParseShard(in); !errors.Is(err, errShard) || !strings.Contains(err.Error(), msg) {
				t.Errorf("ParseShard(%q): %v, want an errShard saying %q", in, err, msg)
			}
		}
	}
}

func TestShardFlag(t *testing.T) {
	var sh Shard
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&sh, "shard", "i/N")
	if err := fs.Parse([]string{"--shard", "2/5"}); err != nil || sh != (Shard{2, 5}) {
		t.Errorf("--shard 2/5: %v, %v", sh, err)
	}
	if err := fs.Parse([]string{"--shard", "5/5"}); err == nil || sh != (Shard{2, 5}) {
		t.Errorf("--shard 5/5: %v, %v; want an error and the shard unchanged", sh, err)
	}
	if (Shard{}).Validate() == nil {
		t.Error("the zero Shard validates")
	}
	if (Shard{0, MaxShards + 1}).Validate() == nil {
		t.Error("a Shard of more than MaxShards parts validates")
	}
}
