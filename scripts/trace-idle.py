#!/usr/bin/env python3
"""trace-idle.py TRACE: how busy the processors were in an execution trace.

Reads the trace of `mousemaze evolve --trace TRACE` through
`go tool trace -d=parsed TRACE` and prints:

- the share of the run with 0, 1, 2, ... goroutines running;
- for the time one goroutine ran alone, which kind it was (the first
  project frame of the stack that created it; "main" for the search loop);
- the share of the run in which a goroutine was ready to run while fewer
  goroutines ran than there are processors (GOMAXPROCS, read from the
  trace): the wait for the operating system to wake a thread;
- for each kind of goroutine readied while a processor idled, how long it
  waited to run (median, 90th percentile, sum).

docs/search.md ("ils walks its next batch while the last one finishes")
has what it showed for ils on the 2-core development machine.
"""
import collections
import re
import subprocess
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    text = subprocess.run(["go", "tool", "trace", "-d=parsed", sys.argv[1]],
                          check=True, capture_output=True, text=True).stdout
    lines = text.split("\n")
    procs = 2
    m = re.search(r'Name="/sched/gomaxprocs:threads" Value=Value\{Uint64\((\d+)\)\}', text)
    if m:
        procs = int(m.group(1))
    pat = re.compile(r"StateTransition Time=(\d+) GoID=(\d+) (\w+)->(\w+)")
    kind = {1: "main"}
    events = []  # (time, goroutine, from, to)
    for i, line in enumerate(lines):
        m = pat.search(line)
        if not m:
            continue
        t, g, a, b = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
        events.append((t, g, a, b))
        if a == "NotExist" and g not in kind:
            kind[g] = creator(lines, i + 1)
    running, ready = set(), set()
    count = collections.Counter()
    alone = collections.Counter()
    waiting = 0
    since = {}
    waits = collections.defaultdict(list)
    last = None
    for t, g, a, b in events:
        if last is not None:
            count[len(running)] += t - last
            if len(running) == 1:
                alone[kind.get(next(iter(running)), "?")] += t - last
            if ready and len(running) < procs:
                waiting += t - last
        last = t
        if b == "Runnable":
            ready.add(g)
            if len(running) < procs:
                since[g] = t
        if a == "Runnable":
            ready.discard(g)
            if g in since:
                waits[kind.get(g, "?")].append(t - since.pop(g))
        if b == "Running":
            running.add(g)
        elif a == "Running":
            running.discard(g)
    total = sum(count.values()) or 1
    print(f"{procs} processors; {total / 1e9:.3f} s traced")
    for n in sorted(count):
        print(f"  {n} goroutines running: {100 * count[n] / total:.1f} %")
    for k, v in alone.most_common(6):
        print(f"  alone: {100 * v / total:.1f} % {k}")
    print(f"a goroutine ready while a processor idles: {100 * waiting / total:.1f} %")
    for k, v in sorted(waits.items(), key=lambda kv: -sum(kv[1]))[:8]:
        v.sort()
        print(f"  {k}: {len(v)} waits, median {v[len(v) // 2] / 1e3:.1f} µs, "
              f"90th percentile {v[int(len(v) * 0.9)] / 1e3:.1f} µs, {sum(v) / 1e6:.1f} ms in all")


def creator(lines, j):
    """The first project frame of the creating stack after a NotExist line."""
    in_stack = False
    while j < len(lines) and not lines[j].startswith("M="):
        line = lines[j]
        if line.startswith("Stack="):
            in_stack = True
        elif in_stack and line.startswith("\t") and not line.startswith("\t\t") and "mousemaze/" in line:
            name = line.strip().split(" @")[0]
            name = re.sub(r"\[go\.shape[^\]]*\]", "", name)
            return name.replace("github.com/mousemaze/mousemaze/", "")
        j += 1
    return "?"


if __name__ == "__main__":
    main()
