#!/usr/bin/env bash
# tb/cover/cover.sh: a block's functional coverage from its C model alone (fast; make
# test counts the same points in its lockstep runs).
# Usage: tb/cover/cover.sh BLOCK [--full] [--file F]
# Runs the manifest's random entries (LOCKSTEP_MATRIX; its LOCKSTEP_QUICK subset unless
# --full, each --seed i and LOCKSTEP_CYCLES cycles as make test does) and its vectors with
# `blkrun --cover`, then prints every cover point (blk.h, c_cover) with its count.
# --file F: only summarise an existing count file (lines "cover BLOCK POINT N").
# BLKRUN=path: another build of blkrun-c runs the stimuli (tb/cover/gcov.sh: --coverage);
# COUNTS=path: where the counts go (default build/cover/BLOCK-c.txt).
# Exit 0 if every point was reached, 1 if one was not, 2 on bad input.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
b=${1:-}
[ -n "$b" ] || { echo "usage: tb/cover/cover.sh BLOCK [--full] [--file F]" >&2; exit 2; }
shift
full=0 file=""
while [ $# -gt 0 ]; do
  case $1 in
    --full) full=1; shift ;;
    --file) file=${2:-}; shift 2 || shift ;;
    *) echo "cover: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
manifest "$b" || exit 2
if [ -z "$file" ]; then
  run=${BLKRUN:-build/bin/blkrun-c}
  [ -n "${BLKRUN:-}" ] || make -s tools >/dev/null || exit 2
  file=${COUNTS:-build/cover/$b-c.txt}
  mkdir -p "$(dirname "$file")"
  : >"$file"
  i=0
  for e in "${LOCKSTEP_MATRIX[@]}"; do
    i=$((i + 1))
    [ "$full" = 1 ] || TEST_FULL=0 quick "$LOCKSTEP_QUICK" "$i" || continue
    cfg_args "${e%%|*}"
    kn=${e#*|}
    [ "$kn" = "$e" ] && kn=""
    "$run" "$b" --mode c "${CFG[@]}" --seed "$i" --cycles "$LOCKSTEP_CYCLES" \
      ${kn:+--knobs "$kn"} --cover "$file" >/dev/null || { echo "cover: $b entry $i failed" >&2; exit 2; }
  done
  for v in "${VECTORS[@]}"; do
    "$run" "$b" --mode c --vec "$v" --cover "$file" >/dev/null 2>&1 || { echo "cover: $b $v failed" >&2; exit 2; }
  done
fi
[ -r "$file" ] || { echo "cover: $file: cannot read" >&2; exit 2; }
awk -v b="$b" '$1 == "cover" && $2 == b { if (!($3 in n)) { order[++k] = $3; n[$3] = 0 } n[$3] += $4 }
  END {
    if (k == 0) { printf "cover %s: no cover points counted (does the C model list cover_names?)\n", b; exit 1 }
    miss = 0
    for (i = 1; i <= k; i++) { p = order[i]; printf "  %-24s %12d%s\n", p, n[p], n[p] ? "" : "   NOT REACHED"; if (!n[p]) { miss++; m = m " " p } }
    printf "cover %s: %d of %d points reached%s\n", b, k - miss, k, miss ? " (not:" m ")" : ""
    exit miss ? 1 : 0
  }' "$file"
