#!/usr/bin/env python3
"""sass-steps.py CUBIN: the static size of each kernel's step loop.

Prints, for every kernel of CUBIN (ptxas -arch=sm_90 kernels/walk.ptx -o
CUBIN), each innermost loop (a backward branch) that reads counts in shared
(LDS) or global (LDG) memory at least four times and has under 70
instructions: the walk's step loop in shared memory and in global scratch
(and the refill's load loops, with 4 loads). docs/gpu.md's instruction
counts come from it. Needs cuobjdump.
"""
import re
import subprocess
import sys

sass = subprocess.run(["cuobjdump", "-sass", sys.argv[1]], capture_output=True, text=True, check=True).stdout
fun, ins = None, {}
for line in sass.splitlines():
    m = re.search(r"Function : (\w+)", line)
    if m:
        fun = m.group(1)
        ins[fun] = []
        continue
    m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
    if m and fun:
        ins[fun].append((int(m.group(1), 16), m.group(2).strip()))
for f, body in sorted(ins.items()):
    at = {a: i for i, (a, _) in enumerate(body)}
    for i, (a, text) in enumerate(body):
        m = re.search(r"BRA (0x[0-9a-f]+)", text)
        if not m:
            continue
        target = int(m.group(1), 16)
        if target >= a or target not in at:
            continue
        loop = body[at[target]:i + 1]
        ops = [t.split()[1] if t.startswith("@") else t.split()[0] for _, t in loop]
        loads = [o for o in ops if o.startswith(("LDS", "LDG"))]
        if len(loads) >= 4 and len(loop) < 70:
            space = "shared" if loads[0].startswith("LDS") else "global"
            print(f"{f} {space}: {len(loop)} instructions, {len(loads)} count loads ({', '.join(sorted(set(loads)))}), {hex(target)}-{hex(a)}")
