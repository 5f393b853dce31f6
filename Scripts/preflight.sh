#!/usr/bin/env bash
# The pre-flight check before a workshop, for a machine whose toolchain may be too old to read
# this package's manifest: SwiftPM refuses a `swift-tools-version` newer than itself before
# `actorlings` can start, so its own message ("is using Swift tools version 6.2.0 but the
# installed version is …") is all a learner would see. This script asks `swift --version`
# first, without SwiftPM, then runs `actorlings doctor` (which checks everything else).
#
#   Scripts/preflight.sh [doctor options, e.g. --min-free-mb 2048]
set -euo pipefail
cd "$(dirname "$0")/.."
minimum_major=6 minimum_minor=2
if ! command -v swift > /dev/null 2>&1; then
  echo "✘ toolchain: no \`swift\` on PATH." >&2
  echo "  → install Swift $minimum_major.$minimum_minor or newer from https://www.swift.org/install/ and open a new terminal" >&2
  exit 1
fi
version_line=$(swift --version 2>&1 | grep -Eo 'Swift version [0-9]+\.[0-9]+(\.[0-9]+)?' | head -1 || true)
version=${version_line#Swift version }
if [ -z "$version" ]; then
  echo "✘ toolchain: \`swift --version\` did not say which Swift it is: $(swift --version 2>&1 | head -1)" >&2
  exit 1
fi
major=${version%%.*} rest=${version#*.} minor=${rest%%.*}
if [ "$major" -lt "$minimum_major" ] || { [ "$major" -eq "$minimum_major" ] && [ "$minor" -lt "$minimum_minor" ]; }; then
  echo "✘ toolchain: $(command -v swift) is Swift $version; this course needs Swift $minimum_major.$minimum_minor or newer." >&2
  echo "  → install Swift $minimum_major.$minimum_minor+ (https://www.swift.org/install/, or Xcode 26 on macOS) and put it first on PATH" >&2
  exit 1
fi
exec swift run actorlings doctor "$@"
