#!/usr/bin/env bash
# Save→verdict benchmark. Builds the tool as learners get it (`swift run`'s debug build) and runs
# `actorlings dev benchmark`, which times, on a scratch copy of one exercise, a body edit, a
# signature edit and a broken edit (file watcher + check, as in watch mode) against a bare
# swiftc compile + link + run of the same files in the same run, and prints medians.
#
#   Tests/Benchmarks/verdict-latency.sh [EXERCISE] [--runs N]     (default: the first exercise, 10 runs)
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product actorlings >/dev/null
exec "$(swift build --show-bin-path)/actorlings" dev benchmark "$@"
