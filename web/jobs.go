package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// Job states.
const (
	stateRunning = "running"
	stateDone    = "done"
	stateStopped = "stopped"
	stateFailed  = "failed"
)

// keepFinished is how many finished jobs the server remembers.
const keepFinished = 50

// maxPoints caps the points of a job's best-turns chart.
const maxPoints = 10000

// JobStatus is a job's state as GET /api/jobs/{id} and every
// Server-Sent Event give it. The search fields have the names of
// `mousemaze evolve --json`.
type JobStatus struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	State string `json:"state"`
	// Event is "progress" while the job runs; "done", "interrupted" (stopped
	// or abandoned) or "failed" at the end, as evolve --json names them.
	Event      string `json:"event"`
	Error      string `json:"error,omitempty"`
	Gen        int64  `json:"gen"`
	Evals      int64  `json:"evals"`
	Rejected   int64  `json:"rejected,omitempty"`
	Budget     int64  `json:"budget,omitempty"`
	BestTurns  int64  `json:"best_turns"`
	BestVisits int64  `json:"best_visits"`
	BestMaze   string `json:"best_maze,omitempty"`
	// BestScore is the best genome's score as the search ranks it
	// (dispatch.Score); best_turns is its walk's turns.
	BestScore *dispatch.Score `json:"best_score,omitempty"`
	// LocalOptimumRadius certifies the best maze: no maze within this
	// Hamming distance scores higher (set by the polish and by climbs that
	// end at the best). PolishEvals counts the polish's evaluations,
	// beyond the budget; Polishing is set while the polish runs.
	LocalOptimumRadius *int  `json:"local_optimum_radius,omitempty"`
	PolishEvals        int64 `json:"polish_evals,omitempty"`
	Polishing          bool  `json:"polishing,omitempty"`
	// Note says what the server cut short in a job that is done: the
	// finishing climb, at its cap of evaluations (Server's polishCap).
	Note      string  `json:"note,omitempty"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Entry     int     `json:"entry"`
	Exit      int     `json:"exit"`
	Order     string  `json:"order"`
	Edges     bool    `json:"edges,omitempty"`
	K         int     `json:"k,omitempty"`
	Seed      uint64  `json:"seed"`
	Algo      string  `json:"algo,omitempty"`
	Backend   string  `json:"backend,omitempty"`
	Seconds   float64 `json:"seconds"`
	EvalsPerS float64 `json:"evals_per_s"`
	// Fraction is a sweep's estimated share of work done, 0…1.
	Fraction float64 `json:"fraction,omitempty"`
	// Points are (evals, best_turns) pairs for the chart: every
	// improvement and every 1% of the budget. An event carries only the
	// points added since the client's previous event.
	Points [][2]int64 `json:"points,omitempty"`
	// Sweep is a finished sweep's report, as `sweep --json` prints it.
	Sweep *sweep.Report `json:"sweep,omitempty"`
	// Spec is an evolve job's whole search, as a checkpoint holds it:
	// POSTed back as {"kind":"evolve","spec":…} it runs the same search.
	Spec *dispatch.Spec `json:"spec,omitempty"`
}

// job is one running or finished evolve or sweep.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu        sync.Mutex
	st        JobStatus
	points    [][2]int64
	start     time.Time
	lastBcast time.Time
	watchers  int
	lastSeen  time.Time
	notify    map[chan struct{}]struct{}
	reason    string // why it was cancelled
}

// snapshot returns the status with the points from index from on.
func (j *job) snapshot(from int) (JobStatus, int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := j.st
	if st.State == stateRunning {
		st.Seconds = time.Since(j.start).Seconds()
		if st.Seconds > 0 {
			st.EvalsPerS = float64(st.Evals) / st.Seconds
		}
	}
	if from < len(j.points) {
		st.Points = append([][2]int64(nil), j.points[from:]...)
	}
	return st, len(j.points)
}

// update changes the status under the lock and tells the watchers, at
// most every 100 ms unless force is set.
func (j *job) update(force bool, f func(st *JobStatus)) {
	j.mu.Lock()
	f(&j.st)
	now := time.Now()
	send := force || now.Sub(j.lastBcast) >= 100*time.Millisecond
	if send {
		j.lastBcast = now
		for ch := range j.notify {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
	j.mu.Unlock()
}

// addPoint records a chart point; the caller holds no lock.
func (j *job) addPoint(evals, best int64) {
	j.mu.Lock()
	if n := len(j.points); n < maxPoints && (n == 0 || j.points[n-1] != [2]int64{evals, best}) {
		j.points = append(j.points, [2]int64{evals, best})
	}
	j.mu.Unlock()
}

// watch registers an SSE client and returns its channel and the function
// that unregisters it.
func (j *job) watch() (chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	j.mu.Lock()
	j.notify[ch] = struct{}{}
	j.watchers++
	j.mu.Unlock()
	return ch, func() {
		j.mu.Lock()
		delete(j.notify, ch)
		j.watchers--
		j.lastSeen = time.Now()
		j.mu.Unlock()
	}
}

// touch notes that a client asked about the job.
func (j *job) touch() {
	j.mu.Lock()
	j.lastSeen = time.Now()
	j.mu.Unlock()
}

// stop cancels the job, giving the reason.
func (j *job) stop(reason string) {
	j.mu.Lock()
	if j.reason == "" {
		j.reason = reason
	}
	j.mu.Unlock()
	j.cancel()
}

// finish records the job's end.
func (j *job) finish(err error, ctxErr error, f func(st *JobStatus)) {
	j.update(true, func(st *JobStatus) {
		if f != nil {
			f(st)
		}
		st.Seconds = time.Since(j.start).Seconds()
		if st.Seconds > 0 {
			st.EvalsPerS = float64(st.Evals) / st.Seconds
		}
		switch {
		case ctxErr != nil:
			st.State, st.Event = stateStopped, "interrupted"
			st.Error = j.reason
			if st.Error == "" {
				st.Error = "stopped: the server is shutting down"
			}
		case err != nil:
			st.State, st.Event, st.Error = stateFailed, "failed", err.Error()
		default:
			st.State, st.Event = stateDone, "done"
		}
	})
	close(j.done)
}

// idleWatch stops the job once no client has watched it for the idle
// timeout.
func (s *Server) idleWatch(j *job) {
	tick := s.opts.IdleTimeout / 4
	if tick < 10*time.Millisecond {
		tick = 10 * time.Millisecond
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-j.done:
			return
		case <-t.C:
			j.mu.Lock()
			idle := j.watchers == 0 && time.Since(j.lastSeen) > s.opts.IdleTimeout
			j.mu.Unlock()
			if idle {
				j.stop(fmt.Sprintf("stopped: no client watched it for %v", s.opts.IdleTimeout))
				return
			}
		}
	}
}

// lookup finds a job by id.
func (s *Server) lookup(id string) (*job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	j, ok := s.jobs[id]
	if !ok {
		return nil, &httpError{status: http.StatusNotFound, msg: fmt.Sprintf("no job %q", id)}
	}
	return j, nil
}

// slotLocked returns the error of a job over --max-jobs: the jobs running
// and those admitted whose search is being built. s.mu is held.
func (s *Server) slotLocked() error {
	running := s.building
	for _, j := range s.jobs {
		select {
		case <-j.done:
		default:
			running++
		}
	}
	if running >= s.opts.MaxJobs {
		return &httpError{status: http.StatusTooManyRequests,
			msg: fmt.Sprintf("too many jobs: %d running, the server allows %d (--max-jobs); stop one first", running, s.opts.MaxJobs)}
	}
	return nil
}

// admit takes a job slot before a search is built, so that requests over
// --max-jobs allocate nothing; the caller calls done once the job is
// registered (or refused).
func (s *Server) admit() (done func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.slotLocked(); err != nil {
		return nil, err
	}
	s.building++
	return func() {
		s.mu.Lock()
		s.building--
		s.mu.Unlock()
	}, nil
}

// register adds a new job if fewer than MaxJobs run, and starts run on it.
func (s *Server) register(st JobStatus, run func(ctx context.Context, j *job)) (*job, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.slotLocked(); err != nil {
		return nil, err
	}
	if s.ctx.Err() != nil {
		return nil, &httpError{status: http.StatusServiceUnavailable, msg: "the server is shutting down"}
	}
	s.nextID++
	st.ID = strconv.Itoa(s.nextID)
	st.State, st.Event = stateRunning, "progress"
	ctx, cancel := context.WithCancel(s.ctx)
	now := time.Now()
	j := &job{cancel: cancel, done: make(chan struct{}), st: st, start: now, lastSeen: now, notify: map[chan struct{}]struct{}{}}
	s.jobs[st.ID] = j
	s.order = append(s.order, st.ID)
	s.forgetOld()
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		defer cancel()
		defer func() {
			// A job's goroutine is outside the handlers' recover guard:
			// a panic fails the job, not the server.
			if v := recover(); v != nil {
				s.opts.Log.Printf("job %s panicked: %v", st.ID, v)
				select {
				case <-j.done:
				default:
					j.finish(fmt.Errorf("internal error: %v", v), nil, nil)
				}
			}
		}()
		run(ctx, j)
	}()
	go func() {
		defer s.wg.Done()
		s.idleWatch(j)
	}()
	return j, nil
}

// forgetOld drops the oldest finished jobs beyond keepFinished; s.mu is held.
func (s *Server) forgetOld() {
	finished := 0
	for _, id := range s.order {
		select {
		case <-s.jobs[id].done:
			finished++
		default:
		}
	}
	keep := s.order[:0]
	for _, id := range s.order {
		j := s.jobs[id]
		select {
		case <-j.done:
			if finished > keepFinished {
				finished--
				delete(s.jobs, id)
				continue
			}
		default:
		}
		keep = append(keep, id)
	}
	s.order = keep
}

func (s *Server) handleStartJob(w http.ResponseWriter, r *http.Request) {
	j, ok := decodeAnd(s, w, r, s.startJob)
	if !ok {
		return
	}
	st, _ := j.snapshot(0)
	w.Header().Set("Location", "/api/jobs/"+st.ID)
	writeJSON(w, http.StatusCreated, st)
}

func (s *Server) handleListJobs(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ids := append([]string(nil), s.order...)
	s.mu.Unlock()
	out := []JobStatus{}
	for _, id := range ids {
		if j, err := s.lookup(id); err == nil {
			st, _ := j.snapshot(maxPoints)
			out = append(out, st)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// withJob runs f on the job the path names; an unknown id is answered
// instead.
func (s *Server) withJob(w http.ResponseWriter, r *http.Request, f func(j *job)) {
	j, err := s.lookup(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f(j)
}

func (s *Server) handleGetJob(w http.ResponseWriter, r *http.Request) {
	s.withJob(w, r, func(j *job) {
		j.touch()
		st, _ := j.snapshot(0)
		writeJSON(w, http.StatusOK, st)
	})
}

func (s *Server) handleStopJob(w http.ResponseWriter, r *http.Request) {
	s.withJob(w, r, func(j *job) {
		j.stop("stopped by a client")
		select {
		case <-j.done:
		case <-time.After(10 * time.Second):
		}
		st, _ := j.snapshot(0)
		writeJSON(w, http.StatusOK, st)
	})
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	s.withJob(w, r, func(j *job) { s.streamEvents(w, r, j) })
}

// streamEvents streams a job's status as Server-Sent Events: a "progress"
// event at most every 100 ms while it runs (the first one with every chart
// point so far) and one final event named after its end ("done",
// "interrupted" or "failed"), after which the stream closes.
func (s *Server) streamEvents(w http.ResponseWriter, r *http.Request, j *job) {
	ch, unwatch := j.watch()
	defer unwatch()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	next := 0
	send := func() (bool, error) {
		st, n := j.snapshot(next)
		next = n
		if _, err := fmt.Fprintf(w, "event: %s\ndata: ", st.Event); err != nil {
			return false, err
		}
		if err := jsonLine(w, st); err != nil {
			return false, err
		}
		if _, err := fmt.Fprint(w, "\n"); err != nil {
			return false, err
		}
		return st.State != stateRunning, rc.Flush()
	}
	for {
		end, err := send()
		if end || err != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-ch:
		case <-j.done:
		case <-keepAlive.C:
		}
	}
}
