#!/usr/bin/env bash
# Class-grading benchmark. Builds the tool, makes N distinct fully solved submissions of this
# course (each exercise's reference solution with a different harmless comment per student, each
# submission a git repository with its own author), then times:
#   - `actorlings grade --submission` of one submission, cold (no compiled tests cached), RUNS times;
#   - the same, warm: another student's submission graded before, so its compiled tests are in
#     the checkout's .actorlings/test-objects (what an instructor grading one by one sees);
#   - `actorlings class grade` of all N submissions, cold, CLASS_RUNS times;
# against this checkout as the trusted course, and prints the medians.
#
#   Tests/Benchmarks/class-grade.sh [N] [RUNS] [CLASS_RUNS]      (default 30 3 1)
#
# COMPARE_SANDBOX=1 also grades student 1 cold with --no-sandbox in each run, alternating with the
# sandboxed grade, and prints what the sandbox costs (same run, same machine load).
# ONLY=id,id,… limits every grade to those exercises (`--only`), e.g. the course as it was when a
# target was set: ONLY=$(git show a124776:Exercises/course.toml | …) — see Documentation/Classroom.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-30}
RUNS=${2:-3}
CLASS_RUNS=${3:-1}
ONLY_FLAGS=()
[ -n "${ONLY:-}" ] && ONLY_FLAGS=(--only "$ONLY")
# The tool is built as Documentation/Classroom.md tells an instructor to run `class grade`:
# `-c release`. CONFIGURATION=debug benchmarks the build the Classroom workflow makes;
# ACTORLINGS_BIN=path benchmarks any other build.
CONFIGURATION=${CONFIGURATION:-release}
if [ -n "${ACTORLINGS_BIN:-}" ]; then
  BIN=$ACTORLINGS_BIN
else
  swift build -c "$CONFIGURATION" --product actorlings >/dev/null
  BIN="$(swift build -c "$CONFIGURATION" --show-bin-path)/actorlings"
