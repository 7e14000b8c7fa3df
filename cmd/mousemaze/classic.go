package main

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/classic"
	"github.com/mousemaze/mousemaze/classic/neural"
	"github.com/mousemaze/mousemaze/internal/cliflag"
	"github.com/mousemaze/mousemaze/outfile"
)

// This file is `mousemaze classic`: the ordinary mazes of the seed paper
// Playing With Mazes (package classic): gen, solve, matrix and play.

// readBoard reads the first board of a classic board file ("-" is
// standard input).
func readBoard(name string) (classic.Board, error) {
	boards, _, err := readInput(name, classic.ParseBoards)
	if err != nil {
		return classic.Board{}, err
	}
	return boards[0], nil
}

func runClassicGen(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic gen", "[flags]", "mousemaze classic gen --algo spanning --size 8x8 --seed 1", stderr)
	var o classic.GenOptions
	fs.StringVar(&o.Algo, "algo", classic.GenSpanning, "construction: spanning (§2.1), anderson (§2.2) or matrix (§2.3)")
	size := sizeFlag(fs, "8x8", "maze size RxC")
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed (PCG); the same seed gives the same maze")
	fs.IntVar(&o.Extra, "extra", 0, "open this many more random walls, making the maze multiply connected")
	fs.Float64Var(&o.Braid, "braid", 0, "open a wall in this fraction (0 to 1) of the dead ends, one loop each (§6.4)")
	fs.StringVar(&o.Start, "start", "", "start cell R,C (default 0,0)")
	fs.StringVar(&o.Goal, "goal", "", "goal cell R,C (default the bottom-right cell)")
	out := fs.String("out", "", "write the maze to this file instead of standard output")
	parseNoArgs(fs, args)
	fail := failer("classic gen", stderr)
	if err := outfile.CheckFlags(outfile.Flag{Name: "out", Path: *out}); err != nil {
		return fail(exitUsage, "%v", err)
	}
	o.Rows, o.Cols = size.V.Rows, size.V.Cols
	_, text, err := o.Build()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	workDone()
	if *out == "" {
		fmt.Fprint(stdout, text)
	} else if err := outfile.WriteOr(*out, []byte(text), stdout, []byte(text)); err != nil {
		// The maze goes to the file instead of standard output: one that
		// cannot be written has it printed there.
		return fail(exitFail, "--out: %v", err)
	}
	return exitOK
}

func runClassicSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic solve", "--algo NAME [flags] FILE...", "mousemaze classic solve --algo lru --ties fixed --json classic/testdata/trap-lru-8x8.txt", stderr)
	algo := cliflag.Choice(fs, "algo", classic.AlgoBFS, "solver: "+strings.Join(classic.Algos, ", "), classic.Algos...)
	seed := fs.Uint64("seed", 1, "random seed for random and lru (random ties)")
	capSteps := cliflag.Min(fs, "cap", int64(0), 0, "stop a walk after this many moves (tar: ticks); 0 = 1000000")
	heading := fs.String("heading", "E", "the direction a hand walker faces at the start: N, E, S or W")
	ties := cliflag.Choice(fs, "ties", "random", "lru tie-break between equally old doors: random or fixed (in --order)", "random", "fixed")
	order := fs.String("order", "NESW", "the order of deterministic choices (lru --ties fixed, tremaux, tar, bfs)")
	path := fs.Bool("path", true, "report the cells walked")
	asJSON := fs.Bool("json", false, "print one JSON record per board")
	parseFlags(fs, args)
	fail := failer("classic solve", stderr)
	if fs.NArg() == 0 {
		return fail(exitUsage, "no maze file (give FILE, or - for standard input)")
	}
	h, err := classic.ParseDir(*heading)
	if err != nil {
		return fail(exitUsage, "--heading: %v", err)
	}
	o, err := classic.ParseOrder(*order)
	if err != nil {
		return fail(exitUsage, "--order: %v", err)
	}
	opt := classic.Options{Cap: *capSteps, Heading: h, FixedTies: *ties == "fixed", Order: o, Path: *path}
	for _, name := range fs.Args() {
		boards, _, err := readInput(name, classic.ParseBoards)
		if err != nil {
			return fail(exitFail, "%v", err)
		}
		recs, err := classic.SolveBoards(*algo, name, boards, opt, *seed)
		if code := writeRecords("classic solve", recs, *asJSON, each(classic.WriteSolveRecord), stdout, stderr); code != exitOK {
			return code
		}
		if err != nil {
			return fail(exitUsage, "%v", err)
		}
	}
	return exitOK
}

