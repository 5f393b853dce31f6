#!/usr/bin/env bash
# Publishes the student template of this course, in two steps:
#
#   Scripts/publish-template.sh pin OWNER/REPO TAG
#       Pins the student workflow (.github/workflows/classroom.yml) to the course repository and
#       tag that will grade it. Commit, tag the commit TAG, and push both to OWNER/REPO.
#   Scripts/publish-template.sh OUTPUT_DIR
#       Writes the committed course (HEAD) to OUTPUT_DIR without what graders keep: Solutions/
#       and the grading workflow (SubmissionAudit.privatePaths lists the same two). Push that
#       folder as the assignment's template repository.
#
# The workflow is pinned in the course itself, so a student's unchanged workflow equals the
# course's and is never flagged, while any edit to it is.
set -euo pipefail
cd "$(dirname "$0")/.."
workflow=.github/workflows/classroom.yml

if [ "${1:-}" = pin ]; then
  if [ $# -ne 3 ]; then
    echo "usage: Scripts/publish-template.sh pin OWNER/REPO TAG" >&2
    exit 64
  fi
  repository=$2 ref=$3
  [[ $repository =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { echo "error: '$repository' is not OWNER/REPO" >&2; exit 64; }
  [[ $ref =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "error: '$ref' is not a tag name" >&2; exit 64; }
  sed -i.bak -E \
    -e "s|uses: [^ ]+/\.github/workflows/actorlings-grade\.yml@[^ ]+|uses: $repository/.github/workflows/actorlings-grade.yml@$ref|" \
    -e "s|course-repository: .*|course-repository: $repository|" \
    -e "s|course-ref: .*|course-ref: $ref|" "$workflow"
  rm -f "$workflow.bak"
  echo "Pinned $workflow to $repository@$ref. Now: git commit -am 'Grade with $ref' && git tag $ref && git push --tags"
  exit 0
fi

if [ $# -ne 1 ]; then
  echo "usage: Scripts/publish-template.sh OUTPUT_DIR   (or: pin OWNER/REPO TAG)" >&2
  exit 64
fi
output=$1
if [ -e "$output" ] && [ -n "$(ls -A "$output" 2>/dev/null)" ]; then
  echo "error: $output exists and is not empty; give a new folder" >&2
  exit 1
fi
if git show "HEAD:$workflow" | grep -Eq '(uses|course-repository|course-ref): *COURSE-'; then
  echo "error: the committed $workflow does not name the course yet; run \`Scripts/publish-template.sh pin OWNER/REPO TAG\` and commit" >&2
  exit 1
fi
if [ -n "$(git status --porcelain)" ]; then
  echo "note: uncommitted changes are not published; the template is HEAD ($(git rev-parse --short HEAD))" >&2
fi
mkdir -p "$output"
git archive --format=tar HEAD | tar -x -C "$output"
rm -rf "$output/Solutions" "$output/.github/workflows/actorlings-grade.yml"
echo "Wrote the student template to $output from $(git rev-parse --short HEAD): no Solutions/, no grading workflow."
