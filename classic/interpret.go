package classic

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// The themes of the interpreted mazes (§6.4), as --theme takes them.
const (
	ThemeTrade  = "trade"  // trade up from a paperclip: cells are items held, doors offers
	ThemeBureau = "bureau" // get a permit: cells are officials, doors referrals
	ThemeQuiz   = "quiz"   // solve a problem: cells are problems, doors sub-problems
)

// Themes lists the themes.
var Themes = []string{ThemeTrade, ThemeBureau, ThemeQuiz}

// theme holds a theme's words.
type theme struct {
	intro    string   // the game's first line
	here     string   // the situation, %s the cell's name
	offer    string   // a real option: %s the target's name, %d its value
	dead     string   // a cast option: %s the cast member, %d the value shown
	nowhere  string   // the reply to a cast option: %s the cast member
	goal     string   // the goal's name
	won      string   // the end, %d the choices made
	adjs     []string // names of situations: adjective + noun
	nouns    []string
	cast     []string // the recurring cast of options that lead nowhere
	valueFor func(dist, far int) int
}

var themes = map[string]theme{
	ThemeTrade: {
		intro:   "Trade up: start with a paperclip and trade, one offer at a time, until you own the house on the hill.",
		here:    "You hold %s. Offers:",
		offer:   "trade it for %s (worth $%d)",
		dead:    "trade it with %s (worth $%d)",
		nowhere: "%s looks it over, shrugs and keeps it. Nothing changes hands.",
		goal:    "the house on the hill",
		won:     "You trade it for the house on the hill after %d trades!",
		adjs:    []string{"a red", "a chipped", "an old", "a signed", "a brass", "a wooden", "a silver", "a vintage", "a tiny", "a painted", "a rare", "a foreign"},
		nouns:   []string{"pen", "mug", "lamp", "clock", "radio", "bicycle", "guitar", "typewriter", "camera", "painting", "sofa", "telescope", "scooter", "piano", "canoe", "tractor"},
		cast:    []string{"the pawnbroker Smith", "old Mrs Jones at the market", "a stranger on the tram", "the man who buys everything"},
		valueFor: func(dist, far int) int {
			return 10 * (far - dist + 1)
		},
	},
	ThemeBureau: {
		intro:   "The permit: find the official who can sign it. Each official refers you on.",
		here:    "You are in the office of %s. You may contact:",
		offer:   "%s (rank %d)",
		dead:    "%s (rank %d)",
		nowhere: "%s is out of the office; a note asks you to try again later.",
		goal:    "the Permanent Secretary",
		won:     "The Permanent Secretary signs your permit after %d contacts!",
		adjs:    []string{"Clerk", "Registrar", "Inspector", "Officer", "Assessor", "Controller", "Auditor", "Commissioner", "Notary", "Examiner", "Director", "Warden"},
		nouns:   []string{"Adams", "Baker", "Clarke", "Davies", "Evans", "Fisher", "Grant", "Hughes", "Irwin", "Jenkins", "Khan", "Lewis", "Morgan", "Novak", "Owens", "Patel"},
		cast:    []string{"Assistant Deputy Under Secretary Smith", "Acting Sub-Registrar Brown", "Liaison Officer (Temporary) Green", "the Duty Clerk"},
		valueFor: func(dist, far int) int {
			return far - dist + 1
		},
	},
	ThemeQuiz: {
		intro:   "The problem: to solve it, solve an easier one first. Each problem suggests others.",
		here:    "You work on %s. It would follow from:",
		offer:   "%s (difficulty %d)",
		dead:    "%s (difficulty %d)",
		nowhere: "%s turns out to be a dead end: you are back where you were.",
		goal:    "the final answer",
		won:     "You reach the final answer after %d steps!",
		adjs:    []string{"the lemma on", "the conjecture on", "the puzzle of", "the bound for", "the question of", "the identity for", "the estimate of", "the count of", "the riddle of", "the theorem on", "the limit of", "the sum of"},
		nouns:   []string{"primes", "knots", "tilings", "graphs", "matrices", "circles", "partitions", "lattices", "polygons", "series", "groups", "games", "codes", "walks", "trees", "fields"},
		cast:    []string{"Smith's hypothesis", "the obvious special case", "a promising analogy", "the folklore result"},
		valueFor: func(dist, far int) int {
			return dist
		},
	},
}

// Option is one choice offered in a situation: a door (Open, leading to
// the cell beyond side Dir) or a member of the cast that leads nowhere.
type Option struct {
	Text  string `json:"text"`
	Value int    `json:"value"`
	Dir   Dir    `json:"-"`
	Open  bool   `json:"-"`
}

