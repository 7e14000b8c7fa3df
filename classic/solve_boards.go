package classic

// SolveBoards solves every board of the file name with algo under opt,
// each with a fresh Rand of seed (so a board's walk does not depend on
// the boards before it), and returns their records. On a failure it
// returns the records before it and Solve's error.
func SolveBoards(algo, name string, boards []Board, opt Options, seed uint64) ([]SolveRecord, error) {
	recs := make([]SolveRecord, 0, len(boards))
	for k, b := range boards {
		opt.Rand = NewRand(seed)
		res, err := Solve(algo, b.Nav(), opt)
		if err != nil {
			return recs, err
		}
		recs = append(recs, NewSolveRecord(name, k, b, res))
	}
	return recs, nil
}
