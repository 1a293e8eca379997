#!/usr/bin/env bash
# tb/cocotb/run.sh: cocotb tests (tb/cocotb/test_blk.py) of a block's RTL against its C
# model (build/cocotb/libblkc.so through ctypes), under Icarus or Verilator. Builds what
# it needs; cocotb itself comes from mk/deps.sh (pinned version).
#
# Usage: tb/cocotb/run.sh [--sim icarus|verilator|both]  every block of the block list: the
#                                                       random tests on its manifest's
#                                                       MAIN_CONFIG, and every vector file
#        tb/cocotb/run.sh [--sim S] BLOCK [--preset P] [--config K=V,...] [--vec FILE]...
#                         [--test test_vectors,test_random_stim,test_random_py]
#                         [--seed N] [--cycles N] [--pycycles N] [--knobs k=v,...]
#                         [--print FILE] [--rtl-dir DIR] [--bench] [--build-only]
#
# --vec FILE (repeatable; all of one configuration) runs test_vectors on those files.
# --print FILE: test_random_stim's cycles as vector lines (as `tb/bin/run ... --print`).
# Exit: 0 every test passed, 1 a test failed (a mismatch), 2 bad input or no results.
set -uo pipefail
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
PROG=tb/cocotb/run.sh
. "$top/tb/lib/sim_args.sh"   # die, need, sim_opt, sim_numbers, vec_pc, sim_block, sim_build
sim=both block="" preset="" config="" tests="" seed=1 cycles=2000 pycycles=1000 knobs=""
print="" rtl_dir="" bench=0 build_only=0 vecs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --vec) need "$@"; vecs+=("$2"); shift 2 ;;
    --test) need "$@"; tests=$2; shift 2 ;;
    --pycycles) need "$@"; pycycles=$2; shift 2 ;;
    --print) need "$@"; print=$2; shift 2 ;;
    *) sim_opt "$@"; shift $SIM_SHIFT ;;
  esac
done
sim_numbers "$seed" "$cycles" "$pycycles"
for t in ${tests//,/ }; do
  case "$t" in test_vectors|test_random_stim|test_random_py) ;; *) die "--test $t: must be test_vectors, test_random_stim or test_random_py" ;; esac
done
cd "$top"
# where cocotb is (one Python start: cocotb-config behind a pyenv shim costs 0.1 s a call)
coco=$(python3 - <<'EOF' 2>/dev/null
import os, sys, cocotb
from find_libpython import find_libpython
d = os.path.dirname(cocotb.__file__)
print(cocotb.__version__, sys.executable, os.path.join(d, "libs"), os.path.join(d, "share"),
      find_libpython() or "-", sys.prefix if sys.prefix == sys.base_prefix else "-")
EOF
) || die "cocotb is not installed (mk/deps.sh installs it)"
read -r coco_ver py coco_lib coco_share libpython pyhome <<<"$coco"
[ "$libpython" != - ] || die "cocotb cannot find the shared libpython (Debian: apt-get install python3-dev)"
mkdir -p build/cocotb
mkdir -p build/vpi
flock build/vpi/.checker.lock make -s --no-print-directory -f tb/cocotb/cocotb.mk lib COCO_LIB="$coco_lib" COCO_SHARE="$coco_share" >&2 \
  || die "building the C model library failed"
. tb/lib/blocks.sh   # blocks, manifest, cfg_args

