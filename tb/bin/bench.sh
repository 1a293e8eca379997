#!/usr/bin/env bash
# bench.sh: cycles per second of each block of the block list in c, rtl, lockstep and
# lockstep + FST, on its manifest's BENCH_CONFIG with its BENCH_CYCLES_* cycle counts
# (tb/blocks/<b>/manifest.sh), then the other areas' figures (tb/bench.d/*.sh: the GPU
# model, VPI and cocotb). Stimulus is recorded first, so only the models are timed; each
# figure is the best of 3 runs. Figures vary with the machine; they are printed (and kept
# in build/bench/), never asserted.
# Usage: tb/bin/bench.sh [--base REV] [--only AREAS]   (make bench [BASE=REV] [BENCH=AREAS])
#   --base REV    before and after in one run: REV (a commit, tag or branch) is cloned into
#                 build/bench/base/ and built there, and every figure is measured for it and
#                 for this tree side by side, block by block (the two runs of a figure back
#                 to back, so a busy machine slows both alike); a summary table at the end
#                 (build/bench/compare.txt). REV's own build folders and flags are used.
#   --only AREAS  a comma-separated subset of: blocks, gpu, vpi (default all)
set -eu
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
base_rev="" only="blocks,gpu,vpi"
die() { echo "tb/bin/bench.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --base) [ $# -ge 2 ] && [ -n "$2" ] || die "--base needs a commit"; base_rev=$2; shift 2 ;;
    --only) [ $# -ge 2 ] && [ -n "$2" ] || die "--only needs a list"; only=$2; shift 2 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for a in ${only//,/ }; do
  case "$a" in blocks|gpu|vpi) ;; *) die "--only $a: must be blocks, gpu or vpi" ;; esac
done
want() { case ",$only," in *",$1,"*) return 0 ;; esac; return 1; }
. tb/lib/blocks.sh
out=build/bench; mkdir -p "$out"

# the roots measured: "now" (this tree), and "base" (REV's clone) first when asked
ROOTS=("now=$top")
if [ -n "$base_rev" ]; then
  sha=$(git rev-parse --verify -q "$base_rev^{commit}") || die "--base $base_rev: not a commit of this repository"
  bdir=$top/$out/base
  if [ "$(git -C "$bdir" rev-parse HEAD 2>/dev/null)" != "$sha" ]; then
    rm -rf "$bdir"
    git clone -q --shared --no-checkout "$top" "$bdir" && git -C "$bdir" checkout -q --detach "$sha" ||
      die "--base $base_rev: could not clone it into $bdir"
  fi
  echo "bench: base $base_rev = $(git -C "$bdir" log -1 --format='%h %s' | cut -c1-90)"
  make -s -C "$bdir" tools >/dev/null || die "--base $base_rev: make tools failed in $bdir"
  ROOTS=("base=$bdir" "now=$top")
fi
make -s tools >/dev/null
export BENCH_ROOTS="${ROOTS[*]}"
: >"$out/compare.tsv"   # area, item, figure, root, value (the summary table reads it)
note() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$top/$out/compare.tsv"; }
rate() { sed -n 's/.*= \([0-9]*\) cycles\/s.*/\1/p' <<<"$1"; }

if want blocks; then
  for b in $(blocks); do
    manifest "$b"
    cfg_args "$BENCH_CONFIG"
    : >"$out/$b.txt"
    echo "${b^^} (${BENCH_CONFIG:-defaults}) -- best of 3 runs each" | tee -a "$out/$b.txt"
    for r in "${ROOTS[@]}"; do
      name=${r%%=*} root=${r#*=}
      "$root/tb/bin/run" "$b" "${CFG[@]}" --build-only >/dev/null   # builds are not timed
      best() { # best MODE CYCLES [extra]: highest cycles/s of three runs
        local m=$1 n=$2; shift 2
        for _ in 1 2 3; do "$root/tb/bin/run" "$b" "${CFG[@]}" --seed 1 --bench --mode "$m" --cycles "$n" "$@"; done |
          sort -t= -k2 -n | tail -n1
      }
      c=$(best c "$BENCH_CYCLES_C")
      rt=$(best rtl "$BENCH_CYCLES_RTL")
      l=$(best lockstep "$BENCH_CYCLES_LOCKSTEP")
      f=$(best lockstep "$BENCH_CYCLES_FST" --fst "$top/$out/bench.fst")
      rm -f "$out/bench.fst" "$out/bench.gtkw"
      [ "$name" = now ] && printf '%s\n' "$c" "$rt" "$l" "$f" >>"$out/$b.txt"
      note blocks "$b" c "$name" "$(rate "$c")"
      note blocks "$b" rtl "$name" "$(rate "$rt")"
      note blocks "$b" lockstep "$name" "$(rate "$l")"
      note blocks "$b" fst "$name" "$(rate "$f")"
      awk -v n="$name" -v c="$(rate "$c")" -v r="$(rate "$rt")" -v l="$(rate "$l")" -v f="$(rate "$f")" 'BEGIN {
        pre = (n == "now") ? "summary: " : "summary (" n "): "
        printf "%sc %.1f M/s, rtl %.2f M/s, lockstep %.2f M/s, lockstep+fst %.2f M/s\n", pre, c/1e6, r/1e6, l/1e6, f/1e6
        printf "%slockstep/rtl = %.2f (target >= 0.9), lockstep+fst %.2f M/s (target >= 0.5), c/rtl = %.1fx (target >= 10x)\n", pre, l/r, f/1e6, c/r }' |
        tee -a "$out/$b.txt"
    done
    echo
  done
fi
# the other areas add their figures as fragments tb/bench.d/NN-name.sh (each reads
# BENCH_ROOTS and writes its figures with bench_note, see tb/bench.d/30-gpu.sh)
for frag in tb/bench.d/*.sh; do
  [ -e "$frag" ] || continue
  area=$(basename "$frag" .sh); area=${area#*-}
  want "$area" || continue
  echo
  BENCH_COMPARE=$top/$out/compare.tsv bash "$frag"
done
[ ${#ROOTS[@]} -gt 1 ] && python3 tb/bench.d/compare.py "$out/compare.tsv" | tee "$out/compare.txt"
exit 0
