#!/usr/bin/env bash
# Publishes a course for a class: the public course repository that grades, and the student
# template GitHub Classroom copies. Run it in your private copy of the course (the one with
# Solutions/), or name that copy with `-C COURSE`:
#
#   Scripts/publish-template.sh [-C COURSE] pin OWNER/REPO TAG
#       Pins the student workflow (.github/workflows/classroom.yml) to the course repository and
#       tag that will grade it. Commit it in your private copy, then publish with that TAG.
#   Scripts/publish-template.sh [-C COURSE] course PUBLISHED_DIR TAG
#       Adds one commit, tagged TAG, to the git repository PUBLISHED_DIR (made when missing):
#       the committed course (HEAD) without Solutions/ and without the project's own CI. Its
#       history only ever holds such snapshots, so no reference solution is in any object of
#       it. Push that repository (branch and tags) as OWNER/REPO: it is what grades, and what
#       `actorlings update` fetches (one commit deep).
#   Scripts/publish-template.sh [-C COURSE] template OUTPUT_DIR
#       Makes OUTPUT_DIR a new git repository of one commit: HEAD without Solutions/ and with
#       only the student workflow (classroom.yml). Push it as the assignment's template.
#       (`Scripts/publish-template.sh OUTPUT_DIR` does the same.)
#
# Relative folders are relative to where you run the script. What the two leave out is what
# grading treats as private (SubmissionAudit.isPrivate): Solutions/, and every workflow but the
# student's (the course repository keeps actorlings-grade.yml, which grades).
set -euo pipefail
here=$PWD
course=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = -C ]; then
  [ $# -ge 2 ] || { echo "usage: Scripts/publish-template.sh -C COURSE …" >&2; exit 64; }
  course=$(cd "$2" && pwd)
  shift 2
fi
cd "$course"
workflow=.github/workflows/classroom.yml
usage="usage: Scripts/publish-template.sh [-C COURSE] pin OWNER/REPO TAG | course PUBLISHED_DIR TAG | template OUTPUT_DIR"

# An absolute path for a folder named relative to where the script was run.
absolute() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s/%s\n' "$here" "$1" ;; esac; }

# The ref the committed student workflow names for grading (empty when there is no workflow).
pinned_ref() {
  { git show "HEAD:$workflow" 2>/dev/null || true; } | sed -n 's/^ *course-ref: *\([^ ]*\).*/\1/p' | head -n 1
}

# Writes HEAD's files into $1 (an existing folder), without Solutions/ and without the workflows
# that do not belong in the published copy ($2: "course" keeps the grading workflow).
export_head() {
  git archive --format=tar HEAD | tar -x -C "$1"
  rm -rf "$1/Solutions"
  if [ -d "$1/.github/workflows" ]; then
    for file in "$1"/.github/workflows/*; do
      name=${file##*/}
      [ "$name" = classroom.yml ] && continue
      [ "$2" = course ] && [ "$name" = actorlings-grade.yml ] && continue
      rm -rf "$file"
    done
  fi
}

# Commits everything in the repository $1, ignored files included: a file the course tracks
# although its .gitignore names it must reach the copy, or every student looks as if they had
# deleted it.
commit_all() {
  local identity=()
  git -C "$1" config user.name >/dev/null || identity+=(-c user.name=Actorlings -c user.email=actorlings@localhost)
  git -C "$1" add -A -f
  git -C "$1" "${identity[@]}" commit -q --allow-empty -m "$2"
}

# Fails when any object reachable in the repository $1 lies under Solutions/.
assert_no_solutions() {
  if git -C "$1" rev-list --objects --all | awk '$2 == "Solutions" || $2 ~ /^Solutions\//' | grep -q .; then
    echo "error: $1 holds Solutions/ in its history; publish into a new folder" >&2
    exit 1
  fi
}

require_pinned() {
  if git show "HEAD:$workflow" 2>/dev/null | grep -Eq '(uses|course-repository|course-ref): *COURSE-'; then
    echo "error: the committed $workflow does not name the course yet; run \`Scripts/publish-template.sh pin OWNER/REPO TAG\` and commit" >&2
    exit 1
  fi
  if [ -n "$(git status --porcelain)" ]; then
    echo "note: uncommitted changes are not published; this is HEAD ($(git rev-parse --short HEAD))" >&2
  fi
}

