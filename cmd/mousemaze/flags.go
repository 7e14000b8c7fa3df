package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/cliflag"
	"github.com/mousemaze/mousemaze/viennese"
)

// newFlagSet returns a flag set for a subcommand whose usage text shows
// the synopsis, one example and the flags.
func newFlagSet(name, synopsis, example string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s\n\nExample:\n  %s\n", strings.TrimSpace("mousemaze "+name+" "+synopsis), example)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprint(stderr, "\nFlags:\n")
			cliflag.PrintDefaults(fs, stderr)
		}
	}
	return fs
}

// parseFlags parses args. When parsing ends the command, as -h or a bad
// flag does, it ends it there with exitOK or exitUsage (the flag package
// has printed the help or the error): see exit. Flags may follow the
// arguments (eval maze.txt --json): see cliflag.Parse.
func parseFlags(fs *flag.FlagSet, args []string) {
	err := cliflag.Parse(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		panic(exit(exitOK))
	case err != nil:
		panic(exit(exitUsage))
	}
}

// exit is the exit status of a command that parseFlags (or its kin)
// ended, as flag.ExitOnError ends a program: it is carried by a panic
// that call recovers, so that a command ends without exiting the
// process (tests call run).
type exit int

// parseNoArgs is parseFlags for a command that takes no arguments: it
// refuses any with exitUsage.
func parseNoArgs(fs *flag.FlagSet, args []string) {
	parseFlags(fs, args)
	if fs.NArg() > 0 {
		panic(exit(failer(fs.Name(), fs.Output())(exitUsage, "unexpected arguments %q", fs.Args())))
	}
}

// rulesFlags are the flags that set the walk's rules (mousemaze.Rules):
// --order, --entry, --exit, --cap and --k. Rules.Config("--") checks them
// with errors that name the flags.
type rulesFlags struct{ mousemaze.Rules }

// register adds all the rules' flags.
func (r *rulesFlags) register(fs *flag.FlagSet) {
	r.registerEnds(fs)
	r.registerCap(fs)
	r.registerK(fs, kUsage)
}

// kUsage is the help text of --k but sweep's.
const kUsage = "count visits modulo `K` (the paper's k-mod mouse; 0 = exact counting)"

// registerEnds adds --order, --entry and --exit only.
func (r *rulesFlags) registerEnds(fs *flag.FlagSet) {
	fs.StringVar(&r.Order, "order", "DRLU", "preference order for ties, a permutation of D, R, L, U")
	fs.IntVar(&r.Entry, "entry", 0, "entry column (above the top row, 0-based)")
	fs.IntVar(&r.Exit, "exit", 0, "exit column (below the bottom row, 0-based)")
}

// registerCap adds --cap.
func (r *rulesFlags) registerCap(fs *flag.FlagSet) {
	fs.Int64Var(&r.Cap, "cap", 0, "stop a walk after this many turns (0 = no cap)")
}

// registerK adds --k with the help text usage.
func (r *rulesFlags) registerK(fs *flag.FlagSet, usage string) { fs.IntVar(&r.K, "k", 0, usage) }

// backendFlags are --backend, --workers and --kernel.
type backendFlags struct {
	backend string
	workers int
	kernel  string
}

func (b *backendFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.backend, "backend", "auto", "evaluator backend: ref, cpu, tree, cuda or auto")
	fs.IntVar(&b.workers, "workers", 0, "CPU worker goroutines (0 = one per CPU)")
	fs.StringVar(&b.kernel, "kernel", "", "force a backend kernel by name (for example generic); empty = fastest available")
}

// open opens the backend. On failure it prints why as cmd's and returns
// the exit status: exitUsage for a bad --backend, --kernel or --workers,
// exitFail for a backend or kernel this machine cannot run.
func (b *backendFlags) open(cmd string, stderr io.Writer) (mousemaze.Evaluator, int) {
	if b.workers < 0 {
		return nil, failer(cmd, stderr)(exitUsage, "--workers %d: must be 0 or more", b.workers)
	}
	ev, err := mousemaze.NewEvaluator(b.backend, mousemaze.Options{Workers: b.workers, Kernel: b.kernel})
	if err != nil {
		return nil, failErr(cmd, stderr, err)
	}
	return ev, -1
}

// sizeFlag registers --size RxC with a default ("" for none).
func sizeFlag(fs *flag.FlagSet, def, usage string) *cliflag.Value[mousemaze.Size] {
	return cliflag.New(fs, "size", def, usage, mousemaze.ParseSize).Named("RxC")
}

// flagsSet returns the names of the flags given on the command line.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// failer returns a function that prints "mousemaze CMD: message" to
// stderr and returns code; the message reads as userMessage makes it.
func failer(cmd string, stderr io.Writer) func(code int, format string, a ...any) int {
	return func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze %s: %s\n", cmd, userMessage(cmd, fmt.Sprintf(format, a...)))
		return code
	}
}

