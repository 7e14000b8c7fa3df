#!/bin/sh
# compare.sh: checks that fast.c and enum.c print what `mousemaze sweep`
# prints (fast.c: every line but the sweep's own: title, tasks, elapsed
# and the optimal maze's picture; enum.c: the optimum and the leaves) on
# 4x4, 5x5, 6x6, 4x9 (a 128-cell padded grid) and 5x5 with free ends.
# usage: bench/cenum/compare.sh [MOUSEMAZE]   (from the repository root;
#        default: go build -o /tmp/mousemaze ./cmd/mousemaze)
set -e
mm=${1:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$mm" ]; then
	go build -o "$tmp/mousemaze" ./cmd/mousemaze
	mm=$tmp/mousemaze
fi
gcc -O3 -march=native -o "$tmp/fast" bench/cenum/fast.c
gcc -O2 -o "$tmp/enum" bench/cenum/enum.c
# keep the lines fast.c prints, cut "tasks: ..." from the leaves line
filter() {
	grep -E '^(optimum|optimal classes|leaves|pair entry|histogram| *[0-9]+:)' | sed 's/), tasks: .*/)/'
}
fail=0
for args in "4 4" "5 5" "6 6" "4 9" "5 5 free"; do
	set -- $args
	flags="--size $1x$2 --workers 1 --quiet"
	[ "$3" = free ] && flags="$flags --free-ends"
	"$mm" sweep $flags | filter >"$tmp/go"
	"$tmp/fast" $args >"$tmp/c"
	if cmp -s "$tmp/go" "$tmp/c"; then
		echo "fast.c $args: same as mousemaze sweep ($(head -1 "$tmp/c"), $(grep -c . "$tmp/c") lines)"
	else
		echo "fast.c $args: DIFFERS from mousemaze sweep"
		diff "$tmp/go" "$tmp/c" | head -20
		fail=1
	fi
	if [ "$3" != free ]; then
		want=$(awk '/^optimum:/ {o=$2} /^leaves:/ {l=$2; sub(",", "", l)} END {print o, l}' "$tmp/go")
		got=$("$tmp/enum" $1 $2)
		if [ "$want" = "$got" ]; then
			echo "enum.c $args: same optimum and leaves ($got)"
		else
			echo "enum.c $args: $got, mousemaze sweep: $want"
			fail=1
		fi
	fi
done
exit $fail
