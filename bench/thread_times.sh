#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where a multi-threaded command's threads spend their time (docs/benchmarks.md, "Batch
# decoding"), from the scheduler's own counts (Linux: /proc/PID/task/TID/schedstat):
#
#   bench/thread_times.sh COMMAND [ARG...]
#
# Runs COMMAND (its output to /dev/null, its standard error kept) and reads its threads'
# counts every 10 ms until it exits. The "threaded phase" runs from the first reading that
# sees a second thread to the last one: for `mdd decode --batch`, after the databases are
# open. Per thread, in order of creation (the main thread first, its time before the phase
# left out): seconds on a CPU, seconds runnable but waiting for one (the run queue: other
# threads or processes held the CPUs), and the rest of the phase, blocked (waiting for work,
# input or output). A thread that ends before the command's last reading keeps its last
# counts.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: bench/thread_times.sh COMMAND [ARG...]" >&2; exit 2; }
[ -r /proc/self/schedstat ] || { echo "bench/thread_times.sh: no /proc/PID/schedstat here" >&2; exit 1; }

"$@" >/dev/null &
pid=$!
declare -A run wait
main_run=0 main_wait=0 first=0 last=0
while kill -0 "$pid" 2>/dev/null; do
    seen=0
    for f in /proc/"$pid"/task/*/schedstat; do
        read -r r w _ <"$f" 2>/dev/null || continue
        tid=${f#/proc/"$pid"/task/}
        tid=${tid%/schedstat}
        run[$tid]=$r
        wait[$tid]=$w
        seen=$((seen + 1))
    done
    if [ "$seen" -gt 1 ]; then
        if [ "$first" = 0 ]; then
            first=$(date +%s%N)
            main_run=${run[$pid]:-0}
            main_wait=${wait[$pid]:-0}
        fi
        last=$(date +%s%N)
    fi
    sleep 0.01
done
rc=0
wait "$pid" || rc=$?
[ "$first" != 0 ] || { echo "bench/thread_times.sh: the command never ran a second thread" >&2; exit 1; }
seconds() { awk -v ns="$1" 'BEGIN { printf "%.2f", ns / 1e9 }'; }
span=$((last - first))
echo "threaded phase: $(seconds "$span") s; the main thread before it: $(seconds "$main_run") s on a CPU"
# Thread ids grow from the process's own, wrapping at pid_max.
pid_max=$(cat /proc/sys/kernel/pid_max)
n=0
for tid in $(for t in "${!run[@]}"; do echo "$(((t - pid + pid_max) % pid_max)) $t"; done | sort -n | cut -d' ' -f2); do
    r=${run[$tid]} w=${wait[$tid]}
    if [ "$tid" = "$pid" ]; then
        name=main
        r=$((r - main_run))
        w=$((w - main_wait))
    else
        n=$((n + 1))
        name="thread $n"
    fi
    blocked=$((span - r - w))
    [ "$blocked" -ge 0 ] || blocked=0
    echo "$name: $(seconds "$r") s on a CPU, $(seconds "$w") s in the run queue, $(seconds "$blocked") s blocked"
done
exit "$rc"
