// Command mousemaze searches for mazes that trap a deterministic mouse for
// as long as possible, and evaluates, sweeps and benchmarks them.
//
// Usage:
//
//	mousemaze <command> [flags] [args]
//
// Run "mousemaze help" for the list of commands and "mousemaze <command> -h"
// for the flags of one.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// A command is one subcommand of the binary. Each lives in its own file
// and adds itself to commands from init.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

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
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "mousemaze: unknown command %q\n\n", name)
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mousemaze searches for mazes that trap a deterministic mouse for as long as possible.")
	fmt.Fprintln(w, "\nUsage: mousemaze <command> [flags] [args]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'mousemaze <command> -h' for a command's flags.")
}
