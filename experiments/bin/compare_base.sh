#!/usr/bin/env bash
# compare_base.sh: the GPU model against an older build of itself, counter by counter.
# Usage: experiments/bin/compare_base.sh [--base BIN] [--new BIN] [--out DIR] [--kind KIND] [case ...]
# A case is WORKLOAD:SCALE[:PRESET] (default: atax syrk 2dconv fdtd at 0.1, atax syrk at
# 0.25, and bicg on dl1d (GTO) and gesummv on clams (32 SMs) at 0.1); each runs with
# --KIND off and on in both builds (KIND: the first listed block with a GPU driver,
# cmodel/blocks/<b>/<b>_gpu.c, unless --kind names another). The JSON "counters" sections
# must be byte-identical, after the key renames listed in RENAMES below (old=new; none
# so far: the hook-point split kept every key, the blocks' counters are
# "<kind>_<counter>" as MRPB's were). For a change that must not move any result (a
# refactor), against the commit before it; [platform] was checked against 56c6ce1;
# [gpu-fidelity] changed the model's semantics on purpose (docs/deviations.md G12) and
# added the key l1_pending_hit_rate, so compare later changes with a build from after it.
# Not part of `make test`: it needs the old tree,
#   git worktree add /tmp/gpu-base <commit> && make -C /tmp/gpu-base -s tools
# which is the default --base (/tmp/gpu-base/build/bin/gpusim). Exit 1 on any difference.
set -uo pipefail
. "$(dirname "$0")/../../tb/lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
base=/tmp/gpu-base/build/bin/gpusim new=build/bin/gpusim out=build/compare-base kind=
RENAMES=""   # "old_key=new_key ..." (sed on the old JSON)
cases=()
while [ $# -gt 0 ]; do
  case "$1" in
    --base) base=$2; shift 2 ;;
    --new) new=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --kind) kind=$2; shift 2 ;;
    -*) echo "compare_base.sh: unknown option $1" >&2; exit 2 ;;
    *) cases+=("$1"); shift ;;
  esac
done
[ ${#cases[@]} -gt 0 ] || cases=(atax:0.1 syrk:0.1 2dconv:0.1 fdtd:0.1 atax:0.25 syrk:0.25 bicg:0.1:dl1d gesummv:0.1:clams)
if [ -z "$kind" ]; then
  . tb/lib/blocks.sh
  for b in $(blocks); do [ -f "cmodel/blocks/$b/${b}_gpu.c" ] && { kind=$b; break; }; done
  [ -n "$kind" ] || { echo "compare_base.sh: no block with a GPU driver in the block list" >&2; exit 2; }
fi
[ -x "$base" ] || { echo "compare_base.sh: no old build at $base (see the header)" >&2; exit 2; }
[ "$new" != build/bin/gpusim ] || make -s tools >/dev/null || exit 2
mkdir -p "$out"
ren=()
for r in $RENAMES; do ren+=(-e "s/\"${r%%=*}\":/\"${r#*=}\":/"); done
bad=0 n=0
printf '%-8s %-5s %-7s %-4s %12s %12s  %s\n' workload scale preset "$kind" "cycles old" "cycles new" counters
for c in "${cases[@]}"; do
  IFS=: read -r w s p <<<"$c"
  p=${p:-base-s}
  for m in off on; do
    o=$out/$w-$s-$p-$m
    if ! "$base" --config "$p" --workload "$w" --scale "$s" "--$kind" "$m" --quiet --json "$o.old.json" >"$o.old.log" 2>&1 ||
       ! "$new" --config "$p" --workload "$w" --scale "$s" "--$kind" "$m" --quiet --json "$o.new.json" >"$o.new.log" 2>&1; then
      printf '%-8s %-5s %-7s %-4s  run failed: see %s.{old,new}.log\n' "$w" "$s" "$p" "$m" "$o"; bad=1; continue
    fi
    sed -n '/"counters"/,$p' "$o.old.json" >"$o.old.ctr"
    [ ${#ren[@]} -eq 0 ] || sed -i "${ren[@]}" "$o.old.ctr"
    sed -n '/"counters"/,$p' "$o.new.json" >"$o.new.ctr"
    co=$(sed -n 's/.*"cycles": \([0-9]*\),/\1/p' "$o.old.ctr" | head -1)
    cn=$(sed -n 's/.*"cycles": \([0-9]*\),/\1/p' "$o.new.ctr" | head -1)
    keys=$(grep -c '": ' "$o.new.ctr")
    if cmp -s "$o.old.ctr" "$o.new.ctr"; then
      r="identical ($keys lines)"
    else
      r="DIFFERENT: diff $o.old.ctr $o.new.ctr"; bad=1
    fi
    n=$((n + 1))
    printf '%-8s %-5s %-7s %-4s %12s %12s  %s\n' "$w" "$s" "$p" "$m" "$co" "$cn" "$r"
  done
done
echo "$n runs compared: $([ $bad = 0 ] && echo 'every counter identical' || echo 'DIFFERENCES')"
exit $bad
