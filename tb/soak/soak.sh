#!/usr/bin/env bash
# tb/soak/soak.sh (make soak [CYCLES=1e8] [BLOCK=b] [SEED=n] [CHUNK=n] [JOBS=n]): long seeded
# lockstep runs across every block and every random configuration of its manifest
# (LOCKSTEP_MATRIX, the whole matrix), in parallel, until CYCLES cycles have run.
# Work comes in units of CHUNK cycles (default 1,000,000), each entry of every block once
# before any twice (the blocks interleaved), unit u with seed SEED + u, state probes every
# cycle. Resumable: each finished unit is a line of build/soak/<SEED>/done.tsv, and a
# second run with the same SEED continues after the units done (a larger CYCLES adds
# more). A progress line after each unit; a mismatch's report and waveform are kept in
# build/soak/<SEED>/mismatch/. Exit 0 when every unit ran clean, 1 on a mismatch or a
# failed run, 2 on bad input. QUICK=1: only the LOCKSTEP_QUICK entries (make test).
# Usage: [CYCLES=1e8] [BLOCK=b] [SEED=n] [CHUNK=n] [JOBS=n] [QUICK=1] tb/soak/soak.sh
#        (no arguments; the settings are variables)
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
unset BLK_COVER  # make test counts its own lockstep runs
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
CYCLES=${CYCLES:-1e8} SEED=${SEED:-1} CHUNK=${CHUNK:-1000000} JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
ONLY=${BLOCK:-}
num() { # num NAME VALUE: a positive integer, plain or as 1e8 / 2.5e6
  local v
  v=$(python3 -c 'import sys
try:
    x = float(sys.argv[1]); assert x >= 1 and x <= 1e13 and x == int(x); print(int(x))
except Exception:
    sys.exit(1)' "$2") || { echo "soak: $1='$2': want a whole number from 1 to 1e13 (e.g. 1e8)" >&2; exit 2; }
  echo "$v"
}
CYCLES=$(num CYCLES "$CYCLES") || exit 2
SEED=$(num SEED "$SEED") || exit 2
CHUNK=$(num CHUNK "$CHUNK") || exit 2
JOBS=$(num JOBS "$JOBS") || exit 2
if [ -n "$ONLY" ] && ! blocks | grep -qx -- "$ONLY"; then
  echo "soak: unknown block '$ONLY' (blocks: $(blocks | tr '\n' ' '))" >&2; exit 2
fi
D=build/soak/$SEED
mkdir -p "$D/mismatch"
touch "$D/done.tsv"

# the entries, block by block: "block|spec|knobs"
entries=()
for b in $(blocks); do
  [ -n "$ONLY" ] && [ "$b" != "$ONLY" ] && continue
  manifest "$b" || exit 2
  i=0
  for e in "${LOCKSTEP_MATRIX[@]}"; do
    i=$((i + 1))
    # QUICK=1: the entries make test runs (LOCKSTEP_QUICK; their builds exist)
    [ "${QUICK:-0}" = 1 ] && ! TEST_FULL=0 quick "$LOCKSTEP_QUICK" "$i" && continue
    kn=${e#*|}; [ "$kn" = "$e" ] && kn=""
    entries+=("$b|${e%%|*}|$kn")
  done
done
[ ${#entries[@]} -gt 0 ] || { echo "soak: no random configurations to run" >&2; exit 2; }
# the units: every entry once before any twice, the blocks interleaved (entry k of each
# block, then entry k+1 ...), until CYCLES
units=$(( (CYCLES + CHUNK - 1) / CHUNK ))
declare -A by_block
order=()
for e in "${entries[@]}"; do b=${e%%|*}; [ -z "${by_block[$b]:-}" ] && order+=("$b"); by_block[$b]="${by_block[$b]:-}${e}"$'\n'; done
seq_entries=()
for ((k = 0; ; k++)); do
  more=0
  for b in "${order[@]}"; do
    mapfile -t list <<<"${by_block[$b]%$'\n'}"
    if [ "$k" -lt ${#list[@]} ]; then seq_entries+=("${list[$k]}"); more=1; fi
  done
  [ $more = 1 ] || break
done
plan=$D/plan.tsv
: >"$plan"
for ((u = 0; u < units; u++)); do
  printf '%d\t%s\n' "$u" "${seq_entries[$((u % ${#seq_entries[@]}))]}" >>"$plan"
done
# build every configuration first (two at a time), so the units only run
cut -f2 "$plan" | cut -d'|' -f1,2 | sort -u | while IFS='|' read -r b spec; do
  printf '%s|%s\n' "$b" "$spec"
done >"$D/builds.txt"
echo "soak: $units units of $CHUNK cycles ($CYCLES cycles) over ${#entries[@]} configurations of ${#order[@]} blocks, seed $SEED, $JOBS jobs; building $(wc -l <"$D/builds.txt") configurations"
build_one() {
  local b spec; IFS='|' read -r b spec <<<"$1"
  cfg_args "$spec"
  tb/bin/run "$b" "${CFG[@]}" --build-only >/dev/null 2>"$D/build-$b-$(echo "$spec" | md5sum | cut -c1-8).log" ||
    { echo "soak: building $b '$spec' failed ($D/build-$b-*.log)" >&2; return 1; }
}
export -f build_one cfg_args cfg_split
export D
xargs -P "$JOBS" -I{} -d '\n' bash -c 'build_one "$1"' _ {} <"$D/builds.txt" || exit 1

run_unit() { # run_unit "u<TAB>block|spec|knobs"
  local u rest b spec kn seed out rc t0 line
  u=${1%%$'\t'*}; rest=${1#*$'\t'}
  IFS='|' read -r b spec kn <<<"$rest"
  grep -q "^$u	" "$D/done.tsv" && return 0
  seed=$((SEED + u))
  cfg_args "$spec"
  t0=$(date +%s.%N)
  out=$(tb/bin/run "$b" --mode lockstep "${CFG[@]}" --seed "$seed" --cycles "$CHUNK" ${kn:+--knobs "$kn"} \
        --out "$D/mismatch" 2>&1)
  rc=$?
  line=$(printf '%s\n' "$out" | grep -m1 ' lockstep .*cycles,')
  local n res
  n=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) cycles,.*/\1/p')
  case $rc in 0) res=clean ;; 1) res=MISMATCH ;; *) res=FAILED ;; esac
  [ $rc = 0 ] || printf '%s\n' "$out" >"$D/unit-$u.log"
  (
    flock 9
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\n' "$u" "$b" "$spec" "$kn" "$seed" "${n:-0}" "$res" \
      "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" >>"$D/done.tsv"
    awk -F'\t' -v tot="$TOTAL" -v t0="$T0" -v now="$(date +%s)" '
      { c += $6; if ($7 != "clean") m++ ; n++ }
      END { el = now - t0; printf "soak: %d/%d units, %.3g of %.3g cycles (%.0f%%), %d mismatch%s, %d s%s\n",
            n, units, c, tot, 100 * c / tot, m, m == 1 ? "" : "es", el,
            (c > 0 && el > 0 && c < tot) ? sprintf(", about %d s to go", (tot - c) * el / (c - base > 0 ? c - base : c)) : "" }' \
      units="$UNITS" base="$BASE" "$D/done.tsv"
    [ "$res" = clean ] || echo "soak: unit $u $b '$spec' seed $seed: $res (log $D/unit-$u.log)"
  ) 9>"$D/.lock"
}
export -f run_unit
export SEED CHUNK TOTAL=$CYCLES UNITS=$units T0=$(date +%s)
export BASE=$(awk -F'\t' '{ c += $6 } END { print c + 0 }' "$D/done.tsv")
xargs -P "$JOBS" -I{} -d '\n' bash -c 'run_unit "$1"' _ {} <"$plan"
# the summary over the planned units
awk -F'\t' 'NR == FNR { want[$1] = 1; next } ($1 in want) { c += $6; n++; if ($7 != "clean") m++; blk[$2] = 1; cf[$2 "|" $3 "|" $4] = 1; t += $8 }
  END { nb = 0; for (k in blk) nb++; nc = 0; for (k in cf) nc++
        printf "soak: %d cycles in %d units (%d blocks, %d configurations), %d mismatch%s; %.0f s of runs\n",
               c, n, nb, nc, m, m == 1 ? "" : "es", t
        exit (m > 0 || n < length(want)) ? 1 : 0 }' "$plan" "$D/done.tsv"