# ---- no block: every block, every simulator asked for
if [ -z "$block" ]; then
  [ -z "$preset$config$tests$knobs$print$rtl_dir" ] && [ ${#vecs[@]} = 0 ] && [ $bench$build_only = 00 ] \
    || die "options need a BLOCK (one of: $(blocks | tr '\n' ' ' | sed 's/ $//'))"
  sims=(icarus verilator); [ "$sim" != both ] && sims=("$sim")
  rc=0
  for b in $(blocks); do
    manifest "$b" || { rc=1; continue; }
    cfg_args "$MAIN_CONFIG"
    for s in "${sims[@]}"; do
      "$0" --sim "$s" "$b" "${CFG[@]}" --test test_random_stim,test_random_py --seed "$seed" || rc=1
      # directed: the vector files grouped by the configuration they were written for
      declare -A groups=()
      for v in "${VECTORS[@]}"; do
        IFS='|' read -r p c <<<"$(vec_pc "$v")"
        a=(); [ -n "$p" ] && a+=(--preset "$p"); [ -n "$c" ] && a+=(--config "$c")
        t=$(build/bin/portgen "$b" "${a[@]}" --tag) || { rc=1; continue; }
        groups[$t]="${groups[$t]:-} $v"
      done
      for t in $(printf '%s\n' "${!groups[@]}" | sort); do
        va=(); for v in ${groups[$t]}; do va+=(--vec "$v"); done
        "$0" --sim "$s" "$b" "${va[@]}" || rc=1
      done
      unset groups
    done
  done
  exit $rc
fi
sim_block
if [ "$sim" = both ]; then
  rc=0
  for s in icarus verilator; do
    a=(--sim "$s" "$block" --seed "$seed" --cycles "$cycles" --pycycles "$pycycles")
    [ -n "$preset" ] && a+=(--preset "$preset"); [ -n "$config" ] && a+=(--config "$config")
    for v in "${vecs[@]}"; do a+=(--vec "$v"); done
    [ -n "$tests" ] && a+=(--test "$tests"); [ -n "$knobs" ] && a+=(--knobs "$knobs")
    [ -n "$rtl_dir" ] && a+=(--rtl-dir "$rtl_dir"); [ -n "$print" ] && a+=(--print "$print.$s")
    [ $bench = 1 ] && a+=(--bench); [ $build_only = 1 ] && a+=(--build-only)
    "$0" "${a[@]}" || { r=$?; [ $r -gt $rc ] && rc=$r; }
  done
  exit $rc
fi

# ---- one block, one simulator
if [ ${#vecs[@]} -gt 0 ]; then
  for v in "${vecs[@]}"; do [ -r "$v" ] || die "$v: cannot open"; done
  if [ -z "$preset$config" ]; then IFS='|' read -r preset config <<<"$(vec_pc "${vecs[0]}")"; fi
  [ -z "$tests" ] && tests=test_vectors
fi
[ -z "$tests" ] && tests=test_vectors,test_random_stim,test_random_py
[ $bench = 1 ] && tests=test_random_stim
# the vector files: all of the configuration run, checked before anything is built
if [ ${#vecs[@]} -gt 0 ]; then
  a=(); [ -n "$preset" ] && a+=(--preset "$preset"); [ -n "$config" ] && a+=(--config "$config")
  want=$(build/bin/portgen "$block" "${a[@]}" --tag 2>&1) || die "${want#portgen: }"
  for v in "${vecs[@]}"; do
    IFS='|' read -r p c <<<"$(vec_pc "$v")"
    a=(); [ -n "$p" ] && a+=(--preset "$p"); [ -n "$c" ] && a+=(--config "$c")
    [ "$(build/bin/portgen "$block" "${a[@]}" --tag 2>/dev/null)" = "$want" ] \
      || die "$v is written for another configuration than $want (one configuration a run)"
  done
fi
export COCO_LIB=$coco_lib COCO_SHARE=$coco_share
sim_build "cocotb-$sim"   # dir, tag, cfgtxt; a bad configuration: one line, exit 2
exe=$dir/sim.vvp; [ "$sim" = verilator ] && exe=$dir/Vtop
[ $build_only = 1 ] && { echo "$exe"; exit 0; }

run=build/cocotb/runs/$sim-$block-$(basename "$dir")-$(echo "$tests $seed $cycles $pycycles $knobs ${vecs[*]}" | md5sum | cut -c1-8)
rm -rf "$run"; mkdir -p "$run"
repro="tb/cocotb/run.sh --sim $sim $block --config '$cfgtxt' --test ${tests%%,*} --seed $seed --cycles $cycles"
[ ${#vecs[@]} -gt 0 ] && repro="tb/cocotb/run.sh --sim $sim $block$(printf ' --vec %s' "${vecs[@]}")"
[ -n "$knobs" ] && repro="$repro --knobs '$knobs'"
[ -n "$rtl_dir" ] && repro="$repro --rtl-dir $rtl_dir"
vec_list=""
for v in "${vecs[@]}"; do vec_list="$vec_list${vec_list:+:}$(cd "$(dirname "$v")" && pwd)/$(basename "$v")"; done
env=(MODULE=test_blk TESTCASE="$tests" TOPLEVEL="${block}_top" TOPLEVEL_LANG=verilog
     COCOTB_RESULTS_FILE="$top/$run/results.xml" RANDOM_SEED=1 COCOTB_REDUCED_LOG_FMT=1
     PYTHONPATH="$top/tb/cocotb${PYTHONPATH:+:$PYTHONPATH}" LIBPYTHON_LOC="$libpython"
     BLK_LIB="$top/build/cocotb/libblkc.so" BLK_BLOCK="$block" BLK_PRESET="$preset" BLK_CONFIG="$config"
     BLK_SIM="$sim" BLK_SEED="$seed" BLK_CYCLES="$cycles" BLK_PYCYCLES="$pycycles" BLK_KNOBS="$knobs"
     BLK_VECS="$vec_list" BLK_PRINT="${print:+$(cd "$(dirname "$print")" 2>/dev/null && pwd)/$(basename "$print")}"
     BLK_SUMMARY="$top/$run/summary.txt" BLK_REPRO="$repro" PYTHONPYCACHEPREFIX="$top/build/cocotb/pycache")
[ "$pyhome" != - ] && env+=(PYTHONHOME="$pyhome")
[ -n "$print" ] && { [ -d "$(dirname "$print")" ] || die "--print $print: no such folder"; }
if [ "$sim" = icarus ]; then
  (cd "$run" && env "${env[@]}" vvp -n -M "$coco_lib" -m libcocotbvpi_icarus "$exe") >"$run/sim.log" 2>&1
else
  (cd "$run" && env "${env[@]}" "$exe") >"$run/sim.log" 2>&1
fi
# the verdict from cocotb's results file
res=$("$py" - "$run/results.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
try:
    cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
except Exception:
    print("none"); sys.exit()
bad = [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
print(len(cases), len(bad), " ".join(bad))
EOF
)
[ -f "$run/summary.txt" ] && sed "s/^/cocotb $sim $block /" "$run/summary.txt"
if [ "$res" = none ]; then
  echo "tb/cocotb/run.sh: no results from cocotb ($sim); log: $run/sim.log" >&2
  tail -n 15 "$run/sim.log" >&2
  exit 2
fi
read -r ntests nbad badnames <<<"$res"
echo "cocotb $sim $block $tag: $ntests tests, $nbad failed${badnames:+ ($badnames)} -- log: $run/sim.log"
if [ "$nbad" != 0 ]; then
  sed -n '/MISMATCH$/,/reproduce:/p' "$run/sim.log" >&2
  grep -E 'AssertionError|expected .*, got' "$run/sim.log" | head -n 5 >&2
  exit 1
fi
exit 0
