#!/usr/bin/env bash
# Runs the fault suite against the built actorlings and rewrites Documentation/Reliability.md.
#
#   Tests/Faults/reliability.sh          the fast faults (the same ones `swift test` runs)
#   Tests/Faults/reliability.sh --long   also the slow ones (a 512 MB output flood)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--long" ]; then export ACTORLINGS_LONG_FAULTS=1; fi
export ACTORLINGS_RELIABILITY_REPORT="$PWD/Documentation/Reliability.md"
swift test --filter FaultSuiteTests
echo "Wrote Documentation/Reliability.md"
