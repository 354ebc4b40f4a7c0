#!/usr/bin/env bash
# Checks the results files a pull request adds or changes, for .github/workflows/validate-results.yml.
# It runs from the BASE branch's checkout against the pull request's checkout, and validates with a
# native-runner built from the base branch, so a pull request can never vouch for itself by editing
# the validator or this script.
#
#   scripts/check-results-pr.sh PR_DIR BASE_REV HEAD_REV VALIDATOR
#
# Refuses, naming each file: anything under content/results/ that is not a plain <name>.json (or the
# .gitkeep), the site's own index.json, summary.json, headlines.json and medians.json, and hidden names, a symbolic link or a file whose mode is not
# 100644 (a link to /dev/zero would make every reader read forever), content/ or content/results/
# turned into anything but a folder (a link to another folder would publish whatever it points at),
# and any file the validator rejects. Results files are added, not rewritten: a pull request that
# changes or deletes a file the base branch has (the reference dataset included) must say why, with
# a line `Results-edit: <file name>: <reason>` in one of its commit messages; the reason then shows
# in the history next to the change. Fails closed: when git cannot say what changed, it fails.
# Exits 0 only when every file passes.
set -uo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: scripts/check-results-pr.sh PR_DIR BASE_REV HEAD_REV VALIDATOR" >&2
  exit 2
fi
pr=$1 base=$2 head=$3 validator=$4
status=0
fail() { echo "::error::$*"; status=1; }

# The folders themselves must stay folders at the pull request's head (a path whose type changed is
# not "under" content/results/ any more, so the diff below would not see it).
for folder in content content/results; do
  mode=$(git -C "$pr" ls-tree "$head" -- "$folder" 2>/dev/null | cut -d' ' -f1)
  if [[ "$mode" != 040000 ]]; then
    fail "$folder: is ${mode:+mode $mode, }not a folder at $head; a pull request may not replace or remove it"
  fi
done

# What changed; if git cannot say (a bad revision, a missing checkout), that is a failure, not "none".
listing=$(mktemp) edits=$(mktemp)
trap 'rm -f "$listing" "$edits"' EXIT
if ! git -C "$pr" diff -z --name-only --no-renames --diff-filter=AMT "$base" "$head" -- content/results/ >"$listing"; then
  echo "::error::cannot list the changes between $base and $head in $pr"
  exit 1
fi
mapfile -d '' changed <"$listing"

# Changed or deleted files that already exist on the base branch: each needs a stated reason.
if ! git -C "$pr" diff -z --name-only --no-renames --diff-filter=MTD "$base" "$head" -- content/results/ >"$edits" ||
   ! messages=$(git -C "$pr" log --format=%B "$base..$head"); then
  echo "::error::cannot list the edits between $base and $head in $pr"
  exit 1
fi
mapfile -d '' edited <"$edits"
for path in "${edited[@]}"; do
  name=${path#content/results/}
  [[ "$name" == .gitkeep ]] && continue
  shown=$(printf '%q' "$path")
  reason=$(printf '%s\n' "$messages" | grep -F -- "Results-edit: $name:" | head -n 1 | sed 's/^.*Results-edit: [^:]*: *//')
  if [[ -z "${reason// }" ]]; then
    fail "$shown: changes or deletes a results file the site already ships; results are added, not rewritten. If it must change, say why in a commit message line: Results-edit: $name: <reason>"
  else
    # Control characters dropped: a reason is shown as text, never as terminal commands.
    echo "$shown: edited; stated reason: $(printf '%s' "$reason" | tr -d '\000-\037\177')"
  fi
done

to_validate=()
for path in "${changed[@]}"; do
  # Paths are printed with their control characters escaped (a name can carry a newline).
  shown=$(printf '%q' "$path")
  if [[ "$path" == content/results/.gitkeep ]]; then
    continue
  fi
  if [[ ! "$path" =~ ^content/results/[A-Za-z0-9._-]+\.json$ ]]; then
    fail "$shown: content/results/ takes only <label>-<date>.json files (letters, digits, '.', '_', '-')"
    continue
  fi
  if [[ "$path" == content/results/index.json || "$path" == content/results/summary.json || "$path" == content/results/headlines.json || "$path" == content/results/medians.json || "$path" == content/results/.* ]]; then
    fail "$shown: a reserved name (the site writes results/index.json, summary.json, headlines.json and medians.json itself; a name starting with '.' is hidden)"
    continue
  fi
  mode=$(git -C "$pr" ls-tree "$head" -- "$path" | cut -d' ' -f1)
  if [[ "$mode" != 100644 ]]; then
    fail "$shown: mode $mode; a results file must be a regular, non-executable file (100644), never a symbolic link"
    continue
  fi
  to_validate+=("$pr/$path")
done

if [[ ${#to_validate[@]} -gt 0 ]]; then
  # The validator escapes control characters in everything it prints.
  # --submission: a --quick run is a valid file but no measurement, so it is refused here.
  "$validator" validate --submission "${to_validate[@]}" || status=1
fi
echo "checked ${#changed[@]} changed path(s) under content/results/"
exit $status
