// Command gpubench is the device-side half of scripts/gpu-run.sh: it
// reports the GPU, checks the cuda backend against the cpu backend on
// random mazes, writes population files beforehand, and streams batches
// through the backend to measure kernel-only and end-to-end throughput.
// Every subcommand prints JSON Lines on stdout, one object per result, as
// soon as it has it, so that a run cut short still leaves figures.
//
//	gpubench env
//	gpubench check --n 1000000 --sizes 6x6,13x13,32x32,64x64
//	gpubench makepop --size 13x13 --n 1000000 --kind long --out pop-13x13-long.bin
//	gpubench stream --pop pop-13x13-long.bin --seconds 15
//	gpubench stream --size 32x32 --n 262144 --kind random --seconds 10
//	gpubench lanes --pop pop-13x13-long.bin
//	gpubench sweep --size 6x6 --check
//
// It opens the backend by name, so it builds without the cuda tag too;
// there the cuda backend reports ErrNoCUDA (stream --backend cpu works).
// Exit status: 0 ok, 1 the work failed (a mismatch included), 2 usage.
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	_ "github.com/mousemaze/mousemaze/backends" // registers cpu, cuda and the cuda sweep runner
	"github.com/mousemaze/mousemaze/cpu"
	"github.com/mousemaze/mousemaze/cuda"
	"github.com/mousemaze/mousemaze/kernels"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// gpu is what gpubench uses of the cuda backend beyond mousemaze.Evaluator
// (the tagged build's *cuda.Evaluator).
type gpu interface {
	mousemaze.Evaluator
	Device() string
	Info() kernels.Device
	ComputeCapability() int
	Memory() int64
	DriverVersion() int
	Stats() cuda.Stats
	Upload(pop mousemaze.Population) error
	WalkResident(cfg mousemaze.Config, out []uint64) error
}

// openGPU opens the cuda backend.
func openGPU() (gpu, error) {
	ev, err := mousemaze.NewEvaluator("cuda", mousemaze.Options{})
	if err != nil {
		return nil, err
	}
	g, ok := ev.(gpu)
	if !ok {
		ev.Close()
		return nil, fmt.Errorf("the cuda backend (%T) lacks the device methods", ev)
	}
	return g, nil
}

const usage = `usage: gpubench env|check|makepop|stream|breed|lanes|sweep [flags]
  env       the device, as the backend sees it
  check     the cuda backend against the cpu backend on random mazes
  makepop   write a population file for stream (made beforehand, off the device)
  stream    batches through the backend: kernel-only and end-to-end rates
  breed     the GA's children bred and walked on the device, against the host's breeding
  lanes     the lane-efficiency model (kernels.LaneEfficiency) of a population, on the CPU
  sweep     an exhaustive sweep (or shards of one) on the GPU: counts, rates, and the CPU sweep's report to compare
run "gpubench <command> -h" for a command's flags`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	cmds := map[string]func([]string, *json.Encoder, io.Writer) int{
		"env": cmdEnv, "check": cmdCheck, "makepop": cmdMakePop, "stream": cmdStream, "breed": cmdBreed, "lanes": cmdLanes, "sweep": cmdSweep,
	}
	f, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "gpubench: unknown command %q\n%s\n", args[0], usage)
		return 2
	}
	return f(args[1:], json.NewEncoder(stdout), stderr)
}

// parse parses a command's flags; it returns -1 when the command should go
// on, otherwise the exit status.
func parse(fs *flag.FlagSet, args []string, stderr io.Writer) int {
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gpubench %s: unexpected arguments %q\n", fs.Name(), fs.Args())
		return 2
	}
	return -1
}

func fail(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "gpubench: "+format+"\n", a...)
	return 1
}

func cmdEnv(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("env", flag.ContinueOnError)
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	ev, err := openGPU()
	if err != nil {
		return fail(stderr, "open cuda: %v", err)
	}
	defer ev.Close()
	info := ev.Info()
	out.Encode(map[string]any{
		"step": "env", "device": ev.Device(), "compute_capability": ev.ComputeCapability(),
		"memory_bytes": ev.Memory(), "driver_cuda_version": ev.DriverVersion(), "sms": info.SMs, "shared_per_block": info.SharedPerBlock,
		"shared_per_sm": info.SharedPerSM, "max_threads_per_sm": info.MaxThreadsPerSM,
		"host_cpus": runtime.NumCPU(), "go": runtime.Version(),
	})
	return 0
}

