package analyze

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/mousemaze/mousemaze"
)

// long enables the exhaustive 5×5 and million-maze surveys:
//
//	go test ./analyze -run TestLong -v -analyze.long -timeout 30m
var long = flag.Bool("analyze.long", false, "run the exhaustive 5x5 and 1,000,000-maze surveys")

func printSurvey(t *testing.T, title string, s *Survey) {
	fmt.Printf("\n== %s\nmazes %d, loop-less feasible %d, tree evaluator mismatches %d\n", title, s.Mazes, s.Loopless, s.TreeMismatch)
	fmt.Printf("single 2x2 loop on the main path: %d mazes, Theorem 1 failed on %d, most reversals before continuing %d\n",
		s.SingleLoop, s.Theorem1Failed, s.MaxReversals)
	if s.Theorem1Example != "" {
		fmt.Printf("smallest Theorem 1 counterexample:\n%s", s.Theorem1Example)
	}
	s.Table.Write(os.Stdout)
	if s.TreeMismatch != 0 {
		t.Errorf("%s: tree evaluator differed from the walk on %d mazes", title, s.TreeMismatch)
	}
}

// TestLongSurveys prints the case table over every maze up to 5×5 and over
// 1,000,000 random loop-less mazes up to 16×16 (and as many single-loop
// mazes made from them).
func TestLongSurveys(t *testing.T) {
	if !*long {
		t.Skip("needs -analyze.long")
	}
	start := time.Now()
	s, err := SurveyAll(5, 5, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	printSurvey(t, "every maze up to 5x5, DRLU, entry 0, exit 0", s)
	fmt.Printf("(%.1fs)\n", time.Since(start).Seconds())
	start = time.Now()
	r, err := SurveyRandom(1_000_000, 16, 1)
	if err != nil {
		t.Fatal(err)
	}
	printSurvey(t, "1,000,000 random loop-less mazes 2x2..16x16 (seed 1) and their single-loop variants", r)
	fmt.Printf("(%.1fs)\n", time.Since(start).Seconds())
}

// TestLongBounds prints, per grid size, the largest turns / Theorem 8
// ratio over random mazes, and the ratios of the thesis's record mazes.
func TestLongBounds(t *testing.T) {
	if !*long {
		t.Skip("needs -analyze.long")
	}
	fmt.Println("\n== Theorem 8: largest ratios over 2000 random feasible mazes per size (density 0.2-0.5, seed 5)")
	fmt.Println("size   max turns/guard  max log10(visits/paper bound)  Lemma 6 violations  departures")
	for n := 3; n <= 16; n++ {
		rng := rand.New(rand.NewPCG(5, uint64(n)))
		var best, bestPaper float64 = 0, -1e300
		var viol, deps int64
		for i := 0; i < 2000; i++ {
			m := mousemaze.RandomFeasible(rng, n, n, 0.2+0.3*rng.Float64(), mousemaze.Config{})
			bc, err := CheckBounds(m, mousemaze.Config{}, true)
			if err != nil {
				t.Fatal(err)
			}
			if bc.Lemma6 != "" {
				viol++
				t.Errorf("Lemma 6: %s", bc.Lemma6)
			}
			deps += bc.Departures
			best = max(best, bc.GuardRatio)
			bestPaper = max(bestPaper, bc.Log10PaperRatio)
		}
		fmt.Printf("%-6s %-16.3g %-30.2f %-19d %d\n", fmt.Sprintf("%dx%d", n, n), best, bestPaper, viol, deps)
	}
	mazes, err := mousemaze.ParseFile("../testdata/thesis-mazes.txt")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("\nthesis record mazes: size turns guard turns/guard log10(visits/paper bound)")
	for _, m := range mazes {
		bc, err := CheckBounds(m, mousemaze.Config{}, true)
		if err != nil {
			t.Fatal(err)
		}
		if bc.Lemma6 != "" {
			t.Errorf("Lemma 6: %s", bc.Lemma6)
		}
		fmt.Printf("%s %d %s %.3g %.2f\n", m.Size(), bc.Turns, bc.GuardText(), bc.GuardRatio, bc.Log10PaperRatio)
	}
}
