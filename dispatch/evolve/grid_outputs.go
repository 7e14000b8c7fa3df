package evolve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/draw"
	"github.com/mousemaze/mousemaze/outfile"
)

// GridEvents returns the hooks of search s that print the JSON lines of
// `evolve --json` to w (nil: print nothing): an "improved" line for each
// new best and a "generation" line at every percent of the budget. generation,
// when not nil, runs after every generation first (an island's
// migration); its error stops the search.
func GridEvents(s *dispatch.Search, w io.Writer, generation func(*dispatch.Search) error) dispatch.Hooks {
	emit := func(e Event) { WriteEvent(w, e) }
	budget := s.Spec().Evals
	next := (s.Evals()*100/budget + 1) * budget / 100
	return dispatch.Hooks{
		Improved: func(s *dispatch.Search) { emit(NewEvent("improved", s)) },
		Generation: func(s *dispatch.Search) error {
			if generation != nil {
				if err := generation(s); err != nil {
					return err
				}
			}
			if s.Evals() >= next {
				emit(NewEvent("generation", s))
				next = (s.Evals()*100/budget + 1) * budget / 100
			}
			return nil
		},
	}
}

// WriteEvent writes e as one JSON line of `evolve --json` to w; a nil w
// writes nothing.
func WriteEvent(w io.Writer, e Event) {
	if w != nil {
		json.NewEncoder(w).Encode(e)
	}
}

// SaveGridBest writes the best maze of s in the text format to the file
// outPath and drawn with its visit counts to pngPath ("" for neither),
// each atomically, and returns the files it wrote. It prints nothing: the
// command prints the result itself, before (evolve's final event), so
// that a file that cannot be written loses nothing and standard output
// holds the result once. The errors name their flag (--out, --png) and
// the path.
func SaveGridBest(s *dispatch.Search, outPath, pngPath string) (written []string, err error) {
	m, cfg := dispatch.BestMaze(s)
	var text bytes.Buffer
	if err := mousemaze.Write(&text, m); err != nil {
		return nil, err
	}
	outErr := outfile.WriteFlag("out", outPath, text.Bytes())
	if outPath != "" && outErr == nil {
		written = append(written, outPath)
	}
	var pngErr error
	if pngPath != "" {
		if pngErr = draw.WriteFile(pngPath, m, cfg, nil); pngErr != nil {
			pngErr = fmt.Errorf("--png: %w", pngErr)
		} else {
			written = append(written, pngPath)
		}
	}
	return written, errors.Join(outErr, pngErr)
}

// SaveEdgeBest writes the best board of an edge-board search, its final
// event ev, to outPath ("" for none) in its file format, atomically, and
// returns the files it wrote. Like SaveGridBest it prints nothing: the
// command prints ev first. The error names --out and the path.
func SaveEdgeBest(ev EdgeFinal, outPath string) (written []string, err error) {
	if err := outfile.WriteFlag("out", outPath, []byte(ev.BoardText())); err != nil {
		return nil, err
	}
	if outPath != "" {
		written = append(written, outPath)
	}
	return written, nil
}
