#!/usr/bin/env bash
# lint.sh: the RTL quality gates (waivers only in tb/lint/waivers.vlt, each with its reason).
#   rtl/common/*.v as a whole: verilator --lint-only -Wall with each module as the top
#     (default parameters), Icarus and Yosys 0.23 elaborate every module
#   every block of the block list, from its manifest (tb/blocks/<b>/manifest.sh):
#     verilator -Wall and Icarus over LINT_CONFIGS, Yosys over LINT_YOSYS_CONFIGS, the
#     `ifdef FORMAL properties elaborate (LINT_FORMAL), and the RTL's ports match the port
#     list: the wrapper portgen generates for each LINT_PORT_CONFIGS configuration (every
#     port, and the pr_* state probes read by hierarchical reference into u_dut) lints
#     clean with the block's RTL, plain and with -DBLK_WAVES (the lockstep engine's form)
# Usage: tb/lint/lint.sh   (make lint; no arguments)
# Exit 0 only if every gate passed; each failure is one "lint: ..." line and the tool's words.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
mkdir -p build/lint
rc=0
common=(rtl/common/*.v)

# ---- rtl/common as a whole
mods=()
for f in "${common[@]}"; do
  for m in $(sed -n 's/^[[:space:]]*module[[:space:]]\+\([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$f"); do
    mods+=("$m")
    if ! verilator --lint-only -Wall tb/lint/waivers.vlt "${common[@]}" --top-module "$m"; then
      echo "lint: verilator -Wall failed for rtl/common module $m ($f)"; rc=1
    fi
  done
done
if ! iverilog -g2005 -Wall -o build/lint/common.vvp "${common[@]}"; then
  echo "lint: icarus rejected rtl/common/*.v"; rc=1
fi
if ! yosys -q -p "read_verilog ${common[*]}; hierarchy; proc; check -assert" >build/lint/yosys-common.log 2>&1; then
  echo "lint: yosys rejected rtl/common/*.v:"; tail -n 5 build/lint/yosys-common.log; rc=1
fi
[ $rc = 0 ] && echo "lint: rtl/common: ${#mods[@]} modules (${mods[*]}) clean under verilator -Wall, icarus and yosys"

# ---- every block
make -s -C "$top" portgen || { echo "lint: cannot build portgen"; exit 1; }
lint_block() { # lint_block B: every gate for one block; status 1 if any failed
  local b=$1 brc=0 c ok kv p n s d
  manifest "$b" || return 1
  rtl=("${common[@]}" rtl/"$b"/*.v)
  for c in "${LINT_CONFIGS[@]}"; do
    # shellcheck disable=SC2086
    if ! verilator --lint-only -Wall $c tb/lint/waivers.vlt "${rtl[@]}" --top-module "$b"; then
      echo "lint: verilator -Wall failed for $b ${c:-(defaults)}"; brc=1
    fi
  done
  [ $brc = 0 ] && echo "lint: $b: verilator -Wall clean over ${#LINT_CONFIGS[@]} configurations"
  ok=1
  for c in "${LINT_CONFIGS[@]}"; do
    # shellcheck disable=SC2086
    if ! iverilog -g2005 -Wall -o "build/lint/$b.vvp" ${c//-G/-P$b.} -s "$b" "${rtl[@]}"; then
      echo "lint: icarus rejected $b ${c:-(defaults)}"; ok=0; brc=1
    fi
  done
  [ $ok = 1 ] && echo "lint: $b: icarus ($(iverilog -V 2>/dev/null | head -n1 | cut -d' ' -f1-4)) accepts the RTL in ${#LINT_CONFIGS[@]} configurations"
  ok=1
  for c in "${LINT_YOSYS_CONFIGS[@]}"; do
    p=""
    for kv in $c; do kv=${kv#-G}; p="$p -set ${kv%%=*} ${kv#*=}"; done
    [ -n "$p" ] && p="chparam$p $b;"
    if ! yosys -q -p "read_verilog -defer ${rtl[*]}; ${p} hierarchy -top $b; proc; check -assert; stat" >"build/lint/yosys-$b.log" 2>&1; then
      echo "lint: yosys rejected $b (${c:-defaults}):"; tail -n 5 "build/lint/yosys-$b.log"; ok=0; brc=1
    fi
  done
  [ $ok = 1 ] && echo "lint: $b: $(yosys -V | cut -d' ' -f1-2) accepts the RTL in ${#LINT_YOSYS_CONFIGS[@]} configurations (hierarchy, proc, check -assert)"
  if [ "$LINT_FORMAL" -gt 0 ]; then
    n=$(yosys -p "read_verilog -formal -DFORMAL ${rtl[*]}; hierarchy -top $b; proc; stat" 2>&1 |
        awk '$1 == "$assert" {print $2; exit}')
    if [ "${n:-0}" -ge "$LINT_FORMAL" ]; then echo "lint: $b: yosys elaborates $n FORMAL assertions"
    else echo "lint: $b: FORMAL properties did not elaborate (${n:-0} assertions, want >= $LINT_FORMAL)"; brc=1; fi
  fi
  # ports and probes: the wrapper generated from the port list connects every RTL port
  # with the same width and reads every probed register
  ok=1
  for s in "${LINT_PORT_CONFIGS[@]}"; do
    cfg_args "$s"
    if ! build/bin/portgen "$b" "${CFG[@]}" --wrapper "build/lint/${b}_top.v" --glue "build/lint/$b-glue.h"; then
      echo "lint: portgen failed for $b ${s:-(defaults)}"; ok=0; brc=1; continue
    fi
    # as the VPI/cocotb harnesses use it, and as the lockstep engine's build (waveform inputs)
    for d in "" -DBLK_WAVES; do
      # shellcheck disable=SC2086
      if ! verilator --lint-only -Wall $d tb/lint/waivers.vlt "build/lint/${b}_top.v" "${rtl[@]}" --top-module "${b}_top"; then
        echo "lint: rtl/$b ports or probes differ from cmodel/blocks/$b/${b}_ports.def (${s:-defaults}${d:+, $d})"; ok=0; brc=1
      fi
    done
  done
  [ $ok = 1 ] && echo "lint: $b: rtl/$b ports and state probes match cmodel/blocks/$b/${b}_ports.def in ${#LINT_PORT_CONFIGS[@]} configurations"
  return $brc
}
# two blocks at a time (LINT_JOBS), each block's lines printed together, in block order
jobs_max=${LINT_JOBS:-2}
list=($(blocks))
for b in "${list[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  rm -f "build/lint/$b.rc"
  ( lint_block "$b"; echo $? >"build/lint/$b.rc" ) >"build/lint/$b.out" 2>&1 &
done
wait
for b in "${list[@]}"; do
  cat "build/lint/$b.out"
  [ "$(cat "build/lint/$b.rc" 2>/dev/null)" = 0 ] || rc=1
done
exit $rc
