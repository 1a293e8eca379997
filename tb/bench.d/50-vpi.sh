#!/usr/bin/env bash
# 50-vpi.sh (run by tb/bench.sh): what each path that checks RTL against the C model
# costs, in checked cycles per second of wall time, on MRPB's final configuration with
# the lockstep engine's seeded stimulus: the C VPI checker under Icarus and under
# Verilator --vpi, and cocotb (test_random_stim) under each. Best of 3 runs; builds are
# not timed. Printed, never asserted.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
out=build/bench; mkdir -p "$out"
tb/vpi/run.sh --sim icarus mrpb --preset final --build-only >/dev/null
tb/vpi/run.sh --sim verilator mrpb --preset final --build-only >/dev/null
tb/cocotb/run.sh --sim icarus mrpb --preset final --build-only >/dev/null
tb/cocotb/run.sh --sim verilator mrpb --preset final --build-only >/dev/null
echo "MRPB (preset final) over VPI and cocotb -- best of 3 runs each, cycles checked against the C model"
best() { # best CMD...: the highest "N cycles/s" of three runs
  for _ in 1 2 3; do "$@" 2>&1 | grep -o '[0-9]* cycles/s' | head -n1; done | sort -n | tail -n1 | cut -d' ' -f1
}
vi=$(best tb/vpi/run.sh --sim icarus mrpb --preset final --seed 1 --cycles 50000 --bench)
vv=$(best tb/vpi/run.sh --sim verilator mrpb --preset final --seed 1 --cycles 2000000 --bench)
ci=$(best tb/cocotb/run.sh --sim icarus mrpb --preset final --seed 1 --cycles 10000 --bench)
cv=$(best tb/cocotb/run.sh --sim verilator mrpb --preset final --seed 1 --cycles 10000 --bench)
# the lockstep engine's rate from tb/bench.sh, when it ran just before
ls=$(sed -n 's/^summary: .* lockstep \([0-9.]*\) M\/s,.*/\1/p' "$out/mrpb.txt" 2>/dev/null | head -n1)
[ -n "$ls" ] && ls=$(awk -v m="$ls" 'BEGIN { printf "%.0f", m * 1e6 }')
{
  printf '  %-34s %12s\n' "path" "cycles/s"
  [ -n "$ls" ] && printf '  %-34s %12s\n' "Verilator lockstep (reference)" "$ls"
  printf '  %-34s %12s\n' "Verilator --vpi + C VPI checker" "$vv" "Icarus 11 + C VPI checker" "$vi" \
    "cocotb $(python3 -c 'import cocotb; print(cocotb.__version__)') + Verilator" "$cv" \
    "cocotb $(python3 -c 'import cocotb; print(cocotb.__version__)') + Icarus" "$ci"
  awk -v vv="$vv" -v vi="$vi" -v cv="$cv" -v ci="$ci" -v ls="${ls:-0}" 'BEGIN {
    if (ls > 0) printf "summary: vpi verilator %.2f M/s (%.0f%% of lockstep), vpi icarus %.1f K/s, cocotb verilator %.1f K/s, cocotb icarus %.1f K/s\n", vv/1e6, 100*vv/ls, vi/1e3, cv/1e3, ci/1e3
    else printf "summary: vpi verilator %.2f M/s, vpi icarus %.1f K/s, cocotb verilator %.1f K/s, cocotb icarus %.1f K/s\n", vv/1e6, vi/1e3, cv/1e3, ci/1e3 }'
} | tee "$out/vpi.txt"
