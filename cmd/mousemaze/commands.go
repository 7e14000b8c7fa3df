package main

import "io"

// table is the binary's one table of commands and their verbs; commands
// outside it (sweep, sweep-merge) add themselves with register.
var table = []command{
	{name: "analyze", summary: "check the thesis's and the paper's theory on mazes read from files", run: runAnalyze},
	{name: "bench", summary: "measure backends and kernels side by side (steps/s, mazes/s, ratio to ref)", run: runBench, verbs: []command{
		{name: "search", summary: "the search-method table: hits of the known optimum, evaluations per second", run: runSearchBench},
		{name: "loop", summary: "the search loop around the evaluator: children or neighbours per second on a null evaluator, and end to end", run: runBenchLoop},
		{name: "mazes", summary: "write a benchmark population (random or long-walk mazes) in the text format, the input of eval's throughput figures", run: runBenchMazes},
	}},
	{name: "classic", summary: "classic mazes: build (gen), solve, distance matrices (matrix), blind game (play), duels (duel), interpreted mazes (interpret), neural-net solver (neural)", verbs: []command{
		{name: "gen", summary: "build a maze: --algo spanning|anderson|matrix --size RxC --seed N", run: runClassicGen},
		{name: "solve", summary: "solve a maze file: --algo random|left|right|switch-left|switch-right|lru|bfs|tremaux|tremaux-all|tar", run: runClassicSolve},
		{name: "matrix", summary: "print the minimum-distance matrix, a solution matrix or a power of the connection matrix", run: runClassicMatrix},
		{name: "play", summary: "play the blind maze game: play --blind [--opponent catcher|racer] [--view perspective] FILE, moves from standard input", run: runClassicPlay},
		{name: "duel", summary: "walker against walker in the dark: win, loss and draw fractions with 95% Wilson intervals", run: runClassicDuel},
		{name: "interpret", summary: "a maze disguised as a game: interpret --theme trade|bureau|quiz [--auto WALKER] FILE", run: runClassicInterpret},
		{name: "neural", summary: "measure the neural-net solver of §5 against the random walk", run: runClassicNeural},
	}},
	{name: "eval", summary: "walk the mouse through mazes read from files and report turns", run: runEval},
	{name: "evolve", summary: "search for mazes that trap the mouse longest (ILS, pipeline, memetic, GA, EA, SA, hill, random)", run: runEvolve},
	{name: "game", summary: "the MAZE combinatorial game: value, build, search", verbs: []command{
		{name: "value", summary: "FILE...: the value (reduced canonical form) of every cell of each board", run: runGameValue},
		{name: "build", summary: "VALUE: a vertical position whose value is VALUE (5/8, -3/4, 2, {3/4|1/2})", run: runGameBuild},
		{name: "search", summary: "exact values of every small board, and the construction's exactness", run: runGameSearch},
	}},
	{name: "graph", summary: "walk the mouse through general-graph mazes (JSON), with the Theorem 8 bound", run: runGraph},
	{name: "hunt", summary: "a record hunt by the size ladder: search a size, grow its best mazes into the next size up, search again; resumable, keeps a records file", run: runHunt},
	{name: "selfcheck", summary: "compare a backend with the reference walk on random mazes (exit 1 on any mismatch)", run: runSelfcheck},
	{name: "serve", summary: "serve the maze editor, the walk and live searches in the browser", run: runServe},
	{name: "slurm", summary: "run sweeps and island searches as Slurm job arrays (sweep, evolve, task, merge)", verbs: []command{
		verb("sweep", "write a sweep's job description and batch script to --dir and submit it (sbatch --array)", runSlurmSubmit, "sweep"),
		verb("evolve", "the same for an island search: task i of N runs island i of N", runSlurmSubmit, "evolve"),
		{name: "task", summary: "run one array task (the batch script calls this)", run: runSlurmTask},
		{name: "merge", summary: "report a finished run: the merged sweep, or the best maze of all islands", run: runSlurmMerge},
	}},
	{name: "version", summary: "print the version, the Go runtime and the backends built in", run: runVersion},
	{name: "viennese", summary: "traffic-light (Viennese) mazes: evolve, score, solve, play, canvas", verbs: []command{
		{name: "evolve", summary: "search colourings of a canvas for the highest score", run: runVienneseEvolve},
		{name: "score", summary: "print the score of maze files", run: runVienneseScore},
		{name: "solve", summary: "print the shortest solutions of a maze file", run: runVienneseSolve},
		{name: "play", summary: "walk a maze move by move, reading moves from standard input", run: runViennesePlay},
		{name: "canvas", summary: "print a built-in canvas (vienna24 or RxC) in the text format", run: runVienneseCanvas},
	}},
}

func init() {
	for _, c := range table {
		register(c)
	}
}

// verb is a verb that runs f with a fixed first argument.
func verb(name, summary string, f func(kind string, args []string, stdout, stderr io.Writer) int, kind string) command {
	return command{name: name, summary: summary, run: func(a []string, o, e io.Writer) int { return f(kind, a, o, e) }}
}
