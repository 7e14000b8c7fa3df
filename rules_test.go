package mousemaze

import (
	"strings"
	"testing"
)

// TestRulesConfig wants the rules turned into their Config, and each bad
// field refused with its name after the prefix, as the flags and the web
// page's JSON name it.
func TestRulesConfig(t *testing.T) {
	cfg, err := Rules{Order: "rdlu", Entry: 1, Exit: 2, Cap: 9, K: 3}.Config("--")
	if err != nil || cfg.Order.String() != "RDLU" || cfg.Entry != 1 || cfg.Exit != 2 || cfg.Cap != 9 || cfg.K != 3 {
		t.Fatalf("Config = %+v, %v", cfg, err)
	}
	good := Rules{Order: "DRLU"}
	for _, bad := range []struct {
		edit func(*Rules)
		want string
	}{
		{func(r *Rules) { r.Order = "DRL" }, "--order: "},
		{func(r *Rules) { r.Cap = -1 }, "--cap -1: must be 0 or more"},
		{func(r *Rules) { r.Exit = -1 }, "--entry and --exit must be 0 or more"},
		{func(r *Rules) { r.K = -1 }, "--k -1: must be 0.."},
	} {
		r := good
		bad.edit(&r)
		if _, err := r.Config("--"); err == nil || !strings.HasPrefix(err.Error(), bad.want) {
			t.Errorf("%+v: error %v, want %q", r, err, bad.want)
		}
	}
}
