package kernels

import (
	"os/exec"
	"strings"
	"testing"
)

// lowLayer lists the module's packages that the kernel layer (kernels,
// cpu, cuda) may reach: the maze model, the sweep's task model and the
// leaves it needs. The search engine (dispatch), the command layer
// (dispatch/evolve, dispatch/island), web, classic, draw and everything
// above them must stay out of reach (docs/architecture.md).
var lowLayer = map[string]bool{
	"":                     true, // the root package, mousemaze
	"/outfile":             true,
	"/internal/cpuprofile": true, // the sweep's --cpuprofile; the standard library only
	"/internal/parallel":   true, // loops on several goroutines; the standard library only
	"/dispatch/checkpoint": true,
	"/dispatch/progress":   true,
	"/dispatch/sweep":      true,
	"/kernels":             true,
	"/cpu":                 true,
	"/cuda":                true,
}

// TestKernelLayerImports runs go list -deps on the kernel layer, with and
// without the cuda build tag, and fails if it reaches a package of the
// module outside lowLayer.
func TestKernelLayerImports(t *testing.T) {
	const module = "github.com/mousemaze/mousemaze"
	for _, tags := range []string{"", "cuda", "noasm"} {
		out, err := exec.Command("go", "list", "-tags", tags, "-deps", module+"/kernels", module+"/cpu", module+"/cuda").CombinedOutput()
		if err != nil {
			t.Fatalf("go list -tags %q: %v\n%s", tags, err, out)
		}
		seen := 0
		for _, p := range strings.Fields(string(out)) {
			rest, ok := strings.CutPrefix(p, module)
			if !ok {
				continue
			}
			seen++
			if !lowLayer[rest] {
				t.Errorf("with tags %q the kernel layer reaches %s", tags, p)
			}
		}
		if seen < 4 {
			t.Errorf("with tags %q go list named only %d of the module's packages:\n%s", tags, seen, out)
		}
	}
}
