// The noasm build changes only the CPU kernels, which this package does
// not use; `make test` runs the browser once, in the default build.

//go:build !noasm

package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromiumPath is Debian's chromium; MOUSEMAZE_CHROMIUM overrides it.
func chromiumPath() string {
	if p := os.Getenv("MOUSEMAZE_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// screenshotDir is where the browser test saves its screenshots:
// $MOUSEMAZE_SCREENSHOTS, or a temporary directory.
func screenshotDir(t *testing.T) string {
	if d := os.Getenv("MOUSEMAZE_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// TestBrowser drives the page in headless Chromium: it draws the single
// wall at row 1, column 0 of the empty 13×13 board, releases the mouse,
// jumps to the end and wants 182 turns; it opens the thesis's 7×7 maze
// from the gallery and wants 332; it runs a short evolve and wants
// progress events and a best maze drawn, then an ils with polish 1 and
// wants its certificate shown. It is skipped only where
// Chromium is missing and CI is unset; in CI (CI=true) it must run.
func TestBrowser(t *testing.T) {
	br := newBrowser(t)
	ctx, shot, waitJS, text, run := br.ctx, br.shot, br.waitJS, br.text, br.run
	s, ts := newTestHTTP(t, Options{Backend: "auto", MaxJobs: 2})

	// 1. One wall at row 1, column 0 of the empty 13×13 board: 182 turns.
	var xy []float64
	run("opening the page",
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible("#board", chromedp.ByQuery),
		waitJS(`document.querySelectorAll('#gallery-list button').length > 0`),
		chromedp.Evaluate(`(() => { const b = document.getElementById('board'); const r = b.getBoundingClientRect();
			const cs = +b.dataset.cell, ox = +b.dataset.ox, oy = +b.dataset.oy;
			return [r.left + ox + 0.5 * cs, r.top + oy + 1.5 * cs]; })()`, &xy),
	)
	var rowsCols, backends string
	var miniHidden, primaryOffLooksOff bool
	run("drawing and walking",
		// Issue 37: a disabled primary button must not look enabled.
		chromedp.Evaluate(`(() => { const b = document.getElementById('release'); const on = getComputedStyle(b).backgroundColor;
			b.disabled = true; const off = getComputedStyle(b).backgroundColor; b.disabled = false; return on !== off; })()`, &primaryOffLooksOff),
		chromedp.Evaluate(`document.getElementById('rows').value + 'x' + document.getElementById('cols').value`, &rowsCols),
		chromedp.Evaluate(`document.getElementById('job-maze').hidden`, &miniHidden),
		waitJS(`document.getElementById('backend').dataset.loaded === '1'`),
		chromedp.Evaluate(`[...document.getElementById('backend').options].map((o) => o.value).join(',')`, &backends),
		chromedp.MouseClickXY(xy[0], xy[1]),
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled`),
		chromedp.Sleep(300*time.Millisecond), // let the animation run a little
	)
	if got := text("#walk-info"); got != "" {
		t.Errorf("the walk's summary shows while the mouse walks: %q", got)
	}
	run("jumping to the end", chromedp.Click("#end", chromedp.ByQuery))
	if rowsCols != "13x13" {
		t.Errorf("the default board is %s, want 13x13", rowsCols)
	}
	if !miniHidden {
		t.Error("the job's maze box shows before any job")
	}
	if !primaryOffLooksOff {
		t.Error("a disabled primary button (Release the mouse) has the colours of an enabled one")
	}
	if want := "auto," + strings.Join(builtBackends(), ","); backends != want {
		t.Errorf("the page offers backends %s, want %s", backends, want)
	}
	if got := text("#turns"); got != "182" {
		t.Errorf("one wall at (1,0) of 13x13: the page shows %q turns, want 182", got)
	}
	if got := text("#walk-info"); !strings.HasPrefix(got, "182 turns (180 visits)") {
		t.Errorf("the walk's summary at the end: %q", got)
	}
	run("screenshot", shot("single-wall-13x13.png"))

	// Undo removes the wall; the keyboard puts it back: the board has the
	// focus, the cursor starts on (0,0), ArrowDown moves it to (1,0) and
	// space toggles that cell. (Had undo failed, the space would open the
	// cell again and the walk would not take 182 turns.)
	run("undo",
		chromedp.Click("#undo", chromedp.ByQuery),
		waitJS(`document.getElementById('end').disabled`),
	)
	// The cursor is where the click left it, (1,0): up, then down again.
	var tips []string
	for _, key := range []string{kb.ArrowUp, kb.ArrowDown, " "} {
		run("the keyboard", chromedp.Focus("#board", chromedp.ByQuery), chromedp.KeyEvent(key))
		tips = append(tips, text("#tip"))
	}
	if want := []string{"row 0, column 0: open", "row 1, column 0: open", "row 1, column 0: wall"}; fmt.Sprint(tips) != fmt.Sprint(want) {
		t.Errorf("the cursor's cell after up, down and space: %q, want %q", tips, want)
	}
	run("walking after the keyboard",
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled`),
		chromedp.Click("#end", chromedp.ByQuery),
	)
	if got := text("#turns"); got != "182" {
		t.Errorf("after undo and the keyboard: the page shows %q turns, want 182", got)

	}

	// The share link carries the maze: a fresh page opened on it walks the
	// same 182 turns.
	var link string
	run("share",
		chromedp.Click("#share", chromedp.ByQuery),
		chromedp.Value("#share-url", &link, chromedp.ByQuery),
	)
	if !strings.HasPrefix(link, ts.URL+"/#m=") {
		t.Fatalf("share link %q", link)
	}
	run("opening the share link",
		chromedp.Navigate("about:blank"),
		chromedp.Navigate(link),
		waitJS(`document.querySelectorAll('#gallery-list button').length > 0`),
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled`),
		chromedp.Click("#end", chromedp.ByQuery),
	)
	if got := text("#turns"); got != "182" {
		t.Errorf("the share link %s opens a maze of %q turns, want 182", link, got)
	}

	// A file dropped on the board opens through the server's parser: the
	// thesis's 5×5 maze walks 54 turns. (The drop is dispatched from
	// JavaScript: the protocol cannot drag a file from the desktop.)
	run("dropping a file",
		chromedp.Evaluate(`(() => { const dt = new DataTransfer();
			dt.items.add(new File(["; 5x5\n..X..\nX....\n..X..\nX..X.\n.....\n"], "m.txt", { type: "text/plain" }));
			document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
			return 0; })()`, nil),
		waitJS(`document.getElementById('rows').value === '5'`),
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled`),
		chromedp.Click("#end", chromedp.ByQuery),
	)
	if got := text("#turns"); got != "54" {
		t.Errorf("the dropped thesis 5x5 maze: the page shows %q turns, want 54", got)
	}

	// 2. The thesis's 7×7 maze from the gallery: 332 turns.
	run("opening the thesis 7x7 maze",
		chromedp.Click(`#gallery-list button[data-id="thesis-mazes-4"]`, chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled && document.getElementById('rows').value === '7'`),
		chromedp.Sleep(500*time.Millisecond),
		shot("thesis-7x7-playing.png"),
		chromedp.Click("#end", chromedp.ByQuery),
	)
	if got := text("#turns"); got != "332" {
		t.Errorf("thesis 7x7 from the gallery: the page shows %q turns, want 332", got)
	}
	if got := text(`#gallery-list button[data-id="thesis-mazes-4"]`); got != "7×7: 332 turns" {
		t.Errorf("gallery button reads %q, want %q", got, "7×7: 332 turns")
	}
	run("screenshot", shot("thesis-7x7.png"))

	// 3. A short evolve: progress events arrive and a best maze is drawn.
	// Start is clicked twice at once (issue 37): one job, not two.
	run("evolve",
		chromedp.SetValue("#job-size", "6x6", chromedp.ByQuery),
		chromedp.SetValue("#job-evals", "100000", chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const b = document.getElementById('job-start'); b.click(); b.click(); return 0; })()`, nil),
		waitJS(`+document.getElementById('job-events').textContent >= 1 && +(document.getElementById('job-maze').dataset.turns || 0) > 0`),
		waitJS(`document.getElementById('job-state').textContent !== 'running'`),
	)
	if got := text("#job-state"); got != "done" {
		t.Errorf("evolve job state %q, want done", got)
	}
	s.mu.Lock()
	started := len(s.order)
	s.mu.Unlock()
	if started != 1 {
		t.Errorf("two quick clicks on Start started %d jobs, want 1", started)
	}
	var events, drawn int
	run("reading the job's events and maze",
		chromedp.Evaluate(`+document.getElementById('job-events').textContent`, &events),
		chromedp.Evaluate(`+document.getElementById('job-maze').dataset.turns`, &drawn),
	)
	if events < 2 || drawn < 20 {
		t.Errorf("evolve: %d events, best maze drawn with %d turns; want at least 2 events (progress and done) and a maze of 20 turns or more", events, drawn)
	}
	run("opening the evolved maze",
		chromedp.Click("#job-open", chromedp.ByQuery),
		waitJS(`document.getElementById('rows').value === '6'`),
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled`),
		chromedp.Click("#end", chromedp.ByQuery),
		shot("evolve-6x6.png"),
	)
	if got := text("#turns"); got != fmt.Sprint(drawn) {
		t.Errorf("the evolved maze opened in the editor walks %s turns, the job reported %d", got, drawn)
	}
	// 4. An iterated local search with polish 1 on 5×5, set in the search
	// parameters' fold: the job panel shows the certificate.
	var kickOff bool
	run("ils with polish",
		chromedp.Evaluate(`document.getElementById('job-kick').disabled`, &kickOff), // memetic takes no kick
		chromedp.Click("#job-advanced summary", chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const a = document.getElementById('job-algo'); a.value = 'ils';
			a.dispatchEvent(new Event('change')); return 0; })()`, nil),
		chromedp.SetValue("#job-size", "5x5", chromedp.ByQuery),
		chromedp.SetValue("#job-evals", "20000", chromedp.ByQuery),
		chromedp.SetValue("#job-kick", "3", chromedp.ByQuery),
		chromedp.SetValue("#job-polish", "1", chromedp.ByQuery),
		// Mark the panel, so that the wait below does not see the last job.
		chromedp.Evaluate(`document.getElementById('job-state').textContent = 'starting'`, nil),
		chromedp.Click("#job-start", chromedp.ByQuery),
		waitJS(`+document.getElementById('job-events').textContent >= 1 && !['starting', 'running'].includes(document.getElementById('job-state').textContent)`),
		shot("evolve-ils-5x5.png"),
	)
	if !kickOff {
		t.Errorf("the kick field is on for memetic, which takes no kick")
	}
	if got := text("#job-state"); got != "done" {
		t.Errorf("ils job state %q, want done (message %q)", got, br.msgs())
	}
	if got := text("#job-cert"); !strings.HasPrefix(got, "no maze within Hamming distance ") {
		t.Errorf("ils --polish 1: the certificate reads %q, want \"no maze within Hamming distance r scores higher\"", got)
	}
	var radius int
	run("reading the certified radius", chromedp.Evaluate(`+document.getElementById('job-cert').dataset.radius`, &radius))
	if radius < 1 {
		t.Errorf("ils --polish 1: certified radius %d, want at least 1", radius)
	}

	// The best Mouse Maze 2 board from the gallery: 75,780 turns.
	run("Mouse Maze 2 board",
		chromedp.Click(`#gallery-list button[data-id="mm2-13x13-best-0"]`, chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled && document.getElementById('edges').checked`),
		chromedp.Sleep(300*time.Millisecond),
		shot("mm2-13x13-playing.png"),
		chromedp.Click("#end", chromedp.ByQuery),
		shot("mm2-13x13.png"),
	)
	if got := text("#turns"); got != "75,780" {
		t.Errorf("Mouse Maze 2 13x13 from the gallery: the page shows %q turns, want 75,780", got)
	}

	// An infeasible maze: walls at (0,1) and (1,0) shut the entry cell in.
	run("new 5x5 board",
		chromedp.SetValue("#rows", "5", chromedp.ByQuery),
		chromedp.SetValue("#cols", "5", chromedp.ByQuery),
		chromedp.Click("#edges", chromedp.ByQuery), // unticked: a new grid board
		waitJS(`document.getElementById('cols').value === '5' && !document.getElementById('edges').checked && document.getElementById('board').dataset.cell > 0`),
	)
	var cells []float64
	run("locating the cells (0,1) and (1,0)",
		chromedp.Evaluate(`(() => { const b = document.getElementById('board'); const r = b.getBoundingClientRect();
			const cs = +b.dataset.cell, ox = +b.dataset.ox, oy = +b.dataset.oy;
			return [r.left + ox + 1.5 * cs, r.top + oy + 0.5 * cs, r.left + ox + 0.5 * cs, r.top + oy + 1.5 * cs]; })()`, &cells),
	)
	run("infeasible maze",
		chromedp.MouseClickXY(cells[0], cells[1]),
		chromedp.MouseClickXY(cells[2], cells[3]),
		chromedp.Click("#release", chromedp.ByQuery),
		waitJS(`document.getElementById('walk-info').textContent !== ''`),
		shot("infeasible.png"),
	)
	if got := text("#walk-info"); got != "Infeasible: the mouse cannot reach the exit; the hatched cells are cut off from the entry, the exit's cell among them." {
		t.Errorf("infeasible maze: the page says %q", got)
	}

	// The overview for docs/browser.md (the README shows browser-1280.png): the thesis's 7×7 heat map beside the
	// finished search.
	if err := chromedp.Run(ctx,
		chromedp.Click(`#gallery-list button[data-id="thesis-mazes-4"]`, chromedp.ByQuery),
		waitJS(`!document.getElementById('end').disabled && document.getElementById('rows').value === '7'`),
		chromedp.Click("#end", chromedp.ByQuery),
		shot("overview.png"),
	); err != nil {
		t.Fatalf("overview: %v (message %q, rows %s)", err, br.msgs(), text("#rows"))
	}
	br.checkErrors()
}

