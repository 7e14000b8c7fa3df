package dispatch

import (
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/mousemaze/mousemaze/internal/parallel"
)

// This file checks a saved search state before the engine resumes it: a
// checkpoint is a file that can be edited, damaged or written by hand, and
// the engine indexes its arrays and walks its genomes without checking
// them again. checkState refuses any state that no search could have
// written (wrong shapes, genomes of another search, negative counts) and
// re-walks the genomes whose scores a search reports or relies on for a
// certificate, so that a resumed search never panics and never reports a
// score its maze does not have.

// ErrState is wrapped by the errors of ResumeEngine (and Resume) for a
// saved state that no search of its Spec could have written: a genome
// that is not one of the search's, an array of the wrong shape, a
// negative count, or a recorded score that its genome does not walk. The
// message says what is wrong, naming the field as the checkpoint's JSON
// names it ("islands[0][0]: row 0 has walls beyond column 3"); the caller
// adds the file's name.
var ErrState = errors.New("invalid search state")

// stateError is an error of checkState: its message alone, wrapping
// ErrState for errors.Is.
type stateError struct{ msg string }

func (e stateError) Error() string        { return e.msg }
func (e stateError) Is(target error) bool { return target == ErrState }

// badState returns a stateError with the formatted message.
func badState(format string, args ...any) error {
	return stateError{fmt.Sprintf(format, args...)}
}

// genomeNoun names a genome of problem p in messages: "maze", "board" or
// "genome".
func genomeNoun[G any](p Problem[G]) string {
	switch any(p).(type) {
	case *GridProblem:
		return "maze"
	case *EdgeProblem:
		return "board"
	}
	return "genome"
}

// memberGroup is a list of members of a saved state and how the
// checkpoint names member i (its JSON path, as "islands[2][7]").
type memberGroup[G any] struct {
	ms   []Member[G]
	name func(i int) string
}

// checkedMember is a member whose recorded score is walked again, and
// its name.
type checkedMember[G any] struct {
	m    Member[G]
	name string
}

// checkChunk is the members one goroutine checks at a time.
const checkChunk = 4096

// checkState checks st, a state about to be resumed on s's problem, and
// returns an error wrapping ErrState for the first fault it finds (see
// ErrState); s holds st's Spec (the budget in force) and the problem.
// Every genome must pass the problem's Check and be feasible; the arrays
// of the method must have the shapes its strategy gives them; counts must
// not be negative, the evaluations not above the budget (a search never
// evaluates past it), and the best found no later than now. The best, the
// iterated local search's home and the climbs' centres and best
// neighbours (which decide the certificate of a local optimum) are
// evaluated again, outside the budget and the counts, and must score what
// the state records. It changes nothing, so a valid state resumes exactly
// as it was saved.
func (s *Engine[G]) checkState(st *EngineState[G]) error {
	p := st.Spec
	for _, c := range []struct {
		name string
		v    int64
	}{
		{"gen", st.Gen}, {"evals", st.Evals}, {"rejected", st.Rejected}, {"polish_evals", st.PolishEvals},
		{"best_gen", st.BestGen}, {"best_evals", st.BestEvals}, {"local_optimum_radius", int64(st.Certified)},
		{"fails", int64(st.Fails)}, {"stale_gens", st.StaleGens}, {"repeats", st.Repeats},
	} {
		if c.v < 0 {
			return badState("%s is %d; a count cannot be negative", c.name, c.v)
		}
	}
	switch {
	case st.Evals > p.Evals:
		return badState("evals is %d, above the budget of %d evaluations, which a search never exceeds", st.Evals, p.Evals)
	case st.BestEvals > st.Evals:
		return badState("best_evals is %d, above evals %d: the best cannot be found after the last evaluation", st.BestEvals, st.Evals)
	case st.BestGen > st.Gen:
		return badState("best_gen is %d, above gen %d: the best cannot be found after the last generation", st.BestGen, st.Gen)
	case st.Phase != 0 && st.Phase != 1:
		return badState("phase is %d; the pipeline has phases 0 and 1", st.Phase)
	case st.Certified > max(p.Local, p.Polish):
		return badState("local_optimum_radius is %d, beyond any radius the search scans (%d)", st.Certified, max(p.Local, p.Polish))
	case st.Certified > 0 && !st.Best.Scored:
		return badState("local_optimum_radius is %d, but there is no best to certify", st.Certified)
	}
	if err := s.checkShapes(st); err != nil {
		return err
	}

	var groups []memberGroup[G]
	var walk []checkedMember[G]
	// one adds a member whose recorded score the search reports or
	// relies on: it is checked, and walked again.
	one := func(m Member[G], name string) {
		groups = append(groups, memberGroup[G]{ms: []Member[G]{m}, name: func(int) string { return name }})
		walk = append(walk, checkedMember[G]{m, name})
	}
	list := func(ms []Member[G], field string) {
		groups = append(groups, memberGroup[G]{ms: ms, name: func(i int) string { return fmt.Sprintf("%s[%d]", field, i) }})
	}
	if st.Best.Scored {
		one(st.Best, "best")
	} else if !reflect.ValueOf(st.Best).IsZero() {
		// A search has no best until it scores one: its best is then empty.
		return badState("best is not scored, yet holds a %s or a score; a search has no best until it scores one", genomeNoun(s.prob))
	}
	list(st.Pop, "pop")
	list(st.Walkers, "walkers")
	for k, isl := range st.Islands {
		list(isl, fmt.Sprintf("islands[%d]", k))
	}
	if st.Home != nil {
		one(*st.Home, "home")
	}
	climbs := slices.Clone(st.Climbs)
	names := make([]string, len(climbs))
	for i := range climbs {
		names[i] = fmt.Sprintf("climbs[%d]", i)
	}
	for _, c := range []struct {
		c    *Climb[G]
		name string
	}{{st.Deepen, "deepen"}, {st.Polish, "polish"}} {
		if c.c != nil {
			climbs, names = append(climbs, c.c), append(names, c.name)
		}
	}
	for i, c := range climbs {
		if c == nil {
			return badState("%s is null", names[i])
		}
		one(c.Center, names[i]+".center")
		if c.Top != nil {
			one(*c.Top, names[i]+".top")
		}
		if c.Tie != nil {
			one(*c.Tie, names[i]+".tie")
		}
	}
	for _, g := range groups {
		if err := s.checkMembers(g); err != nil {
			return err
		}
	}
	return s.checkScores(walk)
}

