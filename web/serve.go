package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Serve serves s's pages and API on ln until ctx ends or serving fails.
// On a loopback address it answers only requests whose Host is a
// loopback name (see Handler).
// When ctx ends it cancels the jobs first, so that their event streams
// send their last event and end, then gives the open requests up to five
// seconds to finish.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	// Idle keep-alive connections are closed after two minutes; a
	// request's body has Options.BodyTimeout (Handler). No timeout covers
	// a whole request: event streams last as long as their job.
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	if a, ok := ln.Addr().(*net.TCPAddr); ok && a.IP.IsLoopback() {
		s.loopbackOnly.Store(true)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// CheckAddr checks addr, the address `mousemaze serve --addr` listens
// on, before it listens: host:port, the port a number from 0 to 65535
// (or a service name). It reports whether the host names only this
// machine (IsLoopback); its errors name --addr.
func CheckAddr(addr string) (loopback bool, err error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false, fmt.Errorf("--addr %q: %v", addr, err)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return false, fmt.Errorf("--addr %q: port %q: want 0 to 65535 (%v)", addr, port, err)
	}
	return IsLoopback(host), nil
}

// ParseOrigins reads one value of serve --allow-origin: origins separated
// by commas, blanks trimmed, each checked by ParseOrigin and returned as
// written.
func ParseOrigins(v string) ([]string, error) {
	var origins []string
	for o := range strings.SplitSeq(v, ",") {
		o = strings.TrimSpace(o)
		if _, err := ParseOrigin(o); err != nil {
			return nil, err
		}
		origins = append(origins, o)
	}
	return origins, nil
}

// IsLoopback reports whether host names only this machine.
func IsLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// OpenBrowser asks the desktop to open url.
func OpenBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not open a browser (%v); open %s yourself", err, url)
	}
	go cmd.Wait()
	return nil
}