// Interpreted is a maze game that never looks like one (§6.4): each cell is
// a situation, each open door an option (an offer, a person, a problem), and
// the closed sides options from a small recurring cast that lead nowhere.
// The value shown with an option follows the breadth-first distance to the
// goal, so that a careful player can learn the gradient. Every choice
// costs 1, a choice that leads back to a situation already met costs 2
// more. Options appear in an order fixed per cell by the seed.
type Interpreted struct {
	Theme string
	// Pos is the present cell; Path the cells met, start first.
	Pos  int
	Path []int
	// Choices counts the choices made; Cost adds the backtracking costs.
	Choices, Cost int
	board         Board
	nav           *Nav
	dist          []int
	far           int
	seed          uint64
	visited       []bool
	th            theme
}

// Reachable returns an error saying why when the goal of nav cannot be
// reached from its start, nil otherwise.
func Reachable(nav *Nav) error {
	d := bfsFrom(nav, nav.Start)
	if d[nav.Goal] >= 0 {
		return nil
	}
	k := 0
	for _, x := range d {
		if x >= 0 {
			k++
		}
	}
	return fmt.Errorf("the goal %d,%d cannot be reached from the start %d,%d (the start reaches %d of %d cells)",
		nav.Goal/nav.Cols, nav.Goal%nav.Cols, nav.Start/nav.Cols, nav.Start%nav.Cols, k, nav.Cells())
}

// distancesTo returns every cell's distance to cell g along the moves of
// nav (one-way doors respected), −1 when g cannot be reached.
func distancesTo(nav *Nav, g int) []int {
	into := make([][]int, nav.Cells()) // into[j]: the cells with a move to j
	for i, next := range nav.Next {
		for _, j := range next {
			if j >= 0 {
				into[j] = append(into[j], i)
			}
		}
	}
	return mousemaze.Distances(nav.Cells(), g, func(j int) []int { return into[j] })
}

// NewInterpreted starts an interpreted game on b with the named theme. It
// refuses an unknown theme and a board whose goal cannot be reached.
func NewInterpreted(b Board, themeName string, seed uint64) (*Interpreted, error) {
	th, ok := themes[themeName]
	if !ok {
		return nil, fmt.Errorf("unknown theme %q (want one of %s)", themeName, strings.Join(Themes, ", "))
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	nav := b.Nav()
	if err := Reachable(nav); err != nil {
		return nil, err
	}
	g := &Interpreted{Theme: themeName, Pos: nav.Start, Path: []int{nav.Start}, board: b, nav: nav,
		dist: distancesTo(nav, nav.Goal), seed: seed, visited: make([]bool, nav.Cells()), th: th}
	for _, d := range g.dist {
		g.far = max(g.far, d)
	}
	g.visited[nav.Start] = true
	return g, nil
}

// Nav returns the game's compiled board.
func (g *Interpreted) Nav() *Nav { return g.nav }

// Done reports whether the goal is reached.
func (g *Interpreted) Done() bool { return g.Pos == g.nav.Goal }

// name returns the name of the situation in cell i.
func (g *Interpreted) name(i int) string {
	if i == g.nav.Goal {
		return g.th.goal
	}
	if i == g.nav.Start && g.Theme == ThemeTrade {
		return "a paperclip"
	}
	a, n := len(g.th.adjs), len(g.th.nouns)
	k := int((uint64(i)*0x9e3779b97f4a7c15 ^ g.seed) % uint64(a*n))
	s := g.th.adjs[k%a] + " " + g.th.nouns[k/a]
	if i >= a*n {
		s += " no. " + strconv.Itoa(i/(a*n)+1)
	}
	return s
}

// value returns the value shown for cell i.
func (g *Interpreted) value(i int) int {
	d := g.dist[i]
	if d < 0 {
		d = g.far + 1
	}
	return g.th.valueFor(d, g.far)
}

// Options returns the options of the present situation, one per side of
// the cell, in the cell's fixed order.
func (g *Interpreted) Options() []Option {
	p := g.Pos
	opts := make([]Option, 0, 4)
	cast := 0
	for d := North; d <= West; d++ {
		q := g.nav.Next[p][d]
		if q >= 0 {
			opts = append(opts, Option{Text: fmt.Sprintf(g.th.offer, g.name(q), g.value(q)), Value: g.value(q), Dir: d, Open: true})
			continue
		}
		who := g.th.cast[(p+cast+int(g.seed))%len(g.th.cast)]
		cast++
		opts = append(opts, Option{Text: fmt.Sprintf(g.th.dead, who, g.value(p)), Value: g.value(p), Dir: d})
	}
	rng := rand.New(rand.NewPCG(g.seed, uint64(p)))
	rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	return opts
}

// Situation describes the present situation and numbers its options.
func (g *Interpreted) Situation() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, g.th.here, g.name(g.Pos))
	sb.WriteByte('\n')
	for k, o := range g.Options() {
		fmt.Fprintf(&sb, "  %d. %s\n", k+1, o.Text)
	}
	return sb.String()
}

