//go:build !noasm

package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// layoutJS lists what breaks the page's layout (issue 37): the page
// scrolling sideways, a panel outside the window, a canvas or picture
// outside its panel.
const layoutJS = `(() => {
	const bad = [];
	const W = window.innerWidth, sw = document.documentElement.scrollWidth;
	if (sw > W) bad.push('the page is ' + sw + ' px wide in a window of ' + W);
	for (const s of document.querySelectorAll('section')) {
		const r = s.getBoundingClientRect();
		if (r.left < -0.5 || r.right > W + 0.5) bad.push('panel ' + s.id + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right));
	}
	for (const el of document.querySelectorAll('canvas, img, svg')) {
		if (el.closest('[hidden]')) continue;
		const r = el.getBoundingClientRect();
		if (!r.width) continue;
		const s = el.closest('section').getBoundingClientRect();
		if (r.left < s.left - 0.5 || r.right > s.right + 0.5) bad.push(el.id + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ', its panel ' + Math.round(s.left) + '..' + Math.round(s.right));
	}
	return bad;
})()`

// shownIn reports the panel (section id) in which a message line shows
// its text, or "" where it is hidden or empty.
func shownIn(id string) string {
	return fmt.Sprintf(`(() => { const e = document.getElementById(%q); return e && !e.hidden && e.textContent.trim() && e.getBoundingClientRect().height > 0 ? e.closest('section').id : ''; })()`, id)
}

