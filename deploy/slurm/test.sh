#!/bin/bash
# make test-slurm: a real one-node Slurm cluster on this machine runs a
# sweep and an island search as job arrays, and the results are checked
# against a single process.
#
#  1. installs Debian's slurm-wlm and munge with apt-get when missing
#     (needs root), creates a munge key, starts munged, slurmctld and slurmd
#     on a minimal slurm.conf (deploy/slurm/slurm.conf.in), all state under
#     a temporary directory; no systemd, no cgroups;
#  2. runs a 5x5 sweep as a 16-task array (64 shards; task i takes shards
#     i, i+16, ...) and checks that the merged report equals one process's,
#     and times both, and a 16-task array of /bin/true for Slurm's own cost;
#  3. runs the same sweep again with each shard delayed, kills one task's
#     process (SIGKILL) after its first shard, requeues it (scontrol requeue), and
#     checks that the requeued task skips the finished shard and that the
#     merged report still equals one process's;
#  4. runs a short 6x6 island search as a 4-task array and checks that the
#     islands migrated and that the best maze of all islands takes the
#     turns reported when the reference walk runs it again;
#  5. stops every daemon it started (also on failure or interrupt).
#
# Every wait has a timeout. KEEP=1 keeps the temporary directory.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MM=${MOUSEMAZE:-$ROOT/bin/mousemaze}
JOB_TIMEOUT=${JOB_TIMEOUT:-240}

