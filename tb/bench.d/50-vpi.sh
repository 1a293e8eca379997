#!/usr/bin/env bash
# 50-vpi.sh (run by tb/bin/bench.sh): what each path that checks RTL against the C model
# costs, in checked cycles per second of wall time, for each block of the block list on
# its manifest's BENCH_CONFIG with the lockstep engine's seeded stimulus: the C VPI
# checker under Icarus and under Verilator --vpi, and cocotb (test_random_stim) under
# each (cycle counts: BENCH_CYCLES_VPI_ICARUS, BENCH_CYCLES_VPI_VERILATOR,
# BENCH_CYCLES_COCOTB). Best of 3 runs; builds are not timed. Printed, never asserted.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
out=build/bench; mkdir -p "$out"
best() { # best CMD...: the highest "N cycles/s" of three runs
  for _ in 1 2 3; do "$@" 2>&1 | grep -o '[0-9]* cycles/s' | head -n1; done | sort -n | tail -n1 | cut -d' ' -f1
}
coco=$(python3 -c 'import cocotb; print(cocotb.__version__)')
: >"$out/vpi.txt"
for b in $(blocks); do
  manifest "$b"
  cfg_args "$BENCH_CONFIG"
  tb/vpi/run.sh --sim icarus "$b" "${CFG[@]}" --build-only >/dev/null
  tb/vpi/run.sh --sim verilator "$b" "${CFG[@]}" --build-only >/dev/null
  tb/cocotb/run.sh --sim icarus "$b" "${CFG[@]}" --build-only >/dev/null
  tb/cocotb/run.sh --sim verilator "$b" "${CFG[@]}" --build-only >/dev/null
  echo "${b^^} (${BENCH_CONFIG:-defaults}) over VPI and cocotb -- best of 3 runs each, cycles checked against the C model"
  vi=$(best tb/vpi/run.sh --sim icarus "$b" "${CFG[@]}" --seed 1 --cycles "$BENCH_CYCLES_VPI_ICARUS" --bench)
  vv=$(best tb/vpi/run.sh --sim verilator "$b" "${CFG[@]}" --seed 1 --cycles "$BENCH_CYCLES_VPI_VERILATOR" --bench)
  ci=$(best tb/cocotb/run.sh --sim icarus "$b" "${CFG[@]}" --seed 1 --cycles "$BENCH_CYCLES_COCOTB" --bench)
  cv=$(best tb/cocotb/run.sh --sim verilator "$b" "${CFG[@]}" --seed 1 --cycles "$BENCH_CYCLES_COCOTB" --bench)
  # the lockstep engine's rate from tb/bin/bench.sh, when it ran just before
  ls=$(sed -n 's/^summary: .* lockstep \([0-9.]*\) M\/s,.*/\1/p' "$out/$b.txt" 2>/dev/null | head -n1)
  [ -n "$ls" ] && ls=$(awk -v m="$ls" 'BEGIN { printf "%.0f", m * 1e6 }')
  {
    printf '  %-34s %12s\n' "path" "cycles/s"
    [ -n "$ls" ] && printf '  %-34s %12s\n' "Verilator lockstep (reference)" "$ls"
    printf '  %-34s %12s\n' "Verilator --vpi + C VPI checker" "$vv" "Icarus 11 + C VPI checker" "$vi" \
      "cocotb $coco + Verilator" "$cv" "cocotb $coco + Icarus" "$ci"
    awk -v b="$b" -v vv="$vv" -v vi="$vi" -v cv="$cv" -v ci="$ci" -v ls="${ls:-0}" 'BEGIN {
      if (ls > 0) printf "summary %s: vpi verilator %.2f M/s (%.0f%% of lockstep), vpi icarus %.1f K/s, cocotb verilator %.1f K/s, cocotb icarus %.1f K/s\n", b, vv/1e6, 100*vv/ls, vi/1e3, cv/1e3, ci/1e3
      else printf "summary %s: vpi verilator %.2f M/s, vpi icarus %.1f K/s, cocotb verilator %.1f K/s, cocotb icarus %.1f K/s\n", b, vv/1e6, vi/1e3, cv/1e3, ci/1e3 }'
  } | tee -a "$out/vpi.txt"
done