func runClassicMatrix(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic matrix", "[flags] FILE", "mousemaze classic matrix --kind solution --goal 0,0 classic/testdata/trap-lru-8x8.txt", stderr)
	kind := cliflag.Choice(fs, "kind", "distance", "distance (Md), solution (Ms for --goal) or power (M^k for --power)", "distance", "solution", "power")
	method := cliflag.Choice(fs, "method", "powers", "how to compute Md: powers (of the connection matrix) or bfs", "powers", "bfs")
	goal := fs.String("goal", "", "goal cell R,C of the solution matrix (default the board's goal)")
	power := cliflag.Min(fs, "power", 1, 1, "the exponent k of M^k for --kind power")
	asJSON := fs.Bool("json", false, "print the matrix as JSON")
	parseFlags(fs, args)
	fail := failer("classic matrix", stderr)
	if fs.NArg() != 1 {
		return fail(exitUsage, "want one maze file")
	}
	set := flagsSet(fs)
	if err := cmp.Or(needsKind(set, *kind, "power", "power"), needsKind(set, *kind, "solution", "goal")); err != nil {
		return fail(exitUsage, "%v", err)
	}
	if set["method"] && *kind == "power" {
		return fail(exitUsage, "--method applies to the distance and solution matrices (not power)")
	}
	b, err := readBoard(fs.Arg(0))
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	if b.Cells() > 400 {
		return fail(exitFail, "%s: %d cells; matrices are printed for at most 400", fs.Arg(0), b.Cells())
	}
	g := -1
	if *goal != "" && *kind == "solution" {
		if g, err = classic.ParseCell(*goal, b.Rows, b.Cols); err != nil {
			return fail(exitUsage, "--goal: %v", err)
		}
	}
	mx := classic.NewMatrix(b, *kind, *method == "bfs", *power, g)
	return report(*asJSON, mx, func(w io.Writer) { mx.Write(w, fs.Arg(0)) }, stdout)
}

func runClassicPlay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic play", "--blind [flags] FILE", "mousemaze classic play --blind --opponent catcher --opponent-walker lru --seed 3 classic/testdata/trap-lru-8x8.txt", stderr)
	blind := fs.Bool("blind", false, "the blind maze: only the player's-eye view (§6.1); required")
	var o classic.BlindOptions
	fs.StringVar(&o.Heading, "heading", "N", "the direction the player faces at the start")
	maxMoves := cliflag.Min(fs, "max-moves", 0, 0, "end the game after this many move attempts (0 = no limit)")
	fs.StringVar(&o.Opponent, "opponent", "", "a computer opponent in the dark: catcher (wins on meeting you) or racer (wins on reaching the goal first); it steps once per move attempt of yours; "+classic.HearingRule)
	fs.StringVar(&o.OpponentWalker, "opponent-walker", classic.WalkerRandom, "the opponent's walker: "+strings.Join(classic.Walkers, ", "))
	fs.Uint64Var(&o.Seed, "seed", 1, "random seed of the opponent's walker; the same seed and moves give the same game")
	view := cliflag.Choice(fs, "view", "text", "text (the sentence of the player's-eye view) or perspective (also an ASCII corridor drawing)", "text", "perspective")
	parseFlags(fs, args)
	fail := failer("classic play", stderr)
	switch {
	case !*blind:
		return fail(exitUsage, "only the blind game is played: give --blind")
	case fs.NArg() != 1:
		return fail(exitUsage, "want one maze file")
	}
	if _, err := o.Check(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	o.MaxMoves, o.Perspective = *maxMoves, *view == "perspective"
	b, err := readBoard(fs.Arg(0))
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	g, err := classic.NewBlindGame(b, o)
	if err != nil {
		return fail(exitFail, "%s: %v; no game", fs.Arg(0), err)
	}
	o.Intro(stdout, b)
	if g.Won() {
		fmt.Fprintln(stdout, "You start in the goal.")
		return exitOK
	}
	g.Play(stdin, stdout)
	return exitOK
}

func runClassicNeural(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic neural", "[flags]", "mousemaze classic neural --mazes 20 --size 8x8 --episodes 10 --cap 2000", stderr)
	mazes := cliflag.Min(fs, "mazes", 100, 1, "number of generated perfect mazes (spanning tree, seeds --seed, --seed+1, ...)")
	size := fs.String("size", "8x8", "maze size RxC; start top-left, goal bottom-right")
	episodes := cliflag.Min(fs, "episodes", 10, 1, "runs of the net on each maze (it keeps what it learnt between runs)")
	capSteps := cliflag.Min(fs, "cap", int64(2000), 1, "step cap of every run, the net's and the random walk's")
	seed := fs.Uint64("seed", 1, "first maze seed")
	p := neural.DefaultParams()
	fs.IntVar(&p.Hidden, "hidden", p.Hidden, "decision nodes")
	fs.Float64Var(&p.Rate, "rate", p.Rate, "weight change after each move")
	fs.Float64Var(&p.Reward, "reward", p.Reward, "weight change on reaching the goal")
	fs.IntVar(&p.Trace, "trace", p.Trace, "steps rewarded on reaching the goal")
	fs.Float64Var(&p.Noise, "noise", p.Noise, "spread of the random input to the move nodes")
	fs.Float64Var(&p.Inhibition, "inhibition", p.Inhibition, "mutual inhibition of the move nodes")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	parseNoArgs(fs, args)
	fail := failer("classic neural", stderr)
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return fail(exitUsage, "--size %q: %v", *size, err)
	}
	if err := p.Check(); err != nil {
		return fail(exitUsage, "%v", err)
	}
	rep := neural.NewReport(p, *mazes, sz.Rows, sz.Cols, *episodes, *capSteps, *seed)
	return report(*asJSON, rep, rep.Write, stdout)
}

