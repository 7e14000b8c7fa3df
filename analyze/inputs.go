package analyze

import (
	"fmt"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/evalout"
)

// Inputs analyses every maze read from files under cfg. On a failure it
// returns the records of the mazes before it and an error naming the
// maze's file and line.
func Inputs(inputs []evalout.Input, cfg mousemaze.Config) ([]Record, error) {
	recs := make([]Record, 0, len(inputs))
	for _, in := range inputs {
		rec, err := Analyze(in.File, in.Index, in.Maze, cfg)
		if err != nil {
			return recs, fmt.Errorf("%s:%d: %v", in.File, in.Line, err)
		}
		recs = append(recs, rec)
	}
	return recs, nil
}
