package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestFavicon wants the page to name an icon and the server to serve it
// (issue 37: the browser asked for /favicon.ico and got a 404).
func TestFavicon(t *testing.T) {
	s, err := New(Options{Backend: "auto", MaxJobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	get := func(path string) (*http.Response, string) {
		r, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r, string(b)
	}
	if _, page := get("/"); !strings.Contains(page, `<link rel="icon" href="favicon.svg"`) {
		t.Error("the page names no icon")
	}
	r, body := get("/favicon.svg")
	if r.StatusCode != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "image/svg+xml") || !strings.Contains(body, "<svg") {
		t.Errorf("/favicon.svg: %d %s", r.StatusCode, r.Header.Get("Content-Type"))
	}
}

// TestGalleryTitles wants each gallery maze's whole comment as its title
// (issue 37: a comment of two lines gave only its second).
func TestGalleryTitles(t *testing.T) {
	g, err := loadGallery()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g {
		if e.ID == "mm2-13x13-best-0" {
			if !strings.HasPrefix(e.Title, "The best 13x13 Mouse Maze 2 board found: 75780 turns (order DRLU, entry and exit in column 0), by") {
				t.Errorf("the Mouse Maze 2 board's title %q", e.Title)
			}
			return
		}
	}
	t.Error("no Mouse Maze 2 board in the gallery")
}