case "${1:-}" in
pin)
  [ $# -eq 3 ] || { echo "usage: Scripts/publish-template.sh pin OWNER/REPO TAG" >&2; exit 64; }
  repository=$2 ref=$3
  [[ $repository =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { echo "error: '$repository' is not OWNER/REPO" >&2; exit 64; }
  [[ $ref =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "error: '$ref' is not a tag name" >&2; exit 64; }
  sed -i.bak -E \
    -e "s|uses: [^ ]+/\.github/workflows/actorlings-grade\.yml@[^ ]+|uses: $repository/.github/workflows/actorlings-grade.yml@$ref|" \
    -e "s|course-repository: .*|course-repository: $repository|" \
    -e "s|course-ref: .*|course-ref: $ref|" "$workflow"
  rm -f "$workflow.bak"
  echo "Pinned $workflow to $repository@$ref. Now: git commit -am 'Grade with $ref', then Scripts/publish-template.sh course PUBLISHED_DIR $ref"
  ;;
course)
  [ $# -eq 3 ] || { echo "$usage" >&2; exit 64; }
  published=$(absolute "$2") tag=$3
  [[ $tag =~ ^[A-Za-z0-9_.-]+$ ]] || { echo "error: '$tag' is not a tag name" >&2; exit 64; }
  require_pinned
  pinned=$(pinned_ref)
  if [ -n "$pinned" ] && [ "$pinned" != "$tag" ]; then
    echo "error: the committed $workflow grades with '$pinned', not '$tag': run \`Scripts/publish-template.sh pin OWNER/REPO $tag\`, commit, then publish" >&2
    exit 1
  fi
  if [ -e "$published" ]; then
    [ -d "$published/.git" ] || { echo "error: $published exists and is not a git checkout; give a new folder or the published course's checkout" >&2; exit 1; }
    [ -z "$(git -C "$published" status --porcelain)" ] || { echo "error: $published has uncommitted changes" >&2; exit 1; }
    if git -C "$published" rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
      echo "error: $published already has a tag $tag; a release gets a new tag" >&2
      exit 1
    fi
    assert_no_solutions "$published"
  else
    mkdir -p "$published"
    git -C "$published" init -q
    git -C "$published" symbolic-ref HEAD refs/heads/main
  fi
  find "$published" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
  export_head "$published" course
  commit_all "$published" "Actorlings course $tag (from $(git rev-parse --short HEAD))"
  git -C "$published" tag "$tag"
  assert_no_solutions "$published"
  # The private copy gets the same tag, so `class grade` there can judge each student against
  # the release they have.
  if ! git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
    git tag "$tag"
  elif [ "$(git rev-parse "refs/tags/$tag^{commit}")" != "$(git rev-parse HEAD)" ]; then
    echo "note: this copy's tag $tag is not HEAD; class grade judges students who have $tag against it" >&2
  fi
  echo "Published the course as $tag in $published: no Solutions/ in its history. Push it: git -C $published push origin main $tag"
  ;;
*)
  if [ "${1:-}" = template ]; then shift; fi
  [ $# -eq 1 ] || { echo "$usage" >&2; exit 64; }
  output=$(absolute "$1")
  if [ -e "$output" ] && [ -n "$(ls -A "$output" 2>/dev/null)" ]; then
    echo "error: $output exists and is not empty; give a new folder" >&2
    exit 1
  fi
  require_pinned
  pinned=$(pinned_ref)
  mkdir -p "$output"
  export_head "$output" template
  git -C "$output" init -q
  git -C "$output" symbolic-ref HEAD refs/heads/main
  commit_all "$output" "Actorlings${pinned:+ $pinned}"
  assert_no_solutions "$output"
  echo "Wrote the student template to $output from $(git rev-parse --short HEAD): one commit, no Solutions/, only the student workflow."
  ;;
esac
