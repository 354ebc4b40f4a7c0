#!/usr/bin/env bash
# Checks what a pull request changes under content/results/, for .github/workflows/validate-results.yml.
# It runs from the BASE branch's checkout against the pull request's commits, read as data only (git
# objects, never its working tree, never executed), and validates with a native-runner built from
# the base branch, so a pull request can never vouch for itself by editing the validator or this script.
#
#   scripts/check-results-pr.sh PR_REPO BASE_REV HEAD_REV VALIDATOR [--maintainer] [--shipped-rev REV]
#
# BASE_REV is where the pull request branched off (the workflow passes the merge base), HEAD_REV its
# head; every commit between them is read, so a reason stated in an earlier commit counts. The
# shipped set, which copies and labels are judged against, is today's base branch (--shipped-rev,
# the workflow passes the base branch's head) together with BASE_REV's files.
#
# The policy: a contributor ADDS results files, and nothing else. Refused, naming each path:
# - any path outside content/results/ (a "results" pull request that also edits a workflow or a
#   script), unless a maintainer sent it, and then each such path is named;
# - a .gitattributes or .lfsconfig anywhere (they decide how every later checkout writes the
#   reference's bytes), unless a maintainer sent it;
# - anything under content/results/ that is not a plain <name>.json, with no exception (the .gitkeep
#   included), the site's own summary.json and headlines.json (and index.json and medians.json, which it once wrote), a name whose
#   page would sit beside them (index.json.json), hidden names, names over 100 characters, and a name
#   that differs only in letter case from one the base branch has or the site reserves;
# - a symbolic link or a file whose mode is not 100644, and content/ or content/results/ turned into
#   anything but a folder;
# - more than MAX_FILES changed paths in one pull request;
# - any file the validator rejects (`validate --submission --pull-request`): not the runner's own
#   name for it, a copy or a scaled copy of a shipped file or of another file of the pull request,
#   a label another machine has, and several files of one suite from one machine (one machine, one
#   voice; a maintainer's are named instead);
# - a change or deletion of a file the base branch has (the reference dataset, another contributor's
#   run). Only a maintainer (--maintainer: the workflow passes it for the repository's owners,
#   members and collaborators) may do that, and only with a line `Results-edit: <file name>: <reason>`
#   in one of the pull request's commit messages; the reason then shows in the check's output.
# What no rule can tell from a real run goes to the maintainer: `native-runner review` writes each new
# file's standing, its close calls and every computed sentence it changes, before and after, to the
# job summary ($GITHUB_STEP_SUMMARY; printed when that is not set).
# Fails closed: when git cannot say what changed, it fails. Exits 0 only when every path passes.
set -uo pipefail

