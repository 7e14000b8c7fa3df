package viennese

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// A Game is a walk through a maze, one move at a time.
type Game struct {
	sys     *System
	colours []uint8
	state   int
	// Path lists the crossroads visited so far, the start first.
	Path []int
}

// NewGame starts a walk at the start of the maze with colours on sys's
// canvas.
func NewGame(sys *System, colours []uint8) *Game {
	return &Game{sys: sys, colours: colours, state: sys.Start, Path: []int{sys.Canvas.Start}}
}

// State returns the current state.
func (g *Game) State() State { return g.sys.Label(g.state) }

// Moves returns the number of moves made so far.
func (g *Game) Moves() int { return len(g.Path) - 1 }

// Won reports whether the goal has been reached.
func (g *Game) Won() bool { return g.state == g.sys.Goal }

// Legal returns the moves allowed now.
func (g *Game) Legal() []Move {
	if g.Won() {
		return nil
	}
	return g.sys.Moves(g.colours, g.state)
}

// Move moves to crossroad to, or along street number street when to < 0.
// It returns an error saying why when the move is not allowed.
func (g *Game) Move(to, street int) error {
	if g.Won() {
		return fmt.Errorf("the goal is already reached")
	}
	for _, m := range g.Legal() {
		if (to >= 0 && m.To == to) || (to < 0 && m.Street == street) {
			g.state = m.State
			g.Path = append(g.Path, m.To)
			return nil
		}
	}
	c := g.sys.Canvas
	here := g.State()
	i := street
	if to >= 0 {
		i = c.Street(here.Node, to)
		if i < 0 {
			return fmt.Errorf("no street joins %d and %d", here.Node, to)
		}
	} else if i < 0 || i >= len(c.Streets) || (c.Streets[i].U != here.Node && c.Streets[i].V != here.Node) {
		return fmt.Errorf("street %d does not start at crossroad %d", street, here.Node)
	}
	if g.sys.Variant == NHT && g.Moves() > 0 && (c.Streets[i].U == here.Prev || c.Streets[i].V == here.Prev) {
		return fmt.Errorf("no half-turns: you came in by street %d", i)
	}
	return fmt.Errorf("the light of street %d is red", i)
}

// Describe writes the state, the colour of every light at the current
// crossroad and the legal moves.
func (g *Game) Describe(w io.Writer) {
	c := g.sys.Canvas
	if g.Won() {
		fmt.Fprintf(w, "goal %d reached in %d moves: %s\n", c.Goal, g.Moves(), joinInts(g.Path, "-"))
		return
	}
	s := g.State()
	fmt.Fprintf(w, "move %d: at crossroad %d", g.Moves(), s.Node)
	if s.Prev >= 0 {
		fmt.Fprintf(w, " (came from %d)", s.Prev)
	}
	fmt.Fprintf(w, ", state %v\n", s)
	for i, st := range c.Streets {
		if st.U != s.Node && st.V != s.Node {
			continue
		}
		other := st.U + st.V - s.Node
		now := (int(g.colours[i]) + g.Moves()) % 3
		fmt.Fprintf(w, "  street %d to %d: %s\n", i, other, ColourName(uint8(now)))
	}
	legal := g.Legal()
	if len(legal) == 0 {
		fmt.Fprintln(w, "no legal move: stuck (q quits)")
		return
	}
	var opts []string
	for _, m := range legal {
		opts = append(opts, strconv.Itoa(m.To))
	}
	fmt.Fprintf(w, "legal moves: %s (a crossroad, s<street>, or q)\n", strings.Join(opts, " "))
}

// Play runs a game on the lines of in: each line is a crossroad number,
// "s" and a street number, or "q" to quit. It describes the state on out
// after every move and explains illegal moves. It returns whether the goal
// was reached; it stops at the goal, at "q" or at the end of in.
func Play(g *Game, in io.Reader, out io.Writer) (bool, error) {
	sc := bufio.NewScanner(mousemaze.SkipBOM(in))
	g.Describe(out)
	for !g.Won() && sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if line == "q" || line == "quit" {
			break
		}
		to, street := -1, -1
		var err error
		if rest, ok := strings.CutPrefix(line, "s"); ok {
			street, err = strconv.Atoi(strings.TrimSpace(rest))
		} else {
			to, err = strconv.Atoi(line)
		}
		if err != nil {
			fmt.Fprintf(out, "%q: type a crossroad number, s<street number>, or q\n", line)
			continue
		}
		if err := g.Move(to, street); err != nil {
			fmt.Fprintf(out, "illegal move: %v\n", err)
			continue
		}
		g.Describe(out)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("%w: a typed line is longer than %d bytes", mousemaze.ErrLineTooLong, bufio.MaxScanTokenSize)
		}
		return g.Won(), err
	}
	if !g.Won() {
		fmt.Fprintf(out, "stopped after %d moves, before the goal\n", g.Moves())
	}
	return g.Won(), nil
}

func joinInts(a []int, sep string) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

// JoinPath formats a list of crossroads as "0-2-6-12".
func JoinPath(a []int) string { return joinInts(a, "-") }

// PlayFile plays the maze file name ("-" reads stdin) under variant, nil
// meaning the file's variant line, else HT (File.VariantOr): it states the
// task on out, then runs the game on the moves of in (Play).
func PlayFile(name string, stdin io.Reader, variant *Variant, in io.Reader, out io.Writer) error {
	f, err := OpenMaze(name, stdin)
	if err != nil {
		return err
	}
	v := f.VariantOr(variant)
	sys, err := NewSystem(f.Maze.Canvas, v)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Viennese maze (%s): go from crossroad %d to %d. A light of colour c is red after d moves when (c+d) mod 3 = 2.\n",
		v, f.Maze.Canvas.Start, f.Maze.Canvas.Goal)
	_, err = Play(NewGame(sys, f.Maze.Colours), in, out)
	return err
}