// describeException names an uncaught JavaScript exception.
func describeException(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return fmt.Sprintf("line %d, column %d", d.LineNumber, d.ColumnNumber)
}

// browser is a headless Chromium for one test, with the helpers the
// browser tests share.
type browser struct {
	ctx context.Context
	// shot saves a screenshot to the screenshot directory.
	shot func(name string) chromedp.Action
	// waitJS polls a JavaScript condition until it holds.
	waitJS func(cond string) chromedp.Action
	// text reads an element's text, trimmed.
	text func(sel string) string
	// run runs actions in the page; when one fails, it stops the test
	// with what was being done, the error and the page's message line.
	run func(what string, actions ...chromedp.Action)
	// checkErrors fails the test for every JavaScript error seen.
	checkErrors func()
	// msgs reads the panels' message lines, for a failure's report.
	msgs func() string
}

// msgsJS joins the text of the panels' message lines that show.
const msgsJS = `[...document.querySelectorAll('.msg')].filter((e) => !e.hidden).map((e) => e.id + ': ' + e.textContent).join(' | ')`

// newBrowser starts Chromium with a fresh profile, stopped when the test
// ends. The test is skipped only where Chromium is missing and CI is
// unset; in CI (CI=true) it must run.
func newBrowser(t *testing.T) *browser {
	exe := chromiumPath()
	if _, err := os.Stat(exe); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing: %v (.ci/run installs it with apt-get)", exe, err)
		}
		t.Skipf("no browser at %s (install Debian's chromium; CI must have it)", exe)
	}
	// A fresh profile; removed after the browser has gone (its helper
	// processes may still write for a moment after the main one exits).
	profile, err := os.MkdirTemp("", "mousemaze-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoSandbox,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1360, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(cancelCtx)
	ctx, cancel := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(cancel)

	var mu sync.Mutex
	var jsErrors []string
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			mu.Lock()
			jsErrors = append(jsErrors, e.ExceptionDetails.Text+": "+describeException(e.ExceptionDetails))
			mu.Unlock()
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				mu.Lock()
				jsErrors = append(jsErrors, "console.error: "+strings.Join(parts, " "))
				mu.Unlock()
			}
		}
	})
	dir := screenshotDir(t)
	return &browser{
		ctx: ctx,
		shot: func(name string) chromedp.Action {
			return chromedp.ActionFunc(func(ctx context.Context) error {
				var png []byte
				if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
					return err
				}
				path := filepath.Join(dir, name)
				t.Logf("screenshot %s", path)
				return os.WriteFile(path, png, 0o644)
			})
		},
		waitJS: func(cond string) chromedp.Action {
			return chromedp.Poll(cond, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(60*time.Second))
		},
		text: func(sel string) string {
			var s string
			if err := chromedp.Run(ctx, chromedp.Text(sel, &s, chromedp.ByQuery)); err != nil {
				t.Fatalf("reading %s: %v", sel, err)
			}
			return strings.TrimSpace(s)
		},
		run: func(what string, actions ...chromedp.Action) {
			t.Helper()
			if err := chromedp.Run(ctx, actions...); err != nil {
				// The message line, read briefly: the page may be gone.
				var msg string
				mctx, cancel := context.WithTimeout(ctx, 2*time.Second)
				defer cancel()
				chromedp.Run(mctx, chromedp.Evaluate(msgsJS, &msg))
				t.Fatalf("%s: %v (message %q)", what, err, strings.TrimSpace(msg))
			}
		},
		msgs: func() string {
			var s string
			mctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			defer cancel()
			chromedp.Run(mctx, chromedp.Evaluate(msgsJS, &s))
			return s
		},
		checkErrors: func() {
			mu.Lock()
			defer mu.Unlock()
			for _, e := range jsErrors {
				t.Errorf("JavaScript error: %s", e)
			}
		},
	}
}