// randomPop draws n mazes of one size: "random" is feasible mazes of wall
// density 0.3; "long" keeps, for each maze, the longest walk of 16 such.
func randomPop(rng *rand.Rand, size mousemaze.Size, n int, kind string) (mousemaze.Population, error) {
	pop := mousemaze.NewPopulation(size.Rows, size.Cols, 0)
	cfg := mousemaze.Config{}
	tries := 1
	switch kind {
	case "random":
	case "long":
		tries = 16
	default:
		return pop, fmt.Errorf("unknown population kind %q (random, long)", kind)
	}
	for range n {
		var best mousemaze.Maze
		bestTurns := int64(-1)
		for range tries {
			m := mousemaze.RandomFeasible(rng, size.Rows, size.Cols, 0.3, cfg)
			if tries == 1 {
				best = m
				break
			}
			res, err := mousemaze.Walk(m, cfg)
			if err != nil {
				return pop, err
			}
			if res.Turns > bestTurns {
				best, bestTurns = m, res.Turns
			}
		}
		if err := pop.Append(best); err != nil {
			return pop, err
		}
	}
	return pop, nil
}

func cmdCheck(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	n := fs.Int("n", 1_000_000, "mazes in all, spread over the sizes")
	sizes := fs.String("sizes", "6x6,13x13,32x32,64x64", "comma-separated grid sizes")
	batch := fs.Int("batch", 65536, "most mazes per batch")
	seed := fs.Uint64("seed", 1, "random seed")
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	szs, err := parseSizes(*sizes)
	if err != nil || *n < 1 || *batch < 1 {
		fmt.Fprintf(stderr, "gpubench check: bad flags: %v\n", err)
		return 2
	}
	ev, err := openGPU()
	if err != nil {
		return fail(stderr, "open cuda: %v", err)
	}
	defer ev.Close()
	ref, err := cpu.New(mousemaze.Options{})
	if err != nil {
		return fail(stderr, "open cpu: %v", err)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	status := 0
	for k, sz := range szs {
		want := *n / len(szs)
		if k < *n%len(szs) {
			want++
		}
		done, mism, batches := 0, 0, 0
		var steps int64
		var gpuTime time.Duration
		for done < want {
			m := min(want-done, 1+rng.IntN(*batch))
			pop := mousemaze.NewPopulation(sz.Rows, sz.Cols, 0)
			cfg := mousemaze.Config{Entry: rng.IntN(sz.Cols), Exit: rng.IntN(sz.Cols), Heat: rng.IntN(8) == 0}
			if rng.IntN(2) == 0 {
				cfg.Order = mousemaze.RandomOrder(rng)
			}
			for range m {
				mz := mousemaze.Random(rng, sz.Rows, sz.Cols, 0.5*rng.Float64())
				if rng.IntN(2) == 0 {
					mz.SetWall(0, cfg.Entry, false)
					mz.SetWall(sz.Rows-1, cfg.Exit, false)
				}
				pop.Append(mz)
			}
			got := make([]mousemaze.Result, m)
			exp := make([]mousemaze.Result, m)
			t0 := time.Now()
			if err := ev.Evaluate(pop, cfg, got); err != nil {
				return fail(stderr, "%v: %v", sz, err)
			}
			gpuTime += time.Since(t0)
			if err := ref.Evaluate(pop, cfg, exp); err != nil {
				return fail(stderr, "%v: cpu: %v", sz, err)
			}
			for i := range got {
				steps += got[i].Turns
				if !got[i].Same(exp[i]) {
					if mism == 0 {
						fmt.Fprintf(stderr, "gpubench check: %v %+v maze %d: cuda %+v, cpu %+v on\n%s\n", sz, cfg, i, got[i], exp[i], pop.Maze(i))
					}
					mism++
				}
			}
			done += m
			batches++
		}
		out.Encode(map[string]any{"step": "check", "size": sz.String(), "mazes": done, "batches": batches,
			"mismatches": mism, "steps": steps, "seconds": gpuTime.Seconds()})
		if mism > 0 {
			status = 1
		}
	}
	return status
}

func parseSizes(s string) ([]mousemaze.Size, error) {
	var out []mousemaze.Size
	for _, f := range strings.Split(s, ",") {
		var sz mousemaze.Size
		if _, err := fmt.Sscanf(f, "%dx%d", &sz.Rows, &sz.Cols); err != nil {
			return nil, fmt.Errorf("size %q: want RxC", f)
		}
		if err := sz.Validate(); err != nil {
			return nil, err
		}
		out = append(out, sz)
	}
	return out, nil
}

// The population file: the magic line, then rows, cols and n as
// little-endian uint32, then n·rows wall masks as little-endian uint64.
const popMagic = "mousemaze population v1\n"

func writePop(path string, pop mousemaze.Population) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString(popMagic)
	binary.Write(w, binary.LittleEndian, [3]uint32{uint32(pop.Rows), uint32(pop.Cols), uint32(pop.Len())})
	binary.Write(w, binary.LittleEndian, pop.Words)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readPop(path string) (mousemaze.Population, error) {
	var pop mousemaze.Population
	f, err := os.Open(path)
	if err != nil {
		return pop, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	magic := make([]byte, len(popMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != popMagic {
		return pop, fmt.Errorf("%s: not a population file", path)
	}
	var hdr [3]uint32
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return pop, fmt.Errorf("%s: %w", path, err)
	}
	size := mousemaze.Size{Rows: int(hdr[0]), Cols: int(hdr[1])}
	if err := size.Validate(); err != nil || hdr[2] > 1<<28 {
		return pop, fmt.Errorf("%s: bad header %v", path, hdr)
	}
	pop = mousemaze.NewPopulation(size.Rows, size.Cols, int(hdr[2]))
	if err := binary.Read(r, binary.LittleEndian, pop.Words); err != nil {
		return pop, fmt.Errorf("%s: %w", path, err)
	}
	return pop, nil
}

func cmdMakePop(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("makepop", flag.ContinueOnError)
	size := fs.String("size", "13x13", "grid size")
	n := fs.Int("n", 1_000_000, "mazes")
	kind := fs.String("kind", "random", "random or long")
	seed := fs.Uint64("seed", 1, "random seed")
	path := fs.String("out", "", "file to write (required)")
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	szs, err := parseSizes(*size)
	if err != nil || len(szs) != 1 || *path == "" || *n < 1 {
		fmt.Fprintf(stderr, "gpubench makepop: need one --size, --n ≥ 1 and --out (%v)\n", err)
		return 2
	}
	pop, err := randomPop(rand.New(rand.NewPCG(*seed, 1)), szs[0], *n, *kind)
	if err != nil {
		fmt.Fprintf(stderr, "gpubench makepop: %v\n", err)
		return 2
	}
	if err := writePop(*path, pop); err != nil {
		return fail(stderr, "%v", err)
	}
	out.Encode(map[string]any{"step": "makepop", "file": *path, "size": szs[0].String(), "mazes": pop.Len(), "kind": *kind})
	return 0
}

func cmdStream(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("stream", flag.ContinueOnError)
	src := addPopFlags(fs, 1<<20)
	batch := fs.Int("batch", 1<<20, "mazes per Evaluate call")
	seconds := fs.Float64("seconds", 10, "how long to stream")
	backend := fs.String("backend", "cuda", "backend to stream through (cuda, or cpu for a baseline)")
	workers := fs.Int("workers", 0, "cpu workers (0: all CPUs)")
	resident := fs.Bool("resident", false, "cuda: upload the batch once and walk it on the device again and again (no per-maze host costs but reading result words)")
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	pop, label, err := src.load()
	if err == nil && *resident && *backend != "cuda" {
		err = errors.New("--resident needs --backend cuda")
	}
	if err != nil || *batch < 1 || *seconds <= 0 {
		fmt.Fprintf(stderr, "gpubench stream: %v\n", err)
		return 2
	}
	var ev mousemaze.Evaluator
	var g gpu
	switch *backend {
	case "cuda":
		if g, err = openGPU(); err != nil {
			return fail(stderr, "open cuda: %v", err)
		}
		defer g.Close()
		ev = g
	case "cpu":
		if ev, err = cpu.New(mousemaze.Options{Workers: *workers}); err != nil {
			return fail(stderr, "open cpu: %v", err)
		}
	default:
		fmt.Fprintf(stderr, "gpubench stream: backend %q: want cuda or cpu\n", *backend)
		return 2
	}
	cfg := mousemaze.Config{}
	m := min(*batch, pop.Len())
	dst := make([]mousemaze.Result, m)
	var steps, mazes int64
	var kernel0 time.Duration
	if g != nil {
		kernel0 = g.Stats().Kernel
	}
	start := time.Now()
	report := func(final bool) {
		wall := time.Since(start).Seconds()
		rec := map[string]any{"step": "stream", "backend": *backend, "population": label, "size": pop.Size().String(),
			"mazes": mazes, "steps": steps, "wall_seconds": wall, "final": final,
			"steps_per_sec_end_to_end": float64(steps) / wall, "mazes_per_sec_end_to_end": float64(mazes) / wall,
			"mean_turns": float64(steps) / float64(max(mazes, 1)), "resident": *resident}
		if g != nil {
			st := g.Stats()
			k := (st.Kernel - kernel0).Seconds()
			rec["kernel_seconds"] = k
			rec["steps_per_sec_kernel"] = float64(steps) / k
			rec["launches"] = st.Launches
		}
		out.Encode(rec)
	}
	last := start
	if *resident {
		if err := g.Upload(pop.Slice(0, m)); err != nil {
			return fail(stderr, "stream: %v", err)
		}
		start = time.Now()
		if err := streamResident(g, m, cfg, *seconds, &steps, &mazes, func() {
			if time.Since(last) > 2*time.Second {
				report(false)
				last = time.Now()
			}
		}, stderr); err != nil {
			return fail(stderr, "stream: %v", err)
		}
		report(true)
		return 0
	}
	for off := 0; time.Since(start).Seconds() < *seconds; off = (off + m) % (pop.Len() - m + 1) {
		sub := mousemaze.Population{Rows: pop.Rows, Cols: pop.Cols, Words: pop.Words[off*pop.Rows : (off+m)*pop.Rows]}
		if err := ev.Evaluate(sub, cfg, dst); err != nil {
			return fail(stderr, "stream: %v", err)
		}
		for _, r := range dst {
			steps += r.Turns
		}
		mazes += int64(m)
		if time.Since(last) > 2*time.Second {
			report(false)
			last = time.Now()
		}
	}
	report(true)
	return 0
}

// streamResident walks the m mazes uploaded to the device again and again
// for the given seconds, adding to *steps and *mazes and calling tick
// after each walk: only the result words cross the bus. Overflowed walks
// are counted, not walked again (their steps are left out).
func streamResident(g gpu, m int, cfg mousemaze.Config, seconds float64, steps, mazes *int64, tick func(), stderr io.Writer) error {
	words := make([]uint64, m)
	overflowed := int64(0)
	start := time.Now()
	for time.Since(start).Seconds() < seconds {
		if err := g.WalkResident(cfg, words); err != nil {
			return err
		}
		for _, w := range words {
			if w&kernels.FlagOverflow != 0 {
				overflowed++
				continue
			}
			*steps += int64(w >> kernels.TurnShift)
		}
		*mazes += int64(len(words))
		tick()
	}
	if overflowed > 0 {
		fmt.Fprintf(stderr, "gpubench stream: %d walks overflowed the first counter and are left out\n", overflowed)
	}
	return nil
}

// popFlags are the flags that choose the population of a subcommand: a
// file from makepop (--pop), or one drawn here (--size, --n, --kind).
type popFlags struct {
	path, size, kind *string
	n                *int
}

// addPopFlags defines the population flags on fs, with n mazes drawn by
// default.
func addPopFlags(fs *flag.FlagSet, n int) popFlags {
	return popFlags{
		path: fs.String("pop", "", "population file from makepop (else one is drawn here)"),
		size: fs.String("size", "13x13", "grid size of a drawn population"),
		n:    fs.Int("n", n, "mazes of a drawn population"),
		kind: fs.String("kind", "random", "kind of a drawn population: random or long"),
	}
}

// load reads the population file, or, with none, draws the mazes of the
// kind and of the one size the flags ask for; label names it in reports.
func (f popFlags) load() (pop mousemaze.Population, label string, err error) {
	if *f.path != "" {
		pop, err = readPop(*f.path)
		return pop, *f.path, err
	}
	szs, err := parseSizes(*f.size)
	if err == nil && (len(szs) != 1 || *f.n < 1) {
		err = errors.New("need one --size and --n ≥ 1")
	}
	if err != nil {
		return pop, "", err
	}
	pop, err = randomPop(rand.New(rand.NewPCG(7, 7)), szs[0], *f.n, *f.kind)
	return pop, fmt.Sprintf("drawn %s %s", *f.kind, szs[0]), err
}

// cmdLanes walks a population on the cpu backend and prints the lanes'
// efficiency by kernels.LaneEfficiency: waiting for a warp's longest walk,
// and refilled every kernels.RefillSteps steps (a model, no GPU involved).
func cmdLanes(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("lanes", flag.ContinueOnError)
	src := addPopFlags(fs, 1<<16)
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	pop, label, err := src.load()
	if err != nil {
		fmt.Fprintf(stderr, "gpubench lanes: %v\n", err)
		return 2
	}
	ev, err := cpu.New(mousemaze.Options{})
	if err != nil {
		return fail(stderr, "open cpu: %v", err)
	}
	res := make([]mousemaze.Result, pop.Len())
	if err := ev.Evaluate(pop, mousemaze.Config{}, res); err != nil {
		return fail(stderr, "%v", err)
	}
	turns := make([]int64, len(res))
	var sum int64
	for i, r := range res {
		turns[i] = r.Turns
		sum += r.Turns
	}
	longest, rounds := kernels.LaneEfficiency(turns, kernels.RefillSteps)
	out.Encode(map[string]any{"step": "lanes", "population": label, "size": pop.Size().String(), "mazes": pop.Len(),
		"mean_turns": float64(sum) / float64(max(1, pop.Len())), "refill_steps": kernels.RefillSteps,
		"efficiency_wait_longest": longest, "efficiency_rounds": rounds})
	return 0
}