say() { printf '%s  %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() {
	say "FAIL: $*" >&2
	exit 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# --- 1. Slurm and munge --------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
	! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
	[ "$(id -u)" = 0 ] || die "slurm-wlm and munge are not installed, and installing them needs root"
	say "installing slurm-wlm and munge from Debian"
	export DEBIAN_FRONTEND=noninteractive
	# Retried: a download from the package mirror can fail once.
	for try in 1 2 3; do
		if timeout 600 apt-get update -qq &&
			timeout 900 apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null; then
			break
		fi
		[ "$try" -lt 3 ] || die "apt-get install slurm-wlm munge failed 3 times"
		sleep 10
	done
fi
[ "$(id -u)" = 0 ] || die "the test cluster runs its daemons as root; run as root"
say "$(slurmctld -V), $(munged -V 2>&1 | head -1)"
if [ ! -x "$MM" ]; then
	say "building $MM"
	(cd "$ROOT" && go build -o "$MM" ./cmd/mousemaze)
fi

T=$(mktemp -d /tmp/mousemaze-slurm.XXXXXX)
chmod 755 "$T"
mkdir -p "$T/munge" "$T/state" "$T/spool" "$T/log"
PIDS=()
# procs NAME VAR=VALUE: the processes called NAME whose environment holds
# VAR=VALUE (reading comm with a builtin keeps the scan fast).
procs() {
	local p c
	for p in /proc/[0-9]*; do
		c=
		{ read -r c <"$p/comm"; } 2>/dev/null || continue
		[ "$c" = "$1" ] || continue
		if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -x "$2" >/dev/null; then
			echo "${p#/proc/}"
		fi
	done
}
cleanup() {
	local rc=$?
	set +e
	# Cancel what is left and let the tasks end before the daemons stop.
	if [ -n "${SLURM_CONF:-}" ] && [ -f "$SLURM_CONF" ] && [ ${#PIDS[@]} -ge 3 ]; then
		timeout 10 scancel --quiet --user=root >/dev/null 2>&1
		for _ in $(seq 100); do
			[ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
			sleep 0.2
		done
	fi
	for ((k = ${#PIDS[@]} - 1; k >= 0; k--)); do
		kill "${PIDS[k]}" 2>/dev/null
	done
	for pid in "${PIDS[@]}"; do
		for _ in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		if kill -0 "$pid" 2>/dev/null; then
			say "daemon $pid did not stop in 5 s; killing it"
			kill -9 "$pid" 2>/dev/null
		fi
		wait "$pid" 2>/dev/null
	done
	# Job step daemons (slurmstepd) of this cluster that outlived it carry
	# its SLURM_CONF; nothing else does.
	for pid in $(procs slurmstepd "SLURM_CONF=$T/slurm.conf"); do
		say "killing leftover job step $pid"
		kill -KILL "$pid" 2>/dev/null
	done
	[ ${#PIDS[@]} -gt 0 ] && say "stopped every daemon started here (pids ${PIDS[*]})"
	if [ $rc -ne 0 ]; then
		say "logs of the failed run:"
		tail -n 30 "$T"/log/*.log "$T"/munge/munged.log 2>/dev/null | sed 's/^/    /'
		for f in "$T"/*/logs/*.out; do
			[ -f "$f" ] && { echo "    --- $f"; tail -n 8 "$f" | sed 's/^/    /'; }
		done
	fi
	if [ "${KEEP:-0}" = 1 ]; then
		say "kept $T"
	else
		rm -rf "$T"
	fi
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "munged: new key, socket in $T/munge"
dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$T/munge/munge.key"
munged --foreground --force --key-file="$T/munge/munge.key" --socket="$T/munge/munge.sock" \
	--pid-file="$T/munge/munged.pid" --seed-file="$T/munge/seed" \
	--log-file="$T/munge/munged.log" >"$T/log/munged.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do [ -S "$T/munge/munge.sock" ] && break; sleep 0.1; done
munge -S "$T/munge/munge.sock" -n | unmunge -S "$T/munge/munge.sock" >/dev/null ||
	die "munge cannot encode and decode a credential"

# Two free TCP ports for slurmctld and slurmd.
port=16817
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || (exec 3<>"/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; do
	port=$((port + 2))
	[ $port -lt 17000 ] || die "no free port pair in 16817..17000"
done
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
sed -e "s|@HOST@|$HOST|g" -e "s|@CPUS@|$CPUS|g" -e "s|@MEM@|$MEM|g" -e "s|@DIR@|$T|g" \
	-e "s|@PORT@|$port|g" -e "s|@PORT2@|$((port + 1))|g" \
	"$ROOT/deploy/slurm/slurm.conf.in" >"$T/slurm.conf"
export SLURM_CONF=$T/slurm.conf
say "slurmctld and slurmd: node $HOST, $CPUS CPUs, ports $port and $((port + 1))"
slurmctld -D -f "$SLURM_CONF" >"$T/log/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" >"$T/log/slurmd.out" 2>&1 &
PIDS+=($!)
up=0
for _ in $(seq 300); do
	if timeout 5 sinfo -h -n "$HOST" -o %t 2>/dev/null | grep -x idle >/dev/null; then
		up=1
		break
	fi
	sleep 0.2
done
[ $up = 1 ] || die "the node did not come up idle in 60 s: $(timeout 5 sinfo -h 2>&1)"
sinfo | sed 's/^/    /'

# wait_job JOB N: wait until the N tasks of array JOB have ended; fail if
# any did not complete.
wait_job() {
	local job=$1 n=$2 deadline=$(($(date +%s) + JOB_TIMEOUT))
	while [ -n "$(timeout 10 squeue -h -j "$job" -o %i 2>/dev/null)" ]; do
		[ "$(date +%s)" -lt "$deadline" ] || die "job $job still running after $JOB_TIMEOUT s"
		sleep 0.2
	done
	local done
	done=$(timeout 10 scontrol -o show job "$job" | grep -c 'JobState=COMPLETED' || true)
	[ "$done" = "$n" ] || die "job $job: $done of $n tasks completed; task:state $(scontrol -o show job "$job" |
		sed -E 's/.*ArrayTaskId=([0-9-]+).*JobState=([A-Z_]+).*Reason=([^ ]*).*/\1:\2:\3/' | tr '\n' ' ')"
}

# same_report A B: the two sweep reports agree in everything but the time.
same_report() {
	[ "$(sed 's/"elapsed_s":[^,}]*//' "$1")" = "$(sed 's/"elapsed_s":[^,}]*//' "$2")" ]
}

field() { grep -o "\"$2\":[^,}]*" "$1" | head -1 | cut -d: -f2; }

# --- 2. sweep, 16 tasks against one process -------------------------------
say "5x5 sweep in one process"
t0=$(now)
"$MM" sweep --size 5x5 --quiet --json >"$T/single.json"
t1=$(now)
single=$(secs "$t0" "$t1")
say "  one process: optimum $(field "$T/single.json" optimum_turns) turns, $(field "$T/single.json" leaves) leaves, $single s"

say "5x5 sweep as a 16-task array, 64 shards"
t0=$(now)
job=$("$MM" slurm sweep --size 5x5 --shards 64 --tasks 16 --dir "$T/sweep" --binary "$MM" 2>/dev/null)
wait_job "$job" 16
t1=$(now)
array=$(secs "$t0" "$t1")
"$MM" sweep-merge --json "$T/sweep" >"$T/merged.json"
same_report "$T/single.json" "$T/merged.json" || die "the merged sweep differs from one process's"
say "  job $job: 16 tasks completed in $array s (submit to last task done); merged report equals one process's"
first=$(scontrol -o show job "$job" | grep -o 'StartTime=[^ ]*' | sort | head -1 | cut -d= -f2)
last=$(scontrol -o show job "$job" | grep -o 'EndTime=[^ ]*' | sort | tail -1 | cut -d= -f2)
say "  first task started $first, last ended $last"
sum=$(awk -F'"elapsed_s":' '{ split($2, a, /[,}]/); s += a[1] } END { printf "%.2f", s }' "$T"/sweep/shards/*.json)
say "  sweep time inside the shards, summed: $sum s; one process: $single s"

say "baseline: a 16-task array of /bin/true, Slurm's own cost"
t0=$(now)
job=$(sbatch --parsable --array=0-15 --cpus-per-task=1 --output=/dev/null --wrap=true)
wait_job "$job" 16
t1=$(now)
baseline=$(secs "$t0" "$t1")
say "  job $job: 16 empty tasks in $baseline s"

# --- 3. kill a task mid-way and requeue it --------------------------------
say "the same sweep with a 0.75 s pause before each shard; task 5 is killed after its first shard and requeued"
t0=$(now)
job=$(MOUSEMAZE_TASK_FLAGS=--pause=0.75s "$MM" slurm sweep --size 5x5 --shards 64 --tasks 16 --dir "$T/kill" --binary "$MM" 2>/dev/null)
log=$T/kill/logs/${job}_5.out
# Find task 5's mousemaze process as soon as it starts, so that the kill
# follows its first shard at once.
deadline=$(($(date +%s) + JOB_TIMEOUT))
pid=
while [ -z "$pid" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || die "task 5 did not start in $JOB_TIMEOUT s"
	jid=$(timeout 10 scontrol -o show job "${job}_5" | grep ' ArrayTaskId=5 .*JobState=RUNNING' |
		grep -o '^JobId=[0-9]*' | cut -d= -f2 || true)
	if [ -z "$jid" ]; then
		sleep 0.1
		continue
	fi
	pid=$(procs mousemaze "SLURM_JOB_ID=$jid" | head -1)
	[ -n "$pid" ] || sleep 0.1
done
until grep -q '^shard 5/64: .*tasks' "$log" 2>/dev/null; do
	[ "$(date +%s)" -lt "$deadline" ] || die "task 5 did not finish its first shard in $JOB_TIMEOUT s"
	sleep 0.02
done
# Kill the task's mousemaze process outright (SIGKILL: no checkpoint, no
# clean exit), as a crashed node or an OOM kill would.
kill -KILL "$pid"
deadline=$(($(date +%s) + 60))
while timeout 10 scontrol -o show job "${job}_5" | grep -E 'JobState=(RUNNING|COMPLETING)' >/dev/null; do
	[ "$(date +%s)" -lt "$deadline" ] || die "task 5 still running 60 s after SIGKILL"
	sleep 0.1
done
state=$(scontrol -o show job "${job}_5" | grep -o 'JobState=[A-Z]*')
shards=$(ls "$T"/kill/shards/ | grep -cE '^shard-(5|21|37|53)\.json$' || true)
say "  task 5 (pid $pid) killed with SIGKILL: $state with $shards of its 4 shards done"
[ "$shards" -ge 1 ] && [ "$shards" -lt 4 ] || die "task 5 was not killed mid-way ($shards of 4 shards done)"
# Requeue it. While slurmd is still cleaning up the killed task a requeue
# can be refused, or accepted and then dropped at launch ("already killed,
# do not launch batch job"), leaving the task FAILED with a restart
# counted. So let the end settle first, then requeue until the task has
# really run again (its log says "restart N" with N >= 1), requeueing
# whenever it is found ended without having done so.
sleep 2
requeues=0
deadline=$(($(date +%s) + 120))
until grep -q 'restart [1-9]' "$log" 2>/dev/null; do
	[ "$(date +%s)" -lt "$deadline" ] || die "task 5 did not run again within 120 s of its requeue"
	st=$(timeout 10 scontrol -o show job "${job}_5" | grep -o 'JobState=[A-Z_]*' || true)
	case $st in
	JobState=FAILED | JobState=CANCELLED | JobState=NODE_FAIL | JobState=TIMEOUT | JobState=BOOT_FAIL | JobState=OUT_OF_MEMORY)
		timeout 10 scontrol requeue "${job}_5" 2>/dev/null || true
		requeues=$((requeues + 1))
		;;
	JobState=PENDING)
		# A requeued task waits out a begin time; start it now.
		timeout 10 scontrol update JobId="${job}_5" StartTime=now >/dev/null 2>&1 || true
		;;
	esac
	sleep 0.5
done
wait_job "$job" 16
t1=$(now)
grep -q 'restart [1-9]' "$log" || die "task 5 did not run again after the requeue"
grep -q '^shard 5/64: report there already, skipped' "$log" || die "the requeued task 5 did not skip its finished shard"
"$MM" sweep-merge --json "$T/kill" >"$T/merged-kill.json"
same_report "$T/single.json" "$T/merged-kill.json" || die "after the kill and requeue the merged sweep differs from one process's"
say "  requeued task 5 ($requeues requeue command(s)) skipped its finished shard and ran the rest; merged report equals one process's ($(secs "$t0" "$t1") s)"
sed 's/^/    | /' "$log"

# --- 4. island search --------------------------------------------------------
say "6x6 island search as a 4-task array (memetic, 150000 evaluations per island, migration every 10 generations)"
t0=$(now)
job=$("$MM" slurm evolve --size 6x6 --islands 4 --evals 150000 --migrate-every 10 --checkpoint-every 1s \
	--dir "$T/islands" --binary "$MM" 2>/dev/null)
wait_job "$job" 4
t1=$(now)
"$MM" slurm merge "$T/islands" | sed 's/^/    | /'
"$MM" slurm merge --json "$T/islands" >"$T/islands.json"
[ "$(field "$T/islands.json" complete)" = true ] || die "the island merge is not complete"
turns=$(field "$T/islands.json" best_turns)
grep -o '"best_maze":"[^"]*"' "$T/islands.json" | cut -d'"' -f4 | sed 's/\\n/\n/g' | sed '/^$/d' >"$T/best.txt"
"$MM" eval --backend ref --json "$T/best.txt" >"$T/best-eval.json"
walked=$(field "$T/best-eval.json" turns)
[ -n "$turns" ] && [ "$walked" = "$turns" ] || die "the best island maze takes $walked turns, the merge reports $turns"
took=$(cat "$T"/islands/logs/*.out | grep -c 'took [0-9]* mazes from island' || true)
[ "$took" -gt 0 ] || die "no island took in a neighbour's mazes"
say "  job $job: 4 islands in $(secs "$t0" "$t1") s, $took migrations; the best maze re-walks to its $turns turns"

# --- 5. summary ----------------------------------------------------------------
overhead=$(awk -v a="$array" -v s="$single" 'BEGIN { printf "%.2f", a - s }')
say "sweep 5x5: one process $single s, 16-task array $array s (overhead $overhead s on $CPUS CPUs; 16 empty tasks take $baseline s)"
say "PASS"
