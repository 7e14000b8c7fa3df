package mousemaze

import "fmt"

// Rules are the walk's rules as a person writes them: the command line's
// --order, --entry, --exit, --cap and --k, and the same fields of the web
// page's JSON requests (order, entry, exit, cap, k). Config checks them
// and makes the Config that the walks take.
type Rules struct {
	// Order is the preference order for ties, a permutation of DRLU.
	Order string `json:"order"`
	// Entry and Exit are the columns of the entrance above the top row
	// and of the exit below the bottom row, 0-based.
	Entry int `json:"entry"`
	Exit  int `json:"exit"`
	// Cap stops a walk after this many turns (0 = no cap).
	Cap int64 `json:"cap"`
	// K counts visits modulo K (0 = exact counting).
	K int `json:"k"`
}

// Config checks the rules and returns their Config: the order must be a
// permutation of DRLU, the cap and the columns 0 or more and K in
// 0..maxK (2^30); the columns are checked against each maze's width when it is
// walked (Config.Validate). Its errors name the field after prefix: "--"
// for the flags ("--cap -1: must be 0 or more"), "" for the JSON fields.
func (r Rules) Config(prefix string) (Config, error) {
	o, err := ParseOrder(r.Order)
	switch {
	case err != nil:
		return Config{}, fmt.Errorf("%sorder: %w", prefix, err)
	case r.Cap < 0:
		return Config{}, fmt.Errorf("%scap %d: must be 0 or more", prefix, r.Cap)
	case r.Entry < 0 || r.Exit < 0:
		return Config{}, fmt.Errorf("%sentry and %sexit must be 0 or more", prefix, prefix)
	case r.K < 0 || r.K > maxK:
		return Config{}, fmt.Errorf("%sk %d: must be 0..%d", prefix, r.K, maxK)
	}
	return Config{Order: o, Entry: r.Entry, Exit: r.Exit, Cap: r.Cap, K: r.K}, nil
}
