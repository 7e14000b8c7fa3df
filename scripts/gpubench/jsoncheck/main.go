// Command jsoncheck exits 0 when each file named is one valid JSON value,
// and 1, naming the file, when one is not; scripts/gpu-run-mock-test.sh
// checks gpu-run.sh's output with it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: jsoncheck FILE...")
		os.Exit(2)
	}
	for _, f := range os.Args[1:] {
		b, err := os.ReadFile(f)
		if err == nil && !json.Valid(b) {
			err = fmt.Errorf("not valid JSON")
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "jsoncheck: %s: %v\n", f, err)
			os.Exit(1)
		}
	}
}
