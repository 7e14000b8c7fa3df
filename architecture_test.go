package mousemaze_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureDoc checks docs/architecture.md against go list: every
// package of the module is named in it, and every package its diagram
// heads a line with (a path followed by "─") exists.
func TestArchitectureDoc(t *testing.T) {
	const module = "github.com/mousemaze/mousemaze"
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	have := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		if rel == "" {
			continue // the root package, "root package mousemaze" in the doc
		}
		have[rel] = true
		named := regexp.MustCompile(`(^|[\s(,` + "`" + `])` + regexp.QuoteMeta(rel) + `($|[\s,):` + "`" + `─])`)
		if !named.Match(doc) {
			t.Errorf("docs/architecture.md does not name package %s", rel)
		}
	}
	if len(have) < 10 {
		t.Fatalf("go list found only %d packages:\n%s", len(have), out)
	}
	head := regexp.MustCompile(`(?m)^([a-z][a-z0-9/]*)\s+─`)
	for _, m := range head.FindAllSubmatch(doc, -1) {
		if p := string(m[1]); !have[p] {
			t.Errorf("docs/architecture.md draws package %s, which go list does not know", p)
		}
	}
}
