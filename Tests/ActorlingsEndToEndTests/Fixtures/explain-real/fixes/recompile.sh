#!/bin/bash
# Applies each fix of fixes.tsv to its package at the commit packages.tsv records and recompiles in
# Swift 6 mode, the way the captured builds were made; prints, for the judged place, the diagnostics
# before and after, the errors and warnings that are new after the fix, and one RESULT line
# (`gone` or `remains`). recompiled.txt is this script's output; ExplainRealPackagesTests reads its
# RESULT lines.
#
#   recompile.sh CLONES > recompiled.txt
#
# CLONES is a folder with a git clone of each package under its name (CLONES/PromiseKit, …), or
# under owner+name/repo (a mirror's layout). Nothing is fetched; each build runs in a fresh copy
# in a temporary folder. Takes a few minutes per fix.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
clones=${1:?usage: recompile.sh CLONES}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build() { # build FOLDER OUTPUT [FLAGS…]: one line per diagnostic, ids appended, paths relative
  local folder=$1 output=$2
  shift 2
  (cd "$folder" && swift build "$@" < /dev/null -Xswiftc -diagnostic-style -Xswiftc llvm \
    -Xswiftc -Xfrontend -Xswiftc -debug-diagnostic-names 2>&1 || true) |
    { grep -E '^/.*: (error|warning|note): ' || true; } | sed -e "s|^$folder/||" -e "s|$work/||" | sort -u > "$output"
}

grep -v '^#' "$here/fixes.tsv" | while IFS=$'\t' read -r package place patch; do
  read -r repository commit how < <(awk -F'\t' -v p="$package" '$1 == p { print $2, $3, $5 }' "$here/../packages.tsv")
  name=${repository#https://github.com/}
  clone=$clones/${name#*/}
  [[ -d $clone ]] || clone=$clones/${name/\//+}/repo
  copy=$work/$package
  rm -rf "$copy" "$work/${name#*/}" && mkdir -p "$copy"
  if [[ $how == app:* ]]; then
    # An app of its own that depends on the repository by path, in Swift 6 mode by its manifest,
    # while the repository builds as its own manifest says: its manifest is <package>/Package.swift.txt.
    mkdir -p "$work/${name#*/}" && git -C "$clone" archive "$commit" | tar -x -C "$work/${name#*/}"
    cp "$here/../$package/Package.swift.txt" "$copy/Package.swift"
    for file in ${how#app:}; do mkdir -p "$copy/$(dirname "$file")" && cp "$work/${name#*/}/$file" "$copy/$file"; done
    flags=()
  else
    git -C "$clone" archive "$commit" | tar -x -C "$copy"
    flags=(-Xswiftc -swift-version -Xswiftc 6)
  fi
  # A fixture one step further: the fixes named in packages.tsv applied first.
  if [[ $how == patched:* ]]; then for earlier in ${how#patched:}; do patch -s -p1 -d "$copy" < "$here/$earlier"; done; fi
  echo "== $patch on $package ($repository at $commit${how:+, $how}): the situation at $place"
  build "$copy" "$work/before.txt" "${flags[@]}"
  patch -s -p1 -d "$copy" < "$here/$patch"
  rm -rf "$copy/.build"
  build "$copy" "$work/after.txt" "${flags[@]}"
  # The judged place: the package's name stripped, the line and column kept.
  at() { grep -F "${place#"$package"/}: " "$1" | grep -E ': (error|warning): ' || true; }
  echo "before, at $place:"; at "$work/before.txt" | sed 's/^/  /'
  echo "after, at $place:"; at "$work/after.txt" | sed 's/^/  /'
  # New: an error or warning whose place and message were not there before.
  new=$(comm -13 <(grep -E ': (error|warning): ' "$work/before.txt" | sort) <(grep -E ': (error|warning): ' "$work/after.txt" | sort) || true)
  echo "new after the fix: $( [[ -n $new ]] && grep -c . <<< "$new" || echo 0)"; [[ -z $new ]] || sed 's/^/  /' <<< "$new"
  if [[ -n $(at "$work/before.txt") && -z $(at "$work/after.txt") ]]; then result=gone; else result=remains; fi
  echo "RESULT	$package	$place	$patch	$result"
done
