# ga.sh: sourced by the call scripts here. O (the output folder) and D
# (EVALS_DIV, dividing the budgets for a dry run on the mock driver) are
# set from the environment; ga runs one GA of 2^20/D children a generation
# and prints its final JSON line (without the maze), named by binary, and
# any phase timer lines (MM_ZZ=1). The calls ran with this function written
# out in each script, its filters growing from call to call.
O=${OUT:-/tmp/o}
D=${EVALS_DIV:-1}
mkdir -p "$O"
ga() { # binary backend size evals [flags...]
  local b=$1 be=$2 size=$3 ev=$(( $4 / D ))
  shift 4
  timeout 60 "$b" evolve --backend "$be" --algo ga --size "$size" --seed 1 --pop $(( 1048576 / D )) --evals "$ev" --json "$@" 2>&1 |
    grep '^{"event":"done"\|rror\|^zz' | sed "s/\"best_maze\":\"[^\"]*\",//; s/,\"rows\".*\"algo\"/,\"algo\"/; s/^{/{\"bin\":\"$(basename "$b")\",/"
}
