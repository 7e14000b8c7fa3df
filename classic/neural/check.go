package neural

import "errors"

// Check checks that p can run: at least one decision node, inhibition
// above 0, every other knob 0 or more. Its error names the flags of
// classic neural.
func (p Params) Check() error {
	if p.Hidden < 1 || p.Trace < 0 || p.Rate < 0 || p.Reward < 0 || p.Noise < 0 || p.Inhibition <= 0 {
		return errors.New("--hidden must be at least 1, --inhibition above 0, the rest 0 or more")
	}
	return nil
}
