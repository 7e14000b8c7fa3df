package bench

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/klauspost/cpuid/v2"
)

// ratioText formats a ratio, or "-" when it was not measured.
func ratioText(r float64) string {
	if r <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", r)
}

// CPUFeatures lists the processor features the kernels care about.
func CPUFeatures() []string {
	var out []string
	for _, f := range []cpuid.FeatureID{cpuid.AVX2, cpuid.BMI2, cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL} {
		if cpuid.CPU.Supports(f) {
			out = append(out, strings.ToLower(f.String()))
		}
	}
	return out
}

// WriteTable prints measurements as a table, with their ratios to the
// reference backend and to one CPU core; the second names its reference,
// the fastest one-worker cpu kernel on the same population, and a note
// under the table says what both ratios compare.
func WriteTable(w io.Writer, ms []Measurement) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "size\tmaze\tbackend\tkernel\tworkers\tmazes\tsteps\tseconds\tMsteps/s\tmazes/s\tvs ref\tvs 1 cpu core\t")
	for _, m := range ms {
		core := ratioText(m.VsCPUCore)
		if m.CPUCoreKernel != "" {
			core += " (" + m.CPUCoreKernel + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%.3f\t%.2f\t%.0f\t%s\t%s\t\n",
			m.Size, m.Maze, m.Backend, m.Kernel, m.Workers, m.Mazes, m.Steps, m.Seconds, m.StepsPerSec/1e6, m.MazesPerSec,
			ratioText(m.VsRef), core)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nvs ref: steps/s over the reference walk's (backend ref, 1 worker) on the same population.")
	fmt.Fprintln(w, "vs 1 cpu core: steps/s over the fastest one-worker cpu kernel's (named in brackets) on the same population.")
}
