#!/usr/bin/env bash
# tb/vpi/run.sh: the C VPI checker (tb/vpi/blkvpi.c) against a block's RTL, under Icarus
# (vvp -m) or Verilator --vpi (tb/vpi/vlt_host.cpp). Builds what it needs.
#
# Usage: tb/vpi/run.sh [--sim icarus|verilator|both]     every block of the block list: a
#                                                        short random run of its manifest's
#                                                        MAIN_CONFIG (and, under Icarus,
#                                                        every vector)
#        tb/vpi/run.sh [--sim S] BLOCK [--preset P] [--config K=V,...]
#                      (--vec FILE | [--seed N] [--cycles N] [--knobs k=v,...])
#                      [--print] [--fst FILE] [--rtl-dir DIR] [--bench] [--build-only]
#
# Same stimulus, seeds, vector files, --print lines and mismatch report as tb/bin/run's
# lockstep engine. --fst: the whole run as FST (Icarus only) with a .gtkw beside it.
# Exit: 0 passed, 1 mismatch or failed expectation, 2 bad input (one line on stderr).
set -uo pipefail
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
PROG=tb/vpi/run.sh
. "$top/tb/lib/blocks.sh"
. "$top/tb/lib/sim_args.sh"   # die, need, sim_opt, sim_numbers, vec_pc, sim_block, sim_build
sim=both block="" preset="" config="" vec="" seed="" cycles="" knobs="" fst="" rtl_dir=""
print=0 bench=0 build_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --vec) need "$@"; vec=$2; shift 2 ;;
    --fst) need "$@"; fst=$2; shift 2 ;;
    --print) print=1; shift ;;
    *) sim_opt "$@"; shift $SIM_SHIFT ;;
  esac
done
sim_numbers "$seed" "$cycles"
mkdir -p "$top/build/vpi"
flock "$top/build/vpi/.checker.lock" make -s --no-print-directory -f "$top/tb/vpi/vpi.mk" checker >&2 \
  || die "building the VPI checker (and portgen) failed"

# ---- no block: every block, a short demonstration on each simulator
if [ -z "$block" ]; then
  [ -z "$preset$config$vec$seed$cycles$knobs$fst$rtl_dir" ] && [ $print$bench$build_only = 000 ] \
    || die "options need a BLOCK (one of: $(blocks | tr '\n' ' ' | sed 's/ $//'))"
  sims=(icarus verilator); [ "$sim" != both ] && sims=("$sim")
  rc=0
  cd "$top"
  for b in $(blocks); do
    manifest "$b" || { rc=1; continue; }
    cfg_args "$MAIN_CONFIG"
    for s in "${sims[@]}"; do
      n=20000; [ "$s" = verilator ] && n=1000000
      "$0" --sim "$s" "$b" "${CFG[@]}" --seed 1 --cycles $n || rc=1
      if [ "$s" = icarus ]; then
        for v in "${VECTORS[@]}"; do
          "$0" --sim icarus "$b" --vec "$v" || rc=1
        done
      fi
    done
  done
  exit $rc
fi

# ---- one block, one or both simulators
if [ "$sim" = both ]; then
  args=("$@")
  rc=0
  for s in icarus verilator; do
    a=(--sim "$s" "$block")
    [ -n "$preset" ] && a+=(--preset "$preset"); [ -n "$config" ] && a+=(--config "$config")
    [ -n "$vec" ] && a+=(--vec "$vec"); [ -n "$seed" ] && a+=(--seed "$seed")
    [ -n "$cycles" ] && a+=(--cycles "$cycles"); [ -n "$knobs" ] && a+=(--knobs "$knobs")
    [ -n "$rtl_dir" ] && a+=(--rtl-dir "$rtl_dir")
    [ $print = 1 ] && a+=(--print); [ $bench = 1 ] && a+=(--bench); [ $build_only = 1 ] && a+=(--build-only)
    [ -n "$fst" ] && [ $s = icarus ] && a+=(--fst "$fst")
    "$0" "${a[@]}" || { r=$?; [ $r -gt $rc ] && rc=$r; }
  done
  exit $rc
fi
[ -z "$fst" ] || [ "$sim" = icarus ] || die "--fst: waveforms come from Icarus (--sim icarus)"
cd "$top"
if [ -n "$vec" ]; then
  [ -r "$vec" ] || die "$vec: cannot open"
  if [ -z "$preset$config" ]; then IFS='|' read -r preset config <<<"$(vec_pc "$vec")"; fi
fi
sim_block
sim_build "vpi-$sim"   # dir, tag, cfgtxt; a bad configuration: one line, exit 2
exe=$dir/sim.vvp; [ "$sim" = verilator ] && exe=$dir/vsim
[ $build_only = 1 ] && { echo "$exe"; exit 0; }

# what the checker is told, and how a mismatch is reproduced
plus=(+blk="$block" +sim="$sim")
[ -n "$preset" ] && plus+=(+preset="$preset")
[ -n "$config" ] && plus+=(+config="$config")
repro="tb/vpi/run.sh --sim $sim $block"
if [ -n "$vec" ]; then
  plus+=(+vec="$vec"); repro="$repro --vec $vec"
else
  plus+=(+seed="${seed:-1}" +cycles="${cycles:-100000}")
  repro="$repro --config '$cfgtxt' --seed ${seed:-1} --cycles ${cycles:-100000}"
  [ -n "$knobs" ] && { plus+=(+knobs="$knobs"); repro="$repro --knobs '$knobs'"; }
fi
[ -n "$rtl_dir" ] && repro="$repro --rtl-dir $rtl_dir"
plus+=(+repro="$repro")
[ $print = 1 ] && plus+=(+print)
[ $bench = 1 ] && plus+=(+bench)
if [ "$sim" = icarus ]; then
  ext=()
  if [ -n "$fst" ]; then
    mkdir -p "$(dirname "$fst")" || die "--fst $fst: cannot create its folder"
    ext=(-fst); plus+=(+fst="$fst" +waves="$fst")
  fi
  # vvp announces the FST file on stdout; keep stdout for the checker's lines
  vvp -n -M build/vpi -m blkvpi "$exe" "${ext[@]}" "${plus[@]}" | grep -v '^FST info: '
  exit "${PIPESTATUS[0]}"
fi
exec "$exe" "${plus[@]}"
