#!/usr/bin/env bash
# What the sandbox costs a save→verdict. Runs `actorlings dev benchmark` PAIRS times in
# alternation, sandboxed and with ACTORLINGS_SANDBOX=off (the check as on a machine without one),
# and prints, for each, the medians of the body-edit save→verdict and of its ratio to a bare swiftc
# compile + link + run timed in the same run (the ratio cancels most of a noisy machine's load).
#
#   Tests/Benchmarks/sandbox-latency.sh [EXERCISE] [PAIRS] [RUNS]   (default actor-for-shared-state 5 10)
set -euo pipefail
cd "$(dirname "$0")/../.."
EXERCISE=${1:-actor-for-shared-state}
PAIRS=${2:-5}
RUNS=${3:-10}
swift build --product actorlings >/dev/null
BIN="$(swift build --show-bin-path)/actorlings"
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
declare -A body ratio
for pair in $(seq 1 "$PAIRS"); do
  for mode in sandboxed unsandboxed; do
    flag=""
    [ "$mode" = unsandboxed ] && flag=off
    out=$(ACTORLINGS_SANDBOX=$flag "$BIN" dev benchmark "$EXERCISE" --runs "$RUNS" 2>/dev/null)
    body[$mode]+="$(echo "$out" | awk '/body edit \(median\)/ { print $(NF-1) }') "
    ratio[$mode]+="$(echo "$out" | awk '/ratio body edit/ { print $NF }') "
  done
done
echo "cores: $(nproc); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $PAIRS alternating pairs of $RUNS runs of each edit"
for mode in sandboxed unsandboxed; do
  echo "$mode: body edit save→verdict median $(printf '%s\n' ${body[$mode]} | median) s [${body[$mode]% }]," \
    "ratio to bare swiftc median $(printf '%s\n' ${ratio[$mode]} | median) [${ratio[$mode]% }]"
done
