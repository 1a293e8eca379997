#!/usr/bin/env bash
# lint.sh: the RTL quality gates. verilator --lint-only -Wall clean over several
# configurations (waivers only in tb/lint/waivers.vlt), Icarus and Yosys 0.23 accept
# it, and the RTL's ports match the port list (the generated wrapper lints clean).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
rtl=(rtl/common/*.v rtl/mrpb/*.v)
cfgs=("" "-GDrain=1 -GGreedy=1" "-GDrain=2 -GNumQ=8 -GSig=1 -GFlush=0" "-GNumQ=32 -GSig=2 -GLatency=18"
      "-GNumQ=1 -GDepth=1 -GLatency=3" "-GNumQ=64 -GDepth=32 -GDrain=2 -GAddrW=64 -GPcW=64 -GTagW=32")
rc=0
for c in "${cfgs[@]}"; do
  # shellcheck disable=SC2086
  if ! verilator --lint-only -Wall $c tb/lint/waivers.vlt "${rtl[@]}" --top-module mrpb; then
    echo "lint: verilator -Wall failed for mrpb ${c:-(defaults)}"; rc=1
  fi
done
echo "lint: verilator -Wall clean over ${#cfgs[@]} configurations"
mkdir -p build/lint
ok=1
for c in "${cfgs[@]}"; do
  # shellcheck disable=SC2086
  if ! iverilog -g2005 -Wall -o build/lint/mrpb.vvp ${c//-G/-Pmrpb.} -s mrpb "${rtl[@]}"; then
    echo "lint: icarus rejected mrpb ${c:-(defaults)}"; ok=0; rc=1
  fi
done
[ $ok = 1 ] && echo "lint: icarus ($(iverilog -V 2>/dev/null | head -n1 | cut -d' ' -f1-4)) accepts the RTL in ${#cfgs[@]} configurations"
for p in "" "chparam -set Drain 2 -set NumQ 8 mrpb;"; do
  if ! yosys -q -p "read_verilog -defer ${rtl[*]}; ${p} hierarchy -top mrpb; proc; check -assert; stat" >build/lint/yosys.log 2>&1; then
    echo "lint: yosys rejected the RTL (${p:-defaults}):"; tail -n 5 build/lint/yosys.log; rc=1
  fi
done
[ $rc = 0 ] && echo "lint: $(yosys -V | cut -d' ' -f1-2) accepts the RTL (hierarchy, proc, check -assert)"
# the `ifdef FORMAL properties elaborate (one pair of assertions per queue)
n=$(yosys -p "read_verilog -formal -DFORMAL ${rtl[*]}; hierarchy -top mrpb; proc; stat" 2>&1 |
    awk '$1 == "$assert" {print $2; exit}')
if [ "${n:-0}" -gt 0 ]; then echo "lint: yosys elaborates $n FORMAL assertions"; else echo "lint: FORMAL properties did not elaborate"; rc=1; fi
# ports: the wrapper generated from tb/ports/mrpb.def must connect every RTL port with
# the same width (a wide and a narrow qlen_o, a 6- and a 3-bit queue index)
make -s build/bin/portgen
for c in "" "NumQ=8,Sig=block,Policy=rr"; do
  build/bin/portgen mrpb --config "$c" --wrapper build/lint/mrpb_top.v --glue build/lint/glue.h
  if ! verilator --lint-only -Wall tb/lint/waivers.vlt build/lint/mrpb_top.v "${rtl[@]}" --top-module mrpb_top; then
    echo "lint: rtl/mrpb/mrpb.v ports differ from tb/ports/mrpb.def (${c:-defaults})"; rc=1
  fi
done
[ $rc = 0 ] && echo "lint: rtl/mrpb/mrpb.v ports match tb/ports/mrpb.def in 2 configurations"
exit $rc