// userMessage returns msg, a failure of the command cmd, as the user reads
// it: without the prefix that names the command again ("sweep: " after
// "mousemaze sweep: ") and without the library's heading of a bad search
// parameter (dispatch.ErrParams), so that the parameter's own message,
// which names its flag, stands alone.
func userMessage(cmd, msg string) string {
	msg = strings.ReplaceAll(msg, dispatch.ErrParams.Error()+": ", "")
	for strings.HasPrefix(msg, cmd+": ") {
		msg = strings.TrimPrefix(msg, cmd+": ")
	}
	return msg
}

// failErr prints err as cmd's failure and returns its exit status:
// exitUsage when it blames the command line (mousemaze.IsUsageError),
// else exitFail.
func failErr(cmd string, stderr io.Writer, err error) int {
	code := exitFail
	if mousemaze.IsUsageError(err) {
		code = exitUsage
	}
	return failer(cmd, stderr)(code, "%v", err)
}

// notApplying returns an error naming the first flag of names that was
// given (set) although it does not apply to what, such as "--edges".
func notApplying(set map[string]bool, names []string, what string) error {
	for _, name := range names {
		if set[name] {
			return fmt.Errorf("--%s does not apply to %s", name, what)
		}
	}
	return nil
}

// needs returns an error naming the first flag of names that was given
// (set) without the flag need, which it only works with: "--force needs
// --checkpoint".
func needs(set map[string]bool, need string, names ...string) error {
	if set[need] {
		return nil
	}
	for _, name := range names {
		if set[name] {
			return fmt.Errorf("--%s needs --%s", name, need)
		}
	}
	return nil
}

// writeResult prints v, the result of cmd, as writeText does, or fails
// with err (see failErr) when it is not nil.
func writeResult(cmd string, v interface{ WriteText(io.Writer) error }, err error, asJSON bool, stdout, stderr io.Writer) int {
	if err != nil {
		return failErr(cmd, stderr, err)
	}
	return writeText(cmd, v, asJSON, stdout, stderr)
}

// printJSON writes v as one JSON line to w: exitOK, or exitFail when
// the line cannot be written.
func printJSON(w io.Writer, v any) int {
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return exitFail
	}
	return exitOK
}

// badArgs prints "mousemaze CMD: msg" and the flags' usage, and returns
// exitUsage.
func badArgs(fs *flag.FlagSet, stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "mousemaze %s: %s\n", fs.Name(), msg)
	fs.Usage()
	return exitUsage
}

// variantFlag registers --variant of the viennese verbs: ht or nht;
// unset, a maze file's variant line (else ht) applies
// (viennese.File.VariantOr).
func variantFlag(fs *flag.FlagSet) *cliflag.Value[viennese.Variant] {
	return cliflag.New(fs, "variant", "", "ht or nht (default: the file's variant line, else ht)", viennese.ParseVariant).Named("variant")
}

// printRecords writes each record as one JSON line; a failure to write is
// reported as cmd's.
func printRecords[T any](cmd string, recs []T, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return failer(cmd, stderr)(exitFail, "%v", err)
		}
	}
	return exitOK
}

// writeRecords prints recs as JSON lines with asJSON (see printRecords),
// else in their text form by text (see asTable and each); a failure to
// write fails cmd.
func writeRecords[T any](cmd string, recs []T, asJSON bool, text func(io.Writer, []T) error, stdout, stderr io.Writer) int {
	if asJSON {
		return printRecords(cmd, recs, stdout, stderr)
	}
	if err := text(stdout, recs); err != nil {
		return failer(cmd, stderr)(exitFail, "%v", err)
	}
	return exitOK
}

// asTable is the text form of records that print as one table with write.
func asTable[T any](write func(io.Writer, []T)) func(io.Writer, []T) error {
	return func(w io.Writer, recs []T) error {
		write(w, recs)
		return nil
	}
}

// each is the text form of records that print one by one with write.
func each[T any](write func(io.Writer, T)) func(io.Writer, []T) error {
	return func(w io.Writer, recs []T) error {
		for _, r := range recs {
			write(w, r)
		}
		return nil
	}
}

// report prints v as one JSON line with asJSON, else by write (its text
// form).
func report(asJSON bool, v any, write func(io.Writer), stdout io.Writer) int {
	if asJSON {
		return printJSON(stdout, v)
	}
	write(stdout)
	return exitOK
}

// writeText prints v as one JSON line with asJSON, else as its text; a
// failure to write fails cmd.
func writeText(cmd string, v interface{ WriteText(io.Writer) error }, asJSON bool, stdout, stderr io.Writer) int {
	if asJSON {
		return printRecords(cmd, []any{v}, stdout, stderr)
	}
	if err := v.WriteText(stdout); err != nil {
		return failer(cmd, stderr)(exitFail, "%v", err)
	}
	return exitOK
}
