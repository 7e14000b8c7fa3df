# mousemaze build and test targets. The default build is pure Go (no cgo,
# no CUDA); `make cuda` builds the GPU binary with the cuda build tag.

GO      ?= go
BIN     ?= bin
PKGS    := ./...
FUZZTIME ?= 200000x

.PHONY: all build test lint race fuzz soak bench bench-cmd bench-sweep sweep-long sweep-best-long theory run cuda ptx vet-cuda clean

all: build

build:
	$(GO) build $(PKGS)
	$(GO) build -o $(BIN)/mousemaze ./cmd/mousemaze

# test: formatting, vet, the tests, and the tests again without assembly.
test: lint
	$(GO) test -count=1 $(PKGS)
	$(GO) test -count=1 -tags noasm $(PKGS)

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed on:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) vet -tags noasm $(PKGS)

race:
	$(GO) test -race -count=1 $(PKGS)

fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) .
	$(GO) test -run='^$$' -fuzz='^FuzzParseEdges$$' -fuzztime=$(FUZZTIME) .
	$(GO) test -run='^$$' -fuzz='^FuzzParseGraph$$' -fuzztime=$(FUZZTIME) .
	$(GO) test -run='^$$' -fuzz='^FuzzKernels$$' -fuzztime=$(FUZZTIME) ./cpu/
	$(GO) test -run='^$$' -fuzz='^FuzzKernels$$' -fuzztime=$(FUZZTIME) -tags noasm ./cpu/

# soak: every CPU kernel against the reference walk on a million random mazes.
soak:
	$(GO) test -count=1 -run TestKernelsSoak ./cpu/ -soak=1000000

# sweep-long: the 5x5 sweep against a brute force over all 2^25 mazes.
sweep-long:
	$(GO) test -count=1 -run BruteForceLong ./dispatch/sweep/ -args -sweep.long

# sweep-best-long: best-only sweeps equal the full sweep on every size up to
# 6x6, default and free ends (docs/sweep.md).
sweep-best-long:
	$(GO) test -count=1 -run BestOnlyEqualsFull -timeout 30m ./dispatch/sweep/ -args -sweep.long

# theory: the thesis's formulas and loop claims over every maze up to 5x5
# and a million random trees (about 3 minutes on 2 cores).
theory:
	$(GO) test -count=1 -run TestLong -v ./analyze/ -analyze.long -timeout 30m

bench:
	$(GO) test -run='^$$' -bench=. -count=10 $(PKGS) > bench.txt
	@echo "wrote bench.txt"

# bench-cmd: backends and kernels side by side, as `mousemaze bench` prints them.
bench-cmd:
	$(GO) build -o $(BIN)/mousemaze ./cmd/mousemaze
	$(BIN)/mousemaze bench

# bench-sweep: the sweep engines in go test -bench (leaves/s, steps/s),
# then `mousemaze bench --sweep` (6x6, 6x6 free ends, one 7x7 shard).
bench-sweep:
	$(GO) test -run='^$$' -bench=BenchmarkSweep -count=10 ./dispatch/sweep/
	$(GO) build -o $(BIN)/mousemaze ./cmd/mousemaze
	$(BIN)/mousemaze bench --sweep

# run: the main job, a default search on the best backend present.
run: build
	$(BIN)/mousemaze evolve

# ptx: regenerate the committed PTX from the CUDA source (needs nvcc; the
# Go build never does). TestPTXFresh checks the two agree.
NVCC     ?= nvcc
PTXARCH  ?= compute_80

ptx:
	$(NVCC) -ptx -arch=$(PTXARCH) -o kernels/walk.ptx kernels/walk.cu
	$(NVCC) -ptx -arch=$(PTXARCH) -o kernels/sweep.ptx kernels/sweep.cu

# cuda: the GPU binary (cgo, the cuda tag; needs the CUDA headers and
# libcuda to link, and an NVIDIA driver to run). See docs/gpu.md.
cuda:
	CGO_ENABLED=1 $(GO) build -tags cuda -o $(BIN)/mousemaze-cuda ./cmd/mousemaze

# vet-cuda: vet the tagged build; only where the CUDA headers exist, so it
# is not part of test.
vet-cuda:
	CGO_ENABLED=1 $(GO) vet -tags cuda $(PKGS)

clean:
	rm -rf $(BIN) bench.txt

# game-long: the MAZE game's long checks (every board up to 4x4, 3x5, 2x6
# against the exact engine, every switch of 64ths in [-4, 4] built and swept).
game-long:
	$(GO) test -count=1 -v ./game/ -args -game.long

# bench-viennese: the Viennese-maze score benchmark (24-street canvas, one
# core; mazes/s per wall-clock second and mazes/cpu-s per CPU second).
.PHONY: bench-viennese
bench-viennese:
	$(GO) test ./viennese -run '^$$' -bench Score -benchmem -count 3