// Choose takes option k (counted from 1) and returns the reply; a number
// out of range is an error and costs nothing.
func (g *Interpreted) Choose(k int) (string, error) {
	opts := g.Options()
	if k < 1 || k > len(opts) {
		return "", fmt.Errorf("option %d: choose 1 to %d", k, len(opts))
	}
	o := opts[k-1]
	g.Choices++
	g.Cost++
	if !o.Open {
		who := g.th.cast[0]
		for _, c := range g.th.cast {
			if strings.Contains(o.Text, c) {
				who = c
			}
		}
		return fmt.Sprintf(g.th.nowhere, who), nil
	}
	g.Pos = g.nav.Next[g.Pos][o.Dir]
	g.Path = append(g.Path, g.Pos)
	if g.visited[g.Pos] {
		g.Cost += 2
	}
	g.visited[g.Pos] = true
	if g.Done() {
		return fmt.Sprintf(g.th.won, g.Choices), nil
	}
	return "", nil
}

// Intro returns the game's opening line.
func (g *Interpreted) Intro() string { return g.th.intro }

// Play plays the game with option numbers read line by line from in ("q"
// gives up), writing every situation and reply to out, until the goal is
// reached or in ends.
func (g *Interpreted) Play(in io.Reader, out io.Writer) {
	fmt.Fprintln(out, g.Intro())
	sc := bufio.NewScanner(mousemaze.SkipBOM(in))
	for !g.Done() {
		fmt.Fprint(out, g.Situation())
		if !sc.Scan() {
			break
		}
		line := strings.TrimSpace(sc.Text())
		if line == "q" || line == "quit" {
			break
		}
		k, err := strconv.Atoi(line)
		if err != nil {
			fmt.Fprintf(out, "type an option's number (or q)\n")
			continue
		}
		reply, err := g.Choose(k)
		if err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		if reply != "" {
			fmt.Fprintln(out, reply)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, movesError(err))
	}
	if !g.Done() {
		fmt.Fprintf(out, "You give up after %d choices.\n", g.Choices)
	}
}

// Auto lets walker play: at each situation it takes the option that leads
// where the walker steps. It stops at the goal or after limit choices
// (0 means 100 per cell) and reports whether the goal was reached.
func (g *Interpreted) Auto(walker Stepper, limit int) bool {
	if limit <= 0 {
		limit = 100 * g.nav.Cells()
	}
	for !g.Done() && g.Choices < limit {
		q := walker.Step(g.Pos)
		if q < 0 {
			return false
		}
		for k, o := range g.Options() {
			if o.Open && g.nav.Next[g.Pos][o.Dir] == q {
				g.Choose(k + 1)
				break
			}
		}
	}
	return g.Done()
}

// PlayAuto lets walker play (see Auto), writing the opening, the first
// situation and the outcome to out.
func (g *Interpreted) PlayAuto(walker Stepper, out io.Writer) {
	fmt.Fprintln(out, g.Intro())
	fmt.Fprint(out, g.Situation())
	if g.Auto(walker, 0) {
		fmt.Fprintf(out, "The %s walker reaches the goal after %d choices.\n", walker.Name(), g.Choices)
		return
	}
	fmt.Fprintf(out, "The %s walker gives up after %d choices.\n", walker.Name(), g.Choices)
}

// Reveal returns the underlying maze with the path taken: S the start, G
// the goal, * every other cell met, . the cells never met.
func (g *Interpreted) Reveal() string {
	lines := strings.Split(strings.TrimSuffix(g.board.EdgeMaze.Format(-1, -1), "\n"), "\n")
	grid := make([][]byte, len(lines))
	for i, l := range lines {
		grid[i] = []byte(l)
	}
	mark := func(i int, ch byte) {
		r, c := g.board.RC(i)
		grid[2*r+1][2*c+1] = ch
	}
	for _, i := range g.Path {
		mark(i, '*')
	}
	mark(g.nav.Start, 'S')
	mark(g.nav.Goal, 'G')
	var sb strings.Builder
	fmt.Fprintf(&sb, "The %s game was a %dx%d maze; your path met %d situations in %d choices (cost %d, shortest route %d):\n",
		g.Theme, g.nav.Rows, g.nav.Cols, len(g.Path), g.Choices, g.Cost, g.dist[g.nav.Start])
	for _, row := range grid {
		sb.Write(row)
		sb.WriteByte('\n')
	}
	return sb.String()
}
