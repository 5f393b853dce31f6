#!/usr/bin/env bash
# How fast Actorlings' own SHA-256 hashes, in a debug build (-Onone, what `swift build` makes and
# the Classroom workflow runs) and a release build (-O), against SHA-1 (git blob ids) and
# coreutils' sha256sum. Compiles Sources/ActorlingsCore/Hashing/{SHA256,SHA1}.swift with a small
# timing `main` in a temporary folder; needs no build of the package.
#
#   Tests/Benchmarks/sha256-speed.sh [MB]      (default 8)
set -euo pipefail
cd "$(dirname "$0")/../.."
MB=${1:-8}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/main.swift" <<SWIFT
import Foundation

let size = $MB << 20
let message = [UInt8](repeating: 0x5A, count: size)

/// The best of five runs, in MB/s.
func speed(_ hash: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let start = Date()
        hash()
        best = min(best, Date().timeIntervalSince(start))
    }
    return Double(size) / 1_048_576 / best
}

let sha256 = speed { _ = SHA256.hash(message) }
let sha1 = speed { _ = SHA1.hash(message) }
let name = CommandLine.arguments[1].padding(toLength: 8, withPad: " ", startingAt: 0)
print(name + String(format: " SHA-256 %6.0f MB/s   SHA-1 %6.0f MB/s   (%d MB, best of 5)", sha256, sha1, $MB))
SWIFT
sources=(Sources/ActorlingsCore/Hashing/SHA256.swift Sources/ActorlingsCore/Hashing/SHA1.swift)
swiftc -Onone -o "$work/debug" "$work/main.swift" "${sources[@]}"
swiftc -O -o "$work/release" "$work/main.swift" "${sources[@]}"
"$work/debug" debug
"$work/release" release
head -c $((MB << 20)) /dev/zero > "$work/zeros"
start=$(date +%s%N)
sha256sum "$work/zeros" >/dev/null
end=$(date +%s%N)
echo "sha256sum $(( MB * 1000000000 / (end - start) )) MB/s (coreutils, one run, reading a file)"
