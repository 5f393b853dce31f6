#!/usr/bin/env bash
# Runs the fault suite against the built actorlings and rewrites Documentation/Reliability.md.
#
#   Tests/Faults/reliability.sh          the fast faults (the same ones `swift test` runs)
#   Tests/Faults/reliability.sh --long   also the slow ones (a 512 MB output flood)
#
# Each fault is its own parameterised case, so one can also be run alone with
#   swift test --filter "FaultSuiteTests/fault" and Swift Testing's case selection in Xcode or VS Code.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--long" ]; then export ACTORLINGS_LONG_FAULTS=1; shift; fi
rows="$(mktemp -d)"
trap 'rm -rf "$rows"' EXIT
export ACTORLINGS_RELIABILITY_ROWS="$rows"
swift test --filter 'FaultSuiteTests/fault' || status=$?
ACTORLINGS_RELIABILITY_REPORT="$PWD/Documentation/Reliability.md" swift test --skip-build --filter 'FaultSuiteTests/report'
echo "Wrote Documentation/Reliability.md"
exit "${status:-0}"
