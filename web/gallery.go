package web

import (
	"bytes"
	"embed"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// The gallery's files are copies of the repository's testdata files;
// TestGalleryCopiesCurrent checks that they match.
//
//go:embed gallery/*.txt
var galleryFiles embed.FS

// gallerySource is one embedded file of record mazes.
type gallerySource struct {
	file  string // the name under gallery/
	repo  string // the repository file it copies
	edges bool
}

var gallerySources = []gallerySource{
	{file: "thesis-mazes.txt", repo: "testdata/thesis-mazes.txt"},
	{file: "records.txt", repo: "testdata/records.txt"},
	{file: "mm2-13x13-best.txt", repo: "testdata/mm2-13x13-best.txt", edges: true},
	{file: "kmod-traps.txt", repo: "testdata/kmod-traps.txt"},
}

// GalleryEntry is one record maze of the gallery, walked when the server
// starts.
type GalleryEntry struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Source string `json:"source"`
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	Edges  bool   `json:"edges"`
	K      int    `json:"k,omitempty"`
	Maze   string `json:"maze"`
	// Turns, Escaped and Trapped are the walk's, under the default rules
	// (order DRLU, entry and exit in column 0) and K.
	Turns   int64 `json:"turns"`
	Escaped bool  `json:"escaped"`
	Trapped bool  `json:"trapped,omitempty"`
}

var kComment = regexp.MustCompile(`\bk=(\d+)`)

// loadGallery parses and walks every embedded record maze.
func loadGallery() ([]GalleryEntry, error) {
	var out []GalleryEntry
	for _, src := range gallerySources {
		data, err := galleryFiles.ReadFile("gallery/" + src.file)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(data), "\n")
		// title returns the comment right above line n (1-based): its
		// lines joined, so that a comment of two lines is read whole
		// (issue 37: the tooltip showed only the second line).
		title := func(n int) string {
			var block []string
			for i := n - 2; i >= 0; i-- {
				t := strings.TrimSpace(lines[i])
				if !strings.HasPrefix(t, ";") {
					break
				}
				block = append([]string{strings.TrimSpace(strings.TrimPrefix(t, ";"))}, block...)
			}
			return strings.Join(block, " ")
		}
		add := func(i, line int, m galleryMaze, walk func(cfg mousemaze.Config) (mousemaze.Result, error)) error {
			rows, cols, text := m.Size().Rows, m.Size().Cols, m.String()
			e := GalleryEntry{ID: fmt.Sprintf("%s-%d", strings.TrimSuffix(src.file, ".txt"), i), Title: title(line),
				Source: src.repo, Rows: rows, Cols: cols, Edges: src.edges, Maze: text}
			if e.Title == "" {
				e.Title = fmt.Sprintf("%dx%d", rows, cols)
			}
			if m := kComment.FindStringSubmatch(e.Title); m != nil {
				e.K, _ = strconv.Atoi(m[1])
			}
			res, err := walk(mousemaze.Config{K: e.K, Cap: 1_000_000_000})
			if err != nil {
				return fmt.Errorf("gallery %s: %w", src.file, err)
			}
			e.Turns, e.Escaped, e.Trapped = res.Turns, res.Escaped, res.Trapped
			out = append(out, e)
			return nil
		}
		if src.edges {
			err = addParsed(data, src.repo, mousemaze.ParseEdges, mousemaze.WalkEdges, add)
		} else {
			err = addParsed(data, src.repo, mousemaze.ParseLines, mousemaze.Walk, add)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// galleryMaze is a grid maze or an edge board.
type galleryMaze interface {
	Size() mousemaze.Size
	String() string
}

// addParsed parses the mazes of data (the file name) with parse and calls
// add for each: its index, the line it starts on, the maze, and its walk.
func addParsed[M galleryMaze](data []byte, name string, parse func(io.Reader, string) ([]M, []int, error),
	walk func(M, mousemaze.Config) (mousemaze.Result, error), add func(i, line int, m galleryMaze, walk func(mousemaze.Config) (mousemaze.Result, error)) error) error {
	ms, starts, err := parse(bytes.NewReader(data), name)
	if err != nil {
		return err
	}
	for i, m := range ms {
		if err := add(i, starts[i], m, func(cfg mousemaze.Config) (mousemaze.Result, error) { return walk(m, cfg) }); err != nil {
			return err
		}
	}
	return nil
}

func (s *Server) handleGallery(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.gallery)
}

// parseRequest is the body of POST /api/parse.
type parseRequest struct {
	// Text is the file's content.
	Text string `json:"text"`
	// Edges reads the edge format; when unset, a text whose first maze
	// line starts with '+' is read as edges.
	Edges *bool `json:"edges"`
}

// parsedMaze is one maze of a parse answer: Walls for a grid maze, Right
// and Down (see board.edgeRows) for an edge board.
type parsedMaze struct {
	Rows  int      `json:"rows"`
	Cols  int      `json:"cols"`
	Edges bool     `json:"edges"`
	Line  int      `json:"line"`
	Walls []string `json:"walls,omitempty"`
	Right []string `json:"right,omitempty"`
	Down  []string `json:"down,omitempty"`
}

func (s *Server) handleParse(w http.ResponseWriter, r *http.Request) {
	var req parseRequest
	if err := decode(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	edges := looksLikeEdges(req.Text)
	if req.Edges != nil {
		edges = *req.Edges
	}
	var out []parsedMaze
	if edges {
		ms, lines, err := mousemaze.ParseEdges(strings.NewReader(req.Text), mazeName)
		if err != nil {
			s.fail(w, r, badRequest("%v", err))
			return
		}
		for i, m := range ms {
			b := board{edges: true, edge: m, rows: m.Rows, cols: m.Cols}
			right, down := b.edgeRows()
			out = append(out, parsedMaze{Rows: m.Rows, Cols: m.Cols, Edges: true, Line: lines[i], Right: right, Down: down})
		}
	} else {
		ms, lines, err := mousemaze.ParseLines(strings.NewReader(req.Text), mazeName)
		if err != nil {
			s.fail(w, r, badRequest("%v", err))
			return
		}
		for i, m := range ms {
			b := board{grid: m, rows: m.Rows, cols: m.Cols}
			out = append(out, parsedMaze{Rows: m.Rows, Cols: m.Cols, Line: lines[i], Walls: b.wallRows()})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"mazes": out})
}

// looksLikeEdges reports whether the first line that is neither blank nor
// a comment starts with '+', as every edge board does.
func looksLikeEdges(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, ";") {
			continue
		}
		return strings.HasPrefix(t, "+")
	}
	return false
}