// TestBrowserLayout runs the page at 1280x900 and at a phone's 390x844
// (issue 37): no sideways scrolling, every canvas inside its panel with a
// k-mod maze walked, a job's chart and maze, a game's corridor and the
// Mouse Maze 2 board's heat legend shown; errors shown in the panel that
// caused them (a refused sweep in the jobs panel, a failed join in the
// games panel, a bad board size in the editor); the jobs panel shows the
// editor's rules before a job and the rules each job used (the k of a
// k-mod gallery maze, which used to carry over unseen); the gallery's
// note survives the walk it starts, each maze is offered once, and a
// two-line comment is its whole tooltip; a finished sweep shows its time,
// not "Per second 0.0 s", and no empty chart. With MOUSEMAZE_SCREENSHOTS
// set it saves browser-1280.png and browser-390.png there.
func TestBrowserLayout(t *testing.T) {
	br := newBrowser(t)
	shot, waitJS, text, run := br.shot, br.waitJS, br.text, br.run
	_, ts := newTestHTTP(t, Options{Backend: "auto", MaxJobs: 2})

	for _, size := range []struct{ w, h int64 }{{1280, 900}, {390, 844}} {
		name := fmt.Sprintf("%dx%d", size.w, size.h)
		run(name+": opening the page",
			chromedp.EmulateViewport(size.w, size.h),
			chromedp.Navigate(ts.URL),
			chromedp.WaitVisible("#board", chromedp.ByQuery),
			waitJS(`document.querySelectorAll('#gallery-list button').length > 0 && document.getElementById('backend').dataset.loaded === '1'`),
		)
		var bad []string
		run(name+": the layout as the page opens", chromedp.Evaluate(layoutJS, &bad))
		for _, b := range bad {
			t.Errorf("%s, as the page opens: %s", name, b)
		}
		var labels []string
		var mm2Title string
		run(name+": the gallery",
			chromedp.Evaluate(`[...document.querySelectorAll('#gallery-list button')].map((b) => b.textContent)`, &labels),
			chromedp.Evaluate(`document.querySelector('#gallery-list button[data-id="mm2-13x13-best-0"]').title`, &mm2Title),
		)
		seen := map[string]bool{}
		for _, l := range labels {
			if seen[l] {
				t.Errorf("%s: the gallery offers %q twice", name, l)
			}
			seen[l] = true
		}
		if !strings.Contains(mm2Title, "The best 13x13 Mouse Maze 2 board found") || !strings.Contains(mm2Title, "mousemaze evolve --edges") {
			t.Errorf("%s: the Mouse Maze 2 board's tooltip %q lacks a line of its comment", name, mm2Title)
		}

		// A k-mod gallery maze sets the editor's k to 7: the jobs panel
		// says so, and the gallery's note outlives the walk it starts.
		run(name+": the k=7 trap",
			chromedp.Click(`#gallery-list button[data-id="kmod-traps-4"]`, chromedp.ByQuery),
			waitJS(`!document.getElementById('end').disabled && document.getElementById('k').value === '7'`),
			chromedp.Click("#end", chromedp.ByQuery),
		)
		if got := text("#job-uses-rules"); !strings.Contains(got, "k 7") {
			t.Errorf("%s: after the k=7 gallery maze the job form says the job uses %q, want k 7 shown", name, got)
		}
		var where string
		run(name+": the gallery's note", chromedp.Evaluate(shownIn("gallery-msg"), &where))
		if where != "gallery" {
			t.Errorf("%s: the gallery maze's title and source do not show after its walk (%q)", name, br.msgs())
		}

		// A short evolve: the panel shows the rules it ran with.
		run(name+": evolve",
			chromedp.SetValue("#job-size", "5x5", chromedp.ByQuery),
			chromedp.SetValue("#job-evals", "3000", chromedp.ByQuery),
			chromedp.Evaluate(`document.getElementById('job-state').textContent = 'starting'`, nil),
			chromedp.Click("#job-start", chromedp.ByQuery),
			waitJS(`!['starting', 'running'].includes(document.getElementById('job-state').textContent) && !document.getElementById('job-maze').hidden`),
		)
		if got := text("#job-rules"); !strings.Contains(got, "5×5") || !strings.Contains(got, "order DRLU, entry 0, exit 0, k 7") {
			t.Errorf("%s: the evolve job's rules read %q, want 5×5, order DRLU, entry 0, exit 0, k 7", name, got)
		}

		if size.w == 1280 {
			run(name+": a finished sweep",
				// A sweep from the page takes no k: back to 0.
				chromedp.SetValue("#k", "0", chromedp.ByQuery),
				chromedp.Evaluate(`document.getElementById('k').dispatchEvent(new Event('change'))`, nil),
				waitJS(`document.getElementById('job-uses-rules').textContent.endsWith('k 0')`),
				chromedp.Evaluate(`(() => { const k = document.getElementById('job-kind'); k.value = 'sweep'; k.dispatchEvent(new Event('change')); return 0; })()`, nil),
				chromedp.SetValue("#job-size", "3x3", chromedp.ByQuery),
				chromedp.Evaluate(`document.getElementById('job-state').textContent = 'starting'`, nil),
				chromedp.Click("#job-start", chromedp.ByQuery),
				waitJS(`!['starting', 'running'].includes(document.getElementById('job-state').textContent)`),
			)
			var chartHidden bool
			run(name+": the sweep's chart", chromedp.Evaluate(`document.getElementById('job-chart').hidden`, &chartHidden))
			if got := text("#job-rate-label") + " " + text("#job-rate"); !strings.HasPrefix(got, "Time ") {
				t.Errorf("%s: a finished sweep shows %q, want its time", name, got)
			}
			if !chartHidden {
				t.Errorf("%s: a finished sweep shows an empty chart", name)
			}
		}

		// Errors show in the panel that caused them.
		run(name+": a refused sweep",
			chromedp.Evaluate(`(() => { const k = document.getElementById('job-kind'); k.value = 'sweep'; k.dispatchEvent(new Event('change')); return 0; })()`, nil),
			chromedp.SetValue("#job-size", "7x7", chromedp.ByQuery),
			chromedp.Click("#job-start", chromedp.ByQuery),
			waitJS(shownIn("job-msg")+` === 'jobs'`),
			chromedp.Evaluate(`(() => { const k = document.getElementById('job-kind'); k.value = 'evolve'; k.dispatchEvent(new Event('change')); return 0; })()`, nil),
		)
		run(name+": a failed join",
			chromedp.SetValue("#game-join-id", "nosuch", chromedp.ByQuery),
			chromedp.Click("#game-join", chromedp.ByQuery),
			waitJS(shownIn("game-msg")+` === 'games'`),
			chromedp.Click("#game-start", chromedp.ByQuery),
			waitJS(`!document.getElementById('game-panel').hidden && +document.getElementById('game-persp').dataset.depth >= 0`),
		)
		run(name+": a bad board size",
			chromedp.SetValue("#rows", "99", chromedp.ByQuery),
			chromedp.Click("#new", chromedp.ByQuery),
			waitJS(shownIn("editor-msg")+` === 'editor'`),
		)
		if got := text("#job-msg"); got == "" {
			t.Errorf("%s: the refused sweep's error is gone from the jobs panel", name)
		}

		// The Mouse Maze 2 board: the largest board picture and the widest
		// legend labels.
		run(name+": the Mouse Maze 2 board",
			chromedp.Click(`#gallery-list button[data-id="mm2-13x13-best-0"]`, chromedp.ByQuery),
			waitJS(`!document.getElementById('end').disabled && document.getElementById('edges').checked`),
			chromedp.Click("#end", chromedp.ByQuery),
			chromedp.Evaluate(layoutJS, &bad),
			shot(fmt.Sprintf("browser-%d.png", size.w)),
		)
		for _, b := range bad {
			t.Errorf("%s: %s", name, b)
		}
	}
	br.checkErrors()
}
