#!/bin/sh
# Re-captures the compiler output the explain tests read (Swift 6.3.1 when last run):
#   sh Tests/ActorlingsEndToEndTests/Fixtures/explain-captured/capture.sh
# Each program is compiled as the corpus programs are: Swift 6, to SIL, llvm style, ids shown.
set -e
cd "$(dirname "$0")"
flags="-swift-version 6 -parse-as-library -emit-sil -o /dev/null -diagnostic-style llvm -Xfrontend -debug-diagnostic-names"
for program in programs/*.swift; do
    name=$(basename "$program" .swift)
    (cd programs && swiftc $flags -module-name Capture "$name.swift" > "../$name.txt" 2>&1 || true)
done
# A module built without concurrency checking, used from a Swift 6 module.
scratch=$(mktemp -d)
swiftc -swift-version 5 -parse-as-library -emit-module -module-name Legacy -emit-module-path "$scratch/Legacy.swiftmodule" \
    programs/preconcurrency-import/Legacy.swift
(cd programs/preconcurrency-import && swiftc $flags -I "$scratch" -module-name App App.swift > ../../preconcurrency-import.txt 2>&1 || true)
rm -rf "$scratch"
# Whole-package builds, as `explain --build` runs them, in a scratch folder whose name says
# "actorlings-explain" (the tool's own scratch path once matched the word "actor").
for package in packages/*; do
    name=$(basename "$package")
    scratch=$(mktemp -d /tmp/actorlings-explain-capture.XXXXXX)
    swift build --package-path "$package" --scratch-path "$scratch/build" -Xswiftc -diagnostic-style -Xswiftc llvm \
        -Xswiftc -Xfrontend -Xswiftc -debug-diagnostic-names > "build-$name.txt" 2>&1 || true
    rm -rf "$scratch"
done
# The survey `explain --build --survey` runs: Swift 5 mode, complete checking, so the region
# checks that Swift 6 mode's errors hide run too.
scratch=$(mktemp -d /tmp/actorlings-explain-capture.XXXXXX)
swift build --package-path packages/legacy-globals --scratch-path "$scratch/build" -Xswiftc -diagnostic-style -Xswiftc llvm \
    -Xswiftc -Xfrontend -Xswiftc -debug-diagnostic-names -Xswiftc -swift-version -Xswiftc 5 \
    -Xswiftc -strict-concurrency=complete > build-legacy-globals-survey.txt 2>&1 || true
rm -rf "$scratch"
# Paths relative to this folder, so the captures do not depend on the checkout's location.
for file in *.txt; do sed -i.bak "s|$PWD/||g" "$file" && rm -f "$file.bak"; done