fi
echo "Tool: $BIN"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/actorlings-bench-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "Making $N solved submissions in $WORK…"
# The student template, as Scripts/publish-template.sh makes it: the course without what graders keep.
git archive --format=tar HEAD | tar -x -C "$WORK" --one-top-level=template
rm -rf "$WORK/template/Solutions" "$WORK/template/.github/workflows/actorlings-grade.yml"
for i in $(seq 1 "$N"); do
  s="$WORK/submissions/student-$i"
  mkdir -p "$s"
  cp -R "$WORK/template/." "$s"
  for toml in Exercises/*/*/exercise.toml; do
    dir=$(dirname "$toml")
    solution="Solutions/${dir#Exercises/}"
    for file in "$solution"/*.swift; do
      # Most answers are sources; an exercise that asks for tests has its answer in Tests/.
      name=$(basename "$file")
      folder=Sources
      [ -e "$dir/Tests/$name" ] && [ ! -e "$dir/Sources/$name" ] && folder=Tests
      { echo "// Solved by student $i."; cat "$file"; } >"$s/$dir/$folder/$name"
    done
  done
  git -C "$s" init -q
  git -C "$s" add -A
  git -C "$s" -c user.name="Student $i" -c user.email="student$i@example.com" commit -qm "Solved" 
done

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
# Wall-clock seconds, and CPU seconds (user + system, the compilers included): on a shared
# machine the wall clock depends on the neighbours; CPU ÷ cores is what an idle machine takes.
timed() {
  /usr/bin/time -f "%e %U %S" -o "$WORK/time" "$@" >/dev/null 2>&1 || true
  # The last line: `time` puts "Command exited with non-zero status N" before the figures.
  read -r wall user system < <(tail -n 1 "$WORK/time")
  echo "$wall $(echo "$user + $system" | bc)"
}

# Grades keep compiled tests in the trusted checkout; a cold run starts without them.
CACHE=.actorlings/test-objects
single=() single_cpu=() warm=() warm_cpu=() bare=() bare_cpu=()
for run in $(seq 1 "$RUNS"); do
  if [ -n "${COMPARE_SANDBOX:-}" ]; then
    rm -rf "$CACHE"
    read -r wall cpu < <(timed "$BIN" grade --submission "$WORK/submissions/student-1" --no-sandbox "${ONLY_FLAGS[@]}" --format json --output "$WORK/bare.json")
    bare+=("$wall") bare_cpu+=("$cpu")
  fi
  rm -rf "$CACHE"
  read -r wall cpu < <(timed "$BIN" grade --submission "$WORK/submissions/student-1" "${ONLY_FLAGS[@]}" --format json --output "$WORK/single.json")
  single+=("$wall") single_cpu+=("$cpu")
  read -r wall cpu < <(timed "$BIN" grade --submission "$WORK/submissions/student-2" "${ONLY_FLAGS[@]}" --format json --output "$WORK/warm.json")
  warm+=("$wall") warm_cpu+=("$cpu")
done
passed=$(grep -c '"status" : "passed"' "$WORK/single.json" || true)
warm_passed=$(grep -c '"status" : "passed"' "$WORK/warm.json" || true)

class=() class_cpu=()
for run in $(seq 1 "$CLASS_RUNS"); do
  rm -rf "$WORK/grades" "$CACHE"
  read -r wall cpu < <(timed "$BIN" class grade "$WORK"/submissions/* "${ONLY_FLAGS[@]}" --output-dir "$WORK/grades")
  class+=("$wall") class_cpu+=("$cpu")
done
reports=$(ls "$WORK/grades" | grep -c '^student-.*\.json$' || true)
# Any check that did not pass in a class of solved submissions is worth a look: name it.
for report in "$WORK"/grades/student-*.json; do
  [ -e "$report" ] || continue
  awk -v file="$(basename "$report")" '
    /"id" : "/ { id = $0; sub(/.*"id" : "/, "", id); sub(/".*/, "", id) }
    /"status" : "/ && !/"status" : "passed"/ { status = $0; sub(/.*"status" : "/, "", status); sub(/".*/, "", status); print "not passed: " file " " id " " status }
  ' "$report"
done
all_passed=$( (grep -L '"status" : "compile-failed"\|"status" : "tests-failed"\|"status" : "crashed"\|"status" : "timed-out"' "$WORK"/grades/student-*.json || true) | wc -l)

echo
cores=$(nproc)
echo "cores: $cores; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "grade --submission, one solved submission, cold: median $(printf '%s\n' "${single[@]}" | median) s wall [${single[*]}]," \
  "CPU median $(printf '%s\n' "${single_cpu[@]}" | median) s (÷ $cores cores = $(echo "scale=1; $(printf '%s\n' "${single_cpu[@]}" | median) / $cores" | bc) s); $passed exercises passed"
echo "grade --submission, another solved submission, warm: median $(printf '%s\n' "${warm[@]}" | median) s wall [${warm[*]}]," \
  "CPU median $(printf '%s\n' "${warm_cpu[@]}" | median) s; $warm_passed exercises passed"
if [ -n "${COMPARE_SANDBOX:-}" ]; then
  sandboxed=$(printf '%s\n' "${single_cpu[@]}" | median) unsandboxed=$(printf '%s\n' "${bare_cpu[@]}" | median)
  echo "the same cold grade with --no-sandbox: median $(printf '%s\n' "${bare[@]}" | median) s wall [${bare[*]}], CPU median $unsandboxed s [${bare_cpu[*]}];" \
    "sandboxed CPU [${single_cpu[*]}]: the sandbox costs $(echo "scale=1; ($sandboxed - $unsandboxed) * 100 / $unsandboxed" | bc)% of CPU" \
    "($(grep -c '"status" : "passed"' "$WORK/bare.json" || true) exercises passed without it)"
fi
if [ "$CLASS_RUNS" -gt 0 ]; then
  echo "class grade, $N solved submissions: median $(printf '%s\n' "${class[@]}" | median) s wall [${class[*]}]," \
    "CPU median $(printf '%s\n' "${class_cpu[@]}" | median) s (÷ $cores cores = $(echo "scale=1; $(printf '%s\n' "${class_cpu[@]}" | median) / $cores" | bc) s); $reports reports, $all_passed with every exercise passed"
fi
