// The noasm build changes only the CPU kernels, which this package does
// not use; `make test` runs the browser once, in the default build.

//go:build !noasm

package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mousemaze/mousemaze/classic"
)

// gameBoard rebuilds the board the server makes for a size and seed.
func testGameBoard(t *testing.T, rows, cols int, seed uint64) classic.Board {
	t.Helper()
	rng := classic.NewRand(seed)
	m, err := classic.Generate(classic.GenSpanning, rows, cols, rng)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := classic.Braid(m, 0, rng); err != nil {
		t.Fatal(err)
	}
	return classic.NewBoard(m)
}

// TestBrowserGames plays the maze games in headless Chromium, each against
// a replica played by package classic: the blind maze against a Trémaux
// racer, move by move (the view's words and the corridor's depth and side
// openings as drawn must match the replica's), to its end and the reveal;
// an interpreted bureau game, clicking the options Trémaux would take, to
// the signed permit; and a scripted two-player race in two tabs, the second
// joining by the game id, to the first player's win.
func TestBrowserGames(t *testing.T) {
	br := newBrowser(t)
	ctx, shot, waitJS, text, run := br.ctx, br.shot, br.waitJS, br.text, br.run
	// A tab in the background may poll late on a crowded machine: the
	// silence rule (tested with a fake clock in games_test.go) must not end
	// the scripted race early.
	_, ts := newTestHTTP(t, Options{Backend: "auto", PlayerGone: 10 * time.Minute})
	setSelect := func(id, v string) chromedp.Action {
		return chromedp.Evaluate(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q;
			e.dispatchEvent(new Event('change')); return 0; })()`, id, v), nil)
	}

	// 1. The blind maze against a Trémaux racer on the 4×4 maze of seed 5.
	b := testGameBoard(t, 4, 4, 5)
	nav := b.Nav()
	replica := classic.NewGame(nav, classic.North)
	replica.Rival, _ = classic.NewRival(classic.OpponentRacer, classic.WalkerTremaux, nav, classic.NewRand(5))
	run("starting a blind game",
		chromedp.Navigate(ts.URL),
		waitJS(`document.querySelectorAll('#gallery-list button').length > 0`),
		setSelect("game-kind", "blind"),
		chromedp.SetValue("#game-size", "4x4", chromedp.ByQuery),
		chromedp.SetValue("#game-seed", "5", chromedp.ByQuery),
		setSelect("game-opponent", "racer"),
		setSelect("game-walker", "tremaux"),
		chromedp.Click("#game-start", chromedp.ByQuery),
		waitJS(`document.getElementById('game-view').textContent !== ''`),
	)
	// revealShown reads whether the reveal takes room on the page (the
	// hidden attribute alone may be overridden by the CSS: issue 37).
	revealShown := func() bool {
		t.Helper()
		var shown bool
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = document.getElementById('game-reveal');
			return getComputedStyle(c).display !== 'none' && c.getBoundingClientRect().height > 0; })()`, &shown)); err != nil {
			t.Fatal(err)
		}
		return shown
	}
	if revealShown() {
		t.Error("the reveal shows (an empty box) before the game has ended")
	}
	check := func(step string) {
		t.Helper()
		v := replica.Perspective()
		bits := func(b []bool) string {
			var sb strings.Builder
			for _, x := range b {
				sb.WriteString(map[bool]string{false: "0", true: "1"}[x])
			}
			return sb.String()
		}
		want := fmt.Sprintf("%d %s %s %d", v.Depth, bits(v.Left), bits(v.Right), v.Figure)
		var got string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const d = document.getElementById('game-persp').dataset;
			return [d.depth, d.left, d.right, d.figure].join(' '); })()`, &got)); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: the corridor drawn is %q (depth, left, right, figure), want %q", step, got, want)
		}
		if view := text("#game-view"); view != replica.View() {
			t.Errorf("%s: the page says %q, want %q", step, view, replica.View())
		}
	}
	check("start")
	moves := 0
	for cmd := range strings.SplitSeq("r f l f f r f a f f l f r f f a f f f f f f f f f f f f f f f f f f f f", " ") {
		if replica.Over() {
			break
		}
		before := replica.Moves
		reply, _ := replica.Command(cmd)
		moves++
		if err := chromedp.Run(ctx,
			chromedp.Click(fmt.Sprintf(`#game-blind button[data-cmd=%q]`, cmd), chromedp.ByQuery),
			// At the end the reply shows as the game's outcome.
			waitJS(fmt.Sprintf(`[document.getElementById('game-reply').textContent, document.getElementById('game-status').textContent].includes(%q)`, reply)),
		); err != nil {
			t.Fatalf("command %d %q (replica moves %d): %v; the page replied %q, want %q", moves, cmd, before, err, text("#game-reply"), reply)
		}
		if !replica.Over() {
			check(fmt.Sprintf("after %d commands", moves))
		}
	}
	if !replica.Over() {
		t.Fatal("the scripted blind game did not end")
	}
	run("the reveal", waitJS(`!document.getElementById('game-reveal').hidden`), shot("game-blind.png"))
	if !revealShown() {
		t.Error("the blind game has ended, but its reveal does not show")
	}
	wantOutcome := map[bool]string{true: "won", false: "lost"}[replica.Won()]
	if got := text("#game-status"); got == "" || !strings.Contains(got, fmt.Sprint(replica.Moves)) {
		t.Errorf("the blind game's end reads %q (replica: %s after %d moves)", got, wantOutcome, replica.Moves)
	}

	// 2. An interpreted bureau game on the 5×5 maze of seed 2, played by
	// clicking the options Trémaux takes.
	ib := testGameBoard(t, 5, 5, 2)
	ig, err := classic.NewInterpreted(ib, classic.ThemeBureau, 2)
	if err != nil {
		t.Fatal(err)
	}
	run("starting an interpreted game",
		setSelect("game-kind", "interpret"),
		setSelect("game-theme", "bureau"),
		chromedp.SetValue("#game-size", "5x5", chromedp.ByQuery),
		chromedp.SetValue("#game-seed", "2", chromedp.ByQuery),
		chromedp.Click("#game-start", chromedp.ByQuery),
		waitJS(`document.querySelectorAll('#game-options button').length === 4`),
	)
	if revealShown() {
		t.Error("after New game, the last game's maze still shows")
	}
	walker, _ := classic.NewStepper(classic.WalkerTremaux, ig.Nav(), nil)
	for !ig.Done() {
		if got, want := text("#game-situation"), strings.SplitN(ig.Situation(), "\n", 2)[0]; got != want {
			t.Fatalf("after %d choices the page shows %q, want %q", ig.Choices, got, want)
		}
		q := walker.Step(ig.Pos)
		pick := 0
		for k, o := range ig.Options() {
			if o.Open && ig.Nav().Next[ig.Pos][o.Dir] == q {
				pick = k + 1
			}
		}
		chosen := ig.Options()[pick-1].Text
		ig.Choose(pick)
		if err := chromedp.Run(ctx,
			chromedp.Click(fmt.Sprintf(`#game-options button[data-option="%d"]`, pick), chromedp.ByQuery),
			waitJS(fmt.Sprintf(`document.getElementById('game-moves').textContent === '%d'`, ig.Choices)),
		); err != nil {
			t.Fatalf("choice %d: %v (message %q)", ig.Choices, err, br.msgs())
		}
		// A choice that moves on has no words of its own: the page tells
		// the option taken back (the game's end shows as its status).
		if !ig.Done() {
			if got, want := text("#game-reply"), "You contact "+chosen+"."; got != want {
				t.Errorf("after choice %d the reply line reads %q, want %q", ig.Choices, got, want)
			}
		}
	}
	run("the interpreted game's reveal", waitJS(`!document.getElementById('game-reveal').hidden`), shot("game-interpret.png"))
	if got, want := text("#game-status"), fmt.Sprintf("The Permanent Secretary signs your permit after %d contacts!", ig.Choices); got != want {
		t.Errorf("the interpreted game ends %q, want %q", got, want)
	}
	// The closing explanation the server sends shows in the panel.
	var explain string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const e = document.getElementById('game-explain'); return e.hidden ? '' : e.textContent; })()`, &explain)); err != nil || explain != ig.Reveal() {
		t.Errorf("the closing explanation reads %q, want %q (%v)", explain, ig.Reveal(), err)
	}
	var pathLen int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`+document.getElementById('game-reveal').dataset.path`, &pathLen)); err != nil || pathLen != len(ig.Path) {
		t.Errorf("the reveal draws a path of %d cells, want %d (%v)", pathLen, len(ig.Path), err)
	}

	// 3. Two players in two tabs on the 3×3 maze of seed 4: A walks the
	// shortest route by compass keys, B bumps or walks forward each turn.
	db := testGameBoard(t, 3, 3, 4)
	route := classic.BFS(db.Nav(), classic.Options{}).Route
	run("starting a two-player game",
		setSelect("game-kind", "duo"),
		chromedp.SetValue("#game-size", "3x3", chromedp.ByQuery),
		chromedp.SetValue("#game-seed", "4", chromedp.ByQuery),
		chromedp.Click("#game-start", chromedp.ByQuery),
		waitJS(`document.getElementById('game-status').textContent.startsWith('Waiting for the second player')`),
	)
	id := text("#game-id")
	tab, cancelTab := chromedp.NewContext(ctx)
	defer cancelTab()
	tabText := func(sel string) string {
		var s string
		if err := chromedp.Run(tab, chromedp.Text(sel, &s, chromedp.ByQuery)); err != nil {
			t.Fatalf("tab B: reading %s: %v", sel, err)
		}
		return strings.TrimSpace(s)
	}
	if err := chromedp.Run(tab,
		chromedp.Navigate(ts.URL),
		chromedp.WaitVisible("#game-join-id", chromedp.ByQuery),
		chromedp.SetValue("#game-join-id", id, chromedp.ByQuery),
		chromedp.Click("#game-join", chromedp.ByQuery),
		waitJS(`document.getElementById('game-view').textContent !== ''`),
	); err != nil {
		t.Fatalf("B joining game %s: %v", id, err)
	}
	run("A still waits after B joined", waitJS(`document.getElementById('game-status').textContent === ''`))
	compass := func(from, to int) string {
		for d := classic.North; d <= classic.West; d++ {
			if db.Nav().Next[from][d] == to {
				return strings.ToLower(d.String())
			}
		}
		t.Fatalf("no move %d → %d", from, to)
		return ""
	}
	for i := 1; i < len(route); i++ {
		key := compass(route[i-1], route[i])
		if err := chromedp.Run(ctx,
			chromedp.Focus("#game-persp", chromedp.ByQuery),
			chromedp.KeyEvent(key),
			waitJS(fmt.Sprintf(`document.getElementById('game-moves').textContent === '%d'`, i)),
		); err != nil {
			t.Fatalf("A's move %d (%s): %v (reply %q)", i, key, err, text("#game-reply"))
		}
		if i == len(route)-1 {
			break
		}
		if err := chromedp.Run(tab,
			chromedp.Click(`#game-blind button[data-cmd="f"]`, chromedp.ByQuery),
			waitJS(fmt.Sprintf(`document.getElementById('game-moves').textContent === '%d'`, i)),
		); err != nil {
			t.Fatalf("B's move %d: %v (reply %q)", i, err, tabText("#game-reply"))
		}
	}
	if err := chromedp.Run(tab, waitJS(`document.getElementById('game-status').dataset.outcome === 'lost'`), shot("game-duo-b.png")); err != nil {
		t.Fatalf("B never learns the end: %v (status %q)", err, tabText("#game-status"))
	}
	if got := tabText("#game-status"); got != "The other player has reached the goal first." {
		t.Errorf("B's page ends %q", got)
	}
	if got, want := text("#game-status"), fmt.Sprintf("You reach the goal first, after %d moves!", len(route)-1); got != want {
		t.Errorf("A's page ends %q, want %q", got, want)
	}
	time.Sleep(100 * time.Millisecond)
	br.checkErrors()
}