// checkShapes checks the arrays of st's method (and its climbs) against
// its Spec and each other: what the method's step indexes must be there.
func (s *Engine[G]) checkShapes(st *EngineState[G]) error {
	p := st.Spec
	// count checks the length n of field against lo..hi; rule says where
	// the bounds come from.
	count := func(field string, n, lo, hi int, rule string) error {
		if n < lo || n > hi {
			return badState("%s holds %d entries; %s", field, n, rule)
		}
		return nil
	}
	var err error
	switch p.Algo {
	case AlgoHill:
		err = count("climbs", len(st.Climbs), 1, p.Pop, fmt.Sprintf("hill runs 1 to %d climbers (--pop)", p.Pop))
	case AlgoAnneal:
		err = count("walkers", len(st.Walkers), 1, p.Pop, fmt.Sprintf("sa runs 1 to %d chains (--pop)", p.Pop))
	case AlgoEA, AlgoGA, AlgoPipeline:
		n := p.Pop + max(p.Elite, 0)
		err = count("pop", len(st.Pop), 1, n, fmt.Sprintf("a generation of %s holds 1 to %d genomes (--pop and --elite)", p.Algo, n))
	case AlgoILS:
		if err = count("climbs", len(st.Climbs), 1, 1, "ils runs one climb"); err == nil {
			err = count("pop", len(st.Pop), 0, p.ArchiveOrDefault(), fmt.Sprintf("ils archives at most %d local optima (--archive)", p.ArchiveOrDefault()))
		}
	case AlgoMemetic:
		err = s.checkIslands(st)
	}
	if err != nil {
		return err
	}
	check := func(c *Climb[G], name string) error {
		if c == nil {
			return badState("%s is null", name)
		}
		top := max(p.Local, p.Deepen, p.Polish, 1)
		for _, f := range []struct {
			name string
			v    int64
		}{
			{"max", int64(c.Max)}, {"pos", c.Pos}, {"sideways", int64(c.Sideways)}, {"max_sideways", int64(c.MaxSideways)},
			{"batch", int64(c.Batch)}, {"reach", int64(c.Reach)}, {"island", int64(c.Island)}, {"moves", c.Moves}, {"seen", c.Seen},
		} {
			if f.v < 0 {
				return badState("%s.%s is %d; it cannot be negative", name, f.name, f.v)
			}
		}
		switch {
		case c.Max > top:
			return badState("%s.max is %d, beyond any radius of the search (%d)", name, c.Max, top)
		case c.Radius < 1 || c.Radius > max(c.Max, 1):
			return badState("%s.radius is %d; a climb scans radii 1 to its max, %d", name, c.Radius, max(c.Max, 1))
		case c.Improve != ImproveFirst && c.Improve != ImproveBest:
			return badState("%s.improve is %q; want %q or %q", name, c.Improve, ImproveFirst, ImproveBest)
		case p.Algo == AlgoMemetic && c.Island >= len(st.Islands):
			return badState("%s.island is %d; the search has islands 0 to %d", name, c.Island, len(st.Islands)-1)
		}
		return nil
	}
	for i, c := range st.Climbs {
		if err := check(c, fmt.Sprintf("climbs[%d]", i)); err != nil {
			return err
		}
	}
	if st.Deepen != nil {
		if err := check(st.Deepen, "deepen"); err != nil {
			return err
		}
	}
	if st.Polish != nil {
		return check(st.Polish, "polish")
	}
	return nil
}

