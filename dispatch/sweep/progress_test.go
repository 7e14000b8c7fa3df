package sweep

import (
	"bytes"
	"context"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// TestProgressLines runs a sweep with a progress display that looks every
// 100 µs (long before the sweep ends) and checks its lines: the first look estimates the tasks
// and starts the bar, every line gives the best and the leaves so far
// (the workers' counters, never more than the sweep's), and the last line
// the sweep's own figures. A sweep that ends before the first look prints
// one line.
func TestProgressLines(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = 100 * time.Microsecond
	var buf bytes.Buffer
	o := Options{Size: mousemaze.Size{Rows: 5, Cols: 5}, Workers: 1, Progress: &buf}
	var r *Report
	var lines []string
	// On a loaded machine the display's goroutine may first run after the
	// sweep's 10 ms or so are over: then it prints only the closing line,
	// and the sweep runs again.
	for try := 0; try < 5 && len(lines) < 2; try++ {
		buf.Reset()
		r = sweepAll(t, o)
		lines = strings.Split(strings.TrimSpace(buf.String()), "\n")
	}
	if len(lines) < 2 {
		t.Errorf("%d progress lines: %q", len(lines), lines)
	}
	re := regexp.MustCompile(`^sweep 5x5 (\d+)/(\d+) \(.*\) elapsed .*, left ~\S+ best (\d+), (\d+) leaves, ([\d.]+)% of the sweep$`)
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %d: %q", i, l)
		}
		done, _ := strconv.Atoi(m[1])
		total, _ := strconv.Atoi(m[2])
		best, _ := strconv.ParseInt(m[3], 10, 64)
		leaves, _ := strconv.ParseUint(m[4], 10, 64)
		if done > total || best > r.OptimumTurns || leaves > r.Leaves {
			t.Errorf("line %d: %q: more than the sweep's %d turns, %d leaves", i, l, r.OptimumTurns, r.Leaves)
		}
		if i == len(lines)-1 {
			share, _ := strconv.ParseFloat(m[5], 64)
			if done != total || best != r.OptimumTurns || leaves != r.Leaves || share != 100 {
				t.Errorf("last line %q: want the whole sweep, best %d, %d leaves", l, r.OptimumTurns, r.Leaves)
			}
		}
	}

	// The bar is in estimated leaves, plus one per task: Knuth's estimate
	// of the leaves, within 10% (with one descent per task).
	est, total := newSweepRun(o).estimateTasks(1)
	if want := float64(r.Leaves) + float64(r.TotalTasks); math.Abs(total-want)/want > 0.1 || len(est) != r.TotalTasks {
		t.Errorf("estimate of the tasks: %.0f for %d tasks, want about %.0f", total, len(est), want)
	}

	progressEvery = time.Hour
	buf.Reset()
	o.Size = mousemaze.Size{Rows: 3, Cols: 3}
	sweepAll(t, o)
	if got := buf.String(); !regexp.MustCompile(`^sweep 3x3: best 12, 6 leaves, elapsed \S+\n$`).MatchString(got) {
		t.Errorf("short sweep: progress %q, want one line", got)
	}
}

// TestProgressResumed resumes a finished sweep's checkpoint with a
// progress display: the leaves of the checkpoint count, and nothing is
// left to do.
func TestProgressResumed(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = time.Hour
	file := t.TempDir() + "/ck.json"
	o := Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Workers: 1, Checkpoint: file, Resume: true}
	r := sweepAll(t, o)
	var buf bytes.Buffer
	o.Progress = &buf
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if want := "sweep 4x4: best 27, " + strconv.FormatUint(r.Leaves, 10) + " leaves, elapsed "; !strings.HasPrefix(buf.String(), want) {
		t.Errorf("resumed sweep: progress %q, want %q…", buf.String(), want)
	}
}

// TestProgressAllDoneAtFirstLook: when the display's first look finds
// every task finished (the sweep ended between the look's tick and its
// last tally), the bar is full, as at the end of any sweep, not at 0 of 1.
func TestProgressAllDoneAtFirstLook(t *testing.T) {
	var buf bytes.Buffer
	r := newSweepRun(Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Workers: 1, Progress: &buf})
	for i := range r.done {
		r.done[i] = true
	}
	p := r.newProgress(nil)
	p.show()
	p.finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "sweep 4x4 1/1 (100.0%)") || !strings.HasSuffix(last, "100.0% of the sweep") {
		t.Errorf("last line %q, want a full bar", last)
	}
}