# test-slurm: a one-node Slurm cluster on this machine (installs Debian's
# slurm-wlm and munge if missing; needs root) runs a 5x5 sweep as a 16-task
# job array and a 6x6 island search as a 4-task array, and checks them
# against one process. See deploy/slurm/test.sh.
.PHONY: test-slurm
test-slurm:
	$(GO) build -o $(BIN)/mousemaze ./cmd/mousemaze
	timeout 900 deploy/slurm/test.sh

# Classic mazes: fuzz the board parser; rerun the walker-trap searches whose
# records are in classic/testdata (about 10 minutes on two cores).
.PHONY: fuzz-classic classic-traps
fuzz-classic:
	$(GO) test -run='^$$' -fuzz='^FuzzParseBoards$$' -fuzztime=$(FUZZTIME) ./classic/

classic-traps: build
	for size in 8x8 13x13; do for w in left right switch-left switch-right lru tremaux; do \
		$(BIN)/mousemaze evolve --walker $$w --size $$size --evals 200000 --seed 1 --out classic/testdata/trap-$$w-$$size.txt; \
	done; done
# test-browser: the web page's end-to-end test alone (headless Chromium from
# Debian's chromium package), keeping its screenshots in $(SHOTS);
# docs/browser.png is one of them. `make test` runs this test too.
.PHONY: test-browser serve
SHOTS ?= screenshots
test-browser:
	MOUSEMAZE_SCREENSHOTS=$(abspath $(SHOTS)) $(GO) test -count=1 -run TestBrowser -v ./web/

# serve: the web front end on http://127.0.0.1:8080/.
serve: build
	$(BIN)/mousemaze serve
# theory-closed: the closed-form tree evaluator against the walk on every
# 5x5 maze (three rules) and 1,000,000 random loop-less mazes up to 16x16.
theory-closed:
	$(GO) test -count=1 -run TestClosedLong -v ./analyze/ -analyze.closed -timeout 60m

# test-cuda-mock: the cuda backend's tests without a GPU (scripts/mockcuda/
# test.sh): a mock libcuda.so.1, built against NVIDIA's cuda.h (found, or
# extracted from Debian's nvidia-cuda-dev into $(BIN)/cuda-header), runs
# kernels/walk.cu on the CPU; the cuda-tagged tests (walk16, walk32, global
# scratch, Close, failure paths) and scripts/gpu-run.sh run against it,
# under AddressSanitizer. Skips, saying why, without cuda.h or g++.
.PHONY: test-cuda-mock gpu-bin
test-cuda-mock:
	BIN=$(BIN) scripts/mockcuda/test.sh

# gpu-bin: what scripts/gpu-run.sh runs on the device (docs/gpu.md):
# $(BIN)/gpubench, $(BIN)/cuda.test and $(BIN)/mousemaze (cuda tag, linked against a plain
# build of the mock, whose soname is the driver's libcuda.so.1 and which
# is not kept: the device's driver is the one loaded there), and two 13x13
# populations in $(BIN)/pops (sized so that the three binaries and the
# populations fit in the 64 MiB a device call carries).
GPUPOPS ?= 131072
gpu-bin:
	inc=$$(scripts/mockcuda/cudaheader.sh $(BIN)/cuda-header) && \
	scripts/mockcuda/build.sh $$inc $(BIN)/mockcuda-link plain && \
	CGO_ENABLED=1 CGO_CFLAGS="-I$$inc" CGO_LDFLAGS="-L$(abspath $(BIN)/mockcuda-link)" \
		$(GO) build -tags cuda -ldflags=-s -o $(BIN)/gpubench ./scripts/gpubench && \
	CGO_ENABLED=1 CGO_CFLAGS="-I$$inc" CGO_LDFLAGS="-L$(abspath $(BIN)/mockcuda-link)" \
		$(GO) test -c -tags cuda -o $(BIN)/cuda.test ./cuda && \
	CGO_ENABLED=1 CGO_CFLAGS="-I$$inc" CGO_LDFLAGS="-L$(abspath $(BIN)/mockcuda-link)" \
		$(GO) build -tags cuda -ldflags=-s -o $(BIN)/mousemaze ./cmd/mousemaze
	mkdir -p $(BIN)/pops
	# makepop draws on the host alone; the mock stands in for libcuda.so.1 here.
	LD_LIBRARY_PATH=$(abspath $(BIN)/mockcuda-link) $(BIN)/gpubench makepop --size 13x13 --n $(GPUPOPS) --kind long --out $(BIN)/pops/pop-13x13-long.bin
	LD_LIBRARY_PATH=$(abspath $(BIN)/mockcuda-link) $(BIN)/gpubench makepop --size 13x13 --n $$(( $(GPUPOPS) / 2 )) --kind random --out $(BIN)/pops/pop-13x13-random.bin
	rm -rf $(BIN)/mockcuda-link
	du -sh $(BIN)/gpubench $(BIN)/cuda.test $(BIN)/mousemaze $(BIN)/pops
