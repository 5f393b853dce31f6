#!/usr/bin/env bash
# Records the transcripts JudgeTests reads: real compiler, linker and test-run output from this
# toolchain, captured by ACTORLINGS_RECORD_TRANSCRIPTS while `actorlings check` runs the CLI
# fixture course and a few edits of it. Run from the package root after `swift build`:
#   Tests/ActorlingsCoreTests/Fixtures/transcripts/record.sh
# Each case's JSON lands here as <case>.json (the run's transcript, or the compile's for
# compile cases). Re-record when the toolchain changes; the tests then say what moved.
set -euo pipefail
root=$(pwd)
here="$root/Tests/ActorlingsCoreTests/Fixtures/transcripts"
binary="$root/.build/debug/actorlings"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$root/Tests/ActorlingsEndToEndTests/Fixtures/course" "$work/course"
cd "$work/course"
git init -q && git add -A && git -c user.name=r -c user.email=r@r commit -qm shipped

code=Exercises/00-basics/passing/Sources/Code.swift
record() { # case exercise kind(run|compile|link)
    rm -rf "$work/out"
    ACTORLINGS_RECORD_TRANSCRIPTS="$work/out" "$binary" check "$2" >"$work/last.txt" 2>&1 || true
    local file
    file=$(ls -t "$work/out"/*-"$3"-*.json | head -1)
    cp "$file" "$here/$1.json"
    echo "recorded $1: $(head -1 "$work/last.txt")"
}
record passed passing run
record tests-failed failing-test run
record crashed-trap crashes run
record timed-out hangs run
record compile-error compile-error compile

# A warning: an exercise passes only with zero warnings.
printf 'func add(_ a: Int, _ b: Int) -> Int {\n    var unused = 0\n    return a + b\n}\n' > "$code"
record compile-warning passing compile
# Learner code that ends the test process with status 0 before every test ran.
printf 'import Foundation\nfunc add(_ a: Int, _ b: Int) -> Int {\n    exit(0)\n}\n' > "$code"
record exit-zero-mid-run passing run
# Learner code that exits with Thread Sanitizer's status, without a race.
printf 'import Foundation\nfunc add(_ a: Int, _ b: Int) -> Int {\n    exit(66)\n}\n' > "$code"
record exit-66-without-race passing run
# A real race, seen by Thread Sanitizer: Swift 5 mode lets the unsynchronized global through.
cat > "$code" <<'SWIFT'
import Dispatch
nonisolated(unsafe) var total = 0
func add(_ a: Int, _ b: Int) -> Int {
    DispatchQueue.concurrentPerform(iterations: 10_000) { _ in total += 1 }
    return a + b
}
SWIFT
sed -i.bak -e 's/^swift-version = 6$/swift-version = 6\nsanitizer = "thread"/' Exercises/00-basics/passing/exercise.toml
sed -i.bak -e 's/^forbid = .*$//' Exercises/course.toml
git add -A && git -c user.name=r -c user.email=r@r commit -qm race
record data-race passing run
