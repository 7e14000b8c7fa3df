#!/usr/bin/env bash
# test.sh (make test-cuda-mock): the cuda backend's tests without a GPU.
# It finds or fetches NVIDIA's cuda.h (cudaheader.sh), builds the mock
# driver under AddressSanitizer (build.sh), builds the cuda-tagged test
# binary and gpubench against that header, with gorgonia.org/cu linked
# against the mock (CGO_LDFLAGS come before cu's own -L flags, and the
# rpath puts the mock before any installed libcuda), checks with ldd that
# the mock is what they load, runs the tests (walk8, walk16 and walk32 in shared
# memory and in global scratch, walk8's escalation, a resident population,
# the sweep kernel against whole CPU sweeps and its escalation, the
# breeding kernel against GridProblem.Breed,
# Close, injected driver failures, a failing cuInit), then
# scripts/gpu-run.sh end to end (gpu-run-mock-test.sh).
# Skips, exit 0, saying why, when cuda.h or a C++ compiler cannot be had.
set -euo pipefail
cd "$(dirname "$0")/../.."
t0=$(date +%s)
BIN="${BIN:-bin}"
mkdir -p "$BIN"
BIN="$(cd "$BIN" && pwd)"
CXX="${CXX:-g++}"
if ! command -v "$CXX" > /dev/null; then
  echo "test-cuda-mock skipped: no C++ compiler ($CXX) to build the mock driver"
  exit 0
fi
if ! inc="$(scripts/mockcuda/cudaheader.sh "$BIN/cuda-header")"; then
  echo "test-cuda-mock skipped: NVIDIA's cuda.h could not be had (see above)"
  exit 0
fi
echo "test-cuda-mock: cuda.h from $inc"
mock="$BIN/mockcuda"
scripts/mockcuda/build.sh "$inc" "$mock"
export CGO_ENABLED=1 CGO_CFLAGS="-I$inc" CGO_LDFLAGS="-L$mock -Wl,-rpath,$mock"
go vet -tags cuda ./cuda/ ./scripts/...
work="$BIN/cuda-mock"
rm -rf "$work"
mkdir -p "$work"
go test -c -asan -tags cuda -o "$work/cuda.test" ./cuda
go build -asan -tags cuda -o "$work/gpubench" ./scripts/gpubench
go build -asan -tags cuda -o "$work/mousemaze" ./cmd/mousemaze
for b in "$work/cuda.test" "$work/gpubench" "$work/mousemaze"; do
  # grep reads all of ldd's output (no -q): with pipefail, an early exit
  # would fail ldd with SIGPIPE now and then.
  if ! ldd "$b" | grep "libcuda.so.1 => $mock/libcuda.so.1" > /dev/null; then
    echo "test-cuda-mock: $b does not load the mock driver:" >&2
    ldd "$b" >&2
    exit 1
  fi
done
(cd cuda && "$work/cuda.test" -test.short -test.count=1 -test.v) > "$work/tests.log" 2>&1 || {
  tail -50 "$work/tests.log" >&2
  echo "test-cuda-mock: the cuda tests failed against the mock driver; log in $work/tests.log" >&2
  exit 1
}
grep -E '^(--- |ok|PASS|FAIL)' "$work/tests.log" | grep -v '^    ' || true
for v in walk8/shared walk16/shared walk32/shared walk8/scratch walk16/scratch walk32/scratch; do
  line=$(grep "^variant $v: [0-9]* mazes checked" "$work/tests.log") || {
    echo "test-cuda-mock: variant $v did not run" >&2
    exit 1
  }
  echo "test-cuda-mock: $line"
done
line=$(grep "^walk8 escalation: [0-9]* mazes checked, [1-9][0-9]* overflowed" "$work/tests.log") || {
  echo "test-cuda-mock: walk8's escalation to walk16 was not checked" >&2
  exit 1
}
echo "test-cuda-mock: $line"
line=$(grep "^sweep: [1-9][0-9]* reports equal to the CPU sweep's" "$work/tests.log") || {
  echo "test-cuda-mock: the sweep kernel was not checked against the CPU sweep" >&2
  exit 1
}
echo "test-cuda-mock: $line"
line=$(grep -m1 "^sweep escalation: [1-9][0-9]* nodes of [0-9]* tasks left to the CPU" "$work/tests.log") || {
  echo "test-cuda-mock: the sweep kernel's escalation to the CPU was not checked" >&2
  exit 1
}
echo "test-cuda-mock: $line"
line=$(grep "^breed: [1-9][0-9]* children equal to Breed's" "$work/tests.log") || {
  echo "test-cuda-mock: the breeding kernel was not checked against GridProblem.Breed" >&2
  exit 1
}
echo "test-cuda-mock: $line"
line=$(grep "^resident: [1-9][0-9]* result words checked" "$work/tests.log") || {
  echo "test-cuda-mock: the resident population was not checked" >&2
  exit 1
}
echo "test-cuda-mock: $line"
scripts/gpu-run-mock-test.sh "$work"
echo "test-cuda-mock: passed under AddressSanitizer in $(($(date +%s) - t0))s"
