package main

import (
	"fmt"
	"io"
	"log"
	"net"
	"time"

	"github.com/mousemaze/mousemaze/internal/cliflag"
	"github.com/mousemaze/mousemaze/web"
)

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "[flags]", "mousemaze serve --addr 127.0.0.1:8080 --open", stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free one)")
	backend := fs.String("backend", "auto", "evaluator backend for walks and searches: ref, cpu, tree, cuda or auto")
	workers := cliflag.Min(fs, "workers", 0, 0, "CPU worker goroutines (0 = one per CPU)")
	maxJobs := cliflag.Min(fs, "max-jobs", 2, 1, "evolve and sweep jobs that may run at once")
	maxEvals := cliflag.Min(fs, "max-evals", int64(100_000_000), 1, "the largest budget one evolve job may ask for")
	walkCap := cliflag.Min(fs, "walk-cap", int64(100_000_000), 1, "the most turns one walk from the page may take")
	idle := cliflag.Min(fs, "idle", 30*time.Second, 1, "stop a job once no page has watched it for this long")
	maxGames := cliflag.Min(fs, "max-games", 100, 1, "maze games that may be open at once")
	gameIdle := cliflag.Min(fs, "game-idle", 30*time.Minute, 1, "drop a maze game untouched for this long")
	playerGone := cliflag.Min(fs, "player-gone", 20*time.Second, 1, "a two-player game's player silent for this long has left (the other wins)")
	open := fs.Bool("open", false, "open the page in the default browser")
	quiet := fs.Bool("quiet", false, "log nothing: no line on standard error per failed request or recovered panic")
	var origins []string
	fs.Func("allow-origin", "also accept jobs and games from the page at `origin`, such as https://example.org (repeatable, or comma-separated; other sites are refused)", func(v string) error {
		o, err := web.ParseOrigins(v)
		origins = append(origins, o...)
		return err
	})
	parseNoArgs(fs, args)
	// A port out of range (or an unknown service name) is the command
	// line's fault, as a missing port is: exit 2 before listening.
	loopback, err := web.CheckAddr(*addr)
	if err != nil {
		return failer("serve", stderr)(exitUsage, "%v", err)
	}
	if !loopback {
		fmt.Fprintf(stderr, "mousemaze serve: warning: %s is not a loopback address; anyone who can reach it can run searches on this machine\n", *addr)
	}
	logger := log.New(stderr, "mousemaze serve: ", log.LstdFlags|log.Lmsgprefix)
	if *quiet {
		logger = nil // discarded
	}
	srv, err := web.New(web.Options{Backend: *backend, Workers: *workers, MaxJobs: *maxJobs, MaxEvals: *maxEvals, WalkCap: *walkCap, IdleTimeout: *idle,
		MaxGames: *maxGames, GameIdle: *gameIdle, PlayerGone: *playerGone, AllowOrigins: origins, Log: logger})
	if err != nil {
		return failer("serve", stderr)(exitFail, "%v", err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return failer("serve", stderr)(exitFail, "%v", err)
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(stdout, "mousemaze serve: listening on %s\n", url)
	if *open {
		if err := web.OpenBrowser(url); err != nil {
			fmt.Fprintf(stderr, "mousemaze serve: %v\n", err)
		}
	}
	ctx, stop := interruptContext()
	defer stop()
	if err := srv.Serve(ctx, ln); err != nil {
		return failer("serve", stderr)(exitFail, "%v", err)
	}
	fmt.Fprintln(stdout, "mousemaze serve: shut down")
	return exitOK
}