// checkIslands checks the memetic method's arrays: Islands islands of one
// to Pop+Elite members, a best score and a count of stale generations for
// each, and at most one climb.
func (s *Engine[G]) checkIslands(st *EngineState[G]) error {
	p := st.Spec
	n := len(st.Islands)
	switch {
	case n != p.Islands:
		return badState("islands holds %d islands; the search has %d (--islands)", n, p.Islands)
	case len(st.IslandBest) != n:
		return badState("island_best holds %d scores for %d islands", len(st.IslandBest), n)
	case len(st.Stale) != n:
		return badState("stale holds %d counts for %d islands", len(st.Stale), n)
	case len(st.Climbs) > 1:
		return badState("climbs holds %d climbs; memetic runs at most one", len(st.Climbs))
	}
	for k, isl := range st.Islands {
		if len(isl) < 1 || len(isl) > p.Pop+max(p.Elite, 0) {
			return badState("islands[%d] holds %d members; an island has 1 to %d (--pop and --elite)", k, len(isl), p.Pop+max(p.Elite, 0))
		}
		if st.Stale[k] < 0 {
			return badState("stale[%d] is %d; it counts generations and cannot be negative", k, st.Stale[k])
		}
	}
	return nil
}

// checkMembers checks the genomes of g on the engine's workers: each
// must pass the problem's Check and be feasible, and a scored member must
// have a feasible score. Of several faults it reports the first in g's
// order.
func (s *Engine[G]) checkMembers(g memberGroup[G]) error {
	n := len(g.ms)
	errs := make([]error, (n+checkChunk-1)/checkChunk)
	noun := genomeNoun(s.prob)
	parallel.Chunks(s.Workers(), n, checkChunk, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if err := s.checkMember(g.ms[i], noun); err != nil {
				errs[lo/checkChunk] = badState("%s: %v", g.name(i), err)
				return
			}
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkMember checks one member, as checkMembers says.
func (s *Engine[G]) checkMember(m Member[G], noun string) error {
	if err := s.prob.Check(m.Genome); err != nil {
		return err
	}
	if !s.prob.Feasible(m.Genome) {
		return fmt.Errorf("the %s is infeasible; a search keeps feasible ones only", noun)
	}
	if m.Scored && !m.Score.Feasible {
		return fmt.Errorf("the %s is marked scored with an infeasible score", noun)
	}
	return nil
}

// checkScores evaluates the members of walk (checked feasible already) in
// one batch and wants the scores they record. The evaluations count
// nowhere: they change nothing of the search.
func (s *Engine[G]) checkScores(walk []checkedMember[G]) error {
	var gs []G
	var idx []int
	for i, w := range walk {
		if w.m.Scored {
			gs, idx = append(gs, w.m.Genome), append(idx, i)
		}
	}
	if len(gs) == 0 {
		return nil
	}
	got := make([]Score, len(gs))
	if err := s.prob.Evaluate(gs, got); err != nil {
		return fmt.Errorf("dispatch: resume: evaluating the saved genomes again: %w", err)
	}
	noun := genomeNoun(s.prob)
	for j, i := range idx {
		w := walk[i]
		if rec := w.m.Score; got[j] != rec {
			what := w.name + ": the " + noun
			if w.name == "best" {
				what = "the best " + noun
			}
			return badState("%s %s", what, scoreDiff(got[j], rec))
		}
	}
	return nil
}

// scoreDiff says how the score got of a genome differs from the score
// rec recorded for it: "walks 12 turns, not the 99 it records".
func scoreDiff(got, rec Score) string {
	switch {
	case got.Turns != rec.Turns:
		return fmt.Sprintf("walks %d turns, not the %d it records", got.Turns, rec.Turns)
	case got.Value != rec.Value || got.Feasible != rec.Feasible || got.Trapped != rec.Trapped:
		return fmt.Sprintf("scores %v, not the %v it records", got, rec)
	}
	return fmt.Sprintf("scores %+v, not the %+v it records", got, rec)
}
