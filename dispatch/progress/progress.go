// Package progress reports the progress of long work: a progress bar
// (github.com/schollz/progressbar/v3) when the output is a terminal, and
// plain, rate-limited lines otherwise, so logs stay readable.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Reporter shows how far a piece of work has come. Its methods are safe
// for concurrent use. A nil *Reporter does nothing, so callers need not
// check whether progress was asked for.
type Reporter struct {
	mu      sync.Mutex
	bar     *progressbar.ProgressBar
	w       io.Writer
	desc    string
	total   int64
	done    int64
	start   time.Time
	last    time.Time
	every   time.Duration
	message string
}

// New returns a Reporter for work of total units (0 when unknown) writing
// to w. It draws a bar when w is a terminal and prints a plain line at most
// every interval otherwise.
func New(w io.Writer, desc string, total int64, interval time.Duration) *Reporter {
	r := &Reporter{w: w, desc: desc, total: total, start: time.Now(), every: interval}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		max := total
		if max <= 0 {
			max = -1
		}
		r.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	return r
}

// Set records that done units of the total are finished and, optionally, a
// short message (the best score so far, say) to show beside the count.
func (r *Reporter) Set(done int64, message string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done, r.message = done, message
	if r.bar != nil {
		r.bar.Describe(r.desc + " " + message)
		r.bar.Set64(done)
		return
	}
	now := time.Now()
	if now.Sub(r.last) < r.every {
		return
	}
	r.last = now
	r.printLine(now)
}

// printLine writes one plain progress line; r.mu must be held.
func (r *Reporter) printLine(now time.Time) {
	elapsed := now.Sub(r.start).Round(time.Second)
	if r.total > 0 {
		pct := 100 * float64(r.done) / float64(r.total)
		eta := "?"
		if r.done > 0 {
			left := time.Duration(float64(now.Sub(r.start)) * float64(r.total-r.done) / float64(r.done))
			eta = left.Round(time.Second).String()
		}
		fmt.Fprintf(r.w, "%s %d/%d (%.1f%%) elapsed %v, left ~%s %s\n", r.desc, r.done, r.total, pct, elapsed, eta, r.message)
		return
	}
	fmt.Fprintf(r.w, "%s %d elapsed %v %s\n", r.desc, r.done, elapsed, r.message)
}

// Finish closes the bar, or prints a last plain line.
func (r *Reporter) Finish() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.bar != nil {
		r.bar.Finish()
		return
	}
	r.printLine(time.Now())
}
