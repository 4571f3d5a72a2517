#!/usr/bin/env bash
# hygiene.sh -- the tree speaks of what the code does, not of how it was made (CONTRIBUTING.md
# "No process words").  Fails, naming file:line, on any work-log reference in a file's text or
# name: a numbered stop, issue or item, a review's mends, or a work sitting (the PATTERNS below).
#
#   hygiene.sh [ROOT]      check ROOT (default: this checkout).  In a git work tree the tracked
#                          files (git ls-files); otherwise every file under ROOT but .git and
#                          build trees.
#                          Exit 0 clean, 1 with one line per hit, 2 on bad usage.
#   hygiene.sh --selftest  prove the check can fail: a temporary tree, clean first (must pass),
#                          then with planted lines and a planted file name (must fail naming each
#                          file and line), in both the find and the git listing.
#
# The patterns are written so that their own text does not match them ([ ] and [i] below), so
# this file passes its own check by construction and no file is exempt.
set -uo pipefail

PATTERNS=(
  '\b(stop|issue|item)s?[ ][0-9]+'
  '\breview[ ]mends?\b'
  '\bsess[i]ons?\b'
)
REGEX=$(IFS='|'; echo "${PATTERNS[*]}")
NAME_REGEX='(^|[^a-z])(stop|issue|item)s?[ _-]*[0-9]+|sess[i]on'

# list_files ROOT: NUL-separated paths relative to ROOT.
list_files() {
  local root=$1
  if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
     [ "$(git -C "$root" rev-parse --show-toplevel)" = "$(cd "$root" && pwd -P)" ]; then
    git -C "$root" ls-files -z
  else
    # Outside a checkout: every file but .git and build trees (a directory with a CMakeCache.txt
    # holds generated files and test logs, not sources).
    (cd "$root" && find . \( -path ./.git -o -type d -exec test -e '{}/CMakeCache.txt' ';' \) -prune \
      -o -type f -print0 | sed -z 's|^\./||')
  fi
}

# check ROOT: print every hit as FILE:LINE: text (FILE: file name ... for a name); 1 if any.
check() {
  local root=$1 names text
  [ -d "$root" ] || { echo "hygiene.sh: $root: not a directory" >&2; return 2; }
  # Names: a number glued to the word by _ or - counts too; the words alone do not.
  names=$(list_files "$root" | tr '\0' '\n' | grep -iE "$NAME_REGEX" | sed 's/$/: file name has a process word/')
  # Text: binary files (-I) and files deleted but still in the index (-s) are skipped.
  text=$(cd "$root" && list_files . | xargs -0 -r grep -nHIisE "$REGEX" --)
  local out
  out=$(printf '%s\n%s\n' "$names" "$text" | sed '/^$/d')
  if [ -n "$out" ]; then
    printf '%s\n' "$out"
    echo "hygiene.sh: $(printf '%s\n' "$out" | wc -l) process word(s): say what the code does and why (CONTRIBUTING.md)" >&2
    return 1
  fi
  echo "hygiene.sh: clean"
  return 0
}

# expect_hit OUTPUT NEEDLE: fail the self-test unless OUTPUT has a line starting with NEEDLE.
expect_hit() {
  if ! grep -qF -- "$2" <<<"$1"; then
    echo "hygiene.sh --selftest: FAIL: no report of $2; output was:" >&2
    printf '%s\n' "$1" >&2
    exit 1
  fi
}

selftest() {
  local out rc
  tmp=$(mktemp -d) || exit 1    # global: the EXIT trap reads it
  trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/src" "$tmp/docs"
  # Words that must not trip the check: a stop bit, issuing, an item list, DualIssue 0.
  printf '%s\n' '/* a stop bit; each warp can issue loads */' 'int items = 3; // DualIssue 0' \
    > "$tmp/src/clean.c"
  printf '%s\n' '# Guide' '' 'Run the stop-watch at item granularity.' > "$tmp/docs/guide.md"
  out=$(check "$tmp" 2>&1); rc=$?
  [ "$rc" -eq 0 ] || { echo "hygiene.sh --selftest: FAIL: clean tree flagged:"; echo "$out"; exit 1; } >&2
  # Plant one line per pattern, at known lines, in different case and file types.
  local w1 w2 w3 w4
  w1="Iss""ue 7"; w2="st""op 42"; w3="review ""mends"; w4="ses""sion"
  printf '%s\n' 'int a;' 'int b;' "/* see $w1 */" > "$tmp/src/planted.c"
  printf '%s\n' '# Guide' "Figures of $w2." 'More text.' "Done in one $w4." > "$tmp/docs/guide.md"
  printf '%s\n' "# $w3" > "$tmp/src/build.cmake"
  printf 'x\n' > "$tmp/docs/iss""ue_12_notes.md"
  # A build tree (CMakeCache.txt) holds generated files and logs: never checked.
  mkdir -p "$tmp/build" && : > "$tmp/build/CMakeCache.txt" && printf '%s\n' "$w1" > "$tmp/build/test.log"
  for mode in find git; do
    if [ "$mode" = git ]; then
      printf 'build/\n' > "$tmp/.gitignore"   # as the project ignores its build trees
      git -C "$tmp" init -q && git -C "$tmp" add -A || { echo "hygiene.sh --selftest: git init failed" >&2; exit 1; }
      # An untracked file is not part of the tree: the git listing must not report it.
      printf '%s\n' "$w1" > "$tmp/untracked.txt"
    fi
    out=$(check "$tmp" 2>&1); rc=$?
    [ "$rc" -eq 1 ] || { echo "hygiene.sh --selftest ($mode): FAIL: exit $rc, expected 1:"; echo "$out"; exit 1; } >&2
    expect_hit "$out" "src/planted.c:3:"
    expect_hit "$out" "docs/guide.md:2:"
    expect_hit "$out" "docs/guide.md:4:"
    expect_hit "$out" "src/build.cmake:1:"
    expect_hit "$out" "docs/iss""ue_12_notes.md: file name"
    if grep -q "build/test.log" <<<"$out"; then echo "hygiene.sh --selftest ($mode): FAIL: a build tree was checked" >&2; exit 1; fi
    if grep -q "clean.c" <<<"$out"; then echo "hygiene.sh --selftest ($mode): FAIL: clean.c flagged" >&2; exit 1; fi
    if [ "$mode" = git ] && grep -q "untracked.txt" <<<"$out"; then
      echo "hygiene.sh --selftest (git): FAIL: an untracked file was checked" >&2; exit 1
    fi
  done
  echo "hygiene.sh --selftest: the check passes a clean tree and names every planted line"
}

case "${1:-}" in
  --selftest) selftest ;;
  -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
  -*) echo "hygiene.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  *) root=${1:-$(cd "$(dirname "$0")/../.." && pwd -P)}; check "$root"; exit $? ;;
esac
