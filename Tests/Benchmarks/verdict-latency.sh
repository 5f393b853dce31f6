#!/usr/bin/env bash
# Save→verdict latency on one exercise, warm, against the bare swiftc compile + link + run of
# the same files, measured in the same run. Prints medians and ratios.
#
#   Tests/Benchmarks/verdict-latency.sh [RUNS]        (default 10 runs of each edit)
#
# It works on a scratch copy of the fixture course's `passing` exercise, so the checkout is
# never touched. "Save→verdict" is `actorlings check` from process start to exit: the same
# pipeline watch mode runs after a save, plus the tool's own start-up.
set -euo pipefail
runs=${1:-10}
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
swift build -c release --product actorlings >/dev/null
bin="$(swift build -c release --show-bin-path)/actorlings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r Tests/ActorlingsCLITests/Fixtures/course "$work/course"
course="$work/course"
exercise="$course/Exercises/00-basics/passing"
source="$exercise/Sources/Code.swift"
original=$(cat "$source")

now() { perl -MTime::HiRes=time -e 'printf "%.6f\n", time'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f", m}'; }

check() { (cd "$course" && "$bin" check passing --color never >/dev/null 2>&1) || true; }

# First verdict after the tool is built: nothing cached for this exercise yet.
rm -rf "$course/.actorlings"
t0=$(now); check; first=$(elapsed "$t0" "$(now)")

body=(); signature=(); broken=(); bare=()
for i in $(seq 1 "$runs"); do
    # A body edit: the module interface is unchanged, so the compiled tests are reused.
    printf '%s\n// edit %s\n' "${original/a + b/b + a + 0 * $i}" "$i" > "$source"
    t0=$(now); check; body+=("$(elapsed "$t0" "$(now)")")
    # A signature edit: the interface changes, so the tests are compiled again.
    printf '%s\nfunc helper%s() -> Int { %s }\n' "$original" "$i" "$i" > "$source"
    t0=$(now); check; signature+=("$(elapsed "$t0" "$(now)")")
    # An edit that breaks compilation.
    printf '%s\nfunc broken%s() -> Int { }\n' "$original" "$i" > "$source"
    t0=$(now); check; broken+=("$(elapsed "$t0" "$(now)")")
    # Bare swiftc: the same two modules compiled, linked and run, no caching, no tool.
    printf '%s\n' "$original" > "$source"
    b="$work/bare"; mkdir -p "$b"
    cat > "$b/main.swift" <<'SWIFT'
import Testing
@main struct Entry { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }
SWIFT
    t0=$(now)
    swiftc -parse-as-library -swift-version 6 -module-name Passing -emit-module -emit-module-path "$b/Passing.swiftmodule" -wmo -enable-testing -c "$source" -o "$b/Passing.o" 2>/dev/null
    swiftc -parse-as-library -swift-version 6 -module-name PassingTests -wmo -I "$b" -c "$exercise/Tests/CodeTests.swift" "$b/main.swift" -o "$b/Tests.o" 2>/dev/null
    swiftc "$b/Passing.o" "$b/Tests.o" -o "$b/run"
    "$b/run" >/dev/null 2>&1 || true
    bare+=("$(elapsed "$t0" "$(now)")")
done
printf '%s\n' "$original" > "$source"

m_body=$(printf '%s\n' "${body[@]}" | median)
m_signature=$(printf '%s\n' "${signature[@]}" | median)
m_broken=$(printf '%s\n' "${broken[@]}" | median)
m_bare=$(printf '%s\n' "${bare[@]}" | median)
echo "runs per edit:                 $runs"
printf 'first verdict after build:     %.3f s\n' "$first"
echo "body edit → verdict (median):  $m_body s"
echo "signature edit (median):       $m_signature s"
echo "broken edit (median):          $m_broken s"
echo "bare swiftc + link + run:      $m_bare s"
awk -v a="$m_body" -v b="$m_bare" 'BEGIN { printf "ratio body / bare:             %.2f\n", a / b }'
awk -v a="$m_signature" -v b="$m_bare" 'BEGIN { printf "ratio signature / bare:        %.2f\n", a / b }'