maintainer=false shipped_rev=
usage() { echo "usage: scripts/check-results-pr.sh PR_REPO BASE_REV HEAD_REV VALIDATOR [--maintainer] [--shipped-rev REV]" >&2; exit 2; }
[[ $# -ge 4 ]] || usage
args=("$@")
for ((i = 4; i < $#; i++)); do
  case "${args[i]}" in
    --maintainer) maintainer=true ;;
    --shipped-rev) ((i++)); [[ $i -lt $# ]] || usage; shipped_rev=${args[i]} ;;
    *) usage ;;
  esac
done
pr=$1 base=$2 head=$3 validator=$4
root=$(cd "$(dirname "$0")/.." && pwd)
# Years of honest submissions come one or two files at a time; hundreds in one pull request is a flood.
MAX_FILES=20
MAX_NAME=100
RESERVED=(index.json summary.json headlines.json medians.json)
status=0
fail() { echo "::error::$*"; status=1; }
# No external diff or text conversion, whatever the pull request's .gitattributes asks for.
gitpr() { git -C "$pr" -c core.quotePath=true "$@"; }

# The folders themselves must stay folders at the pull request's head (a path whose type changed is
# not "under" content/results/ any more, so the diff below would not see it).
for folder in content content/results; do
  mode=$(gitpr ls-tree "$head" -- "$folder" 2>/dev/null | cut -d' ' -f1)
  if [[ "$mode" != 040000 ]]; then
    fail "$folder: is ${mode:+mode $mode, }not a folder at $head; a pull request may not replace or remove it"
  fi
done

# What changed; if git cannot say (a bad revision, a missing checkout), that is a failure, not "none".
listing=$(mktemp) edits=$(mktemp) files=$(mktemp -d)
trap 'rm -rf "$listing" "$edits" "$files"' EXIT
if ! gitpr diff --no-ext-diff --no-textconv -z --name-only --no-renames --diff-filter=AMT "$base" "$head" -- content/results/ >"$listing"; then
  echo "::error::cannot list the changes between $base and $head in $pr"
  exit 1
fi
mapfile -d '' changed <"$listing"

# Changed or deleted files that already exist on the base branch: each needs a stated reason.
if ! gitpr diff --no-ext-diff --no-textconv -z --name-only --no-renames --diff-filter=MTD "$base" "$head" -- content/results/ >"$edits" ||
   ! messages=$(gitpr log --format=%B "$base..$head") ||
   ! base_names=$(gitpr ls-tree --name-only -z "$base" -- content/results/ | tr '\0' '\n'); then
  echo "::error::cannot list the edits between $base and $head in $pr"
  exit 1
fi
mapfile -d '' edited <"$edits"
if [[ ${#changed[@]} -gt $MAX_FILES ]]; then
  fail "content/results/: ${#changed[@]} files in one pull request; at most $MAX_FILES (send one run per machine, in a pull request of its own)"
fi
# The scope: a results pull request touches content/results/ and nothing else; .gitattributes and
# .lfsconfig, anywhere, only a maintainer may change.
if ! gitpr diff --no-ext-diff --no-textconv -z --name-only --no-renames "$base" "$head" >"$listing.all"; then
  echo "::error::cannot list the changes between $base and $head in $pr"
  exit 1
fi
mapfile -d '' everything <"$listing.all"
rm -f "$listing.all"
for path in "${everything[@]}"; do
  shown=$(printf '%q' "$path")
  case "${path##*/}" in
    .gitattributes | .lfsconfig)
      if $maintainer; then
        echo "$shown: changed by a maintainer; check that the reference dataset's bytes still hash to plausible::REFERENCE_SHA256"
      else
        fail "$shown: a pull request of results may not change it: it decides how every later checkout writes the results files' bytes (the reference dataset is recognised by its SHA-256)"
      fi
      continue
      ;;
  esac
  if [[ "$path" != content/results/* ]]; then
    if $maintainer; then
      echo "$shown: outside content/results/, changed by a maintainer (review it as code: this check judges results only)"
    else
      fail "$shown: outside content/results/; a pull request of results changes nothing else (send code in a pull request of its own)"
    fi
  fi
done
for path in "${edited[@]}"; do
  name=${path#content/results/}
  shown=$(printf '%q' "$path")
  reason=$(printf '%s\n' "$messages" | grep -F -- "Results-edit: $name:" | head -n 1 | sed 's/^.*Results-edit: [^:]*: *//')
  if ! $maintainer; then
    fail "$shown: changes or deletes a file the site already ships; a pull request of results adds files, and only a maintainer may change or remove a shipped one (with a commit message line: Results-edit: $name: <reason>)"
  elif [[ -z "${reason// }" ]]; then
    fail "$shown: changes or deletes a results file the site already ships; results are added, not rewritten. If it must change, say why in a commit message line: Results-edit: $name: <reason>"
  else
    # Control characters dropped: a reason is shown as text, never as terminal commands.
    echo "$shown: edited by a maintainer; stated reason: $(printf '%s' "$reason" | tr -d '\000-\037\177')"
  fi
done

lower() { printf '%s' "$1" | tr '[:upper:]' '[:lower:]'; }
taken=$(printf '%s\n' "$base_names" "${RESERVED[@]/#/content/results/}" | tr '[:upper:]' '[:lower:]')
to_validate=()
for path in "${changed[@]}"; do
  # Paths are printed with their control characters escaped (a name can carry a newline).
  shown=$(printf '%q' "$path")
  name=${path#content/results/}
  if [[ ! "$path" =~ ^content/results/[A-Za-z0-9._-]+\.json$ ]]; then
    fail "$shown: content/results/ takes only <label>-<date>.json files (letters, digits, '.', '_', '-'), nothing else"
    continue
  fi
  if [[ " ${RESERVED[*]} " == *" $name "* || "$name" == .* ]]; then
    fail "$shown: a reserved name (the site writes results/summary.json and headlines.json itself, and once wrote index.json and medians.json; a name starting with '.' is hidden)"
    continue
  fi
  # A file's page is results/<name without .json>/: beside the site's own files, that name must not be one of theirs.
  if [[ " ${RESERVED[*]} " == *" $(lower "${name%.json}") "* ]]; then
    fail "$shown: its page, results/${name%.json}/, would take the place of the site's own results/${name%.json}"
    continue
  fi
  if [[ ${#name} -gt $MAX_NAME ]]; then
    fail "$shown: a name of ${#name} characters; at most $MAX_NAME (the runner's <label>[-<suite>]-<date>.json)"
    continue
  fi
  if ! printf '%s\n' "$base_names" | grep -qxF -- "$path" && grep -qxF -- "$(lower "$path")" <<<"$taken"; then
    fail "$shown: differs only in letter case from a file the site ships or reserves; on a case-insensitive checkout it would replace that file"
    continue
  fi
  mode=$(gitpr ls-tree "$head" -- "$path" | cut -d' ' -f1)
  if [[ "$mode" != 100644 ]]; then
    fail "$shown: mode $mode; a results file must be a regular, non-executable file (100644), never a symbolic link"
    continue
  fi
  # The file as the pull request committed it (a git object), never a path in a working tree.
  copy="$files/$name"
  if ! gitpr cat-file blob "$head:$path" >"$copy"; then
    fail "$shown: git cannot read it at $head"
    continue
  fi
  to_validate+=("$copy")
done

if [[ ${#to_validate[@]} -gt 0 ]]; then
  # The files the site ships, out of git's objects: the branch point's, then today's base branch's
  # (the newer copy wins), so a copy of a file merged since the pull request branched is found too.
  shipped="$files/.shipped"
  mkdir -p "$shipped"
  for rev in "$base" ${shipped_rev:+"$shipped_rev"}; do
    if ! names=$(gitpr ls-tree --name-only -z "$rev" -- content/results/ | tr '\0' '\n'); then
      echo "::error::cannot list the shipped results files at $rev"
      exit 1
    fi
    while IFS= read -r path; do
      [[ "$path" == *.json ]] && gitpr cat-file blob "$rev:$path" >"$shipped/${path##*/}" 2>/dev/null
    done <<<"$names"
  done
  # The validator escapes control characters in everything it prints.
  # --submission: a --quick run is a valid file but no measurement, so it is refused here.
  # --pull-request: the files side by side with each other and the shipped ones.
  role=()
  $maintainer && role=(--maintainer)
  "$validator" validate --submission --shipped "$shipped" --pull-request "${role[@]}" "${to_validate[@]}" || status=1
  # For the maintainer: what these files would change, before and after.
  summary=${GITHUB_STEP_SUMMARY:-/dev/stdout}
  if ! "$validator" review --shipped "$shipped" --text "$root/content/chapters" --text "$root/site/src/pages/results.rs" "${to_validate[@]}" >>"$summary"; then
    fail "the review of what these files change could not be written"
  fi
fi
echo "checked ${#changed[@]} changed path(s) under content/results/"
exit $status
