#!/bin/bash
# rounds.sh: the side-by-side rounds of issue 35's figures (docs/sweep.md,
# "On a second processor", and docs/commands.md, eval): each round runs
# `mousemaze eval` on a file of long-walk mazes beside the naive C walker,
# and the 6x6 sweep (--quiet, default, --json; free ends in the first 4
# rounds) beside fast.c and enum.c, every run pinned to core 1; then the
# whole 7x7 proof on two workers, once. Prints "NAME wall user sys" lines
# (the C walker prints its own walk time). Pause other jobs first.
# usage: bench/cenum/rounds.sh MOUSEMAZE LONG.txt [ROUNDS]   (from the repository root;
#        LONG.txt from: mousemaze bench mazes --n 100000 --rounds 800 --seed 1)
set -e
mm=$1 long=$2 rounds=${3:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gcc -O3 -march=native -o "$tmp/walk3" bench/cwalk/walk.c
gcc -O2 -o "$tmp/walk2" bench/cwalk/walk.c
gcc -O3 -march=native -o "$tmp/fast" bench/cenum/fast.c
gcc -O3 -march=native -o "$tmp/enum" bench/cenum/enum.c
T() { /usr/bin/time -f "%e %U %S" taskset -c 1 "$@" 2>&1 >/dev/null | tail -1; }
for r in $(seq "$rounds"); do
	echo "round $r"
	echo "eval $(T "$mm" eval --backend cpu --workers 1 "$long")"
	echo "evaljson $(T "$mm" eval --backend cpu --workers 1 --json "$long")"
	echo "walk3 $(taskset -c 1 "$tmp/walk3" "$long" | tail -1)"
	echo "walk2 $(taskset -c 1 "$tmp/walk2" "$long" | tail -1)"
	echo "sweepq $(T "$mm" sweep --size 6x6 --workers 1 --quiet)"
	echo "fast $(T "$tmp/fast" 6 6)"
	echo "sweepd $(T "$mm" sweep --size 6x6 --workers 1)"
	echo "sweepj $(T "$mm" sweep --size 6x6 --workers 1 --json)"
	echo "enum $(T "$tmp/enum" 6 6)"
	if [ "$r" -le 4 ]; then
		echo "sweepfree $(T "$mm" sweep --size 6x6 --free-ends --workers 1 --quiet)"
		echo "fastfree $(T "$tmp/fast" 6 6 free)"
	fi
done
echo "proof7 $({ /usr/bin/time -f '%e %U %S' "$mm" sweep --size 7x7 --workers 2 --quiet --json >/dev/null; } 2>&1 | tail -1)"