func runClassicDuel(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic duel", "--player W --opponent catcher|racer --opponent-walker W [flags]", "mousemaze classic duel --player tremaux --opponent racer --opponent-walker lru --size 10x10 --games 200 --seed 1", stderr)
	var du classic.Duel
	fs.StringVar(&du.Player, "player", classic.WalkerTremaux, "the player's walker: "+strings.Join(classic.Walkers, ", "))
	fs.StringVar(&du.Opponent, "opponent", classic.OpponentCatcher, "catcher or racer")
	fs.StringVar(&du.OpponentWalker, "opponent-walker", classic.WalkerRandom, "the opponent's walker: "+strings.Join(classic.Walkers, ", "))
	fs.StringVar(&du.Algo, "algo", classic.GenSpanning, "maze construction: "+strings.Join(classic.Generators, ", "))
	size := sizeFlag(fs, "10x10", "maze size RxC; start top-left, goal bottom-right")
	fs.IntVar(&du.Games, "games", 100, "games to play, game k on a maze built from seed --seed+k")
	fs.Uint64Var(&du.Seed, "seed", 1, "first seed; the same seed gives the same report")
	fs.Float64Var(&du.Braid, "braid", 0, "braid every maze: open a wall in this fraction of its dead ends")
	fs.IntVar(&du.MaxMoves, "max-moves", 0, "a game with no winner after this many moves is a draw (0 = 100 per cell)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	parseNoArgs(fs, args)
	du.Rows, du.Cols = size.V.Rows, size.V.Cols
	rep, err := du.Run()
	if err != nil {
		return failer("classic duel", stderr)(exitUsage, "%v", err)
	}
	return report(*asJSON, rep, rep.Write, stdout)
}

func runClassicInterpret(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("classic interpret", "--theme trade|bureau|quiz [flags] FILE", "mousemaze classic interpret --theme bureau --auto tremaux --png path.png classic/testdata/trap-tremaux-8x8.txt", stderr)
	theme := cliflag.Choice(fs, "theme", classic.ThemeTrade, "the game the maze underlies: "+strings.Join(classic.Themes, ", "), classic.Themes...)
	seed := fs.Uint64("seed", 1, "seed of the names and option order (and of --auto random or lru)")
	auto := fs.String("auto", "", "let a walker play instead of reading option numbers from standard input: "+strings.Join(classic.Walkers, ", "))
	pngFile := fs.String("png", "", "at the end, also draw the maze and the path taken to this PNG file")
	parseFlags(fs, args)
	fail := failer("classic interpret", stderr)
	if fs.NArg() != 1 {
		return fail(exitUsage, "want one maze file")
	}
	if err := classic.ParseWalker(*auto); *auto != "" && err != nil {
		return fail(exitUsage, "--auto: %v", err)
	}
	// The picture is drawn at the end of the game: its path is checked
	// before the game starts.
	if err := outfile.CheckFlags(outfile.Flag{Name: "png", Path: *pngFile}); err != nil {
		return fail(exitUsage, "%v", err)
	}
	b, err := readBoard(fs.Arg(0))
	if err != nil {
		return fail(exitFail, "%v", err)
	}
	g, err := classic.NewInterpreted(b, *theme, *seed)
	if err != nil {
		return fail(exitFail, "%s: %v; no game", fs.Arg(0), err)
	}
	if *auto != "" {
		w, _ := classic.NewStepper(*auto, g.Nav(), classic.NewRand(*seed))
		g.PlayAuto(w, stdout)
	} else {
		g.Play(stdin, stdout)
	}
	workDone()
	fmt.Fprint(stdout, g.Reveal())
	if *pngFile != "" {
		if err := g.WritePNG(*pngFile); err != nil {
			return fail(exitFail, "--png: %v", outfile.Printed(err))
		}
	}
	return exitOK
}

// needsKind returns an error when the flag name was given (set) while
// --kind is not want, the only kind it applies to.
func needsKind(set map[string]bool, kind, want, name string) error {
	if set[name] && kind != want {
		return fmt.Errorf("--%s applies only to --kind %s (not %s)", name, want, kind)
	}
	return nil
}
