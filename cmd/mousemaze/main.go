// Command mousemaze searches for mazes that trap a deterministic mouse for
// as long as possible, and evaluates, sweeps and benchmarks them.
//
// Usage:
//
//	mousemaze <command> [verb] [flags] [args]
//
// Run "mousemaze help" for the list of commands and "mousemaze help
// <command>" (or "mousemaze <command> -h") for the verbs or flags of one.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/mousemaze/mousemaze/evalout"
)

// A command is one command of the binary, or one verb of a command. A
// command with verbs routes its first argument to them; it may also run
// on its own (run) when the first argument is no verb. The commands are
// listed in one table (commands.go).
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
	verbs   []command
}

// commands is the one table of the binary's commands.
var commands = map[string]command{}

func register(c command) { commands[c.name] = c }

// Exit codes, as the flag package uses them.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status. Tests
// call it directly.
func run(args []string, stdout, stderr io.Writer) int {
	root := command{name: "", verbs: sortedCommands()}
	if len(args) > 0 && args[0] == "help" {
		return help(root, args[1:], stdout, stderr)
	}
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return runVersion(args[1:], stdout, stderr)
	}
	return dispatchVerb(root, args, stdout, stderr)
}

// sortedCommands lists the table's commands by name.
func sortedCommands() []command {
	cs := make([]command, 0, len(commands))
	for _, c := range commands {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	return cs
}

// dispatchVerb runs c's verb named by args[0], or c itself.
func dispatchVerb(c command, args []string, stdout, stderr io.Writer) int {
	if len(c.verbs) == 0 {
		return runLeaf(c, args, stdout, stderr)
	}
	if len(args) > 0 {
		if v, ok := c.verb(args[0]); ok {
			return dispatchVerb(v, args[1:], stdout, stderr)
		}
	}
	if c.run != nil {
		return runLeaf(c, args, stdout, stderr)
	}
	switch {
	case len(args) == 0:
		usage(c, stderr)
		return exitUsage
	case isHelp(args[0]):
		usage(c, stdout)
		return exitOK
	}
	what := "command"
	if c.name != "" {
		what = "verb"
	}
	fmt.Fprintf(stderr, "%s: unknown %s %q\n\n", strings.TrimSpace("mousemaze "+c.name), what, args[0])
	usage(c, stderr)
	return exitUsage
}

// verb returns c's verb called name, named in full ("bench search").
func (c command) verb(name string) (command, bool) {
	for _, v := range c.verbs {
		if v.name == name {
			v.name = strings.TrimSpace(c.name + " " + v.name)
			return v, true
		}
	}
	return command{}, false
}

// runLeaf runs c. Asked for help (-h, -help or --help among the flags),
// it runs c with the arguments up to that flag and standard error set to
// standard output: the help goes to standard output, as `mousemaze help
// CMD` prints it, and the exit status is 0.
func runLeaf(c command, args []string, stdout, stderr io.Writer) int {
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			return call(c, args[:i+1], stdout, stdout)
		}
	}
	return call(c, args, stdout, stderr)
}

// call runs c and returns its exit status, the one it returns or the one
// it ended with (see exit).
func call(c command, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case exit:
			code = int(r)
		default:
			panic(r)
		}
	}()
	return c.run(args, stdout, stderr)
}

func isHelp(a string) bool { return a == "help" || a == "-h" || a == "-help" || a == "--help" }

// help is `mousemaze help [COMMAND [VERB]]`: the list of commands, the
// verbs of a command or the flags of a command or verb, on stdout.
func help(c command, path []string, stdout, stderr io.Writer) int {
	for _, name := range path {
		v, ok := c.verb(name)
		if !ok {
			return failer("help", stderr)(exitUsage, "no command %q", strings.TrimSpace(c.name+" "+name))
		}
		c = v
	}
	if c.run == nil {
		usage(c, stdout)
		return exitOK
	}
	return call(c, []string{"-h"}, stdout, stdout)
}

// usage prints the commands of the binary or the verbs of a command.
func usage(c command, w io.Writer) {
	if c.name == "" {
		fmt.Fprintln(w, "mousemaze searches for mazes that trap a deterministic mouse for as long as possible.")
		fmt.Fprintln(w, "\nUsage: mousemaze <command> [flags] [args]\n\nCommands:")
	} else {
		fmt.Fprintf(w, "Usage: mousemaze %s <verb> [flags] [args]\n\n%s\n", c.name, c.summary)
	}
	listVerbs(c, w)
}

// listVerbs prints the verbs of c, or the commands of the binary, and how
// to ask for the flags of one.
func listVerbs(c command, w io.Writer) {
	if c.name != "" {
		fmt.Fprintln(w, "\nVerbs:")
	}
	for _, v := range c.verbs {
		fmt.Fprintf(w, "  %-12s %s\n", v.name, v.summary)
	}
	if c.name == "" {
		fmt.Fprintln(w, "\nRun 'mousemaze help <command>' or 'mousemaze <command> -h' for a command's verbs or flags.")
	} else {
		fmt.Fprintf(w, "\nRun 'mousemaze help %s <verb>' or 'mousemaze %s <verb> -h' for a verb's flags.\n", c.name, c.name)
	}
}

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// readInput reads the named input ("-" is stdin) with parse (see
// evalout.ReadInput).
func readInput[T any](name string, parse func(io.Reader, string) ([]T, []int, error)) ([]T, []int, error) {
	return evalout.ReadInput(name, stdin, parse)
}

// interruptContext returns a context that ends on SIGINT or SIGTERM, so
// that a command can save its work and report before it exits.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
